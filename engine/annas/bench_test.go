package annas_test

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
	gen "github.com/roundtable-dev/roundtable/generated/annas"
)

func BenchmarkForecast(b *testing.B) {
	rs := gen.Ruleset
	a, d := rs.UnitIndex("chrom"), rs.UnitIndex("frederick")
	for b.Loop() {
		annas.Forecast(rs, a, d, 10, 11, false, false, 1)
	}
	perSecond(b, "forecasts/s")
}

// perSecond reports the benchmark's rate under a readable unit.
func perSecond(b *testing.B, unit string) {
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(float64(b.N)/s, unit)
	}
}

func BenchmarkReach(b *testing.B) {
	rs := gen.Ruleset
	m := &rs.Maps[rs.MapIndex("default")]
	var terr [annas.Tiles]int16
	for i := range terr {
		terr[i] = int16(m.Tiles[i])
	}
	f := annas.Field{Rules: rs, Terrain: &terr, Allies: 1 << 14, Enemies: 1 << 20, Closed: m.Deploy[table.North]}
	u := &rs.Units[rs.UnitIndex("chrom")]
	at, _ := table.ParseTile("c1")
	for b.Loop() {
		f.Reach(at, int(u.Mov), u.Tags)
	}
	perSecond(b, "reaches/s")
}

// midGame plays a seeded greedy game for a number of actions.
func midGame(b *testing.B, actions int) *annas.Game {
	p0, _ := annas.NewPolicy("greedy", 5, 0)
	p1, _ := annas.NewPolicy("greedy", 5, 1)
	g, err := annas.New(gen.Ruleset, annas.Options{Seed: 5})
	if err != nil {
		b.Fatal(err)
	}
	pol := [2]annas.Policy{p0, p1}
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
	g := midGame(b, 30)
	for b.Loop() {
		g.LegalActions()
	}
	perSecond(b, "calls/s")
	b.ReportMetric(float64(len(g.LegalActions())), "actions")
}

func benchGames(b *testing.B, policy string) {
	seed := uint64(0)
	for b.Loop() {
		seed++
		p0, _ := annas.NewPolicy(policy, seed, 0)
		p1, _ := annas.NewPolicy(policy, seed, 1)
		if _, err := annas.Play(gen.Ruleset, annas.Options{Seed: seed}, [2]annas.Policy{p0, p1}, nil); err != nil {
			b.Fatal(err)
		}
	}
	perSecond(b, "games/s")
}

func BenchmarkRandomGame(b *testing.B) { benchGames(b, "random") }
func BenchmarkGreedyGame(b *testing.B) { benchGames(b, "greedy") }
