package battlecrest

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play/playtest"
)

// TestHostilePositions: each file of testdata/hostile-positions is refused
// with its exact file:line:col message (issue 35).
func TestHostilePositions(t *testing.T) {
	playtest.HostilePositions(t, "testdata/hostile-positions", playtest.Game{ID: GameID, Modes: Modes, Rules: rs})
}
