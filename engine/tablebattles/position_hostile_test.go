package tablebattles

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	tbgen "github.com/roundtable-dev/roundtable/generated/tablebattles"
)

// TestHostilePositions: each file of testdata/hostile-positions is refused
// with its exact file:line:col message (issue 35).
func TestHostilePositions(t *testing.T) {
	playtest.HostilePositions(t, "testdata/hostile-positions", playtest.Game{ID: "table-battles", Modes: []play.Mode{Battle}, Rules: tbgen.Ruleset})
}
