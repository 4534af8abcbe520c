package tropera_test

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"

	. "github.com/roundtable-dev/roundtable/engine/tropera"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

func BenchmarkForecast(b *testing.B) {
	lyn, _ := NewUnit(rs, rs.CharacterIndex("lyn"), rs.WeaponIndex("iron-sword"), -1)
	soldier, _ := NewUnit(rs, rs.CharacterIndex("vissan-soldier"), rs.WeaponIndex("iron-lance"), rs.TerrainIndex("forest"))
	for b.Loop() {
		_ = NewForecast(lyn, soldier, 1)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "forecasts/s")
}

func BenchmarkLevelUp(b *testing.B) {
	d := NewSeeded(1)
	g := table.Stats{3, 2, 0, 3, 3, 2, 1, 1}
	for b.Loop() {
		_, _ = Level(d, g, 2, nil, nil)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "level-ups/s")
}

// BenchmarkBattle plays whole Durvalla Road battles, greedy against the
// enemy levels, without events.
func BenchmarkBattle(b *testing.B) {
	bi := rs.BattleIndex("durvalla-road")
	seed := uint64(0)
	for b.Loop() {
		seed++
		m, _ := NewBattle(rs, bi, seed, true)
		r := play.NewRunner(m, nil)
		_ = r.Play([]play.Policy{NewGreedy(seed, 0), NewGreedy(seed, 1)}, 0)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "battles/s")
}

// BenchmarkLegal lists the legal actions at the start of the big battle's
// first party phase (seven units, every move and attack).
func BenchmarkLegal(b *testing.B) {
	m, _ := NewBattle(rs, rs.BattleIndex("calderia-crossing"), 1, true)
	for m.ToMove() == Party && m.Phase() == Party && m.Round() == 1 && len(m.Units) > 0 && m.Legal() > 0 && m.Action(0)[:5] == "place" {
		_ = m.Apply(0)
	}
	for b.Loop() {
		m.Clone().Legal()
	}
}
