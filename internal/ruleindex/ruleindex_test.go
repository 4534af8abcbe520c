package ruleindex

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var (
	treeOnce sync.Once
	tree     *Tree
	treeErr  error
)

// repo is the tree of the repository this test runs in.
func repo(t *testing.T) *Tree {
	t.Helper()
	treeOnce.Do(func() { tree, treeErr = Load("../..") })
	if treeErr != nil {
		t.Fatal(treeErr)
	}
	return tree
}

// TestRuleIndexesNameWhatExists reads every rule table of docs/*.md and
// fails on a function, test, scenario file or testscript it names that the
// tree does not have. The rulebook indexes of every game and mode are
// there (a page that loses its table fails too).
func TestRuleIndexesNameWhatExists(t *testing.T) {
	tr := repo(t)
	docs, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]int{}
	for _, d := range docs {
		md, err := os.ReadFile(d)
		if err != nil {
			t.Fatal(err)
		}
		name := "docs/" + filepath.Base(d)
		for _, r := range Rows(name, md) {
			rows[name]++
			for _, p := range tr.Check(r) {
				t.Error(p)
			}
		}
	}
	// A game's pages are docs/<game>.md and docs/<game>-*.md (Anna's has
	// one per engine part), its folder that of its content (content/<game>).
	folders, err := os.ReadDir("../../content")
	if err != nil {
		t.Fatal(err)
	}
	var pages []string
	for _, f := range folders {
		if !f.IsDir() {
			continue
		}
		mine, _ := filepath.Glob("../../docs/" + f.Name() + "-*.md")
		if _, err := os.Stat("../../docs/" + f.Name() + ".md"); err == nil {
			mine = append(mine, "docs/"+f.Name()+".md")
		}
		if len(mine) == 0 {
			t.Errorf("game %s has no page docs/%s.md (or docs/%s-*.md)", f.Name(), f.Name(), f.Name())
		}
		for _, p := range mine {
			pages = append(pages, "docs/"+filepath.Base(p))
		}
	}
	if len(pages) < 5 {
		t.Errorf("only %d game pages: %v", len(pages), pages)
	}
	for _, d := range pages {
		if rows[d] < 10 {
			t.Errorf("%s: %d rule table rows; every game's page indexes its rulebook", d, rows[d])
		}
	}
}

// TestStaleRowsFail: the check catches each kind of stale name, and
// passes the same rows with names that exist.
func TestStaleRowsFail(t *testing.T) {
	tr := repo(t)
	md := strings.Join([]string{
		"| rulebook | rule | implemented | tested by |",
		"|---|---|---|---|",
		"| I | fine | `Hit`, `Ruleset.Wields`, `tro-equip`, landmarks() | `TestOneRuleCharges`, `unusable-weapons-stay-unused`, `tro_forecast_rules.txtar`; sc: prime; ts: bc_map |",
		"| I | a function gone | `HitChanceOf` | `TestOneRuleCharges` |",
		"| I | a method gone | `Ruleset.WieldsNot` | `TestOneRuleCharges` |",
		"| I | a test gone | `Hit` | `TestNoSuchRule` |",
		"| I | a scenario gone | `Hit` | `no-such-scenario` |",
		"| I | a testscript gone | `Hit` | tro_no_such.txtar |",
		"| I | a battlecrest list | `Hit` | sc: no-such-scenario; ts: no_such_script |",
		"| I | a call gone | noSuchFunc() | `TestOneRuleCharges` |",
		"| I | reading: silent | — | — |",
		"| I | a cell too many | reading: x | `Hit` | `TestOneRuleCharges` |",
	}, "\n")
	rows := Rows("stale.md", []byte(md))
	if len(rows) != 10 {
		t.Fatalf("%d rows, want 10", len(rows))
	}
	want := [][]string{
		nil,
		{`stale.md:4: code "HitChanceOf"`},
		{`stale.md:5: code "Ruleset.WieldsNot"`},
		{`stale.md:6: test "TestNoSuchRule"`},
		{`stale.md:7: test "no-such-scenario"`},
		{`stale.md:8: test "tro_no_such.txtar"`},
		{`stale.md:9: test "no-such-scenario"`, `stale.md:9: test "no_such_script"`},
		{`stale.md:10: code "noSuchFunc()"`},
		nil,
		{`stale.md:12: 5 cells, the header has 4`},
	}
	for i, r := range rows {
		got := tr.Check(r)
		if len(got) != len(want[i]) {
			t.Errorf("row %d: %q, want %d problems", i+1, got, len(want[i]))
			continue
		}
		for k, w := range want[i] {
			if !strings.HasPrefix(got[k], w) {
				t.Errorf("row %d: %q, want %s: ...", i+1, got[k], w)
			}
		}
	}
}

// TestScenarioWithoutRuleFails: a scenario file a table names must name
// its rulebook passage in rule:.
func TestScenarioWithoutRuleFails(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{{"rule: Rulebook I.\nposition: {}\n", true}, {"position: {}\n", false}, {"rule:\nposition: {}\n", false}} {
		if got := hasRule([]byte(c.text)); got != c.want {
			t.Errorf("hasRule(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
