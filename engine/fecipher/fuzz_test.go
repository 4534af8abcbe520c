package fecipher_test

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play/playtest"
)

// FuzzLoadPosition: any bytes as a versus position are refused with a
// position error, or load and take a random and a greedy step and read
// back (playtest.FuzzPositions); seeds are real positions, the scenarios'
// and the hostile corpus.
func FuzzLoadPosition(f *testing.F) {
	playtest.FuzzPositions(f, hostileGame, "testdata/scenarios", "testdata/hostile-positions")
}
