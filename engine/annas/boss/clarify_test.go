package boss

import (
	"slices"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// Rulebook VIII, Clarifications: [Pickpocket] gives 1 DV instead of coins,
// no dice roll needed (its base effect is 2 coins on a roll of 4+).
func TestPickpocketGivesOneDV(t *testing.T) {
	for seed := range uint64(12) {
		g, _ := New(fixture(), Options{Seed: seed, Boss: grima, Players: 2, Map: -1})
		g.Units = nil
		setCard(t, g, "gaze")
		put(g, uGaius, 0, "c2")
		g.Players[0].DV = 0
		apply(t, g, legal(t, g, activation("c2", Attack, "c3")))
		if g.Players[0].DV != 1 {
			t.Fatalf("seed %d: DV %d, want 1", seed, g.Players[0].DV)
		}
	}
	// Written as the base content writes it: a versus effect (roll, coins)
	// and a boss-mode one (1 DV); only the boss-mode one applies.
	rs := fixture()
	coins := eff(table.AfterCombat, table.Target{Kind: table.TargetPlayer, Tag: -1}, table.OpCoins, 1)
	coins.If = []table.Cond{{Kind: table.CondRoll, N: 4, Tag: -1, Terrain: -1}, {Kind: table.CondMode, Mode: table.Versus, Tag: -1, Terrain: -1}}
	dv := eff(table.AfterCombat, table.Target{Kind: table.TargetPlayer, Tag: -1}, table.OpDV, 1)
	dv.If = []table.Cond{{Kind: table.CondMode, Mode: table.BossMode, Tag: -1, Terrain: -1}}
	rs.Tags[tagPickpocket].Effects = []table.Effect{coins, dv}
	g, _ := New(rs, Options{Seed: 3, Boss: grima, Players: 2, Map: -1})
	setCard(t, g, "gaze")
	put(g, uGaius, 0, "c2")
	g.Players[0].DV = 0
	apply(t, g, legal(t, g, activation("c2", Attack, "c3")))
	if g.Players[0].DV != 1 {
		t.Errorf("content-style Pickpocket: DV %d, want 1", g.Players[0].DV)
	}
}

// Rulebook VIII, Clarifications: "until your next turn" lasts through the
// other players' (and the boss's) turns until it is your turn again.
func TestUntilYourNextTurn(t *testing.T) {
	g := newGame(t, grima, 2)
	put(g, uTitania, 0, "a1")
	other := put(g, uSoren, 1, "b1")
	apply(t, g, legal(t, g, func(a Action) bool {
		return a.Kind == Activate && a.From == tile("a1") && a.To == tile("a1") && a.Do == AssistDo
	}))
	has := func() bool { return len(other.Mods) == 1 && other.Mods[0].DEF == 2 }
	if !has() {
		t.Fatalf("P2's unit mods %v, want +2 DEF", other.Mods)
	}
	apply(t, g, act(EndTurn, 0)) // boss turn, then P2's turn
	if g.Current != 1 || !has() {
		t.Fatalf("on P2's turn: current P%d mods %v; want the +2 DEF to last", g.Current+1, other.Mods)
	}
	apply(t, g, act(EndTurn, 1)) // boss turn, then P1's turn: it ends
	if g.Current != 0 || len(other.Mods) != 0 {
		t.Errorf("on P1's next turn: mods %v, want none", other.Mods)
	}
}

// Rulebook VIII, Clarifications: "ally units" includes every player's units.
func TestAllyIncludesOtherPlayers(t *testing.T) {
	g := newGame(t, grima, 3)
	put(g, uPriest, 0, "a1") // physic: heal 3 to an ally within 2
	hurt := put(g, uSoren, 2, "a3")
	hurt.Damage = 4
	apply(t, g, legal(t, g, activation("a1", AssistDo, "a3")))
	if g.HP(hurt) != 6 {
		t.Errorf("P3's unit HP %d, want 6", g.HP(hurt))
	}
}

// Rulebook VIII, Clarifications: enemy effects may target the boss or its
// minions, never tokens.
func TestEnemyMeansBossAndMinions(t *testing.T) {
	g := newGame(t, grima, 2)
	put(g, uIke, 0, "b2") // Strike: 4 damage to one enemy within 2
	putSummon(g, 0, "a2") // risen, a minion
	putSummon(g, 1, "b1") // rift, a token
	var targets []string
	for _, a := range g.LegalActions() {
		if a.Kind == Activate && a.To == tile("b2") && a.Do == Special {
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
	g := newGame(t, grima, 2)
	put(g, uTharja, 0, "c2") // Ring: 1 damage to every enemy within 2; c3, d3, c4 are in it
	risen := putSummon(g, 0, "c1")
	apply(t, g, legal(t, g, activation("c2", Special, "")))
	sum := 0
	for _, d := range g.CornerDmg {
		sum += int(d)
	}
	if sum != 1 || g.SummonHP(risen) != 3 {
		t.Errorf("boss damage %d, risen HP %d; want 1 and 3", sum, g.SummonHP(risen))
	}
}

// Rulebook VIII, Clarifications: the boss always has more units deployed.
func TestBossAlwaysHasMoreUnits(t *testing.T) {
	// Vaike: +2 ATK while you have fewer units. 7+2-2 = 7 on the gray corner.
	g := newGame(t, grima, 2)
	setCard(t, g, "gaze")
	put(g, uVaike, 0, "c2")
	put(g, uIke, 0, "a1")
	put(g, uSoren, 1, "f1")
	cb := g.combat(ref{u: g.UnitAt(tile("c2"))}, ref{boss: true}, 3, 1)
	if cb.Strikes[0].Damage != 7 {
		t.Errorf("Vaike's attack %d, want 7", cb.Strikes[0].Damage)
	}
	// Lucina: +1 ATK while you have more units — never against a boss. 7-2 = 5.
	g = newGame(t, grima, 2)
	setCard(t, g, "gaze")
	put(g, uLucina, 0, "c2")
	put(g, uIke, 0, "a1")
	cb = g.combat(ref{u: g.UnitAt(tile("c2"))}, ref{boss: true}, 3, 1)
	if cb.Strikes[0].Damage != 5 {
		t.Errorf("Lucina's attack %d, want 5", cb.Strikes[0].Damage)
	}
}

// Rulebook VIII, Clarifications: effects cannot move the boss.
func TestEffectsCannotMoveBoss(t *testing.T) {
	g := newGame(t, grima, 2)
	put(g, uSumia, 0, "c2") // Shove: push one enemy within 1 one space
	risen := putSummon(g, 0, "b2")
	var targets []string
	for _, a := range g.LegalActions() {
		if a.Kind == Activate && a.To == tile("c2") && a.Do == Special {
			targets = append(targets, a.Target.String())
		}
	}
	if !slices.Equal(targets, []string{"b2"}) {
		t.Fatalf("Shove targets %v, want [b2] (never the boss)", targets)
	}
	apply(t, g, legal(t, g, activation("c2", Special, "b2")))
	if risen.Tile != tile("a2") || g.BossAt != tile("c3") {
		t.Errorf("risen at %s boss at %s; want a2 and c3", risen.Tile, g.BossAt)
	}
}

// Rulebook VIII, Clarifications: direct damage hits any one HP bar.
func TestDirectDamageOneBar(t *testing.T) {
	g := newGame(t, grima, 2)
	put(g, uIke, 0, "c2") // Strike: 4
	apply(t, g, legal(t, g, activation("c2", Special, "c3")))
	if g.CornerDmg != [4]int8{4, 0, 0, 0} {
		t.Errorf("corners %v, want 4 on one bar only", g.CornerDmg)
	}
	// The players pick the bar: the built-in choice finishes a bar when it can.
	g = newGame(t, grima, 2)
	g.CornerDmg = [4]int8{0, 0, 5, 0}
	put(g, uIke, 0, "c2")
	apply(t, g, legal(t, g, activation("c2", Special, "c3")))
	if g.CornerDmg != [4]int8{4, 0, 5, 0} {
		t.Errorf("corners %v, want [4 0 5 0]", g.CornerDmg)
	}
}

// Rulebook VIII, Clarifications: non-lethal damage cannot deal the last
// damage to an HP bar.
func TestNonLethalCannotFinishBar(t *testing.T) {
	g := newGame(t, grima, 2)
	g.CornerDmg = [4]int8{7, 7, 7, 5} // 1, 1, 1 and 3 left
	put(g, uSoren, 0, "c2")           // Bolt: 5 non-lethal
	apply(t, g, legal(t, g, activation("c2", Special, "c3")))
	if g.CornerDmg != [4]int8{7, 7, 7, 7} || g.Lives != 2 {
		t.Errorf("corners %v lives %d; want [7 7 7 7] and 2", g.CornerDmg, g.Lives)
	}
	// Every bar at 1: no bar may take it.
	g = newGame(t, grima, 2)
	g.CornerDmg = [4]int8{7, 7, 7, 7}
	g.damageBoss(5, true, nil)
	if g.CornerDmg != [4]int8{7, 7, 7, 7} || g.Lives != 2 {
		t.Errorf("corners %v lives %d", g.CornerDmg, g.Lives)
	}
}

// Rulebook VIII, Clarifications: a dancer readying an ally's unit lets that
// player move and act with it at once, before the turn ends.
func TestDancerReadiesAllyUnit(t *testing.T) {
	g := newGame(t, grima, 2)
	put(g, uOlivia, 0, "a1")
	ally := put(g, uTitania, 1, "b1")
	ally.Exhausted = true
	g.Players[1].DV = 0
	apply(t, g, legal(t, g, activation("a1", AssistDo, "b1")))
	if ally.Exhausted || g.Actor() != 1 || g.Current != 0 {
		t.Fatalf("exhausted %v actor P%d current P%d; want P2 to act on P1's turn", ally.Exhausted, g.Actor()+1, g.Current+1)
	}
	for _, a := range g.LegalActions() {
		if a.Player != 1 || a.Kind != Pass && (a.Kind != Activate || a.From != tile("b1")) {
			t.Fatalf("guest offered %s", g.Describe(a))
		}
	}
	apply(t, g, legal(t, g, activation("b1", Work, "")))
	if g.Actor() != 0 || !ally.Exhausted || g.Players[1].DV != 1 {
		t.Errorf("after the guest acts: actor P%d exhausted %v P2 DV %d", g.Actor()+1, ally.Exhausted, g.Players[1].DV)
	}
}

// Rulebook VIII, Clarifications: coin effects spend or gain a single DV for
// the whole effect.
func TestCoinEffectsUseOneDV(t *testing.T) {
	g := newGame(t, grima, 2)
	put(g, uAnna, 0, "a1") // Gift: gain 3 coins
	g.Players[0].DV = 2
	apply(t, g, legal(t, g, activation("a1", AssistDo, "")))
	if g.Players[0].DV != 3 {
		t.Errorf("Gift: DV %d, want 3", g.Players[0].DV)
	}
	spender := unitID(g, "spender")
	put(g, spender, 0, "f1") // Spend: lose 2 coins, allies within 1 +1 ATK this turn
	apply(t, g, legal(t, g, activation("f1", AssistDo, "")))
	if g.Players[0].DV != 2 {
		t.Errorf("Spend: DV %d, want 2", g.Players[0].DV)
	}
}

// A unit's effect on its foe reaches the boss: -2 DEF "until your next
// turn" lowers the boss's DEF for the other players' attacks and lapses at
// the start of its controller's next turn.
func TestFoeEffectOnBossLastsUntilYourNextTurn(t *testing.T) {
	g := newGame(t, grima, 2)
	setCard(t, g, "gaze") // DEF 2
	put(g, unitID(g, "raven"), 0, "c2")
	apply(t, g, legal(t, g, activation("c2", Attack, "c3")))
	if got := g.BossStats().DEF; got != 0 {
		t.Fatalf("boss DEF %d after Sunder, want 0", got)
	}
	byP1 := func() int {
		n := 0
		for _, m := range g.BossMods {
			if m.By == 0 && m.DEF == -2 {
				n++
			}
		}
		return n
	}
	apply(t, g, act(EndTurn, 0))
	if g.Current != 1 || byP1() != 1 {
		t.Fatalf("on P2's turn the boss mods are %v, want Sunder's", g.BossMods)
	}
	apply(t, g, act(EndTurn, 1))
	if g.Current != 0 || byP1() != 0 {
		t.Errorf("on P1's next turn the boss mods are %v, want Sunder's gone", g.BossMods)
	}
}

// Two dancers of two players cannot ready each other forever: an effect
// readies a unit at most once a turn (the rulebook is silent; without it
// the game need not end).
func TestDancersReadyEachUnitOnceATurn(t *testing.T) {
	g := newGame(t, grima, 2)
	a := put(g, uOlivia, 0, "a1")
	b := put(g, uOlivia, 1, "b1")
	b.Exhausted = true
	apply(t, g, legal(t, g, activation("a1", AssistDo, "b1"))) // A readies B: P2 acts
	apply(t, g, legal(t, g, activation("b1", AssistDo, "a1"))) // B readies A: P1 acts with it again
	if a.Exhausted || g.Actor() != 0 {
		t.Fatalf("A exhausted %v actor P%d", a.Exhausted, g.Actor()+1)
	}
	apply(t, g, legal(t, g, activation("a1", AssistDo, "b1"))) // B was readied this turn: no effect
	if !b.Exhausted || !a.Exhausted || g.Guest != 0 || g.Actor() != 0 {
		t.Errorf("B exhausted %v, A exhausted %v, guest %d", b.Exhausted, a.Exhausted, g.Guest)
	}
}

// Rulebook VIII, Clarifications: a condition counting units in an area
// counts the boss once. Nephenee has +3 ATK with at least 2 enemies within 2.
func TestAreaConditionCountsBossOnce(t *testing.T) {
	g := newGame(t, grima, 2)
	setCard(t, g, "gaze")                       // DEF 2
	u := put(g, unitID(g, "nephenee"), 0, "c2") // c3, d3 and c4 are within 2
	cb := g.combat(ref{u: u}, ref{boss: true}, 3, 1)
	if cb.Strikes[0].Damage != 3 {
		t.Errorf("boss alone: attack %d, want 5-2=3", cb.Strikes[0].Damage)
	}
	g = newGame(t, grima, 2)
	setCard(t, g, "gaze")
	u = put(g, unitID(g, "nephenee"), 0, "c2")
	putSummon(g, 0, "b1") // a risen within 2: two enemies
	cb = g.combat(ref{u: u}, ref{boss: true}, 3, 1)
	if cb.Strikes[0].Damage != 6 {
		t.Errorf("boss and a risen: attack %d, want 8-2=6", cb.Strikes[0].Damage)
	}
}

// Rulebook VIII, Unit Actions: a boss-specific action from the boss board
// (Seal Rift: remove a rift next to this unit).
func TestBossSpecificAction(t *testing.T) {
	g := newGame(t, grima, 2)
	put(g, uIke, 0, "a2")
	putSummon(g, 1, "a3") // a rift next to Ike
	putSummon(g, 1, "f6") // a rift far away
	putSummon(g, 0, "a1") // a risen: not a rift
	var targets []string
	for _, a := range g.LegalActions() {
		if a.Kind == Activate && a.To == tile("a2") && a.Do == BossAction {
			targets = append(targets, a.Target.String())
		}
	}
	if !slices.Equal(targets, []string{"a3"}) {
		t.Fatalf("Seal Rift targets %v, want [a3]", targets)
	}
	apply(t, g, legal(t, g, activation("a2", BossAction, "a3")))
	if g.SummonCount(1) != 1 || g.SummonAt(tile("f6")) == nil || g.SummonCount(0) != 1 {
		t.Errorf("rifts %d risen %d", g.SummonCount(1), g.SummonCount(0))
	}
}
