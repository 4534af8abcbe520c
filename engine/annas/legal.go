package annas

import (
	"math/bits"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

func act(k Kind, p int) Action {
	return Action{Kind: k, Player: int8(p), Card: -1, Slot: -1, From: NoTile, To: NoTile, Target: NoTile, Dest: NoTile}
}

// LegalActions lists every action the deciding player may take now, in a
// fixed order. Apply accepts exactly these.
func (g *Game) LegalActions() []Action {
	switch {
	case g.Phase == PhaseOver:
		return nil
	case g.Phase == PhaseMulligan:
		return g.mulligans()
	case len(g.windows) > 0 && g.windows[0].choice != nil:
		return g.windows[0].choice
	case len(g.windows) > 0:
		return g.reactions(g.windows[0])
	}
	p := g.Current
	out := make([]Action, 1, 256)
	out[0] = act(EndTurn, p)
	out = g.deploys(p, out)
	out = g.activations(p, out)
	out = g.discards(p, out)
	out = g.grayShifts(p, out)
	out = g.shopActions(p, out)
	out = g.dvActions(p, out)
	return out
}

// offered lists the legal actions of a's kind only: Apply's check, the same
// lists LegalActions joins, without building the others.
func (g *Game) offered(a Action) []Action {
	if g.Phase != PhaseTurn || len(g.windows) > 0 || int(a.Player) != g.Current {
		return g.LegalActions()
	}
	p := g.Current
	switch a.Kind {
	case EndTurn:
		return []Action{act(EndTurn, p)}
	case Deploy:
		return g.deploys(p, nil)
	case Activate:
		return g.activationsFrom(p, a.From, nil)
	case DiscardAct:
		return g.discards(p, nil)
	case ShiftGray:
		return g.grayShifts(p, nil)
	case Buy, UseShop:
		return g.shopActions(p, nil)
	case MoveDVTile, Bump:
		return g.dvActions(p, nil)
	}
	return nil
}

func (g *Game) mulligans() []Action {
	p := g.Mulligan
	n := len(g.Players[p].Hand)
	var out []Action
	for m := 0; m < 1<<n; m++ {
		if bits.OnesCount(uint(m)) <= int(g.num.MulliganMax) {
			a := act(Mulligan, p)
			a.Mask = uint8(m)
			out = append(out, a)
		}
	}
	return out
}

// slotFree reports whether p's slot s is empty.
func (g *Game) slotFree(p, s int) bool {
	for _, q := range g.Pieces {
		if int(q.Owner) == p && int(q.Slot) == s {
			return false
		}
	}
	return s >= 0 && s < int(g.num.Slots)
}

// deploySlots are the slots card may go to (rulebook III, Deploying Units):
// its color's slot; a gray unit any free slot, one gray and one legendary
// deployed at a time.
func (g *Game) deploySlots(p int, card int16) []int8 {
	u := &g.Rules.Units[card]
	var gray, legend int
	for _, q := range g.Pieces {
		if int(q.Owner) != p {
			continue
		}
		qu := &g.Rules.Units[q.Card]
		if qu.Color == table.Gray {
			gray++
		}
		if qu.Legendary {
			legend++
		}
		if g.num.DistinctColors && qu.Color == u.Color {
			return nil
		}
	}
	if u.Legendary && legend >= int(g.num.MaxLegendary) {
		return nil
	}
	if u.Color != table.Gray {
		if g.slotFree(p, int(u.Color)) {
			return []int8{int8(u.Color)}
		}
		return nil
	}
	if gray >= int(g.num.MaxGray) {
		return nil
	}
	var out []int8
	for s := range int(g.num.Slots) {
		if g.slotFree(p, s) {
			out = append(out, int8(s))
		}
	}
	return out
}

func (g *Game) deploys(p int, out []Action) []Action {
	pl := &g.Players[p]
	normal := g.Deploys < int(g.num.DeploysPerTurn)
	haste := g.num.DVHasteDeploy >= 0 && g.HasteDeploys < 1 && pl.DV >= int(g.num.DVHasteDeploy)
	if !normal && !haste {
		return out
	}
	zone := g.DeployZone(p)
	occ := g.occupied()
	free := zone &^ (occ[0] | occ[1])
	var seen []int16
	for _, c := range pl.Hand {
		if slices.Contains(seen, c) {
			continue
		}
		seen = append(seen, c)
		slots := g.deploySlots(p, c)
		if len(slots) == 0 {
			continue
		}
		tags := g.Rules.Units[c].Tags
		for _, t := range tiles(free) {
			if !CanEnter(&g.Rules.Terrain[g.terrainAt(t)], tags) {
				continue
			}
			for _, s := range slots {
				for _, h := range []bool{false, true} {
					if h && !haste || !h && !normal {
						continue
					}
					a := act(Deploy, p)
					a.Card, a.Slot, a.To, a.Haste = c, s, t, h
					out = append(out, a)
				}
			}
		}
	}
	return out
}

func (g *Game) activations(p int, out []Action) []Action {
	return g.activationsFrom(p, NoTile, out)
}

// activationsFrom lists the activations of p's ready units (only the one on
// from unless from is NoTile).
func (g *Game) activationsFrom(p int, from Tile, out []Action) []Action {
	terr := g.TerrainNow()
	for _, q := range g.Pieces {
		if int(q.Owner) != p || q.Exhausted || from != NoTile && q.Tile != from {
			continue
		}
		f := g.field(p, &terr)
		reach := f.Reach(q.Tile, g.Mov(q), g.Tags(q))
		start := q.Tile
		for _, t := range tiles(reach) {
			q.Tile = t
			out = g.unitActions(p, q, start, out)
		}
		q.Tile = start
	}
	return out
}

// unitActions lists the actions of q (moved to q.Tile from from).
func (g *Game) unitActions(p int, q *Piece, from Tile, out []Action) []Action {
	base := act(Activate, p)
	base.From, base.To = from, q.Tile
	out = append(out, base) // wait
	u := &g.Rules.Units[q.Card]
	for _, e := range g.Pieces {
		if int(e.Owner) != p && u.Range.Has(Dist(q.Tile, e.Tile)) {
			a := base
			a.Do, a.Target = Attack, e.Tile
			out = append(out, a)
		}
	}
	if g.Rules.Terrain[g.terrainAt(q.Tile)].Capture && g.Captures < int(g.num.CapturesPerTurn) && len(g.VPDeck) > 0 {
		a := base
		a.Do = Capture
		out = append(out, a)
	}
	k := int8(0)
	for _, s := range g.sources(q) {
		switch {
		case s.kind == srcSpecial && q.Special:
			a := base
			a.Do = Special
			out = g.choices(s.effects, &ctx{src: q, owner: p, target: NoTile, dest: NoTile}, a, out)
		case s.kind == srcAssist:
			a := base
			a.Do, a.Opt = AssistDo, k
			out = g.choices(s.effects, &ctx{src: q, owner: p, target: NoTile, dest: NoTile}, a, out)
			k++
		}
	}
	if g.num.RetireCost >= 0 && g.Players[p].Coins >= int(g.num.RetireCost) {
		a := base
		a.Do = Retire
		out = append(out, a)
	}
	a := base
	a.Do = Work
	return append(out, a)
}

// choices expands an activated effect list (assist, special, item) into
// one action per choice: the unit a "one unit" effect picks and where a
// move, reposition or grab puts it. A list whose chosen effect has no
// target, or whose move has nowhere to go, offers nothing.
func (g *Game) choices(es []table.Effect, c *ctx, a Action, out []Action) []Action {
	var one *table.Effect
	for i := range es {
		if es[i].When == table.Activate && es[i].Target.Kind == table.TargetOne {
			one = &es[i]
			break
		}
	}
	var targets []*Piece
	if one != nil {
		for _, q := range g.Pieces {
			if g.targetOK(&one.Target, c, q) {
				targets = append(targets, q)
			}
		}
		if len(targets) == 0 {
			return out
		}
	} else {
		targets = []*Piece{nil}
	}
	for _, t := range targets {
		b := a
		tq := c.src
		if t != nil {
			b.Target = t.Tile
			tq = t
		}
		dests, need := g.destinations(es, c, tq)
		if !need {
			if g.activeOK(es, c, t) {
				out = append(out, b)
			}
			continue
		}
		for _, d := range dests {
			b.Dest = d
			out = append(out, b)
		}
	}
	return out
}

// activeOK reports whether some activated effect's conditions hold.
func (g *Game) activeOK(es []table.Effect, c *ctx, t *Piece) bool {
	for i := range es {
		if es[i].When == table.Activate && g.conds(&es[i], c) {
			return true
		}
	}
	return false
}

// destinations are the tiles a move, reposition or grab effect may put its
// target on; need says whether the list needs a destination at all. A grab
// offers NoTile for "swap places".
func (g *Game) destinations(es []table.Effect, c *ctx, t *Piece) (dests []Tile, need bool) {
	for i := range es {
		e := &es[i]
		if e.When != table.Activate {
			continue
		}
		mover := t
		if e.Target.Kind == table.TargetSelf {
			mover = c.src
		}
		if mover == nil {
			continue
		}
		switch e.Op {
		case table.OpMove:
			return tiles(g.moveDests(e, mover)), true
		case table.OpReposition:
			for _, n := range neighbors[c.src.Tile] {
				if n != mover.Tile && g.standable(mover, n) {
					dests = append(dests, n)
				}
			}
			return dests, true
		case table.OpGrab:
			if g.canSwap(c.src, mover) {
				dests = append(dests, NoTile)
			}
			for _, n := range neighbors[c.src.Tile] {
				if g.standable(c.src, n) && g.enterable(mover, c.src.Tile) {
					dests = append(dests, n)
				}
			}
			return dests, true
		}
	}
	return nil, false
}

func (g *Game) discards(p int, out []Action) []Action {
	pl := &g.Players[p]
	if g.num.DiscardsPerTurn > 0 && g.Discards >= int(g.num.DiscardsPerTurn) {
		return out
	}
	if g.Discards >= int(g.num.FreeDiscards) && (g.num.DiscardCost < 0 || pl.Coins < int(g.num.DiscardCost)) {
		return out
	}
	var seen []int16
	for _, c := range pl.Hand {
		if !slices.Contains(seen, c) {
			seen = append(seen, c)
			a := act(DiscardAct, p)
			a.Card = c
			out = append(out, a)
		}
	}
	return out
}

func (g *Game) grayShifts(p int, out []Action) []Action {
	if g.num.GrayShiftCost < 0 || g.Players[p].Coins < int(g.num.GrayShiftCost) {
		return out
	}
	for _, q := range g.Pieces {
		if int(q.Owner) != p || g.Rules.Units[q.Card].Color != table.Gray {
			continue
		}
		for s := range int(g.num.Slots) {
			if g.slotFree(p, s) {
				a := act(ShiftGray, p)
				a.From, a.Slot = q.Tile, int8(s)
				out = append(out, a)
			}
		}
	}
	return out
}

func (g *Game) shopActions(p int, out []Action) []Action {
	pl := &g.Players[p]
	for i, c := range g.ShopRow {
		if c >= 0 && pl.Coins >= int(g.Rules.ShopCards[c].Cost) {
			a := act(Buy, p)
			a.Slot = int8(i)
			out = append(out, a)
		}
	}
	var seen []int16
	for _, c := range pl.Shop {
		if slices.Contains(seen, c) {
			continue
		}
		seen = append(seen, c)
		sc := &g.Rules.ShopCards[c]
		a := act(UseShop, p)
		a.Card = c
		switch sc.Type {
		case table.Item:
			out = g.choices(sc.Effects, &ctx{owner: p, target: NoTile, dest: NoTile}, a, out)
		case table.Attachment:
			for _, q := range g.Pieces {
				if int(q.Owner) == p {
					b := a
					b.Target = q.Tile
					out = append(out, b)
				}
			}
		}
	}
	return out
}

func (g *Game) dvActions(p int, out []Action) []Action {
	pl := &g.Players[p]
	occ := g.occupied()
	units := occ[0] | occ[1]
	if g.num.DVTiles > 0 && g.num.DVMoveTile >= 0 && pl.DV >= int(g.num.DVMoveTile) && !units.Has(pl.DVTile) {
		closed := units | g.DeployZone(0) | g.DeployZone(1)
		if o := g.Players[1-p].DVTile; o != NoTile {
			closed = with(closed, o)
		}
		for t := Tile(0); t < Tiles; t++ {
			if closed.Has(t) {
				continue
			}
			for side := int8(0); side < 2; side++ {
				if t == pl.DVTile && (side == 1) == pl.DVRuins {
					continue
				}
				a := act(MoveDVTile, p)
				a.To, a.Opt = t, side
				out = append(out, a)
			}
		}
	}
	if g.num.DVBump >= 0 && pl.DV >= int(g.num.DVBump) {
		for _, q := range g.Pieces {
			for _, n := range neighbors[q.Tile] {
				if g.standable(q, n) {
					a := act(Bump, p)
					a.From, a.To = q.Tile, n
					out = append(out, a)
				}
			}
		}
	}
	return out
}
