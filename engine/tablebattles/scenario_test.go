package tablebattles

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	tbgen "github.com/roundtable-dev/roundtable/generated/tablebattles"
)

// TestScenarios runs the rule tests written as scenario files
// (testdata/scenarios): a position of the base content, the actions taken,
// what must hold afterwards, and the rulebook passage each one checks.
func TestScenarios(t *testing.T) {
	playtest.Scenarios(t, "testdata/scenarios", playtest.Game{ID: "table-battles", Modes: []play.Mode{Battle}, Rules: tbgen.Ruleset})
}
