package packget

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/source"
)

// Loaded is what the locks of some pack folders add to a check: the locked
// packs (from vendor/ or the cache), and the roots they are read through,
// open until Close.
type Loaded struct {
	Packs []*compiler.Pack
	Diags diag.List
	roots []*os.Root
	// refused are locked packs a diagnostic already refused.
	refused map[string]bool
}

// Roots are the folders of the locked packs, open; the caller closes
// them once done with the packs' sources.
func (l *Loaded) Roots() []*os.Root { return l.roots }

// LoadLocked loads the packs the roundtable.lock of each folder in dirs
// names, except ids in given (folders given win over a lock, as a replace
// does); the ids it loads are added to given.
func LoadLocked(l compiler.Loader, dirs []string, given map[string]bool) *Loaded {
	out := &Loaded{refused: map[string]bool{}}
	cache, _ := DefaultCache()
	for _, dir := range dirs {
		folders, refused, ds := Locked(dir, Cache{Dir: cache}, func(id string) bool { return given[id] })
		out.Diags = append(out.Diags, ds...)
		for _, id := range refused {
			out.refused[id] = true
		}
		for _, f := range folders {
			root, err := os.OpenRoot(f.Dir)
			if err != nil {
				out.Diags.Add(CodeNotFetched, diag.Pos{File: filepath.ToSlash(filepath.Join(dir, LockName))}, "cannot open locked pack %s: %v", f.ID, err)
				continue
			}
			out.roots = append(out.roots, root)
			p, ds := l.LoadPack(root.FS(), filepath.ToSlash(f.Dir))
			p.Fetched = true
			out.Diags = append(out.Diags, ds...)
			out.Packs = append(out.Packs, p)
			given[f.ID] = true
		}
	}
	return out
}

// Missing is a compiler.Loader's Missing for packs loaded with these
// locks: a pack a lock diagnostic refused is not reported missing too; a
// missing pack that a source is named for gets the hint to run get.
// sources gives the project's sources for a pack folder (roundtable.yaml).
func (l *Loaded) Missing(sources func(dir string) Sources) func(p *compiler.Pack, id string) (string, bool) {
	return func(p *compiler.Pack, id string) (string, bool) {
		if l.refused[id] {
			return "", false
		}
		if p.Doc == nil || p.Dir == "" {
			return "", true
		}
		srcs, _ := ReadSources(p.Doc.Field("sources"))
		if _, ok := srcs[id]; !ok {
			if sources == nil {
				return "", true
			}
			if _, ok := sources(p.Dir)[id]; !ok {
				return "", true
			}
		}
		return fmt.Sprintf("a source is given for %s but nothing is locked: run `roundtable get %s` to fetch it and write %s", id, p.Dir, LockName), true
	}
}

// SkipVendor leaves vendor/ out of a pack folder that has a lock: it holds
// the locked packs, loaded as packs of their own.
func SkipVendor(fsys fs.FS, dir string) fs.FS {
	if _, err := os.Stat(filepath.Join(dir, LockName)); err != nil {
		return fsys
	}
	return source.Skipping(fsys, func(name string, isDir bool) bool { return isDir && name == VendorDir })
}
