package annas

import (
	"slices"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// play applies a legal action and resolves it to its end.
func (g *Game) play(a Action) {
	g.Log = append(g.Log, a)
	g.apply(a)
	if g.Phase == PhaseTurn && g.VPOut && g.num.EndAt == table.Immediately {
		g.finish("the VP deck ran out")
	}
	if g.Boss != nil && g.Phase == PhaseTurn {
		g.checkEnd(false)
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
		g.mulligans--
		g.Mulligan = (g.Mulligan + 1) % len(g.Players)
		if g.mulligans <= 0 {
			g.beginTurns()
		}
	case EndTurn:
		if g.VPOut {
			g.finish("the VP deck ran out")
			return
		}
		g.nextTurn()
	case Pass:
		g.Guest = 0 // the guest's owner declines to act with it
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
		g.run(sc.Effects, table.Activate, &ctx{owner: p, target: a.Target, dest: a.Dest, roll: true, chosen: true, corner: -1})
	case MoveDVTile:
		pl.DV -= int(g.num.DVMoveTile)
		pl.DVTile, pl.DVRuins = a.To, a.Opt == 1
	case Bump:
		pl.DV -= int(g.num.DVBump)
		g.PieceAt(a.From).Tile = a.To
	case DVMove:
		pl.DV -= int(g.num.DVMoveUnit)
		g.PieceAt(a.From).Tile = a.To
	case DVRemove:
		pl.DV -= int(g.num.DVRemoveUnit)
		g.remove(g.PieceAt(a.From)) // removed, not defeated: no DV
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
	// Deployed exhausted (rulebook III), but for a Haste deploy (III,
	// Dragon Vein: it may be activated the turn it is deployed); a printed
	// Haste tag's own effect readies its unit on deploy.
	q.Exhausted = !a.Haste
	g.draw(p)
	g.passives(q, table.OnDeploy, &ctx{src: q, owner: p, roll: true, target: NoTile, dest: NoTile, corner: -1})
	if g.PieceByID(q.ID) != nil && g.Phase != PhaseOver {
		g.fire(table.Deployed, q, nil, nil)
	}
}

// place puts a new unit of card for player p on t with its tokens. Pieces
// stay in the order the boss, the units, the summons, each kind in the
// order it came (a position lists them so).
func (g *Game) place(card int16, p int, t Tile) *Piece {
	q := new(Piece)
	g.setPiece(q, card, p, t)
	i := len(g.Pieces)
	for i > 0 && g.Pieces[i-1].Kind == SummonPiece {
		i--
	}
	g.Pieces = slices.Insert(g.Pieces, i, q)
	return q
}

// setPiece makes q a new unit of card for player p on t with its tokens.
func (g *Game) setPiece(q *Piece, card int16, p int, t Tile) {
	u := &g.Rules.Units[card]
	g.nextID++
	q.ID, q.Card, q.Owner, q.Slot, q.Tile, q.Attached, q.Kind = g.nextID, card, int8(p), -1, t, -1, UnitPiece
	q.Damage, q.Exhausted, q.Acts, q.Mods = 0, false, 0, q.Mods[:0]
	q.Special = u.Skill >= 0 && g.Rules.Skills[u.Skill].Kind == table.SkillSpecial
	q.Shapestone = u.HasShapestone
}

func (g *Game) activate(p int, a Action) {
	q := g.PieceAt(a.From)
	if g.Guest == q.ID {
		g.Guest = 0
	}
	q.Exhausted = true
	q.Acts++
	q.Tile = a.To
	if a.To != a.From {
		g.fire(table.Moved, q, nil, nil)
		if g.PieceByID(q.ID) == nil || g.Phase == PhaseOver {
			return
		}
	}
	g.unitAction(p, q, a)
}

func (g *Game) unitAction(p int, q *Piece, a Action) {
	pl := &g.Players[p]
	switch a.Do {
	case Attack:
		d := g.PieceAt(a.Target)
		switch {
		case d == nil || g.team(int(d.Owner)) == g.team(p):
		case d.Kind == BossPiece:
			g.combatWith(q, d, g.Boss.Corner(g.Boss.PosAt(a.Target)), 0)
		default:
			g.attack(q, d)
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
		g.fire(table.Captured, q, nil, nil)
	case Special:
		q.Special = false
		for _, s := range g.sources(q) {
			if s.kind == srcSpecial {
				g.run(s.effects, table.Activate, &ctx{src: q, owner: p, target: a.Target, dest: a.Dest, roll: true, chosen: true, corner: -1})
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
				g.run(s.effects, table.Activate, &ctx{src: q, owner: p, target: a.Target, dest: a.Dest, roll: true, chosen: true, corner: -1})
				return
			}
			k++
		}
	case BossAct:
		g.run(g.Boss.def.Actions[a.Opt].Effects, table.Activate, &ctx{src: q, owner: p, target: a.Target, dest: a.Dest, roll: true, chosen: true, corner: -1})
	case Retire:
		pl.Coins -= int(g.num.RetireCost)
		pl.DV += int(g.num.RetireDV)
		g.remove(q)
		g.emit("retire", p, g.unitData(q, 0), "%s %s retires; P%d has %d DV", g.pieceName(q), q.Tile, p+1, pl.DV)
	case Work:
		if g.Boss != nil {
			pl.DV += int(g.num.WorkDV)
			return
		}
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
