package annas

import (
	"testing"
)

// Grima at c3 before any rotation: NW c4 red, NE d4 green, SE d3 blue, SW c3 gray.

// Rulebook VIII, Attacking Bosses: the attacked corner's color is the boss's
// color for the weapon triangle; damage fills that corner's HP bar; the boss
// counters with the current card's stats; the faster side follows up.
func TestAttackCornerTriangle(t *testing.T) {
	cases := []struct {
		name, at, corner string
		card             string
		bar              int // content corner
		wantDmg          int8
		wantHP           int
	}{
		// Ike (red 10 HP, ATK 6, SPD 4, DEF 3) vs gaze (ATK 6, SPD 3, DEF 2).
		// Gray corner, no triangle: 6-2=4, counter 6-3=3, follow-up 4.
		{"neutral", "c2", "c3", "gaze", 3, 8, 7},
		// Green corner, red has advantage: 7-2=5, counter 5-3=2, follow-up capped at the 3 left.
		{"advantage", "e4", "d4", "gaze", 1, 8, 8},
		// Blue corner, red has disadvantage: 5-2=3, counter 7-3=4, follow-up 3.
		{"disadvantage", "d2", "d3", "gaze", 2, 6, 6},
	}
	for _, c := range cases {
		g := newBossGame(t, grima, 2)
		setCard(t, g, c.card)
		u := bput(g, uIke, 0, c.at)
		actSettled(t, g, blegal(t, g, bact(c.at, Attack, c.corner)))
		if g.Boss.CornerDmg[c.bar] != c.wantDmg || g.HP(u) != c.wantHP {
			t.Errorf("%s: bar %d damage %d, Ike HP %d; want %d and %d", c.name, c.bar, g.Boss.CornerDmg[c.bar], g.HP(u), c.wantDmg, c.wantHP)
		}
		for i := range 4 {
			if i != c.bar && g.Boss.CornerDmg[i] != 0 {
				t.Errorf("%s: bar %d took damage", c.name, i)
			}
		}
	}
}

// Rulebook VIII, Attacking Bosses: a unit may only attack a corner within its range.
func TestAttackOnlyCornersInRange(t *testing.T) {
	g := newBossGame(t, grima, 2)
	bput(g, uSoren, 0, "b2") // range 1-2: c3 at 2, d3 and c4 at 3
	var got []string
	for _, a := range g.LegalActions() {
		if a.Kind == Activate && a.To == bt("b2") && a.Do == Attack {
			got = append(got, a.Target.String())
		}
	}
	if len(got) != 1 || got[0] != "c3" {
		t.Errorf("corners in range from b2: %v, want [c3]", got)
	}
}

// Rulebook VIII, Boss Stats & Counter Attacks: no counter when the boss is
// out of range; the current card's range decides.
func TestBossCounterByCurrentCard(t *testing.T) {
	// Soren (blue 7 HP, ATK 6, SPD 3, DEF 1, range 1-2) at distance 2 from the gray corner.
	g := newBossGame(t, grima, 2)
	setCard(t, g, "gaze") // range 1, SPD 3: no counter, no follow-up
	u := bput(g, uSoren, 0, "c1")
	actSettled(t, g, blegal(t, g, bact("c1", Attack, "c3")))
	if g.Boss.CornerDmg[3] != 4 || g.HP(u) != 7 {
		t.Errorf("gaze: gray damage %d, Soren HP %d; want 4 and 7", g.Boss.CornerDmg[3], g.HP(u))
	}
	g = newBossGame(t, grima, 2)
	setCard(t, g, "expiration") // ATK 7, SPD 2, DEF 3, range 1-2: counter 6, Soren follows up
	u = bput(g, uSoren, 0, "c1")
	actSettled(t, g, blegal(t, g, bact("c1", Attack, "c3")))
	if g.Boss.CornerDmg[3] != 6 || g.HP(u) != 1 {
		t.Errorf("expiration: gray damage %d, Soren HP %d; want 6 and 1", g.Boss.CornerDmg[3], g.HP(u))
	}
}

// Rulebook VIII, Attacking Bosses: a fully damaged corner takes no more.
func TestFullCornerTakesNoMore(t *testing.T) {
	g := newBossGame(t, grima, 2)
	setCard(t, g, "gaze")
	g.Boss.CornerDmg = [4]int8{0, 0, 0, 8}
	u := bput(g, uIke, 0, "c2")
	actSettled(t, g, blegal(t, g, bact("c2", Attack, "c3")))
	if g.Boss.CornerDmg != [4]int8{0, 0, 0, 8} || g.Boss.Lives != 2 {
		t.Errorf("corners %v lives %d", g.Boss.CornerDmg, g.Boss.Lives)
	}
	if g.HP(u) != 7 { // the boss did not lose a life, so it still counters
		t.Errorf("Ike HP %d, want 7", g.HP(u))
	}
}

// Rulebook VIII, Defeating a Boss: when every bar is full the boss loses a
// life and its damage is removed; having lost a life it does not counter.
func TestAllBarsFullLosesLife(t *testing.T) {
	g := newBossGame(t, grima, 2)
	setCard(t, g, "gaze")
	g.Boss.CornerDmg = [4]int8{8, 8, 8, 7}
	u := bput(g, uIke, 0, "c2")
	actSettled(t, g, blegal(t, g, bact("c2", Attack, "c3")))
	if g.Boss.Lives != 1 || g.Boss.CornerDmg != [4]int8{} || g.HP(u) != 10 || g.Over() {
		t.Errorf("lives %d corners %v Ike HP %d over %v; want 1, cleared, 10, not over", g.Boss.Lives, g.Boss.CornerDmg, g.HP(u), g.Over())
	}
}

// Rulebook VIII, Defeating a Boss: the last life lost wins the game.
func TestLastLifeWins(t *testing.T) {
	g := newBossGame(t, grima, 2)
	g.Boss.Lives = 1
	g.Boss.CornerDmg = [4]int8{8, 8, 8, 7}
	bput(g, uIke, 0, "c2")
	actSettled(t, g, blegal(t, g, bact("c2", Attack, "c3")))
	if !g.Over() || g.Boss.Result != PlayersWin || g.Boss.Lives != 0 {
		t.Errorf("over %v result %s lives %d", g.Over(), g.Boss.Result, g.Boss.Lives)
	}
	if g.LegalActions() != nil {
		t.Error("actions after the end")
	}
}

// Attacking a minion is an ordinary combat: Ike vs risen (gray 4 HP, ATK 4, SPD 3, DEF 1).
func TestAttackMinion(t *testing.T) {
	g := newBossGame(t, grima, 2)
	bput(g, uIke, 0, "a2")
	putSummon(g, 0, "a3")
	actSettled(t, g, blegal(t, g, bact("a2", Attack, "a3")))
	if len(summonsOf(g)) != 0 || g.HP(g.PieceAt(bt("a2"))) != 10 {
		t.Errorf("risen survives or Ike hurt: %d summons", len(summonsOf(g)))
	}
}
