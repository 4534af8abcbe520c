package boss

import "github.com/roundtable-dev/roundtable/engine/annas/table"

// aboutOK reports whether an event about trig concerns watcher w under
// scope s (boss-mode scopes: allies are every player's units, own units
// only the watcher's player's, enemies the boss and its minions).
func (g *Game) aboutOK(s table.Scope, w *Unit, trig ref) bool {
	if !trig.ok() {
		return s.Side == table.SideAny
	}
	c := newCtx(int(w.Owner), ref{u: w})
	switch s.Side {
	case table.SideSelf:
		if !same(trig, c.src) {
			return false
		}
	case table.SideAlly, table.SideOwn:
		if trig.u == nil || trig.u == w || !g.sideOK(s.Side, c, trig) {
			return false
		}
	default:
		if !g.sideOK(s.Side, c, trig) {
			return false
		}
	}
	return s.Within == 0 || g.dist(c.src, trig) <= int(s.Within)
}

// fire announces an event about trig: the passives that watch it resolve,
// then each unit holding a reaction special for it may react (the players
// decide through the Chooser), even on the boss's turn (rulebook II.6).
func (g *Game) fire(ev table.Trigger, trig, foe ref, prevent *int) {
	watches := func(es []table.Effect, u *Unit) bool {
		for i := range es {
			if es[i].When == ev && g.aboutOK(es[i].About, u, trig) {
				return true
			}
		}
		return false
	}
	for _, u := range slicesClone(g.Units) {
		if g.Phase == PhaseOver {
			return
		}
		if g.UnitByID(u.ID) == nil {
			continue
		}
		for _, s := range g.sources(u) {
			c := &ctx{owner: int(u.Owner), src: ref{u: u}, trig: trig, foe: foe, prevent: prevent, target: NoTile, dest: NoTile}
			switch {
			case s.kind == table.SkillPassive && watches(s.effects, u):
				g.run(s.effects, ev, c)
			case s.kind == table.SkillSpecial && s.react && u.Special && watches(s.effects, u) && g.anyHolds(s.effects, ev, c):
				if g.Chooser.React(g, u, ev) {
					u.Special = false
					g.logf("react", "%s of P%d reacts", g.unitName(u), u.Owner+1)
					g.run(s.effects, ev, c)
				}
			}
		}
	}
}

// anyHolds reports whether some effect of es with trigger ev has its
// conditions met (rolls are not made while looking).
func (g *Game) anyHolds(es []table.Effect, ev table.Trigger, c *ctx) bool {
	for i := range es {
		if es[i].When == ev && g.conds(&es[i], c) {
			return true
		}
	}
	return false
}
