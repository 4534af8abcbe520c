package annas

import (
	"slices"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// Rulebook VIII, Step 2A: the die picks the destination on the current
// card's mini-map (gaze: 1-2 c3, 3-4 b3, 5-6 d3).
func TestBossMovesByMiniMap(t *testing.T) {
	for roll, want := range map[int]string{1: "c3", 3: "b3", 4: "b3", 6: "d3"} {
		g := newBossGame(t, grima, 2)
		setCard(t, g, "gaze")
		stepSettled(t, g, func() { g.moveStep(roll) })
		if g.Boss.At() != bt(want) {
			t.Errorf("roll %d: boss at %s, want %s", roll, g.Boss.At(), want)
		}
	}
}

// Rulebook VIII, Step 2B: player units in the destination cancel the move;
// the boss attacks each with the corner that has color advantage.
func TestBossAttacksOccupiedDestination(t *testing.T) {
	g := newBossGame(t, grima, 2)
	setCard(t, g, "gaze")
	// Titania (green 10 HP, ATK 5, SPD 5, DEF 3) stands in b3's block.
	u := bput(g, uTitania, 1, "b3")
	stepSettled(t, g, func() { g.moveStep(3) })
	// Red corner vs green: boss 7-3=4; counter 4-2=2; Titania follows up 2.
	if g.Boss.At() != bt("c3") || g.HP(u) != 6 || g.Boss.CornerDmg != [4]int8{4, 0, 0, 0} {
		t.Errorf("boss at %s, Titania HP %d, corners %v; want c3, 6, [4 0 0 0]", g.Boss.At(), g.HP(u), g.Boss.CornerDmg)
	}
}

// Rulebook VIII, Step 2B: when the advantaged corner is at 0 HP the players
// choose the corner; with a 1-2 range they choose the range; with several
// units they choose the order. Each is a decision of the match: the
// attacked unit's owner picks corner and range, the next player the order.
func TestBossAttackPlayerChoices(t *testing.T) {
	g := newBossGame(t, grima, 2)
	setCard(t, g, "gaze")
	g.Boss.CornerDmg[0] = 8 // red, the corner with advantage against green, is at 0 HP
	u := bput(g, uTitania, 0, "b3")
	g.step(func() { g.moveStep(3) })
	// Grima at c3: NW c4 red, NE d4 green, SE d3 blue, SW c3 gray.
	if g.Actor() != 0 || !slices.Equal(options(g), []string{"corner green d4", "corner blue d3", "corner gray c3"}) {
		t.Fatalf("P%d decides among %v, want P1 among green, blue and gray", g.Actor()+1, options(g))
	}
	choose(t, g, "corner blue d3")
	if g.pending != nil {
		t.Fatalf("a decision left: %v", options(g))
	}
	// Blue corner (chosen) vs green: green has advantage. Boss 5-3=2; counter 6-2=4; Titania follows up 4.
	if g.HP(u) != 8 || g.Boss.CornerDmg[2] != 8 {
		t.Errorf("Titania HP %d, blue damage %d; want 8 and 8", g.HP(u), g.Boss.CornerDmg[2])
	}
	// expiration: range 1-2, destination c4 for 3-4 (block c4 d4 c5 d5).
	g = newBossGame(t, grima, 2)
	setCard(t, g, "expiration")
	a := bput(g, uSoren, 0, "c5")  // blue: the green corner has advantage
	b := bput(g, uTharja, 1, "d5") // green: the red corner has advantage
	g.step(func() { g.moveStep(3) })
	// The step runs on P1's turn; the order is the next player's, P2's.
	if g.Actor() != 1 || !slices.Equal(options(g), []string{"next soren c5", "next tharja d5"}) {
		t.Fatalf("P%d orders among %v, want P2 between soren and tharja", g.Actor()+1, options(g))
	}
	choose(t, g, "next tharja d5")
	if g.Actor() != 1 || !slices.Equal(options(g), []string{"range 1", "range 2"}) {
		t.Fatalf("P%d decides %v, want P2 (Tharja's) the range 1 or 2", g.Actor()+1, options(g))
	}
	choose(t, g, "range 2")
	if g.Actor() != 0 || !slices.Equal(options(g), []string{"range 1", "range 2"}) {
		t.Fatalf("P%d decides %v, want P1 (Soren's) the range", g.Actor()+1, options(g))
	}
	choose(t, g, "range 2")
	// Tharja first (red corner, ATK 7+1=8 vs DEF 1 = 7 ≥ 7 HP: defeated),
	// then Soren (green corner, 8-1=7 ≥ 7 HP: defeated). Neither counters.
	if g.PieceByID(a.ID) != nil || g.PieceByID(b.ID) != nil || g.Boss.CornerDmg != [4]int8{} || g.Boss.At() != bt("c3") {
		t.Errorf("units left %d corners %v boss %s", len(unitsOf(g)), g.Boss.CornerDmg, g.Boss.At())
	}
}

// Rulebook VIII, Step 3: the current card is flipped and resolved; the next
// card becomes current; an empty deck is remade from the discards.
func TestFlipResolveReshuffle(t *testing.T) {
	g := newBossGame(t, grima, 2)
	setCard(t, g, "expiration") // 2 damage to every enemy within 2
	near := bput(g, uIke, 0, "c2")
	far := bput(g, uSoren, 1, "a1")
	stepSettled(t, g, g.flip)
	if g.HP(near) != 8 || g.HP(far) != 7 {
		t.Errorf("HP %d/%d, want 8/7", g.HP(near), g.HP(far))
	}
	if len(g.Boss.Deck) != 4 || len(g.Boss.Discard) != 1 || g.Rules.BossCards[g.Boss.Discard[0]].ID != "expiration" || g.card().ID == "expiration" {
		t.Fatalf("deck %d discard %v current %s", len(g.Boss.Deck), g.Boss.Discard, g.card().ID)
	}
	for range 3 {
		stepSettled(t, g, g.flip)
	}
	if len(g.Boss.Deck) != 1 || len(g.Boss.Discard) != 4 {
		t.Fatalf("deck %d discard %d", len(g.Boss.Deck), len(g.Boss.Discard))
	}
	stepSettled(t, g, g.flip)
	if len(g.Boss.Deck) != 5 || len(g.Boss.Discard) != 0 {
		t.Errorf("after the deck ran out: deck %d discard %d, want 5 and 0", len(g.Boss.Deck), len(g.Boss.Discard))
	}
}

// Rulebook VIII, Step 4: rotate the boss 90° clockwise, corners and their
// damage with it.
func TestRotateClockwise(t *testing.T) {
	g := newBossGame(t, grima, 2)
	g.Boss.CornerDmg[0] = 3 // red
	g.Rotate()
	if g.Boss.Rot != [4]int8{3, 0, 1, 2} {
		t.Fatalf("rot %v, want [3 0 1 2]: gray NW, red NE, green SE, blue SW", g.Boss.Rot)
	}
	// Red now stands at NE (d4) with its damage.
	if c := g.Boss.Corner(g.Boss.PosAt(bt("d4"))); g.Boss.def.Corners[c].Color != table.Red || g.Boss.CornerLeft(c) != 5 {
		t.Errorf("d4 corner %s with %d left", g.Boss.def.Corners[c].Color, g.Boss.CornerLeft(c))
	}
	for range 3 {
		g.Rotate()
	}
	if g.Boss.Rot != [4]int8{0, 1, 2, 3} {
		t.Errorf("four rotations: %v", g.Boss.Rot)
	}
	// A whole boss turn rotates once, whether it moved or attacked.
	g = newBossGame(t, grima, 2)
	stepSettled(t, g, g.bossTurn)
	if g.Boss.Rot != [4]int8{3, 0, 1, 2} {
		t.Errorf("after a boss turn rot %v", g.Boss.Rot)
	}
}

// Rulebook VIII, Step 1: a summon goes to the rolled (X, Y): X spaces right,
// Y up, so (2, 3) is b3. An occupied tile follows the boss's rule.
func TestSummonAtRolledTile(t *testing.T) {
	g := newBossGame(t, grima, 2)
	g.placeSummon(0, 2, 3)
	if len(summonsOf(g)) != 1 || summonsOf(g)[0].Tile != bt("b3") {
		t.Fatalf("summons %v", summonsOf(g))
	}
	// nearest: b3 is taken; the nearest open tiles are b2, a3, b4 (c3 is the
	// boss); ties go south-west first: b2.
	g.placeSummon(0, 2, 3)
	if len(summonsOf(g)) != 2 || summonsOf(g)[1].Tile != bt("b2") {
		t.Errorf("nearest rule: %s, want b2", summonsOf(g)[1].Tile)
	}
	// damage: no summon, the unit there takes the rule's damage.
	g.Boss.def.Occupied, g.Boss.def.OccupiedN = table.OccupiedDamage, 2
	u := bput(g, uIke, 0, "a1")
	g.placeSummon(0, 1, 1)
	if len(summonsOf(g)) != 2 || g.HP(u) != 8 {
		t.Errorf("damage rule: %d summons, Ike HP %d; want 2 and 8", len(summonsOf(g)), g.HP(u))
	}
	// skip: nothing happens.
	g.Boss.def.Occupied = table.OccupiedSkip
	g.placeSummon(0, 1, 1)
	if len(summonsOf(g)) != 2 || g.HP(u) != 8 {
		t.Errorf("skip rule: %d summons, Ike HP %d", len(summonsOf(g)), g.HP(u))
	}
	// reroll: a free tile or nothing, never an occupied one.
	g.Boss.def.Occupied = table.OccupiedReroll
	occ := g.occupiedAll()
	g.placeSummon(0, 1, 1)
	if n := len(summonsOf(g)); n == 3 && occ.Has(summonsOf(g)[2].Tile) {
		t.Errorf("reroll put a summon on occupied %s", summonsOf(g)[2].Tile)
	}
}

// Rulebook VIII, Step 1: when the tokens run out the boss can no longer summon.
func TestSummonRunsOut(t *testing.T) {
	g := newBossGame(t, grima, 2)
	for _, at := range []string{"a1", "a2", "a3", "a4"} {
		putSummon(g, 0, at)
	}
	g.summon(0)
	if g.SummonCount(0) != 4 {
		t.Errorf("risen %d, want 4 (count 4)", g.SummonCount(0))
	}
}

// Rulebook VIII, Step 1: start-of-turn effects from the boss board
// (Medeus recovers 1 damage on its most damaged bar).
func TestBossStartOfTurnEffects(t *testing.T) {
	g := newBossGame(t, medeus, 2)
	g.Boss.CornerDmg = [4]int8{1, 3, 0, 0}
	stepSettled(t, g, g.bossTurn)
	if g.Boss.CornerDmg != [4]int8{1, 2, 0, 0} {
		t.Errorf("corners %v, want [1 2 0 0]", g.Boss.CornerDmg)
	}
}

// Rulebook VIII, Win / Lose Conditions: defined by the boss board.
func TestWinLoseFromContent(t *testing.T) {
	g := newBossGame(t, grima, 2)
	for _, at := range []string{"a1", "a2", "a3"} {
		putSummon(g, 0, at)
	}
	g.placeSummon(0, 6, 6)
	g.checkEnd(false)
	if g.Boss.Result != BossWins || g.Reason != "four risen walk the land" {
		t.Errorf("four risen: %s %q", g.Boss.Result, g.Reason)
	}
	g = newBossGame(t, grima, 2)
	g.Boss.Turns = 23
	if g.checkEnd(true) {
		t.Fatal("ended after 23 boss turns")
	}
	g.Boss.Turns = 24
	if !g.checkEnd(true) || g.Boss.Result != BossWins || g.Reason != "Grima completes the ritual" {
		t.Errorf("24 boss turns: %s %q", g.Boss.Result, g.Reason)
	}
	g = newBossGame(t, medeus, 2)
	g.Boss.piece.Tile = bt("c2")
	if g.checkEnd(false) {
		t.Fatal("ended at rank 2")
	}
	g.Boss.piece.Tile = bt("c1")
	if !g.checkEnd(false) || g.Reason != "Medeus reaches the south edge" {
		t.Errorf("south edge: %s %q", g.Boss.Result, g.Reason)
	}
	// No units: judged at the end of a boss turn once every player has had a turn.
	rs := bossFixture()
	rs.Bosses[grima].Lose = append(rs.Bosses[grima].Lose, table.EndCond{Kind: table.EndNoUnits, Summon: -1, Text: "no heroes remain"})
	g, _ = New(rs, Options{Seed: 1, Mode: table.BossMode, Boss: grima, Players: 2})
	if g.checkEnd(true) {
		t.Fatal("no units before P2's first turn ended the game")
	}
	g.Players[1].Turns = 1
	if !g.checkEnd(true) || g.Reason != "no heroes remain" {
		t.Errorf("no units: %s %q", g.Boss.Result, g.Reason)
	}
	// A boss-turns win condition: the players survive.
	rs = bossFixture()
	rs.Bosses[medeus].Lose = rs.Bosses[medeus].Lose[:1]
	rs.Bosses[medeus].Win = []table.EndCond{{Kind: table.EndBossTurns, N: 3, Summon: -1, Text: "hold out"}}
	g, _ = New(rs, Options{Seed: 1, Mode: table.BossMode, Boss: medeus, Players: 2})
	g.Boss.Turns = 3
	if !g.checkEnd(true) || g.Boss.Result != PlayersWin || g.Reason != "hold out" {
		t.Errorf("win condition: %s %q", g.Boss.Result, g.Reason)
	}
}

// Rulebook VIII, Step 2B: no corner has advantage against a gray unit, so
// the players choose among all four.
func TestBossAttackGrayUnitPlayersChoose(t *testing.T) {
	g := newBossGame(t, grima, 2)
	setCard(t, g, "gaze")
	u := bput(g, uPriest, 0, "b3") // gray 8 HP, DEF 2, range 1-2
	g.step(func() { g.moveStep(3) })
	if want := []string{"corner red c4", "corner green d4", "corner blue d3", "corner gray c3"}; !slices.Equal(options(g), want) {
		t.Fatalf("corner options %v, want %v", options(g), want)
	}
	choose(t, g, "corner green d4")
	if g.pending != nil {
		t.Fatalf("a decision left: %v", options(g))
	}
	// Green corner, no triangle: 6-2=4; counter 3-2=1; Rhys (SPD 4 > 3) follows up 1.
	if g.HP(u) != 4 || g.Boss.CornerDmg[1] != 2 {
		t.Errorf("Rhys HP %d, green damage %d; want 4 and 2", g.HP(u), g.Boss.CornerDmg[1])
	}
}

// Rulebook VIII, Step 3: when a boss card hits several units the players
// choose the order.
func TestFlipPlayersOrderUnits(t *testing.T) {
	g := newBossGame(t, grima, 2)
	g.record = true
	setCard(t, g, "expiration") // 2 damage to every enemy within 2
	bput(g, uIke, 0, "c2")
	bput(g, uSoren, 1, "b3")
	g.step(g.flip)
	if !slices.Equal(options(g), []string{"next ike c2", "next soren b3"}) {
		t.Fatalf("order options %v", options(g))
	}
	choose(t, g, "next soren b3")
	var hit []string
	for _, e := range g.Events() {
		if e.Kind == "damage" {
			hit = append(hit, e.Text)
		}
	}
	if want := []string{"soren b3 takes 2 damage (5 HP left)", "ike c2 takes 2 damage (8 HP left)"}; !slices.Equal(hit, want) {
		t.Errorf("damage order %v, want %v", hit, want)
	}
}

// "Until the boss's next turn": a boss card's lasting effect holds through
// the players' turns and ends as the next boss turn starts.
func TestBossEffectUntilNextBossTurn(t *testing.T) {
	g := newBossGame(t, grima, 2)
	setCard(t, g, "dark-aura") // the boss has +1 DEF until its next turn
	stepSettled(t, g, g.flip)
	if bossStats(g).DEF != int8(g.card().Stats.DEF)+1 {
		t.Fatalf("boss DEF %d, card %d: want +1", bossStats(g).DEF, g.card().Stats.DEF)
	}
	// It lasts through a player's turn start...
	stepSettled(t, g, func() { g.startTurn(1) })
	if len(g.Boss.piece.Mods) != 1 {
		t.Fatalf("on P2's turn the boss mods are %v, want dark-aura's", g.Boss.piece.Mods)
	}
	// ...and ends as the next boss turn starts (it flips gaze, which lasts
	// nothing).
	setCard(t, g, "gaze")
	stepSettled(t, g, g.bossTurn)
	if len(g.Boss.piece.Mods) != 0 {
		t.Errorf("after the next boss turn the boss mods are %v, want none", g.Boss.piece.Mods)
	}
}
