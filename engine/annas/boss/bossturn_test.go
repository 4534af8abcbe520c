package boss

import (
	"slices"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// Rulebook VIII, Step 2A: the die picks the destination on the current
// card's mini-map (gaze: 1-2 c3, 3-4 b3, 5-6 d3).
func TestBossMovesByMiniMap(t *testing.T) {
	for roll, want := range map[int]string{1: "c3", 3: "b3", 4: "b3", 6: "d3"} {
		g := newGame(t, grima, 2)
		setCard(t, g, "gaze")
		g.moveStep(roll)
		if g.BossAt != tile(want) {
			t.Errorf("roll %d: boss at %s, want %s", roll, g.BossAt, want)
		}
	}
}

// Rulebook VIII, Step 2B: player units in the destination cancel the move;
// the boss attacks each with the corner that has color advantage.
func TestBossAttacksOccupiedDestination(t *testing.T) {
	g := newGame(t, grima, 2)
	setCard(t, g, "gaze")
	// Titania (green 10 HP, ATK 5, SPD 5, DEF 3) stands in b3's block.
	u := put(g, uTitania, 1, "b3")
	g.moveStep(3)
	// Red corner vs green: boss 7-3=4; counter 4-2=2; Titania follows up 2.
	if g.BossAt != tile("c3") || g.HP(u) != 6 || g.CornerDmg != [4]int8{4, 0, 0, 0} {
		t.Errorf("boss at %s, Titania HP %d, corners %v; want c3, 6, [4 0 0 0]", g.BossAt, g.HP(u), g.CornerDmg)
	}
}

// Rulebook VIII, Step 2B: when the advantaged corner is at 0 HP the players
// choose the corner; with a 1-2 range they choose the range; with several
// units they choose the order.
func TestBossAttackPlayerChoices(t *testing.T) {
	g := newGame(t, grima, 2)
	rec := &recorder{corner: 2, rng: 2}
	g.Chooser = rec
	setCard(t, g, "gaze")
	g.CornerDmg[0] = 8 // red, the corner with advantage against green, is at 0 HP
	u := put(g, uTitania, 0, "b3")
	g.moveStep(3)
	if len(rec.corners) != 1 || !slices.Equal(rec.corners[0], []int{1, 2, 3}) {
		t.Fatalf("corner options %v, want [[1 2 3]]", rec.corners)
	}
	// Blue corner (chosen) vs green: green has advantage. Boss 5-3=2; counter 6-2=4; Titania follows up 4.
	if g.HP(u) != 8 || g.CornerDmg[2] != 8 {
		t.Errorf("Titania HP %d, blue damage %d; want 8 and 8", g.HP(u), g.CornerDmg[2])
	}
	// expiration: range 1-2, destination c4 for 3-4 (block c4 d4 c5 d5).
	g = newGame(t, grima, 2)
	rec = &recorder{rng: 2}
	g.Chooser = rec
	setCard(t, g, "expiration")
	a := put(g, uSoren, 0, "c5")  // blue: the green corner has advantage
	b := put(g, uTharja, 1, "d5") // green: the red corner has advantage
	g.moveStep(3)
	if len(rec.order) != 1 || len(rec.order[0]) != 2 || len(rec.ranges) != 2 || !slices.Equal(rec.ranges[0], []int{1, 2}) {
		t.Fatalf("order %v ranges %v", rec.order, rec.ranges)
	}
	// Reverse order: Tharja first (red corner, ATK 7+1=8 vs DEF 1 = 7 ≥ 7 HP: defeated),
	// then Soren (green corner, 8-1=7 ≥ 7 HP: defeated). Neither counters.
	if g.UnitByID(a.ID) != nil || g.UnitByID(b.ID) != nil || g.CornerDmg != [4]int8{} || g.BossAt != tile("c3") {
		t.Errorf("units left %d corners %v boss %s", len(g.Units), g.CornerDmg, g.BossAt)
	}
}

// Rulebook VIII, Step 3: the current card is flipped and resolved; the next
// card becomes current; an empty deck is remade from the discards.
func TestFlipResolveReshuffle(t *testing.T) {
	g := newGame(t, grima, 2)
	setCard(t, g, "expiration") // 2 damage to every enemy within 2
	near := put(g, uIke, 0, "c2")
	far := put(g, uSoren, 1, "a1")
	g.flip()
	if g.HP(near) != 8 || g.HP(far) != 7 {
		t.Errorf("HP %d/%d, want 8/7", g.HP(near), g.HP(far))
	}
	if len(g.BossDeck) != 4 || len(g.BossDiscard) != 1 || g.Rules.BossCards[g.BossDiscard[0]].ID != "expiration" || g.Card().ID == "expiration" {
		t.Fatalf("deck %d discard %v current %s", len(g.BossDeck), g.BossDiscard, g.Card().ID)
	}
	for range 3 {
		g.flip()
	}
	if len(g.BossDeck) != 1 || len(g.BossDiscard) != 4 {
		t.Fatalf("deck %d discard %d", len(g.BossDeck), len(g.BossDiscard))
	}
	g.flip()
	if len(g.BossDeck) != 5 || len(g.BossDiscard) != 0 {
		t.Errorf("after the deck ran out: deck %d discard %d, want 5 and 0", len(g.BossDeck), len(g.BossDiscard))
	}
}

// Rulebook VIII, Step 4: rotate the boss 90° clockwise, corners and their
// damage with it.
func TestRotateClockwise(t *testing.T) {
	g := newGame(t, grima, 2)
	g.CornerDmg[0] = 3 // red
	g.Rotate()
	if g.Rot != [4]int8{3, 0, 1, 2} {
		t.Fatalf("rot %v, want [3 0 1 2]: gray NW, red NE, green SE, blue SW", g.Rot)
	}
	// Red now stands at NE (d4) with its damage.
	if c := g.Corner(g.PosAt(tile("d4"))); g.b.Corners[c].Color != table.Red || g.CornerLeft(c) != 5 {
		t.Errorf("d4 corner %s with %d left", g.b.Corners[c].Color, g.CornerLeft(c))
	}
	for range 3 {
		g.Rotate()
	}
	if g.Rot != [4]int8{0, 1, 2, 3} {
		t.Errorf("four rotations: %v", g.Rot)
	}
	// A whole boss turn rotates once, whether it moved or attacked.
	g = newGame(t, grima, 2)
	g.bossTurn()
	if g.Rot != [4]int8{3, 0, 1, 2} {
		t.Errorf("after a boss turn rot %v", g.Rot)
	}
}

// Rulebook VIII, Step 1: a summon goes to the rolled (X, Y): X spaces right,
// Y up, so (2, 3) is b3. An occupied tile follows the boss's rule.
func TestSummonAtRolledTile(t *testing.T) {
	g := newGame(t, grima, 2)
	g.placeSummon(0, 2, 3)
	if len(g.Summons) != 1 || g.Summons[0].Tile != tile("b3") {
		t.Fatalf("summons %v", g.Summons)
	}
	// nearest: b3 is taken; the nearest open tiles are b2, a3, b4 (c3 is the
	// boss); ties go south-west first: b2.
	g.placeSummon(0, 2, 3)
	if len(g.Summons) != 2 || g.Summons[1].Tile != tile("b2") {
		t.Errorf("nearest rule: %s, want b2", g.Summons[1].Tile)
	}
	// damage: no summon, the unit there takes the rule's damage.
	g.b.Occupied, g.b.OccupiedN = table.OccupiedDamage, 2
	u := put(g, uIke, 0, "a1")
	g.placeSummon(0, 1, 1)
	if len(g.Summons) != 2 || g.HP(u) != 8 {
		t.Errorf("damage rule: %d summons, Ike HP %d; want 2 and 8", len(g.Summons), g.HP(u))
	}
	// skip: nothing happens.
	g.b.Occupied = table.OccupiedSkip
	g.placeSummon(0, 1, 1)
	if len(g.Summons) != 2 || g.HP(u) != 8 {
		t.Errorf("skip rule: %d summons, Ike HP %d", len(g.Summons), g.HP(u))
	}
	// reroll: a free tile or nothing, never an occupied one.
	g.b.Occupied = table.OccupiedReroll
	occ := g.Occupied()
	g.placeSummon(0, 1, 1)
	if n := len(g.Summons); n == 3 && occ.Has(g.Summons[2].Tile) {
		t.Errorf("reroll put a summon on occupied %s", g.Summons[2].Tile)
	}
}

// Rulebook VIII, Step 1: when the tokens run out the boss can no longer summon.
func TestSummonRunsOut(t *testing.T) {
	g := newGame(t, grima, 2)
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
	g := newGame(t, medeus, 2)
	g.CornerDmg = [4]int8{1, 3, 0, 0}
	g.bossTurn()
	if g.CornerDmg != [4]int8{1, 2, 0, 0} {
		t.Errorf("corners %v, want [1 2 0 0]", g.CornerDmg)
	}
}

// Rulebook VIII, Win / Lose Conditions: defined by the boss board.
func TestWinLoseFromContent(t *testing.T) {
	g := newGame(t, grima, 2)
	for _, at := range []string{"a1", "a2", "a3"} {
		putSummon(g, 0, at)
	}
	g.placeSummon(0, 6, 6)
	g.checkEnd(false)
	if g.Result != BossWins || g.Reason != "four risen walk the land" {
		t.Errorf("four risen: %s %q", g.Result, g.Reason)
	}
	g = newGame(t, grima, 2)
	g.BossTurns = 23
	if g.checkEnd(true) {
		t.Fatal("ended after 23 boss turns")
	}
	g.BossTurns = 24
	if !g.checkEnd(true) || g.Result != BossWins || g.Reason != "Grima completes the ritual" {
		t.Errorf("24 boss turns: %s %q", g.Result, g.Reason)
	}
	g = newGame(t, medeus, 2)
	g.BossAt = tile("c2")
	if g.checkEnd(false) {
		t.Fatal("ended at rank 2")
	}
	g.BossAt = tile("c1")
	if !g.checkEnd(false) || g.Reason != "Medeus reaches the south edge" {
		t.Errorf("south edge: %s %q", g.Result, g.Reason)
	}
	// No units: judged at the end of a boss turn once every player has had a turn.
	rs := fixture()
	rs.Bosses[grima].Lose = append(rs.Bosses[grima].Lose, table.EndCond{Kind: table.EndNoUnits, Summon: -1, Text: "no heroes remain"})
	g, _ = New(rs, Options{Seed: 1, Boss: grima, Players: 2, Map: -1})
	if g.checkEnd(true) {
		t.Fatal("no units before P2's first turn ended the game")
	}
	g.Players[1].Turns = 1
	if !g.checkEnd(true) || g.Reason != "no heroes remain" {
		t.Errorf("no units: %s %q", g.Result, g.Reason)
	}
	// A boss-turns win condition: the players survive.
	rs = fixture()
	rs.Bosses[medeus].Lose = rs.Bosses[medeus].Lose[:1]
	rs.Bosses[medeus].Win = []table.EndCond{{Kind: table.EndBossTurns, N: 3, Summon: -1, Text: "hold out"}}
	g, _ = New(rs, Options{Seed: 1, Boss: medeus, Players: 2, Map: -1})
	g.BossTurns = 3
	if !g.checkEnd(true) || g.Result != PlayersWin || g.Reason != "hold out" {
		t.Errorf("win condition: %s %q", g.Result, g.Reason)
	}
}

// Rulebook VIII, Step 2B: no corner has advantage against a gray unit, so
// the players choose among all four.
func TestBossAttackGrayUnitPlayersChoose(t *testing.T) {
	g := newGame(t, grima, 2)
	rec := &recorder{corner: 1, rng: 1}
	g.Chooser = rec
	setCard(t, g, "gaze")
	u := put(g, uPriest, 0, "b3") // gray 8 HP, DEF 2, range 1-2
	g.moveStep(3)
	if len(rec.corners) != 1 || !slices.Equal(rec.corners[0], []int{0, 1, 2, 3}) {
		t.Fatalf("corner options %v, want [[0 1 2 3]]", rec.corners)
	}
	// Green corner, no triangle: 6-2=4; counter 3-2=1; Rhys (SPD 4 > 3) follows up 1.
	if g.HP(u) != 4 || g.CornerDmg[1] != 2 {
		t.Errorf("Rhys HP %d, green damage %d; want 4 and 2", g.HP(u), g.CornerDmg[1])
	}
}

// Rulebook VIII, Step 3: when a boss card hits several units the players
// choose the order.
func TestFlipPlayersOrderUnits(t *testing.T) {
	g := newGame(t, grima, 2)
	rec := &recorder{}
	g.Chooser = rec
	setCard(t, g, "expiration") // 2 damage to every enemy within 2
	a := put(g, uIke, 0, "c2")
	b := put(g, uSoren, 1, "b3")
	g.flip()
	if len(rec.order) != 1 || !slices.Equal(rec.order[0], []int32{a.ID, b.ID}) {
		t.Fatalf("order asked %v", rec.order)
	}
	var hit []string
	for _, s := range g.Log {
		if s.Kind == "damage" {
			hit = append(hit, s.Text)
		}
	}
	if want := []string{"soren takes 2 (effect), 5 HP", "ike takes 2 (effect), 8 HP"}; !slices.Equal(hit, want) {
		t.Errorf("damage order %v, want %v", hit, want)
	}
}

// "Until the boss's next turn": a boss card's lasting effect holds through
// the players' turns and ends as the next boss turn starts.
func TestBossEffectUntilNextBossTurn(t *testing.T) {
	g := newGame(t, grima, 2)
	setCard(t, g, "dark-aura") // the boss has +1 DEF until its next turn
	g.flip()
	if g.BossStats().DEF != int8(g.Card().Stats.DEF)+1 {
		t.Fatalf("boss DEF %d, card %d: want +1", g.BossStats().DEF, g.Card().Stats.DEF)
	}
	var atStart []int
	g.OnStep = func(s Step) {
		if s.Kind == "boss-turn" {
			atStart = append(atStart, len(g.BossMods))
		}
	}
	apply(t, g, act(EndTurn, 0))
	if g.Current != 1 || len(atStart) != 1 || atStart[0] != 0 {
		t.Errorf("boss mods at the next boss turn's start: %v, want [0]", atStart)
	}
}
