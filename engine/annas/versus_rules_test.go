package annas

import (
	"slices"
	"testing"
)

// Rules the audit found right but untested; each test fails if its rule broke.

// Rulebook IV, General Movement Rules + Terrain Effects: a unit may pass
// through an ally, but entering Forest ends its move and it cannot end on
// the ally, so an ally standing on Forest cannot be passed.
func TestRuleNoPassingAllyOnStopTile(t *testing.T) {
	f := testField(t, map[string]int{"c2": trForest}, []string{"c2"}, nil, nil)
	got := reachNames(f, "c1", 3, 0, t)
	if slices.Contains(got, "c2") || slices.Contains(got, "c3") {
		t.Errorf("ally on forest c2: reach %v, want neither c2 nor c3 (c3 is 4 steps around)", got)
	}
}

// Rulebook IV, Terrain Effects: Water and Mountain end movement on entering,
// like Forest; Flying ignores Water's (and Forest's) end of movement.
func TestRuleWaterAndMountainEndMovement(t *testing.T) {
	for _, tr := range []int{trWater, trMountain} {
		f := testField(t, map[string]int{"c4": tr}, nil, nil, nil)
		got := reachNames(f, "c3", 3, 0, t)
		if !slices.Contains(got, "c4") || slices.Contains(got, "c5") {
			t.Errorf("terrain %d on c4: reach %v, want c4 but not c5 beyond it", tr, got)
		}
	}
	f := testField(t, map[string]int{"c4": trWater}, nil, nil, nil)
	if got := reachNames(f, "c3", 3, ts(tFlying), t); !slices.Contains(got, "c6") {
		t.Errorf("flying over water c4: reach %v, want c6 (3 steps straight through)", got)
	}
}

// Rulebook III, Dragon Vein (BUMP) and IV (Deployment Zone: enemy units
// cannot enter; units cannot end on another unit): a bumped enemy goes
// only to an empty tile it could enter, never into its foe's deployment zone.
func TestRuleBumpOnlyIntoOpenEnterableTiles(t *testing.T) {
	g := started(t)
	put(t, g, "red", 1, "b2") // P2's unit, next to P1's deployment rank 1
	put(t, g, "blue", 0, "a2")
	g.Players[0].DV = 2
	var dests []string
	for _, a := range g.LegalActions() {
		if a.Kind == Bump && a.From == tile(t, "b2") {
			dests = append(dests, a.To.String())
		}
	}
	slices.Sort(dests)
	if !slices.Equal(dests, []string{"b3", "c2"}) {
		t.Errorf("bump P2's unit from b2 to %v, want b3 c2 (b1 is P1's deployment zone, a2 occupied)", dests)
	}
}

// Rulebook III, Dragon Vein: a DV Map Tile goes only where there is no
// other DV Map Tile, and you cannot move the opponent's.
func TestRuleDVTileNotOnOpponentsTile(t *testing.T) {
	g := started(t)
	g.Players[1].DVTile = tile(t, "d3")
	g.Players[0].DV = 1
	n := 0
	for _, a := range g.LegalActions() {
		if a.Kind != MoveDVTile {
			continue
		}
		n++
		if a.To == tile(t, "d3") {
			t.Fatalf("P1's DV tile offered onto P2's DV tile at d3: %+v", a)
		}
	}
	if n == 0 {
		t.Fatal("no DV tile move offered with 1 DV")
	}
	lay := act(MoveDVTile, 0)
	lay.To, lay.Opt = tile(t, "e3"), 1
	apply(t, g, lay)
	if g.Players[1].DVTile != tile(t, "d3") || g.Players[0].DVTile != tile(t, "e3") {
		t.Errorf("after P1 lays its tile: P1 %s P2 %s, want e3 and d3 unmoved", g.Players[0].DVTile, g.Players[1].DVTile)
	}
}

// Rulebook II.6, Special: a reaction special may be used at any time its
// condition is met, even during the opponent's turn, and does not use the
// unit's action, so an exhausted unit may still react.
func TestRuleReactionSpecialWhileExhausted(t *testing.T) {
	g := started(t)
	put(t, g, "pusher", 0, "c3")
	s := put(t, g, "saint", 1, "c4")
	s.Special, s.Exhausted = true, true
	s.Damage = 7 // 2 HP; pusher deals 5+1-2 = 4
	apply(t, g, activation(t, 0, "c3", "c3", Attack, "c4"))
	legal := g.LegalActions()
	if g.Actor() != 1 || len(legal) != 2 || legal[0].Kind != React {
		t.Fatalf("exhausted saint: want P2's reaction window, got actor %d %v", g.Actor(), legal)
	}
	apply(t, g, legal[0])
	if g.PieceByID(s.ID) == nil || g.HP(s) != 1 || !s.Exhausted {
		t.Errorf("Miracle while exhausted: on board %v HP %d exhausted %v, want 1 HP, still exhausted", g.PieceByID(s.ID) != nil, g.HP(s), s.Exhausted)
	}
}

// Rulebook IV, Terrain Effects NOTE: a unit may gain a movement tag wherever
// it stands and obeys the rules on later moves: Cavalry standing on Water
// may stay or leave, but not step onto other Water.
func TestRuleNewMovementTagOnBlockedTile(t *testing.T) {
	f := testField(t, map[string]int{"c3": trWater, "c4": trWater}, nil, nil, nil)
	got := reachNames(f, "c3", 1, ts(tCavalry), t)
	if !slices.Equal(got, []string{"b3", "c2", "c3", "d3"}) {
		t.Errorf("cavalry on water c3, MOV 1: reach %v, want b3 c2 c3 d3 (not water c4)", got)
	}
}

// Rulebook VI, Unit Death: whoever defeats a unit gains the VP, also when
// the defender's counter attack defeats the attacker; the attacker's owner
// gains the DV.
func TestRuleCounterDefeatGivesDefenderVP(t *testing.T) {
	g := started(t)
	r := put(t, g, "red", 0, "c3")
	r.Damage = 7 // 3 HP; blue counters 6+1-3 = 4
	b := put(t, g, "blue", 1, "c4")
	apply(t, g, activation(t, 0, "c3", "c3", Attack, "c4"))
	if g.PieceByID(r.ID) != nil || b.Damage != 2 {
		t.Fatalf("red on board %v, blue damage %d; want red defeated by the counter, blue took 6-1-3 = 2", g.PieceByID(r.ID) != nil, b.Damage)
	}
	if g.Players[1].VPTokens != 1 || g.Players[0].VPTokens != 0 || g.Players[0].DV != 1 || g.Players[1].DV != 0 {
		t.Errorf("VP tokens %d/%d DV %d/%d, want P2 1 VP, P1 1 DV", g.Players[0].VPTokens, g.Players[1].VPTokens, g.Players[0].DV, g.Players[1].DV)
	}
}

// Rulebook V, Retire, and VI, Unit Death (reading, docs/annas-engine.md):
// retiring is not being defeated, so it gains its flat 1 DV and does not
// make a later loss that turn the "not first" one (still 1 DV, not 2).
func TestRuleRetireIsNotALoss(t *testing.T) {
	g := started(t)
	put(t, g, "green", 0, "c2")
	g.Players[0].Coins = 3
	apply(t, g, activation(t, 0, "c2", "c2", Retire, ""))
	r := put(t, g, "red", 0, "c3")
	r.Damage = 7 // 3 HP; blue counters 4
	put(t, g, "blue", 1, "c4")
	apply(t, g, activation(t, 0, "c3", "c3", Attack, "c4"))
	if g.PieceByID(r.ID) != nil || g.Players[0].DV != 2 || g.Players[0].Lost != 1 {
		t.Errorf("retire then a defeat: DV %d lost %d, want 1+1 = 2 DV and 1 unit lost", g.Players[0].DV, g.Players[0].Lost)
	}
}

// Rulebook VI, Skill Effects in Combat: effectiveness is "during combat
// against" the tag, so it also raises a defender's counter and follow-up.
// knight (green, armored, ATK 5, DEF 5) attacks hunter (green, eff vs
// armor, ATK 6, SPD 5, DEF 2): 5-2 = 3; hunter 6+2-5 = 3 twice.
func TestRuleEffectivenessWhenDefending(t *testing.T) {
	o := forecast(t, "knight", "hunter", 0, 0, false, false, 1)
	wantStrikes(t, o, [2]int{6, 6}, [2]bool{},
		strikeWant{0, KindAttack, 3}, strikeWant{1, KindCounter, 3}, strikeWant{1, KindFollowUp, 3})
}

// Rulebook III, Dragon Vein: the 3-DV Haste deploy comes on top of the
// normal deploy "once per turn": with 6 DV only one Haste deploy is offered.
func TestRuleOneHasteDeployPerTurn(t *testing.T) {
	g := started(t)
	setHand(t, g, 0, "red", "green", "blue", "sprinter", "archer", "knight")
	g.Players[0].DV = 6
	var haste Action
	for _, a := range deployOf(g, unitIdx(t, g.Rules, "red")) {
		if a.Haste {
			haste = a
		}
	}
	if !haste.Haste {
		t.Fatal("no haste deploy with 6 DV")
	}
	apply(t, g, haste)
	if g.Players[0].DV != 3 {
		t.Fatalf("DV after a haste deploy: %d, want 6-3 = 3", g.Players[0].DV)
	}
	if hasAction(g, func(a Action) bool { return a.Kind == Deploy && a.Haste }) {
		t.Error("a second haste deploy is offered this turn with 3 DV left")
	}
	if !hasAction(g, func(a Action) bool { return a.Kind == Deploy && !a.Haste }) {
		t.Error("the normal deploy is gone after the haste deploy")
	}
}

// Rulebook III, General Turn Actions: "the first discard on your turn is
// free", so the free discard comes back every turn.
func TestRuleFreeDiscardEachTurn(t *testing.T) {
	g := started(t) // P1 has 1 coin
	isDiscard := func(a Action) bool { return a.Kind == DiscardAct }
	apply(t, g, g.LegalActions()[slices.IndexFunc(g.LegalActions(), isDiscard)])
	apply(t, g, act(EndTurn, 0))
	apply(t, g, act(EndTurn, 1))
	if g.Players[0].Coins != 2 {
		t.Fatalf("P1 coins on turn 3: %d, want 2", g.Players[0].Coins)
	}
	apply(t, g, g.LegalActions()[slices.IndexFunc(g.LegalActions(), isDiscard)])
	if g.Players[0].Coins != 2 {
		t.Errorf("coins after turn 3's first discard: %d, want 2 (free)", g.Players[0].Coins)
	}
}
