package fecipher_test

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	. "github.com/roundtable-dev/roundtable/engine/fecipher"
	"github.com/roundtable-dev/roundtable/engine/play"
)

// sorted is a sorted copy of the concatenated zones.
func sorted(zones ...[]string) []string {
	var out []string
	for _, z := range zones {
		out = append(out, z...)
	}
	slices.Sort(out)
	return out
}

// TestDeterminizeRedealsWhatIsHidden: a determinization for the seat to
// move keeps what that seat sees (its hand, every field, bond, retreat
// area and support, the decision pending, the turn) and deals anew what
// it does not: the other hand, deck and orbs from the other player's
// cards, its own deck and orbs from its own, sizes kept, and another
// random source. Over a game, the other hand comes out different.
func TestDeterminizeRedealsWhatIsHidden(t *testing.T) {
	pm, err := Versus.New(rs, play.Options{Seed: 9, Quiet: true})
	if err != nil {
		t.Fatal(err)
	}
	m := pm.(*Match)
	pols := []play.Policy{Versus.Policies["greedy"](9, 0), Versus.Policies["greedy"](9, 1)}
	rng := rand.New(rand.NewPCG(3, 4))
	checked, otherHands := 0, 0
	for n := 0; !m.Over(); n++ {
		seat := m.ToMove()
		want := m.G.Position()
		for range 4 {
			d := m.Determinize(seat, rng).(*Match)
			got := d.G.Position()
			if got.RNG == want.RNG {
				t.Fatalf("action %d: the determinization has the match's random source", n)
			}
			if !reflect.DeepEqual(got.Pending, want.Pending) || got.Turn != want.Turn || got.Phase != want.Phase {
				t.Fatalf("action %d: the determinization is at another moment", n)
			}
			for i := range 2 {
				w, g := want.Seats[i], got.Seats[i]
				if !reflect.DeepEqual(g.Field, w.Field) || !reflect.DeepEqual(g.Bonds, w.Bonds) ||
					!reflect.DeepEqual(g.Retreat, w.Retreat) || !reflect.DeepEqual(g.Support, w.Support) || !reflect.DeepEqual(g.Played, w.Played) {
					t.Fatalf("action %d: P%d's field, bonds, retreat, support or played cards changed", n, i+1)
				}
				if len(g.Hand) != len(w.Hand) || len(g.Orbs) != len(w.Orbs) || len(g.Deck) != len(w.Deck) {
					t.Fatalf("action %d: P%d's hand, orbs or deck changed size", n, i+1)
				}
				if i == seat {
					if !reflect.DeepEqual(g.Hand, w.Hand) {
						t.Fatalf("action %d: the seat to move holds another hand: %v, not %v", n, g.Hand, w.Hand)
					}
					if !reflect.DeepEqual(sorted(g.Deck, g.Orbs), sorted(w.Deck, w.Orbs)) {
						t.Fatalf("action %d: P%d's deck and orbs are other cards", n, i+1)
					}
					continue
				}
				if !reflect.DeepEqual(sorted(g.Hand, g.Deck, g.Orbs), sorted(w.Hand, w.Deck, w.Orbs)) {
					t.Fatalf("action %d: the other player's hand, deck and orbs are other cards", n)
				}
				if !reflect.DeepEqual(sorted(g.Hand), sorted(w.Hand)) {
					otherHands++
				}
			}
			checked++
		}
		if err := m.Apply(pols[seat].Choose(m)); err != nil {
			t.Fatal(err)
		}
	}
	if otherHands < checked/2 {
		t.Fatalf("the other hand was dealt anew in only %d of %d determinizations", otherHands, checked)
	}
}
