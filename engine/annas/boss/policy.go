package boss

import (
	"math/rand/v2"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/annas"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// CoOp is the built-in co-op choice-maker for the decisions the rulebook
// leaves to the players during boss turns and effects.
type CoOp struct{}

// AttackOrder keeps the board order (a1 first).
func (CoOp) AttackOrder(g *Game, ids []int32) []int32 {
	out := slices.Clone(ids)
	slices.SortFunc(out, func(a, b int32) int { return int(g.UnitByID(a).Tile) - int(g.UnitByID(b).Tile) })
	return out
}

// Corner picks the corner the unit has the best color matchup against,
// then one whose bar is not full, with the least HP left (a counter may
// finish it).
func (CoOp) Corner(g *Game, u *Unit, options []int) int {
	col := g.Rules.Units[u.Card].Color
	key := func(c int) (int, bool, int) {
		return annas.Advantage(col, g.b.Corners[c].Color), g.CornerLeft(c) > 0, -g.CornerLeft(c)
	}
	best := options[0]
	for _, c := range options[1:] {
		a1, l1, h1 := key(c)
		a2, l2, h2 := key(best)
		if a1 > a2 || a1 == a2 && (l1 && !l2 || l1 == l2 && h1 > h2) {
			best = c
		}
	}
	return best
}

// Range picks a distance the unit can counter at, else the first.
func (CoOp) Range(g *Game, u *Unit, options []int) int {
	for _, d := range options {
		if g.Rules.Units[u.Card].Range.Has(d) {
			return d
		}
	}
	return options[0]
}

// Bar picks the bar the damage does most to, then the one with least left.
func (CoOp) Bar(g *Game, dmg int, options []int) int {
	best := options[0]
	for _, c := range options[1:] {
		a, b := min(dmg, g.CornerLeft(c)), min(dmg, g.CornerLeft(best))
		if a > b || a == b && g.CornerLeft(c) < g.CornerLeft(best) {
			best = c
		}
	}
	return best
}

// React always uses a reaction when it applies.
func (CoOp) React(*Game, *Unit, table.Trigger) bool { return true }

// Policy picks one of the legal actions for the deciding player.
type Policy func(g *Game, legal []Action) Action

// Policies are the built-in player policies by name.
var Policies = map[string]func(seed uint64) Policy{
	"greedy": func(uint64) Policy { return Greedy },
	"random": Random,
}

// Random picks uniformly, ending the turn a third of the time.
func Random(seed uint64) Policy {
	r := rand.New(rand.NewPCG(seed, 77))
	return func(_ *Game, legal []Action) Action {
		if r.IntN(3) == 0 {
			return legal[0] // end-turn or pass
		}
		return legal[r.IntN(len(legal))]
	}
}

// Greedy scores every legal action with a one-step co-op heuristic: hit the
// boss where the triangle favors you and a bar can be finished, avoid lethal
// counters, deploy toward the boss, close in, work when nothing else helps.
func Greedy(g *Game, legal []Action) Action {
	best, bs := legal[0], 0
	for _, a := range legal[1:] {
		if s := g.score(a); s > bs {
			best, bs = a, s
		}
	}
	return best
}

func (g *Game) score(a Action) int {
	switch a.Kind {
	case Deploy:
		if a.Haste {
			return 45 - g.BossDist(a.To)
		}
		return 50 - g.BossDist(a.To)
	case DVMove:
		u := g.UnitAt(a.From)
		if u.Exhausted {
			return 0
		}
		reachNeed := g.BossDist(a.From) - g.Mov(u) - maxRange(g.Rules.Units[u.Card].Range)
		if reachNeed > 0 && g.BossDist(a.To) < g.BossDist(a.From) {
			return 3
		}
		return 0
	case Discard:
		if g.freeSlot(int(a.Player)) >= 0 && !slices.ContainsFunc(g.Players[a.Player].Hand, func(c int16) bool { return g.canDeploy(int(a.Player), c) }) {
			return 2
		}
		return 0
	case Activate:
		return g.scoreActivate(a)
	}
	return 0
}

func maxRange(r table.RangeSet) int {
	m := 0
	for d := 1; d < 8; d++ {
		if r.Has(d) {
			m = d
		}
	}
	return m
}

func (g *Game) scoreActivate(a Action) int {
	u := g.UnitAt(a.From)
	// Standing closer to the boss is slightly better; a base of 10 makes any
	// activation beat ending the turn with ready units.
	s := 10 - g.BossDist(a.To)
	switch a.Do {
	case Work:
		return s + 4
	case Attack:
		f := annas.NewFighter(g.Rules, int(u.Card), g.HP(u), u.Shapestone)
		for _, m := range u.Mods {
			f.ATK += int(m.ATK)
			f.DEF += int(m.DEF)
			f.SPD += int(m.SPD)
		}
		dist := annas.Dist(a.To, a.Target)
		var foe annas.Fighter
		left := 0
		if pos := g.PosAt(a.Target); pos >= 0 {
			c := g.Corner(pos)
			st := g.BossStats()
			foe = annas.Fighter{ATK: int(st.ATK), SPD: int(st.SPD), DEF: int(st.DEF), Range: g.Card().Range, Color: g.b.Corners[c].Color, Tags: g.bossTags()}
			left = g.CornerLeft(c)
		} else {
			m := g.SummonAt(a.Target)
			sm := &g.b.Summons[m.Kind]
			foe = annas.Fighter{ATK: int(sm.Stats.ATK), SPD: int(sm.Stats.SPD), DEF: int(sm.Stats.DEF), Range: sm.Range, Color: sm.Color, Tags: sm.Tags}
			left = g.SummonHP(m)
		}
		annas.Triangle(g.Rules, &f, &foe)
		hit := annas.Damage(f.ATK, foe.DEF)
		if f.SPD > foe.SPD {
			hit *= 2
		}
		dealt := min(hit, left)
		if dealt == 0 {
			return 0
		}
		s += 20 + 6*dealt
		if dealt == left {
			s += 15
			if m := g.SummonAt(a.Target); m != nil {
				s += g.threat(int(m.Kind))
			}
		}
		if foe.Range.Has(dist) && dealt < left {
			back := annas.Damage(foe.ATK, f.DEF)
			if foe.SPD > f.SPD {
				back *= 2
			}
			if back >= g.HP(u) {
				s -= 30
			} else {
				s -= 2 * back
			}
		}
		return s
	case Special:
		return s + 25
	case AssistDo, BossAction:
		if t := g.UnitAt(a.Target); t != nil && t.Damage > 0 {
			return s + 8 + int(t.Damage)
		}
		if t := g.UnitAt(a.Target); t != nil && t.Exhausted && int(t.Owner) != int(a.Player) {
			return s + 12 // a dancer readies an ally's unit
		}
		if a.Do == BossAction {
			if m := g.SummonAt(a.Target); m != nil {
				return s + 30 + g.threat(int(m.Kind))
			}
			return s + 5
		}
		return s + 1
	}
	return s
}

// Play runs g to its end with one policy per player; it stops after
// maxActions actions as a guard (0: 100000).
func Play(g *Game, pols []Policy, maxActions int) {
	if maxActions <= 0 {
		maxActions = 100000
	}
	for n := 0; !g.Over() && n < maxActions; n++ {
		legal := g.LegalActions()
		a := pols[g.Actor()](g, legal)
		if err := g.Apply(a); err != nil {
			panic(err)
		}
	}
	if !g.Over() {
		g.finish(BossWins, "action limit")
	}
}

// threat is how urgent removing a summon of kind is: more the closer the
// board is to a lose condition that counts that summon.
func (g *Game) threat(kind int) int {
	t := 0
	for _, e := range g.b.Lose {
		if e.Kind == table.EndSummons && int(e.Summon) == kind {
			t = max(t, 60-12*(int(e.N)-g.SummonCount(kind)))
		}
	}
	return max(t, 0)
}
