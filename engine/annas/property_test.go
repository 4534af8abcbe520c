package annas

import (
	"flag"
	"fmt"
	"slices"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
	annasgen "github.com/roundtable-dev/roundtable/generated/annas"
)

var games = flag.Int("annas.games", 2000, "seeded random games the property test plays")

// check asserts the invariants the issue lists after every action.
func check(g *Game) error {
	var seen TileSet
	units := len(g.Deck) + len(g.Discard)
	shop := len(g.ShopDeck) + len(g.ShopDiscard) + len(g.Spent)
	for _, c := range g.ShopRow {
		if c >= 0 {
			shop++
		}
	}
	for _, q := range g.Pieces {
		if seen.Has(q.Tile) {
			return fmt.Errorf("two units on %s", q.Tile)
		}
		seen = with(seen, q.Tile)
		if !g.enterable(q, q.Tile) {
			return fmt.Errorf("%s stands on %s, which it may not enter", g.Rules.Units[q.Card].ID, q.Tile)
		}
		if g.HP(q) <= 0 {
			return fmt.Errorf("%s is on the board with %d HP", g.Rules.Units[q.Card].ID, g.HP(q))
		}
		units++
		if q.Attached >= 0 {
			shop++
		}
	}
	for p := range g.Players {
		pl := &g.Players[p]
		if g.Phase != PhaseMulligan && len(pl.Hand) < int(g.num.HandSize) && len(g.Deck)+len(g.Discard) > 0 {
			return fmt.Errorf("P%d holds %d cards", p+1, len(pl.Hand))
		}
		if pl.Coins < 0 || pl.DV < 0 || pl.VPTokens < 0 {
			return fmt.Errorf("P%d has negative resources: coins %d DV %d VP %d", p+1, pl.Coins, pl.DV, pl.VPTokens)
		}
		if pl.DVTile != NoTile && seen.Has(pl.DVTile) && pl.DVRuins {
			return fmt.Errorf("a unit stands on P%d's Ruins", p+1)
		}
		units += len(pl.Hand)
		shop += len(pl.Shop)
	}
	if units != len(g.Rules.Units) {
		return fmt.Errorf("%d unit cards, want %d", units, len(g.Rules.Units))
	}
	wantShop := 0
	for i, c := range g.Rules.ShopCards {
		if int16(i) == g.Rules.Rules.SecondPlayer {
			wantShop++
		} else if g.num.Shop {
			wantShop += int(c.Copies)
		}
	}
	if shop != wantShop {
		return fmt.Errorf("%d shop cards, want %d", shop, wantShop)
	}
	return nil
}

// playChecked plays one seeded random game, checking invariants after every
// action and, every few actions, that each legal action applies cleanly to a
// copy of the game.
func playChecked(t *testing.T, rs *table.Ruleset, seed uint64, deep bool) *Game {
	t.Helper()
	// Mostly random games; every fourth has a greedy first player, which
	// attacks and captures far more.
	first := "random"
	if seed%4 == 3 {
		first = "greedy"
	}
	p0, _ := NewPolicy(first, seed, 0)
	p1, _ := NewPolicy("random", seed, 1)
	pol := [2]Policy{p0, p1}
	g, err := New(rs, Options{Seed: seed, MaxTurns: 60})
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; !g.Over(); n++ {
		legal := g.LegalActions()
		if len(legal) == 0 {
			t.Fatalf("seed %d: no legal action", seed)
		}
		if deep && n%7 == 0 {
			for _, a := range legal {
				c := g.Clone()
				if err := c.Apply(a); err != nil {
					t.Fatalf("seed %d: legal action rejected: %v", seed, err)
				}
				if err := check(c); err != nil {
					t.Fatalf("seed %d after %s: %v", seed, c.Describe(a), err)
				}
			}
		}
		if deep && n%5 == 0 {
			rejectMutants(t, g, legal, seed)
		}
		a := pol[g.Actor()].Choose(g, legal)
		if err := g.Apply(a); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if err := check(g); err != nil {
			t.Fatalf("seed %d after %s (turn %d): %v", seed, g.Describe(a), g.Turn, err)
		}
	}
	return g
}

// TestPropertyRandomGames plays thousands of seeded random games and checks
// the invariants after every action (issue: no two units on a tile, no unit
// where it may not stand, hands full, cards conserved, resources never
// negative, LegalActions never offers what Apply rejects).
func TestPropertyRandomGames(t *testing.T) {
	rs := fixture()
	n := *games
	if testing.Short() {
		n = 200
	}
	for seed := range uint64(n) {
		playChecked(t, rs, seed, seed%50 == 0)
	}
}

// TestApplyRejectsIllegal: an action LegalActions does not offer is
// rejected with an error and changes nothing.
func TestApplyRejectsIllegal(t *testing.T) {
	g := started(t)
	put(t, g, "red", 0, "c2")
	before := g.Clone()
	bad := []Action{
		act(EndTurn, 1), // not P2's turn
		{Kind: Activate, Player: 0, Card: -1, From: tile(t, "c2"), To: tile(t, "c6"), Target: NoTile, Dest: NoTile}, // beyond MOV
		{Kind: Buy, Player: 0, Slot: 0, Card: -1, From: NoTile, To: NoTile, Target: NoTile, Dest: NoTile},           // no coins for it
		{Kind: Bump, Player: 0, From: tile(t, "c2"), To: tile(t, "c3"), Card: -1, Target: NoTile, Dest: NoTile},     // no DV
	}
	for _, a := range bad {
		if err := g.Apply(a); err == nil {
			t.Errorf("Apply(%s) = nil, want an error", g.Describe(a))
		}
	}
	if !slices.Equal(g.Players[0].Hand, before.Players[0].Hand) || g.Players[0].Coins != before.Players[0].Coins ||
		g.Pieces[0].Tile != before.Pieces[0].Tile || g.Turn != before.Turn || len(g.Log) != len(before.Log) {
		t.Error("a rejected action changed the game")
	}
}

// TestPropertyBaseContent runs the same invariants on games of the generated
// base content (its real skills, shop and maps).
func TestPropertyBaseContent(t *testing.T) {
	n := *games / 4
	if testing.Short() {
		n = 50
	}
	for seed := range uint64(n) {
		playChecked(t, annasgen.Ruleset, seed, seed%25 == 0)
	}
}

// fingerprint is the visible state of a game, for "changes nothing" checks.
func fingerprint(g *Game) string {
	s := fmt.Sprint(g.Phase, g.Turn, g.Current, g.Deploys, g.HasteDeploys, g.Captures, g.Discards, len(g.Log), g.pending != nil,
		g.Deck, g.Discard, g.ShopDeck, g.ShopDiscard, g.ShopRow, g.VPDeck, g.Spent)
	for _, p := range g.Players {
		s += fmt.Sprint(p.Hand, p.Shop, p.Coins, p.DV, p.VPTokens, p.VPCards, p.DVTile, p.DVRuins, p.Lost, p.LostTurn)
	}
	for _, q := range g.Pieces {
		s += fmt.Sprint(*q)
	}
	return s
}

// rejectMutants alters legal actions one field at a time; each alteration
// that is not itself legal must be rejected with the game unchanged.
func rejectMutants(t *testing.T, g *Game, legal []Action, seed uint64) {
	t.Helper()
	before := fingerprint(g)
	for i, a := range legal {
		if i%3 != 0 {
			continue
		}
		for _, m := range []Action{
			func() Action { b := a; b.To = (a.To + 7) % Tiles; return b }(),
			func() Action { b := a; b.Target = (a.Target + 1) % Tiles; return b }(),
			func() Action { b := a; b.Player = 1 - a.Player; return b }(),
			func() Action { b := a; b.Card = a.Card + 1; return b }(),
			func() Action { b := a; b.Slot = (a.Slot + 1) % 4; return b }(),
		} {
			if slices.Contains(legal, m) {
				continue
			}
			if err := g.Apply(m); err == nil {
				t.Fatalf("seed %d: Apply accepted the illegal %+v", seed, m)
			}
		}
	}
	// A change would persist, so one comparison covers every rejection.
	if fingerprint(g) != before {
		t.Fatalf("seed %d: a rejected action changed the game", seed)
	}
}
