package tablebattles

import (
	"math/rand/v2"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
)

// act is an action in a test fixture; targets are formation ids.
type act struct {
	typ     table.ActionType
	req     table.Requirement
	targets []string
	any     bool
	hits    int8
	perDie  bool
	self    int8
	vol     bool
	needs   int8 // table.Action.Needs
}

// spec is a formation in a test fixture.
type spec struct {
	id      string
	side    int
	wing    table.Wing
	str     int8
	special bool
	star    bool
	area    table.DiceArea
	acts    []act
	reserve table.Reserve
	behind  string
	retire  bool
	pursuit bool
}

var any6 = table.DiceArea{Src: "1-6", Faces: 0b1111110}

// fixture builds a one-scenario ruleset from specs; side 0 ("north") goes
// first.
func fixture(t testing.TB, morale [2]int8, specs ...spec) *table.Ruleset {
	t.Helper()
	rs := &table.Ruleset{}
	idx := map[string]int16{}
	for i, s := range specs {
		idx[s.id] = int16(i)
	}
	ref := func(id string) int16 {
		i, ok := idx[id]
		if !ok {
			t.Fatalf("fixture: unknown formation %q", id)
		}
		return i
	}
	sc := table.Scenario{ID: "test", Cubes: 10}
	for s := range 2 {
		sc.Sides[s] = table.Side{ID: []string{"north", "south"}[s], Name: "side", Morale: morale[s], Dice: 6}
	}
	for i, s := range specs {
		f := table.Formation{ID: s.id, Name: s.id, Wing: s.wing, Strength: s.str, Special: s.special, Star: s.star,
			Dice: s.area, Reserve: s.reserve, Behind: -1, Retire: s.retire, Pursuit: s.pursuit}
		if f.Dice.Src == "" {
			f.Dice = any6
		}
		if s.behind != "" {
			f.Behind = ref(s.behind)
		}
		for _, a := range s.acts {
			ta := table.Action{Type: a.typ, Requirement: a.req, Any: a.any, Hits: a.hits, PerDie: a.perDie, Self: a.self, Voluntary: a.vol, Needs: a.needs}
			for _, id := range a.targets {
				ta.Targets = append(ta.Targets, ref(id))
			}
			f.Actions = append(f.Actions, ta)
		}
		rs.Formations = append(rs.Formations, f)
		sc.Sides[s.side].Formations = append(sc.Sides[s.side].Formations, int16(i))
	}
	rs.Scenarios = []table.Scenario{sc}
	return rs
}

// setup builds a fixture and a battle standing at side 0's first action
// phase, whatever dice it holds (put them with put).
func setup(t testing.TB, morale [2]int8, specs ...spec) *Game {
	t.Helper()
	g := newGame(fixture(t, morale, specs...), 0, rand.NewPCG(1, 2))
	g.setUp()
	g.turn, g.phase = 1, PhaseAction
	return g
}

// put moves dice from the owner's pool onto a card.
func put(t testing.TB, g *Game, id string, dice ...int) *Formation {
	t.Helper()
	f := g.ByID(id)
	if f == nil {
		t.Fatalf("no formation %q", id)
	}
	g.S[f.Side].Pool -= len(dice)
	f.Dice = append(f.Dice, dice...)
	g.unlist()
	return f
}

// texts lists the legal actions' texts (tests change the state behind the
// match's back, so the list is made afresh).
func texts(g *Game) []string {
	g.unlist()
	var out []string
	for i := range g.Legal() {
		out = append(out, g.Action(i))
	}
	return out
}

// do takes the legal actions written as texts, in order.
func do(t testing.TB, g *Game, actions ...string) {
	t.Helper()
	for _, a := range actions {
		g.unlist()
		i, err := play.Find(g, a)
		if err != nil {
			t.Fatalf("%v; legal: %q", err, texts(g))
		}
		if err := g.Apply(i); err != nil {
			t.Fatal(err)
		}
	}
}

func attack(hits int8, targets ...string) act {
	return act{typ: table.Attack, hits: hits, targets: targets}
}
