package fecipher

import "fmt"

// Score implements play.Scorer from what every seat sees: the player's
// orbs left (rulebook: a player with no orb left whose main character is
// hit loses), and the cards of its deck and hand.
func (m *Match) Score(seat int) string {
	if seat < 0 || seat > 1 {
		return ""
	}
	p := m.G.P[seat]
	return fmt.Sprintf("%d orbs · deck %d · hand %d", len(p.Orbs), len(p.Deck), len(p.Hand))
}
