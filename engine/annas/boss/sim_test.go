package boss

import "testing"

func TestSimRates(t *testing.T) {
	rs := fixture()
	for b := range rs.Bosses {
		for n := 2; n <= 4; n++ {
			var w, turns int
			reasons := map[string]int{}
			for seed := range uint64(200) {
				g, err := New(rs, Options{Seed: seed, Boss: b, Players: n, Map: -1})
				if err != nil {
					t.Fatal(err)
				}
				pols := make([]Policy, n)
				for i := range pols {
					pols[i] = Greedy
				}
				Play(g, pols, 0)
				if g.Result == PlayersWin {
					w++
				}
				reasons[g.Reason]++
				turns += g.BossTurns
			}
			t.Logf("boss %s players %d: players win %d/200, avg boss turns %.1f %v", rs.Bosses[b].ID, n, w, float64(turns)/200, reasons)
		}
	}
}
