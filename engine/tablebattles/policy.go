package tablebattles

import (
	"math/rand/v2"

	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
)

// Policies are the built-in players, by name.
var Policies = map[string]func(seed int64) Policy{
	"random": func(seed int64) Policy { return &Random{rng: rand.New(rand.NewPCG(uint64(seed), 0x5eed))} },
	"greedy": func(int64) Policy { return Greedy{} },
}

// Random picks uniformly among the options, "none" included.
type Random struct{ rng *rand.Rand }

// Name implements Policy.
func (*Random) Name() string { return "random" }

// Action implements Policy.
func (r *Random) Action(_ *Game, opts []Move) int { return r.rng.IntN(len(opts)+1) - 1 }

// React implements Policy.
func (r *Random) React(_ *Game, opts []Reaction) int { return r.rng.IntN(len(opts)+1) - 1 }

// Place implements Policy.
func (r *Random) Place(_ *Game, opts []Placement) int { return r.rng.IntN(len(opts)+1) - 1 }

// Greedy takes the move that does the most harm now and places dice where
// they make an attack possible.
type Greedy struct{}

// Name implements Policy.
func (Greedy) Name() string { return "greedy" }

// Action implements Policy.
func (Greedy) Action(g *Game, opts []Move) int {
	best, bestScore := -1, 0
	for i, m := range opts {
		f := g.F[m.F]
		score := 0
		switch {
		case m.Action == Retire:
			if f.Units == 1 {
				score = 1
			}
		case m.Null:
			// Waiting dice: free them when the pool runs dry or the card is
			// full, the more dice the better.
			if len(f.Dice) >= 5 || g.S[f.Side].Pool == 0 {
				score = 1 + len(f.Dice)
			}
		default:
			a := &f.Def.Actions[m.Action]
			switch a.Type {
			case table.Attack:
				t := g.target(a)
				h := hitsOf(a, max(len(f.Dice), 1))
				score = 10 + 3*h - 2*int(a.Self)
				if h >= t.Units {
					score += 20
					if t.Def.Star {
						score += 10
					}
				}
			case table.Bombard:
				score = 15
			case table.Command:
				score = 12
			}
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

// React implements Policy: counterattacks first, then absorbs by a stronger
// formation, then screens.
func (Greedy) React(g *Game, opts []Reaction) int {
	best, bestScore := -1, 0
	for i, o := range opts {
		r := g.F[o.F]
		score := 1
		switch r.Def.Actions[o.Action].Type {
		case table.Counterattack:
			score = 3
		case table.Absorb:
			score = 1 + min(r.Units, 5)/2
		case table.Screen:
			score = 2
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

// Place implements Policy.
func (Greedy) Place(g *Game, opts []Placement) int {
	best, bestScore := -1, 0
	for i, p := range opts {
		f := g.F[p.F]
		score := len(p.Dice)
		if f.Def.Special {
			score = 4
		} else {
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
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}
