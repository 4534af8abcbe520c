// Package enginebench measures the Anna's Roundtable engine on every core:
// whole random 1v1 games played in parallel, one per goroutine. The
// one-core figures are the engine's own benchmarks (engine/annas).
package enginebench

import (
	"sync/atomic"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas"
	gen "github.com/roundtable-dev/roundtable/generated/annas"
)

// BenchmarkRandomGameParallel: random-policy games, all cores (-cpu N).
func BenchmarkRandomGameParallel(b *testing.B) {
	var seed atomic.Uint64
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			s := seed.Add(1)
			p0, _ := annas.NewPolicy("random", s, 0)
			p1, _ := annas.NewPolicy("random", s, 1)
			if _, err := annas.Play(gen.Ruleset, annas.Options{Seed: s}, [2]annas.Policy{p0, p1}, nil); err != nil {
				b.Error(err)
				return
			}
		}
	})
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(float64(b.N)/s, "games/s")
	}
}
