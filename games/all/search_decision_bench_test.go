//go:build unix

package all_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/games"
)

// typicalPositions are decisions of greedy games of m (its example's
// flags, seeds 1 to 3) a quarter, half and three quarters of the way
// through, where the seat to move has more than one action.
func typicalPositions(tb testing.TB, g *games.Game, m play.Mode) []play.Match {
	tb.Helper()
	var out []play.Match
	flags := exampleFlags(m)
	for seed := uint64(1); seed <= 3; seed++ {
		match, err := m.New(g.Base(), play.Options{Seed: seed, Quiet: true, Flags: flags})
		if err != nil {
			tb.Fatal(err)
		}
		pols := map[int]play.Policy{}
		var choices []play.Match
		for steps := 0; !match.Over() && steps < 100000; steps++ {
			s := match.ToMove()
			if pols[s] == nil {
				pols[s] = m.Policies["greedy"](seed, s)
			}
			if match.Legal() > 1 {
				choices = append(choices, match.Clone())
			}
			if err := match.Apply(pols[s].Choose(match)); err != nil {
				tb.Fatal(err)
			}
		}
		for _, q := range []int{1, 2, 3} {
			if len(choices) > 0 {
				out = append(out, choices[len(choices)*q/4])
			}
		}
	}
	return out
}

// BenchmarkSearchDecision is the time of one decision of the search (as
// it plays against a person: search.Over the mode's greedy) at several
// budgets, from typical positions of every game and mode: ns/op is wall
// time per decision, cpu-ms/decision the CPU time (the steadier figure on
// a shared machine), max-ms the slowest position's CPU time. It picks
// each mode's OpponentBudget (docs/performance.md, "Search opposite a
// person").
func BenchmarkSearchDecision(b *testing.B) {
	for _, g := range games.All() {
		for _, m := range g.Modes {
			if m.Policies["greedy"] == nil || m.OpponentBudget == 0 {
				continue // no seat opposes a person (Tropera's level-ups)
			}
			positions := typicalPositions(b, g, m)
			for _, budget := range []int{m.OpponentBudget / 2, m.OpponentBudget, 2 * m.OpponentBudget} {
				b.Run(fmt.Sprintf("%s/%s/budget=%d", g.ID, m.Name, budget), func(b *testing.B) {
					mk := searchAt(m, budget)
					var cpu, slowest time.Duration
					b.ResetTimer()
					for i := range b.N {
						p := positions[i%len(positions)].Clone()
						c0 := cpuTime()
						mk(1, p.ToMove()).Choose(p)
						c := cpuTime() - c0
						cpu += c
						slowest = max(slowest, c)
					}
					b.ReportMetric(cpu.Seconds()*1000/float64(b.N), "cpu-ms/decision")
					b.ReportMetric(slowest.Seconds()*1000, "max-cpu-ms")
				})
			}
		}
	}
}
