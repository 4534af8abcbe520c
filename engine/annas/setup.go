package annas

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// Options choose a game's mode and variant.
type Options struct {
	Seed uint64
	// Mode is table.Versus (the 1v1 game) or table.BossMode.
	Mode     table.Mode
	Map      string // map id; "" picks the first map of the mode
	Quick    bool   // versus: the quick game, without the largest VP cards (rulebook I.3: a first or faster game)
	MaxTurns int    // turn cap for simulations (boss mode: boss turns); 0 uses the rules data's
	Boss     int    // boss mode: index into Ruleset.Bosses
	Players  int    // boss mode: 2 to 4
	Record   bool   // record events for the game contract (Events)
}

// New sets a game up. Versus (rulebook I): shuffled unit deck, six cards
// each, Anna's Cheer to the second player, the VP deck smallest on top (the
// whole deck; the quick game removes the largest cards), DV tiles in hand
// and the shop row. Boss mode (rulebook VIII, Setup): the boss block at the
// rules' start square, its deck shuffled, lives by player count, each
// player's two-slot board on its own edge and a dealt hand. Then each
// player in turn may mulligan once (the rules data's number) before the
// first turn. All randomness comes from the seed, so a seed replays the
// same game.
func New(rs *table.Ruleset, opt Options) (*Game, error) {
	src := rand.NewPCG(opt.Seed, opt.Seed^0x9e3779b97f4a7c15)
	g := &Game{Rules: rs, Mode: opt.Mode, src: src, rng: rand.New(src), Winner: -1, record: opt.Record}
	if opt.Mode == table.BossMode {
		if err := g.setupBoss(opt); err != nil {
			return nil, err
		}
		return g, nil
	}
	g.num = rs.Rules.Versus
	if opt.MaxTurns > 0 {
		g.num.MaxTurns = int16(opt.MaxTurns)
	}
	if opt.Map == "" {
		g.Map = slices.IndexFunc(rs.Maps, func(m table.Map) bool { return m.Mode == table.Versus })
	} else {
		g.Map = rs.MapIndex(opt.Map)
	}
	if g.Map < 0 || g.Map >= len(rs.Maps) || rs.Maps[g.Map].Mode != table.Versus {
		var versus []string
		for _, m := range rs.Maps {
			if m.Mode == table.Versus {
				versus = append(versus, m.ID)
			}
		}
		if len(versus) == 0 {
			return nil, errors.New("annas: the content has no versus map to play on (a pack that does not require the base pack needs its own maps and rules)")
		}
		return nil, fmt.Errorf("annas: no versus map %s to play on (versus maps: %s)", phrase.Quote(opt.Map), strings.Join(versus, ", "))
	}
	if g.num.HandSize <= 0 || g.num.Slots <= 0 {
		return nil, errors.New("annas: the rules data has no hand size or unit slots")
	}
	for i := range rs.Units {
		g.Deck = append(g.Deck, int16(i))
	}
	if len(g.Deck) < 2*int(g.num.HandSize) {
		return nil, fmt.Errorf("annas: %d unit cards cannot deal two hands of %d", len(g.Deck), g.num.HandSize)
	}
	g.shuffle(g.Deck)
	g.Players = []Player{{Seat: table.South}, {Seat: table.North}}
	for p := range g.Players {
		g.Players[p].DVTile = NoTile
		g.fill(p, int(g.num.HandSize))
	}
	if c := rs.Rules.SecondPlayer; c >= 0 && int(c) < len(rs.ShopCards) {
		g.Players[1].Shop = append(g.Players[1].Shop, c)
	}
	if g.num.Shop {
		for i := range rs.ShopCards {
			if int16(i) == rs.Rules.SecondPlayer {
				continue
			}
			for range int(rs.ShopCards[i].Copies) {
				g.ShopDeck = append(g.ShopDeck, int16(i))
			}
		}
		g.shuffle(g.ShopDeck)
		for range g.num.ShopRow {
			g.ShopRow = append(g.ShopRow, g.dealShop())
		}
	}
	vp := slices.Clone(rs.VPDeck.Cards)
	slices.Sort(vp)
	if opt.Quick {
		vp = vp[:max(0, len(vp)-int(rs.VPDeck.QuickRemove))]
	}
	g.VPDeck = vp
	g.Phase = PhaseMulligan
	g.mulligans = len(g.Players)
	if g.num.Mulligans <= 0 {
		g.mulligans = 0
		g.beginTurns()
	}
	return g, nil
}

// setupBoss is New for boss mode.
func (g *Game) setupBoss(opt Options) error {
	rs := g.Rules
	g.num = rs.Rules.Boss
	g.Map = -1
	if opt.Map == "" {
		g.Map = slices.IndexFunc(rs.Maps, func(m table.Map) bool { return m.Mode == table.BossMode })
	} else if i := rs.MapIndex(opt.Map); i >= 0 {
		g.Map = i
	}
	if g.Map < 0 || rs.Maps[g.Map].Mode != table.BossMode {
		return errors.New("boss mode: the content has no boss-mode map")
	}
	if g.num.HandSize <= 0 || g.num.Slots <= 0 {
		return errors.New("boss mode: the rules data has no hand size or unit slots")
	}
	if err := g.newBoss(opt); err != nil {
		return err
	}
	for i := range rs.Units {
		g.Deck = append(g.Deck, int16(i))
	}
	g.shuffle(g.Deck)
	for p := range g.Players {
		g.fill(p, int(g.num.HandSize))
	}
	g.Phase = PhaseMulligan
	g.mulligans = int(g.num.Mulligans) * len(g.Players)
	if g.mulligans <= 0 {
		g.mulligans = 0
		g.beginTurns()
	}
	return nil
}

func (g *Game) shuffle(s []int16) {
	g.rng.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
}

// dealShop takes the top shop card, reshuffling the shop discards when the
// deck is empty; -1 when there is none.
func (g *Game) dealShop() int16 {
	if len(g.ShopDeck) == 0 {
		g.ShopDeck, g.ShopDiscard = g.ShopDiscard, g.ShopDeck[:0]
		g.shuffle(g.ShopDeck)
	}
	if len(g.ShopDeck) == 0 {
		return -1
	}
	c := g.ShopDeck[len(g.ShopDeck)-1]
	g.ShopDeck = g.ShopDeck[:len(g.ShopDeck)-1]
	return c
}

// draw refills p's hand to the hand size, reshuffling the discard pile into
// the deck when the deck runs out (the rulebook is silent; this keeps hands full).
func (g *Game) draw(p int) {
	g.drawTo(p, int(g.num.HandSize))
}

// drawTo draws until p holds n unit cards: a "draw" event that only p
// sees as it is (the others see how many).
func (g *Game) drawTo(p, n int) {
	from := len(g.Players[p].Hand)
	g.fill(p, n)
	if g.record && len(g.Players[p].Hand) > from {
		g.drawEvent(p, g.Players[p].Hand[from:])
	}
}

// fill is drawTo without its event (the deal at setup: the first view
// shows the hands).
func (g *Game) fill(p, n int) {
	pl := &g.Players[p]
	for len(pl.Hand) < n {
		if len(g.Deck) == 0 {
			if len(g.Discard) == 0 {
				return
			}
			g.Deck, g.Discard = g.Discard, g.Deck[:0]
			g.shuffle(g.Deck)
			g.emit("reshuffle", -1, nil, "the unit discard pile (%d cards) is shuffled into the unit deck", len(g.Deck))
		}
		pl.Hand = append(pl.Hand, g.Deck[len(g.Deck)-1])
		g.Deck = g.Deck[:len(g.Deck)-1]
	}
}
