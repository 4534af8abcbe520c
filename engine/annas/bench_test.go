package annas_test

import (
	"sync/atomic"
	"testing"
	"time"

	annasengine "github.com/roundtable-dev/roundtable/engine/annas"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
	annasgen "github.com/roundtable-dev/roundtable/generated/annas"
)

func BenchmarkForecast(b *testing.B) {
	start := cpuTime()
	rs := annasgen.Ruleset
	a, d := rs.UnitIndex("chrom"), rs.UnitIndex("frederick")
	for b.Loop() {
		annasengine.Forecast(rs, a, d, 10, 11, false, false, 1)
	}
	perSecond(b, "forecasts/s", start)
}

// BenchmarkForecastAll cycles through every attacker, defender and
// distance 1–3 of the base content at full HP (in and out of range).
func BenchmarkForecastAll(b *testing.B) {
	start := cpuTime()
	rs := annasgen.Ruleset
	n := len(rs.Units)
	i := 0
	for b.Loop() {
		a, d, dist := i%n, i/n%n, 1+i/(n*n)%3
		annasengine.Forecast(rs, a, d, int(rs.Units[a].Stats.HP), int(rs.Units[d].Stats.HP), false, false, dist)
		i++
	}
	perSecond(b, "forecasts/s", start)
}

// BenchmarkForecastTo is BenchmarkForecast reusing the outcome's memory.
func BenchmarkForecastTo(b *testing.B) {
	start := cpuTime()
	rs := annasgen.Ruleset
	a, d := rs.UnitIndex("chrom"), rs.UnitIndex("frederick")
	var o annasengine.Outcome
	for b.Loop() {
		annasengine.ForecastTo(&o, rs, a, d, 10, 11, false, false, 1)
	}
	perSecond(b, "forecasts/s", start)
}

// BenchmarkForecaster is BenchmarkForecast on a Forecaster (effect lists
// prepared once, no allocation).
func BenchmarkForecaster(b *testing.B) {
	start := cpuTime()
	rs := annasgen.Ruleset
	a, d := rs.UnitIndex("chrom"), rs.UnitIndex("frederick")
	f := annasengine.NewForecaster(rs)
	var o annasengine.Outcome
	for b.Loop() {
		f.Forecast(&o, a, d, 10, 11, false, false, 1)
	}
	perSecond(b, "forecasts/s", start)
}

// BenchmarkForecasterAll is BenchmarkForecastAll on a Forecaster.
func BenchmarkForecasterAll(b *testing.B) {
	start := cpuTime()
	rs := annasgen.Ruleset
	f := annasengine.NewForecaster(rs)
	var o annasengine.Outcome
	n := len(rs.Units)
	i := 0
	for b.Loop() {
		a, d, dist := i%n, i/n%n, 1+i/(n*n)%3
		f.Forecast(&o, a, d, int(rs.Units[a].Stats.HP), int(rs.Units[d].Stats.HP), false, false, dist)
		i++
	}
	perSecond(b, "forecasts/s", start)
}

// perSecond reports the benchmark's rate under a readable unit, by the wall
// clock and per second of the process's CPU time since start (cpuTime at
// the top of the benchmark function). The machine is shared: the CPU-time
// rate is the one that does not move with the load of other processes.
func perSecond(b *testing.B, unit string, start time.Duration) {
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(float64(b.N)/s, unit)
	}
	if cpu := (cpuTime() - start).Seconds(); start > 0 && cpu > 0 {
		b.ReportMetric(float64(b.N)/cpu, unit[:len(unit)-2]+"/cpu-s")
	}
}

func BenchmarkReach(b *testing.B) {
	start := cpuTime()
	rs := annasgen.Ruleset
	m := &rs.Maps[rs.MapIndex("default")]
	var terr [annasengine.Tiles]int16
	for i := range terr {
		terr[i] = int16(m.Tiles[i])
	}
	f := annasengine.Field{Rules: rs, Terrain: &terr, Allies: 1 << 14, Enemies: 1 << 20, Closed: m.Deploy[table.North]}
	u := &rs.Units[rs.UnitIndex("chrom")]
	at, _ := table.ParseTile("c1")
	for b.Loop() {
		f.Reach(at, int(u.Mov), u.Tags)
	}
	perSecond(b, "reaches/s", start)
}

// midGame plays a seeded greedy game for a number of actions.
func midGame(b *testing.B, actions int) *annasengine.Game {
	p0, _ := annasengine.NewPolicy("greedy", 5, 0)
	p1, _ := annasengine.NewPolicy("greedy", 5, 1)
	g, err := annasengine.New(annasgen.Ruleset, annasengine.Options{Seed: 5, Quick: true})
	if err != nil {
		b.Fatal(err)
	}
	pol := [2]annasengine.Policy{p0, p1}
	for range actions {
		if g.Over() {
			break
		}
		if err := g.Apply(pol[g.Actor()].Choose(g, g.LegalActions())); err != nil {
			b.Fatal(err)
		}
	}
	return g
}

func BenchmarkLegalActions(b *testing.B) {
	start := cpuTime()
	g := midGame(b, 30)
	for b.Loop() {
		g.LegalActions()
	}
	perSecond(b, "calls/s", start)
	b.ReportMetric(float64(len(g.LegalActions())), "actions")
}

func benchGames(b *testing.B, policy string) {
	start := cpuTime()
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		p0, _ := annasengine.NewPolicy(policy, seed, 0)
		p1, _ := annasengine.NewPolicy(policy, seed, 1)
		if _, err := annasengine.Play(annasgen.Ruleset, annasengine.Options{Seed: seed, Quick: true}, [2]annasengine.Policy{p0, p1}, nil); err != nil {
			b.Fatal(err)
		}
	}
	perSecond(b, "games/s", start)
}

func BenchmarkRandomGame(b *testing.B) { benchGames(b, "random") }
func BenchmarkGreedyGame(b *testing.B) { benchGames(b, "greedy") }

// BenchmarkRandomGameParallel plays random games on every core
// (GOMAXPROCS goroutines): the machine's game throughput.
func BenchmarkRandomGameParallel(b *testing.B) {
	start := cpuTime()
	var next atomic.Uint64
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			seed := next.Add(1)
			p0, _ := annasengine.NewPolicy("random", seed, 0)
			p1, _ := annasengine.NewPolicy("random", seed, 1)
			if _, err := annasengine.Play(annasgen.Ruleset, annasengine.Options{Seed: seed, Quick: true}, [2]annasengine.Policy{p0, p1}, nil); err != nil {
				b.Error(err)
				return
			}
		}
	})
	perSecond(b, "games/s", start)
}
