package tropera_test

import (
	"fmt"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	. "github.com/roundtable-dev/roundtable/engine/tropera"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// Invariants of a battle after every action: no unit on ground it cannot
// enter, no two units on a tile, movement within the allowance, HP within
// bounds, wounded units never acting, passengers off the map.
func Invariants(t testing.TB, m play.Match) {
	t.Helper()
	if err := Check(m.(*Battle)); err != nil {
		t.Fatal(err)
	}
}

// TestBattleConformance plays every shipped battle through the contract's
// conformance harness.
func TestBattleConformance(t *testing.T) {
	for _, bt := range rs.Battles {
		t.Run(bt.ID, func(t *testing.T) {
			playtest.Conformance(t, playtest.Setup{Game: "tropera", Mode: BattleMode, Rules: rs,
				Flags: map[string][]string{"battle": {bt.ID}}, Seeds: 6, MaxActions: 4000, Check: Invariants})
		})
	}
}

var _ = fmt.Sprint
var _ = table.HP

// TestLevelUpConformance plays level-ups through the contract: every
// character of the base content, up to 12 levels (milestone 8 included).
func TestLevelUpConformance(t *testing.T) {
	for _, c := range rs.Characters {
		levels := min(12, table.MaxLevel-int(c.Level))
		if levels < 1 {
			continue
		}
		t.Run(c.ID, func(t *testing.T) {
			playtest.Conformance(t, playtest.Setup{Game: "tropera", Mode: LevelUpMode, Rules: rs,
				Flags: map[string][]string{"character": {c.ID}, "levels": {fmt.Sprint(levels)}}, Seeds: 4})
		})
	}
}
