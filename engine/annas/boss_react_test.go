package annas

import (
	"slices"
	"testing"
)

// Rulebook II.6 and V, Special Abilities: a reaction special is used when its
// condition is met, spends the token, and works on the boss's turn too:
// the unit's owner decides, a decision of the match.
func TestReactionSavesUnitOnBossTurn(t *testing.T) {
	g := newBossGame(t, grima, 2)
	setCard(t, g, "ruin")                    // ATK 8, SPD 1, DEF 1, range 1
	u := bput(g, unitID(g, "tiki"), 0, "b3") // gray 9 HP, DEF 2
	u.Special = true
	u.Damage = 4 // 5 HP left: the boss's 8-2=6 would defeat her
	g.step(func() { g.bossAttack(u) })
	// Gray: the players choose the corner; then P1 may react.
	choose(t, g, "corner red c4")
	if g.Actor() != 0 || !slices.Equal(options(g), []string{"react tiki b3", "pass"}) {
		t.Fatalf("P%d decides %v, want P1's reaction window", g.Actor()+1, options(g))
	}
	choose(t, g, "react tiki b3")
	if g.PieceByID(u.ID) == nil || g.HP(u) != 1 || u.Special {
		t.Fatalf("Miracle: alive %v HP %d token %v; want alive with 1 HP, token spent", g.PieceByID(u.ID) != nil, g.HP(u), u.Special)
	}
	// The token is spent: the next lethal blow defeats her.
	stepSettled(t, g, func() { g.bossAttack(u) })
	if g.PieceByID(u.ID) != nil {
		t.Error("defeated a second time without a token: still alive")
	}
	// A player may decline.
	g = newBossGame(t, grima, 2)
	setCard(t, g, "ruin")
	u = bput(g, unitID(g, "tiki"), 0, "b3")
	u.Special = true
	u.Damage = 4
	g.step(func() { g.bossAttack(u) })
	choose(t, g, "corner red c4")
	choose(t, g, "pass")
	if g.PieceByID(u.ID) != nil {
		t.Error("declined Miracle still saved the unit")
	}
}

// A reaction watching allies: Gilliam gives an adjacent ally (of another
// player) +3 DEF when the boss attacks it.
func TestReactionGuardsAdjacentAlly(t *testing.T) {
	g := newBossGame(t, grima, 2)
	setCard(t, g, "gaze") // ATK 6 SPD 3 DEF 2
	guard := bput(g, unitID(g, "gilliam"), 0, "a3")
	guard.Special = true
	ally := bput(g, uTitania, 1, "b3") // green: the red corner attacks, 7 ATK
	stepSettled(t, g, func() { g.bossAttack(ally) })
	// 7 - (3+3) = 1 damage; Titania counters 4-2=2 and follows up 2.
	if g.HP(ally) != 9 || guard.Special || g.Boss.CornerDmg[0] != 4 {
		t.Errorf("Titania HP %d, token %v, red damage %d; want 9, spent, 4", g.HP(ally), guard.Special, g.Boss.CornerDmg[0])
	}
	if len(ally.Mods) != 0 {
		t.Errorf("the +3 DEF outlived the combat: %v", ally.Mods)
	}
}
