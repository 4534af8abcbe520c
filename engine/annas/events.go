package annas

import (
	"slices"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// window is an open chance for one player to use a reaction (a reaction
// special or a reaction shop card) when an event happens.
type window struct {
	player  int
	ev      table.Trigger
	trig    *Piece // the unit the event is about (a copy once it is gone)
	foe     *Piece
	prevent *int
	then    func() // after the last window of the event
	// A choice window (an effect asks its controller for a target, a
	// destination or cards) offers choice and continues with resume.
	choice []Action
	resume func(Action)
	best   Action // what the engine would pick (the greedy policy's answer)
}

// aboutOK reports whether an event about trig concerns a watcher: src (the
// reacting unit, nil for a shop card) controlled by owner.
func aboutOK(s table.Scope, owner int, src, trig *Piece) bool {
	if trig == nil {
		return s.Side == table.SideAny || s.Side == table.SideSelf && src == nil
	}
	if s.Side == table.SideSelf && src == nil {
		return int(trig.Owner) == owner // a shop card's "self" is its player's units
	}
	friendly := s.Side == table.SideAlly || s.Side == table.SideOwn
	if !sideOK(s.Side, owner, src, trig) || friendly && src != nil && src.ID == trig.ID {
		return false
	}
	return src == nil || within(s.Within, src.Tile, trig.Tile)
}

// hit is a passive effect list that watches an event.
type hit struct {
	src *Piece
	es  []table.Effect
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
				if s.effects[i].When == ev && aboutOK(s.effects[i].About, int(q.Owner), q, trig) {
					out = append(out, hit{q, s.effects})
					break
				}
			}
		}
	}
	return out
}

// quiet reports whether fire(ev, trig, foe, prevent, then) would do nothing
// but call then: the game goes on, no passive watches the event and no
// reaction fits it. Callers then skip building the continuation.
func (g *Game) quiet(ev table.Trigger, trig, foe *Piece) bool {
	var buf [4]hit
	if g.Phase == PhaseOver || len(g.hits(ev, trig, buf[:0])) > 0 {
		return false
	}
	if g.noReact {
		return true
	}
	for _, p := range [2]int{g.Current, 1 - g.Current} {
		if g.canReact(&window{player: p, ev: ev, trig: trig, foe: foe}) {
			return false
		}
	}
	return true
}

// fire announces an event: passives that watch it resolve, then each player
// (the current one first) may react, then then runs.
func (g *Game) fire(ev table.Trigger, trig, foe *Piece, prevent *int, then func()) {
	hits := g.hits(ev, trig, nil)
	if len(hits) == 0 { // nothing watches: no continuation to build
		if g.Phase != PhaseOver {
			g.openWindows(ev, trig, foe, prevent, then)
		}
		return
	}
	var step func(i int)
	step = func(i int) {
		if g.Phase == PhaseOver {
			return
		}
		if i == len(hits) {
			g.openWindows(ev, trig, foe, prevent, then)
			return
		}
		h := hits[i]
		c := &ctx{src: h.src, owner: int(h.src.Owner), trig: trig, foe: foe, roll: !g.noReact, prevent: prevent, target: NoTile, dest: NoTile}
		g.run(h.es, ev, c, func() { step(i + 1) })
	}
	step(0)
}

func (g *Game) openWindows(ev table.Trigger, trig, foe *Piece, prevent *int, then func()) {
	if g.noReact {
		then()
		return
	}
	var ws []*window
	for _, p := range [2]int{g.Current, 1 - g.Current} {
		w := window{player: p, ev: ev, trig: trig, foe: foe, prevent: prevent}
		if g.canReact(&w) {
			kept := new(window)
			*kept = w
			ws = append(ws, kept)
		}
	}
	if len(ws) == 0 {
		then()
		return
	}
	ws[len(ws)-1].then = then
	g.windows = append(ws, g.windows...)
}

// reactions are the React actions open to the window's player.
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
		if !aboutOK(sc.About, w.player, nil, w.trig) || !g.cardFits(sc.Effects, w) {
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
		if sc.Type == table.Reaction && sc.Trigger == w.ev && aboutOK(sc.About, w.player, nil, w.trig) && g.cardFits(sc.Effects, w) {
			return true
		}
	}
	return false
}

func (g *Game) reactionFits(es []table.Effect, w *window, q *Piece) bool {
	for i := range es {
		e := &es[i]
		if e.When == w.ev && aboutOK(e.About, w.player, q, w.trig) &&
			g.conds(e, &ctx{src: q, owner: w.player, trig: w.trig, foe: w.foe, target: NoTile, dest: NoTile}) {
			return true
		}
	}
	return false
}

// cardFits reports whether some effect of a reaction card fires on the
// window's event with its conditions met.
func (g *Game) cardFits(es []table.Effect, w *window) bool {
	c := &ctx{owner: w.player, trig: w.trig, foe: w.foe, target: NoTile, dest: NoTile}
	for i := range es {
		if es[i].When == w.ev && g.conds(&es[i], c) {
			return true
		}
	}
	return false
}

// react resolves the chosen reaction (or a pass) of the front window.
func (g *Game) react(a Action) {
	w := g.windows[0]
	g.windows = g.windows[1:]
	done := func() {
		g.settle()
		if w.then != nil {
			w.then()
		}
	}
	if a.Kind == Pass {
		done()
		return
	}
	// After a reaction the same player may play another one to the same
	// event (another card, another unit's special) before passing.
	resolved := done
	done = func() {
		if g.Phase != PhaseOver && g.canReact(w) {
			g.windows = append([]*window{w}, g.windows...)
			return
		}
		resolved()
	}
	c := &ctx{owner: w.player, trig: w.trig, foe: w.foe, prevent: w.prevent, roll: true, target: NoTile, dest: NoTile}
	if a.Card >= 0 {
		pl := &g.Players[w.player]
		pl.Shop = removeOne(pl.Shop, a.Card)
		g.discardShop(a.Card)
		g.run(g.Rules.ShopCards[a.Card].Effects, w.ev, c, done)
		return
	}
	q := g.PieceAt(a.From)
	q.Special = false
	c.src = q
	for _, s := range g.sources(q) {
		if s.kind == srcReaction {
			g.run(s.effects, w.ev, c, done)
			return
		}
	}
	done()
}

// settle closes front windows left with nothing to offer (the first
// player's reaction took away the second's reason to react).
func (g *Game) settle() {
	for len(g.windows) > 0 && g.windows[0].choice == nil && !g.canReact(g.windows[0]) {
		w := g.windows[0]
		g.windows = g.windows[1:]
		if w.then != nil {
			w.then()
		}
	}
}

// ask opens a choice window for player p in front of every other window.
func (g *Game) ask(p int, choice []Action, best Action, resume func(Action)) {
	g.windows = append([]*window{{player: p, choice: choice, best: best, resume: resume}}, g.windows...)
}

// choose answers the front choice window.
func (g *Game) choose(a Action) {
	w := g.windows[0]
	g.windows = g.windows[1:]
	w.resume(a)
}

func removeOne(s []int16, v int16) []int16 {
	if i := slices.Index(s, v); i >= 0 {
		return slices.Delete(s, i, i+1)
	}
	return s
}

// hurt deals dmg to q (non-lethal leaves 1 HP); byOwner defeats it if it
// falls. A blow that would defeat first fires would-be-defeated, so a
// prevent-defeat can save it.
func (g *Game) hurt(q *Piece, dmg int, nonLethal bool, byOwner int, foe *Piece, then func(defeated bool)) {
	hp := g.HP(q)
	if nonLethal {
		dmg = min(dmg, hp-1)
	}
	if dmg <= 0 {
		then(false)
		return
	}
	if dmg < hp {
		q.Damage += int8(dmg)
		if g.quiet(table.Damaged, q, foe) {
			then(false)
			return
		}
		g.fire(table.Damaged, q, foe, nil, func() { then(false) })
		return
	}
	saved := -1
	g.fire(table.WouldBeDefeated, q, foe, &saved, func() {
		if g.PieceByID(q.ID) == nil {
			then(true) // gone another way meanwhile
			return
		}
		if saved > 0 {
			q.Damage = int8(int(g.Rules.Units[q.Card].Stats.HP) - min(saved, int(g.Rules.Units[q.Card].Stats.HP)))
			g.emit("survive", int(q.Owner), g.unitData(q, 0), "%s %s survives with %d HP", g.pieceName(q), q.Tile, g.HP(q))
			then(false)
			return
		}
		q.Damage = int8(g.Rules.Units[q.Card].Stats.HP)
		g.defeat(q, byOwner, foe, func() { then(true) })
	})
}

// defeat removes q (rulebook VI, Unit Death): the card and its attachment
// are discarded, the other player gains VP (legendary more), its owner
// gains DV (more when it is not their first loss this turn).
func (g *Game) defeat(q *Piece, byOwner int, foe *Piece, then func()) {
	g.remove(q)
	u := &g.Rules.Units[q.Card]
	if byOwner != int(q.Owner) {
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
	c := &ctx{src: q, owner: int(q.Owner), foe: foe, roll: true, target: NoTile, dest: NoTile}
	var es [][]table.Effect
	for _, s := range g.sources(q) {
		if s.kind == srcPassive {
			es = append(es, s.effects)
		}
	}
	var step func(i int)
	step = func(i int) {
		if i == len(es) {
			g.fire(table.Defeated, q, foe, nil, then)
			return
		}
		g.run(es[i], table.OnDefeat, c, func() { step(i + 1) })
	}
	step(0)
}

// remove takes q off the board: card to the unit discard pile, attachment
// to the shop discard pile.
func (g *Game) remove(q *Piece) {
	i := slices.Index(g.Pieces, q)
	if i < 0 {
		return
	}
	g.Pieces = slices.Delete(g.Pieces, i, i+1)
	g.Discard = append(g.Discard, q.Card)
	if q.Attached >= 0 {
		g.ShopDiscard = append(g.ShopDiscard, q.Attached)
		q.Attached = -1
	}
}

// passives runs the self-triggered passive effects of q (on deploy, start
// of turn, after combat, kill, before combat).
func (g *Game) passives(q *Piece, when table.Trigger, c *ctx, then func()) {
	var es [][]table.Effect
	srcs := g.sources(q)
	for i := range srcs {
		// A list with no effect on when resolves nothing.
		if srcs[i].fires(when) {
			es = append(es, srcs[i].effects)
		}
	}
	if len(es) == 0 {
		then()
		return
	}
	var step func(i int)
	step = func(i int) {
		if i == len(es) || g.Phase == PhaseOver {
			then()
			return
		}
		g.run(es[i], when, c, func() { step(i + 1) })
	}
	step(0)
}

// startOfTurn fires the start-of-turn passives of the current player's units.
func (g *Game) startOfTurn() {
	// When no unit fires, nothing happens (and nothing can gain such an
	// effect meanwhile): skip the list and its continuation.
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
	var step func(i int)
	step = func(i int) {
		if i == len(mine) {
			return
		}
		q := mine[i]
		if g.PieceByID(q.ID) == nil {
			step(i + 1)
			return
		}
		g.passives(q, table.StartOfTurn, &ctx{src: q, owner: int(q.Owner), roll: true, target: NoTile, dest: NoTile}, func() { step(i + 1) })
	}
	step(0)
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
