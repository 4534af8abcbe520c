package battlecrest

import (
	"fmt"
	"maps"
	"slices"
	"sync"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/battlecrest/table"
	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/sim"
)

// eventSpecials are the shipped specials that answer another warrior's
// event (docs/battlecrest.md, "Triggers"), by hero set.
var eventSpecials = map[string][]string{"sabine": {"Long Watch", "Stoop"}, "ulric": {"Warden's Answer", "Give Chase"}}

// counted is a match whose events are counted as the run plays it: the
// special events by the ability they name. The sim discards every match's
// events; this match hands them to the count first.
type counted struct {
	*Game
	mu   *sync.Mutex
	uses map[string]int
}

func (m counted) Events() []play.Event {
	es := m.Game.Events()
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, e := range es {
		if d, ok := e.Data.(map[string]any); ok && e.Kind == "special" {
			m.uses[fmt.Sprint(d["ability"])]++
		}
	}
	return es
}

// unwrapped is a policy of the Game inside a counted match.
type unwrapped struct{ p play.Policy }

func (u unwrapped) Choose(m play.Match) int { return u.p.Choose(m.(counted).Game) }

// specialUses runs `roundtable sim battlecrest --games n --hero-set A
// --hero-set B` (greedy against greedy, seed 1) through engine/sim with
// events on, and returns how often each special was used and the result.
func specialUses(t *testing.T, ruleset *table.Ruleset, n int, sets ...string) (map[string]int, *sim.Result) {
	t.Helper()
	var mu sync.Mutex
	uses := map[string]int{}
	flags := map[string][]string{"hero-set": sets}
	greedy := func(seed uint64, seat int) play.Policy { return unwrapped{NewGreedy(seed, seat)} }
	r, err := sim.Run(sim.Config{Game: GameID, Mode: Versus.Name, Flags: flags, Seed: 1, Games: n,
		Makers: []play.PolicyMaker{greedy, greedy}, Policies: []string{"greedy", "greedy"},
		New: func(seed uint64) (play.Match, error) {
			m, err := Versus.New(ruleset, play.Options{Seed: seed, Flags: flags})
			if err != nil {
				return nil, err
			}
			return counted{m.(*Game), &mu, uses}, nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	return uses, r
}

// TestEventSpecialsUsedInSim: each shipped event special is used in 1,000
// seeded games of its hero sets, the games `roundtable sim battlecrest
// --games 1000 --hero-set sabine --hero-set ulric` plays (the same wins as
// a quiet run of the sim: counting changed no game).
func TestEventSpecialsUsedInSim(t *testing.T) {
	const n = 1000
	uses, r := specialUses(t, rs, n, "sabine", "ulric")
	quiet, err := sim.Run(sim.Config{Game: GameID, Mode: Versus.Name, Seed: 1, Games: n,
		Makers: []play.PolicyMaker{NewGreedy, NewGreedy}, Policies: []string{"greedy", "greedy"},
		New: func(seed uint64) (play.Match, error) {
			return Versus.New(rs, play.Options{Seed: seed, Quiet: true, Flags: map[string][]string{"hero-set": {"sabine", "ulric"}}})
		}})
	if err != nil {
		t.Fatal(err)
	}
	for k := range r.Seats {
		if r.Seats[k].Wins != quiet.Seats[k].Wins || r.Draws != quiet.Draws {
			t.Fatalf("seat %d: %d wins counted, %d in the quiet sim (draws %d, %d)", k, r.Seats[k].Wins, quiet.Seats[k].Wins, r.Draws, quiet.Draws)
		}
	}
	for _, set := range slices.Sorted(maps.Keys(eventSpecials)) {
		for _, name := range eventSpecials[set] {
			t.Logf("%s: %s used %d times in %d games", set, name, uses[name], n)
			if uses[name] == 0 {
				t.Errorf("%s's %s was never used in %d games", set, name, n)
			}
		}
	}
}

// TestSpecialUsesCountsNothingUnused: the count behind
// TestEventSpecialsUsedInSim finds no use of a special the engine cannot
// use (each kept as text), so a special never offered fails that test.
func TestSpecialUsesCountsNothingUnused(t *testing.T) {
	c := *rs
	c.HeroSets = slices.Clone(rs.HeroSets)
	for i := range c.HeroSets {
		c.HeroSets[i].HeroSpecial.When, c.HeroSets[i].MinionSpecial.When = table.NoTiming, table.NoTiming
	}
	uses, r := specialUses(t, &c, 50, "sabine", "ulric")
	if r.Played != 50 || len(uses) != 0 {
		t.Errorf("%d games, uses %v; want 50 and none", r.Played, uses)
	}
	uses, _ = specialUses(t, rs, 50, "sabine", "ulric")
	if len(uses) == 0 {
		t.Errorf("no special used in 50 games of the shipped sets")
	}
}
