package tablebattles

import (
	"reflect"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
)

func compileBase(t *testing.T) *table.Ruleset {
	t.Helper()
	p, diags := compiler.BasePack(Game)
	res, more := compiler.Compile([]*compiler.Pack{p})
	diags = append(diags, more...)
	if len(diags) > 0 {
		t.Fatalf("base content has diagnostics: %+v", diags)
	}
	return res.Ruleset.(*table.Ruleset)
}

// The base scenarios cover every dice-area form, action type, requirement,
// reserve kind, retire, pursuit, stars, voluntary reactions, special
// formations of every size and every kind of special rule effect, with 6 to
// 12 formations a side.
func TestBaseContentCoverage(t *testing.T) {
	rs := compileBase(t)
	if len(rs.Scenarios) < 3 {
		t.Errorf("%d scenarios, want at least 3", len(rs.Scenarios))
	}
	for _, s := range rs.Scenarios {
		for _, side := range s.Sides {
			if n := len(side.Formations); n < 6 || n > 12 {
				t.Errorf("scenario %s side %s has %d formations, want 6 to 12", s.ID, side.ID, n)
			}
		}
	}
	if gi := rs.Scenario("gronder-field"); gi < 0 || rs.Scenarios[gi].Sides[0].Dice != 5 || rs.Scenarios[gi].Sides[1].Dice != 6 {
		t.Error("gronder-field's special rule should give the eagles 5 dice and the lions 6")
	}
	if ai := rs.Scenario("ashen-pass"); ai < 0 || rs.Scenarios[ai].Sides[0].Dice != 7 || len(rs.Scenarios[ai].Special) != 5 {
		t.Error("ashen-pass's special rules should give the ashfolk 7 dice, in five rules")
	}
	seen := map[string]bool{}
	mark := func(k string) { seen[k] = true }
	for _, f := range rs.Formations {
		d := f.Dice
		switch {
		case d.Single:
			mark("area (n)")
		case d.Doubles && d.Triples:
			mark("area Doubles, Triples")
		case d.Doubles:
			mark("area Doubles")
		case d.Triples:
			mark("area Triples")
		case d.Straights == 1<<3:
			mark("area Straight-3")
		case d.Straights == 1<<4:
			mark("area Straight-4")
		case d.Src == "1-3" || d.Src == "4-6" || d.Src == "1-2":
			mark("area range")
		case len(d.Src) == 3 && d.Src[1] == '/':
			mark("area n/m")
		case len(d.Src) == 1:
			mark("area n")
		}
		if f.Special {
			mark("special " + []string{"", "I", "II", "III"}[f.Strength])
		}
		if f.Star {
			mark("star")
		}
		if f.Retire {
			mark("retire")
		}
		if f.Pursuit {
			mark("pursuit")
		}
		mark("reserve " + []string{"none", "behind", "commanded"}[f.Reserve])
		for _, a := range f.Actions {
			mark("action " + a.Type.String())
			mark("requirement " + a.Requirement.String())
			if a.Voluntary {
				mark("voluntary")
			}
			if a.PerDie {
				mark("effect per die")
			}
			if a.Self > 0 {
				mark("effect self")
			}
			if a.Any {
				mark("targets any")
			}
		}
	}
	for _, sc := range rs.Scenarios {
		for _, sp := range sc.Special {
			for _, e := range sp.Effects {
				mark("special rule " + e.Kind.String())
			}
		}
	}
	want := []string{"area (n)", "area Doubles, Triples", "area Doubles", "area Triples", "area Straight-3", "area Straight-4",
		"area range", "area n/m", "area n", "special I", "special II", "special III", "star", "retire", "pursuit",
		"reserve behind", "reserve commanded", "voluntary", "effect per die", "effect self", "targets any"}
	for _, n := range table.ActionNames {
		want = append(want, "action "+n)
	}
	for _, n := range table.RequirementNames[1:] {
		want = append(want, "requirement "+n)
	}
	for _, n := range table.EffectNames[1:] {
		want = append(want, "special rule "+n)
	}
	for _, w := range want {
		if !seen[w] {
			t.Errorf("base content has no %s", w)
		}
	}
}

// TestSpecialRuleEffects: the Ashen Pass's special rules compile to the
// effects the engine applies; its dice are folded into the side.
func TestSpecialRuleEffects(t *testing.T) {
	rs := compileBase(t)
	sc := &rs.Scenarios[rs.Scenario("ashen-pass")]
	idx := func(id string) int16 {
		for i, f := range rs.Formations {
			if f.ID == id {
				return int16(i)
			}
		}
		t.Fatalf("no formation %s", id)
		return -1
	}

	want := [][]table.Effect{
		{{Kind: table.Forbid, Sides: 1 << 0, Actions: 1 << table.Attack, To: 4}},
		{{Kind: table.MustReact, Formations: []int16{idx("gate-wardens")}, Actions: 1 << table.Screen}},
		{{Kind: table.RoutMorale, Formations: []int16{idx("horn-bearers")}, Value: 3}},
		{{Kind: table.MayDecline, Formations: []int16{idx("ash-shields")}, Actions: 1 << table.Absorb}},
		{{Kind: table.Forbid, Sides: 1 << 1, Actions: table.RetireBit}},
	}
	for i, w := range want {
		if got := sc.Special[i].Effects; !reflect.DeepEqual(got, w) {
			t.Errorf("special rule %d (%q): effects %+v, want %+v", i+1, sc.Special[i].Text, got, w)
		}
	}
	if sc.Sides[0].Dice != 7 || sc.Sides[1].Dice != 6 {
		t.Errorf("dice %d and %d, want 7 and 6", sc.Sides[0].Dice, sc.Sides[1].Dice)
	}

}
