package fecipher

import (
	"slices"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// Greedy deploys and attacks as much as it can: it bonds its cheapest card,
// class changes and deploys the costliest units it can pay for, and attacks
// with every unit, the main character first. Its decisions: redraw a hand
// without a cost-1 unit; a critical hit when doubling turns a loss into a
// win, an evasion that saves the main character or a unit of cost 3 or
// more, each with the cheapest same-name card (never a promoted one while
// another will do); discard the cheapest card; flip a bond whose symbol
// another face-up bond also shows, so that no colour is lost.
type Greedy struct{}

// NewGreedy is a play.PolicyMaker for Greedy.
func NewGreedy(uint64, int) play.Policy { return Greedy{} }

// Choose implements play.Policy.
func (Greedy) Choose(pm play.Match) int {
	m, ok := pm.(*Match)
	if !ok {
		return 0
	}
	g := m.G
	acts := m.Acts()
	if f := g.top1(); f != nil {
		return greedyChoice(g, f, acts)
	}
	p := g.Active
	pl := g.P[p]
	best, bestScore := len(acts)-1, 0 // the last action ends the phase
	for i, a := range acts {
		score := 0
		switch a.Kind {
		case ActBond:
			c := g.C(pl.Hand[a.Hand])
			score = 100 - 10*int(c.Cost)
			if !g.hasSymbol(p, pl.Hand[a.Hand]) {
				score += 50 // unlocks its symbol
			}
			if g.onFieldAs(p, pl.Hand[a.Hand]) != nil && !c.Promoted {
				score += 20 // a copy of a unit already out
			}
		case ActStack:
			c := g.C(pl.Hand[a.Hand])
			score = 300 + 10*int(c.Cost)
			if c.Promoted {
				score += 100
			}
			if value(c.Attack) <= value(g.C(a.Unit.Card()).Attack) {
				score = 0 // no stronger: keep the card for critical hits and evasion
			}
		case ActDeploy:
			c := g.C(pl.Hand[a.Hand])
			score = 200 + 10*int(c.Cost)
			want := Vanguard
			if !c.CanAttack() || c.MinRange >= 2 {
				want = Rearguard
			}
			if a.Area != want {
				score = 0
			}
		case ActSkill:
			score = 150
			if slices.Contains(a.Unit.Used, a.Skill) {
				score = 0 // once a turn is enough for greedy: repeatable skills could loop
			}
			r, _ := g.skillByKey(a.Unit, a.Skill)
			e := &g.skill(r).Effects[a.Effect]
			if e.Attack > 0 && e.Target == nil && (a.Unit.Tapped || len(a.Unit.Mods) > 0 || !g.CanAttack(a.Unit)) {
				score = 0 // a bonus it cannot use, or has
			}
			if e.Attack > 0 && e.Target == nil && !a.Unit.Tapped && len(a.Unit.Mods) == 0 && g.CanAttack(a.Unit) && score > 0 {
				score = 400
			}
		case ActCardSkill:
			score = 140 // a bond or hand skill: its card pays for it, or leaves
		case ActAttack:
			atk := g.Power(p, a.Unit, true, false)
			def := g.Power(Opp(p), a.Target, false, true)
			score = 100 + atk/10
			if atk >= def {
				score += 200
			}
			if a.Target.Main {
				score += 150
			}
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

// greedyChoice takes the decision of frame f.
func greedyChoice(g *Game, f *Frame, acts []Action) int {
	pl := g.P[f.Seat]
	pick := func(want func(Choice) bool) int {
		return max(0, slices.IndexFunc(acts, func(a Action) bool { return want(a.Choice) }))
	}
	cheapest := func() int {
		best := -1
		for i, a := range acts {
			c := a.Choice.Card
			if c < 0 {
				continue
			}
			if best < 0 || less(g, c, acts[best].Choice.Card) {
				best = i
			}
		}
		return best
	}
	switch f.Kind {
	case FrameRedraw:
		keep := slices.ContainsFunc(pl.Hand, func(c int) bool { return g.C(c).Cost == 1 })
		return pick(func(c Choice) bool { return c.Yes != keep })
	case FrameFlip:
		// Flip a bond whose symbol stays shown by another face-up bond.
		for i, a := range acts {
			if g.symbolKept(f.Seat, a.Choice.Card) {
				return i
			}
		}
		return 0
	case FrameDiscard, FrameRetrieve, FrameRevealCost:
		if f.Kind == FrameRetrieve {
			best := 0
			for i, a := range acts {
				if less(g, acts[best].Choice.Card, a.Choice.Card) {
					best = i
				}
			}
			return best
		}
		return cheapest()
	case FrameMay, FrameTarget, FrameTapCost:
		return 0
	case FrameCritical, FrameEvade:
		b := g.battle()
		atk, def := g.BattlePowers(b)
		want := atk < def && 2*atk >= def
		if f.Kind == FrameEvade {
			t, _ := g.unit(b.Defender)
			want = def <= atk && (t.Main || g.C(t.Card()).Cost >= 3)
		}
		if !want {
			return pick(func(c Choice) bool { return c.Card < 0 && c.Pick == 0 })
		}
		if i := cheapest(); i >= 0 {
			return i
		}
		return pick(func(c Choice) bool { return c.Pick > 0 }) // a skill's other cost
	}
	return 0
}

// less orders cards for discarding: unpromoted before promoted, then by cost.
func less(g *Game, a, b int) bool {
	ca, cb := g.C(a), g.C(b)
	if ca.Promoted != cb.Promoted {
		return !ca.Promoted
	}
	return ca.Cost < cb.Cost
}

// symbolKept reports whether flipping one face-up bond of card c leaves
// every symbol it shows on another face-up bond.
func (g *Game) symbolKept(p, c int) bool {
	skipped := false
	for _, s := range g.C(c).Symbols {
		found := false
		for _, b := range g.P[p].Bonds {
			if b.Reversed {
				continue
			}
			if b.Card == c && !skipped {
				skipped = true
				continue
			}
			if slices.Contains(g.C(b.Card).Symbols, s) {
				found = true
			}
		}
		skipped = false
		if !found {
			return false
		}
	}
	return true
}
