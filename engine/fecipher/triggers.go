package fecipher

import (
	"fmt"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
)

// maxTriggers bounds the auto skills one action may set off, so that two
// skills triggering each other (a move that triggers a move...) end.
const maxTriggers = 64

// event sets off the auto skills watching unit u's event when: u's own
// (those without a trigger-of, or watching themselves) and those of every
// unit on either field whose trigger-of takes in u (other allies, enemies,
// like its filter). A watcher's skill has u as its cause: "that ally" of
// its effects. The skills are queued; flush puts them on the stack.
func (g *Game) event(when table.Trigger, u *Unit) { g.eventCard(when, u, -1) }

// eventCard is event with the card the event is about (not -1: "that
// card" of the effects, the card supporting u).
func (g *Game) eventCard(when table.Trigger, u *Unit, card int) {
	if u == nil {
		return
	}
	up := g.Owner(u)
	for p := range g.P {
		for _, w := range slices.Clone(g.P[p].Field) {
			g.queueSkills(when, p, w, func(e *table.Effect) bool {
				return g.watches(e.Watch, w, p, u, up)
			}, u, card)
		}
	}
}

// watches reports whether a skill of unit w (of player p) with trigger-of
// wt is set off by an event of unit u (of player up).
func (g *Game) watches(wt *table.Watch, w *Unit, p int, u *Unit, up int) bool {
	if wt == nil {
		return u == w
	}
	switch {
	case u == w && !wt.Self, u != w && up == p && !wt.Ally, up != p && !wt.Enemy:
		return false
	}
	if wt.Foe != nil {
		// "When an ally is attacked by an enemy in the Back Line": the
		// other unit of u's battle.
		c := g.ctx()
		var foe *Unit
		switch {
		case c == nil:
		case c.A == u:
			foe = c.D
		case c.D == u:
			foe = c.A
		}
		if foe == nil || !g.matchUnit(wt.Foe, foe, w) {
			return false
		}
	}
	return g.matchUnit(wt.Of, u, w)
}

// trigger queues the auto skills of unit u (of player p) with timing when
// that watch nothing but their own unit (the turn's start and end);
// cause is the unit that set them off (ally-deploy).
func (g *Game) trigger(when table.Trigger, p int, u *Unit, cause *Unit) {
	g.queueSkills(when, p, u, func(e *table.Effect) bool { return e.Watch == nil }, cause, -1)
}

// bonded sets off player p's skills of a card placed in the bond area
// (card c: "that card" of their effects).
func (g *Game) bonded(p, c int) {
	for _, u := range slices.Clone(g.P[p].Field) {
		g.queueSkills(table.OnBond, p, u, func(e *table.Effect) bool { return e.Watch == nil }, nil, c)
	}
	g.placed(p, c)
}

// queueSkills queues the auto skills of unit u (of player p) whose first
// effect of timing when fits and whose conditions hold and costs can be
// paid; card, when not -1, is the card the event is about ("that card").
func (g *Game) queueSkills(when table.Trigger, p int, u *Unit, fits func(*table.Effect) bool, cause *Unit, card int) {
	if u == nil {
		return
	}
	for r := range g.skills(u) {
		s, si := g.skill(r), r.Key
		if s.Type != table.Auto || !g.skillActive(u, r) {
			continue
		}
		k := slices.IndexFunc(s.Effects, func(e table.Effect) bool { return e.When == when })
		if k < 0 || !fits(&s.Effects[k]) {
			continue
		}
		e := &s.Effects[k]
		f := &Frame{Kind: FrameSkill, Seat: p, Unit: u.UID, Card: r.Card, Skill: r.Skill, Start: k, Effect: k}
		if cause != nil {
			f.Cause = cause.UID
			if e.Watch != nil {
				f.Chosen = []int{cause.UID}
			}
		}
		if card >= 0 {
			f.Revealed, f.RevealSeat = []int{card}, p
		}
		g.causedBy(f)
		if e.OncePerTurn && slices.Contains(u.Used, si) && !(e.OnceUnless != nil && g.holds(e.OnceUnless, u, p, g.ctx(), f)) || !g.holds(e.If, u, p, g.ctx(), f) || !g.affordable(p, u, e, false) {
			continue
		}
		f.BattleHeld = when == table.OnDestroys && e.If != nil && (e.If.Attacking != nil || e.If.Battling != nil)
		if g.fired >= maxTriggers {
			g.emit(p, "loop-guard", g.C(u.Card()).Name(), "", s.Name+": too many skills set off by one action")
			continue
		}
		g.fired++
		u.use(si)
		g.emit(p, "skill", g.C(u.Card()).Name(), "", s.Name)
		g.queue = append(g.queue, f)
	}
}

// causedBy records on a queued skill frame the skill whose doing its
// event is (its seat, unit and name), if any.
func (g *Game) causedBy(f *Frame) {
	if sf := g.causeFrame(); sf != nil {
		f.BySkill, f.ByUnit, f.ByName = sf.Seat+1, sf.Unit, g.C(sf.Card).Skills[sf.Skill].Name
	}
}

// causeFrame is the skill resolving now (an event is its doing, by its
// cost or its effect), or nil: the innermost skill frame above any battle.
func (g *Game) causeFrame() *Frame {
	for i := len(g.Pending) - 1; i >= 0; i-- {
		switch g.Pending[i].Kind {
		case FrameSkill:
			return g.Pending[i]
		case FrameBattle:
			return nil
		}
	}
	return nil
}

// playerEvent sets off the auto skills watching an event of player p's
// (one of p's orbs destroyed, a card of p's hand sent to the retreat
// area, ...): those of p's units without a trigger-of ("your") or watching
// allies, and those of the opponent's watching enemies ("your opponent's").
// card, when not -1, is the card the event is about ("that card").
func (g *Game) playerEvent(when table.Trigger, p, card int) {
	for q := range g.P {
		for _, w := range slices.Clone(g.P[q].Field) {
			g.queueSkills(when, q, w, func(e *table.Effect) bool {
				if e.Watch == nil {
					return q == p
				}
				return q == p && e.Watch.Ally || q != p && e.Watch.Enemy
			}, nil, card)
		}
	}
}

// triggerAllies sets off the ally-deploy skills of p's other units.
func (g *Game) triggerAllies(p int, deployed *Unit) {
	for _, u := range slices.Clone(g.P[p].Field) {
		if u != deployed {
			g.trigger(table.OnAllyDeploy, p, u, deployed)
		}
	}
}

// flush puts the queued auto skills on the stack: the skills of the
// player whose turn it is resolve first, and when a player has several
// set off at once, that player chooses the order (an order decision on top
// of them, asked again after each resolves).
func (g *Game) flush() {
	q := g.queue
	g.queue = nil
	if g.Over {
		return
	}
	for _, seat := range []int{Opp(g.Active), g.Active} {
		n := 0
		for i := len(q) - 1; i >= 0; i-- {
			if q[i].Seat == seat {
				g.push(q[i])
				n++
			}
		}
		if n > 1 {
			g.push(&Frame{Kind: FrameOrder, Seat: seat, N: n})
		}
	}
}

// batch is the skill frames an order decision f (on top of the stack)
// orders: the N frames under it, the next to resolve first.
func (g *Game) batch(f *Frame) []*Frame {
	below := g.Pending[:len(g.Pending)-1]
	if f.N > len(below) {
		return nil
	}
	out := slices.Clone(below[len(below)-f.N:])
	slices.Reverse(out)
	return out
}

// order resolves an order decision: the chosen skill goes on top, and
// when two or more remain the decision is asked again after it.
func (g *Game) order(f *Frame, pick int) {
	g.pop()
	k := len(g.Pending) - 1 - pick
	chosen := g.Pending[k]
	g.Pending = slices.Delete(g.Pending, k, k+1)
	if f.N > 2 {
		g.push(&Frame{Kind: FrameOrder, Seat: f.Seat, N: f.N - 1})
	}
	g.push(chosen)
	g.emit(f.Seat, "order", g.C(g.actor(chosen)).Name(), "", g.C(chosen.Card).Skills[chosen.Skill].Name+" resolves next")
}

// orderText is the action text of choice i of an order decision: the
// card and the skill, the card numbered when two of its units wait.
func (g *Game) orderText(f *Frame, i int) string {
	fs := g.batch(f)
	ref := func(x *Frame) string { return g.C(g.actor(x)).ID + " " + Slug(g.C(x.Card).Skills[x.Skill].Name) }
	k := 1
	for _, x := range fs[:i] {
		if ref(x) == ref(fs[i]) {
			k++
		}
	}
	if k > 1 {
		return fmt.Sprintf("resolve %s:%d %s", g.C(g.actor(fs[i])).ID, k, Slug(g.C(fs[i].Card).Skills[fs[i].Skill].Name))
	}
	return "resolve " + ref(fs[i])
}
