package games

import (
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
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
	dirs = PackFolders(dirs)
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

// PackFolders expands the folders a user names into pack folders, as fmt
// reads them: a folder with a pack.yaml is one pack; a folder without one
// holds the packs below it, each folder with a pack.yaml (not searched
// below it), so `check content` checks every game's base pack on its own. A
// folder with no pack below it stays as given (check says it has no
// pack.yaml). Folders SearchSkips names are not searched.
func PackFolders(dirs []string) []string {
	var out []string
	for _, dir := range dirs {
		if _, err := os.Stat(filepath.Join(dir, "pack.yaml")); err == nil {
			out = append(out, dir)
			continue
		}
		var found []string
		_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return nil
			}
			if p != dir && SearchSkips(d.Name()) {
				return filepath.SkipDir
			}
			if fi, err := os.Lstat(filepath.Join(p, "pack.yaml")); err == nil && fi.Mode().IsRegular() {
				found = append(found, p)
				return filepath.SkipDir
			}
			return nil
		})
		if len(found) == 0 {
			found = []string{dir}
		}
		out = append(out, found...)
	}
	return out
}

// SearchSkips reports the folders a search for packs does not enter:
// hidden ones, testdata (Go's folder of test inputs: broken packs on
// purpose), node_modules, and vendor/ (locked packs, loaded by the lock).
func SearchSkips(name string) bool {
	return strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules" || name == packget.VendorDir
}

// PackRoots are the pack folders of a tree given as the slash paths of its
// files, as PackFolders finds them on disk: each folder with a pack.yaml
// that is below no other and below no folder SearchSkips names ("." for a
// pack at the root).
func PackRoots(files []string) []string {
	var roots []string
	for _, f := range files {
		if path.Base(f) != "pack.yaml" {
			continue
		}
		dir := path.Dir(f)
		if slices.ContainsFunc(strings.Split(dir, "/"), func(el string) bool { return el != "." && SearchSkips(el) }) {
			continue
		}
		roots = append(roots, dir)
	}
	slices.Sort(roots)
	// Keep the outermost: a pack.yaml inside a pack is that pack's content.
	var out []string
	for _, r := range roots {
		if !slices.ContainsFunc(out, func(o string) bool { return InFolder(r, o) }) {
			out = append(out, r)
		}
	}
	return out
}

// InFolder reports whether the slash path p is dir or below it ("." holds
// everything).
func InFolder(p, dir string) bool {
	return dir == "." || p == dir || strings.HasPrefix(p, dir+"/")
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
