package annas

import (
	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// maxStrikes bounds a combat's strikes: attack, counter, two follow-ups.
const maxStrikes = 4

// combat is one combat in progress on the board.
type combat struct {
	ids    [2]int32 // attacker, defender
	dist   int
	corner int8 // boss mode: the boss's content corner, -1 none
	fixed  bool // a boss attack: its distance is chosen, not measured
	flags  [2]combatFlags
	out    Outcome
}

type combatFlags struct{ noCounter, noFollowUp, followUp bool }

// combatOp applies a strike-changing op: no-counter and no-follow-up hit
// the combatant opposing the controller, follow-up its target.
func (g *Game) combatOp(cb *combat, e *table.Effect, c *ctx) {
	if e.Op == table.OpFollowUp {
		for _, q := range g.targets(e, c) {
			cb.flag(q.ID, e.Op)
		}
		return
	}
	for _, id := range cb.ids {
		if q := g.PieceByID(id); q != nil && g.team(int(q.Owner)) != g.team(c.owner) {
			cb.flag(id, e.Op)
		}
	}
}

func (cb *combat) flag(id int32, op table.Op) {
	for i := range 2 {
		if cb.ids[i] != id {
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

// fighter is a piece's side of a combat against foe: printed or
// shapeshifted stats, lasting mods, continuous and in-combat passives.
func (g *Game) fighter(pc, foe *Piece, initiating bool, dist int, corner int8) Fighter {
	var f Fighter
	g.fighterTo(&f, pc, foe, g.sources(pc), g.sources(foe), initiating, dist, corner)
	return f
}

// fightHP is a piece's HP in a combat: the boss's is its corner's bar.
func (g *Game) fightHP(pc *Piece, corner int8) int {
	if pc.Kind == BossPiece {
		return g.Boss.CornerLeft(int(corner))
	}
	return g.HP(pc)
}

// fighterTo sets f to fighter(pc, foe, initiating, dist, corner); srcs and
// fs are the effect lists of pc and foe. A summon fights with its printed
// stats, the boss with its current card's and the fought corner's color
// and bar (rulebook VIII, Boss Stats & Counter Attacks).
func (g *Game) fighterTo(f *Fighter, pc, foe *Piece, srcs, fs []source, initiating bool, dist int, corner int8) {
	const whens = 1<<table.Always | 1<<table.InCombat
	var m table.Mods
	switch pc.Kind {
	case UnitPiece:
		setFighter(f, g.Rules, int(pc.Card), g.HP(pc), pc.Shapestone)
		f.Tags = g.tagsOf(pc, srcs)
	case SummonPiece:
		sm := &g.Boss.def.Summons[pc.Card]
		*f = Fighter{Unit: -1, HP: g.HP(pc), ATK: int(sm.Stats.ATK), SPD: int(sm.Stats.SPD), DEF: int(sm.Stats.DEF),
			Range: sm.Range, Color: sm.Color, Tags: g.baseTags(pc)}
	case BossPiece:
		card := g.card()
		*f = Fighter{Unit: -1, HP: g.Boss.CornerLeft(int(corner)), ATK: int(card.Stats.ATK), SPD: int(card.Stats.SPD), DEF: int(card.Stats.DEF),
			Range: card.Range, Color: g.colorOf(pc, corner), Tags: g.baseTags(pc)}
	}
	for i := range pc.Mods {
		addMods(&m, pc.Mods[i].Mods)
	}
	if pc.Kind == UnitPiece {
		c := &ctx{src: pc, owner: int(pc.Owner), foe: foe, initiating: initiating, dist: dist, target: NoTile, dest: NoTile, corner: corner}
		addMods(&m, g.passiveModsOf(pc, srcs, whens, c))
	}
	// The foe's in-combat effects aimed at this unit.
	fc := &ctx{src: foe, owner: int(foe.Owner), foe: pc, initiating: !initiating, dist: dist, target: NoTile, dest: NoTile, corner: corner}
	for j := range fs {
		s := &fs[j]
		if s.kind != srcPassive || s.whens&whens == 0 {
			continue
		}
		for i := range s.effects {
			e := &s.effects[i]
			if (e.When == table.InCombat || e.When == table.Always) && e.Op == table.OpModify && e.Target.Kind == table.TargetFoe && g.conds(e, fc) {
				addMods(&m, e.Mods)
			}
		}
	}
	f.ATK += int(m.ATK)
	f.SPD += int(m.SPD)
	f.DEF += int(m.DEF)
}

// combatFlags collects the in-combat passives that forbid or force strikes.
func (g *Game) combatFlags(cb *combat, pcs [2]*Piece) {
	for side := range 2 {
		pc, foe := pcs[side], pcs[1-side]
		c := &ctx{src: pc, owner: int(pc.Owner), foe: foe, initiating: side == 0, dist: cb.dist, combat: cb, target: NoTile, dest: NoTile, corner: cb.corner}
		srcs := g.sources(pc)
		for j := range srcs {
			s := &srcs[j]
			if s.kind != srcPassive || s.whens&(1<<table.Always|1<<table.InCombat) == 0 {
				continue
			}
			for i := range s.effects {
				e := &s.effects[i]
				if e.When != table.InCombat && e.When != table.Always {
					continue
				}
				switch e.Op {
				case table.OpNoCounter, table.OpNoFollowUp, table.OpFollowUp:
					if g.conds(e, c) {
						g.combatOp(cb, e, c)
					}
				}
			}
		}
	}
}

// strikes is the order of a combat's strikes (rulebook VI, Steps to Combat):
// the attack; the counter when the defender has the attacker in range; one
// follow-up by the strictly faster unit when it has its foe in range (an
// effect may force a follow-up). Combat stops at the first defeat. They are
// appended to out (at most maxStrikes).
func strikes(a, d *Fighter, dist int, out []Strike) []Strike {
	out = append(out, Strike{By: 0, Kind: KindAttack})
	if d.Range.Has(dist) && !d.NoCounter {
		out = append(out, Strike{By: 1, Kind: KindCounter})
	}
	f := [2]*Fighter{a, d}
	fast := -1
	switch {
	case a.SPD > d.SPD:
		fast = 0
	case d.SPD > a.SPD:
		fast = 1
	}
	for side := range 2 {
		if (side == fast || f[side].FollowUp) && f[side].Range.Has(dist) && !f[side].NoFollowUp {
			out = append(out, Strike{By: side, Kind: KindFollowUp})
		}
	}
	return out
}

// attack runs a combat: att attacks def at their distance.
func (g *Game) attack(att, def *Piece) { g.combatWith(att, def, -1, 0) }

// combatWith runs a combat on the board (rulebook VI; VIII, Attacking
// Bosses and Step 2B): the attacked event (reactions), the before-combat
// effects, the strikes, then Shapestone tokens are spent, combat-long
// effects end and after-combat and kill effects fire. corner is the boss's
// content corner when the boss fights (-1 otherwise); fixed, when above 0,
// is the distance of a boss attack, which hits however far away it is.
func (g *Game) combatWith(att, def *Piece, corner, fixed int) {
	cb := &combat{ids: [2]int32{att.ID, def.ID}, corner: int8(corner), fixed: fixed > 0}
	cb.dist = g.combatDist(cb, att, def, fixed)
	g.lastCombat, g.fighting = cb, cb
	if def.Kind == UnitPiece {
		g.fire(table.Attacked, def, att, nil)
	}
	a, d := g.PieceByID(att.ID), g.PieceByID(def.ID)
	if a == nil || d == nil || g.Phase == PhaseOver {
		g.fighting = nil
		return
	}
	cb.dist = g.combatDist(cb, a, d, fixed)
	if !cb.fixed && !g.rangeOf(a).Has(cb.dist) {
		g.fighting = nil
		return // a reaction moved them out of range: no combat
	}
	if g.firesOn(a, table.BeforeCombat) || g.firesOn(d, table.BeforeCombat) {
		ca := &ctx{src: a, owner: int(a.Owner), foe: d, initiating: true, dist: cb.dist, roll: !g.noReact, combat: cb, target: NoTile, dest: NoTile, corner: cb.corner}
		cd := &ctx{src: d, owner: int(d.Owner), foe: a, initiating: false, dist: cb.dist, roll: !g.noReact, combat: cb, target: NoTile, dest: NoTile, corner: cb.corner}
		g.passives(a, table.BeforeCombat, ca)
		g.passives(d, table.BeforeCombat, cd)
	}
	g.strike(cb)
}

// combatDist is a combat's distance: fixed for a boss attack, to the
// fought corner's square for an attack on the boss, else between the two.
func (g *Game) combatDist(cb *combat, a, d *Piece, fixed int) int {
	switch {
	case fixed > 0:
		return fixed
	case d.Kind == BossPiece:
		return Dist(a.Tile, g.Boss.Square(g.posOf(int(cb.corner))))
	}
	return Dist(a.Tile, d.Tile)
}

func (g *Game) strike(cb *combat) {
	a, d := g.PieceByID(cb.ids[0]), g.PieceByID(cb.ids[1])
	if a == nil || d == nil {
		g.fighting = nil
		return
	}
	st := &strikeRun{cb: cb, pcs: [2]*Piece{a, d}}
	st.plan = g.openCombat(cb, st.pcs, st.buf[:0], &st.f)
	pcs := st.pcs
	for i := 0; ; i++ {
		if i == len(st.plan) || g.Phase == PhaseOver || g.PieceByID(cb.ids[0]) == nil || g.PieceByID(cb.ids[1]) == nil {
			break
		}
		// Stats are read again before each strike: conditions such as an HP
		// threshold are checked when relevant (rulebook II.6).
		g.fighters(pcs, cb, &st.f)
		s := blow(&st.f, st.plan[i])
		if cb.out.Strikes == nil {
			cb.out.Strikes = make([]Strike, 0, len(st.plan)) // one allocation
		}
		cb.out.Strikes = append(cb.out.Strikes, s)
		victim, by := pcs[1-s.By], pcs[s.By]
		if s.Damage <= 0 {
			st.hit(g, s, false)
			continue
		}
		switch victim.Kind {
		case BossPiece:
			// Damage fills the fought corner's bar; a lost life ends the
			// combat: the boss does not counter (rulebook VIII).
			lost := g.hitCorner(int(cb.corner), s.Damage)
			st.hit(g, s, false)
			if lost {
				g.endCombat(cb, pcs)
				return
			}
			continue
		case SummonPiece:
			st.hit(g, s, g.hurtSummon(victim, s.Damage, false))
			continue
		}
		if s.Damage < g.HP(victim) {
			victim.Damage += int8(s.Damage)
			g.fire(table.Damaged, victim, by, nil)
			st.hit(g, s, false)
			continue
		}
		st.hit(g, s, g.hurt(victim, s.Damage, false, int(by.Owner), by))
	}
	g.endCombat(cb, pcs)
}

// strikeRun is a combat's strikes in progress.
type strikeRun struct {
	cb   *combat
	pcs  [2]*Piece
	buf  [maxStrikes]Strike
	plan []Strike
	f    [2]Fighter
}

// hit records strike s's victim's HP after it.
func (st *strikeRun) hit(g *Game, s Strike, dead bool) {
	v := 1 - s.By
	st.cb.out.HP[v] = g.fightHP(st.pcs[v], st.cb.corner)
	if dead {
		st.cb.out.HP[v] = 0
		st.cb.out.Defeated[v] = true
	}
}

// openCombat reads the combat's flags and both fighters (into f) before
// the first strike and plans the strikes (appended to buf).
func (g *Game) openCombat(cb *combat, pcs [2]*Piece, buf []Strike, f *[2]Fighter) []Strike {
	g.combatFlags(cb, pcs)
	g.fighters(pcs, cb, f)
	for i := range f {
		f[i].NoCounter = cb.flags[i].noCounter
		f[i].NoFollowUp = cb.flags[i].noFollowUp
		f[i].FollowUp = cb.flags[i].followUp
	}
	cb.out.HP = [2]int{f[0].HP, f[1].HP} // the boss's: its corner's bar
	cb.out.Before = cb.out.HP
	return strikes(&f[0], &f[1], cb.dist, buf)
}

// fighters sets f to the attacker's and the defender's stats now, after
// the weapon triangle and effectiveness.
func (g *Game) fighters(pcs [2]*Piece, cb *combat, f *[2]Fighter) {
	s0, s1 := g.sources(pcs[0]), g.sources(pcs[1])
	g.fighterTo(&f[0], pcs[0], pcs[1], s0, s1, true, cb.dist, cb.corner)
	g.fighterTo(&f[1], pcs[1], pcs[0], s1, s0, false, cb.dist, cb.corner)
	Triangle(g.Rules, &f[0], &f[1])
}

// blow is strike s dealt with the stats f.
func blow(f *[2]Fighter, s Strike) Strike {
	s.Damage = Damage(f[s.By].ATK, f[1-s.By].DEF)
	return s
}

func (g *Game) endCombat(cb *combat, pcs [2]*Piece) {
	g.fighting = nil
	g.fought = append(g.fought, Fought{Units: [2]int16{pcs[0].Card, pcs[1].Card}, Outcome: cb.out})
	g.combatEvent(pcs, cb)
	for _, q := range pcs {
		q.Shapestone = false // spent at the end of combat (rulebook VI.1)
		q.Mods = dropMods(q.Mods, UntilCombat)
	}
	for i, q := range pcs {
		if g.Phase == PhaseOver {
			return
		}
		if g.PieceByID(q.ID) == nil || q.Kind != UnitPiece {
			continue
		}
		c := &ctx{src: q, owner: int(q.Owner), foe: pcs[1-i], initiating: i == 0, dist: cb.dist, roll: !g.noReact, target: NoTile, dest: NoTile, corner: cb.corner}
		g.passives(q, table.AfterCombat, c)
		if cb.out.Defeated[1-i] && g.Phase != PhaseOver {
			g.passives(q, table.OnKill, c)
		}
	}
}

// Fought is a finished combat on the board.
type Fought struct {
	Units [2]int16 // attacker, defender cards
	Outcome
}

// Fought returns the combats finished since the last call (for logs).
func (g *Game) Fought() []Fought {
	f := g.fought
	g.fought = nil
	return f
}
