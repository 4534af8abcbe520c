package check

import (
	"fmt"
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

// Loaded is what Load read: the packs grouped per game in dependency
// order (compiler.Order), the loader's diagnostics, and the project
// config that governs each pack folder.
type Loaded struct {
	Sets  [][]*compiler.Pack
	Diags diag.List
	// configs are the configs found, by pack folder as displayed.
	configs map[string]found
	read    func(string) ([]byte, error)
	roots   []*os.Root
}

// found is the outcome of one project.Lookup.
type found struct {
	cfg   *project.Config
	diags diag.List
}

// Close closes the pack folders opened on disk: with a cache, the source
// lines of a file the cache vouched for are read from them on demand
// (source.Set.Source), so a report is printed before it is closed.
func (l *Loaded) Close() {
	for _, r := range l.roots {
		r.Close()
	}
	l.roots = nil
}

// config is the roundtable.yaml governing a pack folder (display path),
// looked up once per folder.
func (l *Loaded) config(dir string) found {
	if f, ok := l.configs[dir]; ok {
		return f
	}
	c, ds := project.Lookup(dir, l.read)
	f := found{c, ds}
	l.configs[dir] = f
	return f
}

// Load loads the sources (with none, every game's embedded base pack) as
// check reads them: a folder on disk that holds no pack.yaml is the packs
// below it (PackFolders); each pack leaves out what its roundtable.yaml
// ignores, the config itself and vendor/ beside a lock; the packs each
// folder's roundtable.lock names come from vendor/ or the pack cache,
// hash-checked (a folder given wins over a locked pack); and the packs
// are ordered with the embedded base packs they require. The error is a
// folder that cannot be read (a usage error).
func Load(in Input) (l *Loaded, err error) {
	l = &Loaded{configs: map[string]found{}, read: in.ReadFile}
	opened := l // the error returns below give a nil l: close what was opened
	defer func() {
		if err != nil {
			opened.Close()
		}
	}()
	ld := in.Loader
	var packs []*compiler.Pack
	if len(in.Sources) == 0 {
		for _, g := range compiler.Games() {
			p, ds := ld.BasePack(g)
			l.Diags = append(l.Diags, ds...)
			packs = append(packs, p)
		}
	}
	loaded := map[string]bool{}
	var dirs []string
	for _, s := range expand(in.Sources) {
		fsys := s.FS
		if fsys == nil {
			fi, err := os.Stat(s.Dir)
			if err != nil {
				return nil, fmt.Errorf("cannot read pack folder: %v", err)
			}
			if !fi.IsDir() {
				return nil, fmt.Errorf("%s is not a folder; give the pack's folder (the one holding pack.yaml)", s.Dir)
			}
			root, err := os.OpenRoot(s.Dir)
			if err != nil {
				return nil, fmt.Errorf("cannot open pack folder: %v", err)
			}
			l.roots = append(l.roots, root)
			fsys = root.FS()
		}
		display := filepath.ToSlash(filepath.Clean(s.Dir))
		cfg := l.config(display).cfg
		p, ds := ld.LoadPack(Content(fsys, s.Dir, cfg), display)
		l.Diags = append(l.Diags, ds...)
		packs = append(packs, p)
		loaded[p.ID] = true
		dirs = append(dirs, s.Dir)
	}
	locked := packget.LoadLocked(ld, dirs, loaded)
	l.roots = append(l.roots, locked.Roots()...)
	l.Diags = append(l.Diags, locked.Diags...)
	packs = append(packs, locked.Packs...)
	if ld.Missing == nil {
		ld.Missing = locked.Missing(func(dir string) packget.Sources {
			if c := l.config(dir).cfg; c != nil {
				return c.Sources
			}
			return nil
		})
	}
	sets, ds := ld.Order(packs)
	l.Sets = sets
	l.Diags = append(l.Diags, ds...)
	return l, nil
}

// Content is a pack folder's files as a check reads them: without what
// its roundtable.yaml ignores (cfg, nil none), the config itself, and
// vendor/ beside a lock (the locked packs, loaded as packs of their own).
func Content(fsys fs.FS, dir string, cfg *project.Config) fs.FS {
	return packget.SkipVendor(cfg.Filter(fsys, dir), dir)
}

// expand replaces each folder on disk that holds no pack.yaml by the pack
// folders below it (PackFolders); a source with a file system is one pack.
func expand(srcs []Source) []Source {
	var out []Source
	for _, s := range srcs {
		if s.FS != nil {
			out = append(out, s)
			continue
		}
		for _, d := range PackFolders([]string{s.Dir}) {
			out = append(out, Source{Dir: d})
		}
	}
	return out
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

// InFolder reports whether the slash path p is dir or below it ("." and
// "" hold everything).
func InFolder(p, dir string) bool {
	return dir == "." || dir == "" || p == dir || strings.HasPrefix(p, strings.TrimSuffix(dir, "/")+"/")
}
