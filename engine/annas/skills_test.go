package annas

import (
	"slices"
	"testing"
)

func unitActs(g *Game, from Tile, do Do) []Action {
	var out []Action
	for _, a := range g.LegalActions() {
		if a.Kind == Activate && a.From == from && a.To == from && a.Do == do {
			out = append(out, a)
		}
	}
	return out
}

// Rulebook VII, Physic: an ally up to 2 spaces away restores 3 HP (never
// above its HP).
func TestAssistPhysic(t *testing.T) {
	g := started(t)
	tr := put(t, g, "troubadour", 0, "c2")
	red := put(t, g, "red", 0, "c4")
	put(t, g, "blue", 0, "f2") // too far
	red.Damage = 5
	as := unitActs(g, tr.Tile, AssistDo)
	if len(as) != 1 || as[0].Target != red.Tile {
		t.Fatalf("physic targets %v, want only c4", as)
	}
	apply(t, g, as[0])
	if red.Damage != 2 {
		t.Errorf("damage after Physic: %d, want 2", red.Damage)
	}
	g.nextTurn()
	g.nextTurn()
	apply(t, g, unitActs(g, tr.Tile, AssistDo)[0])
	if red.Damage != 0 {
		t.Errorf("damage after a second Physic: %d, want 0 (not above max HP)", red.Damage)
	}
}

// Rulebook VII, Shove: an adjacent ally is pushed 1 space away; V: only into
// a tile it can enter.
func TestAssistShove(t *testing.T) {
	g := started(t)
	p := put(t, g, "pusher", 0, "c2")
	a := put(t, g, "red", 0, "c3")
	apply(t, g, unitActs(g, p.Tile, AssistDo)[0])
	if a.Tile != tile(t, "c4") {
		t.Errorf("shoved to %s, want c4", a.Tile)
	}
	// Cavalry on c3 shoved south from c4 would enter the forest c2: it stays.
	g.nextTurn()
	g.nextTurn()
	g.remove(a)
	p.Tile = tile(t, "c4")
	cav := put(t, g, "cav", 0, "c3")
	apply(t, g, unitActs(g, p.Tile, AssistDo)[0])
	if cav.Tile != tile(t, "c3") {
		t.Errorf("cavalry shoved into the forest: now on %s", cav.Tile)
	}
}

// Rulebook VII, Reposition: an adjacent ally goes to any open space adjacent
// to the assisting unit.
func TestAssistReposition(t *testing.T) {
	g := started(t)
	m := put(t, g, "mover", 0, "d2")
	a := put(t, g, "red", 0, "d3")
	var dests []string
	for _, x := range unitActs(g, m.Tile, AssistDo) {
		dests = append(dests, x.Dest.String())
	}
	slices.Sort(dests)
	if !slices.Equal(dests, []string{"c2", "d1", "e2"}) {
		t.Fatalf("reposition destinations %v, want c2 d1 e2", dests)
	}
	for _, x := range unitActs(g, m.Tile, AssistDo) {
		if x.Dest == tile(t, "e2") {
			apply(t, g, x)
		}
	}
	if a.Tile != tile(t, "e2") || m.Tile != tile(t, "d2") {
		t.Errorf("after reposition: ally %s assister %s, want e2 and d2", a.Tile, m.Tile)
	}
}

// Rulebook VII, Grab: swap with an adjacent ally, or step 1 space and pull the
// ally into the space left.
func TestAssistGrab(t *testing.T) {
	g := started(t)
	gr := put(t, g, "grabber", 0, "d2")
	a := put(t, g, "red", 0, "d3")
	opts := unitActs(g, gr.Tile, AssistDo)
	if len(opts) != 4 || opts[0].Dest != NoTile {
		t.Fatalf("grab options %d (first dest %s), want swap + 3 steps", len(opts), opts[0].Dest)
	}
	apply(t, g, opts[0])
	if gr.Tile != tile(t, "d3") || a.Tile != tile(t, "d2") {
		t.Errorf("after the swap: grabber %s ally %s", gr.Tile, a.Tile)
	}
	g.nextTurn()
	g.nextTurn()
	for _, x := range unitActs(g, gr.Tile, AssistDo) {
		if x.Dest == tile(t, "e3") {
			apply(t, g, x)
		}
	}
	if gr.Tile != tile(t, "e3") || a.Tile != tile(t, "d3") {
		t.Errorf("after the step: grabber %s ally %s, want e3 and d3", gr.Tile, a.Tile)
	}
}

// Rulebook V, Special Abilities: the special spends the unit's action and its
// Special token; it cannot be used again. Bolt: 3 damage to an enemy within 2.
func TestSpecialSpendsToken(t *testing.T) {
	g := started(t)
	m := put(t, g, "mage", 0, "c2")
	m.Special = true
	e := put(t, g, "blue", 1, "c4")
	sp := unitActs(g, m.Tile, Special)
	if len(sp) != 1 || sp[0].Target != e.Tile {
		t.Fatalf("special options %v, want Bolt on c4", sp)
	}
	apply(t, g, sp[0])
	if e.Damage != 3 || m.Special || !m.Exhausted {
		t.Errorf("after Bolt: enemy damage %d, token %v, exhausted %v", e.Damage, m.Special, m.Exhausted)
	}
	g.nextTurn()
	g.nextTurn()
	if len(unitActs(g, m.Tile, Special)) != 0 {
		t.Error("special offered again without its token")
	}
	// A special that defeats gives VP and DV as any defeat.
	m.Special = true
	e.Damage = 8
	apply(t, g, unitActs(g, m.Tile, Special)[0])
	if g.PieceByID(e.ID) != nil || g.Players[0].VPTokens != 1 || g.Players[1].DV != 1 {
		t.Errorf("Bolt defeat: VP %d DV %d", g.Players[0].VPTokens, g.Players[1].DV)
	}
}

// Rulebook II.6 and V: a reaction special may be used when its condition is
// met, even on the opponent's turn, and spends the Special token; the player
// may decline. Miracle: survive with 1 HP.
func TestReactionSpecial(t *testing.T) {
	for _, use := range []bool{true, false} {
		g := started(t)
		put(t, g, "pusher", 0, "c3")
		s := put(t, g, "saint", 1, "c4")
		s.Special = true
		s.Damage = 7 // 2 HP; pusher deals 5+1-2 = 4; equal SPD, no follow-up
		apply(t, g, activation(t, 0, "c3", "c3", Attack, "c4"))
		legal := g.LegalActions()
		if g.Actor() != 1 || len(legal) != 2 || legal[0].Kind != React || legal[1].Kind != Pass {
			t.Fatalf("want P2's reaction window (react, pass), got actor %d %v", g.Actor(), legal)
		}
		if use {
			apply(t, g, legal[0])
			if g.PieceByID(s.ID) == nil || g.HP(s) != 1 || s.Special {
				t.Errorf("Miracle: on board %v HP %d token %v, want 1 HP and no token", g.PieceByID(s.ID) != nil, g.HP(s), s.Special)
			}
		} else {
			apply(t, g, legal[1])
			if g.PieceByID(s.ID) != nil || g.Players[0].VPTokens != 1 {
				t.Error("declined Miracle: the saint should be defeated")
			}
		}
		if g.Actor() != 0 || g.pending != nil {
			t.Errorf("the turn did not return to P1")
		}
	}
}

// Rulebook III, Use a Shop Card: reactions are played when their condition is
// met, resolve at once, then are discarded. Buckler: +3 DEF for the combat.
func TestReactionShopCard(t *testing.T) {
	g := started(t)
	put(t, g, "red", 0, "c3")
	b := put(t, g, "blue", 1, "c4")
	g.Players[1].Shop = append(g.Players[1].Shop, 3)
	apply(t, g, activation(t, 0, "c3", "c3", Attack, "c4"))
	legal := g.LegalActions()
	if len(legal) != 2 || legal[0].Card != 3 {
		t.Fatalf("want a Buckler window, got %v", legal)
	}
	apply(t, g, legal[0])
	// red (disadvantage) 5 vs 3+3 DEF: 0 damage.
	if b.Damage != 0 || len(b.Mods) != 0 || slices.Contains(g.Players[1].Shop, 3) || g.ShopDiscard[len(g.ShopDiscard)-1] != 3 {
		t.Errorf("Buckler: damage %d mods %v shop %v", b.Damage, b.Mods, g.Players[1].Shop)
	}
}

// Rulebook III: buy a shop card for its cost, deal a new one; items resolve
// and are discarded; attachments go under an ally and replace an older one.
func TestShop(t *testing.T) {
	g := started(t)
	g.ShopRow = []int16{1, 2, 3}
	g.ShopDeck = append(g.ShopDeck, 2)
	g.Players[0].Coins = 7
	buy := act(Buy, 0)
	buy.Slot = 0
	apply(t, g, buy)
	if g.Players[0].Coins != 5 || !slices.Equal(g.Players[0].Shop, []int16{1}) || g.ShopRow[0] != 2 {
		t.Fatalf("after buying: coins %d hand %v row %v", g.Players[0].Coins, g.Players[0].Shop, g.ShopRow)
	}
	r := put(t, g, "red", 0, "c3")
	r.Damage = 5
	use := act(UseShop, 0)
	use.Card, use.Target = 1, r.Tile
	apply(t, g, use)
	if r.Damage != 2 || len(g.Players[0].Shop) != 0 {
		t.Errorf("Vulnerary: damage %d, shop hand %v", r.Damage, g.Players[0].Shop)
	}
	buy.Slot = 1
	apply(t, g, buy) // iron ring, 3 coins
	at := act(UseShop, 0)
	at.Card, at.Target = 2, r.Tile
	apply(t, g, at)
	if r.Attached != 2 {
		t.Fatal("the attachment is not under the unit")
	}
	e := put(t, g, "green", 1, "c4")
	apply(t, g, activation(t, 0, "c3", "c3", Attack, "c4"))
	if e.Damage != 6 { // 6 +1 triangle +2 ring - 3
		t.Errorf("attack with Iron Ring: %d damage, want 6", e.Damage)
	}
	g.Players[0].Shop = append(g.Players[0].Shop, 2)
	g.nextTurn()
	g.nextTurn()
	apply(t, g, at)
	if r.Attached != 2 || g.ShopDiscard[len(g.ShopDiscard)-1] != 2 {
		t.Error("a new attachment should replace (discard) the old one")
	}
}

// Rulebook I.2: the second player holds Anna's Cheer; it leaves the game once
// used.
func TestAnnasCheer(t *testing.T) {
	g := started(t)
	apply(t, g, act(EndTurn, 0))
	use := act(UseShop, 1)
	use.Card = 0
	apply(t, g, use)
	if g.Players[1].Coins != 3 || len(g.Players[1].Shop) != 0 || !slices.Equal(g.Spent, []int16{0}) || slices.Contains(g.ShopDiscard, 0) {
		t.Errorf("Anna's Cheer: coins %d, spent %v, shop discard %v", g.Players[1].Coins, g.Spent, g.ShopDiscard)
	}
}

// An assist skill that readies an adjacent ally lets that ally act again.
func TestDanceReadies(t *testing.T) {
	g := started(t)
	d := put(t, g, "dancer", 0, "c2")
	r := put(t, g, "red", 0, "c3")
	apply(t, g, activation(t, 0, "c3", "c3", Work, ""))
	if !r.Exhausted {
		t.Fatal("red should be exhausted after working")
	}
	apply(t, g, unitActs(g, d.Tile, AssistDo)[0])
	if r.Exhausted || !d.Exhausted {
		t.Errorf("after Dance: red exhausted %v, dancer exhausted %v", r.Exhausted, d.Exhausted)
	}
	apply(t, g, activation(t, 0, "c3", "c3", Work, ""))
	if g.Players[0].Coins != 3 {
		t.Errorf("coins %d, want 3 (1 + two works)", g.Players[0].Coins)
	}
}

// Rulebook II.6: reactions can be used whenever their condition is met, so
// a player may answer one event with several reactions, then pass.
func TestSeveralReactionsToOneEvent(t *testing.T) {
	g := started(t)
	put(t, g, "red", 0, "c3")
	put(t, g, "blue", 1, "c4")
	g.Players[1].Shop = append(g.Players[1].Shop, 3, 3)
	apply(t, g, activation(t, 0, "c3", "c3", Attack, "c4"))
	apply(t, g, g.LegalActions()[0])
	legal := g.LegalActions()
	if g.Actor() != 1 || len(legal) != 2 || legal[0].Card != 3 {
		t.Fatalf("after one Buckler the window should stay open: actor %d, %v", g.Actor(), legal)
	}
	apply(t, g, legal[0])
	if g.Actor() != 0 || slices.Contains(g.Players[1].Shop, 3) || len(g.ShopDiscard) < 2 {
		t.Errorf("after two Bucklers: actor %d, P2 shop %v", g.Actor(), g.Players[1].Shop)
	}
}

// Reading (docs/annas-engine.md; III, Buy a Shop Card: "Deal a new shop
// card to Anna's Shop" with the shop deck empty): the shop's discards are
// shuffled into a new shop deck and the new card dealt from it.
func TestShopDeckReshufflesItsDiscards(t *testing.T) {
	g := started(t)
	g.ShopRow = []int16{1, 2, 3}
	g.ShopDeck = g.ShopDeck[:0]
	g.ShopDiscard = append(g.ShopDiscard[:0], 2)
	g.Players[0].Coins = 7
	buy := act(Buy, 0)
	buy.Slot = 0
	apply(t, g, buy)
	if !slices.Equal(g.ShopRow, []int16{2, 2, 3}) || len(g.ShopDeck) != 0 || len(g.ShopDiscard) != 0 {
		t.Errorf("after buying from an empty shop deck: row %v, deck %v, discards %v; want [2 2 3], the discard dealt", g.ShopRow, g.ShopDeck, g.ShopDiscard)
	}
}
