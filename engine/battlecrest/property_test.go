package battlecrest

import (
	"flag"
	"fmt"
	"reflect"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
)

var games = flag.Int("bc.games", 10, "seeded games per policy pairing and seating in TestPropertySeededGames")

// TestPropertySeededGames plays seeded games between every pairing of the
// built-in policies, both hero sets in both seats, and checks after every
// action: health cards on their tracks, warriors alive on distinct spaces,
// at most two different player actions a turn. Every game ends, a winner's
// opponent's hero is defeated, and the same seed replays the same actions
// and events.
func TestPropertySeededGames(t *testing.T) {
	n := *games
	if testing.Short() {
		n = 3
	}
	pols := map[string]play.PolicyMaker{"greedy": NewGreedy, "random": play.NewRandom}
	pairs := [][2]string{{"greedy", "greedy"}, {"greedy", "random"}, {"random", "greedy"}, {"random", "random"}}
	seats := [][2]int{{rs.HeroSetIndex("corvane"), rs.HeroSetIndex("hollis")}, {rs.HeroSetIndex("hollis"), rs.HeroSetIndex("corvane")}}
	wins := map[string]int{}
	run := func(pr [2]string, sets [2]int, seed uint64) (*Game, []string, []play.Event) {
		g, err := New(rs, 0, sets, seed)
		if err != nil {
			t.Fatal(err)
		}
		var events []play.Event
		r := play.NewRunner(g, func(e play.Event) { events = append(events, e) })
		ps := []play.Policy{pols[pr[0]](seed, 0), pols[pr[1]](seed, 1)}
		for !g.Over() {
			if err := r.Do(ps[g.ToMove()].Choose(g)); err != nil {
				t.Fatal(err)
			}
			if err := g.Invariants(); err != nil {
				t.Fatalf("%v %v seed %d, after %q: %v", pr, sets, seed, r.Log[len(r.Log)-1], err)
			}
		}
		return g, r.Log, events
	}
	for _, pr := range pairs {
		for _, sets := range seats {
			for seed := uint64(1); seed <= uint64(n); seed++ {
				g, log, events := run(pr, sets, seed)
				if g.Winner >= 0 && g.W[2*(1-g.Winner)].Alive {
					t.Errorf("%v seed %d: %s wins but the other hero stands", pr, seed, g.P[g.Winner].Set.ID)
				}
				key := "draw"
				if g.Winner >= 0 {
					key = g.P[g.Winner].Set.ID
				}
				wins[fmt.Sprint(pr, " ", key)]++
				_, log2, events2 := run(pr, sets, seed)
				if !reflect.DeepEqual(log, log2) || !reflect.DeepEqual(events, events2) {
					t.Fatalf("%v seed %d: the same seed gave a different game", pr, seed)
				}
			}
		}
	}
	t.Logf("wins: %v", wins)
}
