package fecipher_test

import (
	"testing"

	. "github.com/roundtable-dev/roundtable/engine/fecipher"
	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	fecgen "github.com/roundtable-dev/roundtable/generated/fecipher"
)

var rs = fecgen.Ruleset

// invariants is the game's own check after every action.
func invariants(t testing.TB, m play.Match) {
	t.Helper()
	if err := m.(*Match).G.Invariants(); err != nil {
		t.Fatalf("turn %d: %v", m.Turn(), err)
	}
}

// TestConformance plays seeded matches of the sample decks through the
// game contract: positions round-trip, clones and replays agree, every
// action Legal offers is accepted, the invariants hold after each.
func TestConformance(t *testing.T) {
	playtest.Conformance(t, playtest.Setup{Game: "fe-cipher", Mode: Versus, Rules: rs, Seeds: 60, Check: invariants})
}

// TestScenarios runs the rule scenarios of testdata/scenarios.
func TestScenarios(t *testing.T) {
	playtest.Scenarios(t, "testdata/scenarios", playtest.Game{ID: "fe-cipher", Modes: Modes, Rules: rs})
}
