package tropera_test

import (
	"testing"

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
