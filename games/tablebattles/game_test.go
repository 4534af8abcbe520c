package tablebattles

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	tbengine "github.com/roundtable-dev/roundtable/engine/tablebattles"
	"github.com/roundtable-dev/roundtable/games"
)

// rules compiles a pack folder of testdata.
func rules(t *testing.T, dir string) any {
	t.Helper()
	g, ok := games.Lookup("table-battles")
	if !ok {
		t.Fatal("table-battles is not registered")
	}
	var out bytes.Buffer
	rs, err := g.Rules([]string{dir}, &out)
	if err != nil {
		t.Fatalf("%s: %v\n%s", dir, err, &out)
	}
	return rs
}

// TestScenarios runs the rule tests of testdata/scenarios against the
// packs of testdata (issue 17: How to Win from the whole chain of
// reserves).
func TestScenarios(t *testing.T) {
	playtest.Scenarios(t, "testdata/scenarios", playtest.Game{ID: "table-battles", Modes: tbengine.Modes, Rules: rules(t, "testdata/held-line")})
}

// TestHeldLineEndsAtTheRout plays the held-line pack over many seeds: How
// to Win says the Marsh loses at the beginning of its first turn after its
// Skirmishers rout, since the Levy behind the Wall can never come out; the
// engine used to count the Levy as a future attacker, play on, and give
// the Marsh the win one turn later when the Vale could attack nothing.
func TestHeldLineEndsAtTheRout(t *testing.T) {
	rs := rules(t, "testdata/held-line")
	for seed := range uint64(30) {
		m, err := tbengine.Battle.New(rs, play.Options{Seed: seed, Flags: map[string][]string{"scenario": {"held-line"}}})
		if err != nil {
			t.Fatal(err)
		}
		rout := -1
		r := play.NewRunner(m, func(e play.Event) {
			if e.Kind == "rout" && e.Data.(*tbengine.Data).Formation == "marsh-skirmishers" {
				rout = e.Turn
			}
		})
		if err := r.Play([]play.Policy{tbengine.Greedy{}, play.NewRandom(seed, 1)}, 0); err != nil {
			t.Fatal(err)
		}
		res := m.Result()
		if len(res.Winners) != 1 {
			t.Fatalf("seed %d: no winner (%s)", seed, res.Reason)
		}
		want := fmt.Sprintf("routed on turn %d; vale wins on turn %d: no formation of marsh can ever attack vale", rout, rout+1)
		got := fmt.Sprintf("routed on turn %d; %s wins on turn %d: %s", rout, m.Seats()[res.Winners[0]].Name, m.Turn(), res.Reason)
		if got != want {
			t.Errorf("seed %d: %s\n want %s", seed, got, want)
		}
	}
}
