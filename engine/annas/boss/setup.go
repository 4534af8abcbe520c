package boss

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// Options choose a boss game.
type Options struct {
	Seed    uint64
	Boss    int // index into Ruleset.Bosses
	Players int // 2..4
	Map     int // index into Ruleset.Maps; -1 picks the first boss-mode map
	// MaxBossTurns caps a simulation; the boss wins when it is reached
	// (0: the rules data's MaxTurns, else 200).
	MaxBossTurns int
	Chooser      Chooser // nil: the built-in co-op choices
}

// Seats by player count, clockwise from the south; two players sit at
// opposite edges (rulebook VIII, Setup 4).
var seats = [5][]table.Seat{
	2: {table.South, table.North},
	3: {table.South, table.West, table.North},
	4: {table.South, table.West, table.North, table.East},
}

// Order is the turn order table for n players (rulebook VIII, Turn Order):
// the boss takes a turn after every `every` player turns.
func Order(n, every int) []int {
	if every <= 0 {
		every = 1
	}
	var out []int
	for p := 0; p < n; p++ {
		out = append(out, p)
		if (p+1)%every == 0 || p == n-1 {
			out = append(out, BossSeat)
		}
	}
	return out
}

// New sets a boss game up (rulebook VIII, Setup): the boss block at the
// rules' start square, its deck shuffled mini-map side up, lives by player
// count, each player's two-slot board on its own edge and a dealt hand; no
// shop, no coins.
func New(rs *table.Ruleset, opt Options) (*Game, error) {
	if opt.Players < 2 || opt.Players > 4 {
		return nil, fmt.Errorf("boss mode: %d players (want 2 to 4)", opt.Players)
	}
	if opt.Boss < 0 || opt.Boss >= len(rs.Bosses) {
		return nil, errors.New("boss mode: no such boss")
	}
	g := &Game{Rules: rs, Boss: opt.Boss, b: &rs.Bosses[opt.Boss], num: rs.Rules.Boss,
		rng: rand.New(rand.NewPCG(opt.Seed, opt.Seed^0x5bd1e9955bd1e995)), Chooser: opt.Chooser, acting: -1}
	if g.Chooser == nil {
		g.Chooser = CoOp{}
	}
	g.Map = opt.Map
	if g.Map < 0 {
		g.Map = slices.IndexFunc(rs.Maps, func(m table.Map) bool { return m.Mode == table.BossMode })
	}
	if g.Map < 0 || g.Map >= len(rs.Maps) || rs.Maps[g.Map].Mode != table.BossMode {
		return nil, errors.New("boss mode: the content has no boss-mode map")
	}
	if g.num.HandSize <= 0 || g.num.Slots <= 0 {
		return nil, errors.New("boss mode: the rules data has no hand size or unit slots")
	}
	if !ValidBossTile(rs.Rules.BossStart) {
		return nil, fmt.Errorf("boss mode: boss start %s does not fit a 2x2 block on the board", rs.Rules.BossStart)
	}
	if len(g.b.Cards) == 0 {
		return nil, fmt.Errorf("boss mode: boss %q has no cards", g.b.ID)
	}
	for _, c := range g.b.Cards {
		for _, t := range rs.BossCards[c].Move {
			if t != NoTile && !ValidBossTile(t) {
				return nil, fmt.Errorf("boss mode: card %q moves the boss to %s, off the board", rs.BossCards[c].ID, t)
			}
		}
	}
	g.Lives = int(g.b.Lives[opt.Players])
	if g.Lives <= 0 {
		return nil, fmt.Errorf("boss mode: boss %q has no lives for %d players", g.b.ID, opt.Players)
	}
	g.BossAt = rs.Rules.BossStart
	g.Rot = [4]int8{0, 1, 2, 3}
	g.BossDeck = slices.Clone(g.b.Cards)
	g.shuffle(g.BossDeck)
	for i := range rs.Units {
		g.Deck = append(g.Deck, int16(i))
	}
	g.shuffle(g.Deck)
	g.Players = make([]Player, opt.Players)
	for p := range g.Players {
		g.Players[p].Seat = seats[opt.Players][p]
		g.draw(p)
	}
	g.Order = Order(opt.Players, int(rs.Rules.BossEvery[opt.Players]))
	g.maxBossTurns = opt.MaxBossTurns
	if g.maxBossTurns <= 0 {
		g.maxBossTurns = int(g.num.MaxTurns)
	}
	if g.maxBossTurns <= 0 {
		g.maxBossTurns = 200
	}
	g.Pos = -1
	g.Round = 1
	// Setup step 2 of the base game, as the rules data sets it for boss
	// mode: each player in turn may once discard up to MulliganMax cards and
	// draw back up.
	if g.mulligans = int(g.num.Mulligans) * opt.Players; g.mulligans > 0 {
		g.Phase = PhaseMulligan
		return g, nil
	}
	g.advance()
	return g, nil
}

func (g *Game) shuffle(s []int16) {
	g.rng.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
}

// roll is one six-sided die.
func (g *Game) roll() int { return g.rng.IntN(6) + 1 }

// draw refills p's hand, reshuffling the unit discards when the deck runs out.
func (g *Game) draw(p int) {
	pl := &g.Players[p]
	for len(pl.Hand) < int(g.num.HandSize) {
		if len(g.Deck) == 0 {
			if len(g.Discard) == 0 {
				return
			}
			g.Deck, g.Discard = g.Discard, g.Deck[:0]
			g.shuffle(g.Deck)
		}
		pl.Hand = append(pl.Hand, g.Deck[len(g.Deck)-1])
		g.Deck = g.Deck[:len(g.Deck)-1]
	}
}

// DeployZone is player p's deployment zone: the tiles of its seat's edge.
func (g *Game) DeployZone(p int) table.TileSet {
	return g.Rules.Maps[g.Map].Deploy[g.Players[p].Seat]
}
