package annas

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	annasgen "github.com/roundtable-dev/roundtable/generated/annas"
)

// TestHostilePositions: each file of testdata/hostile-positions (versus and
// boss) is refused with its exact file:line:col message (issue 35).
func TestHostilePositions(t *testing.T) {
	playtest.HostilePositions(t, "testdata/hostile-positions", playtest.Game{ID: "annas", Modes: Modes, Rules: annasgen.Ruleset})
}
