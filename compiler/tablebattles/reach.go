package tablebattles

import "github.com/roundtable-dev/roundtable/engine/tablebattles/table"

// maxDice is the most dice a side may have (schema: a special rule's dice).
const maxDice = 12

// shapes lists what one placement can add to a card with dice area a, as
// counts per face (Roll Phase: one placement per card a turn; Dice Area).
func shapes(a table.DiceArea) [][7]int {
	var out [][7]int
	for f := 1; f <= 6; f++ {
		if !a.HasFace(f) {
			continue
		}
		most := maxDice
		if a.Single {
			most = 1
		}
		for n := 1; n <= most; n++ {
			var c [7]int
			c[f] = n
			out = append(out, c)
		}
	}
	for f := 1; f <= 6; f++ {
		if a.Doubles {
			var c [7]int
			c[f] = 2
			out = append(out, c)
		}
		if a.Triples {
			var c [7]int
			c[f] = 3
			out = append(out, c)
		}
	}
	for n := 2; n <= 6; n++ {
		if a.Straights&(1<<n) == 0 {
			continue
		}
		for lo := 1; lo+n-1 <= 6; lo++ {
			var c [7]int
			for f := lo; f < lo+n; f++ {
				c[f] = 1
			}
			out = append(out, c)
		}
	}
	return out
}

// needs is the fewest dice a card with dice area a must hold for
// requirement r to be met, dice gathering on it one placement a turn (they
// stay until the formation acts); table.NeverMet when maxDice cannot, and
// 0 for no requirement or an area that did not parse (reported already).
func needs(a table.DiceArea, r table.Requirement) int8 {
	ps := shapes(a)
	if r == table.None || len(ps) == 0 {
		return 0
	}
	// Breadth first by the number of dice held: the first state that meets
	// r holds the fewest.
	byTotal := make([][][7]int, maxDice+1)
	seen := map[[7]int]bool{}
	byTotal[0] = [][7]int{{}}
	for total := 0; total <= maxDice; total++ {
		for _, c := range byTotal[total] {
			if r.MetBy(&c) {
				return int8(total)
			}
			for _, p := range ps {
				next, n := c, total
				for f := 1; f <= 6; f++ {
					next[f] += p[f]
					n += p[f]
				}
				if n <= maxDice && !seen[next] {
					seen[next] = true
					byTotal[n] = append(byTotal[n], next)
				}
			}
		}
	}
	return table.NeverMet
}
