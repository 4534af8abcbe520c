package annas

import (
	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// maxStrikes bounds a combat's strikes: attack, counter, two follow-ups.
const maxStrikes = 4

// combat is one combat in progress on the board.
type combat struct {
	ids   [2]int32 // attacker, defender
	dist  int
	flags [2]combatFlags
	out   Outcome
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
		if q := g.PieceByID(id); q != nil && int(q.Owner) != c.owner {
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
func (g *Game) fighter(pc, foe *Piece, initiating bool, dist int) Fighter {
	var f Fighter
	g.fighterTo(&f, pc, foe, g.sources(pc), g.sources(foe), initiating, dist)
	return f
}

// fighterTo sets f to fighter(pc, foe, initiating, dist); srcs and fs are
// the effect lists of pc and foe.
func (g *Game) fighterTo(f *Fighter, pc, foe *Piece, srcs, fs []source, initiating bool, dist int) {
	const whens = 1<<table.Always | 1<<table.InCombat
	setFighter(f, g.Rules, int(pc.Card), g.HP(pc), pc.Shapestone)
	f.Tags = g.tagsOf(pc, srcs)
	var m table.Mods
	for i := range pc.Mods {
		addMods(&m, pc.Mods[i].Mods)
	}
	c := &ctx{src: pc, owner: int(pc.Owner), foe: foe, initiating: initiating, dist: dist, target: NoTile, dest: NoTile}
	addMods(&m, g.passiveModsOf(pc, srcs, whens, c))
	// The foe's in-combat effects aimed at this unit.
	fc := &ctx{src: foe, owner: int(foe.Owner), foe: pc, initiating: !initiating, dist: dist, target: NoTile, dest: NoTile}
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
		c := &ctx{src: pc, owner: int(pc.Owner), foe: foe, initiating: side == 0, dist: cb.dist, combat: cb, target: NoTile, dest: NoTile}
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

// attack runs a combat on the board: the attacked event (reactions), the
// before-combat effects, the strikes, then Shapestone tokens are spent,
// combat-long effects end and after-combat and kill effects fire.
func (g *Game) attack(att, def *Piece, then func()) {
	cb := &combat{ids: [2]int32{att.ID, def.ID}, dist: Dist(att.Tile, def.Tile)}
	g.lastCombat, g.fighting = cb, cb
	if g.quiet(table.Attacked, def, att) {
		g.engage(cb, att, def, then) // fire would run just this
		return
	}
	g.fire(table.Attacked, def, att, nil, func() { g.engage(cb, att, def, then) })
}

// engage goes on with an attack after its attacked event: the
// before-combat effects, then the strikes.
func (g *Game) engage(cb *combat, att, def *Piece, then func()) {
	a, d := g.PieceByID(att.ID), g.PieceByID(def.ID)
	if a == nil || d == nil {
		g.fighting = nil
		then()
		return
	}
	cb.dist = Dist(a.Tile, d.Tile)
	if !g.Rules.Units[a.Card].Range.Has(cb.dist) {
		g.fighting = nil
		then() // a reaction moved them out of range: no combat
		return
	}
	if !g.firesOn(a, table.BeforeCombat) && !g.firesOn(d, table.BeforeCombat) {
		g.strike(cb, then) // both passives calls would run just this
		return
	}
	ca := &ctx{src: a, owner: int(a.Owner), foe: d, initiating: true, dist: cb.dist, roll: !g.noReact, combat: cb, target: NoTile, dest: NoTile}
	cd := &ctx{src: d, owner: int(d.Owner), foe: a, initiating: false, dist: cb.dist, roll: !g.noReact, combat: cb, target: NoTile, dest: NoTile}
	g.passives(a, table.BeforeCombat, ca, func() {
		g.passives(d, table.BeforeCombat, cd, func() {
			g.strike(cb, then)
		})
	})
}

func (g *Game) strike(cb *combat, then func()) {
	a, d := g.PieceByID(cb.ids[0]), g.PieceByID(cb.ids[1])
	if a == nil || d == nil {
		g.fighting = nil
		then()
		return
	}
	st := &strikeRun{cb: cb, pcs: [2]*Piece{a, d}, then: then}
	st.plan = g.openCombat(cb, st.pcs, st.buf[:0], &st.f)
	g.strikeOn(st, 0)
}

// strikeRun is a combat's strikes in progress.
type strikeRun struct {
	cb   *combat
	pcs  [2]*Piece
	buf  [maxStrikes]Strike
	plan []Strike
	f    [2]Fighter
	then func()
}

// strikeOn deals the strikes from the i-th on, then ends the combat.
func (g *Game) strikeOn(st *strikeRun, i int) {
	cb, pcs := st.cb, st.pcs
	for ; ; i++ {
		if i == len(st.plan) || g.Phase == PhaseOver || g.PieceByID(cb.ids[0]) == nil || g.PieceByID(cb.ids[1]) == nil {
			g.endCombat(cb, pcs, st.then)
			return
		}
		// Stats are read again before each strike: conditions such as an HP
		// threshold are checked when relevant (rulebook II.6).
		g.fighters(pcs, cb.dist, &st.f)
		s := blow(&st.f, st.plan[i])
		if cb.out.Strikes == nil {
			cb.out.Strikes = make([]Strike, 0, len(st.plan)) // one allocation
		}
		cb.out.Strikes = append(cb.out.Strikes, s)
		victim, by := pcs[1-s.By], pcs[s.By]
		next := i + 1
		// hurt(victim, s.Damage, false, by's owner, by, ...), going on
		// in this loop while no event needs a continuation.
		switch {
		case s.Damage <= 0:
			st.hit(g, s, false)
			continue
		case s.Damage < g.HP(victim):
			victim.Damage += int8(s.Damage)
			if g.quiet(table.Damaged, victim, by) {
				st.hit(g, s, false)
				continue
			}
			g.fire(table.Damaged, victim, by, nil, func() {
				st.hit(g, s, false)
				g.strikeOn(st, next)
			})
		default:
			g.hurt(victim, s.Damage, false, int(by.Owner), by, func(dead bool) {
				st.hit(g, s, dead)
				g.strikeOn(st, next)
			})
		}
		return
	}
}

// hit records strike s's victim's HP after it.
func (st *strikeRun) hit(g *Game, s Strike, dead bool) {
	v := 1 - s.By
	st.cb.out.HP[v] = g.HP(st.pcs[v])
	if dead {
		st.cb.out.HP[v] = 0
		st.cb.out.Defeated[v] = true
	}
}

// openCombat reads the combat's flags and both fighters (into f) before
// the first strike and plans the strikes (appended to buf).
func (g *Game) openCombat(cb *combat, pcs [2]*Piece, buf []Strike, f *[2]Fighter) []Strike {
	g.combatFlags(cb, pcs)
	g.fighters(pcs, cb.dist, f)
	for i := range f {
		f[i].NoCounter = cb.flags[i].noCounter
		f[i].NoFollowUp = cb.flags[i].noFollowUp
		f[i].FollowUp = cb.flags[i].followUp
	}
	cb.out.HP = [2]int{f[0].HP, f[1].HP}
	cb.out.Before = cb.out.HP
	return strikes(&f[0], &f[1], cb.dist, buf)
}

// fighters sets f to the attacker's and the defender's stats now, after
// the weapon triangle and effectiveness.
func (g *Game) fighters(pcs [2]*Piece, dist int, f *[2]Fighter) {
	s0, s1 := g.sources(pcs[0]), g.sources(pcs[1])
	g.fighterTo(&f[0], pcs[0], pcs[1], s0, s1, true, dist)
	g.fighterTo(&f[1], pcs[1], pcs[0], s1, s0, false, dist)
	Triangle(g.Rules, &f[0], &f[1])
}

// blow is strike s dealt with the stats f.
func blow(f *[2]Fighter, s Strike) Strike {
	s.Damage = Damage(f[s.By].ATK, f[1-s.By].DEF)
	return s
}

func (g *Game) endCombat(cb *combat, pcs [2]*Piece, then func()) {
	g.fighting = nil
	g.fought = append(g.fought, Fought{Units: [2]int16{pcs[0].Card, pcs[1].Card}, Outcome: cb.out})
	g.combatEvent(pcs, cb)
	for _, q := range pcs {
		q.Shapestone = false // spent at the end of combat (rulebook VI.1)
		q.Mods = dropMods(q.Mods, UntilCombat)
	}
	// With no after-combat or kill passive to run, the steps below would
	// only call then.
	quiet := true
	for i, q := range pcs {
		if g.PieceByID(q.ID) != nil && (g.firesOn(q, table.AfterCombat) || cb.out.Defeated[1-i] && g.firesOn(q, table.OnKill)) {
			quiet = false
		}
	}
	if quiet {
		then()
		return
	}
	var step func(i int)
	step = func(i int) {
		if i == 2 || g.Phase == PhaseOver {
			then()
			return
		}
		q, foe := pcs[i], pcs[1-i]
		c := &ctx{src: q, owner: int(q.Owner), foe: foe, initiating: i == 0, dist: cb.dist, roll: !g.noReact, target: NoTile, dest: NoTile}
		if g.PieceByID(q.ID) == nil {
			step(i + 1)
			return
		}
		g.passives(q, table.AfterCombat, c, func() {
			if cb.out.Defeated[1-i] {
				g.passives(q, table.OnKill, c, func() { step(i + 1) })
				return
			}
			step(i + 1)
		})
	}
	step(0)
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
