package battlecrest

import "testing"

// BenchmarkGreedyGame plays whole greedy-vs-greedy games on Thornmere.
func BenchmarkGreedyGame(b *testing.B) {
	sets := [2]int{rs.HeroSetIndex("corvane"), rs.HeroSetIndex("hollis")}
	n := 0
	for b.Loop() {
		n++
		g, err := New(rs, 0, sets, [2]string{"A", "B"}, [2]Policy{Greedy{}, Greedy{}}, int64(n), nil)
		if err != nil {
			b.Fatal(err)
		}
		g.Play()
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "games/s")
}
