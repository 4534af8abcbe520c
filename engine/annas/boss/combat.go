package boss

import (
	"github.com/roundtable-dev/roundtable/engine/annas"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// fight is one combat in progress.
type fight struct {
	sides  [2]ref // attacker, defender
	corner int    // the boss's content corner when the boss fights
	dist   int
	flags  [2]struct{ noCounter, noFollowUp, followUp bool }
	// What happened, for tests and the log.
	Strikes  []annas.Strike
	Defeated [2]bool
	LifeLost bool
}

func (cb *fight) flag(r ref, op table.Op) {
	for i := range 2 {
		if !same(cb.sides[i], r) {
			continue
		}
		switch op {
		case table.OpNoCounter:
			cb.flags[i].noCounter = true
		case table.OpNoFollowUp:
			cb.flags[i].noFollowUp = true
		case table.OpFollowUp:
			cb.flags[i].followUp = true
		}
	}
}

// color is r's color in this combat: the boss takes its corner's color.
func (g *Game) color(r ref, corner int) table.Color {
	switch {
	case r.u != nil:
		return g.Rules.Units[r.u.Card].Color
	case r.s != nil:
		return g.b.Summons[r.s.Kind].Color
	}
	return g.b.Corners[corner].Color
}

// BossStats are the boss's ATK, SPD, DEF now: the current card's, plus mods.
func (g *Game) BossStats() table.Mods {
	st := g.Card().Stats
	m := table.Mods{ATK: st.ATK, SPD: st.SPD, DEF: st.DEF}
	for _, x := range g.BossMods {
		addMods(&m, x.Mods)
	}
	return m
}

// fighter is r's side of combat cb, with the foe unit's in-combat effects
// aimed at it.
func (g *Game) fighter(cb *fight, i int) annas.Fighter {
	f := g.baseFighter(cb, i)
	if u := cb.sides[1-i].u; u != nil {
		c := &ctx{owner: int(u.Owner), src: cb.sides[1-i], foe: cb.sides[i], foeColor: g.color(cb.sides[i], cb.corner), initiating: i == 1, dist: cb.dist, target: NoTile, dest: NoTile, cb: cb}
		for _, s := range g.sources(u) {
			if s.kind != table.SkillPassive {
				continue
			}
			for j := range s.effects {
				e := &s.effects[j]
				if (e.When == table.InCombat || e.When == table.Always) && e.Op == table.OpModify && e.Target.Kind == table.TargetFoe && g.conds(e, c) {
					f.ATK += int(e.Mods.ATK)
					f.SPD += int(e.Mods.SPD)
					f.DEF += int(e.Mods.DEF)
				}
			}
		}
	}
	return f
}

func (g *Game) baseFighter(cb *fight, i int) annas.Fighter {
	r, foe := cb.sides[i], cb.sides[1-i]
	switch {
	case r.u != nil:
		u := r.u
		f := annas.NewFighter(g.Rules, int(u.Card), g.HP(u), u.Shapestone)
		f.Tags = g.Tags(u)
		c := &ctx{owner: int(u.Owner), src: r, foe: foe, foeColor: g.color(foe, cb.corner), initiating: i == 0, dist: cb.dist, target: NoTile, dest: NoTile, cb: cb}
		var m table.Mods
		for _, x := range u.Mods {
			addMods(&m, x.Mods)
		}
		addMods(&m, g.passiveMods(u, table.Always, c))
		addMods(&m, g.passiveMods(u, table.InCombat, c))
		f.ATK += int(m.ATK)
		f.SPD += int(m.SPD)
		f.DEF += int(m.DEF)
		return f
	case r.s != nil:
		sm := &g.b.Summons[r.s.Kind]
		return annas.Fighter{Unit: -1, HP: g.SummonHP(r.s), ATK: int(sm.Stats.ATK), SPD: int(sm.Stats.SPD), DEF: int(sm.Stats.DEF),
			Range: sm.Range, Color: sm.Color, Tags: sm.Tags}
	}
	st := g.BossStats()
	return annas.Fighter{Unit: -1, HP: g.CornerLeft(cb.corner), ATK: int(st.ATK), SPD: int(st.SPD), DEF: int(st.DEF),
		Range: g.Card().Range, Color: g.b.Corners[cb.corner].Color, Tags: g.bossTags()}
}

// combatFlags collects units' in-combat passives that forbid or force strikes.
func (g *Game) combatFlags(cb *fight) {
	for i := range 2 {
		u := cb.sides[i].u
		if u == nil {
			continue
		}
		foe := cb.sides[1-i]
		c := &ctx{owner: int(u.Owner), src: cb.sides[i], foe: foe, foeColor: g.color(foe, cb.corner), initiating: i == 0, dist: cb.dist, target: NoTile, dest: NoTile, cb: cb}
		for _, s := range g.sources(u) {
			if s.kind != table.SkillPassive {
				continue
			}
			for j := range s.effects {
				e := &s.effects[j]
				if e.When != table.InCombat && e.When != table.Always {
					continue
				}
				switch e.Op {
				case table.OpNoCounter, table.OpNoFollowUp, table.OpFollowUp:
					if g.conds(e, c) {
						for _, r := range g.targets(e, c) {
							cb.flag(r, e.Op)
						}
					}
				}
			}
		}
	}
}

// combat runs one combat at distance dist (rulebook VI, Steps to Combat, with
// rulebook VIII, Attacking Bosses): the attack; the counter when the defender
// has the attacker in range and the boss did not just lose a life; one
// follow-up by the strictly faster side in range. Damage to the boss fills
// the fought corner's HP bar. Combat stops at a defeat or a lost life.
func (g *Game) combat(att, def ref, corner, dist int) *fight {
	cb := &fight{sides: [2]ref{att, def}, corner: corner, dist: dist}
	if def.u != nil {
		g.fire(table.Attacked, def, att, nil)
		if g.UnitByID(def.u.ID) == nil || att.u != nil && g.UnitByID(att.u.ID) == nil {
			return cb
		}
	}
	for i := range 2 {
		if u := cb.sides[i].u; u != nil {
			c := &ctx{owner: int(u.Owner), src: cb.sides[i], foe: cb.sides[1-i], foeColor: g.color(cb.sides[1-i], corner), initiating: i == 0, dist: dist, target: NoTile, dest: NoTile, cb: cb}
			g.runUnit(u, table.BeforeCombat, c)
		}
	}
	g.combatFlags(cb)
	f := [2]annas.Fighter{g.fighter(cb, 0), g.fighter(cb, 1)}
	annas.Triangle(g.Rules, &f[0], &f[1])
	for i := range 2 {
		f[i].NoCounter = cb.flags[i].noCounter
		f[i].NoFollowUp = cb.flags[i].noFollowUp
		f[i].FollowUp = cb.flags[i].followUp
	}
	plan := []annas.Strike{{By: 0, Kind: annas.KindAttack}}
	if f[1].Range.Has(dist) && !f[1].NoCounter {
		plan = append(plan, annas.Strike{By: 1, Kind: annas.KindCounter})
	}
	fast := -1
	switch {
	case f[0].SPD > f[1].SPD:
		fast = 0
	case f[1].SPD > f[0].SPD:
		fast = 1
	}
	for i := range 2 {
		if (i == fast || f[i].FollowUp) && f[i].Range.Has(dist) && !f[i].NoFollowUp {
			plan = append(plan, annas.Strike{By: i, Kind: annas.KindFollowUp})
		}
	}
	for _, s := range plan {
		if g.Phase == PhaseOver {
			break
		}
		s.Damage = annas.Damage(f[s.By].ATK, f[1-s.By].DEF)
		cb.Strikes = append(cb.Strikes, s)
		victim := cb.sides[1-s.By]
		stop := false
		switch {
		case victim.boss:
			cb.LifeLost = g.hitCorner(corner, s.Damage)
			stop = cb.LifeLost
		case victim.u != nil:
			stop = g.hurtUnit(victim.u, s.Damage, false, s.Kind)
			cb.Defeated[1-s.By] = stop
		case victim.s != nil:
			stop = g.hurtSummon(victim.s, s.Damage, false)
			cb.Defeated[1-s.By] = stop
		}
		if stop {
			break
		}
	}
	g.endCombat(cb)
	return cb
}

func (g *Game) endCombat(cb *fight) {
	for i := range 2 {
		if u := cb.sides[i].u; u != nil {
			u.Shapestone = false // spent at the end of combat (rulebook VI.1)
			u.Mods = dropMods(u.Mods, UntilCombat)
		}
	}
	for i := range 2 {
		u := cb.sides[i].u
		if u == nil || g.UnitByID(u.ID) == nil || g.Phase == PhaseOver {
			continue
		}
		c := &ctx{owner: int(u.Owner), src: cb.sides[i], foe: cb.sides[1-i], foeColor: g.color(cb.sides[1-i], cb.corner), initiating: i == 0, dist: cb.dist, target: NoTile, dest: NoTile}
		g.runUnit(u, table.AfterCombat, c)
		if cb.Defeated[1-i] {
			g.runUnit(u, table.OnKill, c)
		}
	}
}

// hitCorner fills content corner c's HP bar by dmg; a full bar takes no more
// (rulebook VIII, Attacking Bosses). When every bar is full the boss loses a
// life and its damage is removed; its last life ends the game. It reports
// whether a life was lost.
func (g *Game) hitCorner(c, dmg int) bool {
	dmg = min(dmg, g.CornerLeft(c))
	g.CornerDmg[c] += int8(dmg)
	g.logf("boss-damage", "%s corner takes %d (%d/%d)", g.b.Corners[c].Color, dmg, g.CornerLeft(c), g.b.Corners[c].HP)
	for i := range 4 {
		if g.CornerLeft(i) > 0 {
			return false
		}
	}
	g.Lives--
	g.CornerDmg = [4]int8{}
	g.logf("life", "the boss loses a life (%d left)", g.Lives)
	if g.Lives <= 0 {
		g.finish(PlayersWin, "the boss lost its last life")
	}
	return true
}

// damageBoss is direct damage from an effect: it hits one HP bar the
// players choose; non-lethal damage cannot deal a bar's last damage
// (rulebook VIII, Clarifications).
func (g *Game) damageBoss(n int, nonLethal bool, c *ctx) {
	var opts []int
	for i := range 4 {
		if left := g.CornerLeft(i); left > 1 || left == 1 && !nonLethal {
			opts = append(opts, i)
		}
	}
	if len(opts) == 0 || n <= 0 {
		return
	}
	bar := g.Chooser.Bar(g, n, opts)
	if nonLethal {
		n = min(n, g.CornerLeft(bar)-1)
	}
	g.hitCorner(bar, n)
}

// hurtUnit deals dmg to u and reports whether it was defeated.
func (g *Game) hurtUnit(u *Unit, dmg int, nonLethal bool, why string) bool {
	if nonLethal {
		dmg = min(dmg, g.HP(u)-1)
	}
	if dmg <= 0 {
		return false
	}
	if dmg >= g.HP(u) {
		// A blow that would defeat fires would-be-defeated first, so a
		// prevent-defeat reaction can save the unit.
		saved := -1
		g.fire(table.WouldBeDefeated, ref{u: u}, ref{}, &saved)
		if g.UnitByID(u.ID) == nil {
			return true
		}
		if saved > 0 {
			u.Damage = int8(int(g.Rules.Units[u.Card].Stats.HP) - saved)
			g.logf("damage", "%s survives with %d HP (%s)", g.unitName(u), saved, why)
			return false
		}
	}
	u.Damage += int8(dmg)
	g.logf("damage", "%s takes %d (%s), %d HP", g.unitName(u), dmg, why, max(0, g.HP(u)))
	if g.HP(u) > 0 {
		g.fire(table.Damaged, ref{u: u}, ref{}, nil)
		return false
	}
	g.defeat(u)
	return true
}

// defeat removes a player unit. Its owner (only) gains DV; none for a
// legendary unit (rulebook VIII, DV in boss mode).
func (g *Game) defeat(u *Unit) {
	pl := &g.Players[u.Owner]
	dv := int(g.num.DVOnLoss)
	if pl.LostTurn > 0 {
		dv = int(g.num.DVOnLaterLoss)
	}
	if g.Rules.Units[u.Card].Legendary {
		dv = int(g.num.DVOnLegendLoss)
	}
	pl.DV += dv
	pl.Lost++
	pl.LostTurn++
	g.removeUnit(u)
	g.logf("defeat", "%s of P%d is defeated; P%d gains %d DV (%d)", g.unitName(u), u.Owner+1, u.Owner+1, dv, pl.DV)
	g.runUnit(u, table.OnDefeat, newCtx(int(u.Owner), ref{u: u}))
	g.fire(table.Defeated, ref{u: u}, ref{}, nil)
}

func (g *Game) removeUnit(u *Unit) {
	for i, q := range g.Units {
		if q == u {
			g.Units = append(g.Units[:i], g.Units[i+1:]...)
			break
		}
	}
	g.Discard = append(g.Discard, u.Card)
	if g.Guest == u.ID {
		g.Guest = 0
	}
}

// hurtSummon deals dmg to a minion (tokens have no HP) and reports whether
// it was defeated.
func (g *Game) hurtSummon(s *Summoned, dmg int, nonLethal bool) bool {
	sm := &g.b.Summons[s.Kind]
	if sm.Kind != table.Minion || sm.Stats.HP <= 0 {
		return false
	}
	if nonLethal {
		dmg = min(dmg, g.SummonHP(s)-1)
	}
	if dmg <= 0 {
		return false
	}
	s.Damage += int8(dmg)
	g.logf("damage", "%s takes %d, %d HP", sm.ID, dmg, max(0, g.SummonHP(s)))
	if g.SummonHP(s) > 0 {
		return false
	}
	g.removeSummon(s)
	g.logf("defeat", "%s is defeated", sm.ID)
	return true
}

func (g *Game) removeSummon(s *Summoned) {
	for i, q := range g.Summons {
		if q == s {
			g.Summons = append(g.Summons[:i], g.Summons[i+1:]...)
			return
		}
	}
}
