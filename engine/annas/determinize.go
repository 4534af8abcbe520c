package annas

import (
	"math/rand/v2"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// Determinize implements play.Determinizer (information-set search): a
// copy of the match as seat may believe it to be. Hidden from a player
// (rulebook I, Game Setup 1, 2 and 7; VIII, Setup 3) are the other
// players' unit hands, the order of the unit deck and of the shop deck,
// the boss cards under the current one (Boss Mode: only the current card
// shows, mini-map side up) and the random source (dice to come). So the
// other players' unit hands are dealt anew from those cards and the unit
// deck, each hand keeping its size; the shop deck and the boss cards under
// the current one are shuffled; and between actions the random source is
// drawn from rng. Everything else is in view and kept: the board, the
// discard piles, the face-up VP deck, coins and DV, the shop row and the
// shop cards in hand. The rulebook has the shop row face down, but the
// engine's buy actions name their card (the seat's own actions must keep
// their texts), so a player is treated as knowing the row, and therefore
// the cards the others bought from it; Anna's Cheer is dealt in view.
//
// While a decision is pending inside an action, the copy is the state
// before that action with the hidden cards dealt anew, the action run
// again with the decisions taken so far; the random source is kept, since
// that run must roll the dice already seen. A card that action took from a
// hidden zone into view (the unit another player is deploying, a card seat
// drew) keeps its place, so the run takes it again. When that run does not come
// back to the same decision with the same options and the same cards in
// seat's hand (a decision before this one hung on a hidden card), the
// copy is a plain clone.
func (m *Match) Determinize(seat int, rng *rand.Rand) play.Match {
	if g := m.G.determinize(seat, rng); g != nil {
		return &Match{G: g}
	}
	return m.Clone()
}

func (g *Game) determinize(seat int, rng *rand.Rand) (c *Game) {
	if g.pending == nil {
		c = g.cloneState()
		redeal(rng, append(c.hidden(seat, c.Players), &c.Deck))
		shuffle(rng, c.ShopDeck)
		if c.Boss != nil {
			shuffleUnder(rng, c.Boss.Deck)
		}
		*c.src = *rand.NewPCG(rng.Uint64(), rng.Uint64())
		return c
	}
	if g.rootFn != nil {
		return nil
	}
	defer func() {
		if recover() != nil {
			c = nil // the run again broke on a redealt card: a clone will do
		}
	}()
	c = g.cloneState()
	c.cp = g.cp.fresh()
	cp := c.cp
	// The checkpoint's hands are slices of cp.cards: each player's hand,
	// then its shop cards.
	players := slices.Clone(cp.players)
	k := 0
	for i := range players {
		p := &players[i]
		n := len(p.Hand)
		p.Hand = cp.cards[k : k+n : k+n]
		k += n + len(p.Shop)
	}
	// A card the action in flight took from a hidden zone into view (the
	// unit it deploys, a card drawn into seat's hand) is known: it keeps
	// its place, so the run again takes the same card.
	still := map[int16]bool{}
	for _, z := range append(g.hidden(seat, g.Players), &g.Deck) {
		for _, card := range *z {
			still[card] = true
		}
	}
	redealUnless(rng, append(c.hidden(seat, players), &cp.deck), func(card int16) bool { return !still[card] })
	shuffle(rng, cp.shopDeck)
	if c.Boss != nil {
		shuffleUnder(rng, cp.bossDeck)
	}
	c.root = g.root
	c.answers = slices.Clone(g.answers)
	c.ansActs = slices.Clone(g.ansActs)
	c.inflight = slices.Clone(g.inflight)
	c.restore()
	c.resolve()
	c.emitted = len(c.events)
	if c.pending == nil || c.pending.seat != g.pending.seat || !slices.Equal(c.Players[seat].Hand, g.Players[seat].Hand) ||
		!slices.Equal(c.Players[seat].Shop, g.Players[seat].Shop) || !c.sameTexts(g) {
		return nil
	}
	return c
}

// hidden are the unit hands of every player but seat.
func (g *Game) hidden(seat int, players []Player) (hands []*[]int16) {
	for i := range players {
		if i != seat {
			hands = append(hands, &players[i].Hand)
		}
	}
	return hands
}

// sameTexts reports whether g offers the texts o offers, in order.
func (g *Game) sameTexts(o *Game) bool {
	a, b := g.LegalActions(), o.LegalActions()
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if g.Text(a[i]) != o.Text(b[i]) {
			return false
		}
	}
	return true
}

// redeal shuffles the cards of zones together and deals them back into
// the same slices, each zone keeping its size.
func redeal(rng *rand.Rand, zones []*[]int16) {
	var pool []int16
	for _, z := range zones {
		pool = append(pool, *z...)
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for _, z := range zones {
		pool = pool[copy(*z, pool):]
	}
}

// redealUnless is redeal but for the cards known says are known: each
// stays where it is, and the others are dealt into the remaining places.
func redealUnless(rng *rand.Rand, zones []*[]int16, known func(int16) bool) {
	var pool []int16
	for _, z := range zones {
		for _, card := range *z {
			if !known(card) {
				pool = append(pool, card)
			}
		}
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for _, z := range zones {
		for i, card := range *z {
			if !known(card) {
				(*z)[i], pool = pool[0], pool[1:]
			}
		}
	}
}

func shuffle(rng *rand.Rand, cards []int16) {
	rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
}

// shuffleUnder shuffles a boss deck but its current card (the top: the
// end of the slice).
func shuffleUnder(rng *rand.Rand, deck []int16) {
	if n := len(deck) - 1; n > 1 {
		rng.Shuffle(n, func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	}
}
