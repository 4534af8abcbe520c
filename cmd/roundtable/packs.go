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
	sets, diags, closeRoots, err := loadSetsOpen(dirs, "")
	closeRoots()
	return sets, diags, err
}

// loadSetsOpen is loadSets with a cache folder ("" none) that leaves the
// pack folders open until closeRoots is called: with a cache (check
// --cache), a file the cache vouched for is read only when its source lines
// are needed (source.Set.Source), after loading.
func loadSetsOpen(dirs []string, cacheDir string) (sets [][]*compiler.Pack, diags diag.List, closeRoots func(), err error) {
	var roots []*os.Root
	closeRoots = func() {
		for _, r := range roots {
			r.Close()
		}
	}
	defer func() {
		if err != nil {
			closeRoots()
		}
	}()
	var packs []*compiler.Pack
	if len(dirs) == 0 {
		for _, g := range compiler.Games() {
			p, ds := compiler.BasePackCached(g, cacheDir)
			diags = append(diags, ds...)
			packs = append(packs, p)
		}
	}
	for _, dir := range dirs {
		fi, err := os.Stat(dir)
		if err != nil {
			return nil, nil, closeRoots, usageErr("cannot read pack folder: %v", err)
		}
		if !fi.IsDir() {
			return nil, nil, closeRoots, usageErr("%s is not a folder; give the pack's folder (the one holding pack.yaml)", dir)
		}
		root, err := os.OpenRoot(dir)
		if err != nil {
			return nil, nil, closeRoots, usageErr("cannot open pack folder: %v", err)
		}
		roots = append(roots, root)
		p, ds := compiler.LoadPackCached(root.FS(), filepath.ToSlash(filepath.Clean(dir)), cacheDir)
		diags = append(diags, ds...)
		packs = append(packs, p)
	}
	sets, ds := compiler.OrderCached(packs, cacheDir)
	return sets, append(diags, ds...), closeRoots, nil
}
