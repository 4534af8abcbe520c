package annas

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	annasgen "github.com/roundtable-dev/roundtable/generated/annas"
)

// TestScenarios runs the rule tests written as scenario files
// (testdata/scenarios/*.yaml: a position, the actions taken from it and
// what must hold after), each naming its rulebook passage, on the base
// content.
func TestScenarios(t *testing.T) {
	playtest.Scenarios(t, "testdata/scenarios", playtest.Game{ID: "annas", Modes: Modes, Rules: annasgen.Ruleset})
}
