package annas

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// Every decision a player makes is an action. Most are made between
// actions (the turn player's actions, a mulligan, a guest unit's turn);
// the others come up while an action resolves: a reaction window, the unit
// or tile an effect asks for, boss mode's attack order, corner, range and
// bar. The rules take those through decide, written in direct style: when
// no answer is at hand, decide records the decision as pending and unwinds
// the action. The game is left as it stood at that moment (LegalActions
// offers the decision's options); answering it restores the state from
// before the action (the checkpoint) and runs the action again with the
// answers so far. All randomness comes from the game's own source, which
// the checkpoint holds, so the run is the same up to the new answer.

// decision is a choice the rules ask a player for inside an action.
type decision struct {
	seat    int
	kind    string // react, choose, order, corner, range, bar
	options []Action
	best    int // the engine's own pick (the greedy policy takes it)
}

// unwind is the panic value that stops an action at a pending decision.
type unwind struct{}

// decide returns the index of the option chosen for d: the next recorded
// answer, the automatic chooser's pick, or (none) it makes d pending and
// unwinds the action.
func (g *Game) decide(d *decision) int {
	if g.nAns < len(g.answers) {
		i := g.answers[g.nAns]
		g.nAns++
		return i
	}
	if g.auto != nil {
		g.pending = d
		i := g.auto(d)
		g.pending = nil
		g.Log = append(g.Log, d.options[i])
		return i
	}
	g.pending = d
	panic(unwind{})
}

// Apply plays action a: one of LegalActions, else an error and the game is
// left as it was.
func (g *Game) Apply(a Action) error {
	if d := g.pending; d != nil {
		i := slices.Index(d.options, a)
		if i < 0 {
			return fmt.Errorf("annas: illegal action: %s (P%d must answer a %s decision)", g.Describe(a), d.seat+1, d.kind)
		}
		g.inflight = append(g.inflight, g.Text(a))
		g.answers = append(g.answers, i)
		g.ansActs = append(g.ansActs, a)
		g.restore()
		g.resolve()
		if g.pending == nil {
			g.rootFn = nil
		}
		return nil
	}
	g.scratch = g.offered(a, g.scratch[:0])
	if !slices.Contains(g.scratch, a) {
		return fmt.Errorf("annas: illegal action: %s", g.Describe(a))
	}
	g.snapshot()
	g.root, g.rootFn = a, nil
	g.answers, g.ansActs = g.answers[:0], g.ansActs[:0]
	g.inflight = append(g.inflight[:0], "") // its text, when a decision comes up
	g.resolve()
	return nil
}

// resolve runs the action in flight with the answers given so far; it
// returns with the action done, or with a decision pending.
func (g *Game) resolve() {
	g.nAns = 0
	g.pending = nil
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(unwind); !ok {
				panic(r)
			}
		}
		g.Log = append(g.Log, g.ansActs...)
		if g.pending != nil && g.rootFn == nil && g.inflight[0] == "" {
			g.inflight[0] = g.cpText()
		}
	}()
	if g.rootFn != nil {
		g.rootFn()
		return
	}
	g.play(g.root)
}

// step runs fn as the action in flight: its decisions pend as an action's
// do, and Apply answers them (tests drive rules steps such as one boss
// attack this way).
func (g *Game) step(fn func()) {
	g.snapshot()
	g.rootFn = fn
	g.answers, g.ansActs = g.answers[:0], g.ansActs[:0]
	g.inflight = append(g.inflight[:0], "")
	g.resolve()
	if g.pending == nil {
		g.rootFn = nil
	}
}

// cpText is the text of the action in flight, in the state before it.
func (g *Game) cpText() string {
	c := g.cloneState()
	c.cp = g.cp.fresh()
	c.restore()
	return c.Text(g.root)
}

// checkpoint is the state before the action in flight. Pieces keep their
// identity: restoring writes the saved values back into the same Piece
// values, so a *Piece held across Apply stays valid.
type checkpoint struct {
	g                                                    Game // the scalar fields
	pieces                                               []*Piece
	vals                                                 []Piece
	mods                                                 []Mod
	deck, discard, shopDeck, shopDiscard, shopRow, spent []int16
	vpDeck                                               []int8
	players                                              []Player
	cards                                                []int16 // the players' hands and shop cards
	vpCards                                              []int8
	boss                                                 BossState
	bossDeck, bossDiscard                                []int16
	src                                                  rand.PCG
	logLen, eventsLen                                    int
}

// snapshot saves the state as the checkpoint.
func (g *Game) snapshot() {
	if g.cp == nil {
		g.cp = new(checkpoint)
	}
	c := g.cp
	if g.emitted == len(g.events) {
		g.events, g.emitted = g.events[:0], 0
	}
	c.g = *g
	c.g.cp = nil
	c.pieces = append(c.pieces[:0], g.Pieces...)
	c.mods = c.mods[:0]
	for _, q := range g.Pieces {
		c.mods = append(c.mods, q.Mods...)
	}
	c.vals = c.vals[:0]
	for _, q := range g.Pieces {
		c.vals = append(c.vals, *q)
	}
	c.sliceMods()
	c.deck = append(c.deck[:0], g.Deck...)
	c.discard = append(c.discard[:0], g.Discard...)
	c.shopDeck = append(c.shopDeck[:0], g.ShopDeck...)
	c.shopDiscard = append(c.shopDiscard[:0], g.ShopDiscard...)
	c.shopRow = append(c.shopRow[:0], g.ShopRow...)
	c.spent = append(c.spent[:0], g.Spent...)
	c.vpDeck = append(c.vpDeck[:0], g.VPDeck...)
	c.players = append(c.players[:0], g.Players...)
	c.cards, c.vpCards = c.cards[:0], c.vpCards[:0]
	for _, p := range g.Players {
		c.cards = append(c.cards, p.Hand...)
		c.cards = append(c.cards, p.Shop...)
		c.vpCards = append(c.vpCards, p.VPCards...)
	}
	if g.Boss != nil {
		c.boss = *g.Boss
		c.bossDeck = append(c.bossDeck[:0], g.Boss.Deck...)
		c.bossDiscard = append(c.bossDiscard[:0], g.Boss.Discard...)
	}
	c.src = *g.src
	c.logLen, c.eventsLen = len(g.Log), len(g.events)
}

// sliceMods points each saved piece's Mods into c.mods (in piece order).
func (c *checkpoint) sliceMods() {
	k := 0
	for i := range c.vals {
		n := len(c.vals[i].Mods)
		c.vals[i].Mods = c.mods[k : k+n : k+n]
		k += n
	}
}

// fresh is a copy of the checkpoint with memory and pieces of its own
// (for a clone).
func (c *checkpoint) fresh() *checkpoint {
	n := *c
	n.pieces = make([]*Piece, len(c.pieces))
	for i := range c.pieces {
		n.pieces[i] = new(Piece)
	}
	n.vals = slices.Clone(c.vals)
	n.mods = slices.Clone(c.mods)
	n.sliceMods()
	n.deck, n.discard, n.shopDeck = slices.Clone(c.deck), slices.Clone(c.discard), slices.Clone(c.shopDeck)
	n.shopDiscard, n.shopRow, n.spent = slices.Clone(c.shopDiscard), slices.Clone(c.shopRow), slices.Clone(c.spent)
	n.vpDeck, n.players, n.cards, n.vpCards = slices.Clone(c.vpDeck), slices.Clone(c.players), slices.Clone(c.cards), slices.Clone(c.vpCards)
	n.bossDeck, n.bossDiscard = slices.Clone(c.bossDeck), slices.Clone(c.bossDiscard)
	return &n
}

// restore puts the checkpoint's state back (the machinery of the pending
// decision, the caches and the recorded events stay).
func (g *Game) restore() {
	c := g.cp
	keep := *g
	*g = c.g
	// The machinery.
	g.pending, g.cp, g.root, g.rootFn, g.answers, g.ansActs, g.nAns, g.inflight, g.auto = keep.pending, keep.cp, keep.root, keep.rootFn, keep.answers, keep.ansActs, keep.nAns, keep.inflight, keep.auto
	g.record, g.events, g.emitted = keep.record, keep.events[:min(len(keep.events), c.eventsLen)], keep.emitted
	g.srcCache, g.srcMore, g.scratch = keep.srcCache, keep.srcMore, keep.scratch
	g.lastCombat, g.fighting, g.fought = nil, nil, nil
	g.src, g.rng = keep.src, keep.rng
	*g.src = c.src
	g.Log = keep.Log[:min(len(keep.Log), c.logLen)]
	// The state's slices, into the game's own memory.
	g.Deck = append(keep.Deck[:0], c.deck...)
	g.Discard = append(keep.Discard[:0], c.discard...)
	g.ShopDeck = append(keep.ShopDeck[:0], c.shopDeck...)
	g.ShopDiscard = append(keep.ShopDiscard[:0], c.shopDiscard...)
	g.ShopRow = append(keep.ShopRow[:0], c.shopRow...)
	g.Spent = append(keep.Spent[:0], c.spent...)
	g.VPDeck = append(keep.VPDeck[:0], c.vpDeck...)
	g.Players = keep.Players
	if len(g.Players) != len(c.players) {
		g.Players = make([]Player, len(c.players))
	}
	k, v := 0, 0
	for i := range g.Players {
		p := &g.Players[i]
		hand, shop, vp := p.Hand[:0], p.Shop[:0], p.VPCards[:0]
		saved := c.players[i]
		*p = saved
		p.Hand = append(hand, c.cards[k:k+len(saved.Hand)]...)
		k += len(saved.Hand)
		p.Shop = append(shop, c.cards[k:k+len(saved.Shop)]...)
		k += len(saved.Shop)
		p.VPCards = append(vp, c.vpCards[v:v+len(saved.VPCards)]...)
		v += len(saved.VPCards)
	}
	g.Pieces = append(keep.Pieces[:0], c.pieces...)
	for i, q := range c.pieces {
		mods := q.Mods[:0]
		*q = c.vals[i]
		q.Mods = append(mods, c.vals[i].Mods...)
	}
	g.Boss = keep.Boss
	if b := g.Boss; b != nil {
		deck, discard := b.Deck[:0], b.Discard[:0]
		*b = c.boss
		b.Deck = append(deck, c.bossDeck...)
		b.Discard = append(discard, c.bossDiscard...)
		for _, q := range g.Pieces {
			if q.Kind == BossPiece {
				b.piece = q
			}
		}
	}
}
