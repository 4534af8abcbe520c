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

// Rulebook I, Setup 2, with the boss-mode numbers of the rules data: each
// player in turn may once discard up to MulliganMax cards and draw back up,
// before P1's first turn.
func TestMulliganBeforeFirstTurn(t *testing.T) {
	rs := fixture()
	rs.Rules.Boss.Mulligans, rs.Rules.Boss.MulliganMax = 1, 2
	g, err := New(rs, Options{Seed: 5, Boss: grima, Players: 3, Map: -1})
	if err != nil {
		t.Fatal(err)
	}
	if g.Phase != PhaseMulligan || g.Actor() != 0 || g.Players[0].DV != 0 {
		t.Fatalf("phase %d actor P%d DV %d", g.Phase, g.Actor()+1, g.Players[0].DV)
	}
	// Hands of 6, at most 2 cards: 1 + 6 + 15 masks.
	if n := len(g.LegalActions()); n != 22 {
		t.Errorf("%d mulligan choices, want 22", n)
	}
	hand := slices.Clone(g.Players[0].Hand)
	apply(t, g, legal(t, g, func(a Action) bool { return a.Kind == Mulligan && a.Mask == 0b11 }))
	got := g.Players[0].Hand
	if len(got) != 6 || !slices.Equal(got[:4], hand[2:]) || !slices.Equal(g.Discard, hand[:2]) {
		t.Errorf("after discarding two: hand %v (was %v), discard %v", got, hand, g.Discard)
	}
	apply(t, g, legal(t, g, func(a Action) bool { return a.Kind == Mulligan && a.Mask == 0 }))
	if g.Actor() != 2 || g.Phase != PhaseMulligan {
		t.Fatalf("actor P%d", g.Actor()+1)
	}
	apply(t, g, legal(t, g, func(a Action) bool { return a.Kind == Mulligan && a.Mask == 0 }))
	if g.Phase != PhasePlayer || g.Current != 0 || g.Players[0].DV != 1 || g.Turn != 1 {
		t.Errorf("after setup: phase %d current P%d DV %d turn %d", g.Phase, g.Current+1, g.Players[0].DV, g.Turn)
	}
}
