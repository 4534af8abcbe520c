package fecipher_test

import (
	"errors"
	"slices"
	"testing"

	. "github.com/roundtable-dev/roundtable/engine/fecipher"
	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
	"github.com/roundtable-dev/roundtable/engine/play"
)

// Most rule tests are scenario files (testdata/scenarios, TestScenarios);
// these are the ones a position cannot say: refusals of the Go API, tables
// of powers and ranges, counts over seeds.

func id(t *testing.T, s string) int {
	t.Helper()
	i := rs.CardIndex(s)
	if i < 0 {
		t.Fatalf("no card %s in the base set", s)
	}
	return i
}

func ids(t *testing.T, ss ...string) []int {
	var out []int
	for _, s := range ss {
		out = append(out, id(t, s))
	}
	return out
}

// bare is a game in P1's deployment phase on turn 3 with empty zones.
func bare(t *testing.T) *Game {
	t.Helper()
	return Blank(rs)
}

func place(t *testing.T, g *Game, p int, card string, area Area) *Unit {
	return g.Place(p, id(t, card), area)
}

func bonds(t *testing.T, g *Game, p int, cards ...string) {
	for _, c := range ids(t, cards...) {
		g.P[p].Bonds = append(g.P[p].Bonds, Bond{Card: c})
	}
}

func deck(t *testing.T, s string) *table.Deck {
	d := rs.DeckIndex(s)
	if d < 0 {
		t.Fatalf("no deck %s", s)
	}
	return &rs.Decks[d]
}

func newGame(t *testing.T, seed uint64) *Game {
	t.Helper()
	g, err := NewGame(rs, [2]*table.Deck{deck(t, "altea-vanguard"), deck(t, "shepherds")}, [2]string{"A", "B"}, seed)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// do applies the legal action written text.
func do(t *testing.T, m *Match, text string) {
	t.Helper()
	i, err := play.Find(m, text)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Apply(i); err != nil {
		t.Fatalf("%s: %v", text, err)
	}
}

// Setup: "sets it face-down in the vanguard area ... draw a hand of six
// cards ... place the top five cards of their deck into their orb area."
// The orbs come after both redraw decisions.
func TestRuleSetupMainSixCardsFiveOrbs(t *testing.T) {
	g := newGame(t, 7)
	m := NewMatch(g)
	for i := range g.P {
		if len(g.P[i].Orbs) != 0 || len(g.P[i].Hand) != 6 {
			t.Fatalf("before the redraw decisions: %d orbs %d cards in hand, want 0 and 6", len(g.P[i].Orbs), len(g.P[i].Hand))
		}
	}
	if m.ToMove() != 0 || m.Legal() != 2 || m.Action(0) != "keep hand" || m.Action(1) != "redraw" {
		t.Fatalf("the first decision: seat %d, %d actions", m.ToMove(), m.Legal())
	}
	do(t, m, "keep hand")
	if m.ToMove() != 1 {
		t.Fatalf("the second redraw decision is seat 1's, got %d", m.ToMove())
	}
	do(t, m, "keep hand")
	for i, main := range []string{"marth-young-prince", "chrom-prince"} {
		p := g.P[i]
		if len(p.Hand) != 6 || len(p.Orbs) != 5 || len(p.Deck) != 38 || p.Cards() != 50 {
			t.Errorf("%s: hand %d orbs %d deck %d total %d, want 6 5 38 50", p.Name, len(p.Hand), len(p.Orbs), len(p.Deck), p.Cards())
		}
		mu := p.Main()
		if mu == nil || mu.Card() != id(t, main) || mu.Area != Vanguard || len(p.Field) != 1 {
			t.Errorf("%s: main character should be %s alone in the vanguard", p.Name, main)
		}
	}
	if g.Turn != 1 || g.Active != g.First {
		t.Errorf("turn %d active %d first %d", g.Turn, g.Active, g.First)
	}
}

// Setup: "one opportunity to shuffle them back into the deck and redraw ...
// the number of cards redrawn cannot be less than six."
func TestRuleSetupRedrawWholeHand(t *testing.T) {
	g := newGame(t, 7)
	m := NewMatch(g)
	before := slices.Clone(g.P[0].Hand)
	do(t, m, "redraw")
	if len(g.P[0].Hand) != 6 || len(g.P[0].Deck) != 43 || slices.Equal(before, g.P[0].Hand) {
		t.Errorf("after redraw: hand %d deck %d (same hand %v), want a new hand of 6 and 43 in the deck", len(g.P[0].Hand), len(g.P[0].Deck), slices.Equal(before, g.P[0].Hand))
	}
	var redraws []int
	for _, e := range m.Events() {
		if e.Kind == "redraw" {
			redraws = append(redraws, e.Seat)
		}
	}
	if !slices.Equal(redraws, []int{0}) {
		t.Errorf("redraw events by seats %v, want [0]", redraws)
	}
	if m.Action(1) != "redraw" {
		t.Fatal("seat 1 still decides")
	}
}

// Range: "range of 2 ... in your vanguard can only attack the opponent's
// rearguard ... moved to your own rearguard, it can only attack the
// opponent's vanguard. A unit with a range of 1 that is in your rearguard
// cannot attack anything."
func TestRuleRangeVanguardRearguard(t *testing.T) {
	if Distance(Vanguard, Vanguard) != 1 || Distance(Vanguard, Rearguard) != 2 || Distance(Rearguard, Vanguard) != 2 || Distance(Rearguard, Rearguard) != 3 {
		t.Fatal("distances should be 1, 2, 2, 3")
	}
	g := bare(t)
	ev := place(t, g, 1, "chrom-prince", Vanguard)
	er := place(t, g, 1, "virion-archer", Rearguard)
	cases := []struct {
		card     string
		area     Area
		van, rea bool
	}{
		{"gordin-archer", Vanguard, false, true},
		{"gordin-archer", Rearguard, true, false},
		{"marth-young-prince", Vanguard, true, false},
		{"marth-young-prince", Rearguard, false, false},
		{"merric-mage", Vanguard, true, true},
		{"merric-mage", Rearguard, true, false},
	}
	for _, c := range cases {
		u := &Unit{Stack: []int{id(t, c.card)}, Area: c.area}
		if g.InRange(u, ev) != c.van || g.InRange(u, er) != c.rea {
			t.Errorf("%s in %v: reaches vanguard %v rearguard %v, want %v %v", c.card, c.area, g.InRange(u, ev), g.InRange(u, er), c.van, c.rea)
		}
	}
}

// Permanent skills "are always active as long as a card is on the field and
// its conditions are met".
func TestRulePermanentSkills(t *testing.T) {
	g := bare(t)
	m := place(t, g, 0, "marth-young-prince", Vanguard) // during your turn +10
	d := place(t, g, 0, "draug-knight", Vanguard)       // while defending +20
	if g.Power(0, m, true, false) != 50 || g.Power(0, d, true, false) != 40 || g.Power(0, d, false, true) != 60 {
		t.Errorf("powers %d %d %d, want 50 40 60", g.Power(0, m, true, false), g.Power(0, d, true, false), g.Power(0, d, false, true))
	}
	g.Active = 1
	if g.Power(0, m, false, true) != 40 {
		t.Errorf("Marth on the opponent's turn %d, want 40", g.Power(0, m, false, true))
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
	if err := g.Attack(0, a, own); !errors.Is(err, ErrTarget) {
		t.Errorf("attacking one's own unit: %v, want ErrTarget", err)
	}
	if err := g.Attack(0, foe, a); !errors.Is(err, ErrTarget) {
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

// "A turn is made up of five distinct phases": units are deployed, levelled
// up and moved in the deployment phase; attacks and action skills happen in
// the action phase; only the turn player acts.
func TestRulePhasesGateActions(t *testing.T) {
	g := bare(t)
	g.Phase = ActionPhase
	m := place(t, g, 0, "marth-young-prince", Vanguard)
	s := place(t, g, 0, "marth-star-lord", Rearguard)
	foe := place(t, g, 1, "chrom-prince", Vanguard)
	bonds(t, g, 0, "cain-cavalier", "cain-cavalier", "cain-cavalier", "cain-cavalier")
	g.P[0].Hand = ids(t, "abel-cavalier", "caeda-falcon")
	check := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, ErrPhase) {
			t.Errorf("%s in the %v phase: %v, want ErrPhase", what, g.Phase, err)
		}
	}
	check("deploy", g.Deploy(0, 0, Vanguard))
	check("move", g.Move(0, m))
	g.P[0].Field = g.P[0].Field[:1]
	check("level up", g.Stack(0, 0, m))
	g.P[0].Field = append(g.P[0].Field, s)
	g.Phase = Deployment
	check("attack", g.Attack(0, m, foe))
	check("action skill", g.Activate(0, s, 0, 0))
	g.Active = 1
	check("the opponent's deploy", g.Deploy(0, 0, Vanguard))
	if len(g.P[0].Hand) != 2 || m.Tapped || m.Area != Vanguard || g.P[0].Bonds[0].Reversed {
		t.Error("refused actions changed the game")
	}
}

// "There are no limits to the number of units or bonds you may have in
// play, nor to the number of cards in your hand."
func TestRuleNoHandBondOrUnitLimit(t *testing.T) {
	g := bare(t)
	for range 12 {
		g.P[0].Hand = append(g.P[0].Hand, id(t, "cain-cavalier"))
		g.P[0].Bonds = append(g.P[0].Bonds, Bond{Card: id(t, "abel-cavalier")})
	}
	for _, c := range []string{"marth-young-prince", "caeda-pegasus", "abel-cavalier", "draug-knight", "gordin-archer", "jagen-paladin", "ogma-mercenary", "navarre-myrmidon", "merric-mage"} {
		place(t, g, 0, c, Vanguard)
	}
	g.P[0].Deck = ids(t, "lena-cleric")
	g.EndTurn()
	g.Active = 0
	g.StartTurn()
	if err := g.PlaceBond(0, 0); err != nil {
		t.Fatal(err)
	}
	g.Phase = Deployment
	g.P[0].Hand = append(g.P[0].Hand, id(t, "cain-cavalier"))
	if err := g.Deploy(0, 0, Rearguard); err != nil {
		t.Errorf("a tenth unit: %v, want allowed", err)
	}
	if len(g.P[0].Hand) != 12 || len(g.P[0].Bonds) != 13 || len(g.P[0].Field) != 10 {
		t.Errorf("hand %d bonds %d units %d; want 12 13 10: nothing is discarded", len(g.P[0].Hand), len(g.P[0].Bonds), len(g.P[0].Field))
	}
}

// Setup: "turn order for the game is decided randomly".
func TestRuleFirstPlayerRandom(t *testing.T) {
	firsts := map[int]int{}
	for seed := range uint64(16) {
		m := NewMatch(newGame(t, seed))
		do(t, m, "keep hand")
		do(t, m, "keep hand")
		if m.G.Active != m.G.First {
			t.Fatalf("seed %d: active %d first %d", seed, m.G.Active, m.G.First)
		}
		firsts[m.G.First]++
	}
	if firsts[0] == 0 || firsts[1] == 0 {
		t.Errorf("first players over 16 seeds %v; want both players sometimes", firsts)
	}
}

// Victory: "If they have no orbs when the defending unit is defeated, they
// lose the game" — the game is over, and nobody acts in it any more.
func TestRuleNothingAfterTheGameEnds(t *testing.T) {
	g := bare(t)
	g.Phase = ActionPhase
	a := place(t, g, 0, "ogma-hero", Vanguard)
	d := place(t, g, 1, "chrom-prince", Vanguard)
	d.Main = true
	other := place(t, g, 0, "cain-cavalier", Vanguard)
	if err := g.Attack(0, a, d); err != nil || g.Last == nil || !g.Last.Won || !g.Over {
		t.Fatalf("attack: %v, battle %+v; want the game won", err, g.Last)
	}
	if err := g.Attack(0, other, d); !errors.Is(err, ErrOver) {
		t.Errorf("attack after the game ended: %v, want ErrOver", err)
	}
	g.Phase = Deployment
	bonds(t, g, 0, "cain-cavalier")
	g.P[0].Hand = ids(t, "abel-cavalier")
	if err := g.Deploy(0, 0, Vanguard); !errors.Is(err, ErrOver) {
		t.Errorf("deploy after the game ended: %v, want ErrOver", err)
	}
	if other.Tapped || len(g.P[0].Hand) != 1 || g.Winner != 0 || len(g.Actions()) != 0 {
		t.Error("nothing changes after the game ended")
	}
}

// A decision pending (here a critical hit) holds up everything else: no
// other action of the phase is legal, and the Go API refuses them.
func TestRuleDecisionHoldsThePhase(t *testing.T) {
	g := bare(t)
	g.Phase = ActionPhase
	a := place(t, g, 0, "marth-exiled-prince", Vanguard)
	a.Main = true
	d := place(t, g, 1, "chrom-shepherd", Vanguard)
	d.Main = true
	other := place(t, g, 0, "cain-cavalier", Vanguard)
	g.P[0].Hand = ids(t, "marth-young-prince")
	if err := g.Attack(0, a, d); err != nil {
		t.Fatal(err)
	}
	m := NewMatch(g)
	var texts []string
	for i := range m.Legal() {
		texts = append(texts, m.Action(i))
	}
	if !slices.Equal(texts, []string{"critical marth-young-prince", "no critical"}) || g.Last != nil {
		t.Fatalf("legal %v battle %+v; want only the critical decision, the battle unresolved", texts, g.Last)
	}
	if err := g.Attack(0, other, d); !errors.Is(err, ErrPending) {
		t.Errorf("a second attack during the decision: %v, want ErrPending", err)
	}
}
