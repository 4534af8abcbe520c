package tablebattles

import (
	"slices"
	"testing"

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

// setup builds a one-scenario ruleset from specs and starts a game in which
// side 0 is to act.
func setup(t *testing.T, morale [2]int8, specs ...spec) *Game {
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
			ta := table.Action{Type: a.typ, Requirement: a.req, Any: a.any, Hits: a.hits, PerDie: a.perDie, Self: a.self, Voluntary: a.vol}
			for _, id := range a.targets {
				ta.Targets = append(ta.Targets, ref(id))
			}
			f.Actions = append(f.Actions, ta)
		}
		rs.Formations = append(rs.Formations, f)
		sc.Sides[s.side].Formations = append(sc.Sides[s.side].Formations, int16(i))
	}
	rs.Scenarios = []table.Scenario{sc}
	return New(rs, 0, 1)
}

// put moves dice from the owner's pool onto a card.
func put(t *testing.T, g *Game, id string, dice ...int) *Formation {
	t.Helper()
	f := g.ByID(id)
	if f == nil {
		t.Fatalf("no formation %q", id)
	}
	g.S[f.Side].Pool -= len(dice)
	f.Dice = append(f.Dice, dice...)
	return f
}

// find returns the index in moves of the move of formation id and action ai.
func find(g *Game, moves []Move, id string, ai int, null bool) int {
	return slices.IndexFunc(moves, func(m Move) bool {
		return g.F[m.F].Def.ID == id && m.Action == ai && m.Null == null
	})
}

func mustAct(t *testing.T, g *Game, id string, ai int, choose Chooser) {
	t.Helper()
	moves := g.ActionMoves()
	i := find(g, moves, id, ai, false)
	if i < 0 {
		t.Fatalf("%s action %d is not legal; moves %+v", id, ai, moves)
	}
	g.Act(moves[i], choose)
}

func none(*Game, []Reaction) int { return -1 }

func attack(hits int8, targets ...string) act {
	return act{typ: table.Attack, hits: hits, targets: targets}
}

// script is a policy that always takes the first option.
type script struct{}

func (script) Name() string                       { return "first" }
func (script) Action(_ *Game, opts []Move) int    { return 0 }
func (script) React(_ *Game, opts []Reaction) int { return 0 }
func (script) Place(_ *Game, opts []Placement) int {
	return 0
}

// idle never acts and never places.
type idle struct{}

func (idle) Name() string                 { return "idle" }
func (idle) Action(*Game, []Move) int     { return -1 }
func (idle) React(*Game, []Reaction) int  { return -1 }
func (idle) Place(*Game, []Placement) int { return -1 }
