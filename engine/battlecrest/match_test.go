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
