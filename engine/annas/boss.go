package annas

import (
	"fmt"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// BossState is boss mode's boss (rulebook VIII): its block, which content
// corner stands at each position, the damage on each corner's HP bar, its
// lives, its deck and the turn order.
type BossState struct {
	Index int // into Ruleset.Bosses
	def   *table.Boss
	piece *Piece // the boss block on the board

	// Rot is the content corner at each position (NW, NE, SE, SW), so
	// damage travels with its corner when the block rotates clockwise.
	Rot       [4]int8
	CornerDmg [4]int8 // by content corner
	Lives     int
	// The current card is the top of Deck (the end of the slice), mini-map
	// side up; flipped cards go to Discard.
	Deck, Discard []int16

	Order    []int // the turn order: player seats and the boss seat
	Pos      int   // index into Order of the current turn (-1 before the first)
	Round    int   // passes through Order, 1-based
	Turns    int   // boss turns taken
	MaxTurns int   // the simulation cap: the boss wins when it is reached
	Result   BossResult
}

// BossResult says who won a boss game.
type BossResult uint8

// Results.
const (
	Undecided BossResult = iota
	PlayersWin
	BossWins
)

func (r BossResult) String() string {
	return [...]string{"undecided", "players", "boss"}[r]
}

// Def is the boss board.
func (b *BossState) Def() *table.Boss { return b.def }

// At is the block's south-west square.
func (b *BossState) At() Tile { return b.piece.Tile }

// Corner is the content corner at position pos (NW, NE, SE, SW).
func (b *BossState) Corner(pos int) int { return int(b.Rot[pos]) }

// CornerLeft is content corner c's HP left on its bar.
func (b *BossState) CornerLeft(c int) int { return int(b.def.Corners[c].HP) - int(b.CornerDmg[c]) }

// Square is the board square of the block's position pos.
func (b *BossState) Square(pos int) Tile { return square(b.piece.Tile, pos) }

func square(sw Tile, pos int) Tile {
	f, r := sw.File(), sw.Rank()
	switch pos {
	case table.NW:
		return table.TileAt(f, r+1)
	case table.NE:
		return table.TileAt(f+1, r+1)
	case table.SE:
		return table.TileAt(f+1, r)
	}
	return table.TileAt(f, r)
}

// Squares is the set of the block's four squares.
func (b *BossState) Squares() TileSet { return block(b.piece.Tile) }

func block(sw Tile) TileSet {
	f, r := sw.File(), sw.Rank()
	return with(with(with(with(0, table.TileAt(f, r)), table.TileAt(f+1, r)), table.TileAt(f, r+1)), table.TileAt(f+1, r+1))
}

// PosAt is the block position (NW..SW) on tile t, or -1.
func (b *BossState) PosAt(t Tile) int {
	for pos := range 4 {
		if b.Square(pos) == t {
			return pos
		}
	}
	return -1
}

// Dist is the distance from t to the block's nearest square.
func (b *BossState) Dist(t Tile) int {
	d := 99
	for pos := range 4 {
		d = min(d, Dist(t, b.Square(pos)))
	}
	return d
}

// ValidBossTile reports whether a block with south-west square t fits the board.
func ValidBossTile(t Tile) bool {
	return t >= 0 && int(t) < Tiles && t.File() < Size-1 && t.Rank() < Size-1
}

// TurnOrder is the boss-mode turn order for n players (rulebook VIII, Turn
// Order): the boss (seat n) takes a turn after every `every` player turns
// and after the last player.
func TurnOrder(n, every int) []int {
	if every <= 0 {
		every = 1
	}
	var out []int
	for p := 0; p < n; p++ {
		out = append(out, p)
		if (p+1)%every == 0 || p == n-1 {
			out = append(out, n)
		}
	}
	return out
}

// bossSeats are the seats (board edges) by player count, clockwise from
// the south; two players sit at opposite edges (rulebook VIII, Setup 4).
var bossSeats = [5][]table.Seat{
	2: {table.South, table.North},
	3: {table.South, table.West, table.North},
	4: {table.South, table.West, table.North, table.East},
}

// newBoss sets boss mode up (rulebook VIII, Setup): the boss block at the
// rules' start square, its deck shuffled, lives by player count, the
// players' two-slot boards on their edges; no shop, no coins.
func (g *Game) newBoss(opt Options) error {
	rs := g.Rules
	n := opt.Players
	if n < 2 || n > 4 {
		return fmt.Errorf("boss mode: %d players (want 2 to 4)", n)
	}
	if opt.Boss < 0 || opt.Boss >= len(rs.Bosses) {
		return fmt.Errorf("boss mode: no such boss")
	}
	def := &rs.Bosses[opt.Boss]
	if !ValidBossTile(rs.Rules.BossStart) {
		return fmt.Errorf("boss mode: boss start %s does not fit a 2x2 block on the board", rs.Rules.BossStart)
	}
	if len(def.Cards) == 0 {
		return fmt.Errorf("boss mode: boss %s has no cards", phrase.Quote(def.ID))
	}
	for _, c := range def.Cards {
		for _, t := range rs.BossCards[c].Move {
			if t != NoTile && !ValidBossTile(t) {
				return fmt.Errorf("boss mode: card %s moves the boss to %s, off the board", phrase.Quote(rs.BossCards[c].ID), t)
			}
		}
	}
	lives := int(def.Lives[n])
	if lives <= 0 {
		return fmt.Errorf("boss mode: boss %s has no lives for %d players", phrase.Quote(def.ID), n)
	}
	b := &BossState{Index: opt.Boss, def: def, Rot: [4]int8{0, 1, 2, 3}, Lives: lives, Pos: -1, Round: 1}
	g.Boss = b
	b.Deck = slices.Clone(def.Cards)
	g.shuffle(b.Deck)
	g.Players = make([]Player, n)
	for p := range g.Players {
		g.Players[p].Seat = bossSeats[n][p]
		g.Players[p].DVTile = NoTile
	}
	b.Order = TurnOrder(n, int(rs.Rules.BossEvery[n]))
	b.MaxTurns = opt.MaxTurns
	if b.MaxTurns <= 0 {
		b.MaxTurns = int(g.num.MaxTurns)
	}
	if b.MaxTurns <= 0 {
		b.MaxTurns = 200
	}
	g.nextID++
	b.piece = &Piece{ID: g.nextID, Kind: BossPiece, Card: -1, Owner: int8(n), Slot: -1, Tile: rs.Rules.BossStart, Attached: -1}
	g.Pieces = append(g.Pieces, b.piece)
	return nil
}

// card is the current boss card.
func (g *Game) card() *table.BossCard {
	b := g.Boss
	return &g.Rules.BossCards[b.Deck[len(b.Deck)-1]]
}

// Card is the current boss card (boss mode).
func (g *Game) Card() *table.BossCard { return g.card() }

// roll is one six-sided die.
func (g *Game) roll() int { return g.rng.IntN(6) + 1 }

// advance ends the current turn and starts the next one of the order
// table, running boss turns until a player's turn begins or the game ends.
func (g *Game) advance() {
	b := g.Boss
	for g.Phase != PhaseOver {
		if b.Pos >= 0 {
			g.endTurnMods()
		}
		b.Pos++
		if b.Pos == len(b.Order) {
			b.Pos = 0
			b.Round++
		}
		g.Turn++
		s := b.Order[b.Pos]
		if s == len(g.Players) {
			g.Current = s
			g.bossTurn()
			continue
		}
		g.startTurn(s)
		return
	}
}

// nextPlayer is the player whose turn follows the current one: on a boss
// turn, the players' joint decisions are theirs (docs/annas-boss-mode.md).
func (g *Game) nextPlayer() int {
	b := g.Boss
	for k := 1; k <= len(b.Order); k++ {
		if s := b.Order[(b.Pos+k)%len(b.Order)]; g.isPlayer(s) {
			return s
		}
	}
	return 0
}

// bossTurn runs one boss turn (rulebook VIII, On Boss Turns): the boss
// board's start-of-turn effects and the summons' own, the movement die by
// the current card's mini-map (move, or attack the player units in the
// destination), flip and resolve the card, rotate the block clockwise.
func (g *Game) bossTurn() {
	b := g.Boss
	b.Turns++
	g.Guest = 0
	seat := g.BossSeat()
	g.dropNextTurn(seat)
	g.emit("boss-turn", seat, nil, "%s's turn %d (boss turn %d); current card %s", b.def.ID, g.Turn, b.Turns, g.card().ID)
	// Step 1: start-of-turn effects, then the summons' own effects. Only
	// summons on the board when the turn starts act: one summoned now was
	// not there "at the start of the boss turn".
	var present []*Piece
	for _, q := range g.Pieces {
		if q.Kind == SummonPiece {
			present = append(present, q)
		}
	}
	g.run(b.def.StartOfTurn, table.StartOfTurn, g.newCtx(b.piece, seat))
	for _, s := range present {
		if g.Phase == PhaseOver {
			return
		}
		if g.PieceByID(s.ID) != nil {
			g.run(b.def.Summons[s.Card].Effects, table.StartOfBossTurn, g.newCtx(s, seat))
		}
	}
	if g.checkEnd(false) {
		return
	}
	// Step 2: movement by die.
	g.moveStep(g.roll())
	if g.checkEnd(false) {
		return
	}
	// Step 3: flip the current card and resolve it.
	g.flip()
	if g.checkEnd(false) {
		return
	}
	// Step 4: rotate.
	g.Rotate()
	g.checkEnd(true)
}

// newCtx is a context with src as the source and seat as the controller.
func (g *Game) newCtx(src *Piece, seat int) *ctx {
	return &ctx{src: src, owner: seat, roll: !g.noReact, target: NoTile, dest: NoTile, corner: -1}
}

// moveStep is steps 2A and 2B for a die roll.
func (g *Game) moveStep(roll int) {
	b := g.Boss
	dest := g.card().Move[roll-1]
	if dest == NoTile || dest == b.piece.Tile {
		g.emit("boss-move", g.BossSeat(), nil, "%s rolls %d: stays at %s", b.def.ID, roll, b.piece.Tile)
		return
	}
	area := block(dest)
	var hit []*Piece
	for _, q := range g.Pieces {
		if q.Kind == UnitPiece && area.Has(q.Tile) {
			hit = append(hit, q)
		}
	}
	if len(hit) == 0 {
		b.piece.Tile = dest
		// Its own summons step aside to the nearest open tile (the rulebook
		// is silent; they never share a square with the boss).
		for _, s := range slices.Clone(g.Pieces) {
			if s.Kind == SummonPiece && area.Has(s.Tile) {
				if t := g.nearestFree(s.Tile); t != NoTile {
					s.Tile = t
				} else {
					g.removePiece(s)
				}
			}
		}
		g.emit("boss-move", g.BossSeat(), nil, "%s rolls %d: moves to %s", b.def.ID, roll, dest)
		return
	}
	g.emit("boss-move", g.BossSeat(), nil, "%s rolls %d: player units stand in %s; it attacks instead", b.def.ID, roll, dest)
	for _, u := range g.playersOrder(hit) {
		if g.Phase == PhaseOver {
			return
		}
		if g.PieceByID(u.ID) != nil {
			g.bossAttack(u)
		}
	}
}

// playersOrder lets the players order the units a boss attack or effect
// hits (rulebook VIII, Step 2B and Step 3): one decision per unit but the
// last, "next UNIT TILE", taken by the player whose turn is next.
func (g *Game) playersOrder(units []*Piece) []*Piece {
	if len(units) < 2 || g.noReact {
		return units
	}
	left := slices.Clone(units)
	out := make([]*Piece, 0, len(units))
	for len(left) > 1 {
		opts := make([]Action, len(left))
		best := 0
		for i, u := range left {
			opts[i] = act(Order, g.nextPlayer())
			opts[i].Target = u.Tile
			if u.Tile < left[best].Tile {
				best = i // the built-in choice: board order, a1 first
			}
		}
		i := g.decide(&decision{seat: g.nextPlayer(), kind: "order", options: opts, best: best})
		out = append(out, left[i])
		left = slices.Delete(left, i, i+1)
	}
	return append(out, left...)
}

// bossAttack is step 2B against one unit: the corner with color advantage
// (the unit's owner chooses when it is fully damaged or none has
// advantage), at the card's range (the owner chooses among several).
func (g *Game) bossAttack(u *Piece) {
	b := g.Boss
	corner := g.attackCorner(u)
	var opts []int
	for d := 1; d < 8; d++ {
		if g.card().Range.Has(d) {
			opts = append(opts, d)
		}
	}
	dist := 1
	switch len(opts) {
	case 0:
	case 1:
		dist = opts[0]
	default:
		as := make([]Action, len(opts))
		best := -1
		for i, d := range opts {
			as[i] = act(Range, int(u.Owner))
			as[i].Opt = int8(d)
			if best < 0 && g.Rules.Units[u.Card].Range.Has(d) {
				best = i // the built-in choice: a range the unit can counter at
			}
		}
		best = max(best, 0)
		dist = opts[g.decide(&decision{seat: int(u.Owner), kind: "range", options: as, best: best})]
	}
	g.emit("boss-attack", g.BossSeat(), nil, "%s attacks %s %s of P%d with the %s corner at range %d", b.def.ID, g.pieceName(u), u.Tile, u.Owner+1, b.def.Corners[corner].Color, dist)
	g.combatWith(b.piece, u, corner, dist)
}

// attackCorner is the content corner the boss attacks u with: the one with
// color advantage; when it is at 0 HP or none has advantage (a gray unit)
// u's owner chooses among the others.
func (g *Game) attackCorner(u *Piece) int {
	b := g.Boss
	col := g.Rules.Units[u.Card].Color
	var others []int
	for c := range 4 {
		adv := Advantage(b.def.Corners[c].Color, col) > 0
		switch {
		case adv && b.CornerLeft(c) > 0:
			return c
		case !adv:
			others = append(others, c)
		}
	}
	if len(others) == 1 {
		return others[0]
	}
	opts := make([]Action, len(others))
	best := 0
	key := func(c int) (int, bool, int) {
		return Advantage(col, b.def.Corners[c].Color), b.CornerLeft(c) > 0, -b.CornerLeft(c)
	}
	for i, c := range others {
		opts[i] = act(Corner, int(u.Owner))
		opts[i].Opt, opts[i].Target = int8(c), b.Square(g.posOf(c))
		// The built-in choice: the best matchup for the unit, then a bar
		// not yet full, with the least HP left (a counter may finish it).
		a1, l1, h1 := key(c)
		a2, l2, h2 := key(others[best])
		if a1 > a2 || a1 == a2 && (l1 && !l2 || l1 == l2 && h1 > h2) {
			best = i
		}
	}
	return others[g.decide(&decision{seat: int(u.Owner), kind: "corner", options: opts, best: best})]
}

// posOf is the position (NW..SW) of content corner c now.
func (g *Game) posOf(c int) int {
	for pos, x := range g.Boss.Rot {
		if int(x) == c {
			return pos
		}
	}
	return 0
}

// flip is step 3: the current card is turned, resolved and discarded; the
// next card becomes current; an empty deck is remade from the discards.
func (g *Game) flip() {
	b := g.Boss
	top := b.Deck[len(b.Deck)-1]
	card := &g.Rules.BossCards[top]
	g.emit("boss-flip", g.BossSeat(), nil, "%s flips %s: %s", b.def.ID, card.ID, card.Text)
	g.run(card.Effects, table.Activate, g.newCtx(b.piece, g.BossSeat()))
	b.Deck = b.Deck[:len(b.Deck)-1]
	b.Discard = append(b.Discard, top)
	if len(b.Deck) == 0 {
		b.Deck, b.Discard = b.Discard, b.Deck[:0]
		g.shuffle(b.Deck)
		g.emit("boss-reshuffle", g.BossSeat(), nil, "%s's deck is remade from %d discards", b.def.ID, len(b.Deck))
	}
}

// Rotate turns the boss block 90° clockwise, corners and all (step 4): the
// corner at NW goes to NE, NE to SE, SE to SW, SW to NW.
func (g *Game) Rotate() {
	b := g.Boss
	var r [4]int8
	for pos := range 4 {
		r[(pos+1)%4] = b.Rot[pos]
	}
	b.Rot = r
	c := b.def.Corners
	g.emit("boss-rotate", g.BossSeat(), nil, "%s rotates clockwise: NW %s, NE %s, SE %s, SW %s", b.def.ID, c[r[0]].Color, c[r[1]].Color, c[r[2]].Color, c[r[3]].Color)
}

// summon places one of summon kind at a rolled (X, Y) (rulebook VIII, Step
// 1): X is the file and Y the rank, 1-based; an occupied tile follows the
// boss's occupied rule; nothing when all of that kind are out.
func (g *Game) summon(kind int) {
	b := g.Boss
	if kind < 0 || kind >= len(b.def.Summons) {
		return
	}
	sm := &b.def.Summons[kind]
	if g.SummonCount(kind) >= int(sm.Count) {
		g.emit("summon", g.BossSeat(), nil, "no %s left to summon", sm.ID)
		return
	}
	x, y := g.roll(), g.roll()
	g.placeSummon(kind, x, y)
}

// placeSummon places summon kind at (x, y) by the occupied rule.
func (g *Game) placeSummon(kind, x, y int) {
	b := g.Boss
	sm := &b.def.Summons[kind]
	t := table.TileAt(x-1, y-1)
	occ := g.occupiedAll()
	if occ.Has(t) {
		switch b.def.Occupied {
		case table.OccupiedReroll:
			t = NoTile
			for range 6 {
				x, y = g.roll(), g.roll()
				if c := table.TileAt(x-1, y-1); !occ.Has(c) {
					t = c
					break
				}
			}
		case table.OccupiedNearest:
			t = g.nearestFree(t)
		case table.OccupiedDamage:
			g.emit("summon", g.BossSeat(), nil, "(%d, %d) is occupied: no %s", x, y, sm.ID)
			if u := g.PieceAt(t); u != nil && u.Kind == UnitPiece {
				g.hurt(u, int(b.def.OccupiedN), false, g.BossSeat(), nil)
			}
			return
		default:
			t = NoTile
		}
	}
	if t == NoTile {
		g.emit("summon", g.BossSeat(), nil, "(%d, %d) is occupied: no %s", x, y, sm.ID)
		return
	}
	g.nextID++
	g.Pieces = append(g.Pieces, &Piece{ID: g.nextID, Kind: SummonPiece, Card: int16(kind), Owner: int8(len(g.Players)), Slot: -1, Tile: t, Attached: -1})
	g.emit("summon", g.BossSeat(), nil, "%s rolls (%d, %d): %s at %s", b.def.ID, x, y, sm.ID, t)
}

// occupiedAll is every tile with something on it.
func (g *Game) occupiedAll() TileSet {
	occ := g.occupied()
	return occ[0] | occ[1]
}

// nearestFree is the nearest open tile to t, ties toward the south-west
// (lower rank, then lower file); NoTile when the board is full.
func (g *Game) nearestFree(t Tile) Tile {
	best, bd := NoTile, 99
	occ := g.occupiedAll()
	for c := Tile(0); c < Tiles; c++ {
		if occ.Has(c) || g.Rules.Terrain[g.terrainAt(c)].Impassable {
			continue
		}
		if d := Dist(t, c); d < bd {
			best, bd = c, d
		}
	}
	return best
}

// SummonCount is how many of summon kind are on the board.
func (g *Game) SummonCount(kind int) int {
	n := 0
	for _, q := range g.Pieces {
		if q.Kind == SummonPiece && int(q.Card) == kind {
			n++
		}
	}
	return n
}

// destroy removes a summon of the effect's kind within its range of the
// source: the chosen one, else the nearest (a boss-specific action such as
// closing a rift).
func (g *Game) destroy(e *table.Effect, c *ctx) {
	if c.target != NoTile {
		if s := g.PieceAt(c.target); s != nil && g.targetOK(e, c, s) {
			g.removePiece(s)
			g.emit("destroy", c.owner, nil, "%s at %s is removed", g.pieceName(s), s.Tile)
			return
		}
	}
	var best *Piece
	for _, s := range g.Pieces {
		if s.Kind != SummonPiece || int(s.Card) != int(e.Summon) {
			continue
		}
		d := g.pdist(c.src, s)
		if e.Target.Within > 0 && d > int(e.Target.Within) {
			continue
		}
		if best == nil || d < g.pdist(c.src, best) {
			best = s
		}
	}
	if best != nil {
		g.removePiece(best)
		g.emit("destroy", c.owner, nil, "%s at %s is removed", g.pieceName(best), best.Tile)
	}
}

// bossHeal removes n damage from the most damaged HP bar.
func (g *Game) bossHeal(n int) {
	b := g.Boss
	best := 0
	for c := 1; c < 4; c++ {
		if b.CornerDmg[c] > b.CornerDmg[best] {
			best = c
		}
	}
	h := min(n, int(b.CornerDmg[best]))
	b.CornerDmg[best] -= int8(h)
	g.emit("boss-heal", g.BossSeat(), nil, "%s's %s corner recovers %d", b.def.ID, b.def.Corners[best].Color, h)
}

// hitCorner fills content corner c's HP bar by dmg; a full bar takes no
// more (rulebook VIII, Attacking Bosses). When every bar is full the boss
// loses a life and its damage is removed; its last life ends the game. It
// reports whether a life was lost.
func (g *Game) hitCorner(c, dmg int) bool {
	b := g.Boss
	dmg = max(0, min(dmg, b.CornerLeft(c)))
	b.CornerDmg[c] += int8(dmg)
	g.emit("boss-damage", g.BossSeat(), nil, "%s's %s corner takes %d (%d of %d HP left)", b.def.ID, b.def.Corners[c].Color, dmg, b.CornerLeft(c), b.def.Corners[c].HP)
	for i := range 4 {
		if b.CornerLeft(i) > 0 {
			return false
		}
	}
	b.Lives--
	b.CornerDmg = [4]int8{}
	g.emit("life", g.BossSeat(), nil, "%s loses a life (%d left)", b.def.ID, b.Lives)
	if b.Lives <= 0 {
		g.finishBoss(PlayersWin, "the boss lost its last life")
	}
	return true
}

// damageBoss is direct damage from an effect: it hits one HP bar its
// controller chooses; non-lethal damage cannot deal a bar's last damage
// (rulebook VIII, Clarifications).
func (g *Game) damageBoss(n int, nonLethal bool, c *ctx) {
	b := g.Boss
	var bars []int
	for i := range 4 {
		if left := b.CornerLeft(i); left > 1 || left == 1 && !nonLethal {
			bars = append(bars, i)
		}
	}
	if len(bars) == 0 || n <= 0 {
		return
	}
	bar := bars[0]
	if len(bars) > 1 {
		seat := c.owner
		if !g.isPlayer(seat) {
			seat = g.nextPlayer()
		}
		opts := make([]Action, len(bars))
		best := 0
		for i, x := range bars {
			opts[i] = act(Bar, seat)
			opts[i].Opt, opts[i].Target = int8(x), b.Square(g.posOf(x))
			// The built-in choice: the bar the damage does most to, then
			// the one with the least left.
			y := bars[best]
			p, q := min(n, b.CornerLeft(x)), min(n, b.CornerLeft(y))
			if p > q || p == q && b.CornerLeft(x) < b.CornerLeft(y) {
				best = i
			}
		}
		bar = bars[g.decide(&decision{seat: seat, kind: "bar", options: opts, best: best})]
	}
	if nonLethal {
		n = min(n, b.CornerLeft(bar)-1)
	}
	g.hitCorner(bar, n)
}

// hurtSummon deals dmg to a minion (tokens have no HP) and reports whether
// it was defeated.
func (g *Game) hurtSummon(s *Piece, dmg int, nonLethal bool) bool {
	sm := &g.Boss.def.Summons[s.Card]
	if sm.Kind != table.Minion || sm.Stats.HP <= 0 {
		return false
	}
	if nonLethal {
		dmg = min(dmg, g.HP(s)-1)
	}
	if dmg <= 0 {
		return false
	}
	s.Damage += int8(min(dmg, g.HP(s)))
	if g.HP(s) > 0 {
		g.emit("damage", g.BossSeat(), g.unitData(s, dmg), "%s %s takes %d damage (%d HP left)", sm.ID, s.Tile, dmg, g.HP(s))
		return false
	}
	g.removePiece(s)
	g.emit("defeat", g.BossSeat(), g.unitData(s, dmg), "%s %s is defeated", sm.ID, s.Tile)
	return true
}

// checkEnd applies the boss's lose conditions, then its win conditions
// (rulebook VIII: defined by the boss board); endOfBossTurn also checks
// those judged at the end of a boss turn and the simulation cap.
func (g *Game) checkEnd(endOfBossTurn bool) bool {
	if g.Phase == PhaseOver {
		return true
	}
	b := g.Boss
	for _, l := range []struct {
		conds []table.EndCond
		r     BossResult
	}{{b.def.Lose, BossWins}, {b.def.Win, PlayersWin}} {
		for _, e := range l.conds {
			if g.endHolds(e, endOfBossTurn) {
				g.finishBoss(l.r, e.Text)
				return true
			}
		}
	}
	if endOfBossTurn && b.Turns >= b.MaxTurns {
		g.finishBoss(BossWins, "turn limit")
		return true
	}
	return false
}

func (g *Game) endHolds(e table.EndCond, endOfBossTurn bool) bool {
	b := g.Boss
	switch e.Kind {
	case table.EndLivesZero:
		return b.Lives <= 0
	case table.EndSummons:
		return g.SummonCount(int(e.Summon)) >= int(e.N)
	case table.EndBossReaches:
		at := b.piece.Tile
		return at.Rank() == int(e.N)-1 || at.Rank()+1 == int(e.N)-1
	case table.EndBossTurns:
		return endOfBossTurn && b.Turns >= int(e.N)
	case table.EndNoUnits:
		if !endOfBossTurn {
			return false
		}
		for _, q := range g.Pieces {
			if q.Kind == UnitPiece {
				return false
			}
		}
		for _, p := range g.Players {
			if p.Turns == 0 {
				return false // not every player has had a turn to deploy
			}
		}
		return true
	}
	return false
}

// finishBoss ends a boss game.
func (g *Game) finishBoss(r BossResult, reason string) {
	if g.Phase == PhaseOver {
		return
	}
	g.Phase = PhaseOver
	g.Boss.Result = r
	g.Reason = reason
	g.Winner = -1
	if r == BossWins {
		g.Winner = g.BossSeat()
	}
	if r == BossWins {
		g.emit("end", g.BossSeat(), nil, "%s wins: %s", g.Boss.def.ID, reason)
	} else {
		g.emit("end", -1, nil, "the players win: %s", reason)
	}
}

// Winners are the seats that won: versus the winner (none for a draw);
// boss mode every player together, or the boss.
func (g *Game) Winners() []int {
	if g.Phase != PhaseOver {
		return []int{}
	}
	if g.Boss != nil {
		switch g.Boss.Result {
		case PlayersWin:
			out := make([]int, len(g.Players))
			for i := range out {
				out[i] = i
			}
			return out
		case BossWins:
			return []int{g.BossSeat()}
		}
		return []int{}
	}
	if g.Winner >= 0 {
		return []int{g.Winner}
	}
	return []int{}
}
