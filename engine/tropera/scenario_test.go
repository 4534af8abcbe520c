package tropera_test

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	. "github.com/roundtable-dev/roundtable/engine/tropera"
)

// TestScenarios runs the rule tests written as position + actions +
// expectations (testdata/scenarios), each naming its rulebook passage.
func TestScenarios(t *testing.T) {
	playtest.Scenarios(t, "testdata/scenarios", playtest.Game{ID: "tropera", Modes: Modes, Rules: rs})
}
