package vcache

import (
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// A process that checks the same packs again and again (the language
// server, on every keystroke) need not read, decode and write cache files
// each time: caches in a folder given to KeepInMemory live in the
// process's memory only. Save keeps the run's entries there (nothing is
// written), and the next Open of the same cache takes them.

var memory struct {
	sync.Mutex
	dirs  map[string]bool
	packs map[string]*memPack // by cache file path
}

// memPack is what Save kept: the time of the run and its entries.
type memPack struct {
	time    int64
	entries []*Entry // sorted by name
}

// KeepInMemory makes the caches in dir live in this process's memory only
// (see above).
func KeepInMemory(dir string) {
	memory.Lock()
	defer memory.Unlock()
	if memory.dirs == nil {
		memory.dirs = map[string]bool{}
		memory.packs = map[string]*memPack{}
	}
	memory.dirs[filepath.Clean(dir)] = true
}

// fromMemory fills c from memory; false when c's folder is not kept in
// memory or nothing was saved yet.
func (c *Pack) fromMemory() bool {
	memory.Lock()
	m := memory.packs[c.path]
	memory.Unlock()
	if m == nil {
		return false
	}
	c.Time = m.time
	c.old = oldSet{names: make([]string, len(m.entries)), ents: m.entries, n: len(m.entries)}
	for i, e := range m.entries {
		c.old.names[i] = e.Name
	}
	c.run = make([]*Entry, 0, c.old.n)
	return true
}

// toMemory keeps the entries of this run as the next run's old ones, when
// c's folder is kept in memory, and reports whether it is. The entries are
// shared, not copied: a run changes an entry (its memo) only before Save.
func (c *Pack) toMemory() bool {
	memory.Lock()
	defer memory.Unlock()
	if !memory.dirs[filepath.Dir(c.path)] {
		return false
	}
	entries := slices.Clone(c.run)
	if !slices.IsSortedFunc(entries, byName) {
		slices.SortFunc(entries, byName)
	}
	entries = slices.CompactFunc(entries, func(a, b *Entry) bool { return a.Name == b.Name })
	memory.packs[c.path] = &memPack{time: c.Now, entries: entries}
	return true
}

func byName(a, b *Entry) int { return strings.Compare(a.Name, b.Name) }

// kept reports whether caches in dir are kept in memory.
func kept(dir string) bool {
	memory.Lock()
	defer memory.Unlock()
	return memory.dirs[filepath.Clean(dir)]
}
