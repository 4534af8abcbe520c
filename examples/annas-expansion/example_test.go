// Package annasexpansion_test checks the example expansion: it compiles
// clean on top of the embedded base pack, its generated package is the
// merged ruleset, and the merged ruleset keeps the base's indexes.
package annasexpansion_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
	_ "github.com/roundtable-dev/roundtable/compiler/annas"
	annastable "github.com/roundtable-dev/roundtable/engine/annas/table"
	"github.com/roundtable-dev/roundtable/examples/annas-expansion/valm"
	"github.com/roundtable-dev/roundtable/games"
	annasgen "github.com/roundtable-dev/roundtable/generated/annas"
)

func compileExample(t *testing.T) *compiler.Result {
	t.Helper()
	// As check loads it: the pack folder, then what its roundtable.lock
	// names (valm-arms, from vendor/).
	sets, diags, err := games.LoadSets([]string{"pack"})
	if err != nil {
		t.Fatal(err)
	}
	if len(sets) != 1 {
		t.Fatalf("want one game's packs, got %d sets", len(sets))
	}
	res, ds := compiler.Compile(sets[0])
	diags = append(diags, ds...)
	for _, d := range diags {
		t.Errorf("%s: %s[%s]: %s", d.Pos, d.Severity, d.Code, d.Message)
	}
	if res.Ruleset == nil {
		t.Fatal("no ruleset")
	}
	return res
}

// TestExampleChecksClean: no error and no warning; the base pack comes
// first, then valm-arms (locked, vendored); six new units, two new tags (one
// of valm-arms), terrain, map and boss with a 3-card
// deck; Chrom is replaced, not added.
func TestExampleChecksClean(t *testing.T) {
	res := compileExample(t)
	var ids []string
	for _, p := range res.Packs {
		ids = append(ids, p.ID)
	}
	if !slices.Equal(ids, []string{"annas-base", "valm-arms", "valm-conquest"}) {
		t.Errorf("packs in order %v, want [annas-base valm-arms valm-conquest]", ids)
	}
	rs := res.Ruleset.(*annastable.Ruleset)
	want := map[string][2]int{ // kind: {base, merged}
		"unit":      {len(annasgen.Ruleset.Units), len(annasgen.Ruleset.Units) + 6},
		"tag":       {len(annasgen.Ruleset.Tags), len(annasgen.Ruleset.Tags) + 2}, // valm-arms' Shieldwall, Conquest
		"terrain":   {len(annasgen.Ruleset.Terrain), len(annasgen.Ruleset.Terrain) + 1},
		"map":       {len(annasgen.Ruleset.Maps), len(annasgen.Ruleset.Maps) + 1},
		"boss":      {len(annasgen.Ruleset.Bosses), len(annasgen.Ruleset.Bosses) + 1},
		"boss-card": {len(annasgen.Ruleset.BossCards), len(annasgen.Ruleset.BossCards) + 3},
	}
	got := map[string]int{"unit": len(rs.Units), "tag": len(rs.Tags), "terrain": len(rs.Terrain), "map": len(rs.Maps), "boss": len(rs.Bosses), "boss-card": len(rs.BossCards)}
	for k, w := range want {
		if got[k] != w[1] || res.Counts[k] != w[1] {
			t.Errorf("%s: ruleset has %d, summary counts %d, want %d (base %d)", k, got[k], res.Counts[k], w[1], w[0])
		}
	}
	if len(res.Overrides) != 1 || res.Overrides[0].Target != "annas-base/chrom" || res.Overrides[0].By.Pack.ID != "valm-conquest" {
		t.Errorf("overrides %+v, want exactly annas-base/chrom by valm-conquest", res.Overrides)
	}
}

// TestGeneratedIsMergedRuleset: valm.Ruleset (written by `roundtable gen
// examples/annas-expansion/pack --out examples/annas-expansion/valm
// --package valm`) equals the ruleset compiled at run time.
func TestGeneratedIsMergedRuleset(t *testing.T) {
	res := compileExample(t)
	if !reflect.DeepEqual(res.Ruleset, valm.Ruleset) {
		t.Error("examples/annas-expansion/valm is stale; run: go run ./cmd/roundtable gen examples/annas-expansion/pack --out examples/annas-expansion/valm --package valm")
	}
}

// TestMergedKeepsBaseIndexes: every base entity keeps its index, the
// override replaces Chrom in place, and new entities come after the base's.
func TestMergedKeepsBaseIndexes(t *testing.T) {
	rs := valm.Ruleset
	for i, u := range annasgen.Ruleset.Units {
		if rs.Units[i].ID != u.ID {
			t.Fatalf("unit %d is %q, base has %q", i, rs.Units[i].ID, u.ID)
		}
	}
	c := rs.UnitIndex("chrom")
	if c != annasgen.Ruleset.UnitIndex("chrom") {
		t.Errorf("chrom moved from %d to %d", annasgen.Ruleset.UnitIndex("chrom"), c)
	}
	// The override's stats: DEF 4 where the base has 3; it carries Conquest.
	if got := rs.Units[c].Stats; got != (annastable.Stats{HP: 10, ATK: 6, SPD: 5, DEF: 4}) {
		t.Errorf("chrom stats %+v, want the override's {10 6 5 4}", got)
	}
	if annasgen.Ruleset.Units[c].Stats.DEF != 3 {
		t.Errorf("base chrom DEF %d, want 3", annasgen.Ruleset.Units[c].Stats.DEF)
	}
	// valm-arms (required, fetched by source) comes after the base and
	// before the expansion: its Shieldwall, then Conquest.
	base := len(annasgen.Ruleset.Tags)
	if got := rs.TagIndex("shieldwall"); got != base {
		t.Errorf("shieldwall is tag %d, want %d (after the base tags)", got, base)
	}
	conquest := rs.TagIndex("conquest")
	if conquest != base+1 {
		t.Errorf("conquest is tag %d, want %d (after valm-arms' tag)", conquest, base+1)
	}
	if w := rs.UnitIndex("walhart"); !rs.Units[w].Tags.Has(rs.TagIndex("shieldwall")) {
		t.Error("walhart lacks valm-arms' shieldwall")
	}
	if !rs.Units[c].Tags.Has(conquest) {
		t.Error("the overriding chrom lacks the conquest tag")
	}
	w := rs.UnitIndex("walhart")
	if w < len(annasgen.Ruleset.Units) || !rs.Units[w].Legendary {
		t.Errorf("walhart at %d (legendary %v), want a legendary after the %d base units", w, w >= 0 && rs.Units[w].Legendary, len(annasgen.Ruleset.Units))
	}
}
