package annas

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// Rulebook VIII, Step 2B with VI, Steps to Combat 3: when the boss attacks a
// unit in its destination the faster side follows up, the boss included; the
// unit counters into the corner the boss attacked with.
func TestBossAttackFollowsUpWhenFaster(t *testing.T) {
	g := newBossGame(t, grima, 2)
	setCard(t, g, "gaze") // ATK 6, SPD 3, DEF 2, range 1; rolls 3-4 go to b3
	u := bput(g, uVaike, 0, "b3")
	g.moveStep(3)
	// Vaike (red 11 HP, ATK 7, SPD 2, DEF 3; +2 ATK in combat while fewer
	// units, which the players always are) is attacked by the blue corner
	// (content corner 2), which has advantage: 6+1-3 = 4, counter
	// 7+2-1-2 = 6 into blue, the boss (SPD 3 > 2) follows up for 4 more.
	if g.Boss.At() != bt("c3") {
		t.Fatalf("boss moved to %s; a unit in the destination cancels the move", g.Boss.At())
	}
	if g.HP(u) != 3 || g.Boss.CornerDmg != [4]int8{0, 0, 6, 0} {
		t.Errorf("Vaike HP %d, corners %v; want 3 and [0 0 6 0]", g.HP(u), g.Boss.CornerDmg)
	}
}

// Rulebook VIII, DV in boss mode: every unit of yours defeated earns 1 DV,
// the second in a turn too (the 1 vs 1 game's "2 if you already lost a unit
// this turn" does not apply).
func TestEveryLossEarnsOneDV(t *testing.T) {
	g := newBossGame(t, grima, 2)
	g.Players[0].DV = 0
	a := bput(g, uIke, 0, "a1")
	b := bput(g, uTitania, 0, "b1")
	stepSettled(t, g, func() { g.hurt(a, 10, false, g.BossSeat(), nil) })
	stepSettled(t, g, func() { g.hurt(b, 10, false, g.BossSeat(), nil) })
	if g.Players[0].DV != 2 || g.Players[1].DV != 0 {
		t.Errorf("DV %d/%d after two losses in a turn, want 2/0", g.Players[0].DV, g.Players[1].DV)
	}
}

// Rulebook VIII, Win / Lose Conditions (boss board: the boss reaches rank N):
// the 2x2 block reaches rank 6 when its top row stands on it.
func TestBossReachesNorthEdge(t *testing.T) {
	rs := bossFixture()
	rs.Bosses[medeus].Lose[0] = table.EndCond{Kind: table.EndBossReaches, N: 6, Summon: -1, Text: "north"}
	g, err := New(rs, Options{Seed: 1, Mode: table.BossMode, Boss: medeus, Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	g.Boss.piece.Tile = bt("c4") // ranks 4 and 5
	if g.checkEnd(false) {
		t.Fatal("ended with the block on ranks 4-5")
	}
	g.Boss.piece.Tile = bt("c5") // ranks 5 and 6
	if !g.checkEnd(false) || g.Boss.Result != BossWins || g.Reason != "north" {
		t.Errorf("block on ranks 5-6: %s %q, want boss win %q", g.Boss.Result, g.Reason, "north")
	}
}

// Engine reading (docs/annas-boss-mode.md): a token occupies its square
// like a unit; a unit neither stops on it nor moves through it.
func TestTokenBlocksMovement(t *testing.T) {
	g := newBossGame(t, grima, 2)
	u := bput(g, uIke, 0, "a1") // MOV 3
	putSummon(g, 1, "a2")       // rift (token)
	putSummon(g, 1, "b1")
	r := reachOf(g, u)
	if r != bts("a1") {
		var got []string
		for t := Tile(0); t < Tiles; t++ {
			if r.Has(t) {
				got = append(got, t.String())
			}
		}
		t.Errorf("Ike boxed in by two tokens reaches %v, want [a1]", got)
	}
}

// Rulebook VIII, Step 2A: only player units in the destination cancel the
// move; a summon there does not, and (engine reading) steps aside to the
// nearest open tile, ties to the south-west.
func TestSummonInDestinationDoesNotStopBoss(t *testing.T) {
	g := newBossGame(t, grima, 2)
	setCard(t, g, "gaze") // roll 3: b3, the block b3 c3 b4 c4
	s := putSummon(g, 0, "b4")
	g.moveStep(3)
	if g.Boss.At() != bt("b3") || s.Tile != bt("a4") || len(summonsOf(g)) != 1 {
		t.Errorf("boss at %s, risen at %s (%d summons); want b3 and a4", g.Boss.At(), s.Tile, len(summonsOf(g)))
	}
}

// Rulebook VIII, Defeating a Boss with Step 2B: a counter that fills the
// last bar takes a life and ends that combat, so the faster boss does not
// follow up; the boss's damage is removed.
func TestCounterTakingALifeEndsBossAttack(t *testing.T) {
	g := newBossGame(t, grima, 2)
	setCard(t, g, "gaze")
	g.Boss.CornerDmg = [4]int8{8, 8, 3, 8} // blue has 5 left
	u := bput(g, uVaike, 0, "b3")
	g.moveStep(3)
	// Blue attacks Vaike for 4; Vaike counters for 6, filling blue.
	if g.Boss.Lives != 1 || g.Boss.CornerDmg != [4]int8{} || g.HP(u) != 7 || g.Over() {
		t.Errorf("lives %d corners %v Vaike HP %d over %v; want 1, cleared, 7, not over", g.Boss.Lives, g.Boss.CornerDmg, g.HP(u), g.Over())
	}
}

// Rulebook VIII, Step 1 (reading in docs/annas-boss-mode.md): a summon's
// "at the start of each boss turn" effect belongs to summons on the board
// when the boss turn starts; one the board summons in this Step 1 first
// acts on the next boss turn.
func TestNewSummonWaitsForNextBossTurn(t *testing.T) {
	rs := bossFixture()
	b := &rs.Bosses[grima]
	summon := eff(table.StartOfTurn, table.Target{Kind: table.TargetSelf, Tag: -1}, table.OpSummon, 1)
	summon.Summon = 0
	b.StartOfTurn = []table.Effect{summon}
	b.Summons[0].Effects = []table.Effect{eff(table.StartOfBossTurn, allOf(table.SideEnemy, 0), table.OpDamage, 1)}
	g, err := New(rs, Options{Seed: 1, Mode: table.BossMode, Boss: grima, Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	clearBoard(g)
	setCard(t, g, "dark-aura") // no damage; moves c3, b4 or d2, all clear of f6
	u := bput(g, uIke, 0, "f6")
	putSummon(g, 0, "a1")
	g.bossTurn()
	if len(summonsOf(g)) != 2 {
		t.Fatalf("%d summons, want 2 (one on the board, one summoned)", len(summonsOf(g)))
	}
	if g.HP(u) != 9 {
		t.Errorf("Ike HP %d, want 9: only the risen already on the board strikes", g.HP(u))
	}
}
