package annas

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	annasgen "github.com/roundtable-dev/roundtable/generated/annas"
)

// FuzzLoadPosition: any bytes as a versus or boss position are refused
// with a position error, or load and take a random and a greedy step and
// read back (playtest.FuzzPositions); seeds are real positions, the
// scenarios' and the hostile corpus.
func FuzzLoadPosition(f *testing.F) {
	playtest.FuzzPositions(f, playtest.Game{ID: "annas", Modes: Modes, Rules: annasgen.Ruleset}, "testdata/scenarios", "testdata/hostile-positions")
}
