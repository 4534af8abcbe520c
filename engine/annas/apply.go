package annas

import (
	"fmt"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// Apply plays action a. An action LegalActions does not offer is rejected
// with an error and the game is left exactly as it was.
func (g *Game) Apply(a Action) error {
	g.scratch = g.offered(a, g.scratch[:0])
	if !slices.Contains(g.scratch, a) {
		return fmt.Errorf("annas: illegal action: %s", g.Describe(a))
	}
	quiet := len(g.windows) == 0
	if quiet {
		g.cp = g.Clone()
	} else {
		g.inflight = append(g.inflight, g.Text(a))
	}
	g.play(a)
	switch {
	case len(g.windows) == 0:
		g.inflight = g.inflight[:0]
	case quiet:
		g.inflight = append(g.inflight[:0], g.cp.Text(a))
	}
	return nil
}

// play applies a legal action.
func (g *Game) play(a Action) {
	g.Log = append(g.Log, a)
	g.apply(a)
	if g.Phase == PhaseTurn && g.VPOut && g.num.EndAt == table.Immediately && len(g.windows) == 0 {
		g.finish("the VP deck ran out")
	}
}

func (g *Game) apply(a Action) {
	p := int(a.Player)
	pl := &g.Players[p]
	switch a.Kind {
	case Mulligan:
		var keep []int16
		for i, c := range pl.Hand {
			if a.Mask&(1<<uint(i)) != 0 {
				g.Discard = append(g.Discard, c)
			} else {
				keep = append(keep, c)
			}
		}
		pl.Hand = keep
		g.draw(p)
		g.Mulligan++
		if g.Mulligan == 2 {
			g.beginTurns()
		}
	case EndTurn:
		if g.VPOut {
			g.finish("the VP deck ran out")
			return
		}
		g.nextTurn()
	case React, Pass:
		g.react(a)
	case Choose:
		g.choose(a)
	case Deploy:
		g.deploy(p, a)
	case Activate:
		g.activate(p, a)
	case DiscardAct:
		if g.Discards >= int(g.num.FreeDiscards) {
			pl.Coins -= int(g.num.DiscardCost)
		}
		g.Discards++
		pl.Hand = removeOne(pl.Hand, a.Card)
		g.Discard = append(g.Discard, a.Card)
		g.draw(p)
	case ShiftGray:
		pl.Coins -= int(g.num.GrayShiftCost)
		g.PieceAt(a.From).Slot = a.Slot
	case Buy:
		c := g.ShopRow[a.Slot]
		pl.Coins -= int(g.Rules.ShopCards[c].Cost)
		pl.Shop = append(pl.Shop, c)
		g.ShopRow[a.Slot] = g.dealShop()
	case UseShop:
		sc := &g.Rules.ShopCards[a.Card]
		pl.Shop = removeOne(pl.Shop, a.Card)
		if sc.Type == table.Attachment {
			q := g.PieceAt(a.Target)
			if q.Attached >= 0 {
				g.ShopDiscard = append(g.ShopDiscard, q.Attached)
			}
			q.Attached = a.Card
			return
		}
		g.discardShop(a.Card)
		g.run(sc.Effects, table.Activate, &ctx{owner: p, target: a.Target, dest: a.Dest, roll: true, chosen: true}, func() {})
	case MoveDVTile:
		pl.DV -= int(g.num.DVMoveTile)
		pl.DVTile, pl.DVRuins = a.To, a.Opt == 1
	case Bump:
		pl.DV -= int(g.num.DVBump)
		g.PieceAt(a.From).Tile = a.To
	}
}

func (g *Game) deploy(p int, a Action) {
	pl := &g.Players[p]
	pl.Hand = removeOne(pl.Hand, a.Card)
	q := g.place(a.Card, p, a.To)
	q.Slot = a.Slot
	if a.Haste {
		pl.DV -= int(g.num.DVHasteDeploy)
		g.HasteDeploys++
		if h := g.Rules.Rules.HasteTag; h >= 0 {
			q.Mods = append(q.Mods, Mod{Tags: 1 << uint(h), Expiry: Permanent, By: int8(p)})
		}
	} else {
		g.Deploys++
	}
	// Deployed exhausted (rulebook III); the Haste tag's own effect readies
	// it on deploy.
	q.Exhausted = true
	g.draw(p)
	if !g.firesOn(q, table.OnDeploy) {
		g.deployed(q) // passives would run just this
		return
	}
	g.passives(q, table.OnDeploy, &ctx{src: q, owner: p, roll: true, target: NoTile, dest: NoTile}, func() { g.deployed(q) })
}

// deployed fires the deployed event after q's on-deploy passives.
func (g *Game) deployed(q *Piece) {
	if g.PieceByID(q.ID) != nil {
		g.fire(table.Deployed, q, nil, nil, func() {})
	}
}

// place puts a new piece of card for player p on t with its tokens.
func (g *Game) place(card int16, p int, t Tile) *Piece {
	q := new(Piece)
	g.setPiece(q, card, p, t)
	g.Pieces = append(g.Pieces, q)
	return q
}

// setPiece makes q a new piece of card for player p on t with its tokens.
func (g *Game) setPiece(q *Piece, card int16, p int, t Tile) {
	u := &g.Rules.Units[card]
	g.nextID++
	q.ID, q.Card, q.Owner, q.Slot, q.Tile, q.Attached = g.nextID, card, int8(p), -1, t, -1
	q.Damage, q.Exhausted, q.Acts, q.Mods = 0, false, 0, q.Mods[:0]
	q.Special = u.Skill >= 0 && g.Rules.Skills[u.Skill].Kind == table.SkillSpecial
	q.Shapestone = u.HasShapestone
}

func (g *Game) activate(p int, a Action) {
	q := g.PieceAt(a.From)
	q.Exhausted = true
	q.Acts++
	q.Tile = a.To
	if a.To == a.From {
		g.unitAction(p, q, a)
		return
	}
	if g.quiet(table.Moved, q, nil) {
		g.unitAction(p, q, a) // fire would run just this
		return
	}
	g.fire(table.Moved, q, nil, nil, func() {
		if g.PieceByID(q.ID) != nil {
			g.unitAction(p, q, a)
		}
	})
}

func (g *Game) unitAction(p int, q *Piece, a Action) {
	pl := &g.Players[p]
	done := func() {}
	switch a.Do {
	case Attack:
		if d := g.PieceAt(a.Target); d != nil && int(d.Owner) != p {
			g.attack(q, d, done)
		}
	case Capture:
		g.Captures++
		for range max(1, int(g.num.CaptureVPCards)) {
			if len(g.VPDeck) > 0 {
				pl.VPCards = append(pl.VPCards, g.VPDeck[0])
				g.VPDeck = g.VPDeck[1:]
			}
		}
		g.Players[1-p].DV += int(g.num.CaptureDV)
		if len(g.VPDeck) == 0 {
			g.VPOut = true
		}
		g.emit("capture", p, g.unitData(q, 0), "P%d captures %s: %d VP, %d VP cards left", p+1, q.Tile, pl.VP(), len(g.VPDeck))
		g.fire(table.Captured, q, nil, nil, done)
	case Special:
		q.Special = false
		for _, s := range g.sources(q) {
			if s.kind == srcSpecial {
				g.run(s.effects, table.Activate, &ctx{src: q, owner: p, target: a.Target, dest: a.Dest, roll: true, chosen: true}, done)
				return
			}
		}
	case AssistDo:
		k := int8(0)
		for _, s := range g.sources(q) {
			if s.kind != srcAssist {
				continue
			}
			if k == a.Opt {
				g.run(s.effects, table.Activate, &ctx{src: q, owner: p, target: a.Target, dest: a.Dest, roll: true, chosen: true}, done)
				return
			}
			k++
		}
	case Retire:
		pl.Coins -= int(g.num.RetireCost)
		pl.DV += int(g.num.RetireDV)
		g.remove(q)
		g.emit("retire", p, g.unitData(q, 0), "%s %s retires; P%d has %d DV", g.pieceName(q), q.Tile, p+1, pl.DV)
	case Work:
		tr := &g.Rules.Terrain[g.terrainAt(q.Tile)]
		pl.Coins += int(tr.WorkCoins)
		pl.DV += int(tr.WorkDV)
	}
}

// discardShop puts a used shop card on the shop discard pile; the second
// player's setup card (Anna's Cheer) is not a shop card and leaves the game.
func (g *Game) discardShop(c int16) {
	if c == g.Rules.Rules.SecondPlayer {
		g.Spent = append(g.Spent, c)
		return
	}
	g.ShopDiscard = append(g.ShopDiscard, c)
}
