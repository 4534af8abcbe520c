package tablebattles

import (
	"reflect"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
)

func dice(ps []Placement) [][]int {
	out := [][]int{}
	for _, p := range ps {
		out = append(out, p.Dice)
	}
	return out
}

// Reading a Formation Card, Dice Area: "5/6" takes fives or sixes, several
// of one kind, never both in a turn.
func TestRuleDiceAreaNumbersOneTypePerTurn(t *testing.T) {
	g := setup(t, [2]int8{3, 3}, spec{id: "a", str: 3, area: table.DiceArea{Src: "5/6", Faces: 1<<5 | 1<<6}, acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 3, acts: []act{attack(1, "a")}})
	got := dice(g.Placements([]int{1, 5, 5, 6}, 0))
	want := [][]int{{5}, {5, 5}, {6}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("placements %v, want %v", got, want)
	}
}

// Dice Area: a bracketed number takes only one die a turn.
func TestRuleDiceAreaBracketedOneDie(t *testing.T) {
	g := setup(t, [2]int8{3, 3}, spec{id: "a", str: 3, area: table.DiceArea{Src: "(6)", Faces: 1 << 6, Single: true}, acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 3, acts: []act{attack(1, "a")}})
	got := dice(g.Placements([]int{6, 6, 6}, 0))
	if want := [][]int{{6}}; !reflect.DeepEqual(got, want) {
		t.Errorf("placements %v, want %v", got, want)
	}
}

// Dice Area: "Doubles, Triples" takes two or three identical dice, not both.
func TestRuleDiceAreaDoublesTriples(t *testing.T) {
	g := setup(t, [2]int8{3, 3}, spec{id: "a", str: 3, area: table.DiceArea{Src: "Doubles, Triples", Doubles: true, Triples: true}, acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 3, acts: []act{attack(1, "a")}})
	got := dice(g.Placements([]int{2, 2, 2, 4, 4, 5}, 0))
	if want := [][]int{{2, 2}, {2, 2, 2}, {4, 4}}; !reflect.DeepEqual(got, want) {
		t.Errorf("placements %v, want %v", got, want)
	}
}

// Dice Area: "Straight-4" takes 1-2-3-4, 2-3-4-5 or 3-4-5-6.
func TestRuleDiceAreaStraight(t *testing.T) {
	g := setup(t, [2]int8{3, 3}, spec{id: "a", str: 3, area: table.DiceArea{Src: "Straight-4", Straights: 1 << 4}, acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 3, acts: []act{attack(1, "a")}})
	got := dice(g.Placements([]int{1, 2, 3, 4, 5, 5}, 0))
	if want := [][]int{{1, 2, 3, 4}, {2, 3, 4, 5}}; !reflect.DeepEqual(got, want) {
		t.Errorf("placements %v, want %v", got, want)
	}
}

// Roll Phase: dice go on one formation card per wing; reserves take none.
func TestRuleRollPhaseOneCardPerWing(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "r1", wing: 0, str: 3, acts: []act{attack(1, "e")}},
		spec{id: "r2", wing: 0, str: 3, acts: []act{attack(1, "e")}},
		spec{id: "p1", wing: 1, str: 3, acts: []act{attack(1, "e")}},
		spec{id: "p2", wing: 1, str: 3, reserve: table.Commanded, acts: []act{attack(1, "e")}},
		spec{id: "e", side: 1, str: 3, acts: []act{attack(1, "r1")}})
	if got := g.Wings(); !reflect.DeepEqual(got, []table.Wing{0, 1}) {
		t.Fatalf("wings %v", got)
	}
	for _, p := range g.Placements([]int{6}, 1) {
		if g.F[p.F].Def.ID == "p2" {
			t.Errorf("a formation in reserve was offered dice")
		}
	}
	g.Step([2]Policy{script{}, idle{}})
	on := map[string]int{}
	for _, f := range g.F {
		on[f.Def.ID] = len(f.Dice)
	}
	// script takes the first option of each wing: one die on r1 and one on p1.
	if on["r1"] != 1 || on["r2"] != 0 || on["p1"] != 1 || on["p2"] != 0 || g.S[0].Pool != 4 {
		t.Errorf("dice on cards %v, pool %d; want r1:1 p1:1 pool 4", on, g.S[0].Pool)
	}
}

// Reading a Formation Card, Requirements: exact cases from the rulebook.
func TestRuleRequirements(t *testing.T) {
	cases := []struct {
		dice []int
		req  table.Requirement
		want bool
	}{
		{[]int{3}, table.None, true},
		{nil, table.None, false},
		{[]int{3, 3}, table.Pair, true},
		{[]int{3, 4}, table.Pair, false},
		{[]int{4, 4, 5, 5}, table.TwoPairs, true},
		{[]int{4, 4, 4, 4}, table.TwoPairs, false},
		{[]int{5, 5, 5, 5}, table.TwoPairs, false},
		{[]int{2, 2, 2}, table.Triplet, true},
		{[]int{2, 2, 3, 3}, table.Triplet, false},
		{[]int{4, 4, 4, 5, 5, 5}, table.TwoTriplets, true},
		{[]int{4, 4, 4, 4, 4, 4}, table.TwoTriplets, false},
		{[]int{4, 4, 5, 5, 5}, table.FullHouse, true},
		{[]int{4, 4, 4, 4, 4}, table.FullHouse, false},
		{[]int{5, 5, 5, 5, 5}, table.FullHouse, false},
		{[]int{1, 2, 3, 4, 5}, table.FiveDice, true},
		{[]int{1, 2, 3, 4}, table.FiveDice, false},
	}
	for _, c := range cases {
		if got := Meets(c.dice, c.req); got != c.want {
			t.Errorf("Meets(%v, %s) = %v, want %v", c.dice, c.req, got, c.want)
		}
	}
}

// Action Phase: all dice are removed even if only some meet the
// requirement; they return to the pool.
func TestRuleActionRemovesAllDice(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, acts: []act{{typ: table.Attack, req: table.Pair, hits: 2, targets: []string{"b"}}}},
		spec{id: "b", side: 1, str: 4, acts: []act{attack(1, "a")}})
	a := put(t, g, "a", 3, 3, 5)
	mustAct(t, g, "a", 0, none)
	if len(a.Dice) != 0 || g.S[0].Pool != 6 || g.ByID("b").Units != 2 {
		t.Errorf("dice on card %v, pool %d, target units %d; want none, 6, 2", a.Dice, g.S[0].Pool, g.ByID("b").Units)
	}
}

// Action Phase: the null action removes the dice without acting, and only
// when the requirement is not met.
func TestRuleNullAction(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, acts: []act{{typ: table.Attack, req: table.Triplet, hits: 3, targets: []string{"b"}}}},
		spec{id: "b", side: 1, str: 4, acts: []act{attack(1, "a")}})
	put(t, g, "a", 4, 4)
	moves := g.ActionMoves()
	if len(moves) != 1 || !moves[0].Null {
		t.Fatalf("moves %+v, want one null action", moves)
	}
	g.Act(moves[0], none)
	if g.S[0].Pool != 6 || g.ByID("b").Units != 4 {
		t.Errorf("pool %d, target units %d; want 6 and 4", g.S[0].Pool, g.ByID("b").Units)
	}
	put(t, g, "a", 4, 4, 4)
	moves = g.ActionMoves()
	if len(moves) != 1 || moves[0].Null {
		t.Errorf("with the requirement met the moves are %+v, want the attack alone", moves)
	}
}

// Attack: listed targets are attacked in order; the second only once the
// first is removed from play.
func TestRuleTargetsInOrder(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, acts: []act{attack(1, "b", "c")}},
		spec{id: "b", side: 1, str: 1, acts: []act{attack(1, "a")}},
		spec{id: "c", side: 1, str: 3, acts: []act{attack(1, "a")}})
	put(t, g, "a", 1)
	mustAct(t, g, "a", 0, none)
	put(t, g, "a", 1)
	mustAct(t, g, "a", 0, none)
	if b, c := g.ByID("b"), g.ByID("c"); !b.Gone || c.Units != 2 {
		t.Errorf("b gone %v, c units %d; want b routed, then c at 2", b.Gone, c.Units)
	}
}

// Attack: "1 hit per die" counts the dice removed; "1 self" costs the attacker a unit.
func TestRuleHitsPerDieAndSelf(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, acts: []act{{typ: table.Attack, perDie: true, self: 1, targets: []string{"b"}}}},
		spec{id: "b", side: 1, str: 5, acts: []act{attack(1, "a")}})
	put(t, g, "a", 2, 2, 2)
	mustAct(t, g, "a", 0, none)
	if a, b := g.ByID("a"), g.ByID("b"); a.Units != 2 || b.Units != 2 {
		t.Errorf("attacker %d, target %d units; want 2 and 2", a.Units, b.Units)
	}
}

// Reactions, Screen: the attack is cancelled, both sides spend their dice,
// and the screening player's next action phase is skipped.
func TestRuleScreenAndSkippedActionPhase(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, acts: []act{attack(2, "b")}},
		spec{id: "b", side: 1, str: 3, acts: []act{attack(1, "a")}},
		spec{id: "s", side: 1, str: 2, acts: []act{{typ: table.Screen, any: true}}})
	put(t, g, "a", 6)
	put(t, g, "s", 3)
	put(t, g, "b", 1)
	mustAct(t, g, "a", 0, none) // mandatory: taken even though the chooser declines
	if g.ByID("b").Units != 3 || g.ByID("a").Units != 3 || len(g.ByID("s").Dice) != 0 || g.S[1].Pool != 5 || g.S[0].Pool != 6 {
		t.Fatalf("after the screen: b %d a %d units, s dice %v, pools %d/%d", g.ByID("b").Units, g.ByID("a").Units, g.ByID("s").Dice, g.S[0].Pool, g.S[1].Pool)
	}
	if !g.S[1].Skip {
		t.Fatal("the screening side's next action phase is not marked skipped")
	}
	var kinds []string
	g.Log = func(e Event) { kinds = append(kinds, e.Kind) }
	g.EndTurn()
	g.Step([2]Policy{script{}, script{}}) // b has a die and could attack, but the phase is skipped
	if len(kinds) < 2 || kinds[0] != "skip" || kinds[1] != "roll" || g.ByID("a").Units != 3 {
		t.Errorf("events %v, a units %d; want skip then roll, a untouched", kinds, g.ByID("a").Units)
	}
}

// Reactions: mandatory unless voluntary.
func TestRuleVoluntaryReaction(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, acts: []act{attack(2, "b")}},
		spec{id: "b", side: 1, str: 3, acts: []act{attack(1, "a")}},
		spec{id: "s", side: 1, str: 2, acts: []act{{typ: table.Screen, targets: []string{"a"}, vol: true}}})
	put(t, g, "a", 6)
	put(t, g, "s", 3)
	mustAct(t, g, "a", 0, none)
	if g.ByID("b").Units != 1 || g.S[1].Skip || len(g.ByID("s").Dice) != 1 {
		t.Errorf("declined voluntary screen: b %d units, skip %v; want 1 and false", g.ByID("b").Units, g.S[1].Skip)
	}
}

// Counterattack and Routing: hits are simultaneous; when both sides rout
// at once no morale is given.
func TestRuleCounterattackSimultaneousRout(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 1, star: true, acts: []act{attack(2, "b")}},
		spec{id: "b", side: 1, str: 2, star: true, acts: []act{{typ: table.Counterattack, any: true, hits: 1}, attack(1, "a")}})
	put(t, g, "a", 5)
	put(t, g, "b", 2)
	mustAct(t, g, "a", 0, none)
	a, b := g.ByID("a"), g.ByID("b")
	if !a.Gone || !b.Gone || g.S[0].Morale != 3 || g.S[1].Morale != 3 || !g.S[1].Skip {
		t.Errorf("a gone %v, b gone %v, morale %d-%d, skip %v; want both routed, 3-3, skip", a.Gone, b.Gone, g.S[0].Morale, g.S[1].Morale, g.S[1].Skip)
	}
	if g.S[0].Pool != 6 || g.S[1].Pool != 6 {
		t.Errorf("pools %d/%d, want 6/6", g.S[0].Pool, g.S[1].Pool)
	}
}

// Absorb: a friendly formation listing the target takes the hits instead.
func TestRuleAbsorb(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, acts: []act{attack(2, "b")}},
		spec{id: "b", side: 1, str: 2, acts: []act{attack(1, "a")}},
		spec{id: "x", side: 1, str: 4, acts: []act{{typ: table.Absorb, targets: []string{"b"}}}})
	put(t, g, "a", 5)
	put(t, g, "x", 4)
	mustAct(t, g, "a", 0, none)
	if g.ByID("b").Units != 2 || g.ByID("x").Units != 2 || !g.S[1].Skip {
		t.Errorf("b %d, x %d units, skip %v; want 2, 2, true", g.ByID("b").Units, g.ByID("x").Units, g.S[1].Skip)
	}
}

// Routing: a rout gives one morale cube to the other player, two for a
// star; the routed formation's dice return to its pool.
func TestRuleRoutMorale(t *testing.T) {
	g := setup(t, [2]int8{3, 4},
		spec{id: "a", str: 3, acts: []act{attack(3, "b", "c")}},
		spec{id: "b", side: 1, str: 1, acts: []act{attack(1, "a")}},
		spec{id: "c", side: 1, str: 1, star: true, acts: []act{attack(1, "a")}})
	put(t, g, "b", 2, 2)
	put(t, g, "a", 1)
	mustAct(t, g, "a", 0, none)
	if g.S[0].Morale != 4 || g.S[1].Morale != 3 || g.S[1].Pool != 6 {
		t.Fatalf("after b routs: morale %d-%d, pool %d; want 4-3, 6", g.S[0].Morale, g.S[1].Morale, g.S[1].Pool)
	}
	put(t, g, "a", 1)
	mustAct(t, g, "a", 0, none)
	if g.S[0].Morale != 6 || g.S[1].Morale != 1 {
		t.Errorf("after the star routs: morale %d-%d; want 6-1", g.S[0].Morale, g.S[1].Morale)
	}
}

// Pursuit: a pursuing formation whose attack routs its target leaves play,
// morale unchanged for its side, its dice back in the pool, and the reserve
// behind it comes out.
func TestRulePursuit(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, pursuit: true, acts: []act{attack(2, "b")}},
		spec{id: "r", str: 3, reserve: table.Behind, behind: "a", acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 2, acts: []act{attack(1, "a")}})
	put(t, g, "a", 3)
	mustAct(t, g, "a", 0, none)
	a, r := g.ByID("a"), g.ByID("r")
	if !a.Gone || a.How != "pursued" || r.Reserve || g.S[0].Morale != 4 || g.S[1].Morale != 2 || g.S[0].Pool != 6 {
		t.Errorf("a gone %v (%s), r reserve %v, morale %d-%d, pool %d; want pursued, released, 4-2, 6", a.Gone, a.How, r.Reserve, g.S[0].Morale, g.S[1].Morale, g.S[0].Pool)
	}
}

// Retire/Reserve: retiring needs a die, does not touch morale and releases
// the reserve behind the retiring formation.
func TestRuleRetireReleasesReserve(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, retire: true, acts: []act{attack(1, "b")}},
		spec{id: "r", str: 3, reserve: table.Behind, behind: "a", acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 2, acts: []act{attack(1, "a")}})
	if i := find(g, g.ActionMoves(), "a", Retire, false); i >= 0 {
		t.Fatal("retire offered with no die on the card")
	}
	put(t, g, "a", 2)
	mustAct(t, g, "a", Retire, none)
	if a, r := g.ByID("a"), g.ByID("r"); !a.Gone || a.How != "retired" || r.Reserve || g.S[0].Morale != 3 || g.S[1].Morale != 3 || g.S[0].Pool != 6 {
		t.Errorf("a %v/%s, r reserve %v, morale %d-%d, pool %d", a.Gone, a.How, r.Reserve, g.S[0].Morale, g.S[1].Morale, g.S[0].Pool)
	}
}

// Command: the named formation in reserve becomes active.
func TestRuleCommand(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "c", str: 2, acts: []act{{typ: table.Command, targets: []string{"r"}}}},
		spec{id: "r", str: 3, reserve: table.Commanded, acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 2, acts: []act{attack(1, "c")}})
	put(t, g, "c", 4)
	mustAct(t, g, "c", 0, none)
	if g.ByID("r").Reserve {
		t.Error("commanded formation is still in reserve")
	}
	put(t, g, "c", 4)
	if i := find(g, g.ActionMoves(), "c", 0, false); i >= 0 {
		t.Error("command offered with no formation left in reserve")
	}
}

// Bombard and Special Formations: bombard removes one enemy morale cube but
// never the last; a special formation spends one cube per action.
func TestRuleBombard(t *testing.T) {
	g := setup(t, [2]int8{3, 2},
		spec{id: "guns", str: 2, special: true, acts: []act{{typ: table.Bombard}}},
		spec{id: "a", str: 3, acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 2, acts: []act{attack(1, "a")}})
	mustAct(t, g, "guns", 0, none)
	if g.S[1].Morale != 1 || g.ByID("guns").Units != 0 || g.Cubes() != 4 {
		t.Fatalf("morale %d, guns cubes %d, cubes in play %d; want 1, 0, 4", g.S[1].Morale, g.ByID("guns").Units, g.Cubes())
	}
	g.ByID("guns").Units = 1
	if i := find(g, g.ActionMoves(), "guns", 0, false); i >= 0 {
		t.Error("bombard offered against the last morale cube")
	}
}

// Special Formations: placing dice adds a cube and returns the dice at once,
// up to the card's maximum; when all ten cubes are in play no cube is
// placed until a morale cube leaves the game.
func TestRuleSpecialFormationCubes(t *testing.T) {
	g := setup(t, [2]int8{4, 3},
		spec{id: "guns", wing: 2, str: 2, special: true, area: table.DiceArea{Src: "6", Faces: 1 << 6}, acts: []act{{typ: table.Bombard}}},
		spec{id: "lead", wing: 3, str: 3, special: true, area: table.DiceArea{Src: "6", Faces: 1 << 6}, acts: []act{{typ: table.Bombard}}},
		spec{id: "a", str: 3, acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 2, acts: []act{attack(1, "a")}})
	ps := g.Placements([]int{6}, 2)
	if len(ps) != 1 {
		t.Fatalf("placements on guns: %v", ps)
	}
	g.Place(ps[0])
	if guns := g.ByID("guns"); guns.Units != 2 || g.S[0].Pool != 6 || len(guns.Dice) != 0 || g.Cubes() != 10 {
		t.Fatalf("guns %d cubes, pool %d, cubes in play %d; want 2, 6, 10", guns.Units, g.S[0].Pool, g.Cubes())
	}
	if ps := g.Placements([]int{6}, 2); len(ps) != 0 {
		t.Errorf("guns at its maximum of II still takes a cube: %v", ps)
	}
	if ps := g.Placements([]int{6}, 3); len(ps) != 0 {
		t.Errorf("a cube was offered with all ten cubes in play: %v", ps)
	}
	mustAct(t, g, "guns", 0, none) // bombard: a morale cube and a guns cube leave play
	if ps := g.Placements([]int{6}, 3); len(ps) != 1 || g.Cubes() != 8 {
		t.Errorf("after the bombard: %d placements, %d cubes in play; want 1 and 8", len(ps), g.Cubes())
	}
}

// How to Win: a player with no morale loses at the start of a turn.
func TestRuleVictoryMorale(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 2, acts: []act{attack(1, "a")}})
	g.S[1].Morale = 0
	if !g.Begin() || g.Winner != 0 {
		t.Errorf("over %v, winner %d; want side 0 to win", g.Over, g.Winner)
	}
}

// How to Win: at the start of his own turn, a player none of whose
// formations can ever attack loses, even if his opponent cannot attack him.
func TestRuleVictoryNoAttack(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 2, acts: []act{{typ: table.Screen, any: true}}},
		spec{id: "c", side: 1, str: 2, reserve: table.Commanded, acts: []act{attack(1, "a")}})
	// Side 1's only attacker waits in reserve and nobody can command it out.
	g.EndTurn()
	if !g.Begin() || g.Winner != 0 {
		t.Errorf("over %v winner %d; side 1 should lose at the start of its turn", g.Over, g.Winner)
	}
	g = setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 2, acts: []act{attack(1, "a")}})
	g.ByID("b").Gone = true
	g.EndTurn() // side 1 has nothing left that attacks; side 0 is not checked on side 1's turn
	if !g.Begin() || g.Winner != 0 {
		t.Errorf("over %v winner %d; want side 1 to lose", g.Over, g.Winner)
	}
}

// Action Phase: no action without removing a die; formations in reserve
// take no actions.
func TestRuleNoActionWithoutDice(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, acts: []act{attack(1, "b")}},
		spec{id: "r", str: 3, reserve: table.Commanded, acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 2, acts: []act{attack(1, "a")}})
	if moves := g.ActionMoves(); len(moves) != 0 {
		t.Errorf("moves %+v with no dice on any card, want none", moves)
	}
	g.ByID("r").Dice = []int{6} // even if dice were there, a reserve cannot act
	g.S[0].Pool--
	if moves := g.ActionMoves(); len(moves) != 0 {
		t.Errorf("moves %+v for a formation in reserve, want none", moves)
	}
}

// Bombard cannot be screened: it triggers no reaction.
func TestRuleBombardNotScreened(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "guns", str: 1, acts: []act{{typ: table.Bombard}}},
		spec{id: "a", str: 3, acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 2, acts: []act{attack(1, "a")}},
		spec{id: "s", side: 1, str: 2, acts: []act{{typ: table.Screen, any: true}}})
	put(t, g, "guns", 2)
	put(t, g, "s", 2)
	asked := false
	mustAct(t, g, "guns", 0, func(*Game, []Reaction) int { asked = true; return 0 })
	if asked || g.S[1].Morale != 2 || g.S[1].Skip || len(g.ByID("s").Dice) != 1 {
		t.Errorf("asked %v, morale %d, skip %v; want no reaction and morale 2", asked, g.S[1].Morale, g.S[1].Skip)
	}
}

// Reactions: with several ways to react the defender chooses which.
func TestRuleReactionChoice(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, acts: []act{attack(2, "b")}},
		spec{id: "b", side: 1, str: 3, acts: []act{{typ: table.Counterattack, any: true, hits: 1}}},
		spec{id: "s", side: 1, str: 2, acts: []act{{typ: table.Screen, any: true}}})
	put(t, g, "a", 6)
	put(t, g, "b", 1)
	put(t, g, "s", 3)
	var offered []string
	mustAct(t, g, "a", 0, func(g *Game, opts []Reaction) int {
		for _, o := range opts {
			offered = append(offered, g.F[o.F].Def.ID)
		}
		return 1 // the screen
	})
	if !reflect.DeepEqual(offered, []string{"b", "s"}) || g.ByID("b").Units != 3 || g.ByID("a").Units != 3 || len(g.ByID("b").Dice) != 1 {
		t.Errorf("offered %v; b %d a %d units; want [b s], the screen taken and no losses", offered, g.ByID("b").Units, g.ByID("a").Units)
	}
}

// Retire/Reserve: a reserve comes out when the formation it waits behind routs.
func TestRuleRoutReleasesReserve(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, acts: []act{attack(2, "b")}},
		spec{id: "b", side: 1, str: 2, acts: []act{attack(1, "a")}},
		spec{id: "r", side: 1, str: 3, reserve: table.Behind, behind: "b", acts: []act{attack(1, "a")}})
	put(t, g, "a", 6)
	mustAct(t, g, "a", 0, none)
	if b, r := g.ByID("b"), g.ByID("r"); !b.Gone || b.How != "routed" || r.Reserve {
		t.Errorf("b %v/%s, r reserve %v; want b routed and r released", b.Gone, b.How, r.Reserve)
	}
}

// Reactions: declining when a mandatory reaction exists takes the mandatory
// one, not a voluntary one listed first.
func TestRuleMandatoryReactionOverVoluntary(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, acts: []act{attack(2, "b")}},
		spec{id: "v", side: 1, str: 2, acts: []act{{typ: table.Screen, any: true, vol: true}}},
		spec{id: "b", side: 1, str: 3, acts: []act{{typ: table.Counterattack, any: true, hits: 1}}})
	put(t, g, "a", 6)
	put(t, g, "v", 3)
	put(t, g, "b", 1)
	mustAct(t, g, "a", 0, none)
	if g.ByID("a").Units != 2 || g.ByID("b").Units != 1 || len(g.ByID("v").Dice) != 1 {
		t.Errorf("a %d b %d units, v dice %v; want the counterattack taken (a 2, b 1) and the screen unused", g.ByID("a").Units, g.ByID("b").Units, g.ByID("v").Dice)
	}
}
