package lsp

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"time"
)

// A pack folder as the compiler sees it while the server runs: the files
// and stats of the last scan of the disk (scanDir), with the editor's
// unsaved buffers laid over them. The compiler's cache (check --cache)
// decides from a file's stat whether to read it again, so an overlaid file
// reports its buffer's size and the time of its last edit, and a file on
// disk the stat of the last scan: a keystroke costs no system call per
// file, only the scan (in the background, see workspace.poll) does.

// diskFile is one entry of a scanned folder.
type diskFile struct {
	name string // base name
	mode fs.FileMode
	info fs.FileInfo // nil for folders
}

// diskScan is a folder tree as scanned: folder path ("." the root) →
// entries sorted by name.
type diskScan map[string][]diskFile

// scanDir lists dir and every sub-folder (hidden ones skipped, as the
// loader skips them, and those skip names: what the pack's roundtable.yaml
// ignores), with a stat of every YAML file.
func scanDir(root *os.Root, skip func(name string, dir bool) bool) (diskScan, error) {
	out := diskScan{}
	var walk func(p string) error
	walk = func(p string) error {
		f, err := root.Open(p)
		if err != nil {
			return err
		}
		names, err := f.Readdirnames(-1)
		f.Close()
		if err != nil {
			return err
		}
		slices.Sort(names)
		ents := make([]diskFile, 0, len(names))
		for _, n := range names {
			name := path.Join(p, n)
			fi, err := root.Lstat(name)
			if err != nil {
				continue // removed since listed
			}
			switch {
			case fi.IsDir():
				if strings.HasPrefix(n, ".") || skip != nil && skip(name, true) {
					continue
				}
				ents = append(ents, diskFile{name: n, mode: fs.ModeDir})
				if err := walk(name); err != nil {
					return err
				}
			case fi.Mode()&fs.ModeSymlink != 0:
				ents = append(ents, diskFile{name: n, mode: fs.ModeSymlink, info: fi})
			case fi.Mode().IsRegular() && isYAML(n):
				ents = append(ents, diskFile{name: n, info: fi})
			}
		}
		out[p] = ents
		return nil
	}
	return out, walk(".")
}

// same reports whether two scans list the same files with the same stats.
func (s diskScan) same(o diskScan) bool {
	if len(s) != len(o) {
		return false
	}
	for dir, ents := range s {
		oe, ok := o[dir]
		if !ok || len(oe) != len(ents) {
			return false
		}
		for i, e := range ents {
			f := oe[i]
			if e.name != f.name || e.mode != f.mode || (e.info == nil) != (f.info == nil) {
				return false
			}
			if e.info != nil && (e.info.Size() != f.info.Size() || !e.info.ModTime().Equal(f.info.ModTime())) {
				return false
			}
		}
	}
	return true
}

// buffer is an editor's text of a file, with the time of its last edit.
type buffer struct {
	text  []byte
	mtime time.Time
}

// packFS serves a scan with buffers laid over it; files are read from
// root. It is an fs.FS, fs.ReadDirFS, fs.StatFS and fs.ReadLinkFS.
type packFS struct {
	root *os.Root
	scan diskScan
	ents map[string][]fs.DirEntry // the scan's folders as entries (listing)
	bufs map[string]buffer        // by slash path relative to the folder
}

// listing makes the entries of every folder of a scan, once per scan.
func listing(scan diskScan) map[string][]fs.DirEntry {
	out := make(map[string][]fs.DirEntry, len(scan))
	for dir, ents := range scan {
		l := make([]fs.DirEntry, 0, len(ents))
		for _, e := range ents {
			if e.info == nil {
				l = append(l, fs.FileInfoToDirEntry(dirInfo{name: e.name}))
			} else {
				l = append(l, fs.FileInfoToDirEntry(e.info))
			}
		}
		out[dir] = l
	}
	return out
}

func (p *packFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if b, ok := p.bufs[name]; ok {
		return &bufFile{Reader: bytes.NewReader(b.text), info: bufInfo{name: path.Base(name), size: int64(len(b.text)), mtime: b.mtime}}, nil
	}
	if ents, ok := p.scan[name]; ok {
		return &dirFile{name: name, ents: p.dirEntries(name, ents)}, nil
	}
	return p.root.Open(name)
}

func (p *packFS) ReadDir(name string) ([]fs.DirEntry, error) {
	ents, ok := p.scan[name]
	if !ok {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	return p.dirEntries(name, ents), nil
}

// dirEntries lists a folder: the scan's entries, buffers in place of the
// files they overlay, and buffers of files created since the scan.
func (p *packFS) dirEntries(dir string, ents []diskFile) []fs.DirEntry {
	hasBuf := false
	for name := range p.bufs {
		if path.Dir(name) == dir {
			hasBuf = true
			break
		}
	}
	if l, ok := p.ents[dir]; ok && !hasBuf {
		return l
	}
	out := make([]fs.DirEntry, 0, len(ents)+1)
	seen := map[string]bool{}
	for _, e := range ents {
		name := path.Join(dir, e.name)
		if b, ok := p.bufs[name]; ok {
			out = append(out, fs.FileInfoToDirEntry(bufInfo{name: e.name, size: int64(len(b.text)), mtime: b.mtime}))
			seen[e.name] = true
			continue
		}
		if e.info == nil {
			out = append(out, fs.FileInfoToDirEntry(dirInfo{name: e.name}))
		} else {
			out = append(out, fs.FileInfoToDirEntry(e.info))
		}
	}
	added := false
	for name, b := range p.bufs {
		if path.Dir(name) == dir && !seen[path.Base(name)] {
			out = append(out, fs.FileInfoToDirEntry(bufInfo{name: path.Base(name), size: int64(len(b.text)), mtime: b.mtime}))
			added = true
		}
	}
	if added {
		slices.SortFunc(out, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	}
	return out
}

func (p *packFS) Stat(name string) (fs.FileInfo, error) {
	if b, ok := p.bufs[name]; ok {
		return bufInfo{name: path.Base(name), size: int64(len(b.text)), mtime: b.mtime}, nil
	}
	if _, ok := p.scan[name]; ok {
		return dirInfo{name: path.Base(name)}, nil
	}
	dir, base := path.Split(name)
	dir = strings.TrimSuffix(dir, "/")
	if dir == "" {
		dir = "."
	}
	for _, e := range p.scan[dir] {
		if e.name == base && e.info != nil && e.mode&fs.ModeSymlink == 0 {
			return e.info, nil
		}
	}
	return p.root.Stat(name)
}

func (p *packFS) ReadLink(name string) (string, error) { return p.root.Readlink(name) }

func (p *packFS) Lstat(name string) (fs.FileInfo, error) {
	if b, ok := p.bufs[name]; ok {
		return bufInfo{name: path.Base(name), size: int64(len(b.text)), mtime: b.mtime}, nil
	}
	return p.root.Lstat(name)
}

type bufFile struct {
	*bytes.Reader
	info bufInfo
}

func (f *bufFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *bufFile) Close() error               { return nil }

type bufInfo struct {
	name  string
	size  int64
	mtime time.Time
}

func (i bufInfo) Name() string       { return i.name }
func (i bufInfo) Size() int64        { return i.size }
func (i bufInfo) Mode() fs.FileMode  { return 0o644 }
func (i bufInfo) ModTime() time.Time { return i.mtime }
func (i bufInfo) IsDir() bool        { return false }
func (i bufInfo) Sys() any           { return nil }

type dirInfo struct{ name string }

func (i dirInfo) Name() string       { return i.name }
func (i dirInfo) Size() int64        { return 0 }
func (i dirInfo) Mode() fs.FileMode  { return fs.ModeDir | 0o755 }
func (i dirInfo) ModTime() time.Time { return time.Time{} }
func (i dirInfo) IsDir() bool        { return true }
func (i dirInfo) Sys() any           { return nil }

type dirFile struct {
	name string
	ents []fs.DirEntry
	off  int
}

func (d *dirFile) Stat() (fs.FileInfo, error) { return dirInfo{name: path.Base(d.name)}, nil }
func (d *dirFile) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.name, Err: fs.ErrInvalid}
}
func (d *dirFile) Close() error { return nil }
func (d *dirFile) ReadDir(n int) ([]fs.DirEntry, error) {
	rest := d.ents[d.off:]
	if n <= 0 {
		d.off = len(d.ents)
		return rest, nil
	}
	if len(rest) == 0 {
		return nil, io.EOF
	}
	k := min(n, len(rest))
	d.off += k
	return rest[:k], nil
}

func isYAML(name string) bool {
	ext := path.Ext(name)
	return strings.EqualFold(ext, ".yaml") || strings.EqualFold(ext, ".yml")
}
