package boss

import (
	"slices"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// Rulebook VIII, Setup 2-4 and Boss Mode Basics (lives by player count).
func TestSetupFromContent(t *testing.T) {
	rs := fixture()
	wantSeats := map[int][]table.Seat{
		2: {table.South, table.North}, // two players sit at opposite edges
		3: {table.South, table.West, table.North},
		4: {table.South, table.West, table.North, table.East},
	}
	wantLives := map[int]int{2: 2, 3: 3, 4: 3}
	for n := 2; n <= 4; n++ {
		g, err := New(rs, Options{Seed: 9, Boss: grima, Players: n, Map: -1})
		if err != nil {
			t.Fatal(err)
		}
		if g.BossAt != tile("c3") || g.BossSquares() != tset("c3", "d3", "c4", "d4") {
			t.Errorf("%dp: boss block at %s, want the centre c3-d4", n, g.BossAt)
		}
		if g.Lives != wantLives[n] {
			t.Errorf("%dp: lives %d, want %d", n, g.Lives, wantLives[n])
		}
		deck := slices.Clone(g.BossDeck)
		slices.Sort(deck)
		if !slices.Equal(deck, rs.Bosses[grima].Cards) || len(g.BossDiscard) != 0 {
			t.Errorf("%dp: boss deck %v, want the boss's 5 cards", n, g.BossDeck)
		}
		if g.CornerDmg != [4]int8{} || g.Rot != [4]int8{0, 1, 2, 3} {
			t.Errorf("%dp: corners %v rot %v", n, g.CornerDmg, g.Rot)
		}
		for p := range g.Players {
			if g.Players[p].Seat != wantSeats[n][p] {
				t.Errorf("%dp: P%d seat %d, want %d", n, p+1, g.Players[p].Seat, wantSeats[n][p])
			}
			if len(g.Players[p].Hand) != 6 {
				t.Errorf("%dp: P%d hand %d, want 6", n, p+1, len(g.Players[p].Hand))
			}
			wantDV := 0
			if p == 0 {
				wantDV = 1 // P1's first turn has begun
			}
			if g.Players[p].DV != wantDV {
				t.Errorf("%dp: P%d DV %d, want %d", n, p+1, g.Players[p].DV, wantDV)
			}
		}
		if g.Current != 0 || g.IsBossTurn() || len(g.Units) != 0 {
			t.Errorf("%dp: current %d, units %d", n, g.Current, len(g.Units))
		}
	}
	// The deck is shuffled: two seeds give different orders.
	a, _ := New(rs, Options{Seed: 1, Boss: grima, Players: 2, Map: -1})
	b, _ := New(rs, Options{Seed: 2, Boss: grima, Players: 2, Map: -1})
	c, _ := New(rs, Options{Seed: 3, Boss: grima, Players: 2, Map: -1})
	if slices.Equal(a.BossDeck, b.BossDeck) && slices.Equal(b.BossDeck, c.BossDeck) {
		t.Error("boss deck not shuffled")
	}
}

func TestSetupRejects(t *testing.T) {
	rs := fixture()
	for _, o := range []Options{{Players: 1}, {Players: 5}, {Players: 2, Boss: 7}} {
		o.Map = -1
		if _, err := New(rs, o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
	rs.Maps = rs.Maps[:1] // versus map only
	if _, err := New(rs, Options{Players: 2, Map: -1}); err == nil {
		t.Error("no boss map: no error")
	}
}

// Rulebook VIII, Turn Order: 2 and 3 players P1 → Boss → P2 → Boss → P3 →
// Boss; 4 players P1 → P2 → Boss → P3 → P4 → Boss.
func TestTurnOrderTable(t *testing.T) {
	B := BossSeat
	want := map[int][]int{2: {0, B, 1, B}, 3: {0, B, 1, B, 2, B}, 4: {0, 1, B, 2, 3, B}}
	rs := fixture()
	for n := 2; n <= 4; n++ {
		if got := Order(n, int(rs.Rules.BossEvery[n])); !slices.Equal(got, want[n]) {
			t.Errorf("%d players: order %v, want %v", n, got, want[n])
		}
		// Played: ending turns walks the table twice over.
		g, _ := New(rs, Options{Seed: 4, Boss: grima, Players: n, Map: -1})
		var seen []int
		g.OnStep = func(s Step) {
			switch s.Kind {
			case "start":
				seen = append(seen, int(s.Who[1]-'1'))
			case "boss-turn":
				seen = append(seen, B)
			}
		}
		for range 2 * n {
			apply(t, g, act(EndTurn, g.Current))
		}
		full := append(append(slices.Clone(want[n]), want[n]...), want[n][0])
		if !slices.Equal(seen, full[1:len(seen)+1]) || len(seen) < len(want[n]) {
			t.Errorf("%d players: turns %v, want %v", n, seen, full[1:])
		}
	}
}
