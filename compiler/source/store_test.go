package source

import (
	"sync"
	"time"
)

// memStore is a Store in memory for the loader's tests (compiler/vcache is
// the real one, which imports this package): the entries of the last saved
// load and the time its scan started.
type memStore struct {
	mu        sync.Mutex
	old, run  map[string]*Entry
	time, now int64
}

func newMemStore() *memStore {
	return &memStore{old: map[string]*Entry{}, run: map[string]*Entry{}, now: time.Now().UnixNano()}
}

// next is the store of the next load: this one saved.
func (s *memStore) next() *memStore {
	n := newMemStore()
	n.old, n.time = s.run, s.now
	return n
}

func (s *memStore) OldAt(name string, _ int) *Entry { return s.old[name] }
func (s *memStore) Racy(st Stat) bool               { return st.Mtime >= s.time-RacyMargin }
func (s *memStore) Started() int64                  { return s.now }
func (s *memStore) Keep(e *Entry)                   { s.Put(e) }
func (s *memStore) KeepAll(es []*Entry) {
	for _, e := range es {
		s.Put(e)
	}
}

func (s *memStore) Put(e *Entry) {
	s.mu.Lock()
	s.run[e.Name] = e
	s.mu.Unlock()
}
