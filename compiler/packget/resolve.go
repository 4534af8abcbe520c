package packget

import (
	"fmt"
	"slices"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler/semver"
)

// edge is one requirement: pack from (id@version, or the root's id)
// requires id within rng.
type edge struct {
	from, id, text string
	rng            semver.Range
}

// node is one pack at one version reached by resolution.
type node struct {
	id  string
	c   cand
	src Source
	m   *manifest
	in  *info
}

// resolver runs minimal version selection over the packs reachable from a
// root pack.
type resolver struct {
	f       *fetcher
	srcs    Sources           // the project's first, then the root's, then each pack's as reached
	min     map[string]string // versions a pack gets at least: the lock's, and get PACK@VERSION's
	upgrade bool              // get -u: every requirement asks for the highest version its range admits
	skip    func(id string) bool
	visited map[string]*node // by id@version
	best    map[string]*node // by id: the highest version visited
	edges   []edge
	unsrc   map[string]string // required ids with no source, and who requires them
}

// resolve returns the selected version of every pack reachable from root,
// by id.
func (r *resolver) resolve(root *manifest) (map[string]*node, error) {
	r.visited, r.best, r.unsrc = map[string]*node{}, map[string]*node{}, map[string]string{}
	for id, s := range root.Sources {
		if _, ok := r.srcs[id]; !ok {
			r.srcs[id] = s
		}
	}
	if err := r.require(root.ID, root); err != nil {
		return nil, err
	}
	// The lock's and the command line's versions count as requirements of
	// the root (as go.mod's require lines do), for packs that are reached.
	for id, v := range r.min {
		if _, ok := r.best[id]; !ok {
			continue
		}
		if err := r.visitVersion(id, v); err != nil {
			return nil, err
		}
	}
	// Every requirement of every selected pack must hold for what was
	// selected: a range's upper bound can refuse the highest ask.
	var bad []string
	for _, e := range r.edges {
		if !r.selected(e.from, root) {
			continue
		}
		if b := r.best[e.id]; b != nil && !e.rng.Match(b.c.v) {
			bad = append(bad, fmt.Sprintf("%s requires %s %q, but %s is selected (asked for by %s)", e.from, e.id, e.text, b.c.v, r.asker(e.id, b.c.v)))
		}
	}
	if len(bad) > 0 {
		slices.Sort(bad)
		return nil, fmt.Errorf("the requirements do not agree:\n  %s", strings.Join(bad, "\n  "))
	}
	return r.best, nil
}

// selected reports whether from (id@version, or the root's id) is in the
// selection.
func (r *resolver) selected(from string, root *manifest) bool {
	if from == root.ID {
		return true
	}
	id, v, _ := strings.Cut(from, "@")
	b := r.best[id]
	return b != nil && b.c.v.String() == v
}

// asker names who asked for id at v: a pack's requirement, the lock or
// the command line.
func (r *resolver) asker(id string, v semver.Version) string {
	if r.min[id] == v.String() {
		return "roundtable.lock or the command line; move it with get " + id + "@VERSION"
	}
	for _, e := range r.edges {
		if e.id == id && r.want(e, nil) == v.String() {
			return e.from
		}
	}
	return "a requirement"
}

// require follows the requirements of one pack.
func (r *resolver) require(from string, m *manifest) error {
	for _, id := range m.order {
		text := m.Requires[id]
		if r.skip(id) {
			continue
		}
		rng, err := semver.ParseRange(text)
		if err != nil {
			return fmt.Errorf("%s requires %s %q: %v", from, id, text, err)
		}
		e := edge{from: from, id: id, text: text, rng: rng}
		r.edges = append(r.edges, e)
		src, ok := r.srcs[id]
		if !ok {
			if _, seen := r.unsrc[id]; !seen {
				r.unsrc[id] = from
			}
			continue
		}
		cands, err := r.f.versions(id, src)
		if err != nil {
			return err
		}
		v := r.want(e, cands)
		if v == "" {
			var all []string
			for _, c := range cands {
				all = append(all, c.v.String())
			}
			return fmt.Errorf("%s requires %s %q, but %s offers %s", from, id, text, src, strings.Join(all, ", "))
		}
		if err := r.visitVersion(id, v); err != nil {
			return err
		}
	}
	return nil
}

// want is the version requirement e asks for among cands: the lowest its
// range admits, or the highest under upgrade; "" when none matches. With
// cands nil it answers from what was listed before.
func (r *resolver) want(e edge, cands []cand) string {
	if cands == nil {
		cands, _ = r.f.versions(e.id, r.srcs[e.id])
	}
	var got string
	for _, c := range cands {
		if e.rng.Match(c.v) {
			got = c.v.String()
			if !r.upgrade {
				break
			}
		}
	}
	return got
}

// visitVersion reaches id at version v (one the source offers).
func (r *resolver) visitVersion(id, v string) error {
	key := id + "@" + v
	if _, ok := r.visited[key]; ok {
		return nil
	}
	src := r.srcs[id]
	cands, err := r.f.versions(id, src)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(cands, func(c cand) bool { return c.v.String() == v })
	if i < 0 {
		return fmt.Errorf("%s has no version %s at %s", id, v, src)
	}
	m, in, err := r.f.get(id, src, cands[i])
	if err != nil {
		return err
	}
	n := &node{id: id, c: cands[i], src: src, m: m, in: in}
	r.visited[key] = n
	if b := r.best[id]; b == nil || semver.Compare(n.c.v, b.c.v) > 0 {
		r.best[id] = n
	}
	for sid, s := range m.Sources {
		if _, ok := r.srcs[sid]; !ok {
			r.srcs[sid] = s
		}
	}
	return r.require(key, m)
}
