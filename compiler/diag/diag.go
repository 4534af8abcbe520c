// Package diag defines the one diagnostic type every compiler stage reports,
// and the printers that render a list of them.
package diag

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// QuotePath is a file name fit to print: the name itself when it is valid
// UTF-8 of printable characters, else the name quoted with Go's escapes
// ("bad\xff.yaml"): a name's raw bytes would make JSON output invalid
// UTF-8 (or silently U+FFFD) and a newline in a name would forge a line
// of diagnostics.
func QuotePath(name string) string { return phrase.Path(name) }

// Severity says whether a diagnostic fails a run.
type Severity int

const (
	// Error always fails the run.
	Error Severity = iota
	// Warning fails the run only under --strict.
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Pos is a place in a content file. Line and Col are 1-based; 0 means unknown.
type Pos struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
}

func (p Pos) String() string {
	switch {
	case p.File == "":
		return "-"
	case p.Line == 0:
		return p.File
	case p.Col == 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Related is a second place that explains a diagnostic, such as the first
// definition of a duplicated id.
type Related struct {
	Pos     Pos    `json:"pos"`
	Message string `json:"message"`
}

// Diagnostic is one problem found in content.
type Diagnostic struct {
	Code     string    `json:"code"`
	Severity Severity  `json:"-"`
	Pos      Pos       `json:"pos"`
	Message  string    `json:"message"`
	Hint     string    `json:"hint,omitempty"`
	Related  []Related `json:"related,omitempty"`
	// Notes are lines printed under the diagnostic (List.Fold writes them).
	Notes []string `json:"notes,omitempty"`
	// Cause, when set, is the position of an error this diagnostic may
	// only follow from (a map names a glyph of a terrain whose document
	// is broken): List.Fold folds it into a note under that error.
	Cause *Pos `json:"-"`
	// Implied says the error at Cause already says what this one does
	// (an unknown field "nmae" that means the missing "name"): Fold drops
	// it without a note.
	Implied bool `json:"-"`
}

// List collects diagnostics from every stage.
type List []Diagnostic

// Add appends a problem found by check c: its code and severity are c's,
// as declared (Catalogue.Declare).
func (l *List) Add(c *Code, pos Pos, format string, args ...any) *Diagnostic {
	*l = append(*l, c.At(pos, format, args...))
	return &(*l)[len(*l)-1]
}

// At is a problem found by check c at pos, with c's code and severity.
func (c *Code) At(pos Pos, format string, args ...any) Diagnostic {
	if !c.declared {
		panic("diag: code " + c.ID + " reported but never declared (Catalogue.Declare)")
	}
	return Diagnostic{Code: c.ID, Severity: c.Severity, Pos: pos, Message: Clip(fmt.Sprintf(format, args...), MaxMessage)}
}

// Recode makes d a problem of check c (a more precise code for what a
// general check found): d takes c's code and severity.
func (d *Diagnostic) Recode(c *Code) { d.Code, d.Severity = c.ID, c.Severity }

// Bounds on what one diagnostic and one run print (docs/reliability.md):
// a message quoting a value must not grow with the value, and a run must
// not print a line per element of a hostile list.
const (
	// MaxMessage bounds a message (and a hint) in bytes; longer ones are
	// cut, saying how much was left out.
	MaxMessage = 1000
	// MaxQuoted bounds a value quoted in a message, in runes (Quote).
	MaxQuoted = phrase.Max
	// MaxShown is how many diagnostics a run prints; a final line counts
	// the rest.
	MaxShown = 1000
)

// Quote is strconv.Quote of s cut to MaxQuoted runes: "aaaa…" (+N more).
// Messages quote user values with it.
func Quote(s string) string { return phrase.Quote(s) }

// Clip cuts s to at most max bytes (at a rune boundary), saying how many
// were left out.
func Clip(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strings.ToValidUTF8(s[:cut], "") + fmt.Sprintf("… (%d more bytes)", len(s)-cut)
}

// Shown returns the first MaxShown diagnostics of l and how many were left
// out. Printers print the first and count the rest.
func (l List) Shown() (List, int) {
	if len(l) <= MaxShown {
		return l, 0
	}
	return l[:MaxShown], len(l) - MaxShown
}

// MoreLine is the line that ends a list cut by Shown.
func MoreLine(l List, omitted int) string {
	rest := l[len(l)-omitted:]
	return fmt.Sprintf("... %s not shown (%s); fix the first ones and check again", Plural(omitted, "more diagnostic"), CountLine(rest))
}

// Errors counts the diagnostics of severity Error.
func (l List) Errors() int {
	n := 0
	for _, d := range l {
		if d.Severity == Error {
			n++
		}
	}
	return n
}

// Warnings counts the diagnostics of severity Warning.
func (l List) Warnings() int { return len(l) - l.Errors() }

// Sort orders by file, line, column, code and message, and drops exact repeats.
func (l List) Sort() List {
	slices.SortStableFunc(l, func(a, b Diagnostic) int {
		return cmp.Or(
			cmp.Compare(a.Pos.File, b.Pos.File),
			cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Col, b.Pos.Col),
			cmp.Compare(a.Code, b.Code),
			cmp.Compare(a.Message, b.Message),
		)
	})
	return slices.CompactFunc(l, func(a, b Diagnostic) bool {
		return a.Code == b.Code && a.Pos == b.Pos && a.Message == b.Message
	})
}

// Fold removes the diagnostics that have a Cause present in the list and
// adds to each cause one note that counts what was folded under it, so
// that one mistake reads as one error. A diagnostic whose cause is not in
// the list stays. The list keeps its order.
func (l List) Fold() List {
	roots := map[Pos]int{} // cause position -> index in l of the first error there
	for i, d := range l {
		if _, ok := roots[d.Pos]; !ok && d.Cause == nil && d.Severity == Error {
			roots[d.Pos] = i
		}
	}
	type folded struct {
		n            int
		codes, files []string
	}
	under := map[int]*folded{}
	keep := make([]bool, len(l))
	for i, d := range l {
		r, ok := -1, false
		if d.Cause != nil {
			r, ok = roots[*d.Cause]
		}
		if !ok || r == i {
			keep[i] = true
			continue
		}
		if d.Implied {
			continue
		}
		f := under[r]
		if f == nil {
			f = &folded{}
			under[r] = f
		}
		f.n++
		if !slices.Contains(f.codes, d.Code) {
			f.codes = append(f.codes, d.Code)
		}
		if !slices.Contains(f.files, d.Pos.File) {
			f.files = append(f.files, d.Pos.File)
		}
	}
	out := make(List, 0, len(l))
	for i, d := range l {
		if !keep[i] {
			continue
		}
		d.Cause = nil
		if f := under[i]; f != nil {
			slices.Sort(f.codes)
			be := "is"
			if f.n > 1 {
				be = "are"
			}
			d.Notes = append(slices.Clip(d.Notes), fmt.Sprintf("%s that may follow from this one %s not shown (%s in %s); check again after fixing it",
				Plural(f.n, "more problem"), be, strings.Join(f.codes, ", "), strings.Join(f.files, ", ")))
		}
		out = append(out, d)
	}
	return out
}

// CountLine is the summary line of a check: "2 errors, 1 warning".
func CountLine(l List) string {
	return Plural(l.Errors(), "error") + ", " + Plural(l.Warnings(), "warning")
}

// Plural is "1 error", "2 errors".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
