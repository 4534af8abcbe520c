package fecipher_test

import (
	"errors"
	"testing"

	. "github.com/roundtable-dev/roundtable/engine/fecipher"
)

// Level up and class change (deployment phase): "level up a unit into a
// unit of the same class if they share their unit names, or class change
// into that unit into a new class", and only promoted cards have the
// promotion cost a class change pays. An unpromoted card of another class
// (Young Prince Marth, Lord, over Star Lord Marth) is neither.
func TestRuleLevelUpNeedsSameClass(t *testing.T) {
	g := bare(t)
	u := place(t, g, 0, "marth-star-lord", Vanguard)
	bonds(t, g, 0, "cain-cavalier", "cain-cavalier", "cain-cavalier")
	g.P[0].Hand = ids(t, "marth-young-prince")
	if err := g.Stack(0, 0, u); !errors.Is(err, ErrClass) {
		t.Errorf("Lord Marth over Star Lord Marth: %v, want ErrClass", err)
	}
	if len(u.Stack) != 1 || len(g.P[0].Hand) != 1 || g.P[0].Spent != 0 {
		t.Errorf("stack %v hand %v spent %d; a refused level up changes nothing", u.Stack, g.P[0].Hand, g.P[0].Spent)
	}
	for _, a := range g.Legal() {
		if a.Kind == ActStack {
			t.Errorf("Legal offers stacking %v, want no level up into another class", a)
		}
	}
	// Same class (Lord over Lord) levels up for the deployment cost 2.
	g = bare(t)
	u = place(t, g, 0, "marth-young-prince", Vanguard)
	bonds(t, g, 0, "cain-cavalier", "cain-cavalier")
	g.P[0].Hand = ids(t, "marth-exiled-prince")
	if err := g.Stack(0, 0, u); err != nil {
		t.Fatalf("Lord Marth over Lord Marth: %v", err)
	}
	if g.P[0].Spent != 2 || u.Card() != id(t, "marth-exiled-prince") || u.ClassChanged {
		t.Errorf("spent %d top %d class changed %v; want 2, exiled prince, a level up", g.P[0].Spent, u.Card(), u.ClassChanged)
	}
}

// Action phase: "You must also have a valid target for an attack, an enemy
// that is within your unit's range", attacking with your own unit.
func TestRuleAttackTargetsAnEnemy(t *testing.T) {
	g := bare(t)
	g.Phase = ActionPhase
	a := place(t, g, 0, "ogma-hero", Vanguard)
	own := place(t, g, 0, "cain-cavalier", Vanguard)
	foe := place(t, g, 1, "chrom-prince", Vanguard)
	foe.Main = true
	if _, err := g.Attack(0, a, own); !errors.Is(err, ErrTarget) {
		t.Errorf("attacking one's own unit: %v, want ErrTarget", err)
	}
	if _, err := g.Attack(0, foe, a); !errors.Is(err, ErrTarget) {
		t.Errorf("attacking with the opponent's unit: %v, want ErrTarget", err)
	}
	if a.Tapped || foe.Tapped || len(g.P[0].Field) != 2 {
		t.Error("a refused attack changes nothing")
	}
}

// Deployment and action phases act on "your units": a player levels up,
// moves and uses the skills of units on their own field only.
func TestRuleOnlyYourOwnUnits(t *testing.T) {
	g := bare(t)
	foe := place(t, g, 1, "marth-young-prince", Vanguard)
	place(t, g, 1, "chrom-prince", Vanguard)
	bonds(t, g, 0, "cain-cavalier", "cain-cavalier")
	g.P[0].Hand = ids(t, "marth-exiled-prince")
	if err := g.Stack(0, 0, foe); !errors.Is(err, ErrNoBase) {
		t.Errorf("levelling up the opponent's Marth: %v, want ErrNoBase", err)
	}
	if err := g.Move(0, foe); !errors.Is(err, ErrNotYours) {
		t.Errorf("moving the opponent's unit: %v, want ErrNotYours", err)
	}
	if len(foe.Stack) != 1 || foe.Area != Vanguard || foe.Tapped {
		t.Error("the opponent's unit must not change")
	}
	g.Phase = ActionPhase
	star := place(t, g, 1, "marth-star-lord", Rearguard)
	if err := g.Activate(0, star, 0, 0); !errors.Is(err, ErrNotYours) {
		t.Errorf("using the opponent's skill: %v, want ErrNotYours", err)
	}
	if g.P[0].Bonds[0].Reversed {
		t.Error("no bond is reversed for a refused skill")
	}
}
