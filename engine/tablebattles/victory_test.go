package tablebattles

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
)

// How to Win: "it is impossible for any of his remaining Formations to ever
// Attack". A formation in reserve behind another can attack only if the one
// it waits behind can leave play (Retire/Reserve: "When the other Formation
// Retires, Routs, or performs Pursuit"), down the whole chain of reserves.
// Side 1's only attacker, r, waits behind w; side 0's a attacks only x.
func TestRuleVictoryNoAttackReserveChain(t *testing.T) {
	screen := act{typ: table.Screen, any: true}
	base := func(w spec, more ...spec) []spec {
		return append([]spec{
			{id: "a", str: 3, acts: []act{attack(1, "x")}},
			{id: "x", side: 1, str: 2, acts: []act{{typ: table.Screen, any: true}}},
			w,
			{id: "r", side: 1, str: 3, reserve: table.Behind, behind: "w", acts: []act{attack(1, "a")}},
		}, more...)
	}
	for _, c := range []struct {
		name  string
		specs []spec
		loses bool
	}{
		{"the wall never leaves", base(spec{id: "w", side: 1, str: 5, acts: []act{screen}}), true},
		{"the wall retires", base(spec{id: "w", side: 1, str: 5, retire: true, acts: []act{screen}}), false},
		{"the wall can be attacked", append(base(spec{id: "w", side: 1, str: 5, acts: []act{screen}}),
			spec{id: "b", str: 3, acts: []act{attack(1, "w")}}), false},
		{"the wall's attacker never comes out of reserve", append(base(spec{id: "w", side: 1, str: 5, acts: []act{screen}}),
			spec{id: "b", str: 3, reserve: table.Commanded, acts: []act{attack(1, "w")}}), true},
		{"the wall is attacked after a formation that may rout", append(base(spec{id: "w", side: 1, str: 5, acts: []act{screen}}),
			spec{id: "b", str: 3, acts: []act{attack(1, "x", "w")}}), false},
		{"the wall absorbs for a friend under attack", base(spec{id: "w", side: 1, str: 5, acts: []act{{typ: table.Absorb, targets: []string{"x"}}}}), false},
		{"the wall is counterattacked when it attacks", append(base(spec{id: "w", side: 1, str: 5, acts: []act{screen}}),
			spec{id: "c", str: 3, acts: []act{{typ: table.Counterattack, any: true, hits: 1}}}), true},
		{"a chain: r behind w, w behind a wall that retires", []spec{
			{id: "a", str: 3, acts: []act{attack(1, "x")}},
			{id: "x", side: 1, str: 2, acts: []act{screen}},
			{id: "v", side: 1, str: 2, retire: true, acts: []act{screen}},
			{id: "w", side: 1, str: 5, reserve: table.Behind, behind: "v", retire: true, acts: []act{screen}},
			{id: "r", side: 1, str: 3, reserve: table.Behind, behind: "w", acts: []act{attack(1, "a")}},
		}, false},
		{"a chain: the first wall never leaves", []spec{
			{id: "a", str: 3, acts: []act{attack(1, "x")}},
			{id: "x", side: 1, str: 2, acts: []act{screen}},
			{id: "v", side: 1, str: 2, acts: []act{screen}},
			{id: "w", side: 1, str: 5, reserve: table.Behind, behind: "v", retire: true, acts: []act{screen}},
			{id: "r", side: 1, str: 3, reserve: table.Behind, behind: "w", acts: []act{attack(1, "a")}},
		}, true},
		{"commanded by a formation behind a wall that never leaves", []spec{
			{id: "a", str: 3, acts: []act{attack(1, "x")}},
			{id: "x", side: 1, str: 2, acts: []act{screen}},
			{id: "w", side: 1, str: 5, acts: []act{screen}},
			{id: "k", side: 1, str: 2, reserve: table.Behind, behind: "w", acts: []act{{typ: table.Command, targets: []string{"r"}}}},
			{id: "r", side: 1, str: 3, reserve: table.Commanded, acts: []act{attack(1, "a")}},
		}, true},
	} {
		g := setup(t, [2]int8{3, 3}, c.specs...)
		g.Active = 1
		if got := !g.CanEverAttack(1); got != c.loses {
			t.Errorf("%s: side 1 can never attack = %v, want %v", c.name, got, c.loses)
		}
	}
}

// How to Win with requirements: an attack whose requirement needs more dice
// on the card than the side has (two triplets on a Doubles card need 8) can
// never be taken, so it does not count as a way to attack (issue 17, item 2).
func TestRuleVictoryNoAttackUnmeetableRequirement(t *testing.T) {
	specs := []spec{
		{id: "a", str: 3, acts: []act{attack(1, "b")}},
		{id: "b", side: 1, str: 3, acts: []act{{typ: table.Attack, req: table.TwoTriplets, needs: 8, hits: 4, targets: []string{"a"}}}},
	}
	g := setup(t, [2]int8{3, 3}, specs...)
	g.Active = 1
	if !g.begin() || g.winner != 0 || g.reason != "no formation of south can ever attack north" {
		t.Errorf("over %v, winner %d (%s); want south to lose: 6 dice never make two triplets on a Doubles card", g.Over(), g.winner, g.reason)
	}
	g = setup(t, [2]int8{3, 3}, specs...)
	g.S[1].Dice, g.S[1].Pool, g.Active = 8, 8, 1 // a special rule's eight dice
	if g.begin() {
		t.Errorf("south lost (%s), but with eight dice two triplets can gather on its card", g.reason)
	}
}

// Pursuit as the way out of a reserve chain: the wall cannot use its
// attack (its requirement needs more dice than the side has), but it
// pursues when its target routs — here by the target's own self hits — so
// the formation behind it may come out.
func TestRuleVictoryNoAttackPursuitReleases(t *testing.T) {
	for _, selfHit := range []bool{true, false} {
		c := spec{id: "c", str: 3, acts: []act{attack(1, "x")}}
		if selfHit {
			c.acts[0].self = 1
		}
		g := setup(t, [2]int8{3, 3},
			c,
			spec{id: "x", side: 1, str: 2, acts: []act{{typ: table.Screen, any: true}}},
			spec{id: "w", side: 1, str: 5, pursuit: true, acts: []act{{typ: table.Attack, req: table.FiveDice, needs: 7, hits: 1, targets: []string{"c"}}}},
			spec{id: "r", side: 1, str: 3, reserve: table.Behind, behind: "w", acts: []act{attack(1, "c")}})
		g.Active = 1
		if got := g.CanEverAttack(1); got != selfHit {
			t.Errorf("c self-hits %v: side 1 can ever attack = %v, want %v", selfHit, got, selfHit)
		}
	}
}

// How to Win with special rules: an attack a special rule forbids from now
// on, with no last turn, can never be taken; one forbidden until a turn, or
// only from a later turn, still can.
func TestRuleVictoryNoAttackForbiddenBySpecialRule(t *testing.T) {
	for _, c := range []struct {
		name     string
		from, to int16
		loses    bool
	}{
		{"forbidden for good", 0, 0, true},
		{"forbidden from turn 2 on", 2, 0, true},
		{"forbidden until turn 10", 0, 10, false},
		{"forbidden from turn 5 on", 5, 0, false},
	} {
		g := setup(t, [2]int8{3, 3},
			spec{id: "a", str: 3, acts: []act{attack(1, "b")}},
			spec{id: "b", side: 1, str: 3, acts: []act{attack(1, "a")}})
		g.Scenario.Special = []table.Special{{Text: "rule", Effects: []table.Effect{{Kind: table.Forbid, Sides: 1 << 1, Actions: 1 << table.Attack, From: c.from, To: c.to}}}}
		g.Active, g.turn = 1, 2
		if got := !g.CanEverAttack(1); got != c.loses {
			t.Errorf("%s: side 1 can never attack = %v, want %v", c.name, got, c.loses)
		}
	}
}
