package games

import (
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/packget"
	"github.com/roundtable-dev/roundtable/compiler/project"
)

// LoadSets loads pack folders (or, with none, every game's embedded base
// pack) and groups them per game in dependency order (compiler.Order). A
// folder whose pack id is a base pack's replaces the embedded one; a pack
// that requires an embedded base pack gets it.
func LoadSets(dirs []string) ([][]*compiler.Pack, diag.List, error) {
	sets, diags, closeRoots, err := LoadSetsOpen(dirs, compiler.Loader{})
	closeRoots()
	return sets, diags, err
}

// LoadSetsOpen is LoadSets with a loader (its cache is check --cache's)
// that leaves the pack folders open until closeRoots is called: with a
// cache, a file the cache vouched for is read only when its source lines
// are needed (source.Set.Source), after loading.
func LoadSetsOpen(dirs []string, l compiler.Loader) (sets [][]*compiler.Pack, diags diag.List, closeRoots func(), err error) {
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
			p, ds := l.BasePack(g)
			diags = append(diags, ds...)
			packs = append(packs, p)
		}
	}
	loaded := map[string]bool{}
	for _, dir := range dirs {
		fi, err := os.Stat(dir)
		if err != nil {
			return nil, nil, closeRoots, Usage("cannot read pack folder: %v", err)
		}
		if !fi.IsDir() {
			return nil, nil, closeRoots, Usage("%s is not a folder; give the pack's folder (the one holding pack.yaml)", dir)
		}
		root, err := os.OpenRoot(dir)
		if err != nil {
			return nil, nil, closeRoots, Usage("cannot open pack folder: %v", err)
		}
		roots = append(roots, root)
		// roundtable.yaml's ignore globs; its problems are check's to report.
		cfg, _ := project.Find(dir)
		p, ds := l.LoadPack(packget.SkipVendor(cfg.Filter(root.FS(), dir), dir), filepath.ToSlash(filepath.Clean(dir)))
		diags = append(diags, ds...)
		packs = append(packs, p)
		loaded[p.ID] = true
	}
	// The packs each folder's roundtable.lock names, from vendor/ or the
	// pack cache, hash-checked; a folder given wins over a locked pack.
	locked := packget.LoadLocked(l, dirs, loaded)
	roots = append(roots, locked.Roots()...)
	diags = append(diags, locked.Diags...)
	packs = append(packs, locked.Packs...)
	if l.Missing == nil {
		l.Missing = locked.Missing(func(dir string) packget.Sources {
			cfg, _ := project.Find(dir)
			if cfg == nil {
				return nil
			}
			return cfg.Sources
		})
	}
	sets, ds := l.Order(packs)
	return sets, append(diags, ds...), closeRoots, nil
}

// Sources finds the bytes of a file among compiled results, for printing
// source lines under diagnostics.
func Sources(results []*compiler.Result) diag.Sources {
	return func(file string) []byte {
		for _, r := range results {
			if b := r.Sources(file); b != nil {
				return b
			}
		}
		return nil
	}
}

// Rules is the game's ruleset: its base content when dirs is empty;
// otherwise the pack folders compiled (with the embedded base packs they
// require). Content errors are printed to w (as text) and reported as
// ErrContent.
func (g *Game) Rules(dirs []string, w io.Writer) (any, error) {
	if len(dirs) == 0 {
		return g.Base(), nil
	}
	sets, diags, err := LoadSets(dirs)
	if err != nil {
		return nil, err
	}
	var rs any
	var results []*compiler.Result
	for _, set := range sets {
		res, ds := compiler.Compile(set)
		diags = append(diags, ds...)
		results = append(results, res)
		if res.Game != nil && res.Game.ID == g.ID && res.Ruleset != nil {
			rs = res.Ruleset
		}
	}
	diags = diags.Sort().Fold()
	if diags.Errors() > 0 {
		_ = diag.Print(w, "text", diags, Sources(results))
		return nil, ErrContent
	}
	if rs == nil {
		return nil, Usage("no %s pack among %s", g.ID, strings.Join(dirs, ", "))
	}
	return rs, nil
}
