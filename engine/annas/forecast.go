package annas

import (
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
	g.attack(a, d, func() {})
	return g.lastCombat.out
}

// Forecaster runs many forecasts on one ruleset without allocating: the
// units' effect lists and what they read are worked out once. The ruleset
// must not change while it is in use; use one Forecaster per goroutine.
type Forecaster struct {
	d      duel
	quiet  []bool // per unit: no passive answers a combat event (quietSources)
	hpRead []bool // per unit: its passives read its HP
}

// NewForecaster prepares forecasts on rs.
func NewForecaster(rs *table.Ruleset) *Forecaster {
	f := &Forecaster{quiet: make([]bool, len(rs.Units)), hpRead: make([]bool, len(rs.Units))}
	g := &f.d.g
	forecastGame(g, rs)
	g.srcCache = make([][]source, len(rs.Units))
	for i := range rs.Units {
		var q Piece
		g.setPiece(&q, int16(i), 0, NoTile)
		g.srcCache[i] = g.buildSources(&q)
		if g.srcCache[i] == nil {
			g.srcCache[i] = []source{}
		}
		f.quiet[i], f.hpRead[i] = quietSources(g.srcCache[i])
	}
	return f
}

// Forecast is the package's Forecast on the Forecaster's ruleset, written
// into o like ForecastTo: no allocation for a quiet forecast (out of range,
// o.Strikes is empty rather than nil).
func (f *Forecaster) Forecast(o *Outcome, attacker, defender, aHP, dHP int, aSS, dSS bool, dist int) {
	rs := f.d.g.Rules
	if !f.quiet[attacker] || !f.quiet[defender] {
		*o = forecastBoard(rs, attacker, defender, aHP, dHP, aSS, dSS, dist)
		return
	}
	f.d.fight(o, o.Strikes[:0], attacker, defender, aHP, dHP, aSS, dSS, dist, f.hpRead[attacker] || f.hpRead[defender])
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
	pcs := s.ptrs
	cb := &s.cb
	*cb = combat{ids: [2]int32{pcs[0].ID, pcs[1].ID}, dist: Dist(t0, t1)}
	if !g.Rules.Units[attacker].Range.Has(cb.dist) {
		*o = Outcome{Strikes: dst} // out of range: no combat
		return
	}
	f := &s.f
	steps := g.openCombat(cb, pcs, s.strikes[:0], f)
	*o = cb.out
	for i, st := range steps {
		if hpRead && i > 0 {
			g.fighters(pcs, cb.dist, f) // an HP condition may have changed
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
