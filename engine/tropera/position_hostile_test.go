package tropera_test

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	. "github.com/roundtable-dev/roundtable/engine/tropera"
)

// TestHostilePositions: each file of testdata/hostile-positions (battle and
// levelup) is refused with its exact file:line:col message; the issue's
// battle cut after line 20 panicked and after line 45 loaded with every
// enemy missing (issue 35).
func TestHostilePositions(t *testing.T) {
	playtest.HostilePositions(t, "testdata/hostile-positions", playtest.Game{ID: "tropera", Modes: Modes, Rules: rs})
}
