package annas

import (
	"math/bits"
	"sync"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// Forecast is one combat between two unit cards alone on an empty board at
// distance dist, run by the engine's own combat: printed (or shapeshifted)
// stats, the weapon triangle, effectiveness and the units' combat skills
// whose conditions hold with no other unit around. No reactions, no dice.
func Forecast(rs *table.Ruleset, attacker, defender, aHP, dHP int, aSS, dSS bool, dist int) Outcome {
	o, ok := forecastQuiet(nil, rs, attacker, defender, aHP, dHP, aSS, dSS, dist)
	if !ok {
		return forecastBoard(rs, attacker, defender, aHP, dHP, aSS, dSS, dist)
	}
	return o
}

// ForecastTo is Forecast writing into o and reusing o.Strikes' memory: a
// quiet forecast (see forecastQuiet) allocates nothing. Out of range,
// o.Strikes is empty (Forecast's is nil).
func ForecastTo(o *Outcome, rs *table.Ruleset, attacker, defender, aHP, dHP int, aSS, dSS bool, dist int) {
	var ok bool
	if *o, ok = forecastQuiet(o.Strikes[:0], rs, attacker, defender, aHP, dHP, aSS, dSS, dist); !ok {
		*o = forecastBoard(rs, attacker, defender, aHP, dHP, aSS, dSS, dist)
	}
}

// forecastGame sets g up as the forecast board: the rules, no map (an
// empty plain board), no reactions or dice.
func forecastGame(g *Game, rs *table.Ruleset) {
	if g.Rules != rs { // a pooled duel: no pointer store (and barrier) when unchanged
		g.Rules = rs
	}
	g.Map, g.noReact, g.Winner, g.Phase = -1, true, -1, PhaseTurn
	g.num = rs.Rules.Versus
	if len(g.Players) != 2 {
		g.Players = make([]Player, 2)
	}
	for p := range g.Players {
		g.Players[p].DVTile = NoTile
	}
}

// forecastPiece gives a forecast piece its HP and Shapestone token.
func forecastPiece(g *Game, q *Piece, hp int, ss bool) {
	u := &g.Rules.Units[q.Card]
	q.Damage = int8(int(u.Stats.HP) - hp)
	q.Shapestone = ss && u.HasShapestone
}

// forecastTiles are the attacker's tile, a1, and the defender's, dist
// steps away along rank 1 and then up file f.
func forecastTiles(dist int) (Tile, Tile) {
	return at(0, 0), at(min(dist, Size-1), max(0, dist-(Size-1)))
}

// forecastBoard runs the forecast through the whole board machinery:
// events, passives, the strikes.
func forecastBoard(rs *table.Ruleset, attacker, defender, aHP, dHP int, aSS, dSS bool, dist int) Outcome {
	g := &Game{}
	forecastGame(g, rs)
	t0, t1 := forecastTiles(dist)
	a := g.place(int16(attacker), 0, t0)
	d := g.place(int16(defender), 1, t1)
	forecastPiece(g, a, aHP, aSS)
	forecastPiece(g, d, dHP, dSS)
	g.attack(a, d)
	return g.lastCombat.out
}

// Forecaster runs many forecasts on one ruleset without allocating: the
// units' effect lists and what they read are worked out once. The ruleset
// must not change while it is in use; use one Forecaster per goroutine.
type Forecaster struct {
	d      duel
	quiet  []bool // per unit: no passive answers a combat event (quietSources)
	hpRead []bool // per unit: its passives read its HP
	units  []fcUnit
	// plans caches the strikes and damage of quiet combats whose units do not
	// read HP, direct-mapped by plan index (see Forecast); maxDist is the
	// longest range of any unit, 0 when plans is not used.
	plans   []fcPlan
	bits    uint // log2 len(plans)
	maxDist int
}

// fcUnit is what Forecast reads of a unit before it takes a cached plan.
type fcUnit struct {
	hp    int            // printed HP
	rng   table.RangeSet // printed range
	ss    bool           // has a Shapestone
	quiet bool           // quietSources: the duel's fight, not the board
	fixed bool           // quiet and its passives do not read HP: stats fixed in combat
}

// fcPlan is a quiet combat of two units whose stats do not change while it
// runs: which strikes are dealt, in the order of strikes (bit 0 the attack,
// 1 the counter, 2 and 3 the attacker's and defender's follow-ups), and the
// damage each side deals (blow). The stats depend on the units, distance
// and Shapestone tokens only, never on HP (no passive reads it), so the
// strikes are the duel's with the HP left out.
type fcPlan struct {
	key     uint32 // 1 + the plan index >> Forecaster.bits; 0: empty
	dmg     [2]int8
	strikes uint8 // planDuel: damage beyond int8, use the duel
}

const planDuel = 1 << 7

// maxPlans bounds the plan cache (8 bytes a plan).
const maxPlans = 1 << 15

// NewForecaster prepares forecasts on rs.
func NewForecaster(rs *table.Ruleset) *Forecaster {
	n := len(rs.Units)
	f := &Forecaster{quiet: make([]bool, n), hpRead: make([]bool, n), units: make([]fcUnit, n)}
	g := &f.d.g
	forecastGame(g, rs)
	g.srcCache = make([][]source, n)
	for i := range rs.Units {
		var q Piece
		g.setPiece(&q, int16(i), 0, NoTile)
		g.srcCache[i] = g.buildSources(&q)
		if g.srcCache[i] == nil {
			g.srcCache[i] = []source{}
		}
		f.quiet[i], f.hpRead[i] = quietSources(g.srcCache[i])
		u := &rs.Units[i]
		f.units[i] = fcUnit{hp: int(u.Stats.HP), rng: u.Range, ss: u.HasShapestone, quiet: f.quiet[i], fixed: f.quiet[i] && !f.hpRead[i]}
		for d := 1; d < 8; d++ {
			if u.Range.Has(d) {
				f.maxDist = max(f.maxDist, d)
			}
		}
	}
	size := uint64(n) * uint64(n) * uint64(f.maxDist) * 4
	if size > 0 {
		f.bits = uint(bits.Len64(min(size, maxPlans) - 1))
	}
	if size>>f.bits >= 1<<32-1 {
		f.maxDist = 0 // keys would not fit: no plans
	}
	if f.maxDist > 0 {
		f.plans = make([]fcPlan, 1<<f.bits)
	}
	return f
}

var strikeKinds = [4]string{KindAttack, KindCounter, KindFollowUp, KindFollowUp}

// Forecast is the package's Forecast on the Forecaster's ruleset, written
// into o like ForecastTo: no allocation for a quiet forecast (out of range,
// o.Strikes is empty rather than nil).
func (f *Forecaster) Forecast(o *Outcome, attacker, defender, aHP, dHP int, aSS, dSS bool, dist int) {
	// The fast cases, where the duel's fight would give the same: out of
	// range with no event passive (no combat, nothing read), and a cached
	// plan for units whose stats are fixed, at HP the pieces can have
	// (1..printed HP: the duel's Damage arithmetic cannot wrap).
	if n := uint(len(f.units)); uint(attacker) < n && uint(defender) < n && dist >= 1 && dist <= 2*(Size-1) {
		ua, ud := &f.units[attacker], &f.units[defender]
		if ua.quiet && ud.quiet && !ua.rng.Has(dist) {
			*o = Outcome{Strikes: o.Strikes[:0]}
			return
		}
		if ua.fixed && ud.fixed && dist <= f.maxDist && aHP >= 1 && aHP <= ua.hp && dHP >= 1 && dHP <= ud.hp {
			ss := 0
			if aSS && ua.ss {
				ss = 1
			}
			if dSS && ud.ss {
				ss |= 2
			}
			i := ((uint64(attacker)*uint64(n)+uint64(defender))*uint64(f.maxDist)+uint64(dist-1))*4 + uint64(ss)
			p := &f.plans[i&(1<<f.bits-1)]
			if key := uint32(i>>f.bits) + 1; p.key != key {
				f.plan(p, key, attacker, defender, ss&1 != 0, ss&2 != 0, dist)
			}
			if p.strikes&planDuel == 0 {
				p.fight(o, aHP, dHP)
				return
			}
		}
	}
	rs := f.d.g.Rules
	if !f.quiet[attacker] || !f.quiet[defender] {
		*o = forecastBoard(rs, attacker, defender, aHP, dHP, aSS, dSS, dist)
		return
	}
	f.d.fight(o, o.Strikes[:0], attacker, defender, aHP, dHP, aSS, dSS, dist, f.hpRead[attacker] || f.hpRead[defender])
}

// plan sets p, under key, to the plan of a combat whose units' stats are
// fixed, read by the duel's openCombat at full HP.
func (f *Forecaster) plan(p *fcPlan, key uint32, attacker, defender int, aSS, dSS bool, dist int) {
	s := &f.d
	steps, ok := s.open(attacker, defender, f.units[attacker].hp, f.units[defender].hp, aSS, dSS, dist)
	*p = fcPlan{key: key}
	if !ok {
		return // out of range: no strikes
	}
	for _, st := range steps {
		bit := 0
		switch st.Kind {
		case KindCounter:
			bit = 1
		case KindFollowUp:
			bit = 2 + st.By
		}
		p.strikes |= 1 << bit
		dmg := blow(&s.f, st).Damage
		if dmg != int(int8(dmg)) {
			p.strikes = planDuel
			return
		}
		p.dmg[st.By] = int8(dmg)
	}
}

// fight is the duel's fight on plan p at HP aHP and dHP: each strike deals
// its side's damage as quietHurt does, until one unit is defeated.
func (p *fcPlan) fight(o *Outcome, aHP, dHP int) {
	dst := o.Strikes[:0]
	if p.strikes == 0 {
		*o = Outcome{Strikes: dst}
		return
	}
	hp := [2]int{aHP, dHP}
	var dead [2]bool
	for i := range 4 {
		if p.strikes&(1<<i) == 0 {
			continue
		}
		by := i & 1 // attack and the attacker's follow-up are bits 0 and 2
		dmg := int(p.dmg[by])
		dst = append(dst, Strike{By: by, Kind: strikeKinds[i], Damage: dmg})
		v := 1 - by
		if dmg <= 0 {
			continue
		}
		if dmg < hp[v] {
			hp[v] -= dmg
			continue
		}
		hp[v], dead[v] = 0, true
		break
	}
	// Field by field: a whole Outcome literal is built on the stack and
	// copied, which cost more than the strikes.
	o.Strikes, o.Before, o.HP, o.Defeated = dst, [2]int{aHP, dHP}, hp, dead
}

// duel is the memory of a quiet forecast: a board with the two pieces.
type duel struct {
	g       Game
	pcs     [2]Piece
	ptrs    [2]*Piece
	srcs    [2][]source
	cb      combat
	f       [2]Fighter
	strikes [maxStrikes]Strike
}

var duels = sync.Pool{New: func() any { return new(duel) }}

// forecastQuiet runs a forecast on a pooled duel, the two units' effect
// lists built for this call. It reports false, doing nothing, when the
// forecast is not quiet (quietSources); Forecast then runs forecastBoard.
// The strikes are appended to dst (left nil when there is no combat).
func forecastQuiet(dst []Strike, rs *table.Ruleset, attacker, defender, aHP, dHP int, aSS, dSS bool, dist int) (Outcome, bool) {
	s := duels.Get().(*duel)
	defer duels.Put(s)
	g := &s.g
	forecastGame(g, rs)
	if cap(g.srcCache) < len(rs.Units) {
		g.srcCache = make([][]source, len(rs.Units))
	}
	g.srcCache = g.srcCache[:len(rs.Units)]
	// Only the two cards' entries are read in this call, and both are set
	// below: entries left from earlier calls are never read.
	hpRead := false
	for i, card := range [2]int{attacker, defender} {
		var q Piece
		g.setPiece(&q, int16(card), i, NoTile)
		// The plain piece's sources, built into reused memory.
		s.srcs[i] = g.appendSources(s.srcs[i][:0], &q)
		if s.srcs[i] == nil {
			s.srcs[i] = make([]source, 0, 4) // non-nil: cached as "none"
		}
		g.srcCache[card] = s.srcs[i]
		quiet, hp := quietSources(s.srcs[i])
		if !quiet {
			return Outcome{}, false
		}
		hpRead = hpRead || hp
	}
	var o Outcome
	s.fight(&o, dst, attacker, defender, aHP, dHP, aSS, dSS, dist, hpRead)
	return o, true
}

// fight runs a quiet forecast on the duel's board, whose rules and effect
// lists are set: no passive of either unit answers an event of the combat
// (attacked, before combat, damaged, would be defeated) with an effect that
// changes it, so the events are left out. Everything else is the board's:
// the same flags, fighters, strike plan and per-strike stats (openCombat,
// fighters, blow), the damage dealt as hurt deals it when nobody answers.
// hpRead says whether stats must be read again before each strike. The
// outcome goes to o, its strikes appended to dst.
func (s *duel) fight(o *Outcome, dst []Strike, attacker, defender, aHP, dHP int, aSS, dSS bool, dist int, hpRead bool) {
	steps, ok := s.open(attacker, defender, aHP, dHP, aSS, dSS, dist)
	if !ok {
		*o = Outcome{Strikes: dst} // out of range: no combat
		return
	}
	g, pcs, cb, f := &s.g, s.ptrs, &s.cb, &s.f
	*o = cb.out
	for i, st := range steps {
		if hpRead && i > 0 {
			g.fighters(pcs, cb, f) // an HP condition may have changed
		}
		st = blow(f, st)
		steps[i] = st
		v := 1 - st.By
		if g.quietHurt(pcs[v], st.Damage) {
			o.HP[v], o.Defeated[v] = 0, true
			steps = steps[:i+1]
			break
		}
		o.HP[v] = g.HP(pcs[v])
	}
	o.Strikes = append(dst, steps...)
}

// open sets the duel's board up and opens its combat: the strike plan and
// the fighters (in s.f) before the first strike; false when the defender
// is out of the attacker's range.
func (s *duel) open(attacker, defender, aHP, dHP int, aSS, dSS bool, dist int) ([]Strike, bool) {
	g := &s.g
	if s.ptrs[0] == nil {
		s.ptrs = [2]*Piece{&s.pcs[0], &s.pcs[1]}
		g.Pieces = s.ptrs[:]
	}
	g.nextID = 0
	t0, t1 := forecastTiles(dist)
	g.setPiece(&s.pcs[0], int16(attacker), 0, t0)
	g.setPiece(&s.pcs[1], int16(defender), 1, t1)
	forecastPiece(g, &s.pcs[0], aHP, aSS)
	forecastPiece(g, &s.pcs[1], dHP, dSS)
	cb := &s.cb
	*cb = combat{ids: [2]int32{s.pcs[0].ID, s.pcs[1].ID}, dist: Dist(t0, t1), corner: -1}
	if !g.Rules.Units[attacker].Range.Has(cb.dist) {
		return nil, false
	}
	return g.openCombat(cb, s.ptrs, s.strikes[:0], &s.f), true
}

// quietSources reports whether a unit's effect lists leave a forecast quiet
// (no passive answers a combat event with an effect that changes the
// combat) and whether its passives read its HP.
func quietSources(srcs []source) (quiet, readsHP bool) {
	for _, s := range srcs {
		if s.kind != srcPassive {
			continue
		}
		for i := range s.effects {
			e := &s.effects[i]
			switch e.When {
			case table.Attacked, table.BeforeCombat, table.Damaged, table.WouldBeDefeated:
				if !outsideCombat(e.Op) {
					return false, false
				}
			}
			for _, c := range e.If {
				switch c.Kind {
				case table.CondHPAtMost, table.CondHPAtLeast, table.CondHPFull:
					readsHP = true
				}
			}
		}
	}
	return true, readsHP
}

// outsideCombat reports whether op changes nothing a combat reads (players'
// resources and cards, readiness, tokens a combat never uses).
func outsideCombat(op table.Op) bool {
	switch op {
	case table.OpNone, table.OpReady, table.OpExhaust, table.OpCoins, table.OpDV, table.OpVP,
		table.OpDraw, table.OpDiscard, table.OpRefresh:
		return true
	}
	return false
}

// quietHurt deals a strike's damage as hurt does when no passive or
// reaction answers: the unit keeps the damage, or falls to 0 HP and is
// defeated (true).
func (g *Game) quietHurt(q *Piece, dmg int) bool {
	hp := g.HP(q)
	switch {
	case dmg <= 0:
		return false
	case dmg < hp:
		q.Damage += int8(dmg)
		return false
	}
	q.Damage = int8(g.Rules.Units[q.Card].Stats.HP)
	return true
}
