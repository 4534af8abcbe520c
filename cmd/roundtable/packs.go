package main

import (
	"os"
	"path/filepath"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// loadSets loads pack folders (or, with none, every game's embedded base
// pack) and groups them per game in dependency order (compiler.Order). A
// folder whose pack id is a base pack's replaces the embedded one; a pack
// that requires an embedded base pack gets it.
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
	sets, ds := compiler.Order(packs)
	return sets, append(diags, ds...), nil
}
