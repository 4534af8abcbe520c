package annas

import (
	"slices"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// Rulebook VIII, Clarifications: [Pickpocket] gives 1 DV instead of coins,
// no dice roll needed (its base effect is 2 coins on a roll of 4+).
func TestPickpocketGivesOneDV(t *testing.T) {
	for seed := range uint64(12) {
		g, _ := New(bossFixture(), Options{Seed: seed, Mode: table.BossMode, Boss: grima, Players: 2})
		clearBoard(g)
		setCard(t, g, "gaze")
		bput(g, uGaius, 0, "c2")
		g.Players[0].DV = 0
		actSettled(t, g, blegal(t, g, bact("c2", Attack, "c3")))
		if g.Players[0].DV != 1 {
			t.Fatalf("seed %d: DV %d, want 1", seed, g.Players[0].DV)
		}
	}
	// Written as the base content writes it: a versus effect (roll, coins)
	// and a boss-mode one (1 DV); only the boss-mode one applies.
	rs := bossFixture()
	coins := eff(table.AfterCombat, table.Target{Kind: table.TargetPlayer, Tag: -1}, table.OpCoins, 1)
	coins.If = []table.Cond{{Kind: table.CondRoll, N: 4, Tag: -1, Terrain: -1}, {Kind: table.CondMode, Mode: table.Versus, Tag: -1, Terrain: -1}}
	dv := eff(table.AfterCombat, table.Target{Kind: table.TargetPlayer, Tag: -1}, table.OpDV, 1)
	dv.If = []table.Cond{{Kind: table.CondMode, Mode: table.BossMode, Tag: -1, Terrain: -1}}
	rs.Tags[tagPickpocket].Effects = []table.Effect{coins, dv}
	g, _ := New(rs, Options{Seed: 3, Mode: table.BossMode, Boss: grima, Players: 2})
	setCard(t, g, "gaze")
	bput(g, uGaius, 0, "c2")
	g.Players[0].DV = 0
	actSettled(t, g, blegal(t, g, bact("c2", Attack, "c3")))
	if g.Players[0].DV != 1 {
		t.Errorf("content-style Pickpocket: DV %d, want 1", g.Players[0].DV)
	}
}

// Rulebook VIII, Clarifications: "until your next turn" lasts through the
// other players' (and the boss's) turns until it is your turn again.
func TestUntilYourNextTurn(t *testing.T) {
	g := newBossGame(t, grima, 2)
	bput(g, uTitania, 0, "a1")
	other := bput(g, uSoren, 1, "b1")
	actSettled(t, g, blegal(t, g, func(a Action) bool {
		return a.Kind == Activate && a.From == bt("a1") && a.To == bt("a1") && a.Do == AssistDo
	}))
	has := func() bool { return len(other.Mods) == 1 && other.Mods[0].DEF == 2 }
	if !has() {
		t.Fatalf("P2's unit mods %v, want +2 DEF", other.Mods)
	}
	actSettled(t, g, act(EndTurn, 0)) // boss turn, then P2's turn
	if g.Current != 1 || !has() {
		t.Fatalf("on P2's turn: current P%d mods %v; want the +2 DEF to last", g.Current+1, other.Mods)
	}
	actSettled(t, g, act(EndTurn, 1)) // boss turn, then P1's turn: it ends
	if g.Current != 0 || len(other.Mods) != 0 {
		t.Errorf("on P1's next turn: mods %v, want none", other.Mods)
	}
}

// Rulebook VIII, Clarifications: "ally units" includes every player's units.
func TestAllyIncludesOtherPlayers(t *testing.T) {
	g := newBossGame(t, grima, 3)
	bput(g, uPriest, 0, "a1") // physic: heal 3 to an ally within 2
	hurt := bput(g, uSoren, 2, "a3")
	hurt.Damage = 4
	actSettled(t, g, blegal(t, g, bact("a1", AssistDo, "a3")))
	if g.HP(hurt) != 6 {
		t.Errorf("P3's unit HP %d, want 6", g.HP(hurt))
	}
}

// Rulebook VIII, Clarifications: enemy effects may target the boss or its
// minions, never tokens.
func TestEnemyMeansBossAndMinions(t *testing.T) {
	g := newBossGame(t, grima, 2)
	bput(g, uIke, 0, "b2") // Strike: 4 damage to one enemy within 2
	putSummon(g, 0, "a2")  // risen, a minion
	putSummon(g, 1, "b1")  // rift, a token
	var targets []string
	for _, a := range g.LegalActions() {
		if a.Kind == Activate && a.To == bt("b2") && a.Do == Special {
			targets = append(targets, a.Target.String())
		}
	}
	slices.Sort(targets)
	if want := []string{"a2", "c3"}; !slices.Equal(targets, want) {
		t.Errorf("Strike targets %v, want %v (risen and the boss, not the rift)", targets, want)
	}
}

// Rulebook VIII, Clarifications: an area effect counts the boss once, even
// with several of its squares in the area.
func TestAreaCountsBossOnce(t *testing.T) {
	g := newBossGame(t, grima, 2)
	bput(g, uTharja, 0, "c2") // Ring: 1 damage to every enemy within 2; c3, d3, c4 are in it
	risen := putSummon(g, 0, "c1")
	actSettled(t, g, blegal(t, g, bact("c2", Special, "")))
	sum := 0
	for _, d := range g.Boss.CornerDmg {
		sum += int(d)
	}
	if sum != 1 || g.HP(risen) != 3 {
		t.Errorf("boss damage %d, risen HP %d; want 1 and 3", sum, g.HP(risen))
	}
}

// Rulebook VIII, Clarifications: the boss always has more units deployed.
func TestBossAlwaysHasMoreUnits(t *testing.T) {
	// Vaike: +2 ATK while you have fewer units. 7+2-2 = 7 on the gray corner.
	g := newBossGame(t, grima, 2)
	setCard(t, g, "gaze")
	bput(g, uVaike, 0, "c2")
	bput(g, uIke, 0, "a1")
	bput(g, uSoren, 1, "f1")
	stepSettled(t, g, func() { g.combatWith(g.PieceAt(bt("c2")), g.Boss.piece, 3, 1) })
	cb := g.lastCombat.out
	if cb.Strikes[0].Damage != 7 {
		t.Errorf("Vaike's attack %d, want 7", cb.Strikes[0].Damage)
	}
	// Lucina: +1 ATK while you have more units — never against a boss. 7-2 = 5.
	g = newBossGame(t, grima, 2)
	setCard(t, g, "gaze")
	bput(g, uLucina, 0, "c2")
	bput(g, uIke, 0, "a1")
	stepSettled(t, g, func() { g.combatWith(g.PieceAt(bt("c2")), g.Boss.piece, 3, 1) })
	cb = g.lastCombat.out
	if cb.Strikes[0].Damage != 5 {
		t.Errorf("Lucina's attack %d, want 5", cb.Strikes[0].Damage)
	}
}

// Rulebook VIII, Clarifications: effects cannot move the boss.
func TestEffectsCannotMoveBoss(t *testing.T) {
	g := newBossGame(t, grima, 2)
	bput(g, uSumia, 0, "c2") // Shove: push one enemy within 1 one space
	risen := putSummon(g, 0, "b2")
	var targets []string
	for _, a := range g.LegalActions() {
		if a.Kind == Activate && a.To == bt("c2") && a.Do == Special {
			targets = append(targets, a.Target.String())
		}
	}
	if !slices.Equal(targets, []string{"b2"}) {
		t.Fatalf("Shove targets %v, want [b2] (never the boss)", targets)
	}
	actSettled(t, g, blegal(t, g, bact("c2", Special, "b2")))
	if risen.Tile != bt("a2") || g.Boss.At() != bt("c3") {
		t.Errorf("risen at %s boss at %s; want a2 and c3", risen.Tile, g.Boss.At())
	}
}

// Rulebook VIII, Clarifications: direct damage hits any one HP bar.
func TestDirectDamageOneBar(t *testing.T) {
	g := newBossGame(t, grima, 2)
	bput(g, uIke, 0, "c2") // Strike: 4
	actSettled(t, g, blegal(t, g, bact("c2", Special, "c3")))
	if g.Boss.CornerDmg != [4]int8{4, 0, 0, 0} {
		t.Errorf("corners %v, want 4 on one bar only", g.Boss.CornerDmg)
	}
	// The players pick the bar: the built-in choice finishes a bar when it can.
	g = newBossGame(t, grima, 2)
	g.Boss.CornerDmg = [4]int8{0, 0, 5, 0}
	bput(g, uIke, 0, "c2")
	actSettled(t, g, blegal(t, g, bact("c2", Special, "c3")))
	if g.Boss.CornerDmg != [4]int8{4, 0, 5, 0} {
		t.Errorf("corners %v, want [4 0 5 0]", g.Boss.CornerDmg)
	}
}

// Rulebook VIII, Clarifications: non-lethal damage cannot deal the last
// damage to an HP bar.
func TestNonLethalCannotFinishBar(t *testing.T) {
	g := newBossGame(t, grima, 2)
	g.Boss.CornerDmg = [4]int8{7, 7, 7, 5} // 1, 1, 1 and 3 left
	bput(g, uSoren, 0, "c2")               // Bolt: 5 non-lethal
	actSettled(t, g, blegal(t, g, bact("c2", Special, "c3")))
	if g.Boss.CornerDmg != [4]int8{7, 7, 7, 7} || g.Boss.Lives != 2 {
		t.Errorf("corners %v lives %d; want [7 7 7 7] and 2", g.Boss.CornerDmg, g.Boss.Lives)
	}
	// Every bar at 1: no bar may take it.
	g = newBossGame(t, grima, 2)
	g.Boss.CornerDmg = [4]int8{7, 7, 7, 7}
	g.damageBoss(5, true, nil)
	if g.Boss.CornerDmg != [4]int8{7, 7, 7, 7} || g.Boss.Lives != 2 {
		t.Errorf("corners %v lives %d", g.Boss.CornerDmg, g.Boss.Lives)
	}
}

// Rulebook VIII, Clarifications: a dancer readying an ally's unit lets that
// player move and act with it at once, before the turn ends.
func TestDancerReadiesAllyUnit(t *testing.T) {
	g := newBossGame(t, grima, 2)
	bput(g, uOlivia, 0, "a1")
	ally := bput(g, uTitania, 1, "b1")
	ally.Exhausted = true
	g.Players[1].DV = 0
	actSettled(t, g, blegal(t, g, bact("a1", AssistDo, "b1")))
	if ally.Exhausted || g.Actor() != 1 || g.Current != 0 {
		t.Fatalf("exhausted %v actor P%d current P%d; want P2 to act on P1's turn", ally.Exhausted, g.Actor()+1, g.Current+1)
	}
	for _, a := range g.LegalActions() {
		if a.Player != 1 || a.Kind != Pass && (a.Kind != Activate || a.From != bt("b1")) {
			t.Fatalf("guest offered %s", g.Describe(a))
		}
	}
	actSettled(t, g, blegal(t, g, bact("b1", Work, "")))
	if g.Actor() != 0 || !ally.Exhausted || g.Players[1].DV != 1 {
		t.Errorf("after the guest acts: actor P%d exhausted %v P2 DV %d", g.Actor()+1, ally.Exhausted, g.Players[1].DV)
	}
}

// Rulebook VIII, Clarifications: coin effects spend or gain a single DV for
// the whole effect.
func TestCoinEffectsUseOneDV(t *testing.T) {
	g := newBossGame(t, grima, 2)
	bput(g, uAnna, 0, "a1") // Gift: gain 3 coins
	g.Players[0].DV = 2
	actSettled(t, g, blegal(t, g, bact("a1", AssistDo, "")))
	if g.Players[0].DV != 3 {
		t.Errorf("Gift: DV %d, want 3", g.Players[0].DV)
	}
	spender := unitID(g, "spender")
	bput(g, spender, 0, "f1") // Spend: lose 2 coins, allies within 1 +1 ATK this turn
	actSettled(t, g, blegal(t, g, bact("f1", AssistDo, "")))
	if g.Players[0].DV != 2 {
		t.Errorf("Spend: DV %d, want 2", g.Players[0].DV)
	}
}

// A unit's effect on its foe reaches the boss: -2 DEF "until your next
// turn" lowers the boss's DEF for the other players' attacks and lapses at
// the start of its controller's next turn.
func TestFoeEffectOnBossLastsUntilYourNextTurn(t *testing.T) {
	g := newBossGame(t, grima, 2)
	setCard(t, g, "gaze") // DEF 2
	bput(g, unitID(g, "raven"), 0, "c2")
	actSettled(t, g, blegal(t, g, bact("c2", Attack, "c3")))
	if got := bossStats(g).DEF; got != 0 {
		t.Fatalf("boss DEF %d after Sunder, want 0", got)
	}
	byP1 := func() int {
		n := 0
		for _, m := range g.Boss.piece.Mods {
			if m.By == 0 && m.DEF == -2 {
				n++
			}
		}
		return n
	}
	actSettled(t, g, act(EndTurn, 0))
	if g.Current != 1 || byP1() != 1 {
		t.Fatalf("on P2's turn the boss mods are %v, want Sunder's", g.Boss.piece.Mods)
	}
	actSettled(t, g, act(EndTurn, 1))
	if g.Current != 0 || byP1() != 0 {
		t.Errorf("on P1's next turn the boss mods are %v, want Sunder's gone", g.Boss.piece.Mods)
	}
}

// Rulebook VIII, Clarifications (a dancer readies an ally's unit, which its
// owner acts with at once) has no once-a-turn limit: a unit readied this
// turn is readied again. Two dancers may go on readying each other; each
// time is a player's own decision (docs/annas-boss-mode.md), and the
// built-in players value a unit's repeated activation less.
func TestDancersReadyAgainSameTurn(t *testing.T) {
	g := newBossGame(t, grima, 2)
	a := bput(g, uOlivia, 0, "a1")
	b := bput(g, uOlivia, 1, "b1")
	b.Exhausted = true
	actSettled(t, g, blegal(t, g, bact("a1", AssistDo, "b1"))) // A readies B: P2 acts
	actSettled(t, g, blegal(t, g, bact("b1", AssistDo, "a1"))) // B readies A: P1 acts with it again
	if a.Exhausted || g.Actor() != 0 {
		t.Fatalf("A exhausted %v actor P%d", a.Exhausted, g.Actor()+1)
	}
	actSettled(t, g, blegal(t, g, bact("a1", AssistDo, "b1"))) // B readied a second time this turn
	if b.Exhausted || !a.Exhausted || g.Guest != b.ID || g.Actor() != 1 || g.Current != 0 {
		t.Errorf("B exhausted %v, A exhausted %v, guest %d (B is %d), actor P%d; want B ready for P2 on P1's turn", b.Exhausted, a.Exhausted, g.Guest, b.ID, g.Actor()+1)
	}
	// The greedy players stop: a whole turn of theirs ends.
	p := &Greedy{}
	for n := 0; g.Current == 0 && !g.Over(); n++ {
		if n > 50 {
			t.Fatal("the greedy players ready each other forever")
		}
		actSettled(t, g, p.Choose(g, g.LegalActions()))
	}
}

// Rulebook VIII, Clarifications: a condition counting units in an area
// counts the boss once. Nephenee has +3 ATK with at least 2 enemies within 2.
func TestAreaConditionCountsBossOnce(t *testing.T) {
	g := newBossGame(t, grima, 2)
	setCard(t, g, "gaze")                        // DEF 2
	u := bput(g, unitID(g, "nephenee"), 0, "c2") // c3, d3 and c4 are within 2
	stepSettled(t, g, func() { g.combatWith(u, g.Boss.piece, 3, 1) })
	cb := g.lastCombat.out
	if cb.Strikes[0].Damage != 3 {
		t.Errorf("boss alone: attack %d, want 5-2=3", cb.Strikes[0].Damage)
	}
	g = newBossGame(t, grima, 2)
	setCard(t, g, "gaze")
	u = bput(g, unitID(g, "nephenee"), 0, "c2")
	putSummon(g, 0, "b1") // a risen within 2: two enemies
	stepSettled(t, g, func() { g.combatWith(u, g.Boss.piece, 3, 1) })
	cb = g.lastCombat.out
	if cb.Strikes[0].Damage != 6 {
		t.Errorf("boss and a risen: attack %d, want 8-2=6", cb.Strikes[0].Damage)
	}
}

// Rulebook VIII, Unit Actions: a boss-specific action from the boss board
// (Seal Rift: remove a rift next to this unit).
func TestBossSpecificAction(t *testing.T) {
	g := newBossGame(t, grima, 2)
	bput(g, uIke, 0, "a2")
	putSummon(g, 1, "a3") // a rift next to Ike
	putSummon(g, 1, "f6") // a rift far away
	putSummon(g, 0, "a1") // a risen: not a rift
	var targets []string
	for _, a := range g.LegalActions() {
		if a.Kind == Activate && a.To == bt("a2") && a.Do == BossAct {
			targets = append(targets, a.Target.String())
		}
	}
	if !slices.Equal(targets, []string{"a3"}) {
		t.Fatalf("Seal Rift targets %v, want [a3]", targets)
	}
	actSettled(t, g, blegal(t, g, bact("a2", BossAct, "a3")))
	if g.SummonCount(1) != 1 || g.PieceAt(bt("f6")) == nil || g.SummonCount(0) != 1 {
		t.Errorf("rifts %d risen %d", g.SummonCount(1), g.SummonCount(0))
	}
}
