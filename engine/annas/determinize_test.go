package annas

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	annasgen "github.com/roundtable-dev/roundtable/generated/annas"
)

func sortedIDs(zones ...[]string) []string {
	var out []string
	for _, z := range zones {
		out = append(out, z...)
	}
	slices.Sort(out)
	return out
}

// determinizeAlong plays a game of mode with greedy players and, before
// every action, determinizes it for the seat to move four times, checking
// what a determinization keeps and what it deals anew. It returns how many
// determinizations were made between actions and inside one (pending), how
// many of those fell back to a clone, and in how many another player's
// hand came out different and the shop deck in another order.
func determinizeAlong(t *testing.T, mode play.Mode, flags map[string][]string, seed uint64) (between, pending, clones, otherHands, shopShuffled int) {
	t.Helper()
	pm, err := mode.New(annasgen.Ruleset, play.Options{Seed: seed, Quiet: true, Flags: flags})
	if err != nil {
		t.Fatal(err)
	}
	m := pm.(*Match)
	pols := make([]play.Policy, len(m.Seats()))
	for i := range pols {
		pols[i] = policies["greedy"](seed, i)
	}
	rng := rand.New(rand.NewPCG(seed, 99))
	for n := 0; !m.Over(); n++ {
		if n > 20000 {
			t.Fatal("not over after 20000 actions")
		}
		seat := m.ToMove()
		want := m.G.Position()
		wantTexts := texts(m)
		for range 4 {
			inAction := m.G.pending != nil
			c := m.G.determinize(seat, rng)
			if inAction {
				pending++
			} else {
				between++
			}
			if c == nil {
				clones++
				continue
			}
			got := c.Position()
			if !reflect.DeepEqual(texts(&Match{G: c}), wantTexts) {
				t.Fatalf("action %d: the seat to move is offered other actions", n)
			}
			if inAction != (got.RNG == want.RNG) {
				t.Fatalf("action %d (pending %v): random source kept %v", n, inAction, got.RNG == want.RNG)
			}
			if !reflect.DeepEqual(got.Units, want.Units) || !reflect.DeepEqual(got.ShopRow, want.ShopRow) ||
				!reflect.DeepEqual(got.Discard, want.Discard) || !reflect.DeepEqual(got.VPDeck, want.VPDeck) ||
				!reflect.DeepEqual(got.Summons, want.Summons) || !reflect.DeepEqual(got.InFlight, want.InFlight) {
				t.Fatalf("action %d: something in view changed", n)
			}
			var gotHidden, wantHidden [][]string
			for i := range want.Players {
				w, g := want.Players[i], got.Players[i]
				if len(g.Hand) != len(w.Hand) || g.Coins != w.Coins || !reflect.DeepEqual(g.Deployed, w.Deployed) {
					t.Fatalf("action %d: P%d's hand size, coins or deployed units changed", n, i+1)
				}
				if !reflect.DeepEqual(g.Shop, w.Shop) {
					t.Fatalf("action %d: P%d holds other shop cards (bought from the row in view)", n, i+1)
				}
				if i == seat {
					if !reflect.DeepEqual(g.Hand, w.Hand) {
						t.Fatalf("action %d: the seat to move holds other cards", n)
					}
					continue
				}
				gotHidden, wantHidden = append(gotHidden, g.Hand), append(wantHidden, w.Hand)
				if !reflect.DeepEqual(sortedIDs(g.Hand), sortedIDs(w.Hand)) {
					otherHands++
				}
			}
			if !reflect.DeepEqual(sortedIDs(append(gotHidden, *got.Deck)...), sortedIDs(append(wantHidden, *want.Deck)...)) {
				t.Fatalf("action %d: the other hands and the deck hold other units", n)
			}
			if (got.ShopDeck == nil) != (want.ShopDeck == nil) || got.ShopDeck != nil && !reflect.DeepEqual(sortedIDs(*got.ShopDeck), sortedIDs(*want.ShopDeck)) {
				t.Fatalf("action %d: the shop deck holds other cards", n)
			}
			if got.ShopDeck != nil && len(*got.ShopDeck) > 2 && !reflect.DeepEqual(*got.ShopDeck, *want.ShopDeck) {
				shopShuffled++
			}
			if b, wb := got.Boss, want.Boss; b != nil {
				d, wd := *b.Deck, *wb.Deck
				if len(d) > 0 && d[0] != wd[0] || !reflect.DeepEqual(sortedIDs(d), sortedIDs(wd)) {
					t.Fatalf("action %d: the current boss card or the boss cards changed", n)
				}
			}
		}
		if err := m.Apply(pols[seat].Choose(m)); err != nil {
			t.Fatal(err)
		}
	}
	return
}

func texts(m *Match) []string {
	out := make([]string, m.Legal())
	for i := range out {
		out[i] = m.Action(i)
	}
	return out
}

// TestDeterminizeVersus: a determinization keeps what the seat to move
// sees (its own hand and shop cards, the board, the shop row, discards,
// the VP deck, the action in flight) and deals the other hand anew from
// those cards and the deck, the shop deck in another order (the shop cards
// bought stay: they were bought from the row in view); between actions it has another random source,
// inside one the same. Inside an action it rarely falls back to a clone.
func TestDeterminizeVersus(t *testing.T) {
	var between, pending, clones, other, shop int
	for seed := uint64(1); seed <= 3; seed++ {
		b, p, c, o, s := determinizeAlong(t, Versus, map[string][]string{"vp-deck": {"quick"}}, seed)
		between, pending, clones, other, shop = between+b, pending+p, clones+c, other+o, shop+s
	}
	t.Logf("%d determinizations between actions, %d inside one; %d clones; other hand dealt anew %d times, shop deck reordered %d times", between, pending, clones, other, shop)
	if pending == 0 {
		t.Fatal("no determinization inside an action: the test does not see that case")
	}
	if clones*10 > pending {
		t.Errorf("%d of %d determinizations inside an action fell back to a clone", clones, pending)
	}
	if other*2 < between {
		t.Errorf("the other hand was dealt anew in only %d of %d determinizations", other, between+pending-clones)
	}
	if shop*2 < between {
		t.Errorf("the shop deck was reordered in only %d of %d determinizations", shop, between+pending-clones)
	}
}

// TestDeterminizeBoss: in Boss Mode the other players' hands are dealt
// anew and the boss cards under the current one shuffled.
func TestDeterminizeBoss(t *testing.T) {
	b, p, c, o, _ := determinizeAlong(t, Boss, map[string][]string{"boss": {"grima"}, "players": {"3"}}, 2)
	t.Logf("%d determinizations between actions, %d inside one; %d clones; other hands dealt anew %d times", b, p, c, o)
	if o < b {
		t.Errorf("other hands dealt anew only %d times in %d determinizations", o, b)
	}
}

// TestDeterminizeKeepsTheUnitInFlight: while a player answers a decision
// that another player's deploy opened (a reaction window), a
// determinization for it deals that player's hand anew but for the unit
// being deployed: the unit is on the board, so it is in neither that hand
// nor the deck, and the deck keeps its size (before, the unit could be
// dealt into the deck and stand on the board too).
func TestDeterminizeKeepsTheUnitInFlight(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		pm, err := Versus.New(annasgen.Ruleset, play.Options{Seed: seed, Quiet: true})
		if err != nil {
			t.Fatal(err)
		}
		m := pm.(*Match)
		pols := []play.Policy{policies["greedy"](seed, 0), policies["greedy"](seed, 1)}
		for !m.Over() {
			g := m.G
			if d := g.pending; d != nil && g.root.Kind == Deploy && int(g.root.Player) != d.seat {
				unit := g.root.Card
				rng := rand.New(rand.NewPCG(seed, 1))
				dealt := 0
				for range 40 {
					c := g.determinize(d.seat, rng)
					if c == nil {
						continue
					}
					dealt++
					other := &c.Players[g.root.Player]
					if len(c.Deck) != len(g.Deck) || slices.Contains(c.Deck, unit) || slices.Contains(other.Hand, unit) {
						t.Fatalf("seed %d: a determinization for P%d deals the deploying unit %s into the deck or P%d's hand (deck %d, want %d)",
							seed, d.seat+1, g.Rules.Units[unit].ID, g.root.Player+1, len(c.Deck), len(g.Deck))
					}
				}
				if dealt < 30 {
					t.Fatalf("seed %d: only %d of 40 determinizations were dealt anew", seed, dealt)
				}
				return
			}
			if err := m.Apply(pols[m.ToMove()].Choose(m)); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no seed reached a decision inside another player's deploy")
}
