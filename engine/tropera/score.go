package tropera

import "fmt"

// Score implements play.Scorer: the side's units still in the battle (on
// the map or to place) of all it fielded, and the round.
func (b *Battle) Score(seat int) string {
	if seat != Party && seat != Enemy {
		return ""
	}
	side := b.Seats()[seat].Name
	p := b.Position().(Position)
	in, all := 0, 0
	for _, u := range p.Units {
		if u.Side != side {
			continue
		}
		all++
		if u.Off == "" {
			in++
		}
	}
	return fmt.Sprintf("%d of %d units in the battle · round %d", in, all, b.round)
}

// Score implements play.Scorer: the level reached of the level to reach.
func (l *Leveling) Score(seat int) string {
	if seat != 0 {
		return ""
	}
	p := l.Position().(LevelingPos)
	return fmt.Sprintf("level %d of %d", p.Level, p.Target)
}
