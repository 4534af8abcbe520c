package tablebattles

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
)

// TestNeeds: the fewest dice a card must hold to meet a requirement, dice
// gathering over turns as its dice area allows (Reading a Formation Card,
// Dice Area and Requirements; Roll Phase).
func TestNeeds(t *testing.T) {
	for _, c := range []struct {
		area string
		req  table.Requirement
		want int8
	}{
		{"5/6", table.None, 0},
		{"6", table.Pair, 2},
		{"(6)", table.Pair, 2},                // one die a turn, two turns
		{"5/6", table.TwoTriplets, 6},         // three fives, then three sixes
		{"6", table.TwoPairs, table.NeverMet}, // one face never makes two sets
		{"Doubles", table.Triplet, 4},         // two at a time: 4 of a face
		{"Doubles", table.TwoTriplets, 8},     // 4 + 4: more than six dice
		{"Doubles", table.FullHouse, 6},       // 4 of one face, 2 of another
		{"Triples", table.FullHouse, 6},       // 3 + 3
		{"Triples", table.TwoPairs, 6},
		{"Doubles, Triples", table.FullHouse, 5},
		{"Straight-3", table.Pair, 6},    // 1-2-3 twice
		{"Straight-3", table.Triplet, 9}, // a face only once a placement
		{"Straight-3", table.FullHouse, 9},
		{"Straight-4", table.Pair, 8},
		{"Straight-6", table.Pair, 12},
		{"Straight-6", table.TwoTriplets, table.NeverMet}, // 18 dice
		{"1-2", table.FiveDice, 5},
		{"(1)", table.FiveDice, 5},
	} {
		a, err := parseDiceArea(c.area)
		if err != nil {
			t.Fatalf("%s: %v", c.area, err)
		}
		if got := needs(a, c.req); got != c.want {
			t.Errorf("needs(%s, %s) = %d, want %d", c.area, c.req, got, c.want)
		}
	}
}
