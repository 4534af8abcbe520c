package tablebattles

import "github.com/roundtable-dev/roundtable/engine/tablebattles/table"

// CanEverAttack reports whether some formation of side s may still, now or
// later, attack a formation of the other side (How to Win: "it is
// impossible for any of his remaining Formations to ever Attack any of
// your Formations"). A formation in reserve counts only if it can come
// out: commanded by a formation that can itself act, or waiting behind one
// that can leave play — by retiring, routing (some enemy can hit it, or it
// absorbs or self-hits) or pursuing — and so on down the whole chain of
// reserves (see outlook). An action whose requirement needs more dice on
// the card than the side has is never taken (usable).
func (g *Game) CanEverAttack(s int) bool {
	for _, f := range g.F { // the common case: an attacker in play now
		if f.Side == s && f.active() && g.attacks(f) {
			return true
		}
	}
	o := g.outlook()
	for i, f := range g.F {
		if f.Side == s && !f.Gone && o.active[i] && g.attacks(f) {
			return true
		}
	}
	return false
}

// attacks reports whether f has an attack with a target in play.
func (g *Game) attacks(f *Formation) bool {
	for ai := range f.Def.Actions {
		if a := &f.Def.Actions[ai]; a.Type == table.Attack && g.usable(f, a) && g.target(a) != nil {
			return true
		}
	}
	return false
}

// usable reports whether f's dice can ever meet a's requirement: its side
// has as many dice as the requirement needs on the card (Action.Needs, from
// its dice area), and no special rule forbids it from now on. A special
// formation's cube meets no requirement but none.
func (g *Game) usable(f *Formation, a *table.Action) bool {
	if g.forbiddenForever(f, bit(a.Type)) {
		return false
	}
	if f.Def.Special {
		return a.Requirement == table.None
	}
	return int(a.Needs) <= g.S[f.Side].Dice
}

// outlook is what may still happen from the battle's state now, as far as
// the win check needs it; each set is the least one closed under the
// rules of outlook(), so what is not in it can never happen.
type outlook struct {
	active []bool // may be out of reserve and in play, so hold dice and act
	leaves []bool // may leave play (routing, retiring, pursuing)
	hit    []bool // may lose units
}

// outlook computes the sets by iterating the rules below to a fixed point:
//   - in play and not in reserve: active; in reserve: active once a
//     formation it waits behind may leave play, or an active friend has a
//     command naming it;
//   - a normal formation may lose units when an active enemy's attack may
//     reach it (the targets listed before it may all leave play), when it
//     attacks with a self hit, when an active enemy may counterattack it,
//     or when it may absorb the hits meant for a friend that may be
//     attacked;
//   - it may leave play when it may lose units (routing), when it is active
//     and may retire, or when it is active, pursues, and the target of its
//     attack may rout.
func (g *Game) outlook() *outlook {
	n := len(g.F)
	o := &outlook{active: make([]bool, n), leaves: make([]bool, n), hit: make([]bool, n)}
	for i, f := range g.F {
		o.active[i] = f.active()
	}
	for changed := true; changed; {
		changed = false
		set := func(s []bool, i int, ok bool) {
			if ok && !s[i] {
				s[i], changed = true, true
			}
		}
		for i, f := range g.F {
			if f.Gone {
				continue
			}
			set(o.active, i, f.Reserve && g.mayRelease(o, f))
			set(o.hit, i, !f.Def.Special && g.mayBeHit(o, f))
			set(o.leaves, i, !f.Def.Special && o.hit[i] ||
				o.active[i] && f.Def.Retire && !f.Def.Special && !g.forbiddenForever(f, table.RetireBit) ||
				o.active[i] && f.Def.Pursuit && g.mayPursue(o, f))
		}
	}
	return o
}

func (g *Game) idx(f *Formation) int { return g.byIndex[f.Index] }

// mayRelease: f, in reserve, may come out.
func (g *Game) mayRelease(o *outlook, f *Formation) bool {
	if f.Def.Reserve == table.Behind {
		if b := g.Formation(f.Def.Behind); b != nil && !b.Gone && o.leaves[g.idx(b)] {
			return true
		}
	}
	for i, c := range g.F {
		if c.Side != f.Side || c.Gone || !o.active[i] {
			continue
		}
		for ai := range c.Def.Actions {
			if a := &c.Def.Actions[ai]; a.Type == table.Command && g.usable(c, a) && listed(a, f.Index) {
				return true
			}
		}
	}
	return false
}

// reaches reports whether t may become the current target of a: it is
// listed, and every formation listed before it is gone or may leave play.
func (g *Game) reaches(o *outlook, a *table.Action, t *Formation) bool {
	for _, x := range a.Targets {
		if x == t.Index {
			return true
		}
		if f := g.Formation(x); f != nil && !f.Gone && !o.leaves[g.idx(f)] {
			return false
		}
	}
	return false
}

// mayAttack: an active f has an attack that may reach t.
func (g *Game) mayAttack(o *outlook, f, t *Formation) bool {
	if f.Gone || !o.active[g.idx(f)] || t.Gone || t.Def.Special {
		return false
	}
	for ai := range f.Def.Actions {
		if a := &f.Def.Actions[ai]; a.Type == table.Attack && g.usable(f, a) && g.reaches(o, a, t) {
			return true
		}
	}
	return false
}

// mayBeHit: a normal formation f may lose units.
func (g *Game) mayBeHit(o *outlook, f *Formation) bool {
	for _, e := range g.F {
		if e.Side == f.Side || e.Gone {
			continue
		}
		if g.mayAttack(o, e, f) {
			return true // attacked
		}
		if !o.active[g.idx(e)] || !g.mayAttack(o, f, e) {
			continue
		}
		for ai := range e.Def.Actions { // counterattacked when it attacks e
			if a := &e.Def.Actions[ai]; a.Type == table.Counterattack && g.usable(e, a) && (a.Any || g.reaches(o, a, f)) {
				return true
			}
		}
	}
	if !o.active[g.idx(f)] {
		return false
	}
	for ai := range f.Def.Actions {
		a := &f.Def.Actions[ai]
		if !g.usable(f, a) {
			continue
		}
		switch a.Type {
		case table.Attack: // its own self hit
			if a.Self > 0 && g.target(a) != nil {
				return true
			}
		case table.Absorb: // the hits meant for a friend
			for _, u := range g.F {
				if u.Side == f.Side && u != f && g.reaches(o, a, u) {
					for _, e := range g.F {
						if e.Side != f.Side && g.mayAttack(o, e, u) {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// mayPursue: one of f's attacks may see its current target rout.
func (g *Game) mayPursue(o *outlook, f *Formation) bool {
	for _, t := range g.F {
		if t.Side == f.Side || t.Gone || t.Def.Special || !o.hit[g.idx(t)] {
			continue
		}
		for ai := range f.Def.Actions {
			if a := &f.Def.Actions[ai]; a.Type == table.Attack && g.reaches(o, a, t) {
				return true
			}
		}
	}
	return false
}
