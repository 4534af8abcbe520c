package project

import (
	"testing"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// codeCurve is a warning of a game, declared for these tests.
var codeCurve = diag.NewCatalogue("test-").Declare(diag.Code{ID: "test-curve", Severity: diag.Warning, Summary: "A unit's stat total is far from the median (a test's warning)."})

// TestIgnoreGlobs: gitignore-like entries over doublestar (docs/project.md).
func TestIgnoreGlobs(t *testing.T) {
	c, l := Parse("roundtable.yaml", "/p", []byte("ignore:\n  - node_modules/\n  - drafts/**/*.yaml\n  - /top.yaml\n  - '*.bak.yaml'\n"))
	if len(l) != 0 {
		t.Fatalf("diagnostics: %v", l)
	}
	cases := []struct {
		rel  string
		dir  bool
		want bool
	}{
		{"node_modules", true, true},
		{"a/node_modules", true, true},
		{"a/node_modules/x/p.yaml", false, true},
		{"node_modules.yaml", false, false},
		{"drafts/x.yaml", false, true},
		{"drafts/a/b/x.yaml", false, true},
		{"units/drafts/x.yaml", false, false},
		{"top.yaml", false, true},
		{"sub/top.yaml", false, false},
		{"units/old.bak.yaml", false, true},
		{"units/red.yaml", false, false},
	}
	for _, tc := range cases {
		if got := c.Skips(tc.rel, tc.dir); got != tc.want {
			t.Errorf("Skips(%q, dir=%v) = %v, want %v", tc.rel, tc.dir, got, tc.want)
		}
	}
}

// TestBaselineKeyedByLineText: moving a problem to another line keeps it
// known; a new one on another line text is not.
func TestBaselineKeyedByLineText(t *testing.T) {
	before := map[string][]byte{"u.yaml": []byte("kind: unit\nstats: {hp: 20}\n")}
	after := map[string][]byte{"u.yaml": []byte("# moved\nkind: unit\nstats: {hp: 20}\nstats: {hp: 30}\n")}
	var l diag.List
	l.Add(codeCurve, diag.Pos{File: "u.yaml", Line: 2, Col: 8}, "stat total 20; median 10")
	b := NewBaseline(l, func(f string) []byte { return before[f] })
	var now diag.List
	now.Add(codeCurve, diag.Pos{File: "u.yaml", Line: 3, Col: 8}, "stat total 20; median 11")
	now.Add(codeCurve, diag.Pos{File: "u.yaml", Line: 4, Col: 8}, "stat total 30; median 11")
	kept, known, fixed := b.Filter(now, func(f string) []byte { return after[f] })
	if known != 1 || fixed != 0 || len(kept) != 1 || kept[0].Pos.Line != 4 {
		t.Errorf("kept %v, known %d, fixed %d; want line 4 kept, 1 known, 0 fixed", kept, known, fixed)
	}
}

// TestBaselineFilesRelativeToItsFolder: a baseline written with files as
// check shows them (relative to the working folder) accepts the same
// problems shown by absolute path, as the language server shows them, and
// names its files relative to its own folder.
func TestBaselineFilesRelativeToItsFolder(t *testing.T) {
	wd := t.TempDir()
	t.Chdir(wd)
	src := func(string) []byte { return []byte("stats: {hp: 20}\n") }
	var shown diag.List
	shown.Add(codeCurve, diag.Pos{File: "pack/u.yaml", Line: 1, Col: 8}, "stat total 20")
	b := NewBaselineIn(wd+"/ci", shown, src)
	if got := b.Problems[0].File; got != "../pack/u.yaml" {
		t.Errorf("entry file %q, want ../pack/u.yaml", got)
	}
	var abs diag.List
	abs.Add(codeCurve, diag.Pos{File: wd + "/pack/u.yaml", Line: 1, Col: 8}, "stat total 20")
	abs.Add(codeCurve, diag.Pos{File: wd + "/pack/v.yaml", Line: 1, Col: 8}, "stat total 20")
	kept, known, fixed := b.Filter(abs, src)
	if known != 1 || fixed != 0 || len(kept) != 1 || kept[0].Pos.File != wd+"/pack/v.yaml" {
		t.Errorf("kept %v, known %d, fixed %d; want v.yaml kept, 1 known", kept, known, fixed)
	}
}
