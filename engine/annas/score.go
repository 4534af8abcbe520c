package annas

import (
	"fmt"
)

// Score implements play.Scorer from what every seat sees: a versus
// player's VP (tokens and VP cards, rulebook VII), coins and Dragon Vein;
// in Boss Mode a player's Dragon Vein and units lost, the boss's lives.
func (m *Match) Score(seat int) string {
	v := m.G.View(-1)
	if seat >= 0 && seat < len(v.Players) {
		pl := v.Players[seat]
		if v.Boss != nil {
			return fmt.Sprintf("%d DV · %d lost", pl.DV, pl.Lost)
		}
		vp := pl.VPTokens
		for _, c := range pl.VPCards {
			vp += c
		}
		return fmt.Sprintf("%d VP · %d coins · %d DV", vp, pl.Coins, pl.DV)
	}
	if v.Boss != nil && seat == len(v.Players) {
		if v.Boss.Lives == 1 {
			return "1 life"
		}
		return fmt.Sprintf("%d lives", v.Boss.Lives)
	}
	return ""
}
