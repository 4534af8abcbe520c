package battlecrest

import "fmt"

// Score implements play.Scorer: the damage the seat's hero has taken
// since the start (the result's scores count it for the other side).
func (g *Game) Score(seat int) string {
	if seat < 0 || seat > 1 {
		return ""
	}
	return fmt.Sprintf("%d damage taken", g.Taken(seat))
}
