package annas

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	annasgen "github.com/roundtable-dev/roundtable/generated/annas"
)

// TestConformanceVersus plays seeded versus matches on the base content
// through the game contract (playtest.Conformance: texts, positions,
// clones, replays), checking the game's invariants after every action.
func TestConformanceVersus(t *testing.T) {
	n := 50
	if testing.Short() {
		n = 10
	}
	playtest.Conformance(t, playtest.Setup{Game: "annas", Mode: Versus, Rules: annasgen.Ruleset, Seeds: n,
		Flags: map[string][]string{"vp-deck": {"quick"}},
		Check: func(t testing.TB, m play.Match) {
			if err := check(m.(*Match).G); err != nil {
				t.Fatal(err)
			}
		}})
}

// TestConformanceBoss plays seeded boss matches on the base content (each
// boss, 2 to 4 players) through the game contract, decisions of the boss
// turn included, checking the invariants after every action.
func TestConformanceBoss(t *testing.T) {
	n := 50
	if testing.Short() {
		n = 10
	}
	for _, boss := range []string{"grima", "medeus"} {
		for _, players := range []string{"2", "3", "4"} {
			t.Run(boss+"-"+players, func(t *testing.T) {
				playtest.Conformance(t, playtest.Setup{Game: "annas", Mode: Boss, Rules: annasgen.Ruleset, Seeds: n / 3,
					Flags: map[string][]string{"boss": {boss}, "players": {players}},
					Check: func(t testing.TB, m play.Match) {
						if err := checkBoss(m.(*Match).G); err != nil {
							t.Fatal(err)
						}
					}})
			})
		}
	}
}
