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
	PhaseTurn                  // the current player acts (or a reaction window is open)
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
	By     int8 // the controller of the effect: "next turn" is theirs
}

// Piece is a deployed unit: a unit card on a slot and its meeple on the board.
type Piece struct {
	ID         int32 // stable for the whole game
	Card       int16 // index into Ruleset.Units
	Owner      int8
	Slot       int8
	Tile       Tile
	Damage     int8
	Exhausted  bool
	Special    bool  // holds its Special Ability token
	Shapestone bool  // holds its Shapestone token
	Attached   int16 // shop card beneath it, -1 for none
	Acts       int8  // activations this turn (a readied unit can act again)
	Mods       []Mod
}

// Player is one side of a 1v1 game.
type Player struct {
	Hand     []int16 // unit cards
	Shop     []int16 // shop cards in hand
	Coins    int
	DV       int
	VPTokens int
	VPCards  []int8
	DVTile   Tile // NoTile while in hand
	DVRuins  bool
	Lost     int // units lost in the whole game (a tiebreak)
	LostTurn int // units lost this turn
}

// VP is the player's total Victory Points: tokens and card values.
func (p *Player) VP() int {
	v := p.VPTokens
	for _, c := range p.VPCards {
		v += int(c)
	}
	return v
}

// Game is the whole state of a 1v1 game. Change it only through Apply.
type Game struct {
	Rules *table.Ruleset
	Map   int
	num   table.ModeRules

	rng *rand.Rand
	src *rand.PCG

	Deck, Discard         []int16 // unit cards
	ShopDeck, ShopDiscard []int16
	ShopRow               []int16 // -1 for an empty place
	Spent                 []int16 // used setup cards, out of the game
	VPDeck                []int8  // top first

	Players [2]Player
	Pieces  []*Piece
	nextID  int32

	Phase    Phase
	Turn     int // 1-based
	Current  int
	Mulligan int // setup: the player deciding a mulligan
	// Per-turn counters of the current player.
	Deploys, HasteDeploys, Captures, Discards int
	VPOut                                     bool // the VP deck ran out this turn

	// Reaction windows waiting for a decision, first in front.
	windows    []*window
	noReact    bool       // forecasts: no reactions, no dice
	lastCombat *combat    // the latest combat (forecast reads it)
	srcCache   [][]source // per card (sources)
	srcMore    []srcEntry // pieces with granted tags or attachments
	fighting   *combat    // the combat in progress
	fought     []Fought
	scratch    []Action // reused by LegalActions and Apply within one call

	Winner int // -1 draw, else the winner once Phase is PhaseOver
	Reason string
	Log    []Action // every applied action

	// While a decision is pending inside an action (a window is open): the
	// state before that action and the texts of the actions taken since
	// (Position writes them; Clone replays them).
	cp       *Game
	inflight []string

	// Events recorded for the game contract (Match.Events), when record.
	record bool
	events []play.Event
}

// Current terrain helpers.
func (g *Game) mapTerrain(t Tile) int {
	if g.Map < 0 {
		return int(g.Rules.Rules.DVPlain) // forecasts: an empty plain board
	}
	return int(g.Rules.Maps[g.Map].Tiles[t])
}

// Deploy is player p's deployment zone (0 sits south, 1 north).
func (g *Game) DeployZone(p int) TileSet {
	if g.Map < 0 {
		return 0
	}
	seat := table.South
	if p == 1 {
		seat = table.North
	}
	return g.Rules.Maps[g.Map].Deploy[seat]
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

// PieceAt returns the piece on t, or nil.
func (g *Game) PieceAt(t Tile) *Piece {
	for _, q := range g.Pieces {
		if q.Tile == t {
			return q
		}
	}
	return nil
}

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.Phase == PhaseOver }

// Actor is the player who must decide now.
func (g *Game) Actor() int {
	switch {
	case g.Phase == PhaseMulligan:
		return g.Mulligan
	case len(g.windows) > 0:
		return g.windows[0].player
	}
	return g.Current
}

// Clone is a deep copy that plays on independently (same random stream from
// here on), also while a decision is pending.
func (g *Game) Clone() *Game {
	if len(g.windows) > 0 {
		c := g.cp.Clone()
		c.record = false
		if err := c.replayInFlight(g.inflight); err != nil {
			panic("annas: in-flight actions do not replay: " + err.Error())
		}
		c.record, c.events = g.record, nil
		return c
	}
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
	c.Log = slices.Clone(g.Log)
	c.lastCombat, c.fought = nil, nil
	// Caches fill as they are used: each game gets its own.
	c.srcCache, c.srcMore = slices.Clone(g.srcCache), slices.Clip(g.srcMore)
	c.scratch = nil
	c.cp, c.inflight, c.events = nil, nil, nil
	return &c
}
