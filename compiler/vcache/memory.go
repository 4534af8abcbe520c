package vcache

import (
	"slices"
	"strings"
	"sync"
)

// Store is a cache folder (check --cache): the caches of its packs (Open)
// and the records of link and Build's outcomes (Path). A caller makes one
// and passes it down (compiler.Loader); nothing in this package or the
// compiler remembers it.
//
// A process that checks the same packs again and again (the language
// server, on every keystroke; check --watch) need not read, decode and
// write pack cache files each time: the pack caches of a store made by
// InMemory live in the process's memory only. Save keeps the run's entries
// there (nothing is written), and the next Open of the same cache through
// the same store takes them.
type Store struct {
	// Dir is the folder.
	Dir string
	// Salt stands for a change of every schema's hash (for tests): caches
	// and records made with another salt are not found.
	Salt string

	mem *memory // nil: pack caches are files in Dir
}

// memory holds the pack caches of an InMemory store.
type memory struct {
	sync.Mutex
	packs map[string]*memPack // by cache file path
}

// memPack is what Save kept: the time of the run and its entries.
type memPack struct {
	time    int64
	entries []*Entry // sorted by name
}

// New returns the store of the cache folder dir; nil (no cache) for "".
func New(dir string) *Store {
	if dir == "" {
		return nil
	}
	return &Store{Dir: dir}
}

// InMemory returns a store whose pack caches live in this process's memory
// only (see Store); its outcome records are written in dir.
func InMemory(dir string) *Store {
	return &Store{Dir: dir, mem: &memory{packs: map[string]*memPack{}}}
}

// Open loads the cache of scope (a pack folder and a schema hash): see
// the package function Open.
func (s *Store) Open(scope string) *Pack {
	c := newPack(s.Dir, scope+s.salt())
	c.mem = s.mem
	if c.fromMemory() {
		c.done.Store(true)
		close(c.ready)
		return c
	}
	c.read()
	return c
}

// Path is the file of a record of what in scope (Name).
func (s *Store) Path(what, scope string) string { return Name(s.Dir, what, scope+s.salt()) }

func (s *Store) salt() string {
	if s.Salt == "" {
		return ""
	}
	return "\x00salt\x00" + s.Salt
}

// fromMemory fills c from its store's memory; false when the store keeps
// nothing in memory or nothing was saved yet.
func (c *Pack) fromMemory() bool {
	if c.mem == nil {
		return false
	}
	c.mem.Lock()
	m := c.mem.packs[c.path]
	c.mem.Unlock()
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
// c's store keeps caches in memory, and reports whether it does. The
// entries are shared, not copied: a run changes an entry (its memo) only
// before Save.
func (c *Pack) toMemory() bool {
	if c.mem == nil {
		return false
	}
	c.mem.Lock()
	defer c.mem.Unlock()
	entries := slices.Clone(c.run)
	if !slices.IsSortedFunc(entries, byName) {
		slices.SortFunc(entries, byName)
	}
	entries = slices.CompactFunc(entries, func(a, b *Entry) bool { return a.Name == b.Name })
	c.mem.packs[c.path] = &memPack{time: c.Now, entries: entries}
	return true
}

func byName(a, b *Entry) int { return strings.Compare(a.Name, b.Name) }
