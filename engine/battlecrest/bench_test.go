package battlecrest

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// BenchmarkGreedyGame plays whole greedy-vs-greedy games on Thornmere.
func BenchmarkGreedyGame(b *testing.B) {
	sets := [2]int{rs.HeroSetIndex("corvane"), rs.HeroSetIndex("hollis")}
	n := 0
	for b.Loop() {
		n++
		g, err := setup(rs, 0, sets, uint64(n), true)
		if err != nil {
			b.Fatal(err)
		}
		if err := play.NewRunner(g, nil).Play([]play.Policy{Greedy{}, Greedy{}}, 0); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "games/s")
}
