package all_test

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/search"
	"github.com/roundtable-dev/roundtable/engine/sim"
	"github.com/roundtable-dev/roundtable/games"
)

// searchAt is the registry's search policy of m at another budget.
func searchAt(m play.Mode, budget int) play.PolicyMaker {
	return search.Over(m.Policies["greedy"], budget).Maker()
}

// TestSearchBeatsGreedyInTheSameSeat plays the same seeded games twice:
// greedy against greedy, then with the search in the second seat (where
// every game here is weaker), and asserts that the search wins clearly
// more of them. The games are seeded and the search is deterministic, so
// the counts are fixed; the bars sit well under what was measured over
// 100–200 games (docs/performance.md, "Search against greedy").
func TestSearchBeatsGreedyInTheSameSeat(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 80 games with search")
	}
	cases := []struct {
		game, mode string
		budget     int
		games      int
		minMargin  int // search's wins minus greedy's, in the second seat
	}{
		{"annas", "versus", 20, 20, 4},          // measured +37 points at 20 (100 games)
		{"battlecrest", "versus", 20, 20, 6},    // +57 at 20 (40 games)
		{"table-battles", "battle", 100, 20, 4}, // +30 at 100 (100 games)
		{"fe-cipher", "versus", 100, 20, 4},     // +44 at 100 (100 games)
	}
	for _, tc := range cases {
		t.Run(tc.game+"/"+tc.mode, func(t *testing.T) {
			t.Parallel()
			g, ok := games.Lookup(tc.game)
			if !ok {
				t.Fatalf("no game %s", tc.game)
			}
			m, err := g.Mode(tc.mode)
			if err != nil {
				t.Fatal(err)
			}
			if m.Policies["greedy"] == nil {
				t.Fatalf("%s %s has no greedy policy", tc.game, tc.mode)
			}
			wins := func(second play.PolicyMaker, name string) int {
				c := simConfig(t, g, m, "greedy", tc.games, 1)
				c.Makers[1], c.Policies[1] = second, name
				r, err := sim.Run(c)
				if err != nil {
					t.Fatal(err)
				}
				return r.Seats[1].Wins
			}
			greedy := wins(m.Policies["greedy"], "greedy")
			searched := wins(searchAt(m, tc.budget), "search")
			t.Logf("second seat over %d games: greedy %d wins, search (%d playouts) %d", tc.games, greedy, tc.budget, searched)
			if searched-greedy < tc.minMargin {
				t.Errorf("search won %d of %d games in the second seat, greedy %d: want at least %d more", searched, tc.games, greedy, tc.minMargin)
			}
		})
	}
}
