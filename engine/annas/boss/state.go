// Package boss is Anna's Roundtable Boss Mode (rulebook VIII): two to four
// players against a boss deck. It reuses engine/annas's combat and movement
// primitives and reads every number, boss and card from the compiled
// ruleset; it knows no boss by name.
package boss

import (
	"math/rand/v2"

	"github.com/roundtable-dev/roundtable/engine/annas"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// Tile is the table's board square.
type Tile = table.Tile

// NoTile marks "no tile".
const NoTile = table.NoTile

// BossSeat is the turn-order entry of the boss.
const BossSeat = -1

// Expiry says when a temporary Mod ends.
type Expiry uint8

// Expiries.
const (
	UntilCombat   Expiry = iota // the end of the unit's next combat
	UntilTurnEnd                // the end of the current turn
	UntilNextTurn               // the start of the next turn of the player (or boss) that applied it
	Permanent                   // while on the board
)

// Mod is a temporary change to a unit or to the boss.
type Mod struct {
	table.Mods
	Tags   table.TagSet
	Expiry Expiry
	By     int8 // who applied it: a player index or BossSeat
}

// Unit is a deployed player unit.
type Unit struct {
	ID         int32
	Card       int16 // index into Ruleset.Units
	Owner      int8
	Slot       int8
	Tile       Tile
	Damage     int8
	Exhausted  bool
	Special    bool // holds its Special Ability token
	Shapestone bool
	Mods       []Mod
}

// Summoned is a boss token or minion on the board.
type Summoned struct {
	ID     int32
	Kind   int16 // index into the boss's Summons
	Tile   Tile
	Damage int8
}

// Player is one co-op player.
type Player struct {
	Seat     table.Seat
	Hand     []int16
	DV       int
	Lost     int // units lost in the game
	LostTurn int
	Turns    int // turns taken
}

// Phase is where the game stands.
type Phase uint8

// Phases.
const (
	PhasePlayer   Phase = iota // a player's turn
	PhaseOver                  // the game has ended
	PhaseMulligan              // setup: each player in turn may redraw once
)

// Result says who won.
type Result uint8

// Results.
const (
	Undecided Result = iota
	PlayersWin
	BossWins
)

func (r Result) String() string {
	return [...]string{"undecided", "players", "boss"}[r]
}

// Game is the whole state of a boss game. Change it only through Apply;
// boss turns run inside Apply when a player ends a turn.
type Game struct {
	Rules *table.Ruleset
	Boss  int // index into Ruleset.Bosses
	Map   int
	num   table.ModeRules
	b     *table.Boss
	rng   *rand.Rand

	Deck, Discard []int16 // unit cards
	Players       []Player
	Units         []*Unit
	Summons       []*Summoned
	nextID        int32

	// The boss block: its south-west square, which content corner stands at
	// each position (NW, NE, SE, SW) and the damage on each content corner.
	BossAt    Tile
	Rot       [4]int8
	CornerDmg [4]int8
	Lives     int
	BossMods  []Mod
	// The boss deck: the current card is the top of BossDeck (its mini-map
	// side up); flipped cards go to BossDiscard.
	BossDeck, BossDiscard []int16

	Order     []int // the turn order table: player index or BossSeat
	Pos       int   // index into Order of the current turn
	Turn      int   // turns taken in all (players and boss), 1-based
	Round     int   // 1-based: passes through Order
	BossTurns int
	Current   int // the player whose turn it is
	Phase     Phase
	// Per-turn counters of the current player.
	Deploys, HasteDeploys, Discards int
	// A dancer readied another player's unit: its owner acts with it now.
	Guest int32
	// Units readied by an effect this turn: each only once a turn, so two
	// dancers cannot ready each other forever (the rulebook is silent).
	readied []int32
	acting  int // the player whose action is resolving, -1 none
	// Setup: the player deciding a mulligan and how many decisions remain.
	Mulligan, mulligans int

	Chooser      Chooser
	maxBossTurns int
	Result       Result
	Reason       string
	Log          []Step
	// OnStep, when set, sees every step as it is logged.
	OnStep func(Step)
}

// Corner is the content corner index at position pos (NW, NE, SE, SW).
func (g *Game) Corner(pos int) int { return int(g.Rot[pos]) }

// CornerLeft is content corner c's HP left on its bar.
func (g *Game) CornerLeft(c int) int { return int(g.b.Corners[c].HP) - int(g.CornerDmg[c]) }

// BossDef is the boss board.
func (g *Game) BossDef() *table.Boss { return g.b }

// Card is the current boss card.
func (g *Game) Card() *table.BossCard {
	return &g.Rules.BossCards[g.BossDeck[len(g.BossDeck)-1]]
}

// HP is a unit's current HP.
func (g *Game) HP(u *Unit) int { return int(g.Rules.Units[u.Card].Stats.HP) - int(u.Damage) }

// SummonHP is a minion's current HP.
func (g *Game) SummonHP(s *Summoned) int { return int(g.b.Summons[s.Kind].Stats.HP) - int(s.Damage) }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.Phase == PhaseOver }

// Actor is the player who decides now (a dancer's guest acts for its owner).
func (g *Game) Actor() int {
	if g.Phase == PhaseMulligan {
		return g.Mulligan
	}
	if u := g.UnitByID(g.Guest); u != nil {
		return int(u.Owner)
	}
	return g.Current
}

// UnitByID returns the unit with id, or nil.
func (g *Game) UnitByID(id int32) *Unit {
	if id == 0 {
		return nil
	}
	for _, u := range g.Units {
		if u.ID == id {
			return u
		}
	}
	return nil
}

// UnitAt returns the player unit on t, or nil.
func (g *Game) UnitAt(t Tile) *Unit {
	for _, u := range g.Units {
		if u.Tile == t {
			return u
		}
	}
	return nil
}

// SummonAt returns the summon on t, or nil.
func (g *Game) SummonAt(t Tile) *Summoned {
	for _, s := range g.Summons {
		if s.Tile == t {
			return s
		}
	}
	return nil
}

// Square is the board square of the boss block at position pos.
func (g *Game) Square(pos int) Tile {
	f, r := g.BossAt.File(), g.BossAt.Rank()
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

// BossSquares is the set of the boss block's four squares.
func (g *Game) BossSquares() table.TileSet { return block(g.BossAt) }

func block(sw Tile) table.TileSet {
	f, r := sw.File(), sw.Rank()
	var s table.TileSet
	for _, t := range []Tile{table.TileAt(f, r), table.TileAt(f+1, r), table.TileAt(f, r+1), table.TileAt(f+1, r+1)} {
		s |= 1 << uint(t)
	}
	return s
}

// BossDist is the distance from t to the nearest boss square.
func (g *Game) BossDist(t Tile) int {
	d := 99
	for pos := range 4 {
		d = min(d, annas.Dist(t, g.Square(pos)))
	}
	return d
}

// PosAt is the boss position (NW..SW) on tile t, or -1.
func (g *Game) PosAt(t Tile) int {
	for pos := range 4 {
		if g.Square(pos) == t {
			return pos
		}
	}
	return -1
}

// Occupied is every tile with a unit, a summon or the boss on it.
func (g *Game) Occupied() table.TileSet {
	s := g.BossSquares()
	for _, u := range g.Units {
		s |= 1 << uint(u.Tile)
	}
	for _, x := range g.Summons {
		s |= 1 << uint(x.Tile)
	}
	return s
}

func onBoard(f, r int) bool { return f >= 0 && f < table.BoardSize && r >= 0 && r < table.BoardSize }

// ValidBossTile reports whether a block with south-west square t fits the board.
func ValidBossTile(t Tile) bool {
	return t >= 0 && int(t) < table.BoardSize*table.BoardSize && t.File() < table.BoardSize-1 && t.Rank() < table.BoardSize-1
}
