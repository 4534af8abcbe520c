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

// CacheDir, when set (check --cache), keeps per pack what a check learned
// about each file (vcache) and the outcome of link and Build (cutoff.go).
var CacheDir string

// SetCache keeps parsed documents, validation results and link and Build
// outcomes in dir ("" turns caching off). Only check turns it on: a
// compile with a cache may replay link and Build (Result.Replayed) and
// then has no ruleset.
func SetCache(dir string) { CacheDir = dir }

// openCache opens the cache of a pack folder validated with schema (nil
// when the game is not known before loading).
func openCache(display string, embedded bool, schema *cueval.Schema) (*vcache.Pack, string) {
	if CacheDir == "" {
		return nil, ""
	}
	hash := ""
	if schema != nil {
		hash = schema.Hash()
	}
	scope := display + "\x00" + hash
	if embedded {
		scope = "embedded\x00" + scope
	}
	return vcache.Open(CacheDir, scope), hash
}

// validateAll validates a pack's documents on every core, a batch at a time
// (most documents take the native validator's microseconds, so a channel
// send per document would cost as much as the check). Results keep document
// order. With a cache made with this schema, files whose cache entry holds
// validation results reuse them, and new results are stored.
func validateAll(s *cueval.Schema, p *Pack, docs []*source.Document) []diag.List {
	var cache *vcache.Pack
	if p != nil && p.Set != nil && p.Set.Cache != nil && p.cacheSchema == s.Hash() {
		cache = p.Set.Cache
	}
	if cache == nil {
		return validateParallel(s, p, docs)
	}
	out := make([]diag.List, len(docs))
	type file struct {
		entry      *vcache.Entry
		start, end int
		hit        bool
	}
	var files []file
	var todo []*source.Document
	var idx []int
	for i := 0; i < len(docs); {
		j := i
		for j < len(docs) && docs[j].File == docs[i].File {
			j++
		}
		f := file{entry: cache.Current(docs[i].File), start: i, end: j}
		if e := f.entry; e != nil && e.HasValid && len(e.Valid) == j-i {
			copy(out[i:j], e.Valid)
			f.hit = true
		} else {
			for k := i; k < j; k++ {
				idx = append(idx, k)
				todo = append(todo, docs[k])
			}
		}
		files = append(files, f)
		i = j
	}
	res := validateParallel(s, p, todo)
	for k, i := range idx {
		out[i] = res[k]
	}
	for _, f := range files {
		if !f.hit && f.entry != nil {
			f.entry.Valid, f.entry.HasValid = out[f.start:f.end:f.end], true
			cache.Touch()
		}
	}
	return out
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
