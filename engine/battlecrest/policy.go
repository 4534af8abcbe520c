package battlecrest

import "slices"

// Policy makes a player's choices. labels describe the options; what names
// the choice point (action, move, abilities, attack, defend, star, march,
// force).
type Policy interface {
	Choose(g *Game, player int, what string, labels []string) int
}

// Random picks uniformly with the game's seeded source.
type Random struct{}

// Choose implements Policy.
func (Random) Choose(g *Game, _ int, _ string, labels []string) int { return g.Rng.IntN(len(labels)) }

// Greedy tries each option: it replays the current player action with that
// choice, lets later choices take their default (the first option), and
// keeps the option whose outcome scores best for it.
type Greedy struct{}

// Choose implements Policy.
func (Greedy) Choose(g *Game, p int, _ string, labels []string) int {
	if len(labels) == 1 || g.start == nil {
		return 0
	}
	best, bi := 0.0, -1
	for i := range labels {
		s := g.start.clone()
		s.sim = true
		s.script = append(slices.Clone(g.trail), i)
		s.playerAction()
		if v := s.Score(p); bi < 0 || v > best {
			best, bi = v, i
		}
	}
	return bi
}

// Score rates the game for player p: damage dealt and taken, minions,
// ready action cards and closeness to the enemy hero.
func (g *Game) Score(p int) float64 {
	q := 1 - p
	switch {
	case g.Over && g.Winner == p:
		return 1000
	case g.Over && g.Winner == q:
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
