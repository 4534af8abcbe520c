package vcache

import (
	"sort"
	"strings"
)

// oldSet is the entries a cache file holds: its snapshot, written sorted by
// name, found by the file's position in a sorted walk or by binary search
// (a map of 10,000 names cost more to build and to query), and the log's
// changes over it.
type oldSet struct {
	names []string          // the snapshot's names, sorted
	ents  []*Entry          // the entry of names[i]; nil once deleted
	extra map[string]*Entry // names the snapshot does not hold (log puts)
	n     int               // live entries
}

// newOldSet indexes a snapshot's entries; any order works (entries not in
// strictly ascending order go to the map).
func newOldSet(block []Entry) oldSet {
	s := oldSet{names: make([]string, 0, len(block)), ents: make([]*Entry, 0, len(block))}
	for i := range block {
		e := &block[i]
		if k := len(s.names); k > 0 && s.names[k-1] >= e.Name {
			s.put(e)
			continue
		}
		s.names = append(s.names, e.Name)
		s.ents = append(s.ents, e)
		s.n++
	}
	return s
}

// find returns the index of name in the snapshot, or -1; hint is where it
// likely is (-1: no idea).
func (s *oldSet) find(name string, hint int) int {
	if hint >= 0 && hint < len(s.names) && s.names[hint] == name {
		return hint
	}
	i := sort.Search(len(s.names), func(i int) bool { return strings.Compare(s.names[i], name) >= 0 })
	if i < len(s.names) && s.names[i] == name {
		return i
	}
	return -1
}

func (s *oldSet) get(name string, hint int) *Entry {
	if len(s.extra) > 0 {
		if e, ok := s.extra[name]; ok {
			return e
		}
	}
	if i := s.find(name, hint); i >= 0 {
		return s.ents[i]
	}
	return nil
}

func (s *oldSet) put(e *Entry) {
	if i := s.find(e.Name, -1); i >= 0 {
		if s.ents[i] == nil {
			s.n++
		}
		s.ents[i] = e
		return
	}
	if s.extra == nil {
		s.extra = map[string]*Entry{}
	}
	if _, ok := s.extra[e.Name]; !ok {
		s.n++
	}
	s.extra[e.Name] = e
}

func (s *oldSet) del(name string) {
	if _, ok := s.extra[name]; ok {
		delete(s.extra, name)
		s.n--
		return
	}
	if i := s.find(name, -1); i >= 0 && s.ents[i] != nil {
		s.ents[i] = nil
		s.n--
	}
}

// each calls f with every live name.
func (s *oldSet) each(f func(name string)) {
	for i, name := range s.names {
		if s.ents[i] != nil {
			f(name)
		}
	}
	for name := range s.extra {
		f(name)
	}
}
