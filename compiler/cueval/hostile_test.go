package cueval

import (
	"fmt"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler/source"
)

// validateText validates the one document of a YAML text as Validate does,
// and prints its diagnostics one a line.
func validateText(t *testing.T, s *Schema, text string) string {
	t.Helper()
	docs, ds := source.Parse("u.yaml", []byte(text))
	if len(ds) > 0 || len(docs) != 1 {
		t.Fatalf("parse: %v", ds)
	}
	var b strings.Builder
	for _, d := range s.Validate(docs[0]) {
		fmt.Fprintf(&b, "%s: %s[%s]: %s\n", d.Pos, d.Severity, d.Code, d.Message)
	}
	return b.String()
}

const unitHead = "kind: unit\nid: u\nname: U\ncolor: red\nstats: {hp: 9, atk: 5, spd: 4, def: 3}\nmov: 3\n"

// TestHostileLongRange: a range of 20,000 ones (a 40 KB file) is one
// diagnostic in its own words, not the list quoted (the schema allows three
// distances: rulebook, "Attack range").
func TestHostileLongRange(t *testing.T) {
	s := annasSchema(t)
	got := validateText(t, s, unitHead+"range: ["+strings.Repeat("1, ", 19999)+"1]\n")
	want := "u.yaml:7:8: error[invalid-value]: range has 20000 items; at most 3 allowed\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestHostileUnknownFieldList: an unknown field holding a flow list of
// 128k items is reported once, and CUE never evaluates the list.
func TestHostileUnknownFieldList(t *testing.T) {
	s := annasSchema(t)
	got := validateText(t, s, unitHead+"range: [1]\nextra: ["+strings.Repeat("1,", 128000)+"1]\n")
	want := "u.yaml:8:1: error[unknown-field]: unknown field \"extra\"\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestHostileManyUnknownKeys: 100,000 unknown top-level keys give
// MaxPerDocument diagnostics and one that counts the rest.
func TestHostileManyUnknownKeys(t *testing.T) {
	s := annasSchema(t)
	var b strings.Builder
	b.WriteString(unitHead + "range: [1]\n")
	for i := range 100000 {
		fmt.Fprintf(&b, "k%d: 1\n", i)
	}
	got := validateText(t, s, b.String())
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if len(lines) != MaxPerDocument+1 {
		t.Fatalf("%d diagnostics, want %d", len(lines), MaxPerDocument+1)
	}
	if want := "u.yaml:8:1: error[unknown-field]: unknown field \"k0\""; lines[0] != want {
		t.Errorf("first: %s\nwant   %s", lines[0], want)
	}
	if want := "u.yaml:1:1: warning[too-many-diagnostics]: 99950 more problems in this document not shown"; lines[MaxPerDocument] != want {
		t.Errorf("last: %s\nwant  %s", lines[MaxPerDocument], want)
	}
}
