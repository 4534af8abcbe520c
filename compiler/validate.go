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

// openCache opens the cache of a pack folder validated with schema (nil
// when the game is not known before loading) in the loader's store, or
// returns nil without one.
func (l Loader) openCache(display string, embedded bool, schema *cueval.Schema) (*vcache.Pack, string) {
	if l.Store == nil {
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
	return l.Store.Open(scope), hash
}

// validateAll validates a pack's documents on every core, a batch at a time
// (most documents take the native validator's microseconds, so a channel
// send per document would cost as much as the check). Results keep document
// order. With a cache made with this schema, files whose cache entry holds
// validation results reuse them, and new results are stored.
func validateAll(s *cueval.Schema, p *Pack, docs []*source.Document) []diag.List {
	var cache *vcache.Pack
	if p != nil && p.Set != nil && p.cache != nil && p.cacheSchema == s.Hash() {
		cache = p.cache
	}
	if cache == nil {
		return validateParallel(s, p, docs)
	}
	out := make([]diag.List, len(docs))
	type file struct {
		entry      *vcache.Entry
		start, end int
	}
	var files []file // those whose results are not in the cache
	var todo []*source.Document
	var idx []int
	names, entries := p.Set.Names, p.Set.Entries
	k := 0
	for i := 0; i < len(docs); {
		j := i
		for j < len(docs) && docs[j].File == docs[i].File {
			j++
		}
		// Documents come in file order: find the file's entry without
		// hashing its name.
		for k < len(names) && names[k] != docs[i].File {
			k++
		}
		f := file{start: i, end: j}
		if k < len(names) && len(entries) == len(names) {
			f.entry = entries[k]
		} else {
			f.entry = cache.Current(docs[i].File)
			k = 0
		}
		if e := f.entry; e != nil && e.HasValid && len(e.Valid) == j-i {
			copy(out[i:j], e.Valid)
		} else {
			for k := i; k < j; k++ {
				idx = append(idx, k)
				todo = append(todo, docs[k])
			}
			files = append(files, f)
		}
		i = j
	}
	res := validateParallel(s, p, todo)
	for k, i := range idx {
		out[i] = res[k]
	}
	for _, f := range files {
		if f.entry != nil {
			f.entry.Valid, f.entry.HasValid = out[f.start:f.end:f.end], true
			cache.Touch(f.entry)
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
