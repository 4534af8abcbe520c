package studio

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// BenchmarkPlayClick is a person's click on the play page: POST act,
// answered with the updated state, and (the page's next request) the
// state once the engine seats have answered (GET wait=1), for each game
// and mode: "view" (the baseline: the state alone, GET), "greedy" (engine
// seats greedy: no search) and "search" (the search at the mode's
// OpponentBudget, the default opposite a person). It reports the 95th
// percentile (p95-ms) beside ns/op; docs/performance.md, "Play in the
// studio", has the figures.
func BenchmarkPlayClick(b *testing.B) {
	p := newPlayServer(b, nil)
	for _, c := range everyMode(b, p.s) {
		for _, kind := range []string{"view", "greedy", "search"} {
			b.Run(fmt.Sprintf("%s-%s/%s", c.game.ID, c.mode.Name, kind), func(b *testing.B) {
				p.t = b
				engine := "greedy"
				if kind == "search" {
					engine = fmt.Sprintf("search:%d", opponentBudget(c.mode))
				}
				seats := seatsOf(b, p.s, c.game, c.mode, c.o, engine)
				rng := rand.New(rand.NewPCG(1, 1))
				seed := uint64(0)
				var id string
				var st playState
				fresh := func() {
					seed++
					res := p.start(startRequest{Game: c.game.ID, Mode: c.mode.Name, Seed: seed, Flags: c.o.Flags, Seats: seats})
					id, st = res.ID, p.settle(res.ID, 0, res.State)
				}
				fresh()
				times := make([]time.Duration, 0, b.N)
				b.ResetTimer()
				for range b.N {
					if st.Over || !st.YourTurn {
						b.StopTimer()
						fresh()
						b.StartTimer()
					}
					t0 := time.Now()
					if kind == "view" {
						st = p.view(id, 0, false)
					} else {
						code, next, msg := p.act(id, 0, st.Version, st.Actions[rng.IntN(len(st.Actions))].Text)
						if code != 200 {
							b.Fatalf("act: %d %s", code, msg)
						}
						st = p.settle(id, 0, next)
					}
					times = append(times, time.Since(t0))
				}
				b.StopTimer()
				slices.Sort(times)
				b.ReportMetric(float64(times[len(times)*95/100].Microseconds())/1000, "p95-ms")
			})
		}
	}
}
