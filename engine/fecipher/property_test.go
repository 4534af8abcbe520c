package fecipher_test

import (
	"flag"
	"fmt"
	"testing"

	. "github.com/roundtable-dev/roundtable/engine/fecipher"
	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
)

var games = flag.Int("fec.games", 30, "seeded games per policy pairing in TestPropertySeededGames")

// TestPropertySeededGames plays seeded games between every pairing of the
// built-in policies and checks after every logged step: orbs never below 0
// nor above 5 and only lost by the main character's defeat, one unit per
// unit name on each field, every card of each deck somewhere. Every game
// ends, and the same seed replays the same log.
func TestPropertySeededGames(t *testing.T) {
	n := *games
	if testing.Short() {
		n = 5
	}
	pols := map[string]Policy{"greedy": Greedy{}, "random": Random{}}
	pairs := [][2]string{{"greedy", "greedy"}, {"greedy", "random"}, {"random", "greedy"}, {"random", "random"}}
	decks := [2]*table.Deck{deck(t, "altea-vanguard"), deck(t, "shepherds")}
	wins := map[string]int{}
	for _, pr := range pairs {
		for seed := int64(1); seed <= int64(n); seed++ {
			var g *Game
			var steps int
			var log []Event
			check := func(e Event) {
				log = append(log, e)
				if g == nil {
					return
				}
				steps++
				if err := g.Invariants(); err != nil {
					t.Fatalf("%s vs %s seed %d, after %+v: %v", pr[0], pr[1], seed, e, err)
				}
			}
			var err error
			g, err = New(rs, decks, [2]string{"A", "B"}, [2]Policy{pols[pr[0]], pols[pr[1]]}, seed, check)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Invariants(); err != nil {
				t.Fatalf("after setup: %v", err)
			}
			g.Play()
			if !g.Over {
				t.Fatalf("%s vs %s seed %d: game did not end", pr[0], pr[1], seed)
			}
			if g.Winner >= 0 && len(g.P[1-g.Winner].Orbs) != 0 {
				t.Errorf("seed %d: the loser still has %d orbs", seed, len(g.P[1-g.Winner].Orbs))
			}
			wins[fmt.Sprint(g.Winner)]++
			// Determinism: the same seed gives the same log.
			var again []Event
			g2, _ := New(rs, decks, [2]string{"A", "B"}, [2]Policy{pols[pr[0]], pols[pr[1]]}, seed, func(e Event) { again = append(again, e) })
			g2.Play()
			if len(again) != len(log) || fmt.Sprint(again) != fmt.Sprint(log) {
				t.Fatalf("%s vs %s seed %d: replay differs (%d vs %d events)", pr[0], pr[1], seed, len(again), len(log))
			}
		}
	}
	t.Logf("results over %d games (winner index, -1 draw): %v", 4*n, wins)
}

// TestInvariantsCatchBrokenStates shows the property test's checks can fail.
func TestInvariantsCatchBrokenStates(t *testing.T) {
	newGame := func() *Game {
		g, err := New(rs, [2]*table.Deck{deck(t, "altea-vanguard"), deck(t, "shepherds")}, [2]string{"A", "B"}, [2]Policy{Greedy{}, Greedy{}}, 3, nil)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	g := newGame()
	if err := g.Invariants(); err != nil {
		t.Fatalf("fresh game: %v", err)
	}
	g.P[0].Field = append(g.P[0].Field, &Unit{Stack: []int{g.P[0].Deck[0]}})
	g.P[0].Field = append(g.P[0].Field, &Unit{Stack: []int{g.P[0].Main().Card()}})
	if g.Invariants() == nil {
		t.Error("two Marths on the field should break the invariants")
	}
	g = newGame()
	g.P[1].Hand = g.P[1].Hand[1:]
	if g.Invariants() == nil {
		t.Error("a lost card should break the invariants")
	}
	g = newGame()
	g.P[0].Orbs = g.P[0].Orbs[1:]
	if g.Invariants() == nil {
		t.Error("an orb gone without a defeat should break the invariants")
	}
}
