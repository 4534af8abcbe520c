package tablebattles

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
)

// Pursuit: "Some Formations must perform Pursuit when an enemy Formation
// that is the Target of their Attacks is Routed" — whoever routs it. Here
// another formation's attack routs the pursuer's target.
func TestRulePursuitWhenAnotherRoutsTheTarget(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "p", str: 3, pursuit: true, acts: []act{attack(1, "b")}},
		spec{id: "c", str: 3, acts: []act{attack(2, "b")}},
		spec{id: "r", str: 3, reserve: table.Behind, behind: "p", acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 2, acts: []act{attack(1, "c")}},
		spec{id: "d", side: 1, str: 2, acts: []act{attack(1, "c")}})
	put(t, g, "p", 4, 4)
	put(t, g, "c", 6)
	mustAct(t, g, "c", 0, none)
	p, r := g.ByID("p"), g.ByID("r")
	if !g.ByID("b").Gone || !p.Gone || p.How != "pursued" || len(p.Dice) != 0 || g.S[0].Pool != 6 || r.Reserve {
		t.Errorf("b gone %v; p gone %v (%s), dice %v, pool %d, r reserve %v; want p pursued, its 2 dice back (pool 6), r released",
			g.ByID("b").Gone, p.Gone, p.How, p.Dice, g.S[0].Pool, r.Reserve)
	}
	// Pursuit is not Routing: the pursuing side's morale is unchanged.
	if g.S[0].Morale != 4 || g.S[1].Morale != 2 {
		t.Errorf("morale %d-%d, want 4-2 (b's rout only)", g.S[0].Morale, g.S[1].Morale)
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
	mustAct(t, g, "c", 0, none) // b routs while x stands
	put(t, g, "c", 6)
	mustAct(t, g, "c", 0, none) // d routs: never p's target
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
	mustAct(t, g, "p", 0, none)
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
	mustAct(t, g, "guns", 0, none)
	if guns.Gone || guns.Units != 1 || b.Units != 2 || len(b.Dice) != 1 || g.S[0].Morale != 3 || g.S[1].Morale != 3 || g.S[1].Skip {
		t.Errorf("guns gone %v with %d cubes, b %d units and dice %v, morale %d-%d, skip %v; want guns in play with 1 cube (the one spent), b 2 with its die, 3-3, no reaction",
			guns.Gone, guns.Units, b.Units, b.Dice, g.S[0].Morale, g.S[1].Morale, g.S[1].Skip)
	}
	g.applyHits(map[*Formation]int{guns: 3})
	if guns.Gone || guns.Units != 1 || g.S[0].Morale != 3 {
		t.Errorf("after 3 hits guns gone %v with %d cubes, morale %d; want untouched", guns.Gone, guns.Units, g.S[0].Morale)
	}
}

// How to Win: a formation in reserve whose commander waits in reserve
// behind a formation still in play can still come out and attack, so its
// side has not lost.
func TestRuleVictoryNoAttackChainedReserve(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, acts: []act{attack(1, "s")}},
		spec{id: "s", side: 1, str: 2, retire: true, acts: []act{{typ: table.Screen, any: true}}},
		spec{id: "k", side: 1, str: 2, reserve: table.Behind, behind: "s", acts: []act{{typ: table.Command, targets: []string{"c"}}}},
		spec{id: "c", side: 1, str: 2, reserve: table.Commanded, acts: []act{attack(1, "a")}})
	g.EndTurn()
	if g.Begin() {
		t.Fatalf("side 1 lost (%s), but s can retire, k come out and command c to attack", g.Reason)
	}
	// Without the commander, c can never come out: side 1 loses.
	g.ByID("k").Gone = true
	if !g.Begin() || g.Winner != 0 {
		t.Errorf("over %v winner %d; want side 1 to lose", g.Over, g.Winner)
	}
}

// Special Formations: a reaction spends one (and only one) cube.
func TestRuleSpecialFormationReactionSpendsOneCube(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, acts: []act{attack(2, "b")}},
		spec{id: "b", side: 1, str: 3, acts: []act{attack(1, "a")}},
		spec{id: "hex", side: 1, str: 3, special: true, acts: []act{{typ: table.Screen, any: true}}})
	g.ByID("hex").Units = 3
	put(t, g, "a", 6, 6)
	mustAct(t, g, "a", 0, none)
	if hex := g.ByID("hex"); hex.Units != 2 || g.ByID("b").Units != 3 || !g.S[1].Skip || g.S[1].Pool != 6 {
		t.Errorf("hex %d cubes, b %d units, skip %v, pool %d; want 2, 3 (screened), true, 6", hex.Units, g.ByID("b").Units, g.S[1].Skip, g.S[1].Pool)
	}
}

// Counterattack: "1 hit per die" counts the dice on the reacting card.
func TestRuleCounterattackPerDie(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 5, acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 3, acts: []act{{typ: table.Counterattack, any: true, perDie: true}}})
	put(t, g, "a", 6)
	put(t, g, "b", 2, 2, 5)
	mustAct(t, g, "a", 0, none)
	if g.ByID("a").Units != 2 || g.ByID("b").Units != 2 || len(g.ByID("b").Dice) != 0 {
		t.Errorf("a %d b %d units; want 2 (three dice) and 2", g.ByID("a").Units, g.ByID("b").Units)
	}
}

// Routing: a star formation gives two morale cubes; a side with one cube
// left gives the one it has and is out of morale.
func TestRuleRoutStarWithOneCubeLeft(t *testing.T) {
	g := setup(t, [2]int8{3, 1},
		spec{id: "a", str: 3, acts: []act{attack(2, "b")}},
		spec{id: "b", side: 1, str: 2, star: true, acts: []act{attack(1, "a")}},
		spec{id: "e", side: 1, str: 2, acts: []act{attack(1, "a")}})
	put(t, g, "a", 6)
	mustAct(t, g, "a", 0, none)
	if g.S[0].Morale != 4 || g.S[1].Morale != 0 {
		t.Fatalf("morale %d-%d, want 4-0", g.S[0].Morale, g.S[1].Morale)
	}
	g.EndTurn()
	if !g.Begin() || g.Winner != 0 {
		t.Errorf("over %v winner %d; want side 0 to win on morale", g.Over, g.Winner)
	}
}

// Reading a Formation Card, Target: "If multiple Targets are listed, the
// second Target only becomes available after the first has been removed
// from play ... (ignore this for a Screen action)". A Counterattack listing
// two attackers answers only the first while it is in play.
func TestRuleCounterattackTargetsInOrder(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "x", str: 3, acts: []act{attack(1, "b")}},
		spec{id: "y", str: 3, acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 5, acts: []act{{typ: table.Counterattack, targets: []string{"x", "y"}, hits: 1}, attack(1, "x")}})
	put(t, g, "b", 4)
	if opts := g.Reactions(g.ByID("y"), g.ByID("b")); len(opts) != 0 {
		t.Errorf("counterattack offered against y while x, listed first, is in play: %v", opts)
	}
	if opts := g.Reactions(g.ByID("x"), g.ByID("b")); len(opts) != 1 {
		t.Errorf("reactions to x: %v, want the counterattack", opts)
	}
	g.ByID("x").Gone = true
	put(t, g, "y", 2)
	mustAct(t, g, "y", 0, none)
	if g.ByID("y").Units != 2 || g.ByID("b").Units != 4 || !g.S[1].Skip {
		t.Errorf("y %d b %d units, skip %v; want the counterattack on y once x is gone (2, 4, true)", g.ByID("y").Units, g.ByID("b").Units, g.S[1].Skip)
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
	mustAct(t, g, "a", 0, none)
	if g.ByID("c").Units != 1 || g.ByID("x").Units != 4 || g.S[1].Skip {
		t.Errorf("c %d x %d units, skip %v; want no absorb for c while d stands (1, 4, false)", g.ByID("c").Units, g.ByID("x").Units, g.S[1].Skip)
	}
	g.ByID("d").Gone = true
	put(t, g, "a", 6)
	mustAct(t, g, "a", 0, none)
	if g.ByID("c").Units != 1 || g.ByID("x").Units != 2 || !g.S[1].Skip {
		t.Errorf("c %d x %d units, skip %v; want x to absorb once d is gone (1, 2, true)", g.ByID("c").Units, g.ByID("x").Units, g.S[1].Skip)
	}
}

// Screen ignores target order: every listed attacker may be screened.
func TestRuleScreenIgnoresTargetOrder(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "x", str: 3, acts: []act{attack(1, "b")}},
		spec{id: "y", str: 3, acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 3, acts: []act{attack(1, "x")}},
		spec{id: "s", side: 1, str: 3, acts: []act{{typ: table.Screen, targets: []string{"x", "y"}}}})
	put(t, g, "s", 2)
	if opts := g.Reactions(g.ByID("y"), g.ByID("b")); len(opts) != 1 {
		t.Errorf("reactions to y: %v, want the screen though x is listed first", opts)
	}
}

// placer never acts and always places the first option.
type placer struct{ idle }

func (placer) Place(*Game, []Placement) int { return 0 }

// Roll Phase: "Dice remain on the Card until the Formation takes an
// Action, or until it Routs or performs Pursuit": placements of later
// turns add to them, and only the pool is rolled.
func TestRuleDiceStayOnCardAcrossTurns(t *testing.T) {
	g := setup(t, [2]int8{3, 3},
		spec{id: "a", str: 3, acts: []act{attack(1, "b")}},
		spec{id: "b", side: 1, str: 3, acts: []act{attack(1, "a")}})
	var rolled []int
	g.Log = func(e Event) {
		if e.Kind == "roll" && e.Side == "north" {
			rolled = append(rolled, len(e.Dice))
		}
	}
	p := [2]Policy{placer{}, idle{}}
	for range 3 {
		g.Step(p)
	}
	if a := g.ByID("a"); len(a.Dice) != 2 || g.S[0].Pool != 4 || len(rolled) != 2 || rolled[0] != 6 || rolled[1] != 5 {
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
	g.Step([2]Policy{placer{}, idle{}})
	if guns, a := g.ByID("guns"), g.ByID("a"); guns.Units != 2 || len(a.Dice) != 0 || g.S[0].Pool != 1 {
		t.Errorf("guns %d cubes, a dice %v, pool %d; want 2 cubes, no dice on a, pool 1", guns.Units, a.Dice, g.S[0].Pool)
	}
}
