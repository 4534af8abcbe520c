// Package diag defines the one diagnostic type every compiler stage reports,
// and the printers that render a list of them.
package diag

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
)

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
}

// List collects diagnostics from every stage.
type List []Diagnostic

// Add appends an error.
func (l *List) Add(code string, pos Pos, format string, args ...any) *Diagnostic {
	return l.add(Error, code, pos, format, args...)
}

// Warn appends a warning.
func (l *List) Warn(code string, pos Pos, format string, args ...any) *Diagnostic {
	return l.add(Warning, code, pos, format, args...)
}

func (l *List) add(sev Severity, code string, pos Pos, format string, args ...any) *Diagnostic {
	*l = append(*l, Diagnostic{Code: code, Severity: sev, Pos: pos, Message: fmt.Sprintf(format, args...)})
	return &(*l)[len(*l)-1]
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
