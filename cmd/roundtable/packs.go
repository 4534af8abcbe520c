package main

import (
	"os"
	"path/filepath"
	"slices"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// loadSets loads pack folders (or, with none, every game's embedded base
// pack) and groups them per game, base packs first. A folder whose pack id is
// a base pack's replaces the embedded one; a pack that requires an embedded
// base pack gets it.
func loadSets(dirs []string) ([][]*compiler.Pack, diag.List, error) {
	var diags diag.List
	var packs []*compiler.Pack
	if len(dirs) == 0 {
		for _, g := range compiler.Games() {
			p, ds := compiler.BasePack(g)
			diags = append(diags, ds...)
			packs = append(packs, p)
		}
	}
	for _, dir := range dirs {
		fi, err := os.Stat(dir)
		if err != nil {
			return nil, nil, usageErr("cannot read pack folder: %v", err)
		}
		if !fi.IsDir() {
			return nil, nil, usageErr("%s is not a folder; give the pack's folder (the one holding pack.yaml)", dir)
		}
		root, err := os.OpenRoot(dir)
		if err != nil {
			return nil, nil, usageErr("cannot open pack folder: %v", err)
		}
		defer root.Close()
		p, ds := compiler.LoadPack(root.FS(), filepath.ToSlash(filepath.Clean(dir)))
		diags = append(diags, ds...)
		packs = append(packs, p)
	}
	// Group by game, adding required embedded base packs.
	byGame := map[*compiler.Game][]*compiler.Pack{}
	var order []*compiler.Game
	var orphans []*compiler.Pack
	for _, p := range packs {
		if p.Game == nil {
			orphans = append(orphans, p)
			continue
		}
		if _, ok := byGame[p.Game]; !ok {
			order = append(order, p.Game)
		}
		byGame[p.Game] = append(byGame[p.Game], p)
	}
	var sets [][]*compiler.Pack
	for _, g := range order {
		set := byGame[g]
		base, ds := compiler.BasePack(g)
		given := slices.ContainsFunc(set, func(p *compiler.Pack) bool { return p.ID == base.ID })
		needed := slices.ContainsFunc(set, func(p *compiler.Pack) bool { _, ok := p.Requires[base.ID]; return ok })
		if !given && needed {
			diags = append(diags, ds...)
			set = append([]*compiler.Pack{base}, set...)
		}
		sets = append(sets, set)
	}
	for _, p := range orphans {
		sets = append(sets, []*compiler.Pack{p})
	}
	return sets, diags, nil
}
