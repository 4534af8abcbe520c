package annas

import (
	"slices"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// The effect interpreter: one for both modes. Effects resolve in direct
// style; a decision an effect needs (which unit, where to, which cards, a
// reaction) goes through decide (decide.go).

// run resolves, in order, the effects of es that fire on when and whose
// conditions hold.
func (g *Game) run(es []table.Effect, when table.Trigger, c *ctx) {
	for i := range es {
		e := &es[i]
		if e.When != when || g.Phase == PhaseOver {
			continue
		}
		if c.src != nil && g.PieceByID(c.src.ID) == nil && when != table.OnDefeat {
			break // the source left the board
		}
		if isEvent(when) && !g.aboutOK(e.About, c.owner, c.src, c.trig) || !g.conds(e, c) {
			continue
		}
		g.op(e, when, c)
	}
}

// isEvent reports whether t is an event trigger narrowed by Effect.About.
func isEvent(t table.Trigger) bool {
	return t >= table.WouldBeDefeated && t <= table.Damaged
}

// targets are the pieces effect e acts on. An area effect counts the boss
// once however many of its squares are in the area.
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
			if q := g.PieceAt(c.target); q != nil && g.targetOK(e, c, q) {
				return []*Piece{q}
			}
			return nil
		}
		return g.autoTarget(e, c)
	case table.TargetAll:
		var out []*Piece
		for i := range g.Pieces {
			if g.targetOK(e, c, g.Pieces[i]) {
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
		if g.targetOK(e, c, q) && (best == nil || score(q) > score(best) || score(q) == score(best) && q.Tile < best.Tile) {
			best = q
		}
	}
	if best == nil {
		return nil
	}
	return []*Piece{best}
}

// player is the player a resource effect acts on, -1 for none (the boss).
func (g *Game) player(e *table.Effect, c *ctx) int {
	p := c.owner
	switch e.Target.Kind {
	case table.TargetOpponent:
		if g.Boss != nil {
			return -1
		}
		p = 1 - c.owner
	case table.TargetPlayer, table.TargetSelf:
	default:
		if ts := g.targets(e, c); len(ts) > 0 {
			p = int(ts[0].Owner)
		}
	}
	if !g.isPlayer(p) {
		return -1
	}
	return p
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

// op resolves one effect. An effect that fired on its own and needs a
// choice (which unit, where to, which cards) first asks its controller.
func (g *Game) op(e *table.Effect, when table.Trigger, c *ctx) {
	if g.asks(c) && e.Target.Kind == table.TargetOne && c.target == NoTile && g.isPlayer(c.owner) {
		var opts []Action
		for _, q := range g.Pieces {
			if g.targetOK(e, c, q) {
				a := act(Choose, c.owner)
				a.Target = q.Tile
				opts = append(opts, a)
			}
		}
		if len(opts) == 0 {
			return
		}
		i := 0
		if len(opts) > 1 {
			best := g.autoTarget(e, c)[0].Tile
			i = g.decide(&decision{seat: c.owner, kind: "choose", options: opts, best: slices.IndexFunc(opts, func(a Action) bool { return a.Target == best })})
		}
		c2 := *c
		c2.target = opts[i].Target
		g.op(e, when, &c2)
		return
	}
	if g.asks(c) && e.Op == table.OpMove && !c.destSet {
		if ts := g.targets(e, c); len(ts) > 0 && g.isPlayer(int(ts[0].Owner)) {
			q := ts[0]
			stay := act(Choose, int(q.Owner))
			opts := []Action{stay}
			for _, t := range tiles(g.moveDests(e, q)) {
				a := stay
				a.Dest = t
				opts = append(opts, a)
			}
			i := 0
			if len(opts) > 1 {
				best := g.autoMove(e, q)
				i = g.decide(&decision{seat: int(q.Owner), kind: "choose", options: opts, best: slices.IndexFunc(opts, func(a Action) bool { return a.Dest == best })})
			}
			c2 := *c
			c2.dest, c2.destSet = opts[i].Dest, true
			g.op(e, when, &c2)
			return
		}
	}
	if g.asks(c) && e.Op == table.OpDiscard {
		if p := g.player(e, c); p >= 0 {
			g.discardChosen(p, int(e.N))
		}
		return
	}
	if e.Op == table.OpDamage {
		g.damage(e, c)
		return
	}
	g.opSync(e, when, c)
}

// opSync is op for the effects resolved at once.
func (g *Game) opSync(e *table.Effect, when table.Trigger, c *ctx) {
	n := int(e.N)
	switch e.Op {
	case table.OpCoins:
		p := g.player(e, c)
		if p < 0 {
			return
		}
		if g.Boss != nil {
			// Coin effects spend or gain a single DV for the whole effect
			// (rulebook VIII, Clarifications).
			pl := &g.Players[p]
			pl.DV = max(0, pl.DV+sign(n))
			return
		}
		pl := &g.Players[p]
		pl.Coins = max(0, pl.Coins+n)
	case table.OpDV:
		if p := g.player(e, c); p >= 0 {
			pl := &g.Players[p]
			pl.DV = max(0, pl.DV+n)
		}
	case table.OpVP:
		if p := g.player(e, c); p >= 0 && g.Boss == nil {
			g.Players[p].VPTokens += n
		}
	case table.OpDraw:
		if p := g.player(e, c); p >= 0 {
			g.drawTo(p, len(g.Players[p].Hand)+n)
		}
	case table.OpDiscard:
		// The player's choice is modelled as the oldest cards; the hand is
		// refilled at once (it always holds the hand size).
		p := g.player(e, c)
		if p < 0 {
			return
		}
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
	case table.OpSummon:
		if g.Boss != nil {
			for range max(1, n) {
				g.summon(int(e.Summon))
			}
		}
	case table.OpDestroy:
		if g.Boss != nil {
			g.destroy(e, c)
		}
	case table.OpBossHeal:
		if g.Boss != nil {
			g.bossHeal(n)
		}
	default:
		ts := g.targets(e, c)
		if !g.isPlayer(c.owner) && moving(e.Op) {
			ts = g.orderUnits(ts) // the order matters for moves (and damage), not for lasting effects
		}
		for _, q := range ts {
			if g.Phase == PhaseOver {
				return
			}
			if g.PieceByID(q.ID) != nil {
				g.pieceOp(e, when, c, q)
			}
		}
	}
}

// orderUnits lets the players order the units a boss effect hits (rulebook
// VIII, Step 3); other targets keep their place after them.
func (g *Game) orderUnits(ts []*Piece) []*Piece {
	var units, rest []*Piece
	for _, q := range ts {
		if q.Kind == UnitPiece {
			units = append(units, q)
		} else {
			rest = append(rest, q)
		}
	}
	if len(units) < 2 {
		return ts
	}
	return append(g.playersOrder(units), rest...)
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

// damage resolves a damage effect.
func (g *Game) damage(e *table.Effect, c *ctx) {
	n := int(e.N)
	ts := g.targets(e, c)
	if !g.isPlayer(c.owner) {
		ts = g.orderUnits(ts)
	}
	ids := make([]int32, len(ts))
	for i, q := range ts {
		ids[i] = q.ID
	}
	for _, id := range ids {
		if g.Phase == PhaseOver {
			return
		}
		q := g.PieceByID(id)
		if q == nil {
			continue
		}
		switch q.Kind {
		case BossPiece:
			g.damageBoss(n, e.NonLethal, c)
			continue
		case SummonPiece:
			g.hurtSummon(q, n, e.NonLethal)
			continue
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
		g.hurt(q, n, e.NonLethal, c.owner, c.src)
	}
}

// addMod gives q a lasting mod; one from a passive replaces none: a
// passive applied again while its earlier mod lasts counts once
// (rulebook II.6, "passive effects do not stack").
func (g *Game) addMod(q *Piece, m Mod) {
	if m.From != 0 {
		for _, x := range q.Mods {
			if x.From == m.From {
				return
			}
		}
	}
	q.Mods = append(q.Mods, m)
}

// pieceOp applies an instant or lasting effect to one piece.
func (g *Game) pieceOp(e *table.Effect, when table.Trigger, c *ctx, q *Piece) {
	from := q.Tile
	g.pieceOpAt(e, when, c, q)
	if q.Tile != from {
		g.emit("move", int(q.Owner), g.unitData(q, 0), "%s moves from %s to %s", g.pieceName(q), from, q.Tile)
	}
}

func (g *Game) pieceOpAt(e *table.Effect, when table.Trigger, c *ctx, q *Piece) {
	n := int(e.N)
	switch e.Op {
	case table.OpModify:
		if e.Duration == table.ForWhile && (when == table.Always || when == table.InCombat) {
			return // continuous: read by the stat functions
		}
		g.addMod(q, Mod{Mods: e.Mods, Expiry: expiry(e.Duration, when), By: int8(c.owner), From: c.from})
		return
	case table.OpGrant:
		if e.Tag >= 0 && !(e.Duration == table.ForWhile && when == table.Always) {
			g.addMod(q, Mod{Tags: 1 << uint(e.Tag), Expiry: expiry(e.Duration, when), By: int8(c.owner), From: c.from})
		}
		return
	case table.OpHeal:
		if q.Kind == BossPiece {
			return
		}
		healed := min(n, int(q.Damage))
		q.Damage -= int8(healed)
		if healed > 0 {
			g.emit("heal", int(q.Owner), g.unitData(q, healed), "%s %s recovers %d HP (%d HP)", g.pieceName(q), q.Tile, healed, g.HP(q))
		}
		return
	case table.OpPush, table.OpPull:
		if c.src != nil {
			from := c.src.Tile
			if c.src.Kind == BossPiece {
				from = g.nearestSquare(q.Tile)
			}
			g.slide(q, from, n, e.Op == table.OpPull)
		}
		return
	case table.OpMove:
		dest := c.dest
		if dest == NoTile && !c.chosen && !c.destSet {
			dest = g.autoMove(e, q)
		}
		if dest != NoTile && g.moveOK(e, c, q, dest) {
			q.Tile = dest
		}
		return
	case table.OpReposition:
		if c.dest != NoTile && c.src != nil && Dist(c.dest, c.src.Tile) == 1 && g.standable(q, c.dest) {
			q.Tile = c.dest
		}
		return
	}
	if q.Kind != UnitPiece {
		return // the rest acts on units only
	}
	switch e.Op {
	case table.OpReady:
		if q.Exhausted {
			g.emit("ready", int(q.Owner), g.unitData(q, 0), "%s %s is ready again", g.pieceName(q), q.Tile)
			q.Exhausted = false
			// A dancer readying another player's unit lets that player act
			// with it at once (rulebook VIII, Clarifications).
			if g.Boss != nil && g.isPlayer(c.owner) && int(q.Owner) != c.owner && g.isPlayer(g.Current) {
				g.Guest = q.ID
			}
		}
	case table.OpExhaust:
		q.Exhausted = true
	case table.OpRefresh:
		if g.hasSpecial(q) {
			q.Special = true
		}
	case table.OpSwap:
		if c.src != nil {
			if s := g.PieceByID(c.src.ID); s != nil && s.Kind == UnitPiece && g.canSwap(s, q) {
				s.Tile, q.Tile = q.Tile, s.Tile
			}
		}
	case table.OpGrab:
		if c.src == nil {
			return
		}
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

// nearestSquare is the boss block's square nearest t.
func (g *Game) nearestSquare(t Tile) Tile {
	b := g.Boss
	best := b.Square(0)
	for pos := 1; pos < 4; pos++ {
		if Dist(t, b.Square(pos)) < Dist(t, best) {
			best = b.Square(pos)
		}
	}
	return best
}

// enterable reports whether q may stand on t by its movement rules, ignoring units.
func (g *Game) enterable(q *Piece, t Tile) bool {
	if t == NoTile || g.closedZone(int(q.Owner)).Has(t) {
		return false
	}
	return CanEnter(&g.Rules.Terrain[g.terrainAt(t)], g.Tags(q))
}

// standable: enterable and free of pieces.
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

// discardChosen lets player p discard n cards of their choice, one choice
// at a time, then refills the hand.
func (g *Game) discardChosen(p, n int) {
	pl := &g.Players[p]
	for ; n > 0 && len(pl.Hand) > 0; n-- {
		var opts []Action
		for _, c := range pl.Hand {
			a := act(Choose, p)
			a.Card = c
			if !slices.Contains(opts, a) {
				opts = append(opts, a)
			}
		}
		a := opts[g.decide(&decision{seat: p, kind: "choose", options: opts})]
		pl.Hand = removeOne(pl.Hand, a.Card)
		g.Discard = append(g.Discard, a.Card)
	}
	g.draw(p)
}

// autoMove picks where a move that no decision chose goes (an after-combat
// step in a forecast, say): the tile nearest a castle, if nearer than where
// q stands.
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
	if q.Kind != UnitPiece {
		return false
	}
	s := g.Rules.Units[q.Card].Skill
	return s >= 0 && g.Rules.Skills[s].Kind == table.SkillSpecial
}
