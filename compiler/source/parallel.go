package source

import (
	"crypto/sha256"
	"errors"
	"io/fs"
	"runtime"
	"sync"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// loadFiles reads and parses files on every core; the result is the same as
// reading them one by one in order: documents and diagnostics keep file order.
func loadFiles(fsys fs.FS, display string, files []string, show func(string) string, set *Set, diags *diag.List, check Check) {
	var cache Cache
	if ParseCache != nil {
		cache = ParseCache(display)
	}
	type result struct {
		name  string
		data  []byte
		docs  []*Document
		diags diag.List
		read  bool
	}
	out := make([]result, len(files))
	var wg sync.WaitGroup
	var next sync.Mutex
	i := 0
	for range min(runtime.GOMAXPROCS(0), len(files)) {
		wg.Go(func() {
			for {
				next.Lock()
				j := i
				i++
				next.Unlock()
				if j >= len(files) {
					return
				}
				r := &out[j]
				name := show(files[j])
				data, err := readLimited(fsys, files[j])
				if err != nil {
					if errors.Is(err, errTooLarge) {
						r.diags.Add(diag.CodeTooLarge, diag.Pos{File: name}, "file is larger than %d bytes; not parsed", MaxFileSize)
					} else {
						r.diags.Add(diag.CodeIO, diag.Pos{File: name}, "cannot read: %v", trimErr(err))
					}
					continue
				}
				r.name, r.data, r.read = name, data, true
				if cache != nil {
					r.docs, r.diags = parseCached(cache, cacheKey(name, data), name, data, check)
				} else {
					r.docs, r.diags = parseWith(name, data, true, check)
				}
			}
		})
	}
	wg.Wait()
	if cache != nil {
		cache.Save()
	}
	for _, r := range out {
		if r.read {
			set.Files[r.name] = r.data // the documents' File string, not a copy
		}
		set.Docs = append(set.Docs, r.docs...)
		*diags = append(*diags, r.diags...)
	}
}

func cacheKey(name string, data []byte) string {
	h := sha256.New()
	h.Write([]byte(name))
	h.Write([]byte{0})
	h.Write(data)
	return string(h.Sum(nil))
}
