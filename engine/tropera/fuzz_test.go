package tropera_test

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	. "github.com/roundtable-dev/roundtable/engine/tropera"
)

// FuzzLoadPosition: any bytes as a battle or level-up position are refused
// with a position error, or load and take a random and a greedy step and
// read back (playtest.FuzzPositions); seeds are real positions, the
// scenarios', the docs example and the hostile corpus.
func FuzzLoadPosition(f *testing.F) {
	playtest.FuzzPositions(f, playtest.Game{ID: "tropera", Modes: Modes, Rules: rs},
		"testdata/scenarios", "testdata/hostile-positions", "../../docs/examples")
}
