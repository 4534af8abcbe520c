package annas

import (
	"slices"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

func hasAction(g *Game, pred func(a Action) bool) bool {
	return slices.ContainsFunc(g.LegalActions(), pred)
}

func count(g *Game, pred func(a Action) bool) int {
	n := 0
	for _, a := range g.LegalActions() {
		if pred(a) {
			n++
		}
	}
	return n
}

func setHand(t *testing.T, g *Game, p int, ids ...string) {
	t.Helper()
	pl := &g.Players[p]
	// Return both hands to the deck, take the named cards, refill the other.
	g.Deck = append(g.Deck, pl.Hand...)
	g.Deck = append(g.Deck, g.Players[1-p].Hand...)
	pl.Hand, g.Players[1-p].Hand = nil, nil
	defer g.draw(1 - p)
	for _, id := range ids {
		c := unitIdx(t, g.Rules, id)
		i := slices.Index(g.Deck, c)
		if i < 0 {
			t.Fatalf("%s not in the deck", id)
		}
		g.Deck = slices.Delete(g.Deck, i, i+1)
		pl.Hand = append(pl.Hand, c)
	}
}

func deployOf(g *Game, card int16) []Action {
	var out []Action
	for _, a := range g.LegalActions() {
		if a.Kind == Deploy && a.Card == card {
			out = append(out, a)
		}
	}
	return out
}

// Rulebook I: six cards each, Anna's Cheer to the second player, the whole
// VP deck smallest on top (I.3: the quick game, for a first or faster game,
// removes the two largest), three shop cards, one mulligan each.
func TestSetup(t *testing.T) {
	g, err := New(fixture(), Options{Seed: 3, Quick: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Players[0].Hand) != 6 || len(g.Players[1].Hand) != 6 {
		t.Errorf("hands %d/%d, want 6/6", len(g.Players[0].Hand), len(g.Players[1].Hand))
	}
	if !slices.Equal(g.Players[1].Shop, []int16{0}) || len(g.Players[0].Shop) != 0 {
		t.Errorf("shop hands %v/%v, want Anna's Cheer for P2 only", g.Players[0].Shop, g.Players[1].Shop)
	}
	if !slices.Equal(g.VPDeck, []int8{1, 2, 3, 4, 5, 6, 7}) {
		t.Errorf("VP deck %v, want 1..7", g.VPDeck)
	}
	if len(g.ShopRow) != 3 {
		t.Errorf("shop row %v, want 3 cards", g.ShopRow)
	}
	full, _ := New(fixture(), Options{Seed: 3})
	if !slices.Equal(full.VPDeck, []int8{1, 2, 3, 4, 5, 6, 7, 8, 8}) {
		t.Errorf("the standard game's VP deck %v, want all 9 cards 1..8, 8", full.VPDeck)
	}
	if g.Phase != PhaseMulligan || len(g.LegalActions()) != 64 {
		t.Fatalf("want the mulligan phase with 64 choices, got phase %d with %d", g.Phase, len(g.LegalActions()))
	}
	old := slices.Clone(g.Players[0].Hand)
	a := act(Mulligan, 0)
	a.Mask = 0b000111
	apply(t, g, a)
	if len(g.Players[0].Hand) != 6 || !slices.Equal(g.Players[0].Hand[:3], old[3:]) || len(g.Discard) != 3 {
		t.Errorf("after the mulligan: hand %v (was %v), discard %v", g.Players[0].Hand, old, g.Discard)
	}
	apply(t, g, act(Mulligan, 1))
	if g.Phase != PhaseTurn || g.Current != 0 || g.Turn != 1 || g.Players[0].Coins != 1 {
		t.Errorf("after mulligans: phase %d current %d turn %d coins %d", g.Phase, g.Current, g.Turn, g.Players[0].Coins)
	}
}

// Rulebook III, Deploying Units: a unit goes to the slot of its color, on a
// free tile of its deployment zone, exhausted, with its Special and
// Shapestone tokens; the hand is refilled to 6; one deploy per turn.
func TestDeploy(t *testing.T) {
	g := started(t)
	setHand(t, g, 0, "red", "mage", "manakete", "lord", "duke", "green")
	red := deployOf(g, unitIdx(t, g.Rules, "red"))
	if len(red) != 6 || red[0].Slot != int8(table.Red) {
		t.Fatalf("red deploys: %d (slot %d), want 6 on slot 0 (six south tiles)", len(red), red[0].Slot)
	}
	deck := len(g.Deck)
	a := red[0]
	a.To = tile(t, "c1")
	apply(t, g, a)
	q := g.PieceAt(tile(t, "c1"))
	if q == nil || !q.Exhausted || q.Slot != 0 {
		t.Fatalf("deployed red: %+v, want exhausted on slot 0", q)
	}
	if len(g.Players[0].Hand) != 6 || len(g.Deck) != deck-1 {
		t.Errorf("hand %d, deck %d→%d: want 6 and one card drawn", len(g.Players[0].Hand), deck, len(g.Deck))
	}
	if n := count(g, func(a Action) bool { return a.Kind == Deploy }); n != 0 {
		t.Errorf("%d deploys offered after the turn's deploy, want 0", n)
	}
	// The mage brings a Special token, the manakete a Shapestone token.
	g.Deploys = 0
	if len(deployOf(g, unitIdx(t, g.Rules, "mage"))) != 0 {
		t.Fatal("mage (red) deployable while the red slot is taken")
	}
	g.remove(q)
	a = deployOf(g, unitIdx(t, g.Rules, "mage"))[0]
	apply(t, g, a)
	if mq := g.PieceAt(a.To); !mq.Special || mq.Shapestone {
		t.Errorf("mage: special %v shapestone %v, want true false", mq.Special, mq.Shapestone)
	}
	g.Deploys = 0
	a = deployOf(g, unitIdx(t, g.Rules, "manakete"))[0]
	apply(t, g, a)
	if mq := g.PieceAt(a.To); !mq.Shapestone || mq.Special {
		t.Errorf("manakete: shapestone %v special %v, want true false", mq.Shapestone, mq.Special)
	}
}

// Rulebook III: gray units go to any free slot, one gray deployed at a time;
// one legendary deployed at a time.
func TestDeployGrayAndLegendaryLimits(t *testing.T) {
	g := started(t)
	setHand(t, g, 0, "gray", "dancer", "lord", "duke", "red", "green")
	slots := map[int8]bool{}
	for _, a := range deployOf(g, unitIdx(t, g.Rules, "gray")) {
		slots[a.Slot] = true
	}
	if len(slots) != 3 {
		t.Errorf("gray may use slots %v, want all 3", slots)
	}
	put(t, g, "manakete", 0, "a3") // a gray unit already deployed
	if n := len(deployOf(g, unitIdx(t, g.Rules, "dancer"))); n != 0 {
		t.Errorf("a second gray unit has %d deploys, want 0", n)
	}
	if n := len(deployOf(g, unitIdx(t, g.Rules, "duke"))); n == 0 {
		t.Error("duke (legendary) not deployable with no legendary out")
	}
	put(t, g, "lord", 0, "a4").Slot = 0
	if n := len(deployOf(g, unitIdx(t, g.Rules, "duke"))); n != 0 {
		t.Errorf("a second legendary has %d deploys, want 0", n)
	}
}

// Rulebook III, Dragon Vein: 3 DV deploys a unit with Haste, in addition to
// the normal deploy; it can act at once. VII: a unit with Haste is ready.
func TestHasteDeploy(t *testing.T) {
	g := started(t)
	setHand(t, g, 0, "red", "green", "blue", "sprinter", "archer", "knight")
	g.Players[0].DV = 3
	var haste Action
	for _, a := range deployOf(g, unitIdx(t, g.Rules, "red")) {
		if a.Haste {
			haste = a
		}
	}
	if !haste.Haste {
		t.Fatal("no haste deploy with 3 DV")
	}
	apply(t, g, haste)
	q := g.PieceAt(haste.To)
	if q.Exhausted || g.Players[0].DV != 0 {
		t.Errorf("haste red: exhausted %v DV %d, want ready and 0 DV", q.Exhausted, g.Players[0].DV)
	}
	if !hasAction(g, func(a Action) bool { return a.Kind == Activate && a.From == q.Tile }) {
		t.Error("the haste unit cannot be activated this turn")
	}
	sp := deployOf(g, unitIdx(t, g.Rules, "sprinter"))
	if len(sp) == 0 || sp[0].Haste {
		t.Fatal("the normal deploy is gone after the haste deploy")
	}
	apply(t, g, sp[0])
	if g.PieceAt(sp[0].To).Exhausted {
		t.Error("a unit with the Haste tag was deployed exhausted")
	}
}

// Rulebook III, Start of Turn: gain 1 Anna Coin and ready your units.
func TestStartOfTurn(t *testing.T) {
	g := started(t)
	q := put(t, g, "red", 1, "c5")
	q.Exhausted = true
	mine := put(t, g, "blue", 0, "c2")
	mine.Exhausted = true
	apply(t, g, act(EndTurn, 0))
	if g.Current != 1 || g.Players[1].Coins != 1 || q.Exhausted || !mine.Exhausted {
		t.Errorf("P2's start: current %d coins %d P2 unit exhausted %v P1 unit exhausted %v", g.Current, g.Players[1].Coins, q.Exhausted, mine.Exhausted)
	}
	apply(t, g, act(EndTurn, 1))
	if g.Players[0].Coins != 2 {
		t.Errorf("P1 coins on turn 3: %d, want 2", g.Players[0].Coins)
	}
}

// Rulebook III, General Turn Actions: the first discard of a turn is free,
// each further one costs 1 coin; the hand is refilled to 6.
func TestDiscardFirstFree(t *testing.T) {
	g := started(t) // P1 has 1 coin
	isDiscard := func(a Action) bool { return a.Kind == DiscardAct }
	first := g.LegalActions()[slices.IndexFunc(g.LegalActions(), isDiscard)]
	apply(t, g, first)
	if g.Players[0].Coins != 1 || len(g.Players[0].Hand) != 6 || slices.Contains(g.Players[0].Hand, first.Card) {
		t.Fatalf("after the free discard: coins %d hand %v", g.Players[0].Coins, g.Players[0].Hand)
	}
	second := g.LegalActions()[slices.IndexFunc(g.LegalActions(), isDiscard)]
	apply(t, g, second)
	if g.Players[0].Coins != 0 {
		t.Errorf("after the second discard: coins %d, want 0", g.Players[0].Coins)
	}
	if hasAction(g, isDiscard) {
		t.Error("a third discard is offered with no coin")
	}
}

// Rulebook III: pay 1 coin to move the gray unit to another free slot.
func TestShiftGray(t *testing.T) {
	g := started(t)
	q := put(t, g, "gray", 0, "b2")
	q.Slot = 2
	shifts := count(g, func(a Action) bool { return a.Kind == ShiftGray })
	if shifts != 2 {
		t.Fatalf("%d gray shifts, want 2 (slots 0 and 1)", shifts)
	}
	a := act(ShiftGray, 0)
	a.From, a.Slot = q.Tile, 0
	apply(t, g, a)
	if q.Slot != 0 || g.Players[0].Coins != 0 {
		t.Errorf("slot %d coins %d, want 0 and 0", q.Slot, g.Players[0].Coins)
	}
	if hasAction(g, func(a Action) bool { return a.Kind == ShiftGray }) {
		t.Error("shift offered with no coin")
	}
}

// Rulebook V, Capturing: on a castle, take the top VP card and give the
// opponent 1 DV; once per turn; a castle can be captured again.
func TestCapture(t *testing.T) {
	g := started(t)
	put(t, g, "red", 0, "c3")  // castle
	put(t, g, "blue", 0, "d4") // castle
	apply(t, g, activation(t, 0, "c3", "c3", Capture, ""))
	if !slices.Equal(g.Players[0].VPCards, []int8{1}) || g.Players[1].DV != 1 || !slices.Equal(g.VPDeck, []int8{2, 3, 4, 5, 6, 7}) {
		t.Errorf("after capture: VP cards %v, P2 DV %d, deck %v", g.Players[0].VPCards, g.Players[1].DV, g.VPDeck)
	}
	if hasAction(g, func(a Action) bool { return a.Do == Capture }) {
		t.Error("a second capture is offered this turn")
	}
	apply(t, g, act(EndTurn, 0))
	apply(t, g, act(EndTurn, 1))
	apply(t, g, activation(t, 0, "c3", "c3", Capture, ""))
	if g.Players[0].VP() != 3 {
		t.Errorf("VP after capturing the same castle again: %d, want 1+2", g.Players[0].VP())
	}
}

// Rulebook III, Dragon Vein: 1 DV lays or moves your DV tile, never on a
// deployment tile or under a unit; on a castle it prevents capture; its
// Ruins side is untraversable.
func TestDVTile(t *testing.T) {
	g := started(t)
	isTile := func(a Action) bool { return a.Kind == MoveDVTile }
	if hasAction(g, isTile) {
		t.Fatal("DV tile move offered with 0 DV")
	}
	g.Players[0].DV = 2
	put(t, g, "red", 0, "c2")
	for _, a := range g.LegalActions() {
		if a.Kind == MoveDVTile && (g.DeployZone(0).Has(a.To) || g.DeployZone(1).Has(a.To) || a.To == tile(t, "c2")) {
			t.Fatalf("DV tile offered on %s", a.To)
		}
	}
	lay := act(MoveDVTile, 0)
	lay.To, lay.Opt = tile(t, "c3"), 0 // plain side on the castle
	apply(t, g, lay)
	if g.Players[0].DV != 1 {
		t.Errorf("DV %d after laying the tile, want 1", g.Players[0].DV)
	}
	q := g.PieceAt(tile(t, "c2"))
	q.Tile = tile(t, "c3")
	if hasAction(g, func(a Action) bool { return a.Do == Capture && a.To == tile(t, "c3") }) {
		t.Error("capture offered on a castle covered by a DV tile")
	}
	if hasAction(g, isTile) {
		t.Error("the DV tile may move while a unit stands on it")
	}
	q.Tile = tile(t, "c2")
	ruins := act(MoveDVTile, 0)
	ruins.To, ruins.Opt = tile(t, "c3"), 1
	apply(t, g, ruins)
	if hasAction(g, func(a Action) bool { return a.Kind == Activate && a.To == tile(t, "c3") }) {
		t.Error("a unit may move onto Ruins")
	}
}

// Rulebook III, Dragon Vein: 2 DV bumps any unit 1 tile, only into a tile it
// can normally enter.
func TestBump(t *testing.T) {
	g := started(t)
	put(t, g, "cav", 1, "c3") // forest at c2, castle c3
	g.Players[0].DV = 2
	var dests []string
	for _, a := range g.LegalActions() {
		if a.Kind == Bump {
			dests = append(dests, a.To.String())
		}
	}
	slices.Sort(dests)
	if !slices.Equal(dests, []string{"b3", "c4", "d3"}) {
		t.Errorf("bump cavalry from c3 to %v, want b3 c4 d3 (c2 is forest)", dests)
	}
	b := act(Bump, 0)
	b.From, b.To = tile(t, "c3"), tile(t, "d3")
	apply(t, g, b)
	if g.Players[0].DV != 0 || g.PieceAt(tile(t, "d3")) == nil {
		t.Error("bump did not move the enemy unit or spend 2 DV")
	}
}

// Rulebook V, Retire / Work: retire pays 3 coins, discards the unit and gains
// 1 DV, no VP for anyone; work gains 1 coin (Pixel Art special tile: 1 DV
// instead).
func TestRetireAndWork(t *testing.T) {
	g := started(t)
	q := put(t, g, "red", 0, "c2")
	if hasAction(g, func(a Action) bool { return a.Do == Retire }) {
		t.Fatal("retire offered with 1 coin")
	}
	g.Players[0].Coins = 3
	apply(t, g, activation(t, 0, "c2", "c2", Retire, ""))
	if len(g.Pieces) != 0 || g.Players[0].Coins != 0 || g.Players[0].DV != 1 || g.Players[1].VP() != 0 || g.Discard[len(g.Discard)-1] != q.Card {
		t.Errorf("retire: pieces %d coins %d DV %d opponent VP %d", len(g.Pieces), g.Players[0].Coins, g.Players[0].DV, g.Players[1].VP())
	}
	put(t, g, "blue", 0, "c2")
	apply(t, g, activation(t, 0, "c2", "c2", Work, ""))
	if g.Players[0].Coins != 1 {
		t.Errorf("coins after work: %d, want 1", g.Players[0].Coins)
	}
	put(t, g, "green", 0, "d5")
	apply(t, g, activation(t, 0, "d5", "d5", Work, "")) // d5 is the shrine
	if g.Players[0].Coins != 1 || g.Players[0].DV != 2 {
		t.Errorf("work on the shrine: coins %d DV %d, want 1 and 2", g.Players[0].Coins, g.Players[0].DV)
	}
}

// Rulebook VI, Unit Death: the unit and its attachment are discarded; the
// winner gains 1 VP (2 for a legendary); the loser gains 1 DV, 2 when it is
// not their first loss this turn.
func TestDeathVPAndDV(t *testing.T) {
	g := started(t)
	put(t, g, "red", 0, "c3")
	v := put(t, g, "green", 1, "c4")
	v.Damage = 6 // 4 HP: red deals 4
	v.Attached = 2
	apply(t, g, activation(t, 0, "c3", "c3", Attack, "c4"))
	if g.PieceByID(v.ID) != nil || g.Players[0].VPTokens != 1 || g.Players[1].DV != 1 {
		t.Fatalf("first defeat: VP %d DV %d", g.Players[0].VPTokens, g.Players[1].DV)
	}
	if g.Discard[len(g.Discard)-1] != v.Card || g.ShopDiscard[len(g.ShopDiscard)-1] != 2 {
		t.Error("the defeated unit or its attachment is not in the discard piles")
	}
	put(t, g, "green", 0, "e2")
	w := put(t, g, "duke", 1, "e3") // legendary, blue: green deals 6+1-4 = 3
	w.Damage = 9
	apply(t, g, activation(t, 0, "e2", "e2", Attack, "e3"))
	if g.Players[0].VPTokens != 3 || g.Players[1].DV != 3 {
		t.Errorf("second defeat (legendary): VP %d DV %d, want 3 and 3", g.Players[0].VPTokens, g.Players[1].DV)
	}
	apply(t, g, act(EndTurn, 0))
	x := put(t, g, "blue", 1, "a3")
	put(t, g, "green", 0, "a4")
	g.PieceAt(tile(t, "a4")).Damage = 8 // 2 HP; blue deals 6-1-3 = 2
	apply(t, g, activation(t, 1, "a3", "a3", Attack, "a4"))
	if g.Players[0].DV != 1 || g.Players[1].VPTokens != 1 || g.PieceByID(x.ID) == nil {
		t.Errorf("P1's first loss on a new turn: DV %d (want 1), P2 VP %d (want 1)", g.Players[0].DV, g.Players[1].VPTokens)
	}
}

// Rulebook V, Capturing / issue 3 rules: the game ends when the VP deck runs
// out (at the end of that turn); the most VP wins; a tie goes to more VP
// cards, then fewer units lost.
func TestEndOfGame(t *testing.T) {
	g := started(t)
	g.VPDeck = []int8{7}
	put(t, g, "red", 0, "c3")
	g.Players[1].VPTokens = 7
	apply(t, g, activation(t, 0, "c3", "c3", Capture, ""))
	if g.Over() {
		t.Fatal("the game ended before the end of the turn")
	}
	apply(t, g, act(EndTurn, 0))
	if !g.Over() || g.Winner != 0 {
		t.Fatalf("over %v winner %d, want P1 on the tie (7 each, more VP cards)", g.Over(), g.Winner)
	}
	r := g.Result()
	if r.VP != [2]int{7, 7} || r.Turns != 1 {
		t.Errorf("result %+v", r)
	}
	if g.LegalActions() != nil {
		t.Error("actions offered after the end")
	}
}

// Issue 4: the same seed replays the same game, action for action.
func TestSameSeedSameGame(t *testing.T) {
	rs := fixture()
	run := func(seed uint64) []string {
		p0, _ := NewPolicy("random", seed, 0)
		p1, _ := NewPolicy("greedy", seed, 1)
		var log []string
		_, err := Play(rs, Options{Seed: seed}, [2]Policy{p0, p1}, func(g *Game, a Action, _ string, _ int) { log = append(log, g.Describe(a)) })
		if err != nil {
			t.Fatal(err)
		}
		return log
	}
	a, b, c := run(42), run(42), run(43)
	if !slices.Equal(a, b) {
		t.Error("seed 42 played two different games")
	}
	if slices.Equal(a, c) {
		t.Error("seeds 42 and 43 played the same game")
	}
}

// Rulebook III/V: activating a ready unit exhausts it; it moves up to its MOV
// (or stays), then takes one unit action; an exhausted unit cannot be
// activated again this turn.
func TestActivateMoveThenOneAction(t *testing.T) {
	g := started(t)
	q := put(t, g, "red", 0, "a2")
	put(t, g, "green", 1, "a5")
	var tos []string
	attacks := 0
	for _, a := range g.LegalActions() {
		if a.Kind == Activate && a.From == q.Tile && a.Do == Wait {
			tos = append(tos, a.To.String())
		}
		if a.Kind == Activate && a.Do == Attack {
			attacks++
			if a.To != tile(t, "a4") && a.To != tile(t, "b5") {
				t.Errorf("attack offered from %s, not adjacent to a5", a.To)
			}
		}
	}
	// MOV 3 from a2 on the fixture map: the forest c2 and mountain b4 end the
	// move; a5 holds the enemy.
	want := []string{"a1", "a2", "a3", "a4", "b1", "b2", "b3", "b4", "c1", "c2", "c3"}
	slices.Sort(tos)
	if !slices.Equal(tos, want) {
		t.Errorf("moves %v, want %v", tos, want)
	}
	if attacks != 1 {
		t.Errorf("%d attacks offered, want 1 (from a4; b5 is out of reach)", attacks)
	}
	apply(t, g, activation(t, 0, "a2", "a4", Attack, "a5"))
	if !q.Exhausted || q.Tile != tile(t, "a4") {
		t.Errorf("after the activation: tile %s exhausted %v", q.Tile, q.Exhausted)
	}
	if hasAction(g, func(a Action) bool { return a.Kind == Activate && a.From == q.Tile }) {
		t.Error("an exhausted unit is offered a second activation")
	}
}

// Rules data: a safety turn limit ends the game as the VP deck would (most
// VP wins).
func TestTurnLimit(t *testing.T) {
	g, err := New(fixture(), Options{Seed: 1, MaxTurns: 2})
	if err != nil {
		t.Fatal(err)
	}
	apply(t, g, act(Mulligan, 0))
	apply(t, g, act(Mulligan, 1))
	g.Players[1].VPTokens = 1
	apply(t, g, act(EndTurn, 0))
	apply(t, g, act(EndTurn, 1))
	if !g.Over() || g.Winner != 1 || g.Reason != "turn limit" {
		t.Errorf("over %v winner %d reason %q, want P2 by the turn limit", g.Over(), g.Winner, g.Reason)
	}
}

// TestSetupMapErrors: a game needs a versus map; the error names the ones
// there are, or says there is none.
func TestSetupMapErrors(t *testing.T) {
	rs := fixture()
	var versus []string
	for _, m := range rs.Maps {
		if m.Mode == table.Versus {
			versus = append(versus, m.ID)
		}
	}
	_, err := New(rs, Options{Seed: 1, Map: "atlantis"})
	if want := `annas: no versus map "atlantis" to play on (versus maps: ` + strings.Join(versus, ", ") + ")"; err == nil || err.Error() != want {
		t.Errorf("unknown map: %v, want %s", err, want)
	}
	bare := *rs
	bare.Maps = nil
	if _, err := New(&bare, Options{Seed: 1}); err == nil || !strings.Contains(err.Error(), "the content has no versus map") {
		t.Errorf("no maps: %v", err)
	}
}

// Reading (docs/annas-engine.md; the rulebook never empties the unit
// deck): when the unit deck runs out, the discard pile is shuffled into a
// new deck and the hand is filled to 6 from it ("you should always have 6
// unit cards in your hand").
func TestUnitDeckReshufflesTheDiscards(t *testing.T) {
	g := started(t)
	pl := &g.Players[0]
	g.Discard = append(g.Discard, g.Deck[1:]...) // one card left in the deck
	g.Deck = g.Deck[:1]
	last := g.Deck[0]
	pile := len(g.Discard)
	isDiscard := func(a Action) bool { return a.Kind == DiscardAct }
	first := g.LegalActions()[slices.IndexFunc(g.LegalActions(), isDiscard)]
	apply(t, g, first) // draws the last card
	if len(g.Deck) != 0 || !slices.Contains(pl.Hand, last) || len(g.Discard) != pile+1 {
		t.Fatalf("after the first discard: deck %d, hand %v, discard %d; want 0, the last card, %d", len(g.Deck), pl.Hand, len(g.Discard), pile+1)
	}
	pl.Coins = 1
	second := g.LegalActions()[slices.IndexFunc(g.LegalActions(), isDiscard)]
	apply(t, g, second) // the deck is empty: the discards become the deck
	if len(pl.Hand) != 6 || len(g.Discard) != 0 || len(g.Deck) != pile+1 {
		t.Errorf("after the second discard: hand %d, discard %d, deck %d; want 6, 0, %d (the pile, the discarded card in it, less the card drawn)", len(pl.Hand), len(g.Discard), len(g.Deck), pile+1)
	}
}
