package project

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// Baseline is the problems a project has accepted for now (check
// --write-baseline), so that CI fails only on new ones (check --baseline).
// An entry is keyed by code, file and the text of the line the problem is
// on (its message when there is no line), not by line number: moving lines
// or editing other lines keeps it, and so does a message that names a
// figure of the whole pack (a median). A key that occurs n times accepts
// n problems.
type Baseline struct {
	Version  int             `json:"version"`
	Problems []BaselineEntry `json:"problems"`
	// Dir is the folder the entries' files are relative to: the baseline
	// file's, so that a check that shows files by their absolute paths
	// (the language server) matches the entries that check wrote relative
	// to the working folder. "" compares files as shown.
	Dir string `json:"-"`
}

// BaselineEntry is one accepted problem (Count of them).
type BaselineEntry struct {
	Code     string `json:"code"`
	Severity string `json:"severity"`
	File     string `json:"file"`
	Message  string `json:"message"`
	// Context is the problem's line, trimmed ("" none: Message keys it).
	Context string `json:"context,omitempty"`
	Count   int    `json:"count"`
}

// BaselineVersion is the format Write writes and Read accepts.
const BaselineVersion = 1

// places are file:line:col in a message ("already defined at x.yaml:3:5"):
// the line and column are dropped from the key.
var places = regexp.MustCompile(`(\.(?i:ya?ml)):\d+(:\d+)?`)

type baseKey struct{ code, file, context string }

func (e BaselineEntry) key() baseKey {
	if e.Context != "" {
		return baseKey{e.Code, e.File, "line\x00" + e.Context}
	}
	return baseKey{e.Code, e.File, e.Message}
}

// file is a diagnostic's file as an entry names it: relative to Dir.
func (b *Baseline) file(f string) string {
	if b.Dir == "" || f == "" {
		return f
	}
	abs, err := filepath.Abs(filepath.FromSlash(f))
	if err != nil {
		return f
	}
	rel, err := filepath.Rel(b.Dir, abs)
	if err != nil {
		return f
	}
	return filepath.ToSlash(rel)
}

func (b *Baseline) entryOf(d diag.Diagnostic, src diag.Sources) BaselineEntry {
	e := BaselineEntry{Code: d.Code, Severity: d.Severity.String(), File: b.file(d.Pos.File), Message: places.ReplaceAllString(d.Message, "$1")}
	if line := lineOf(src, d.Pos); line != "" {
		e.Context = line
	}
	return e
}

// lineOf is the trimmed text of a position's line ("" none).
func lineOf(src diag.Sources, p diag.Pos) string {
	if src == nil || p.Line <= 0 {
		return ""
	}
	data := src(p.File)
	for i := 1; i < p.Line && data != nil; i++ {
		j := bytes.IndexByte(data, '\n')
		if j < 0 {
			return ""
		}
		data = data[j+1:]
	}
	if j := bytes.IndexByte(data, '\n'); j >= 0 {
		data = data[:j]
	}
	return string(bytes.TrimSpace(data))
}

// NewBaseline accepts every problem of l; src gives the files' bytes.
// Its files are as shown.
func NewBaseline(l diag.List, src diag.Sources) *Baseline { return NewBaselineIn("", l, src) }

// NewBaselineIn is NewBaseline with files relative to dir (the folder the
// baseline file is written to; "" as shown).
func NewBaselineIn(dir string, l diag.List, src diag.Sources) *Baseline {
	b := &Baseline{Version: BaselineVersion, Problems: []BaselineEntry{}, Dir: dir}
	counts := map[baseKey]int{}
	var order []BaselineEntry
	for _, d := range l {
		e := b.entryOf(d, src)
		if counts[e.key()] == 0 {
			order = append(order, e)
		}
		counts[e.key()]++
	}
	for _, e := range order {
		e.Count = counts[e.key()]
		b.Problems = append(b.Problems, e)
	}
	slices.SortStableFunc(b.Problems, func(x, y BaselineEntry) int {
		return cmp.Or(cmp.Compare(x.File, y.File), cmp.Compare(x.Code, y.Code), cmp.Compare(x.Context, y.Context), cmp.Compare(x.Message, y.Message))
	})
	return b
}

// Write writes the baseline as indented JSON.
func (b *Baseline) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(b)
}

// ReadBaseline reads a baseline file; its entries' files are relative to
// its folder (Dir).
func ReadBaseline(file string) (*Baseline, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var b Baseline
	if err := json.Unmarshal(data, &b); err != nil {
		return nil, fmt.Errorf("%s: not a baseline: %v", file, err)
	}
	if b.Version != BaselineVersion {
		return nil, fmt.Errorf("%s: baseline version %d, want %d (write it again with --write-baseline)", file, b.Version, BaselineVersion)
	}
	if b.Dir, err = filepath.Abs(filepath.Dir(file)); err != nil {
		return nil, err
	}
	return &b, nil
}

// Filter drops the problems of l the baseline accepts; known counts them
// and fixed counts accepted problems that no longer occur.
func (b *Baseline) Filter(l diag.List, src diag.Sources) (kept diag.List, known, fixed int) {
	left := map[baseKey]int{}
	for _, e := range b.Problems {
		left[e.key()] += max(e.Count, 1)
	}
	kept = make(diag.List, 0, len(l))
	for _, d := range l {
		k := b.entryOf(d, src).key()
		if left[k] > 0 {
			left[k]--
			known++
			continue
		}
		kept = append(kept, d)
	}
	for _, n := range left {
		fixed += n
	}
	return kept, known, fixed
}
