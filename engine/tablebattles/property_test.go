package tablebattles

import (
	"flag"
	"fmt"
	"reflect"
	"testing"

	tbgen "github.com/roundtable-dev/roundtable/generated/tablebattles"
)

var games = flag.Int("tb.games", 400, "seeded games per policy pairing in TestPropertySeededGames")

var reactions = map[string]bool{"screen": true, "counterattack": true, "absorb": true}
var acts = map[string]bool{"attack": true, "bombard": true, "command": true, "retire": true, "null": true, "pass": true}

// TestPropertySeededGames plays many seeded games of every base scenario
// and checks after every event: dice are conserved between pool and cards,
// morale cubes plus special cubes never exceed the box, a reaction is always
// followed by a skipped action phase of the reacting player, only active
// normal formations hold dice, and a formation without units is out of play.
// go test ./engine/tablebattles -run Property -tb.games 5000 plays more.
func TestPropertySeededGames(t *testing.T) {
	rs := tbgen.Ruleset
	pairings := [][2]string{{"random", "random"}, {"greedy", "random"}, {"random", "greedy"}, {"greedy", "greedy"}}
	played, decided := 0, 0
	for si := range rs.Scenarios {
		for _, pair := range pairings {
			for seed := range int64(*games) {
				g := New(rs, si, seed)
				var pol [2]Policy
				for i, name := range pair {
					pol[i] = Policies[name](seed*2 + int64(i))
				}
				watch(g, func(format string, args ...any) {
					t.Fatalf("%s seed %d %v, turn %d: %s", rs.Scenarios[si].ID, seed, pair, g.Turn, fmt.Sprintf(format, args...))
				})
				g.Play(pol)
				played++
				if g.Winner >= 0 {
					decided++
				}
			}
		}
	}
	if decided*10 < played*9 {
		t.Errorf("only %d of %d games were decided before the turn limit", decided, played)
	}
	t.Logf("%d games, %d decided", played, decided)
}

// The same seed replays the same game.
func TestPropertyDeterministic(t *testing.T) {
	run := func() []Event {
		var log []Event
		g := New(tbgen.Ruleset, 1, 42)
		g.Log = func(e Event) { log = append(log, e) }
		g.Play([2]Policy{Policies["random"](1), Policies["greedy"](2)})
		return log
	}
	a, b := run(), run()
	if len(a) == 0 || !reflect.DeepEqual(a, b) {
		t.Errorf("two runs with seed 42 differ (%d and %d events)", len(a), len(b))
	}
}

// watch checks the invariants after every event of g and calls fail on the
// first broken one.
func watch(g *Game, fail func(format string, args ...any)) {
	owed := map[string]int{} // side -> turn of an unanswered reaction
	g.Log = func(e Event) {
		for s := range 2 {
			if got := g.S[s].Pool + g.DiceOnCards(s); got != g.S[s].Dice || g.S[s].Pool < 0 {
				fail("after %s: side %d has %d dice (pool %d), want %d", e.Kind, s, got, g.S[s].Pool, g.S[s].Dice)
			}
		}
		if c := g.Cubes(); c > int(g.Scenario.Cubes) {
			fail("after %s: %d cubes in play, box has %d", e.Kind, c, g.Scenario.Cubes)
		}
		for _, f := range g.F {
			switch {
			case len(f.Dice) > 0 && (f.Gone || f.Reserve || f.Def.Special):
				fail("after %s: %s holds dice %v (gone %v, reserve %v, special %v)", e.Kind, f.Def.ID, f.Dice, f.Gone, f.Reserve, f.Def.Special)
			case f.Units < 0 || f.Def.Special && f.Units > int(f.Def.Strength):
				fail("after %s: %s has %d units or cubes", e.Kind, f.Def.ID, f.Units)
			case !f.Gone && !f.Def.Special && f.Units == 0:
				fail("after %s: %s has no units but is still in play", e.Kind, f.Def.ID)
			}
		}
		switch {
		case reactions[e.Kind]:
			owed[e.Side] = e.Turn
		case e.Kind == "skip":
			if _, ok := owed[e.Side]; !ok {
				fail("%s skipped an action phase without having reacted", e.Side)
			}
			delete(owed, e.Side)
		case acts[e.Kind] || e.Kind == "roll":
			if turn, ok := owed[e.Side]; ok && e.Turn > turn {
				fail("%s reacted on turn %d but had an action phase (%s) on turn %d", e.Side, turn, e.Kind, e.Turn)
			}
		}
	}
}
