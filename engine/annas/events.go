package annas

import (
	"slices"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// window is a chance for one player to use a reaction (a reaction special
// or a reaction shop card) when an event happens.
type window struct {
	player int
	ev     table.Trigger
	trig   *Piece // the unit the event is about (a copy once it is gone)
	foe    *Piece
}

// aboutOK reports whether an event about trig concerns a watcher: src (the
// reacting unit, nil for a shop card) controlled by owner.
func (g *Game) aboutOK(s table.Scope, owner int, src, trig *Piece) bool {
	if trig == nil {
		return s.Side == table.SideAny || s.Side == table.SideSelf && src == nil
	}
	if s.Side == table.SideSelf && src == nil {
		return int(trig.Owner) == owner // a shop card's "self" is its player's units
	}
	friendly := s.Side == table.SideAlly || s.Side == table.SideOwn
	if !g.sideOK(s.Side, owner, src, trig) || friendly && src != nil && src.ID == trig.ID {
		return false
	}
	return src == nil || g.within(s.Within, src, trig)
}

// hit is a passive effect list that watches an event.
type hit struct {
	src *Piece
	es  []table.Effect
	key int32
}

// hits appends to out the passive lists that watch event ev about trig,
// in board order.
func (g *Game) hits(ev table.Trigger, trig *Piece, out []hit) []hit {
	for _, q := range g.Pieces {
		srcs := g.sources(q)
		for j := range srcs {
			s := &srcs[j]
			if !s.fires(ev) {
				continue
			}
			for i := range s.effects {
				if s.effects[i].When == ev && g.aboutOK(s.effects[i].About, int(q.Owner), q, trig) {
					out = append(out, hit{q, s.effects, s.key})
					break
				}
			}
		}
	}
	return out
}

// reactors are the seats that may react, in the order they are asked: the
// current player first (on a boss turn, the next player), then the others
// clockwise.
func (g *Game) reactors(buf []int) []int {
	n := len(g.Players)
	first := g.Current
	if !g.isPlayer(first) {
		first = g.nextPlayer()
	}
	for k := range n {
		buf = append(buf, (first+k)%n)
	}
	return buf
}

// fire announces an event: the passives that watch it resolve, then each
// player (the current one first) may react.
func (g *Game) fire(ev table.Trigger, trig, foe *Piece, prevent *int) {
	var buf [4]hit
	for _, h := range g.hits(ev, trig, buf[:0]) {
		if g.Phase == PhaseOver {
			return
		}
		c := &ctx{src: h.src, owner: int(h.src.Owner), trig: trig, foe: foe, roll: !g.noReact, prevent: prevent, target: NoTile, dest: NoTile, corner: -1, from: h.key}
		g.run(h.es, ev, c)
	}
	if g.Phase == PhaseOver || g.noReact {
		return
	}
	// Who may react is settled when the event happens; each is asked in
	// turn, if they still can.
	var sbuf, wbuf [4]int
	ws := wbuf[:0]
	for _, p := range g.reactors(sbuf[:0]) {
		if g.canReact(&window{player: p, ev: ev, trig: trig, foe: foe}) {
			ws = append(ws, p)
		}
	}
	for _, p := range ws {
		w := &window{player: p, ev: ev, trig: trig, foe: foe}
		// A player may answer one event with several reactions before
		// passing (rulebook II.6: whenever the condition is met).
		for g.Phase != PhaseOver && g.canReact(w) {
			opts := g.reactions(w)
			a := opts[g.decide(&decision{seat: p, kind: "react", options: opts})]
			if a.Kind == Pass {
				break
			}
			g.react(w, a, prevent)
		}
		if g.Phase == PhaseOver {
			return
		}
	}
}

// reactions are the React actions open to the window's player, then Pass.
func (g *Game) reactions(w *window) []Action {
	var out []Action
	for _, q := range g.Pieces {
		if int(q.Owner) != w.player || !q.Special {
			continue
		}
		for _, s := range g.sources(q) {
			if s.kind != srcReaction {
				continue
			}
			if g.reactionFits(s.effects, w, q) {
				out = append(out, Action{Kind: React, Player: int8(w.player), Card: -1, From: q.Tile, To: NoTile, Target: NoTile, Dest: NoTile})
			}
		}
	}
	pl := &g.Players[w.player]
	var seen []int16
	for _, c := range pl.Shop {
		sc := &g.Rules.ShopCards[c]
		if sc.Type != table.Reaction || sc.Trigger != w.ev || slices.Contains(seen, c) {
			continue
		}
		if !g.aboutOK(sc.About, w.player, nil, w.trig) || !g.cardFits(sc.Effects, w) {
			continue
		}
		seen = append(seen, c)
		out = append(out, Action{Kind: React, Player: int8(w.player), Card: c, From: NoTile, To: NoTile, Target: NoTile, Dest: NoTile})
	}
	if len(out) > 0 {
		out = append(out, Action{Kind: Pass, Player: int8(w.player), Card: -1, From: NoTile, To: NoTile, Target: NoTile, Dest: NoTile})
	}
	return out
}

// canReact reports whether reactions(w) offers anything, without building it.
func (g *Game) canReact(w *window) bool {
	for _, q := range g.Pieces {
		if int(q.Owner) != w.player || !q.Special {
			continue
		}
		srcs := g.sources(q)
		for i := range srcs {
			if srcs[i].kind == srcReaction && g.reactionFits(srcs[i].effects, w, q) {
				return true
			}
		}
	}
	for _, c := range g.Players[w.player].Shop {
		sc := &g.Rules.ShopCards[c]
		if sc.Type == table.Reaction && sc.Trigger == w.ev && g.aboutOK(sc.About, w.player, nil, w.trig) && g.cardFits(sc.Effects, w) {
			return true
		}
	}
	return false
}

func (g *Game) reactionFits(es []table.Effect, w *window, q *Piece) bool {
	for i := range es {
		e := &es[i]
		if e.When == w.ev && g.aboutOK(e.About, w.player, q, w.trig) &&
			g.conds(e, &ctx{src: q, owner: w.player, trig: w.trig, foe: w.foe, target: NoTile, dest: NoTile, corner: -1}) {
			return true
		}
	}
	return false
}

// cardFits reports whether some effect of a reaction card fires on the
// window's event with its conditions met.
func (g *Game) cardFits(es []table.Effect, w *window) bool {
	c := &ctx{owner: w.player, trig: w.trig, foe: w.foe, target: NoTile, dest: NoTile, corner: -1}
	for i := range es {
		if es[i].When == w.ev && g.conds(&es[i], c) {
			return true
		}
	}
	return false
}

// react resolves a reaction the window's player chose.
func (g *Game) react(w *window, a Action, prevent *int) {
	c := &ctx{owner: w.player, trig: w.trig, foe: w.foe, prevent: prevent, roll: true, target: NoTile, dest: NoTile, corner: -1}
	if a.Card >= 0 {
		pl := &g.Players[w.player]
		pl.Shop = removeOne(pl.Shop, a.Card)
		g.discardShop(a.Card)
		g.run(g.Rules.ShopCards[a.Card].Effects, w.ev, c)
		return
	}
	q := g.PieceAt(a.From)
	q.Special = false
	c.src = q
	for _, s := range g.sources(q) {
		if s.kind == srcReaction {
			g.run(s.effects, w.ev, c)
			return
		}
	}
}

func removeOne(s []int16, v int16) []int16 {
	if i := slices.Index(s, v); i >= 0 {
		return slices.Delete(s, i, i+1)
	}
	return s
}

// hurt deals dmg to unit q (non-lethal leaves 1 HP); byOwner defeats it if
// it falls, and reports whether it did. A blow that would defeat first
// fires would-be-defeated, so a prevent-defeat can save it.
func (g *Game) hurt(q *Piece, dmg int, nonLethal bool, byOwner int, foe *Piece) bool {
	hp := g.HP(q)
	if nonLethal {
		dmg = min(dmg, hp-1)
	}
	if dmg <= 0 {
		return false
	}
	if dmg < hp {
		q.Damage += int8(dmg)
		g.fire(table.Damaged, q, foe, nil)
		return false
	}
	saved := -1
	g.fire(table.WouldBeDefeated, q, foe, &saved)
	if g.PieceByID(q.ID) == nil {
		return true // gone another way meanwhile
	}
	if g.Phase == PhaseOver {
		return false
	}
	if saved > 0 {
		q.Damage = int8(g.maxHP(q) - min(saved, g.maxHP(q)))
		g.emit("survive", int(q.Owner), g.unitData(q, 0), "%s %s survives with %d HP", g.pieceName(q), q.Tile, g.HP(q))
		return false
	}
	q.Damage = int8(g.maxHP(q))
	g.defeat(q, byOwner, foe)
	return true
}

// defeat removes unit q (rulebook VI, Unit Death): the card and its
// attachment are discarded, the other player gains VP (legendary more), its
// owner gains DV (more when it is not their first loss this turn; in boss
// mode 1 for every loss, none for a legendary).
func (g *Game) defeat(q *Piece, byOwner int, foe *Piece) {
	g.remove(q)
	u := &g.Rules.Units[q.Card]
	if byOwner != int(q.Owner) && g.isPlayer(byOwner) {
		vp := g.num.VPPerDefeat
		if u.Legendary {
			vp = g.num.VPPerLegendary
		}
		g.Players[byOwner].VPTokens += int(vp)
	}
	pl := &g.Players[q.Owner]
	dv := g.num.DVOnLoss
	if pl.LostTurn > 0 {
		dv = g.num.DVOnLaterLoss
	}
	if u.Legendary && g.num.DVOnLegendLoss < g.num.DVOnLoss {
		dv = g.num.DVOnLegendLoss
	}
	pl.DV += int(dv)
	pl.LostTurn++
	pl.Lost++
	g.emit("defeat", int(q.Owner), g.unitData(q, 0), "%s %s of P%d is defeated; P%d gains %d DV", g.pieceName(q), q.Tile, q.Owner+1, q.Owner+1, dv)
	c := &ctx{src: q, owner: int(q.Owner), foe: foe, roll: true, target: NoTile, dest: NoTile, corner: -1}
	for _, s := range g.sources(q) {
		if s.kind == srcPassive {
			c.from = s.key
			g.run(s.effects, table.OnDefeat, c)
		}
	}
	g.fire(table.Defeated, q, foe, nil)
}

// remove takes a unit off the board: card to the unit discard pile,
// attachment to the shop discard pile.
func (g *Game) remove(q *Piece) {
	i := slices.Index(g.Pieces, q)
	if i < 0 {
		return
	}
	g.Pieces = slices.Delete(g.Pieces, i, i+1)
	if q.Kind != UnitPiece {
		return
	}
	g.Discard = append(g.Discard, q.Card)
	if q.Attached >= 0 {
		g.ShopDiscard = append(g.ShopDiscard, q.Attached)
		q.Attached = -1
	}
	if g.Guest == q.ID {
		g.Guest = 0
	}
}

// removePiece takes a summon off the board (it goes back to the supply).
func (g *Game) removePiece(q *Piece) { g.remove(q) }

// passives runs the self-triggered passive effects of q (on deploy, start
// of turn, after combat, kill, before combat).
func (g *Game) passives(q *Piece, when table.Trigger, c *ctx) {
	srcs := g.sources(q)
	for i := range srcs {
		if g.Phase == PhaseOver {
			return
		}
		// A list with no effect on when resolves nothing.
		if srcs[i].fires(when) {
			c.from = srcs[i].key
			g.run(srcs[i].effects, when, c)
		}
	}
}

// startOfTurn fires the start-of-turn passives of the current player's units.
func (g *Game) startOfTurn() {
	fires := false
	for _, q := range g.Pieces {
		if int(q.Owner) == g.Current && g.firesOn(q, table.StartOfTurn) {
			fires = true
			break
		}
	}
	if !fires {
		return
	}
	var mine []*Piece
	for _, q := range g.Pieces {
		if int(q.Owner) == g.Current {
			mine = append(mine, q)
		}
	}
	for _, q := range mine {
		if g.Phase == PhaseOver {
			return
		}
		if g.PieceByID(q.ID) == nil {
			continue
		}
		g.passives(q, table.StartOfTurn, &ctx{src: q, owner: int(q.Owner), roll: true, target: NoTile, dest: NoTile, corner: -1})
	}
}

// firesOn reports whether one of q's passive lists has an effect on t.
func (g *Game) firesOn(q *Piece, t table.Trigger) bool {
	srcs := g.sources(q)
	for i := range srcs {
		if srcs[i].fires(t) {
			return true
		}
	}
	return false
}
