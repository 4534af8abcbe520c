package compiler

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/roundtable-dev/roundtable/compiler/cueval"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/source"
	"github.com/roundtable-dev/roundtable/compiler/vcache"
)

// CacheDir, when set (check --cache), keeps validation results per file
// there, keyed by file name, content and schema hash.
var CacheDir string

// SetCache keeps parsed documents and validation results per file in dir
// ("" turns caching off).
func SetCache(dir string) {
	CacheDir = dir
	source.ParseCache = nil
	if dir != "" {
		source.ParseCache = func(display string) source.Cache {
			return vcache.OpenStore[source.Parsed](dir, "parse", display)
		}
	}
}

// validateAll validates a pack's documents on every core, a batch at a time
// (most documents take the native validator's microseconds, so a channel
// send per document would cost as much as the check). Results keep document
// order. With CacheDir, files whose bytes and schema are unchanged reuse
// their stored results.
func validateAll(s *cueval.Schema, p *Pack, docs []*source.Document) []diag.List {
	out := make([]diag.List, len(docs))
	todo := docs
	var cache *vcache.Cache
	type file struct {
		key        string
		start, end int
		hit        bool
	}
	var files []file
	if CacheDir != "" && p != nil && p.Set != nil {
		cache = vcache.Open(CacheDir, p.Dir+"\x00"+s.Hash())
		for i := 0; i < len(docs); {
			j := i
			for j < len(docs) && docs[j].File == docs[i].File {
				j++
			}
			files = append(files, file{key: vcache.Key(docs[i].File, p.Set.Source(docs[i].File)), start: i, end: j})
			i = j
		}
		var idx []int
		todo = nil
		for k, f := range files {
			if r, ok := cache.Get(f.key); ok && len(r) == f.end-f.start {
				copy(out[f.start:f.end], r)
				files[k].hit = true
				continue
			}
			for i := f.start; i < f.end; i++ {
				idx = append(idx, i)
				todo = append(todo, docs[i])
			}
		}
		res := validateParallel(s, p, todo)
		for k, i := range idx {
			out[i] = res[k]
		}
		for _, f := range files {
			if !f.hit {
				cache.Put(f.key, out[f.start:f.end])
			}
		}
		cache.Save()
		return out
	}
	return validateParallel(s, p, todo)
}

func validateParallel(s *cueval.Schema, p *Pack, docs []*source.Document) []diag.List {
	pre := p != nil && p.checkedBy == s
	const batch = 64
	out := make([]diag.List, len(docs))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for {
				start := int(next.Add(batch)) - batch
				if start >= len(docs) {
					return
				}
				for i := start; i < min(start+batch, len(docs)); i++ {
					if r, ok := docs[i].Checked(); ok && pre {
						out[i] = r // validated while loaded (precheck)
						continue
					}
					out[i] = s.Validate(docs[i])
				}
			}
		})
	}
	wg.Wait()
	return out
}
