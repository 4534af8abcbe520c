package tablebattles

import (
	"flag"
	"fmt"
	"reflect"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	tbgen "github.com/roundtable-dev/roundtable/generated/tablebattles"
)

var games = flag.Int("tb.games", 400, "seeded games per policy pairing in TestPropertySeededGames")

var reactions = map[string]bool{"screen": true, "counterattack": true, "absorb": true}

// TestConformance holds every base scenario to the game contract: legal
// texts, positions written and read back, clones, and replays from the seed
// and from the starting position; the engine's invariants after every
// action.
func TestConformance(t *testing.T) {
	for _, sc := range tbgen.Ruleset.Scenarios {
		t.Run(sc.ID, func(t *testing.T) {
			playtest.Conformance(t, playtest.Setup{Game: "table-battles", Mode: Battle, Rules: tbgen.Ruleset,
				Flags: map[string][]string{"scenario": {sc.ID}}, Seeds: 50,
				Check: func(t testing.TB, m play.Match) {
					if msg := invariants(m.(*Game)); msg != "" {
						t.Fatalf("%s", msg)
					}
				}})
		})
	}
}

// TestPropertySeededGames plays many seeded games of every base scenario
// and checks after every action: dice are conserved between pool and
// cards, morale cubes plus special cubes never exceed the box, a reaction
// is always followed by a skipped action phase of the reacting player,
// only active normal formations hold dice, and a formation without units
// is out of play. go test ./engine/tablebattles -run Property -tb.games
// 5000 plays more.
func TestPropertySeededGames(t *testing.T) {
	rs := tbgen.Ruleset
	pairings := [][2]string{{"random", "random"}, {"greedy", "random"}, {"random", "greedy"}, {"greedy", "greedy"}}
	played, decided := 0, 0
	for si := range rs.Scenarios {
		for _, pair := range pairings {
			for seed := range uint64(*games) {
				g := New(rs, si, seed)
				var pols []play.Policy
				for i, name := range pair {
					pols = append(pols, Battle.Policies[name](seed, i))
				}
				playWatched(t, g, pols, fmt.Sprintf("%s seed %d %v", rs.Scenarios[si].ID, seed, pair))
				played++
				if g.winner >= 0 {
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

// playWatched plays g to its end with pols, checking the invariants after
// every action.
func playWatched(t *testing.T, g *Game, pols []play.Policy, name string) {
	t.Helper()
	owed := map[int]int{} // side -> turn of an unanswered reaction
	watch := func() {
		for _, e := range g.Events() {
			switch {
			case reactions[e.Kind]:
				owed[e.Seat] = e.Turn
			case e.Kind == "skip":
				if _, ok := owed[e.Seat]; !ok {
					t.Fatalf("%s: side %d skipped an action phase without having reacted", name, e.Seat)
				}
				delete(owed, e.Seat)
			case e.Kind == "roll":
				if turn, ok := owed[e.Seat]; ok && e.Turn > turn {
					t.Fatalf("%s: side %d reacted on turn %d but rolled on turn %d without skipping its action phase", name, e.Seat, turn, e.Turn)
				}
			}
		}
		if msg := invariants(g); msg != "" {
			t.Fatalf("%s, turn %d: %s", name, g.turn, msg)
		}
	}
	watch()
	for !g.Over() {
		seat := g.ToMove()
		if g.phase == PhaseAction {
			if turn, ok := owed[seat]; ok && g.turn > turn {
				t.Fatalf("%s: side %d reacted on turn %d but has an action phase on turn %d", name, seat, turn, g.turn)
			}
		}
		if err := g.Apply(pols[seat].Choose(g)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		watch()
	}
}

// invariants lists the first broken invariant of g, or "".
func invariants(g *Game) string {
	for s := range 2 {
		if got := g.S[s].Pool + g.DiceOnCards(s); got != g.S[s].Dice || g.S[s].Pool < 0 {
			return fmt.Sprintf("side %d has %d dice (pool %d), want %d", s, got, g.S[s].Pool, g.S[s].Dice)
		}
	}
	if c := g.Cubes(); c > int(g.Scenario.Cubes) {
		return fmt.Sprintf("%d cubes in play, box has %d", c, g.Scenario.Cubes)
	}
	for _, f := range g.F {
		switch {
		case len(f.Dice) > 0 && (f.Gone || f.Reserve || f.Def.Special):
			return fmt.Sprintf("%s holds dice %v (gone %v, reserve %v, special %v)", f.Def.ID, f.Dice, f.Gone, f.Reserve, f.Def.Special)
		case f.Units < 0 || f.Def.Special && f.Units > int(f.Def.Strength):
			return fmt.Sprintf("%s has %d units or cubes", f.Def.ID, f.Units)
		case !f.Gone && !f.Def.Special && f.Units == 0:
			return fmt.Sprintf("%s has no units but is still in play", f.Def.ID)
		}
	}
	if g.phase == PhaseRoll && len(g.roll) > g.S[g.Active].Pool {
		return fmt.Sprintf("a roll of %d dice from a pool of %d", len(g.roll), g.S[g.Active].Pool)
	}
	return ""
}

// The same seed replays the same game, events and all.
func TestPropertyDeterministic(t *testing.T) {
	run := func() []play.Event {
		var log []play.Event
		g := New(tbgen.Ruleset, 1, 42)
		r := play.NewRunner(g, func(e play.Event) { log = append(log, e) })
		if err := r.Play([]play.Policy{play.NewRandom(1, 0), Greedy{}}, 0); err != nil {
			t.Fatal(err)
		}
		return log
	}
	a, b := run(), run()
	if len(a) == 0 || !reflect.DeepEqual(a, b) {
		t.Errorf("two runs with seed 42 differ (%d and %d events)", len(a), len(b))
	}
}
