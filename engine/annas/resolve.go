package annas

import (
	"slices"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// Effects resolve in continuation-passing style: an effect that opens a
// reaction window (damage that would defeat a unit) pauses the game until the
// window's player decides, then the rest runs.

// run resolves, in order, the effects of es that fire on when and whose
// conditions hold, then calls then.
func (g *Game) run(es []table.Effect, when table.Trigger, c *ctx, then func()) {
	g.runFrom(es, when, c, then, 0)
}

// runFrom is run from the i-th effect on.
func (g *Game) runFrom(es []table.Effect, when table.Trigger, c *ctx, then func(), i int) {
	for ; i < len(es); i++ {
		e := &es[i]
		if e.When != when || g.Phase == PhaseOver {
			continue
		}
		if c.src != nil && g.PieceByID(c.src.ID) == nil && when != table.OnDefeat {
			break // the source left the board
		}
		if isEvent(when) && !aboutOK(e.About, c.owner, c.src, c.trig) || !g.conds(e, c) {
			continue
		}
		if g.opNow(e, when, c) {
			continue // op would have called its continuation right away
		}
		next := i + 1
		g.op(e, when, c, func() { g.runFrom(es, when, c, then, next) })
		return
	}
	then()
}

// isEvent reports whether t is an event trigger narrowed by Effect.About.
func isEvent(t table.Trigger) bool {
	return t >= table.WouldBeDefeated && t <= table.Damaged
}

// targets are the pieces effect e acts on.
func (g *Game) targets(e *table.Effect, c *ctx) []*Piece {
	alive := func(p *Piece) []*Piece {
		if p == nil {
			return nil
		}
		if q := g.PieceByID(p.ID); q != nil {
			return []*Piece{q}
		}
		return nil
	}
	switch e.Target.Kind {
	case table.TargetSelf:
		return alive(c.src)
	case table.TargetFoe:
		return alive(c.foe)
	case table.TargetTrigger:
		return alive(c.trig)
	case table.TargetOne:
		if c.target != NoTile {
			if q := g.PieceAt(c.target); q != nil && g.targetOK(&e.Target, c, q) {
				return []*Piece{q}
			}
			return nil
		}
		return g.autoTarget(e, c)
	case table.TargetAll:
		var out []*Piece
		for i := range g.Pieces {
			if g.targetOK(&e.Target, c, g.Pieces[i]) {
				out = append(out, g.Pieces[i])
			}
		}
		return out
	}
	return nil
}

// autoTarget picks the one target of an effect that fired on its own (no
// action chose it): the most damaged unit for a heal, the weakest for
// damage, otherwise the first in board order.
func (g *Game) autoTarget(e *table.Effect, c *ctx) []*Piece {
	var best *Piece
	score := func(q *Piece) int {
		switch e.Op {
		case table.OpHeal:
			return int(q.Damage)
		case table.OpDamage:
			return -g.HP(q)
		}
		return 0
	}
	for i := range g.Pieces {
		q := g.Pieces[i]
		if g.targetOK(&e.Target, c, q) && (best == nil || score(q) > score(best) || score(q) == score(best) && q.Tile < best.Tile) {
			best = q
		}
	}
	if best == nil {
		return nil
	}
	return []*Piece{best}
}

// player is the player a resource effect acts on.
func (g *Game) player(e *table.Effect, c *ctx) int {
	switch e.Target.Kind {
	case table.TargetOpponent:
		return 1 - c.owner
	case table.TargetPlayer, table.TargetSelf:
		return c.owner
	}
	if ts := g.targets(e, c); len(ts) > 0 {
		return int(ts[0].Owner)
	}
	return c.owner
}

func expiry(d table.Duration, when table.Trigger) Expiry {
	switch d {
	case table.ForCombat:
		return UntilCombat
	case table.ForNextTurn:
		return UntilNextTurn
	case table.ForPermanent:
		return Permanent
	case table.ForTurn:
		return UntilTurnEnd
	}
	switch when {
	case table.BeforeCombat, table.Attacked, table.InCombat:
		return UntilCombat
	}
	return UntilTurnEnd
}

// asks reports whether effects that fire on their own ask their controller
// for choices (not in forecasts, not when an action made them).
func (g *Game) asks(c *ctx) bool { return !c.chosen && !g.noReact }

// op resolves one effect, then calls then. An effect that fired on its own
// and needs a choice (which unit, where to, which cards) first asks its
// controller through a choice window.
func (g *Game) op(e *table.Effect, when table.Trigger, c *ctx, then func()) {
	if g.asks(c) && e.Target.Kind == table.TargetOne && c.target == NoTile {
		var opts []Action
		for _, q := range g.Pieces {
			if g.targetOK(&e.Target, c, q) {
				a := act(Choose, c.owner)
				a.Target = q.Tile
				opts = append(opts, a)
			}
		}
		if len(opts) == 0 {
			then()
			return
		}
		best := act(Choose, c.owner)
		best.Target = g.autoTarget(e, c)[0].Tile
		resume := func(a Action) {
			c2 := *c
			c2.target = a.Target
			g.op(e, when, &c2, then)
		}
		if len(opts) == 1 {
			resume(opts[0])
			return
		}
		g.ask(c.owner, opts, best, resume)
		return
	}
	if g.asks(c) && e.Op == table.OpMove && !c.destSet {
		if ts := g.targets(e, c); len(ts) > 0 {
			q := ts[0]
			stay := act(Choose, int(q.Owner))
			opts := []Action{stay}
			for _, t := range tiles(g.moveDests(e, q)) {
				a := stay
				a.Dest = t
				opts = append(opts, a)
			}
			best := stay
			best.Dest = g.autoMove(e, q)
			resume := func(a Action) {
				c2 := *c
				c2.dest, c2.destSet = a.Dest, true
				g.op(e, when, &c2, then)
			}
			if len(opts) == 1 {
				resume(stay)
				return
			}
			g.ask(int(q.Owner), opts, best, resume)
			return
		}
	}
	if g.asks(c) && e.Op == table.OpDiscard {
		p := g.player(e, c)
		g.discardChosen(p, int(e.N), then)
		return
	}
	if e.Op == table.OpDamage {
		g.damage(e, c, then)
		return
	}
	g.opSync(e, when, c)
	then()
}

// opNow resolves e as op would when op would not ask for a choice nor deal
// damage (the cases that may wait for a decision), reporting whether it did.
func (g *Game) opNow(e *table.Effect, when table.Trigger, c *ctx) bool {
	if g.asks(c) && (e.Target.Kind == table.TargetOne && c.target == NoTile || e.Op == table.OpMove && !c.destSet || e.Op == table.OpDiscard) ||
		e.Op == table.OpDamage {
		return false
	}
	g.opSync(e, when, c)
	return true
}

// opSync is op for the effects resolved at once.
func (g *Game) opSync(e *table.Effect, when table.Trigger, c *ctx) {
	n := int(e.N)
	switch e.Op {
	case table.OpCoins:
		p := &g.Players[g.player(e, c)]
		p.Coins = max(0, p.Coins+n)
	case table.OpDV:
		p := &g.Players[g.player(e, c)]
		p.DV = max(0, p.DV+n)
	case table.OpVP:
		g.Players[g.player(e, c)].VPTokens += n
	case table.OpDraw:
		p := g.player(e, c)
		g.drawTo(p, len(g.Players[p].Hand)+n)
	case table.OpDiscard:
		// The player's choice is modelled as the oldest cards; the hand is
		// refilled at once (it always holds the hand size).
		p := g.player(e, c)
		pl := &g.Players[p]
		k := min(n, len(pl.Hand))
		g.Discard = append(g.Discard, pl.Hand[:k]...)
		pl.Hand = append(pl.Hand[:0], pl.Hand[k:]...)
		g.draw(p)
	case table.OpPreventDefeat:
		if c.prevent != nil {
			*c.prevent = n
		}
	case table.OpNoCounter, table.OpNoFollowUp, table.OpFollowUp:
		if cb := c.combat; cb != nil {
			g.combatOp(cb, e, c)
		} else if g.fighting != nil {
			g.combatOp(g.fighting, e, c)
		}
	default:
		for _, q := range g.targets(e, c) {
			g.pieceOp(e, when, c, q)
		}
	}
}

// damage resolves a damage effect, then calls then.
func (g *Game) damage(e *table.Effect, c *ctx, then func()) {
	n := int(e.N)
	ts := g.targets(e, c)
	var hit func(i int)
	hit = func(i int) {
		if i == len(ts) || g.Phase == PhaseOver {
			then()
			return
		}
		q := g.PieceByID(ts[i].ID)
		if q == nil {
			hit(i + 1)
			return
		}
		if g.record {
			dealt := min(n, g.HP(q))
			if e.NonLethal {
				dealt = min(n, g.HP(q)-1)
			}
			if dealt > 0 {
				g.emit("damage", int(q.Owner), g.unitData(q, dealt), "%s %s takes %d damage (%d HP left)", g.pieceName(q), q.Tile, dealt, g.HP(q)-dealt)
			}
		}
		g.hurt(q, n, e.NonLethal, c.owner, c.src, func(bool) { hit(i + 1) })
	}
	ids := make([]*Piece, len(ts))
	for i, q := range ts {
		cp := *q
		ids[i] = &cp
	}
	ts = ids
	hit(0)
}

// pieceOp applies an instant or lasting effect to one piece.
func (g *Game) pieceOp(e *table.Effect, when table.Trigger, c *ctx, q *Piece) {
	if g.record {
		from := q.Tile
		defer func() {
			if q.Tile != from {
				g.emit("move", int(q.Owner), g.unitData(q, 0), "%s moves from %s to %s", g.pieceName(q), from, q.Tile)
			}
		}()
	}
	n := int(e.N)
	switch e.Op {
	case table.OpModify:
		if e.Duration == table.ForWhile && (when == table.Always || when == table.InCombat) {
			return // continuous: read by the stat functions
		}
		q.Mods = append(q.Mods, Mod{Mods: e.Mods, Expiry: expiry(e.Duration, when), By: int8(c.owner)})
	case table.OpGrant:
		if e.Tag >= 0 && !(e.Duration == table.ForWhile && when == table.Always) {
			q.Mods = append(q.Mods, Mod{Tags: 1 << uint(e.Tag), Expiry: expiry(e.Duration, when), By: int8(c.owner)})
		}
	case table.OpHeal:
		healed := min(n, int(q.Damage))
		q.Damage -= int8(healed)
		if healed > 0 {
			g.emit("heal", int(q.Owner), g.unitData(q, healed), "%s %s recovers %d HP (%d HP)", g.pieceName(q), q.Tile, healed, g.HP(q))
		}
	case table.OpReady:
		if q.Exhausted {
			g.emit("ready", int(q.Owner), g.unitData(q, 0), "%s %s is ready again", g.pieceName(q), q.Tile)
		}
		q.Exhausted = false
	case table.OpExhaust:
		q.Exhausted = true
	case table.OpRefresh:
		if g.hasSpecial(q) {
			q.Special = true
		}
	case table.OpMove:
		dest := c.dest
		if dest == NoTile && !c.chosen && !c.destSet {
			dest = g.autoMove(e, q)
		}
		if dest != NoTile && g.moveOK(e, c, q, dest) {
			q.Tile = dest
		}
	case table.OpPush, table.OpPull:
		if c.src != nil {
			g.slide(q, c.src.Tile, n, e.Op == table.OpPull)
		}
	case table.OpSwap:
		if c.src != nil {
			if s := g.PieceByID(c.src.ID); s != nil && g.canSwap(s, q) {
				s.Tile, q.Tile = q.Tile, s.Tile
			}
		}
	case table.OpReposition:
		if c.dest != NoTile && c.src != nil && Dist(c.dest, c.src.Tile) == 1 && g.standable(q, c.dest) {
			q.Tile = c.dest
		}
	case table.OpGrab:
		s := g.PieceByID(c.src.ID)
		if s == nil {
			return
		}
		if c.dest == NoTile {
			if g.canSwap(s, q) {
				s.Tile, q.Tile = q.Tile, s.Tile
			}
		} else if g.standable(s, c.dest) {
			old := s.Tile
			s.Tile = c.dest
			if g.standable(q, old) {
				q.Tile = old
			}
		}
	}
}

// enterable reports whether q may stand on t by its movement rules, ignoring units.
func (g *Game) enterable(q *Piece, t Tile) bool {
	if t == NoTile || g.DeployZone(1-int(q.Owner)).Has(t) {
		return false
	}
	return CanEnter(&g.Rules.Terrain[g.terrainAt(t)], g.Tags(q))
}

// standable: enterable and free of units.
func (g *Game) standable(q *Piece, t Tile) bool { return g.enterable(q, t) && g.PieceAt(t) == nil }

func (g *Game) canSwap(a, b *Piece) bool {
	return g.enterable(a, b.Tile) && g.enterable(b, a.Tile)
}

// slide moves q up to n tiles straight away from (or toward) from, stopping
// before anything it may not enter (rulebook V: moved units only enter
// tiles they can normally enter).
func (g *Game) slide(q *Piece, from Tile, n int, toward bool) {
	df, dr := sign(q.Tile.File()-from.File()), sign(q.Tile.Rank()-from.Rank())
	if df != 0 && dr != 0 {
		return // not in a line
	}
	if toward {
		df, dr = -df, -dr
	}
	for range n {
		t := at(q.Tile.File()+df, q.Tile.Rank()+dr)
		if !g.standable(q, t) {
			return
		}
		q.Tile = t
	}
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// discardChosen lets player p discard n cards of their choice, one choice
// at a time, then refills the hand.
func (g *Game) discardChosen(p, n int, then func()) {
	pl := &g.Players[p]
	if n <= 0 || len(pl.Hand) == 0 {
		g.draw(p)
		then()
		return
	}
	var opts []Action
	for _, c := range pl.Hand {
		a := act(Choose, p)
		a.Card = c
		if !slices.Contains(opts, a) {
			opts = append(opts, a)
		}
	}
	g.ask(p, opts, opts[0], func(a Action) {
		pl.Hand = removeOne(pl.Hand, a.Card)
		g.Discard = append(g.Discard, a.Card)
		g.discardChosen(p, n-1, then)
	})
}

// autoMove picks where a move that no action chose goes (an after-combat
// step, say): the tile nearest a castle, if nearer than where q stands.
func (g *Game) autoMove(e *table.Effect, q *Piece) Tile {
	best, bd := NoTile, g.castleDist(q.Tile)
	for _, t := range tiles(g.moveDests(e, q)) {
		if d := g.castleDist(t); d < bd {
			best, bd = t, d
		}
	}
	return best
}

// moveOK reports whether an OpMove may take q to dest.
func (g *Game) moveOK(e *table.Effect, c *ctx, q *Piece, dest Tile) bool {
	return g.moveDests(e, q).Has(dest)
}

// moveDests are the tiles an OpMove effect may take q to.
func (g *Game) moveDests(e *table.Effect, q *Piece) TileSet {
	terr := g.TerrainNow()
	f := g.field(int(q.Owner), &terr)
	tags := g.Tags(q)
	var out TileSet
	if e.Straight {
		for d := range 4 {
			t := q.Tile
			for range int(e.N) {
				t = step(t, d)
				if t == NoTile || f.Enemies.Has(t) || !f.Enterable(t, tags) {
					break
				}
				if !f.Allies.Has(t) {
					out = with(out, t)
				}
				if Stops(&g.Rules.Terrain[terr[t]], tags) {
					break
				}
			}
		}
		return out
	}
	return f.Reach(q.Tile, int(e.N), tags) &^ with(0, q.Tile)
}

func (g *Game) hasSpecial(q *Piece) bool {
	s := g.Rules.Units[q.Card].Skill
	return s >= 0 && g.Rules.Skills[s].Kind == table.SkillSpecial
}
