package skill

import (
	"cmp"
	"fmt"
	"io"
	"slices"
)

// Line is one skill as imported: where it came from and what the compiler
// made of it.
type Line struct {
	Card, Name, Type string
	Support          bool // from the support skill field of the card list
	Result           Result
}

// Coverage counts compiled skill lines, the card list's skill lines
// (Skill field) and its support skills apart.
type Coverage struct {
	Lines, Compiled               int // skill lines (the card list's Skill field)
	SupportLines, SupportCompiled int
	ByType                        map[string][2]int // type -> compiled, lines
	// Shapes are the unread clauses grouped by shape, most frequent first.
	Shapes []ShapeCount
	// Phrases are the kinds of phrase of the compiled skill lines (support
	// skills too), by how many lines read them, most first; and Missed the
	// kinds of innermost phrase the unread clauses failed at.
	Phrases, Missed []ShapeCount
}

// ShapeCount is how many unread clauses have one shape, with an example.
type ShapeCount struct {
	Shape   string
	Count   int
	Example string // card id and clause
}

// Percent is the share of skill lines compiled, in tenths of a percent.
func (c Coverage) Percent() float64 {
	if c.Lines == 0 {
		return 0
	}
	return 100 * float64(c.Compiled) / float64(c.Lines)
}

// Measure counts what compiled.
func Measure(lines []Line) Coverage {
	c := Coverage{ByType: map[string][2]int{}}
	shapes := map[string]*ShapeCount{}
	phrases, missed := map[string]*ShapeCount{}, map[string]*ShapeCount{}
	for _, l := range lines {
		ok := len(l.Result.Unread) == 0
		if l.Support {
			c.SupportLines++
			if ok {
				c.SupportCompiled++
			}
		} else {
			c.Lines++
			if ok {
				c.Compiled++
			}
		}
		bt := c.ByType[l.Type]
		bt[1]++
		if ok {
			bt[0]++
		}
		c.ByType[l.Type] = bt
		for _, k := range l.Result.Phrases {
			pc := phrases[k]
			if pc == nil {
				pc = &ShapeCount{Shape: k, Example: l.Card + " " + l.Name}
				phrases[k] = pc
			}
			pc.Count++
		}
		for _, u := range l.Result.Unread {
			mc := missed[u.Phrase]
			if mc == nil {
				mc = &ShapeCount{Shape: u.Phrase, Example: l.Card + ": " + u.PhraseText}
				missed[u.Phrase] = mc
			}
			mc.Count++
			key := u.Shape
			if u.InCost {
				key = "[cost] " + key
			}
			s := shapes[key]
			if s == nil {
				s = &ShapeCount{Shape: key, Example: l.Card + ": " + u.Text}
				shapes[key] = s
			}
			s.Count++
		}
	}
	c.Shapes, c.Phrases, c.Missed = sorted(shapes), sorted(phrases), sorted(missed)
	return c
}

// sorted lists counts most frequent first, then by name.
func sorted(m map[string]*ShapeCount) []ShapeCount {
	var out []ShapeCount
	for _, s := range m {
		out = append(out, *s)
	}
	slices.SortFunc(out, func(a, b ShapeCount) int {
		if a.Count != b.Count {
			return b.Count - a.Count
		}
		return cmp.Compare(a.Shape, b.Shape)
	})
	return out
}

// Print writes the report: the figures, per type, then the unread shapes
// by frequency (top of them; 0 for all).
func (c Coverage) Print(w io.Writer, top int) {
	fmt.Fprintf(w, "skill lines compiled: %d of %d (%.1f%%)\n", c.Compiled, c.Lines, c.Percent())
	if c.SupportLines > 0 {
		fmt.Fprintf(w, "support skills compiled: %d of %d (%.1f%%)\n", c.SupportCompiled, c.SupportLines, 100*float64(c.SupportCompiled)/float64(c.SupportLines))
	}
	var types []string
	for t := range c.ByType {
		types = append(types, t)
	}
	slices.Sort(types)
	for _, t := range types {
		v := c.ByType[t]
		fmt.Fprintf(w, "  %-16s %5d of %5d\n", t, v[0], v[1])
	}
	fmt.Fprintf(w, "phrases read (%d kinds), by the skill lines that read them:\n", len(c.Phrases))
	for _, p := range c.Phrases {
		fmt.Fprintf(w, "%6d  %-28s e.g. %s\n", p.Count, p.Shape, p.Example)
	}
	fmt.Fprintf(w, "phrases not read, by kind (the innermost phrase of each clause not read):\n")
	for _, p := range c.Missed {
		fmt.Fprintf(w, "%6d  %-10s e.g. %s\n", p.Count, p.Shape, p.Example)
	}
	n := len(c.Shapes)
	if top > 0 && n > top {
		n = top
	}
	total := 0
	for _, s := range c.Shapes {
		total += s.Count
	}
	fmt.Fprintf(w, "clauses not read: %d in %d shapes; the most frequent first:\n", total, len(c.Shapes))
	for _, s := range c.Shapes[:n] {
		fmt.Fprintf(w, "%6d  %s\n        e.g. %s\n", s.Count, s.Shape, s.Example)
	}
}
