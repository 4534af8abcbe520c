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
	case g.pending != nil:
		return slices.Clone(g.pending.options)
	}
	g.scratch = g.appendLegal(g.scratch[:0])
	return slices.Clone(g.scratch)
}

// appendLegal appends LegalActions to out.
func (g *Game) appendLegal(out []Action) []Action {
	switch {
	case g.Phase == PhaseOver:
		return out
	case g.pending != nil:
		return append(out, g.pending.options...)
	case g.Phase == PhaseMulligan:
		return g.appendMulligans(out)
	}
	if q := g.guest(); q != nil {
		return g.guestActions(q, out)
	}
	return g.turnActions(out)
}

// guestActions are the actions of a unit another player's dancer readied
// (rulebook VIII, Clarifications): its owner moves and acts with it now,
// or passes.
func (g *Game) guestActions(q *Piece, out []Action) []Action {
	p := int(q.Owner)
	out = append(out, act(Pass, p))
	if q.Exhausted {
		return out
	}
	var bv boardView
	g.boardView(&bv)
	return g.activationsOn(p, q.Tile, &bv, out)
}

// turnActions appends the current player's turn actions to out.
func (g *Game) turnActions(out []Action) []Action {
	p := g.Current
	out = append(out, act(EndTurn, p))
	var bv boardView
	g.boardView(&bv)
	out = g.deploysOn(p, &bv, out)
	out = g.activationsOn(p, NoTile, &bv, out)
	out = g.discards(p, out)
	out = g.grayShifts(p, out)
	out = g.shopActions(p, out)
	out = g.dvActions(p, out)
	if g.Boss != nil {
		out = g.dvUnitActions(p, out)
	}
	return out
}

// dvUnitActions are boss mode's DV actions on p's own units (rulebook
// VIII, DV): move one up to DVMoveSpaces in a cardinal line, remove one.
func (g *Game) dvUnitActions(p int, out []Action) []Action {
	dv := g.Players[p].DV
	for _, q := range g.Pieces {
		if q.Kind != UnitPiece || int(q.Owner) != p {
			continue
		}
		if g.num.DVMoveUnit >= 0 && dv >= int(g.num.DVMoveUnit) {
			e := table.Effect{Op: table.OpMove, N: g.num.DVMoveSpaces, Straight: true}
			a := act(DVMove, p)
			a.From = q.Tile
			for v := uint64(g.moveDests(&e, q)); v != 0; v &= v - 1 {
				a.To = Tile(bits.TrailingZeros64(v))
				out = append(out, a)
			}
		}
		if g.num.DVRemoveUnit >= 0 && dv >= int(g.num.DVRemoveUnit) {
			a := act(DVRemove, p)
			a.From = q.Tile
			out = append(out, a)
		}
	}
	return out
}

// offered appends to out the legal actions of a's kind only: Apply's
// check, the same lists LegalActions joins, without building the others.
func (g *Game) offered(a Action, out []Action) []Action {
	if g.Phase != PhaseTurn || g.pending != nil || g.Guest != 0 || int(a.Player) != g.Current {
		return g.appendLegal(out)
	}
	p := g.Current
	switch a.Kind {
	case EndTurn:
		return append(out, act(EndTurn, p))
	case Deploy:
		return g.deploys(p, out)
	case Activate:
		var bv boardView
		g.boardView(&bv)
		return g.activationsOn(p, a.From, &bv, out)
	case DiscardAct:
		return g.discards(p, out)
	case ShiftGray:
		return g.grayShifts(p, out)
	case Buy, UseShop:
		return g.shopActions(p, out)
	case MoveDVTile, Bump:
		return g.dvActions(p, out)
	case DVMove, DVRemove:
		if g.Boss != nil {
			return g.dvUnitActions(p, out)
		}
	}
	return out
}

// appendMulligans appends the mulligan choices to out.
func (g *Game) appendMulligans(out []Action) []Action {
	p := g.Mulligan
	n := len(g.Players[p].Hand)
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

// deployView is what deploySlots reads of player p's deployed units.
type deployView struct {
	colors       uint64 // colors deployed, as bits
	gray, legend int
	slots        uint64 // slots taken, as bits
}

func (g *Game) deployView(p int) (v deployView) {
	for _, q := range g.Pieces {
		if int(q.Owner) != p || q.Kind != UnitPiece {
			continue
		}
		qu := &g.Rules.Units[q.Card]
		if qu.Color == table.Gray {
			v.gray++
		}
		if qu.Legendary {
			v.legend++
		}
		v.colors |= 1 << qu.Color
		if q.Slot >= 0 && q.Slot < 64 {
			v.slots |= 1 << q.Slot
		}
	}
	return v
}

// deploySlots are the slots card may go to (rulebook III, Deploying Units),
// as bits: its color's slot; a gray unit any free slot, one gray and one
// legendary deployed at a time.
func (g *Game) deploySlots(v *deployView, card int16) (slots uint64) {
	u := &g.Rules.Units[card]
	if g.num.DistinctColors && v.colors&(1<<u.Color) != 0 {
		return 0
	}
	if u.Legendary && v.legend >= int(g.num.MaxLegendary) {
		return 0
	}
	n := min(int(g.num.Slots), 64)
	if g.Boss != nil {
		// Boss mode: the board's slots are interchangeable (the rulebook
		// has two and no colors); a deploy takes the lowest free one.
		if u.Color == table.Gray && v.gray >= int(g.num.MaxGray) {
			return 0
		}
		for s := range n {
			if v.slots&(1<<s) == 0 {
				return 1 << s
			}
		}
		return 0
	}
	if u.Color != table.Gray {
		if int(u.Color) < n && v.slots&(1<<u.Color) == 0 {
			return 1 << u.Color
		}
		return 0
	}
	if v.gray >= int(g.num.MaxGray) {
		return 0
	}
	for s := range n {
		if v.slots&(1<<s) == 0 {
			slots |= 1 << s
		}
	}
	return slots
}

// boardView is what the legal action lists read of the board, computed
// once for all of them (none changes the board).
type boardView struct {
	terr [Tiles]int16 // TerrainNow
	ts   terrainSets  // of terr
	occ  [2]TileSet   // occupied
}

func (g *Game) boardView(bv *boardView) {
	bv.occ = g.occupied()
	if g.Map < 0 || len(g.Rules.Terrain) > maxSetTerrains {
		bv.terr = g.TerrainNow()
		bv.ts = newTerrainSets(g.Rules, &bv.terr)
		return
	}
	// TerrainNow and newTerrainSets in one pass.
	bv.ts.n = len(g.Rules.Terrain)
	m := &g.Rules.Maps[g.Map]
	for t := range bv.terr {
		bv.terr[t] = int16(m.Tiles[t])
		bv.ts.sets[m.Tiles[t]] |= 1 << uint(t)
	}
	for p := range g.Players {
		pl := &g.Players[p]
		if pl.DVTile == NoTile {
			continue
		}
		tr := g.Rules.Rules.DVPlain
		if pl.DVRuins {
			tr = g.Rules.Rules.DVRuins
		}
		bit := TileSet(1) << uint(pl.DVTile)
		bv.ts.sets[bv.terr[pl.DVTile]] &^= bit
		bv.ts.sets[tr] |= bit
		bv.terr[pl.DVTile] = tr
	}
}

func (g *Game) deploys(p int, out []Action) []Action {
	var bv boardView
	g.boardView(&bv)
	return g.deploysOn(p, &bv, out)
}

// deployOffer is what deploysOn and deployCount share: whether a normal
// and a haste deploy are open, the free tiles of the zone and the view.
type deployOffer struct {
	normal, haste bool
	free          TileSet
	view          deployView
}

func (g *Game) deployOffer(p int, bv *boardView) (o deployOffer, ok bool) {
	pl := &g.Players[p]
	o.normal = g.Deploys < int(g.num.DeploysPerTurn)
	o.haste = g.num.DVHasteDeploy >= 0 && g.HasteDeploys < 1 && pl.DV >= int(g.num.DVHasteDeploy)
	if !o.normal && !o.haste {
		return o, false
	}
	o.free = g.DeployZone(p) &^ (bv.occ[0] | bv.occ[1])
	o.view = g.deployView(p)
	return o, true
}

// deployTiles are the tiles of free a unit with tags may enter.
func (g *Game) deployTiles(bv *boardView, free TileSet, tags table.TagSet) TileSet {
	if bv.ts.n > 0 {
		return free & bv.ts.enter(g.Rules, tags)
	}
	var open TileSet
	for v := uint64(free); v != 0; v &= v - 1 {
		t := Tile(bits.TrailingZeros64(v))
		if CanEnter(&g.Rules.Terrain[bv.terr[t]], tags) {
			open = with(open, t)
		}
	}
	return open
}

func (g *Game) deploysOn(p int, bv *boardView, out []Action) []Action {
	o, ok := g.deployOffer(p, bv)
	if !ok {
		return out
	}
	pl := &g.Players[p]
	for i, c := range pl.Hand {
		if slices.Contains(pl.Hand[:i], c) {
			continue
		}
		slots := g.deploySlots(&o.view, c)
		if slots == 0 {
			continue
		}
		a := act(Deploy, p)
		a.Card = c
		open := g.deployTiles(bv, o.free, g.Rules.Units[c].Tags)
		for v := uint64(open); v != 0; v &= v - 1 {
			to := Tile(bits.TrailingZeros64(v))
			for sv := slots; sv != 0; sv &= sv - 1 {
				slot := int8(bits.TrailingZeros64(sv))
				if o.normal {
					out = append(out, a)
					out[len(out)-1].To, out[len(out)-1].Slot = to, slot
				}
				if o.haste {
					out = append(out, a)
					out[len(out)-1].To, out[len(out)-1].Slot, out[len(out)-1].Haste = to, slot, true
				}
			}
		}
	}
	return out
}

// deployCount is len(deploysOn(p, bv, nil)), without building the list.
func (g *Game) deployCount(p int, bv *boardView) int {
	o, ok := g.deployOffer(p, bv)
	if !ok {
		return 0
	}
	per := 0
	if o.normal {
		per++
	}
	if o.haste {
		per++
	}
	pl := &g.Players[p]
	n := 0
	for i, c := range pl.Hand {
		if slices.Contains(pl.Hand[:i], c) {
			continue
		}
		slots := g.deploySlots(&o.view, c)
		if slots == 0 {
			continue
		}
		open := g.deployTiles(bv, o.free, g.Rules.Units[c].Tags)
		n += bits.OnesCount64(uint64(open)) * bits.OnesCount64(slots) * per
	}
	return n
}

// activationsOn lists the activations of p's ready units (only the one on
// from unless from is NoTile).
func (g *Game) activationsOn(p int, from Tile, bv *boardView, out []Action) []Action {
	return g.activationsIn(p, from, bv, out, nil)
}

// unitMove is a unit's tile and the tiles it may move to: each offers
// one wait, one work and (with canRetire) one retire, an attack on each
// foe in range and a capture where one is possible.
type unitMove struct {
	from    Tile
	reach   TileSet
	rng     table.RangeSet
	attacks int // attack actions
}

// countedMoves is what activationsIn counts instead of listing.
type countedMoves struct {
	moves   []unitMove
	foes    []Tile  // enemy units' tiles, in board order
	capture TileSet // where a capture is possible
}

// canRetire reports whether p may pay to retire a unit now.
func (g *Game) canRetire(p int) bool {
	return g.num.RetireCost >= 0 && g.Players[p].Coins >= int(g.num.RetireCost)
}

// activationsIn is activationsOn; with cm it sets cm (each unit's
// unitMove, foes, capture tiles) and lists only the specials and assists.
func (g *Game) activationsIn(p int, from Tile, bv *boardView, out []Action, cm *countedMoves) []Action {
	terr := &bv.terr
	// Every piece is back on its tile after its turn in the loop: one field.
	tm := g.team(p)
	f := Field{Rules: g.Rules, Terrain: terr, Allies: bv.occ[tm], Enemies: bv.occ[1-tm], Closed: g.closedZone(p)}
	ts := &bv.ts
	var capture TileSet // where a Capture is possible now
	if g.Captures < int(g.num.CapturesPerTurn) && len(g.VPDeck) > 0 {
		// terr[t] is terrainAt(t): the two DV tiles never share a tile.
		if ts.n > 0 {
			for i := range ts.n {
				if g.Rules.Terrain[i].Capture {
					capture |= ts.sets[i]
				}
			}
		} else {
			for t := range terr {
				if g.Rules.Terrain[terr[t]].Capture {
					capture = with(capture, Tile(t))
				}
			}
		}
	}
	retire := g.canRetire(p)
	var fbuf [16]Tile
	foes := fbuf[:0] // enemy tiles in board order (they stay put meanwhile)
	if g.Boss == nil {
		for _, e := range g.Pieces {
			if int(e.Owner) != p {
				foes = append(foes, e.Tile)
			}
		}
	} else {
		// Boss mode: each of the boss's corners (rulebook VIII, Attacking
		// Bosses) and its minions; never a token.
		for pos := range 4 {
			foes = append(foes, g.Boss.Square(pos))
		}
		for _, e := range g.Pieces {
			if e.Kind == SummonPiece && !g.isToken(e) {
				foes = append(foes, e.Tile)
			}
		}
	}
	if cm != nil {
		cm.foes, cm.capture = append(cm.foes[:0], foes...), capture
	}
	for _, q := range g.Pieces {
		if int(q.Owner) != p || q.Exhausted || q.Kind != UnitPiece || from != NoTile && q.Tile != from {
			continue
		}
		var reach TileSet
		if ts.n > 0 {
			enter, stop := ts.enterStop(g.Rules, g.Tags(q))
			reach = f.reach(q.Tile, g.Mov(q), enter, stop)
		} else {
			reach = f.Reach(q.Tile, g.Mov(q), g.Tags(q))
		}
		start := q.Tile
		v := unitView{u: &g.Rules.Units[q.Card], srcs: g.sources(q), foes: foes, capture: capture, retire: retire}
		attacks := 0 // attack actions
		for _, t := range foes {
			in := inRange(t, v.u.Range)
			v.attack |= in
			attacks += bits.OnesCount64(uint64(reach & in))
		}
		// On a tile with no attack and no capture, a unit with no special
		// or assist to offer has only wait, retire and work.
		busy := v.attack | v.capture
		skills := false
		for i := range v.srcs {
			if s := &v.srcs[i]; s.kind == srcSpecial && q.Special || s.kind == srcAssist {
				busy, skills = allTiles, true
				break
			}
		}
		if g.Boss != nil {
			busy = allTiles // boss actions, and work only where the mode pays for it
		}
		if cm != nil {
			cm.moves = append(cm.moves, unitMove{from: start, reach: reach, rng: v.u.Range, attacks: attacks})
			if skills {
				v.counted, v.attack, v.capture = true, 0, 0
				for r := uint64(reach); r != 0; r &= r - 1 {
					q.Tile = Tile(bits.TrailingZeros64(r))
					out = g.unitActions(p, q, start, &v, out)
				}
				q.Tile = start
			}
			continue
		}
		base := act(Activate, p)
		base.From = start
		for r := uint64(reach); r != 0; r &= r - 1 {
			t := Tile(bits.TrailingZeros64(r))
			if busy.Has(t) {
				q.Tile = t
				out = g.unitActions(p, q, start, &v, out)
				continue
			}
			base.To = t
			if v.retire {
				out = append(out, base, base, base)
				out[len(out)-2].Do, out[len(out)-1].Do = Retire, Work
			} else {
				out = append(out, base, base)
				out[len(out)-1].Do = Work
			}
		}
		q.Tile = start
	}
	return out
}

// unitView is what unitActions reads of a unit that does not change with
// the tile it moves to.
type unitView struct {
	u       *table.Unit
	srcs    []source // its effect lists
	foes    []Tile   // enemy units' tiles, in board order
	capture TileSet  // where it may capture
	retire  bool     // its player may pay to retire it
	attack  TileSet  // where some foe is in its range
	counted bool     // list only specials and assists (activationsIn counts the rest)
}

// unitActions lists the actions of q (moved to q.Tile from from).
func (g *Game) unitActions(p int, q *Piece, from Tile, v *unitView, out []Action) []Action {
	base := act(Activate, p)
	base.From, base.To = from, q.Tile
	if !v.counted {
		out = append(out, base) // wait
	}
	if v.attack.Has(q.Tile) {
		d := &dist[q.Tile]
		for _, t := range v.foes {
			if v.u.Range.Has(int(d[t])) {
				out = append(out, base)
				out[len(out)-1].Do, out[len(out)-1].Target = Attack, t
			}
		}
	}
	if v.capture.Has(q.Tile) {
		a := base
		a.Do = Capture
		out = append(out, a)
	}
	k := int8(0)
	for i := range v.srcs {
		switch s := &v.srcs[i]; {
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
	if g.Boss != nil {
		for i := range g.Boss.def.Actions {
			a := base
			a.Do, a.Opt = BossAct, int8(i)
			out = g.choices(g.Boss.def.Actions[i].Effects, &ctx{src: q, owner: p, target: NoTile, dest: NoTile, corner: -1}, a, out)
		}
		if g.num.WorkDV <= 0 {
			return out
		}
	}
	if v.counted {
		return out
	}
	if v.retire {
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
	var tbuf [16]*Piece
	targets := tbuf[:0]
	if one != nil {
		for _, q := range g.Pieces {
			if g.targetOK(one, c, q) {
				targets = append(targets, q)
			}
		}
		if len(targets) == 0 {
			return out
		}
	} else {
		targets = append(targets, nil)
	}
	var dbuf [Tiles + 1]Tile
	for _, t := range targets {
		b := a
		tq := c.src
		if t != nil {
			b.Target = t.Tile
			tq = t
		}
		dests, need := g.destinations(es, c, tq, dbuf[:0])
		if !need {
			if g.activeOK(es, c, t) {
				out = append(out, b)
			}
			continue
		}
		for _, d := range dests {
			out = append(out, b)
			out[len(out)-1].Dest = d
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

// destinations appends to dests the tiles a move, reposition or grab
// effect may put its target on; need says whether the list needs a
// destination at all. A grab offers NoTile for "swap places".
func (g *Game) destinations(es []table.Effect, c *ctx, t *Piece, dests []Tile) (_ []Tile, need bool) {
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
			for v := uint64(g.moveDests(e, mover)); v != 0; v &= v - 1 {
				dests = append(dests, Tile(bits.TrailingZeros64(v)))
			}
			return dests, true
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
	// Fields are set in the list, not in a copy appended right after: a
	// fresh copy is slow to read back.
	a := act(DiscardAct, p)
	for i, c := range pl.Hand {
		if !slices.Contains(pl.Hand[:i], c) {
			out = append(out, a)
			out[len(out)-1].Card = c
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
		a := act(ShiftGray, p)
		a.From = q.Tile
		for s := range int(g.num.Slots) {
			if g.slotFree(p, s) {
				out = append(out, a)
				out[len(out)-1].Slot = int8(s)
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
	for i, c := range pl.Shop {
		if slices.Contains(pl.Shop[:i], c) {
			continue
		}
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
	occ := g.occupied()
	units := occ[0] | occ[1]
	return g.dvBumps(p, units, g.dvMoves(p, units, out))
}

// dvOpen are the tiles p may lay their DV tile on (units: the occupied
// tiles), ok false when p may not move it now.
func (g *Game) dvOpen(p int, units TileSet) (open TileSet, ok bool) {
	pl := &g.Players[p]
	if g.num.DVTiles > 0 && g.num.DVMoveTile >= 0 && pl.DV >= int(g.num.DVMoveTile) && !units.Has(pl.DVTile) {
		closed := units | g.DeployZone(0) | g.DeployZone(1)
		if o := g.Players[1-p].DVTile; o != NoTile {
			closed = with(closed, o)
		}
		return allTiles &^ closed, true
	}
	return 0, false
}

// dvMoves appends p's MoveDVTile actions.
func (g *Game) dvMoves(p int, units TileSet, out []Action) []Action {
	pl := &g.Players[p]
	open, ok := g.dvOpen(p, units)
	if !ok {
		return out
	}
	a := act(MoveDVTile, p)
	for v := uint64(open); v != 0; v &= v - 1 {
		t := Tile(bits.TrailingZeros64(v))
		switch {
		case t != pl.DVTile:
			out = append(out, a, a)
			out[len(out)-2].To, out[len(out)-1].To, out[len(out)-1].Opt = t, t, 1
		case pl.DVRuins:
			out = append(out, a) // flip it to plain
			out[len(out)-1].To = t
		default:
			out = append(out, a)
			out[len(out)-1].To, out[len(out)-1].Opt = t, 1
		}
	}
	return out
}

// dvMoveCount is len(dvMoves(p, units, nil)), without building the list.
func (g *Game) dvMoveCount(p int, units TileSet) int {
	open, ok := g.dvOpen(p, units)
	if !ok {
		return 0
	}
	n := 2 * bits.OnesCount64(uint64(open))
	if open.Has(g.Players[p].DVTile) {
		n-- // the side it lies on already
	}
	return n
}

// dvBumps appends p's Bump actions.
func (g *Game) dvBumps(p int, units TileSet, out []Action) []Action {
	pl := &g.Players[p]
	if g.num.DVBump >= 0 && pl.DV >= int(g.num.DVBump) {
		for _, q := range g.Pieces {
			// standable(q, n), with q's tags and closed zone read once.
			tags, closed := g.Tags(q), g.DeployZone(1-int(q.Owner))
			for _, n := range neighbors[q.Tile] {
				if !closed.Has(n) && !units.Has(n) && CanEnter(&g.Rules.Terrain[g.terrainAt(n)], tags) {
					a := act(Bump, p)
					a.From, a.To = q.Tile, n
					out = append(out, a)
				}
			}
		}
	}
	return out
}
