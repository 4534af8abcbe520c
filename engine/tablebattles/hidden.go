package tablebattles

import "github.com/roundtable-dev/roundtable/engine/play"

// Hidden is what no seat of a battle may see, read from the true position
// of m (a *Game or a match that wraps one, play.Wrapper), for the tests
// that hold every answer to a seat to it: the random source's state (the
// dice to come). Everything else is on the table (rulebook: Set-Up, Roll
// Phase).
func Hidden(m play.Match, seat int) []string {
	return []string{play.Unwrap(m).Position().(*Position).RNG}
}
