package battlecrest

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
)

func invariants(t testing.TB, m play.Match) {
	if err := m.(*Game).Invariants(); err != nil {
		t.Fatalf("turn %d: %v", m.Turn(), err)
	}
}

// TestConformance plays the versus mode through the game contract: random
// and greedy policies, positions written and read back, clones, replays.
func TestConformance(t *testing.T) {
	seeds := 60
	if testing.Short() {
		seeds = 10
	}
	playtest.Conformance(t, playtest.Setup{Game: GameID, Mode: Versus, Rules: rs, Seeds: seeds, Check: invariants})
}

// TestConformanceMirror plays a hero set against itself: its warriors get
// seat-marked ids so that action texts stay distinct.
func TestConformanceMirror(t *testing.T) {
	playtest.Conformance(t, playtest.Setup{Game: GameID, Mode: Versus, Rules: rs, Seeds: 6, Check: invariants,
		Flags: map[string][]string{"hero-set": {"hollis", "hollis"}}})
}

// TestScenarios runs the rule tests written as position + actions files.
func TestScenarios(t *testing.T) {
	playtest.Scenarios(t, "testdata/scenarios", playtest.Game{ID: GameID, Modes: Modes, Rules: rs})
}

// TestNothingHiddenAfterSetup: Battlecrest is not a play.Determinizer
// because nothing is hidden once the game is set up: the rulebook's only
// chance is the landmarks' places and the first player (Setup: "randomly
// place one Landmark Card", "Randomly choose a player to go first"), both
// in plain view, and there are no cards in hand and no dice. So the random
// source is never drawn from again: its state in the position stays that
// of the start through whole games of either policy.
func TestNothingHiddenAfterSetup(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		pol := "random"
		if seed%2 == 0 {
			pol = "greedy"
		}
		m, err := Versus.New(rs, play.Options{Seed: seed, Quiet: true})
		if err != nil {
			t.Fatal(err)
		}
		g := m.(*Game)
		start := g.position().RNG
		if start == "" {
			t.Fatal("the position has no random source")
		}
		pols := []play.Policy{Versus.Policies[pol](seed, 0), Versus.Policies[pol](seed, 1)}
		for n := 0; !g.Over() && n < 5000; n++ {
			if err := g.Apply(pols[g.ToMove()].Choose(g)); err != nil {
				t.Fatal(err)
			}
			if got := g.position().RNG; got != start {
				t.Fatalf("seed %d (%s), action %d: the random source was drawn from after setup", seed, pol, n+1)
			}
		}
		if !g.Over() {
			t.Fatalf("seed %d: not over after 5000 actions", seed)
		}
	}
}
