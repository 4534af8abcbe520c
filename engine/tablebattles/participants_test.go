package tablebattles

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	tbgen "github.com/roundtable-dev/roundtable/generated/tablebattles"
)

// TestParticipantsAreTheScenarioFormations: each side lists its formations
// of the scenario (content/tablebattles/scenarios, ylisse-ford), special
// ones included, before and after a game.
func TestParticipantsAreTheScenarioFormations(t *testing.T) {
	rs := tbgen.Ruleset
	g := New(rs, rs.Scenario("ylisse-ford"), 3)
	want := [][]string{
		{"chrom-vanguard", "frederick-knights", "sumia-pegasi", "shepherd-archers", "vaike-axes", "ylisse-ballistae", "lon-qu-blades"},
		{"gangrel-guard", "plegian-lancers", "plegian-mages", "wyvern-riders", "plegian-dark-knights", "gangrel-herald", "grima-cultists"},
	}
	if got := g.Participants(); !reflect.DeepEqual(got, want) {
		t.Fatalf("at the start: %v, want %v", got, want)
	}
	pols := []play.Policy{Battle.Policies["greedy"](3, 0), Battle.Policies["greedy"](3, 1)}
	for !g.Over() {
		if err := g.Apply(pols[g.ToMove()].Choose(g)); err != nil {
			t.Fatal(err)
		}
	}
	if got := g.Participants(); !reflect.DeepEqual(got, want) {
		t.Fatalf("at the end: %v, want %v", got, want)
	}
}

// withoutRNG is g's position as a map, less the random source's state.
func withoutRNG(t *testing.T, g *Game) (map[string]any, string) {
	t.Helper()
	b, err := json.Marshal(g.Position())
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	rng, _ := m["rng"].(string)
	delete(m, "rng")
	return m, rng
}

// TestDeterminizeRedrawsOnlyTheDiceToCome: a determinization is the same
// battle (every formation, die on a card, die of the roll being placed and
// pool) with another random source, at every kind of decision; the match
// itself keeps its own.
func TestDeterminizeRedrawsOnlyTheDiceToCome(t *testing.T) {
	rs := tbgen.Ruleset
	g := New(rs, 0, 5)
	pol := Battle.Policies["random"](5, 0)
	phases := map[Phase]bool{}
	rng := rand.New(rand.NewPCG(1, 2))
	for step := 0; !g.Over() && step < 200; step++ {
		want, wantRNG := withoutRNG(t, g)
		for k := range 3 {
			d := g.Determinize(g.ToMove(), rng).(*Game)
			got, gotRNG := withoutRNG(t, d)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("step %d: the determinization is another battle:\n%v\nwant\n%v", step, got, want)
			}
			if gotRNG == wantRNG {
				t.Fatalf("step %d, determinization %d: the random source is the match's", step, k)
			}
			if _, after := withoutRNG(t, g); after != wantRNG {
				t.Fatalf("step %d: Determinize changed the match's random source", step)
			}
		}
		phases[g.Phase()] = true
		if err := g.Apply(pol.Choose(g)); err != nil {
			t.Fatal(err)
		}
	}
	for _, ph := range []Phase{PhaseAction, PhaseReaction, PhaseRoll} {
		if !phases[ph] {
			t.Errorf("no determinization was made in phase %s", ph)
		}
	}
}
