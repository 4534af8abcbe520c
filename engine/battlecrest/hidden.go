package battlecrest

import (
	"fmt"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// Hidden is what no seat may see, read from the true position of m (a
// *Game or a match that wraps one, play.Wrapper), for the tests that hold
// every answer to a seat to it: the random source's state. The rulebook
// has no hand, deck or die; the landmarks and the first player were drawn
// at setup in plain view.
func Hidden(m play.Match, seat int) []string {
	g, ok := play.Unwrap(m).(*Game)
	if !ok {
		panic(fmt.Sprintf("battlecrest: %T is not a battlecrest match", m))
	}
	return []string{g.position().RNG}
}
