package annas

import (
	"slices"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// Rulebook VIII, Setup 2-4 and Boss Mode Basics (lives by player count).
func TestSetupFromContent(t *testing.T) {
	rs := bossFixture()
	wantSeats := map[int][]table.Seat{
		2: {table.South, table.North}, // two players sit at opposite edges
		3: {table.South, table.West, table.North},
		4: {table.South, table.West, table.North, table.East},
	}
	wantLives := map[int]int{2: 2, 3: 3, 4: 3}
	for n := 2; n <= 4; n++ {
		g, err := New(rs, Options{Seed: 9, Mode: table.BossMode, Boss: grima, Players: n})
		if err != nil {
			t.Fatal(err)
		}
		if g.Boss.At() != bt("c3") || g.Boss.Squares() != bts("c3", "d3", "c4", "d4") {
			t.Errorf("%dp: boss block at %s, want the centre c3-d4", n, g.Boss.At())
		}
		if g.Boss.Lives != wantLives[n] {
			t.Errorf("%dp: lives %d, want %d", n, g.Boss.Lives, wantLives[n])
		}
		deck := slices.Clone(g.Boss.Deck)
		slices.Sort(deck)
		if !slices.Equal(deck, rs.Bosses[grima].Cards) || len(g.Boss.Discard) != 0 {
			t.Errorf("%dp: boss deck %v, want the boss's 5 cards", n, g.Boss.Deck)
		}
		if g.Boss.CornerDmg != [4]int8{} || g.Boss.Rot != [4]int8{0, 1, 2, 3} {
			t.Errorf("%dp: corners %v rot %v", n, g.Boss.CornerDmg, g.Boss.Rot)
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
		if g.Current != 0 || isBossTurn(g) || len(unitsOf(g)) != 0 {
			t.Errorf("%dp: current %d, units %d", n, g.Current, len(unitsOf(g)))
		}
	}
	// The deck is shuffled: two seeds give different orders.
	a, _ := New(rs, Options{Seed: 1, Mode: table.BossMode, Boss: grima, Players: 2})
	b, _ := New(rs, Options{Seed: 2, Mode: table.BossMode, Boss: grima, Players: 2})
	c, _ := New(rs, Options{Seed: 3, Mode: table.BossMode, Boss: grima, Players: 2})
	if slices.Equal(a.Boss.Deck, b.Boss.Deck) && slices.Equal(b.Boss.Deck, c.Boss.Deck) {
		t.Error("boss deck not shuffled")
	}
}

func TestSetupRejects(t *testing.T) {
	rs := bossFixture()
	for _, o := range []Options{{Players: 1}, {Players: 5}, {Players: 2, Boss: 7}} {
		o.Mode = table.BossMode
		if _, err := New(rs, o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
	rs.Maps = rs.Maps[:1] // versus map only
	if _, err := New(rs, Options{Mode: table.BossMode, Players: 2}); err == nil {
		t.Error("no boss map: no error")
	}
}

// Rulebook VIII, Turn Order: 2 and 3 players P1 → Boss → P2 → Boss → P3 →
// Boss; 4 players P1 → P2 → Boss → P3 → P4 → Boss.
func TestTurnOrderTable(t *testing.T) {
	rs := bossFixture()
	for n := 2; n <= 4; n++ {
		B := n // the boss's seat, after the players'
		want := map[int][]int{2: {0, B, 1, B}, 3: {0, B, 1, B, 2, B}, 4: {0, 1, B, 2, 3, B}}
		if got := TurnOrder(n, int(rs.Rules.BossEvery[n])); !slices.Equal(got, want[n]) {
			t.Errorf("%d players: order %v, want %v", n, got, want[n])
		}
		// Played: ending turns walks the table twice over.
		g, _ := New(rs, Options{Seed: 4, Mode: table.BossMode, Boss: grima, Players: n})
		g.record = true
		var seen []int
		for range 2 * n {
			actSettled(t, g, act(EndTurn, g.Current))
			for _, e := range g.Events() {
				switch e.Kind {
				case "turn":
					seen = append(seen, e.Seat)
				case "boss-turn":
					seen = append(seen, B)
				}
			}
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
	rs := bossFixture()
	rs.Rules.Boss.Mulligans, rs.Rules.Boss.MulliganMax = 1, 2
	g, err := New(rs, Options{Seed: 5, Mode: table.BossMode, Boss: grima, Players: 3})
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
	actSettled(t, g, blegal(t, g, func(a Action) bool { return a.Kind == Mulligan && a.Mask == 0b11 }))
	got := g.Players[0].Hand
	if len(got) != 6 || !slices.Equal(got[:4], hand[2:]) || !slices.Equal(g.Discard, hand[:2]) {
		t.Errorf("after discarding two: hand %v (was %v), discard %v", got, hand, g.Discard)
	}
	actSettled(t, g, blegal(t, g, func(a Action) bool { return a.Kind == Mulligan && a.Mask == 0 }))
	if g.Actor() != 2 || g.Phase != PhaseMulligan {
		t.Fatalf("actor P%d", g.Actor()+1)
	}
	actSettled(t, g, blegal(t, g, func(a Action) bool { return a.Kind == Mulligan && a.Mask == 0 }))
	if g.Phase != PhaseTurn || g.Current != 0 || g.Players[0].DV != 1 || g.Turn != 1 {
		t.Errorf("after setup: phase %d current P%d DV %d turn %d", g.Phase, g.Current+1, g.Players[0].DV, g.Turn)
	}
}
