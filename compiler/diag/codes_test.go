package diag

import (
	"fmt"
	"strings"
	"testing"
)

// panics runs f and returns what it panicked with, "" when it did not.
func panics(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	f()
	return ""
}

// TestDeclareRejectsCodeWithoutPrefix: a game's code must carry the game's
// prefix; the declaration panics at init otherwise.
func TestDeclareRejectsCodeWithoutPrefix(t *testing.T) {
	cat := NewCatalogue("pfx-")
	got := panics(func() { cat.Declare(Code{ID: "ability", Severity: Error, Summary: "s"}) })
	if want := `diag: code ability lacks its game's prefix "pfx-"`; got != want {
		t.Errorf("panic %q, want %q", got, want)
	}
	if _, ok := Lookup("ability"); ok {
		t.Error("the rejected code is in the catalogue")
	}
	c := cat.Declare(Code{ID: "pfx-ability", Severity: Error, Summary: "s"})
	if c.ID != "pfx-ability" {
		t.Errorf("declared %q", c.ID)
	}
	if got := cat.Codes(); len(got) != 1 || got[0].ID != "pfx-ability" {
		t.Errorf("catalogue holds %v, want pfx-ability", got)
	}
}

// TestDeclareRejectsAnotherGamesPrefix: no code of the core or of another
// game may start with a game's prefix, whichever is declared first.
func TestDeclareRejectsAnotherGamesPrefix(t *testing.T) {
	NewCatalogue("oth-")
	if got, want := panics(func() { Core.Declare(Code{ID: "oth-thing", Severity: Error, Summary: "s"}) }), `diag: code oth-thing has the prefix "oth-" of another game`; got != want {
		t.Errorf("core code with a game prefix: panic %q, want %q", got, want)
	}
	Core.Declare(Code{ID: "late-thing", Severity: Error, Summary: "s"})
	if got, want := panics(func() { NewCatalogue("late-") }), `diag: code late-thing, declared in another catalogue, has the prefix "late-" of a game`; got != want {
		t.Errorf("game prefix of a declared core code: panic %q, want %q", got, want)
	}
}

func TestNewCatalogueRejectsBadPrefixes(t *testing.T) {
	NewCatalogue("ovl-")
	for _, c := range []struct{ prefix, want string }{
		{"ovl-", `diag: code prefix "ovl-" overlaps "ovl-"`},
		{"Bc-", `diag: code prefix "Bc-" is not lowercase letters and digits ending in a hyphen`},
		{"bc", `diag: code prefix "bc" is not lowercase letters and digits ending in a hyphen`},
		{"", `diag: code prefix "" is not lowercase letters and digits ending in a hyphen`},
		{"fec-import-", `diag: code prefix "fec-import-" is not lowercase letters and digits ending in a hyphen`},
	} {
		if got := panics(func() { NewCatalogue(c.prefix) }); got != c.want {
			t.Errorf("NewCatalogue(%q): panic %q, want %q", c.prefix, got, c.want)
		}
	}
}

func TestDeclareRejectsTwiceBadIDAndNoSummary(t *testing.T) {
	cat := NewCatalogue("twc-")
	cat.Declare(Code{ID: "twc-a", Summary: "s"})
	if got, want := panics(func() { cat.Declare(Code{ID: "twc-a", Summary: "s"}) }), "diag: code declared twice: twc-a"; got != want {
		t.Errorf("panic %q, want %q", got, want)
	}
	if got, want := panics(func() { cat.Declare(Code{ID: "twc-b"}) }), "diag: code twc-b has no summary"; got != want {
		t.Errorf("panic %q, want %q", got, want)
	}
	if got, want := panics(func() { cat.Declare(Code{ID: "twc-Bad_id", Summary: "s"}) }), `diag: code "twc-Bad_id" is not lowercase words joined by hyphens`; got != want {
		t.Errorf("panic %q, want %q", got, want)
	}
}

// TestReportTakesTheDeclaredSeverity: a problem reported through a check
// has the check's code and severity; a recoded problem takes the new
// check's.
func TestReportTakesTheDeclaredSeverity(t *testing.T) {
	var l List
	l.Add(codeUnused, Pos{File: "a.yaml", Line: 1}, "tag %q", "x")
	l.Add(CodeUnknownRef, Pos{File: "a.yaml", Line: 2}, "ref")
	want := []Diagnostic{
		{Code: "test-unused", Severity: Warning, Pos: Pos{File: "a.yaml", Line: 1}, Message: `tag "x"`},
		{Code: "unknown-ref", Severity: Error, Pos: Pos{File: "a.yaml", Line: 2}, Message: "ref"},
	}
	for i := range want {
		if fmt.Sprint(l[i]) != fmt.Sprint(want[i]) {
			t.Errorf("diagnostic %d = %+v, want %+v", i, l[i], want[i])
		}
	}
	l[1].Recode(codeUnused)
	if l[1].Code != "test-unused" || l[1].Severity != Warning {
		t.Errorf("recoded: %s %s, want test-unused warning", l[1].Code, l[1].Severity)
	}
}

func TestReportOfUndeclaredCodePanics(t *testing.T) {
	var l List
	got := panics(func() { l.Add(&Code{ID: "made-up", Severity: Warning, Summary: "s"}, Pos{}, "x") })
	if !strings.Contains(got, "made-up reported but never declared") {
		t.Errorf("panic %q", got)
	}
}
