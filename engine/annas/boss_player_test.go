package annas

import (
	"slices"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// Rulebook VIII, On Player Turns: at the start of your turn gain 1 DV and
// ready your units; other players gain nothing and stay exhausted.
func TestStartOfPlayerTurnDVAndReady(t *testing.T) {
	g := newBossGame(t, grima, 3)
	a := bput(g, uIke, 0, "a1")
	b := bput(g, uSoren, 1, "f6")
	a.Exhausted, b.Exhausted = true, true
	g.Players[0].DV, g.Players[1].DV, g.Players[2].DV = 0, 0, 0
	g.Current = 2
	g.Boss.Pos = 4 // P3's slot: the next turn is the boss's, then P1's
	stepSettled(t, g, g.advance)
	if g.Current != 0 || g.Players[0].DV != 1 || g.Players[1].DV != 0 || g.Players[2].DV != 0 {
		t.Fatalf("current P%d DV %d/%d/%d, want P1 with 1/0/0", g.Current+1, g.Players[0].DV, g.Players[1].DV, g.Players[2].DV)
	}
	if a.Exhausted || !b.Exhausted {
		t.Errorf("P1's unit exhausted %v, P2's %v; want ready, exhausted", a.Exhausted, b.Exhausted)
	}
}

// Rulebook VIII, On Player Turns: deploy once per turn, never two units of
// one color, deployed exhausted; two unit slots; the hand is refilled.
func TestDeployOnceDistinctColorsExhausted(t *testing.T) {
	g := newBossGame(t, grima, 2)
	g.Players[0].Hand = []int16{uIke, uVaike, uSoren, uTitania, uTharja, uGaius}
	g.Players[0].DV = 0
	a := blegal(t, g, func(a Action) bool { return a.Kind == Deploy && a.Card == uIke && a.To == bt("c1") })
	apply(t, g, a)
	u := g.PieceAt(bt("c1"))
	if u == nil || !u.Exhausted || u.Slot != 0 || len(g.Players[0].Hand) != 6 {
		t.Fatalf("deployed %+v hand %d; want exhausted in slot 0, hand refilled to 6", u, len(g.Players[0].Hand))
	}
	for _, a := range g.LegalActions() {
		if a.Kind == Deploy {
			t.Fatalf("second deploy offered: %s", g.Describe(a))
		}
		if a.Kind == Activate && a.From == bt("c1") {
			t.Fatal("a unit deployed this turn may be activated")
		}
	}
	// Next turn: Vaike (red, like Ike) may not be deployed; Soren (blue) may.
	g.Deploys = 0
	var cards []int16
	for _, a := range g.LegalActions() {
		if a.Kind == Deploy && !slices.Contains(cards, a.Card) {
			cards = append(cards, a.Card)
		}
	}
	if slices.Contains(cards, uVaike) || !slices.Contains(cards, uSoren) {
		t.Errorf("deployable %v: want Soren, not Vaike (two reds)", cards)
	}
	// Two slots: a third unit is never offered.
	bput(g, uSoren, 0, "e1").Slot = 1
	for _, a := range g.LegalActions() {
		if a.Kind == Deploy {
			t.Fatalf("deploy with both slots full: %s", g.Describe(a))
		}
	}
}

// Rulebook VIII, On Player Turns: discard a card once per turn.
func TestDiscardOncePerTurn(t *testing.T) {
	g := newBossGame(t, grima, 2)
	h0 := g.Players[0].Hand[0]
	actSettled(t, g, blegal(t, g, func(a Action) bool { return a.Kind == DiscardAct && a.Card == h0 }))
	if len(g.Players[0].Hand) != 6 || !slices.Equal(g.Discard, []int16{h0}) {
		t.Fatalf("hand %d, discard %v", len(g.Players[0].Hand), g.Discard)
	}
	for _, a := range g.LegalActions() {
		if a.Kind == DiscardAct {
			t.Fatal("a second discard offered")
		}
	}
}

// Rulebook VIII, DV in boss mode: 1 DV moves a unit you control up to 2
// spaces in a cardinal direction; 2 DV removes a unit you control; 3 DV
// deploys a unit with [Haste].
func TestDVSpending(t *testing.T) {
	g := newBossGame(t, grima, 2)
	g.Players[0].DV = 6
	u := bput(g, uIke, 0, "a1")
	bput(g, uSoren, 1, "a2") // another player's unit: passed through, not ended on
	var dests []string
	for _, a := range g.LegalActions() {
		if a.Kind == DVMove && a.From == bt("a1") {
			dests = append(dests, a.To.String())
		}
	}
	slices.Sort(dests)
	if want := []string{"a3", "b1", "c1"}; !slices.Equal(dests, want) {
		t.Errorf("DV move from a1: %v, want %v", dests, want)
	}
	for _, a := range g.LegalActions() {
		if (a.Kind == DVMove || a.Kind == DVRemove) && a.From == bt("a2") {
			t.Fatal("DV spent on another player's unit")
		}
	}
	actSettled(t, g, blegal(t, g, func(a Action) bool { return a.Kind == DVMove && a.To == bt("a3") }))
	if u.Tile != bt("a3") || g.Players[0].DV != 5 {
		t.Fatalf("after DV move: %s DV %d, want a3 DV 5", u.Tile, g.Players[0].DV)
	}
	actSettled(t, g, blegal(t, g, func(a Action) bool { return a.Kind == DVRemove && a.From == bt("a3") }))
	if g.PieceByID(u.ID) != nil || g.Players[0].DV != 3 || g.Players[0].Lost != 0 {
		t.Fatalf("after DV remove: DV %d lost %d, want 3 and 0 (removed, not defeated)", g.Players[0].DV, g.Players[0].Lost)
	}
	// Haste: the normal deploy and a haste deploy in one turn; the haste unit acts at once.
	g.Players[0].Hand = []int16{uIke, uSoren, uTitania, uTharja, uGaius, uVaike}
	actSettled(t, g, blegal(t, g, func(a Action) bool { return a.Kind == Deploy && a.Card == uIke && a.To == bt("b1") && !a.Haste }))
	actSettled(t, g, blegal(t, g, func(a Action) bool { return a.Kind == Deploy && a.Card == uTitania && a.To == bt("c1") && a.Haste }))
	h := g.PieceAt(bt("c1"))
	if g.Players[0].DV != 0 || h.Exhausted || !g.Tags(h).Has(tagHaste) {
		t.Fatalf("haste deploy: DV %d exhausted %v", g.Players[0].DV, h.Exhausted)
	}
	blegal(t, g, bact("c1", Work, ""))
}

// Rulebook VIII, Unit Actions: Work gains 1 DV.
func TestWorkGainsDV(t *testing.T) {
	g := newBossGame(t, grima, 2)
	bput(g, uIke, 0, "a1")
	g.Players[0].DV = 1
	actSettled(t, g, blegal(t, g, bact("a1", Work, "")))
	if g.Players[0].DV != 2 {
		t.Errorf("DV %d, want 2", g.Players[0].DV)
	}
}

// Rulebook VIII, DV in boss mode: 1 DV when a unit of yours is defeated, not
// when another player's is; none for a legendary unit.
func TestDefeatGivesOwnerDV(t *testing.T) {
	g := newBossGame(t, grima, 3)
	for p := range g.Players {
		g.Players[p].DV = 0
	}
	u := bput(g, uSoren, 1, "a1")
	stepSettled(t, g, func() { g.hurt(u, 7, false, g.BossSeat(), nil) })
	if g.Players[1].DV != 1 || g.Players[0].DV != 0 || g.Players[2].DV != 0 {
		t.Errorf("DV %d/%d/%d, want 0/1/0", g.Players[0].DV, g.Players[1].DV, g.Players[2].DV)
	}
	l := bput(g, uHector, 2, "b1")
	stepSettled(t, g, func() { g.hurt(l, 13, false, g.BossSeat(), nil) })
	if g.Players[2].DV != 0 || g.PieceByID(l.ID) != nil {
		t.Errorf("legendary defeated: DV %d, want 0", g.Players[2].DV)
	}
}

// Rulebook VIII, Unit Actions: no Retire and no Capture; attack targets
// are the boss's corners and minions, never tokens.
func TestUnitActionsInBossMode(t *testing.T) {
	g := newBossGame(t, grima, 2)
	bput(g, uIke, 0, "b3")
	putSummon(g, 0, "b4") // risen (minion)
	putSummon(g, 1, "b2") // rift (token)
	var targets []string
	dos := map[Do]bool{}
	for _, a := range g.LegalActions() {
		if a.Kind == Activate && a.To == bt("b3") {
			dos[a.Do] = true
			if a.Do == Attack {
				targets = append(targets, a.Target.String())
			}
		}
	}
	slices.Sort(targets)
	if want := []string{"b4", "c3"}; !slices.Equal(targets, want) {
		t.Errorf("attack targets from b3: %v, want %v", targets, want)
	}
	if !dos[Wait] || !dos[Work] || !dos[Attack] || !dos[Special] || !dos[BossAct] || len(dos) != 5 {
		t.Errorf("unit actions %v", dos)
	}
	_ = table.Red
}
