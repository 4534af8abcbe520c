package tablebattles

import (
	"reflect"
	"slices"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
)

// Rule tests in Go: those whose set-up needs a formation the base content
// does not have. The others are scenario files in testdata/scenarios.

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

// Dice Area: a multi-face area takes one face per turn, a bracketed one a
// single die; "Straight-4" takes 1-2-3-4, 2-3-4-5 or 3-4-5-6 (the base
// content has no Straight-4 on a normal formation).
func TestRuleDiceAreaPlacements(t *testing.T) {
	for _, c := range []struct {
		area table.DiceArea
		roll []int
		want [][]int
	}{
		{table.DiceArea{Src: "5/6", Faces: 1<<5 | 1<<6}, []int{1, 5, 5, 6}, [][]int{{5}, {5, 5}, {6}}},
		{table.DiceArea{Src: "(6)", Faces: 1 << 6, Single: true}, []int{6, 6, 6}, [][]int{{6}}},
		{table.DiceArea{Src: "Doubles, Triples", Doubles: true, Triples: true}, []int{2, 2, 2, 4, 4, 5}, [][]int{{2, 2}, {2, 2, 2}, {4, 4}}},
		{table.DiceArea{Src: "Straight-4", Straights: 1 << 4}, []int{1, 2, 3, 4, 5, 5}, [][]int{{1, 2, 3, 4}, {2, 3, 4, 5}}},
	} {
		g := setup(t, [2]int8{3, 3}, spec{id: "a", str: 3, area: c.area, acts: []act{attack(1, "b")}},
			spec{id: "b", side: 1, str: 3, acts: []act{attack(1, "a")}})
		got := [][]int{}
		for _, p := range g.Placements(c.roll, 0) {
			got = append(got, p.Dice)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s with %v: placements %v, want %v", c.area.Src, c.roll, got, c.want)
		}
	}
}

// Action Phase: "You can't take an Action without removing at least one
// die"; Retire/Reserve: "Formations that are in Reserve cannot take
// Actions".
func TestRuleNoActionWithoutDice(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, acts: []act{attack(1, "b")}},
		spec{id: "r", str: 3, reserve: table.Commanded, acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 2, acts: []act{attack(1, "a")}})
	if got := texts(g); !reflect.DeepEqual(got, []string{"pass"}) {
		t.Errorf("legal %q with no dice on any card, want pass alone", got)
	}
	g.ByID("r").Dice = []int{6} // even if dice were there, a reserve cannot act
	g.S[0].Pool--
	if got := texts(g); !reflect.DeepEqual(got, []string{"pass"}) {
		t.Errorf("legal %q for a formation in reserve, want pass alone", got)
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
	g.phase, g.roll, g.wing = PhaseRoll, []int{6}, 2
	if got := texts(g); !reflect.DeepEqual(got, []string{"place 6 on guns", "place nothing on blue"}) {
		t.Fatalf("legal on the blue wing: %q", got)
	}
	do(t, g, "place 6 on guns")
	if guns := g.ByID("guns"); guns.Units != 2 || g.S[0].Pool != 6 || len(guns.Dice) != 0 || g.Cubes() != 10 {
		t.Fatalf("guns %d cubes, pool %d, cubes in play %d; want 2, 6, 10", guns.Units, g.S[0].Pool, g.Cubes())
	}
	if ps := g.Placements([]int{6}, 2); len(ps) != 0 {
		t.Errorf("guns at its maximum of II still takes a cube: %v", ps)
	}
	if ps := g.Placements([]int{6}, 3); len(ps) != 0 {
		t.Errorf("a cube was offered with all ten cubes in play: %v", ps)
	}
	g.phase, g.Active = PhaseAction, 0
	do(t, g, "bombard with guns") // a morale cube and a guns cube leave play
	if ps := g.Placements([]int{6}, 3); len(ps) != 1 || g.Cubes() != 8 {
		t.Errorf("after the bombard: %d placements, %d cubes in play; want 1 and 8", len(ps), g.Cubes())
	}
}

// Counterattack: "1 hit per die" counts the dice on the reacting card.
func TestRuleCounterattackPerDie(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 5, acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 3, acts: []act{{typ: table.Counterattack, any: true, perDie: true}}})
	put(t, g, "a", 6)
	put(t, g, "b", 2, 2, 5)
	do(t, g, "attack b with a", "counterattack with b")
	if g.ByID("a").Units != 2 || g.ByID("b").Units != 2 || len(g.ByID("b").Dice) != 0 {
		t.Errorf("a %d b %d units; want 2 (three dice) and 2", g.ByID("a").Units, g.ByID("b").Units)
	}
}

// Target order applies to Absorb too: a formation absorbing for two
// friends covers the second only once the first has left play.
func TestRuleAbsorbTargetsInOrder(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, acts: []act{attack(2, "c", "d")}},
		spec{id: "c", side: 1, str: 3, acts: []act{attack(1, "a")}},
		spec{id: "d", side: 1, str: 3, acts: []act{attack(1, "a")}},
		spec{id: "x", side: 1, str: 4, acts: []act{{typ: table.Absorb, targets: []string{"d", "c"}}}})
	put(t, g, "x", 1)
	put(t, g, "a", 6)
	do(t, g, "attack c with a")
	if g.ByID("c").Units != 1 || g.ByID("x").Units != 4 || g.S[1].Skip {
		t.Errorf("c %d x %d units, skip %v; want no absorb for c while d stands (1, 4, false)", g.ByID("c").Units, g.ByID("x").Units, g.S[1].Skip)
	}
	g.ByID("d").Gone = true
	g.phase, g.Active = PhaseAction, 0
	put(t, g, "a", 6)
	do(t, g, "attack c with a", "absorb with x")
	if g.ByID("c").Units != 1 || g.ByID("x").Units != 2 || !g.S[1].Skip {
		t.Errorf("c %d x %d units, skip %v; want x to absorb once d is gone (1, 2, true)", g.ByID("c").Units, g.ByID("x").Units, g.S[1].Skip)
	}
}

// Pursuit: a pursuing formation whose attack routs its target leaves play,
// morale unchanged for its side, its dice back in the pool, and the reserve
// behind it comes out (Retire/Reserve: "When the other Formation Retires,
// Routs, or performs Pursuit").
func TestRulePursuitReleasesReserve(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, pursuit: true, acts: []act{attack(2, "b")}},
		spec{id: "r", str: 3, reserve: table.Behind, behind: "a", acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 2, acts: []act{attack(1, "a")}})
	put(t, g, "a", 3)
	do(t, g, "attack b with a")
	a, r := g.ByID("a"), g.ByID("r")
	if !a.Gone || a.How != "pursued" || r.Reserve || g.S[0].Morale != 4 || g.S[1].Morale != 2 || g.S[0].Pool != 6 {
		t.Errorf("a gone %v (%s), r reserve %v, morale %d-%d, pool %d; want pursued, released, 4-2, 6", a.Gone, a.How, r.Reserve, g.S[0].Morale, g.S[1].Morale, g.S[0].Pool)
	}
}

// Pursuit: only the Target of the pursuer's attacks counts. With multiple
// Targets the second "only becomes available after the first has been
// removed", so a rout of the second while the first stands is no pursuit;
// neither is the rout of an enemy the pursuer does not attack. A pursuer
// still in Reserve has not engaged and does not pursue (engine's reading).
func TestRulePursuitOnlyForTheCurrentTarget(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "p", str: 3, pursuit: true, acts: []act{attack(1, "x", "b")}},
		spec{id: "q", str: 3, pursuit: true, reserve: table.Commanded, acts: []act{attack(1, "b")}},
		spec{id: "c", str: 3, acts: []act{attack(2, "b", "d")}},
		spec{id: "x", side: 1, str: 3, acts: []act{attack(1, "c")}},
		spec{id: "b", side: 1, str: 2, acts: []act{attack(1, "c")}},
		spec{id: "d", side: 1, str: 1, acts: []act{attack(1, "c")}})
	put(t, g, "c", 6)
	do(t, g, "attack b with c") // b routs while x stands
	g.phase, g.Active = PhaseAction, 0
	put(t, g, "c", 6)
	do(t, g, "attack d with c") // d routs: never p's target
	if p, q := g.ByID("p"), g.ByID("q"); p.Gone || q.Gone || !g.ByID("b").Gone || !g.ByID("d").Gone {
		t.Errorf("p gone %v (%s), q gone %v; b and d routed %v %v; want p and q still in play", p.Gone, p.How, q.Gone, g.ByID("b").Gone, g.ByID("d").Gone)
	}
}

// Pursuit and Counterattack: a pursuer routed at the same instance as its
// target (hits are simultaneous) has Routed, not pursued; no morale moves.
func TestRulePursuitNotWhenRoutedTogether(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "p", str: 1, pursuit: true, acts: []act{attack(2, "b")}},
		spec{id: "b", side: 1, str: 2, acts: []act{{typ: table.Counterattack, any: true, hits: 1}, attack(1, "p")}})
	put(t, g, "p", 5)
	put(t, g, "b", 2)
	do(t, g, "attack b with p", "counterattack with b")
	if p := g.ByID("p"); !p.Gone || p.How != "routed" || g.S[0].Morale != 3 || g.S[1].Morale != 3 {
		t.Errorf("p %v/%s, morale %d-%d; want routed and 3-3", p.Gone, p.How, g.S[0].Morale, g.S[1].Morale)
	}
}

// Special Formations: "They cannot be Attacked, and if removed from play,
// they do not alter Morale"; they have cubes, not Units, so Routing (no
// Unit pieces left) never applies. A Counterattack, even one against "any"
// attacker, is not offered against an attacking special formation (the
// compiler already refuses one that names it); hits that reach one anyway
// leave its cubes as they were.
func TestRuleSpecialFormationIgnoresHits(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "guns", str: 2, special: true, acts: []act{attack(1, "b")}},
		spec{id: "a", str: 3, acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 3, acts: []act{{typ: table.Counterattack, any: true, hits: 2}, attack(1, "a")}})
	guns := g.ByID("guns")
	guns.Units = 2
	b := put(t, g, "b", 3)
	do(t, g, "attack b with guns")
	if guns.Gone || guns.Units != 1 || b.Units != 2 || len(b.Dice) != 1 || g.S[0].Morale != 3 || g.S[1].Morale != 3 || g.S[1].Skip {
		t.Errorf("guns gone %v with %d cubes, b %d units and dice %v, morale %d-%d, skip %v; want guns in play with 1 cube (the one spent), b 2 with its die, 3-3, no reaction",
			guns.Gone, guns.Units, b.Units, b.Dice, g.S[0].Morale, g.S[1].Morale, g.S[1].Skip)
	}
	g.applyHits(map[*Formation]int{guns: 3})
	if guns.Gone || guns.Units != 1 || g.S[0].Morale != 3 {
		t.Errorf("after 3 hits guns gone %v with %d cubes, morale %d; want untouched", guns.Gone, guns.Units, g.S[0].Morale)
	}
}

// Roll Phase: "Dice remain on the Card until the Formation takes an
// Action, or until it Routs or performs Pursuit": placements of later
// turns add to them, and only the pool is rolled.
func TestRuleDiceStayOnCardAcrossTurns(t *testing.T) {
	rs := fixture(t, [2]int8{3, 3},
		spec{id: "a", str: 3, acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 3, acts: []act{attack(1, "a")}})
	g := New(rs, 0, 1)
	var rolled []int
	for g.turn < 4 {
		for _, e := range g.Events() {
			if e.Kind == "roll" && e.Seat == 0 {
				rolled = append(rolled, len(e.Data.(*Data).Dice))
			}
		}
		switch {
		case g.ToMove() == 1 || g.phase == PhaseAction:
			do(t, g, texts(g)[len(texts(g))-1]) // pass, place nothing
		default: // one die on a
			do(t, g, texts(g)[0])
		}
	}
	if a := g.ByID("a"); len(a.Dice) != 2 || g.S[0].Pool != 4 || !reflect.DeepEqual(rolled, []int{6, 5}) {
		t.Errorf("a holds %v, pool %d, rolls of %v dice; want 2 dice kept over two turns, pool 4, rolls of [6 5]", a.Dice, g.S[0].Pool, rolled)
	}
}

// Special Formations: dice "placed" on a special formation go back to the
// Dice Pool, not to the roll: the same die cannot also go on another wing's
// card in that Roll Phase.
func TestRuleSpecialFormationDiceNotReused(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "guns", wing: 0, str: 2, special: true, acts: []act{{typ: table.Bombard}}},
		spec{id: "a", wing: 1, str: 3, acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 3, acts: []act{attack(1, "a")}})
	g.S[0].Pool, g.S[0].Dice = 1, 1
	g.phase, g.roll, g.wing = PhaseRoll, []int{4}, 0
	do(t, g, "place 4 on guns")
	if guns, a := g.ByID("guns"), g.ByID("a"); guns.Units != 2 || len(a.Dice) != 0 || g.S[0].Pool != 1 || g.Active != 1 {
		t.Errorf("guns %d cubes, a dice %v, pool %d, active %d; want 2 cubes, no dice on a, pool 1 and the turn over", guns.Units, a.Dice, g.S[0].Pool, g.Active)
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
	g.Active = 1
	if !g.begin() || g.winner != 0 {
		t.Errorf("over %v winner %d; side 1 should lose at the start of its turn", g.Over(), g.winner)
	}
	g = setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 2, acts: []act{attack(1, "a")}})
	g.ByID("b").Gone = true
	g.Active = 1 // side 1 has nothing left that attacks; side 0 is not checked on side 1's turn
	if !g.begin() || g.winner != 0 {
		t.Errorf("over %v winner %d; want side 1 to lose", g.Over(), g.winner)
	}
}

// How to Win: a formation in reserve whose commander waits in reserve
// behind a formation that can retire can still come out and attack, so its
// side has not lost.
func TestRuleVictoryNoAttackChainedReserve(t *testing.T) {
	specs := []spec{
		{id: "a", str: 3, acts: []act{attack(1, "s")}},
		{id: "s", side: 1, str: 2, retire: true, acts: []act{{typ: table.Screen, any: true}}},
		{id: "k", side: 1, str: 2, reserve: table.Behind, behind: "s", acts: []act{{typ: table.Command, targets: []string{"c"}}}},
		{id: "c", side: 1, str: 2, reserve: table.Commanded, acts: []act{attack(1, "a")}},
	}
	g := setup(t, [2]int8{3, 3}, specs...)
	g.Active = 1
	if g.begin() {
		t.Fatalf("side 1 lost (%s), but s can retire, k come out and command c to attack", g.reason)
	}
	// Without the commander, c can never come out: side 1 loses.
	g.ByID("k").Gone = true
	if !g.begin() || g.winner != 0 {
		t.Errorf("over %v winner %d; want side 1 to lose", g.Over(), g.winner)
	}
}

// Action texts are distinct, and a formation with two actions of one type
// says which.
func TestActionTextsNameTheAction(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, acts: []act{attack(1, "b"), {typ: table.Attack, req: table.Pair, hits: 3, targets: []string{"b"}}}, retire: true},
		spec{id: "b", side: 1, str: 3, acts: []act{attack(1, "a")}})
	put(t, g, "a", 2, 3)
	want := []string{"attack b with a action 1", "null attack with a action 2", "retire a", "pass"}
	if got := texts(g); !slices.Equal(got, want) {
		t.Errorf("legal %q, want %q", got, want)
	}
}
