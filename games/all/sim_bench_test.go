//go:build unix

package all_test

import (
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/sim"
	"github.com/roundtable-dev/roundtable/games"
)

// benchBudget is the search budget of the benchmarks: playouts per
// decision.
const benchBudget = 20

// simConfig is a run of games of g's mode m on the base content, every seat
// playing pol, on workers workers.
func simConfig(tb testing.TB, g *games.Game, m play.Mode, pol string, n, workers int) sim.Config {
	rules := g.Base()
	mk := m.Policies[pol]
	if pol == "random" && mk == nil {
		mk = play.NewRandom
	}
	if mk == nil {
		tb.Skipf("%s %s has no policy %s", g.ID, m.Name, pol)
	}
	probe, err := m.New(rules, play.Options{Seed: 1, Quiet: true})
	if err != nil {
		tb.Fatal(err)
	}
	c := sim.Config{Game: g.ID, Mode: m.Name, Seed: 1, Games: n, Workers: workers, MaxActions: 100000,
		New: func(seed uint64) (play.Match, error) { return m.New(rules, play.Options{Seed: seed, Quiet: true}) }}
	for range probe.Seats() {
		c.Makers = append(c.Makers, mk)
		c.Policies = append(c.Policies, pol)
	}
	return c
}

// BenchmarkSim is the throughput of sim on one worker for every game, mode
// and policy (every seat playing it; search at 20 playouts per decision):
// games/s of wall time, and games/cpu-s of CPU time (the steadier figure on
// a shared machine).
func BenchmarkSim(b *testing.B) {
	for _, g := range games.All() {
		for _, m := range g.Modes {
			for _, pol := range []string{"random", "greedy", "search"} {
				b.Run(fmt.Sprintf("%s/%s/%s", g.ID, m.Name, pol), func(b *testing.B) {
					c := simConfig(b, g, m, pol, b.N, 1)
					if pol == "search" {
						c.Makers = nil
						for range c.Policies {
							c.Makers = append(c.Makers, searchAt(m, benchBudget))
						}
					}
					b.ResetTimer()
					start, c0 := time.Now(), cpuTime()
					if _, err := sim.Run(c); err != nil {
						b.Fatal(err)
					}
					b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "games/s")
					b.ReportMetric(float64(b.N)/(cpuTime()-c0).Seconds(), "games/cpu-s")
				})
			}
		}
	}
}

// BenchmarkSimScaling plays the same 400 greedy games (random where a mode
// has no greedy) on one worker and on two, in each iteration, and reports
// the ratio of their wall times (speedup: the second core's gain, measured
// in the same run) and of their CPU times (cpu-ratio: 1 when two workers
// do no more work than one; on a machine shared with other jobs the wall
// ratio also measures the neighbours, the CPU ratio does not).
func BenchmarkSimScaling(b *testing.B) {
	const n = 400
	for _, g := range games.All() {
		for _, m := range g.Modes {
			b.Run(g.ID+"/"+m.Name, func(b *testing.B) {
				pol := "greedy"
				if m.Policies[pol] == nil {
					pol = "random"
				}
				var wall, cpu [3]time.Duration
				for range b.N {
					for _, w := range []int{1, 2} {
						start, c0 := time.Now(), cpuTime()
						if _, err := sim.Run(simConfig(b, g, m, pol, n, w)); err != nil {
							b.Fatal(err)
						}
						wall[w] += time.Since(start)
						cpu[w] += cpuTime() - c0
					}
				}
				b.ReportMetric(wall[1].Seconds()/wall[2].Seconds(), "speedup")
				b.ReportMetric(cpu[1].Seconds()/cpu[2].Seconds(), "cpu-ratio")
				b.ReportMetric(float64(n*b.N)/wall[1].Seconds(), "games/s-1worker")
				b.ReportMetric(float64(n*b.N)/wall[2].Seconds(), "games/s-2workers")
			})
		}
	}
}

// cpuTime is the process's user and system time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
