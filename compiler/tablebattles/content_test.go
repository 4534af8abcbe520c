package tablebattles

import (
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
// reserve kind, retire, pursuit, stars, voluntary reactions and special
// formations of every size, with 6 to 12 formations a side.
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
	want := []string{"area (n)", "area Doubles, Triples", "area Doubles", "area Triples", "area Straight-3", "area Straight-4",
		"area range", "area n/m", "area n", "special I", "special II", "special III", "star", "retire", "pursuit",
		"reserve behind", "reserve commanded", "voluntary", "effect per die", "effect self", "targets any"}
	for _, n := range table.ActionNames {
		want = append(want, "action "+n)
	}
	for _, n := range table.RequirementNames[1:] {
		want = append(want, "requirement "+n)
	}
	for _, w := range want {
		if !seen[w] {
			t.Errorf("base content has no %s", w)
		}
	}
}
