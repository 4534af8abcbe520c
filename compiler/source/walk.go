package source

import (
	"io/fs"
	"path"
	"runtime"
	"strings"
	"unicode/utf8"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// walkFiles finds every YAML file under fsys as fs.WalkDir would (hidden
// files and folders skipped, and what a Filter skips; symbolic links
// resolved inside fsys, symlinked folders warned about), reading sub-folders on every core: reading a folder costs a
// stat per entry on file systems that do not report entry types, and at
// 10,000 files that serial walk was a third of a warm check. Diagnostics
// come in the order of the serial walk; files in any order (the caller
// sorts them), with their entries when keep.
func walkFiles(fsys fs.FS, show func(string) string, keep bool) ([]walked, diag.List) {
	var diags diag.List
	info, err := fs.Stat(fsys, ".")
	if err != nil {
		diags.Add(diag.CodeIO, diag.Pos{File: show(".")}, "cannot read: %v", trimErr(err))
		return nil, diags
	}
	if !info.IsDir() {
		return nil, nil
	}
	w := &walker{fsys: fsys, show: show, keep: keep, slots: make(chan struct{}, runtime.GOMAXPROCS(0)-1)}
	if f, ok := fsys.(*Filter); ok {
		w.fsys, w.skip = f.FS, f.Skip
	}
	r := w.dir(".")
	return r.flatten(make([]walked, 0, r.count()), nil)
}

type walker struct {
	fsys  fs.FS
	show  func(string) string
	keep  bool                             // keep the entries (to stat files); they hold a stat each on some systems
	skip  func(name string, dir bool) bool // Filter.Skip, or nil
	slots chan struct{}                    // goroutines that may read sub-folders
}

// dirResult is what a folder yields, in the serial walk's order: its own
// diagnostics and files, interleaved with its sub-folders'.
type dirResult struct {
	parts []*part
}

type part struct {
	diags diag.List
	files []walked
	sub   *dirResult
	done  chan struct{} // closed when sub is filled (read concurrently)
}

func (w *walker) dir(p string) *dirResult {
	r := &dirResult{}
	cur := &part{}
	flush := func() {
		if len(cur.diags) > 0 || len(cur.files) > 0 {
			r.parts = append(r.parts, cur)
		}
		cur = &part{files: cur.files[len(cur.files):]} // the rest of the room
	}
	ents, ok := readDirStat(w.fsys, p)
	if !ok {
		ds, err := fs.ReadDir(w.fsys, p)
		if err != nil {
			cur.diags.Add(diag.CodeIO, diag.Pos{File: w.show(p)}, "cannot read: %v", trimErr(err))
		}
		ents = make([]dirEnt, len(ds))
		for i, d := range ds {
			ents[i] = dirEnt{name: d.Name(), typ: d.Type(), d: d}
		}
	}
	cur.files = make([]walked, 0, len(ents))
	for _, d := range ents {
		name := path.Join(p, d.name)
		if strings.HasPrefix(d.name, ".") {
			// Hidden files and folders are not content (.git,
			// .pre-commit-config.yaml, .github/workflows).
			continue
		}
		if w.skip != nil && w.skip(name, d.typ.IsDir()) {
			continue
		}
		if !utf8.ValidString(d.name) && (d.typ.IsDir() || isYAML(d.name)) {
			// An fs.FS opens no such path ("invalid argument").
			cur.diags.Add(diag.CodeIO, diag.Pos{File: w.show(name)}, "cannot read: the file name is not valid UTF-8").Hint = "rename it"
			continue
		}
		switch {
		case d.typ&fs.ModeSymlink != 0:
			if target, abs, ok := linkTarget(w.fsys, name, &cur.diags, w.show(name)); ok {
				if fi, err := fs.Stat(w.fsys, target); err == nil && fi.IsDir() {
					cur.diags.Add(diag.CodeSymlinkDir, diag.Pos{File: w.show(name)}, "symlinked folder is not followed; link the files or move the folder into the pack")
				} else if isYAML(name) {
					f := walked{path: name}
					if abs {
						f.target = target
					}
					cur.files = append(cur.files, f)
				}
			}
		case d.typ.IsDir():
			flush()
			sub := &part{done: make(chan struct{})}
			select {
			case w.slots <- struct{}{}:
				go func() {
					defer func() { <-w.slots }()
					sub.sub = w.dir(name)
					close(sub.done)
				}()
			default:
				sub.sub = w.dir(name)
				close(sub.done)
			}
			r.parts = append(r.parts, sub)
		case isYAML(name):
			f := walked{path: name, st: d.st, hasStat: d.hasStat}
			if w.keep && !d.hasStat {
				f.d = d.d
			}
			cur.files = append(cur.files, f)
		}
	}
	flush()
	return r
}

// dirEnt is an entry of a folder: from readDirStat, with the stat of a
// regular file, or from fs.ReadDir (d).
type dirEnt struct {
	name    string
	typ     fs.FileMode // type bits
	d       fs.DirEntry
	st      Stat
	hasStat bool
}

// count waits for every sub-folder and counts the files.
func (r *dirResult) count() int {
	n := 0
	for _, pt := range r.parts {
		if pt.done != nil {
			<-pt.done
			n += pt.sub.count()
		}
		n += len(pt.files)
	}
	return n
}

// flatten waits for every sub-folder and appends in walk order.
func (r *dirResult) flatten(files []walked, diags diag.List) ([]walked, diag.List) {
	for _, pt := range r.parts {
		if pt.done != nil {
			<-pt.done
			files, diags = pt.sub.flatten(files, diags)
			continue
		}
		files = append(files, pt.files...)
		diags = append(diags, pt.diags...)
	}
	return files, diags
}

// Filter is a pack's file system with what its walk leaves out: a
// project's ignore globs (roundtable.yaml). Skip gets a path relative to
// the pack's root (slash-separated) and whether it is a folder. Reading
// goes to FS unchanged.
type Filter struct {
	fs.FS
	Skip func(name string, dir bool) bool
}

// Skipping is fsys with skip left out too: a Filter's own Skip joined
// with skip (the loader reads one Filter, so filters do not nest).
func Skipping(fsys fs.FS, skip func(name string, dir bool) bool) fs.FS {
	if f, ok := fsys.(*Filter); ok {
		inner := f.Skip
		return &Filter{FS: f.FS, Skip: func(name string, dir bool) bool { return skip(name, dir) || inner(name, dir) }}
	}
	return &Filter{FS: fsys, Skip: skip}
}

// Stat, ReadLink and Lstat keep what FS offers (os.Root's FS resolves
// links inside the root only).
func (f *Filter) Stat(name string) (fs.FileInfo, error)  { return fs.Stat(f.FS, name) }
func (f *Filter) ReadLink(name string) (string, error)   { return fs.ReadLink(f.FS, name) }
func (f *Filter) Lstat(name string) (fs.FileInfo, error) { return fs.Lstat(f.FS, name) }
