package tablebattles

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	tbgen "github.com/roundtable-dev/roundtable/generated/tablebattles"
)

// FuzzLoadPosition: any bytes as a battle position are refused with a
// position error, or load and take a random and a greedy step and read
// back (playtest.FuzzPositions); seeds are real positions, the scenarios'
// and their position files, and the hostile corpus.
func FuzzLoadPosition(f *testing.F) {
	playtest.FuzzPositions(f, playtest.Game{ID: "table-battles", Modes: []play.Mode{Battle}, Rules: tbgen.Ruleset},
		"testdata/scenarios", "testdata/positions", "testdata/hostile-positions")
}
