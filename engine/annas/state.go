package annas

import (
	"math/rand/v2"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
	"github.com/roundtable-dev/roundtable/engine/play"
)

// Phase is where the game stands.
type Phase uint8

// Phases.
const (
	PhaseMulligan Phase = iota // setup step 2: each player may redraw once
	PhaseTurn                  // a turn is under way
	PhaseOver
)

// Expiry says when a temporary Mod ends.
type Expiry uint8

// Expiries (the table's durations, made concrete).
const (
	UntilCombat   Expiry = iota // the end of the piece's next combat
	UntilTurnEnd                // the end of the current turn
	UntilNextTurn               // the start of its controller's next turn
	Permanent                   // while the piece is on the board
)

// Mod is a temporary change to a piece.
type Mod struct {
	table.Mods
	Tags   table.TagSet
	Expiry Expiry
	By     int8 // the seat of the effect's controller: "next turn" is theirs
	// From is the passive effect that applied it (0: none): a passive does
	// not stack with itself (rulebook II.6), so a piece holds at most one
	// Mod from each.
	From int32
}

// PieceKind says what a piece is.
type PieceKind uint8

// Piece kinds.
const (
	UnitPiece   PieceKind = iota // a player's unit: a unit card and its meeple
	SummonPiece                  // boss mode: a boss's token or minion
	BossPiece                    // boss mode: the 2x2 boss block
)

// Piece is something on the board: a deployed unit, a summon, the boss.
type Piece struct {
	ID         int32 // stable for the whole game
	Card       int16 // unit: index into Ruleset.Units; summon: into its boss's Summons; boss: -1
	Owner      int8  // the seat that controls it (summons and the boss: the boss seat)
	Slot       int8
	Tile       Tile // the boss: its south-west square
	Damage     int8 // the boss keeps its damage per corner (BossState.CornerDmg)
	Kind       PieceKind
	Exhausted  bool
	Special    bool  // holds its Special Ability token
	Shapestone bool  // holds its Shapestone token
	Attached   int16 // shop card beneath it, -1 for none
	Acts       int8  // activations this turn (a readied unit can act again)
	Mods       []Mod
}

// Player is one player at the table.
type Player struct {
	Seat     table.Seat // the board edge: deployment zone
	Hand     []int16    // unit cards
	Shop     []int16    // shop cards in hand
	Coins    int
	DV       int
	VPTokens int
	VPCards  []int8
	DVTile   Tile // NoTile while in hand
	DVRuins  bool
	Lost     int // units lost in the whole game (a tiebreak)
	LostTurn int // units lost this turn
	Turns    int // turns taken (boss mode's no-units condition)
}

// VP is the player's total Victory Points: tokens and card values.
func (p *Player) VP() int {
	v := p.VPTokens
	for _, c := range p.VPCards {
		v += int(c)
	}
	return v
}

// Game is the whole state of a game of either mode. Change it only through
// Apply (or Play).
type Game struct {
	Rules *table.Ruleset
	Mode  table.Mode
	Map   int
	num   table.ModeRules

	rng *rand.Rand
	src *rand.PCG

	Deck, Discard         []int16 // unit cards
	ShopDeck, ShopDiscard []int16
	ShopRow               []int16 // -1 for an empty place
	Spent                 []int16 // used setup cards, out of the game
	VPDeck                []int8  // top first

	Players []Player
	Pieces  []*Piece
	nextID  int32
	// Boss is boss mode's boss: its block, corners, deck and turn order;
	// nil in versus.
	Boss *BossState

	Phase    Phase
	Turn     int // 1-based: versus counts player turns, boss mode every turn
	Current  int // the seat whose turn it is (boss mode: the boss seat on a boss turn)
	Mulligan int // setup: the seat deciding a mulligan
	// mulligans are the setup mulligans left to decide.
	mulligans int
	// Per-turn counters of the current player.
	Deploys, HasteDeploys, Captures, Discards int
	VPOut                                     bool // the VP deck ran out this turn
	// Guest is a unit another player's dancer readied (boss mode): its
	// owner acts with it now, before the turn goes on (0: none).
	Guest int32

	noReact    bool       // forecasts: no reactions, no choices, no dice
	lastCombat *combat    // the latest combat (forecast reads it)
	srcCache   [][]source // per card (sources)
	srcMore    []srcEntry // pieces with granted tags or attachments
	fighting   *combat    // the combat in progress
	fought     []Fought
	scratch    []Action // reused by LegalActions and Apply within one call

	Winner int // versus: -1 draw, else the winner once over; boss mode: see Winners
	Reason string
	Log    []Action // every applied action, decisions included

	// Decisions inside an action (decide.go).
	pending  *decision
	cp       *checkpoint
	root     Action   // the action in flight while a decision is pending
	rootFn   func()   // ... or a rules step a test runs as one (step)
	answers  []int    // the decisions taken in it so far (option indexes)
	ansActs  []Action // ... as actions
	nAns     int      // answers used by the current run
	inflight []string // texts of root and the answers
	auto     func(d *decision) int

	// Events recorded for the game contract (Match.Events), when record.
	record  bool
	events  []play.Event
	emitted int
}

// mapTerrain is the map's terrain index at t.
func (g *Game) mapTerrain(t Tile) int {
	if g.Map < 0 {
		return int(g.Rules.Rules.DVPlain) // forecasts: an empty plain board
	}
	return int(g.Rules.Maps[g.Map].Tiles[t])
}

// DeployZone is player p's deployment zone (the tiles of its seat's edge).
func (g *Game) DeployZone(p int) TileSet {
	if g.Map < 0 || p < 0 || p >= len(g.Players) {
		return 0
	}
	return g.Rules.Maps[g.Map].Deploy[g.Players[p].Seat]
}

// closedZone are the tiles p's units may not enter: the deployment zones
// of the other side (versus: the opponent's; boss mode has none).
func (g *Game) closedZone(p int) TileSet {
	if g.Boss != nil || len(g.Players) != 2 {
		return 0
	}
	return g.DeployZone(1 - p)
}

// PieceByID returns the piece with id, or nil when it left the board.
func (g *Game) PieceByID(id int32) *Piece {
	for _, q := range g.Pieces {
		if q.ID == id {
			return q
		}
	}
	return nil
}

// PieceAt returns the piece on t (the boss on any of its four squares), or nil.
func (g *Game) PieceAt(t Tile) *Piece {
	if g.Boss != nil && g.Boss.Squares().Has(t) {
		return g.Boss.piece
	}
	for _, q := range g.Pieces {
		if q.Tile == t {
			return q
		}
	}
	return nil
}

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.Phase == PhaseOver }

// Actor is the seat that must decide now: a pending decision's, the
// mulligan's, a guest unit's owner, else the turn player.
func (g *Game) Actor() int {
	switch {
	case g.pending != nil:
		return g.pending.seat
	case g.Phase == PhaseMulligan:
		return g.Mulligan
	}
	if q := g.guest(); q != nil {
		return int(q.Owner)
	}
	return g.Current
}

// guest is the guest unit, nil for none.
func (g *Game) guest() *Piece {
	if g.Guest == 0 {
		return nil
	}
	return g.PieceByID(g.Guest)
}

// BossSeat is the boss's seat in boss mode (after the players), -1 in versus.
func (g *Game) BossSeat() int {
	if g.Boss == nil {
		return -1
	}
	return len(g.Players)
}

// team is the side of a seat: each player in versus; in boss mode the
// players are one team (0) and the boss the other (1).
func (g *Game) team(seat int) int {
	if g.Boss == nil {
		return seat
	}
	if seat == len(g.Players) {
		return 1
	}
	return 0
}

// isPlayer reports whether seat is a player (not the boss).
func (g *Game) isPlayer(seat int) bool { return seat >= 0 && seat < len(g.Players) }

// Clone is a deep copy that plays on independently (the same random stream
// from here on), also while a decision is pending.
func (g *Game) Clone() *Game {
	c := g.cloneState()
	if g.pending != nil {
		if g.rootFn != nil {
			panic("annas: a game cannot be cloned inside a test step")
		}
		// The state before the action in flight, then its decisions again.
		c.cp = g.cp.fresh()
		c.root = g.root
		c.answers = slices.Clone(g.answers)
		c.ansActs = slices.Clone(g.ansActs)
		c.inflight = slices.Clone(g.inflight)
		c.restore()
		c.resolve()
		c.emitted = len(c.events) // those happened in the original
	}
	return c
}

// cloneState is a deep copy of the state; the machinery of a pending
// decision is left out.
func (g *Game) cloneState() *Game {
	c := *g
	src := *g.src
	c.src = &src
	c.rng = rand.New(c.src)
	c.Deck = slices.Clone(g.Deck)
	c.Discard = slices.Clone(g.Discard)
	c.ShopDeck = slices.Clone(g.ShopDeck)
	c.ShopDiscard = slices.Clone(g.ShopDiscard)
	c.ShopRow = slices.Clone(g.ShopRow)
	c.Spent = slices.Clone(g.Spent)
	c.VPDeck = slices.Clone(g.VPDeck)
	c.Players = slices.Clone(g.Players)
	for p := range c.Players {
		c.Players[p].Hand = slices.Clone(g.Players[p].Hand)
		c.Players[p].Shop = slices.Clone(g.Players[p].Shop)
		c.Players[p].VPCards = slices.Clone(g.Players[p].VPCards)
	}
	c.Pieces = make([]*Piece, len(g.Pieces))
	for i, q := range g.Pieces {
		cp := *q
		cp.Mods = slices.Clone(q.Mods)
		c.Pieces[i] = &cp
	}
	if g.Boss != nil {
		b := *g.Boss
		b.Deck = slices.Clone(g.Boss.Deck)
		b.Discard = slices.Clone(g.Boss.Discard)
		b.piece = c.PieceByID(g.Boss.piece.ID)
		c.Boss = &b
	}
	c.Log = slices.Clone(g.Log)
	c.lastCombat, c.fought, c.fighting = nil, nil, nil
	// Caches fill as they are used: each game gets its own.
	c.srcCache, c.srcMore = slices.Clone(g.srcCache), slices.Clip(g.srcMore)
	c.scratch = nil
	c.pending, c.cp, c.answers, c.ansActs, c.inflight, c.auto, c.rootFn = nil, nil, nil, nil, nil, nil, nil
	c.nAns = 0
	c.events, c.emitted = nil, 0
	return &c
}
