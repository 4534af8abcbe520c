package tablebattles

import (
	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
)

// Greedy takes the action that does the most harm now, reacts with
// counterattacks first, and places dice where they make an action possible.
// It draws no random numbers.
type Greedy struct{}

// Choose implements play.Policy.
func (Greedy) Choose(m play.Match) int {
	g := m.(*Game)
	cs := g.legal()
	best, bestScore := len(cs)-1, 0 // pass, no reaction, place nothing
	for i, c := range cs {
		score := 0
		switch c.kind {
		case chooseMove:
			score = g.scoreMove(c.move)
		case chooseReaction:
			score = g.scoreReaction(c.react)
		case choosePlace:
			score = g.scorePlace(c.place)
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

func (g *Game) scoreMove(m Move) int {
	f := g.F[m.F]
	switch {
	case m.Action == Retire:
		if f.Units == 1 {
			return 1
		}
		return 0
	case m.Null:
		// Waiting dice: free them when the pool runs dry or the card is
		// full, the more dice the better.
		if len(f.Dice) >= 5 || g.S[f.Side].Pool == 0 {
			return 1 + len(f.Dice)
		}
		return 0
	}
	a := &f.Def.Actions[m.Action]
	switch a.Type {
	case table.Attack:
		t := g.target(a)
		h := hitsOf(a, max(len(f.Dice), 1))
		score := 10 + 3*h - 2*int(a.Self)
		if h >= t.Units {
			score += 20
			if t.Def.Star {
				score += 10
			}
		}
		return score
	case table.Bombard:
		return 15
	case table.Command:
		return 12
	}
	return 0
}

// scoreReaction: counterattacks first, then absorbs by a stronger
// formation, then screens.
func (g *Game) scoreReaction(o Reaction) int {
	r := g.F[o.F]
	switch r.Def.Actions[o.Action].Type {
	case table.Counterattack:
		return 3
	case table.Absorb:
		return 1 + min(r.Units, 5)/2
	case table.Screen:
		return 2
	}
	return 1
}

func (g *Game) scorePlace(p Placement) int {
	f := g.F[p.F]
	if f.Def.Special {
		return 4
	}
	score := len(p.Dice)
	after := append(append([]int(nil), f.Dice...), p.Dice...)
	for ai := range f.Def.Actions {
		a := &f.Def.Actions[ai]
		if !Meets(f.Dice, a.Requirement) && Meets(after, a.Requirement) {
			score += 6
		}
		if a.PerDie {
			score += len(p.Dice)
		}
	}
	return score
}
