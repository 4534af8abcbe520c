package battlecrest

import (
	"flag"
	"fmt"
	"reflect"
	"testing"
)

var games = flag.Int("bc.games", 10, "seeded games per policy pairing and seating in TestPropertySeededGames")

// TestPropertySeededGames plays seeded games between every pairing of the
// built-in policies, both hero sets in both seats, and checks after every
// logged step: health cards on their tracks, warriors alive on distinct
// spaces, at most two different player actions a turn. Every game ends,
// a winner's opponent's hero is defeated, and the same seed replays the
// same log.
func TestPropertySeededGames(t *testing.T) {
	n := *games
	if testing.Short() {
		n = 3
	}
	pols := map[string]Policy{"greedy": Greedy{}, "random": Random{}}
	pairs := [][2]string{{"greedy", "greedy"}, {"greedy", "random"}, {"random", "greedy"}, {"random", "random"}}
	seats := [][2]int{{rs.HeroSetIndex("corvane"), rs.HeroSetIndex("hollis")}, {rs.HeroSetIndex("hollis"), rs.HeroSetIndex("corvane")}}
	wins := map[string]int{}
	play := func(pr [2]string, sets [2]int, seed int64) (*Game, []Event) {
		var g *Game
		var log []Event
		check := func(e Event) {
			log = append(log, e)
			if g == nil {
				return
			}
			if err := g.Invariants(); err != nil {
				t.Fatalf("%v %v seed %d, after %+v: %v", pr, sets, seed, e, err)
			}
		}
		g, err := New(rs, 0, sets, [2]string{"A", "B"}, [2]Policy{pols[pr[0]], pols[pr[1]]}, seed, check)
		if err != nil {
			t.Fatal(err)
		}
		g.Play()
		return g, log
	}
	for _, pr := range pairs {
		for _, sets := range seats {
			for seed := int64(1); seed <= int64(n); seed++ {
				g, log := play(pr, sets, seed)
				if !g.Over {
					t.Fatalf("%v seed %d: game did not end", pr, seed)
				}
				if g.Winner >= 0 && g.W[2*(1-g.Winner)].Alive {
					t.Errorf("%v seed %d: %s wins but the other hero stands", pr, seed, g.P[g.Winner].Set.ID)
				}
				key := "draw"
				if g.Winner >= 0 {
					key = g.P[g.Winner].Set.ID
				}
				wins[fmt.Sprint(pr, " ", key)]++
				_, again := play(pr, sets, seed)
				if !reflect.DeepEqual(log, again) {
					t.Fatalf("%v seed %d: the same seed gave a different log", pr, seed)
				}
			}
		}
	}
	t.Logf("wins: %v", wins)
}
