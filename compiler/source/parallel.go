package source

import (
	"errors"
	"io/fs"
	"runtime"
	"slices"
	"sync"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// loadFiles reads and parses files on every core; the result is the same as
// reading them one by one in order: documents and diagnostics keep file
// order. With a cache, unchanged files are taken from it (LoadCached).
func loadFiles(fsys fs.FS, files []walked, show func(string) string, set *Set, diags *diag.List, check Check, cache Store) {
	type result struct {
		name  string
		data  []byte
		key   string
		entry *Entry
		docs  []*Document
		diags diag.List
		read  bool
		lazy  bool
		// ignores are the file's suppression comments (scanIgnores)
		ignores string
	}
	out := make([]result, len(files))
	var wg sync.WaitGroup
	var next sync.Mutex
	i := 0
	for range min(runtime.GOMAXPROCS(0), len(files)) {
		wg.Go(func() {
			var kept []*Entry // kept in one call: Keep takes a lock
			var arena docArena
			defer func() {
				if len(kept) > 0 {
					cache.KeepAll(kept)
				}
			}()
			for {
				next.Lock()
				j := i
				i++
				next.Unlock()
				if j >= len(files) {
					return
				}
				r := &out[j]
				name := show(files[j].path)
				st := Stat{Size: -1} // matches no entry
				// A file the walk did not stat as regular (a symbolic
				// link, a named pipe, a device, a listing without stats)
				// is stat'ed before it is opened: opening a named pipe
				// waits for a writer forever.
				var fi fs.FileInfo
				var serr error
				if !files[j].hasStat {
					if fi, serr = stat(fsys, files[j].file(), files[j].d); serr == nil && !fi.Mode().IsRegular() {
						r.diags.Add(diag.CodeIO, diag.Pos{File: name}, "cannot read: not a regular file")
						continue
					}
				}
				var old *Entry
				if cache != nil {
					old = cache.OldAt(name, j)
					// Stat before reading: a write after the stat changes
					// the stat the next run sees.
					if files[j].hasStat {
						st = files[j].st
					} else if serr == nil {
						st = StatOf(fi)
					}
					if serr == nil {
						if old != nil && old.Stat == st && !cache.Racy(st) {
							r.name, r.key, r.lazy, r.entry = name, old.Key, true, old
							r.docs, r.diags = arena.entryDocs(name, old), old.Load
							r.ignores = old.Ignores
							kept = append(kept, old)
							continue
						}
					}
				}
				data, err := readLimited(fsys, files[j].file())
				if err != nil {
					if errors.Is(err, errTooLarge) {
						r.diags.Add(diag.CodeTooLarge, diag.Pos{File: name}, "file is larger than %d bytes; not parsed", MaxFileSize).Hint = tooLargeHint
					} else {
						r.diags.Add(diag.CodeIO, diag.Pos{File: name}, "cannot read: %v", trimErr(err))
					}
					continue
				}
				r.name, r.data, r.read = name, data, true
				r.ignores = scanIgnores(data)
				if cache == nil {
					r.docs, r.diags = parseWith(name, data, true, check)
					continue
				}
				r.key = Key(name, data)
				if old != nil && old.Key == r.key {
					e := *old
					e.Stat = st
					e.Ignores = r.ignores // a cache written by a build that stored none
					r.docs, r.diags, r.entry = entryDocs(name, &e), e.Load, &e
					if e.Stat != old.Stat || st.Mtime < cache.Started()-RacyMargin {
						// Stored again: the new stat, or a racily clean
						// entry that the new scan time makes clean.
						cache.Put(&e)
					} else {
						cache.Keep(&e)
					}
					continue
				}
				// Trees kept for newEntry, which encodes them.
				r.docs, r.diags = parseWith(name, data, false, check)
				r.entry = newEntry(name, st, r.key, r.docs, r.diags)
				r.entry.Ignores = r.ignores
				cache.Put(r.entry)
			}
		})
	}
	wg.Wait()
	if len(set.Files) == 0 {
		set.Files = make(map[string][]byte, len(out))
	}
	if set.lazy != nil && len(set.lazy) == 0 {
		set.lazy = make(map[string]string, len(out))
	}
	ndocs := 0
	for _, r := range out {
		ndocs += len(r.docs)
	}
	set.Docs = slices.Grow(set.Docs, ndocs)
	set.Names = make([]string, 0, len(out))
	if cache != nil {
		set.Entries = make([]*Entry, 0, len(out))
	}
	for j, r := range out {
		switch {
		case r.read:
			set.Files[r.name] = r.data // the documents' File string, not a copy
			set.Names = append(set.Names, r.name)
		case r.lazy:
			set.Files[r.name] = nil
			set.lazy[r.name] = files[j].file()
			set.Names = append(set.Names, r.name)
		}
		if cache != nil && (r.read || r.lazy) {
			set.Entries = append(set.Entries, r.entry)
		}
		if r.ignores != "" {
			if set.Ignores == nil {
				set.Ignores = map[string]string{}
			}
			set.Ignores[r.name] = r.ignores
		}
		set.Docs = append(set.Docs, r.docs...)
		*diags = append(*diags, r.diags...)
	}
}

// stat returns a file's info: from its walk entry (one lstat) when it is a
// regular file, else through fsys (a symbolic link's target).
func stat(fsys fs.FS, p string, d fs.DirEntry) (fs.FileInfo, error) {
	if d != nil && d.Type().IsRegular() {
		return d.Info()
	}
	return fs.Stat(fsys, p)
}
