package tablebattles

import "fmt"

// Score implements play.Scorer: the side's morale cubes (a side whose
// morale runs out loses; rulebook, Victory) and the dice in its pool.
func (g *Game) Score(seat int) string {
	if seat < 0 || seat > 1 {
		return ""
	}
	return fmt.Sprintf("morale %d · %d dice", g.S[seat].Morale, g.S[seat].Pool)
}
