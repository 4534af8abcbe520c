package compiler

import (
	"github.com/roundtable-dev/roundtable/compiler/cueval"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/vcache"
)

// The per-file layer (vcache.Entry, in the loader's store): a file's stat,
// content key, parsed documents and suppression comments are the loader's
// (compiler/source asks the store before reading a file); what Compile
// adds is each document's validation results, taken before validate and
// stored after it, and the pack's cache saved once the compile ends.

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

// cachedFile is a file whose validation results validate makes: they are
// stored in its entry after it.
type cachedFile struct {
	pack       int
	entry      *vcache.Entry
	start, end int // its documents, in the pack's
}

// fileCache is the pack's cache when its validation results are made with
// the schema compiled with, or nil.
func (c *compilation) fileCache(i int) *vcache.Pack {
	p := c.packs[i]
	if !c.ofGame(i) || p.Set == nil || p.cache == nil || p.cacheSchema != c.schema.Hash() {
		return nil
	}
	return p.cache
}

// validationsFromFiles, before validate: the results of the documents of
// every file whose entry holds them.
func (c *compilation) validationsFromFiles() {
	for i, p := range c.packs {
		cache := c.fileCache(i)
		if cache == nil {
			continue
		}
		docs := c.docs[i]
		c.results[i], c.known[i] = make([]diag.List, len(docs)), make([]bool, len(docs))
		names, entries := p.Set.Names, p.Set.Entries
		k := 0
		for s := 0; s < len(docs); {
			e := s
			for e < len(docs) && docs[e].File == docs[s].File {
				e++
			}
			// Documents come in file order: find the file's entry without
			// hashing its name.
			for k < len(names) && names[k] != docs[s].File {
				k++
			}
			f := cachedFile{pack: i, start: s, end: e}
			if k < len(names) && len(entries) == len(names) {
				f.entry = entries[k]
			} else {
				f.entry = cache.Current(docs[s].File)
				k = 0
			}
			if en := f.entry; en != nil && en.HasValid && len(en.Valid) == e-s {
				copy(c.results[i][s:e], en.Valid)
				for j := s; j < e; j++ {
					c.known[i][j] = true
				}
			} else {
				c.cache.files = append(c.cache.files, f)
			}
			s = e
		}
	}
}

// validationsToFiles, after validate: the results made, in their files'
// entries.
func (c *compilation) validationsToFiles() {
	for _, f := range c.cache.files {
		if f.entry != nil {
			f.entry.Valid, f.entry.HasValid = c.results[f.pack][f.start:f.end:f.end], true
			c.packs[f.pack].cache.Touch(f.entry)
		}
	}
}

// saveFiles, when the compile ends: each pack's cache written once, with
// what every layer added to its entries.
func (c *compilation) saveFiles() {
	for _, p := range c.packs {
		if p.Set != nil && p.cache != nil {
			p.cache.Save()
		}
	}
}
