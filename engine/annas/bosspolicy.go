package annas

import (
	"slices"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// bossGreedy is the greedy policy in boss mode: a one-step co-op heuristic
// that hits the boss where the triangle favors it and a bar can be
// finished, avoids lethal counters, deploys toward the boss, closes in and
// works when nothing else helps; a decision inside an action takes the
// engine's own pick (the advantaged corner's alternative with the best
// matchup, a range the unit can counter at, the bar the damage does most
// to, board order, every reaction).
func (g *Game) bossGreedy(legal []Action) Action {
	if d := g.pending; d != nil && d.best >= 0 && d.best < len(d.options) {
		return d.options[d.best]
	}
	best, bs := legal[0], 0
	for _, a := range legal[1:] {
		if s := g.bossScore(a); s > bs {
			best, bs = a, s
		}
	}
	return best
}

func (g *Game) bossScore(a Action) int {
	b := g.Boss
	switch a.Kind {
	case Deploy:
		if a.Haste {
			return 45 - b.Dist(a.To)
		}
		return 50 - b.Dist(a.To)
	case DVMove:
		u := g.PieceAt(a.From)
		if u.Exhausted {
			return 0
		}
		reachNeed := b.Dist(a.From) - g.Mov(u) - maxRange(g.Rules.Units[u.Card].Range)
		if reachNeed > 0 && b.Dist(a.To) < b.Dist(a.From) {
			return 3
		}
		return 0
	case DiscardAct:
		p := int(a.Player)
		var v deployView
		free := false
		if v = g.deployView(p); bitsCount(v.slots) < int(g.num.Slots) {
			free = true
		}
		if free && !slices.ContainsFunc(g.Players[p].Hand, func(c int16) bool { return g.deploySlots(&v, c) != 0 }) {
			return 2
		}
		return 0
	case Activate:
		return g.bossScoreActivate(a)
	}
	return 0
}

func bitsCount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
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

func (g *Game) bossScoreActivate(a Action) int {
	b := g.Boss
	u := g.PieceAt(a.From)
	// Standing closer to the boss is slightly better; a base of 10 makes
	// any activation beat ending the turn with ready units. A unit readied
	// again is worth less each time: dancers do not ready each other
	// forever.
	s := 10 - b.Dist(a.To) - 8*int(u.Acts)
	switch a.Do {
	case Work:
		return s + 4
	case Attack:
		f := NewFighter(g.Rules, int(u.Card), g.HP(u), u.Shapestone)
		for _, m := range u.Mods {
			f.ATK += int(m.ATK)
			f.DEF += int(m.DEF)
			f.SPD += int(m.SPD)
		}
		dist := Dist(a.To, a.Target)
		t := g.PieceAt(a.Target)
		if t == nil {
			return 0
		}
		var foe Fighter
		left := 0
		if t.Kind == BossPiece {
			c := b.Corner(b.PosAt(a.Target))
			card := g.card()
			foe = Fighter{ATK: int(card.Stats.ATK), SPD: int(card.Stats.SPD), DEF: int(card.Stats.DEF), Range: card.Range, Color: b.def.Corners[c].Color, Tags: g.baseTags(t)}
			for _, m := range t.Mods {
				foe.ATK += int(m.ATK)
				foe.DEF += int(m.DEF)
				foe.SPD += int(m.SPD)
			}
			left = b.CornerLeft(c)
		} else {
			sm := &b.def.Summons[t.Card]
			foe = Fighter{ATK: int(sm.Stats.ATK), SPD: int(sm.Stats.SPD), DEF: int(sm.Stats.DEF), Range: sm.Range, Color: sm.Color, Tags: sm.Tags}
			left = g.HP(t)
		}
		Triangle(g.Rules, &f, &foe)
		hit := Damage(f.ATK, foe.DEF)
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
			if t.Kind == SummonPiece {
				s += g.threat(int(t.Card))
			}
		}
		if foe.Range.Has(dist) && dealt < left {
			back := Damage(foe.ATK, f.DEF)
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
	case AssistDo, BossAct:
		t := g.PieceAt(a.Target)
		if t != nil && t.Kind == UnitPiece && t.Damage > 0 {
			return s + 8 + int(t.Damage)
		}
		if t != nil && t.Kind == UnitPiece && t.Exhausted && int(t.Owner) != int(a.Player) {
			return s + 12 // a dancer readies an ally's unit
		}
		if a.Do == BossAct {
			if t != nil && t.Kind == SummonPiece {
				return s + 30 + g.threat(int(t.Card))
			}
			return s + 5
		}
		return s + 1
	}
	return s
}

// threat is how urgent removing a summon of kind is: more the closer the
// board is to a lose condition that counts that summon.
func (g *Game) threat(kind int) int {
	t := 0
	for _, e := range g.Boss.def.Lose {
		if e.Kind == table.EndSummons && int(e.Summon) == kind {
			t = max(t, 60-12*(int(e.N)-g.SummonCount(kind)))
		}
	}
	return max(t, 0)
}
