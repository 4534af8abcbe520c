package battlecrest

import "github.com/roundtable-dev/roundtable/engine/play"

// Greedy tries each option of a decision: on a copy of the game it takes
// the option, lets the rest of the current player action take the first
// option of every later decision, and keeps the option whose outcome
// scores best for the seat deciding. Options are ordered so that the first
// is a sensible default (destinations nearest the enemy, both abilities,
// further targets, the best defense card).
type Greedy struct{}

// NewGreedy is the play.PolicyMaker of Greedy; it draws no random numbers.
func NewGreedy(uint64, int) play.Policy { return Greedy{} }

// Choose implements play.Policy.
func (Greedy) Choose(m play.Match) int {
	g, ok := m.(*Game)
	if !ok || len(g.opts) < 2 {
		return 0
	}
	p := g.toMove
	best, bi := 0.0, -1
	for i := range g.opts {
		c := g.lookAhead()
		c.choose(c.opts[i])
		c.advance(true)
		for !c.over && len(c.opts) > 0 {
			c.choose(c.opts[0])
			c.advance(true)
		}
		if v := c.Rate(p); bi < 0 || v > best {
			best, bi = v, i
		}
	}
	return bi
}

// Rate rates the game for player p: damage dealt and taken, minions,
// ready action cards and closeness to the enemy hero.
func (g *Game) Rate(p int) float64 {
	q := 1 - p
	switch {
	case g.over && g.Winner == p:
		return 1000
	case g.over && g.Winner == q:
		return -1000
	}
	v := 10 * float64(g.Taken(q)-g.Taken(p))
	minion := func(x int) float64 {
		m := g.W[2*x+1]
		switch {
		case !g.P[x].Set.HasMinion:
			return 0
		case !m.Alive:
			return 2
		case m.Wounded:
			return 1
		}
		return 0
	}
	v += 6 * (minion(q) - minion(p))
	for _, c := range g.P[p].Cards {
		if !c.Exhausted {
			v++
		}
	}
	if d := Dist(g.W[2*p].Pos, g.W[2*q].Pos); d > 2 {
		v -= 0.5 * float64(d-2)
	}
	return v
}
