// Package link keeps one symbol table per kind, reports duplicate ids and
// resolves references to indexes with "did you mean" hints.
package link

import (
	"fmt"
	"slices"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// Table maps the ids of one kind to their index and definition site.
type Table struct {
	Kind  string
	ids   []string
	index map[string]int
	pos   []diag.Pos
	// at computes the site of id i when pos does not hold it (NewTableOf).
	at func(i int) diag.Pos
}

// NewTable returns an empty table for a kind.
func NewTable(kind string) *Table { return &Table{Kind: kind, index: map[string]int{}} }

// NewTableOf returns an empty table for about n ids, added with Add, whose
// definition sites at(i) computes when asked: the linker's tables of
// 10,000 units computed 10,000 sites that nothing read (a third of link).
func NewTableOf(kind string, n int, at func(i int) diag.Pos) *Table {
	return &Table{Kind: kind, index: make(map[string]int, n), ids: make([]string, 0, n), at: at}
}

// Define adds an id. A duplicate is reported naming both places and not added.
func (t *Table) Define(id string, pos diag.Pos, diags *diag.List) (int, bool) {
	if i, dup := t.index[id]; dup {
		d := diags.Add(diag.CodeDuplicateID, pos, "duplicate %s id %q", t.Kind, id)
		d.Related = []diag.Related{{Pos: t.Pos(i), Message: fmt.Sprintf("%s %q is first defined here", t.Kind, id)}}
		d.Hint = "ids must be unique per kind; rename one (or use overrides: in an expansion)"
		return i, false
	}
	i, _ := t.Add(id)
	if t.at != nil {
		t.pos = append(t.pos, make([]diag.Pos, i+1-len(t.pos))...)
		t.pos[i] = pos
	} else {
		t.pos = append(t.pos, pos)
	}
	return i, true
}

// Add adds an id without a site (see NewTableOf); a duplicate is not
// added.
func (t *Table) Add(id string) (int, bool) {
	if i, dup := t.index[id]; dup {
		return i, false
	}
	t.index[id] = len(t.ids)
	t.ids = append(t.ids, id)
	return len(t.ids) - 1, true
}

// Len is the number of ids.
func (t *Table) Len() int { return len(t.ids) }

// IDs returns the ids in definition order.
func (t *Table) IDs() []string { return t.ids }

// Pos returns where id i is defined.
func (t *Table) Pos(i int) diag.Pos {
	if t.at != nil && (i >= len(t.pos) || t.pos[i] == diag.Pos{}) {
		return t.at(i)
	}
	return t.pos[i]
}

// Lookup returns the index of an id without reporting.
func (t *Table) Lookup(id string) (int, bool) {
	i, ok := t.index[id]
	return i, ok
}

// Resolve returns the index of id, or reports an unknown reference with the
// closest known id as a hint and returns -1.
func (t *Table) Resolve(id string, pos diag.Pos, what string, diags *diag.List) int {
	if i, ok := t.index[id]; ok {
		return i
	}
	if what == "" {
		what = t.Kind
	}
	d := diags.Add(diag.CodeUnknownRef, pos, "unknown %s %q", what, id)
	if s := phrase.Suggest(id, t.ids); s != "" {
		d.Hint = fmt.Sprintf("did you mean %q?", s)
	} else if len(t.ids) > 0 && len(t.ids) <= 12 {
		known := slices.Clone(t.ids)
		slices.Sort(known)
		d.Hint = "known: " + strings.Join(known, ", ")
	}
	return -1
}
