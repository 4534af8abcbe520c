package fecipher_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	. "github.com/roundtable-dev/roundtable/engine/fecipher"
	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
	generated "github.com/roundtable-dev/roundtable/generated/fecipher"
)

var rs = generated.Ruleset

// scripted answers every question the same way.
type scripted struct{ redraw, crit, evade bool }

func (s scripted) Redraw(*Game, int) bool                           { return s.redraw }
func (scripted) Choose(*Game, int, []Action) int                    { return -1 }
func (s scripted) Critical(*Game, int, *Unit, *Unit, int, int) bool { return s.crit }
func (s scripted) Evade(*Game, int, *Unit, *Unit, int, int) bool    { return s.evade }
func (scripted) Discard(*Game, int) int                             { return 0 }

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

// bare is a game in player 0's deployment phase on turn 3 with empty zones.
func bare(t *testing.T, pols ...scripted) *Game {
	g := &Game{RS: rs, Winner: -1, Rng: rand.New(rand.NewPCG(1, 2)), Turn: 3, Phase: Deployment}
	for i := range g.P {
		g.P[i] = &Player{Name: []string{"P1", "P2"}[i]}
		g.Pol[i] = scripted{}
		if i < len(pols) {
			g.Pol[i] = pols[i]
		}
	}
	return g
}

func place(t *testing.T, g *Game, p int, card string, area Area) *Unit {
	u := &Unit{Stack: []int{id(t, card)}, Area: area}
	g.P[p].Field = append(g.P[p].Field, u)
	return u
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

// Setup: "sets it face-down in the vanguard area ... draw a hand of six
// cards ... place the top five cards of their deck into their orb area."
func TestRuleSetupMainSixCardsFiveOrbs(t *testing.T) {
	g, err := New(rs, [2]*table.Deck{deck(t, "altea-vanguard"), deck(t, "shepherds")}, [2]string{"A", "B"}, [2]Policy{scripted{}, scripted{}}, 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, main := range []string{"marth-young-prince", "chrom-prince"} {
		p := g.P[i]
		if len(p.Hand) != 6 || len(p.Orbs) != 5 || len(p.Deck) != 38 || p.Cards() != 50 {
			t.Errorf("%s: hand %d orbs %d deck %d total %d, want 6 5 38 50", p.Name, len(p.Hand), len(p.Orbs), len(p.Deck), p.Cards())
		}
		m := p.Main()
		if m == nil || m.Card() != id(t, main) || m.Area != Vanguard || len(p.Field) != 1 {
			t.Errorf("%s: main character should be %s alone in the vanguard", p.Name, main)
		}
	}
	if g.Turn != 0 || g.Active != g.First {
		t.Errorf("turn %d active %d first %d", g.Turn, g.Active, g.First)
	}
}

// Setup: "one opportunity to shuffle them back into the deck and redraw ...
// the number of cards redrawn cannot be less than six."
func TestRuleSetupRedrawWholeHand(t *testing.T) {
	var redraws []string
	log := func(e Event) {
		if e.Action == "redraw" {
			redraws = append(redraws, e.Player)
		}
	}
	g, err := New(rs, [2]*table.Deck{deck(t, "altea-vanguard"), deck(t, "shepherds")}, [2]string{"A", "B"}, [2]Policy{scripted{redraw: true}, scripted{}}, 7, log)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(redraws, []string{"A"}) {
		t.Errorf("redraws %v, want [A]", redraws)
	}
	if len(g.P[0].Hand) != 6 || len(g.P[0].Deck) != 38 || len(g.P[0].Orbs) != 5 {
		t.Errorf("after redraw: hand %d deck %d orbs %d, want 6 38 5", len(g.P[0].Hand), len(g.P[0].Deck), len(g.P[0].Orbs))
	}
}

// Beginning phase: "units all return to a pre-action state ... draws a card
// (unless it is the very first turn of the game)."
func TestRuleBeginningUntapAndDrawExceptFirstTurn(t *testing.T) {
	g := bare(t)
	g.Turn = 0
	g.P[0].Deck = ids(t, "cain-cavalier", "abel-cavalier", "draug-knight")
	u := place(t, g, 0, "marth-young-prince", Vanguard)
	u.Tapped = true
	g.StartTurn()
	if g.Turn != 1 || len(g.P[0].Hand) != 0 || u.Tapped || g.Phase != BondPhase {
		t.Errorf("first turn: turn %d hand %d tapped %v phase %v; want 1, 0, untapped, bond", g.Turn, len(g.P[0].Hand), u.Tapped, g.Phase)
	}
	g.StartTurn()
	if len(g.P[0].Hand) != 1 || g.P[0].Hand[0] != id(t, "cain-cavalier") || len(g.P[0].Deck) != 2 {
		t.Errorf("second turn: hand %v deck %d; want the top card cain-cavalier and 2 left", g.P[0].Hand, len(g.P[0].Deck))
	}
}

// Bond phase: "that player may play one card from their hand to the bond zone."
func TestRuleBondOnePerTurn(t *testing.T) {
	g := bare(t)
	g.Phase = BondPhase
	g.P[0].Hand = ids(t, "cain-cavalier", "abel-cavalier")
	if err := g.PlaceBond(0, 0); err != nil {
		t.Fatal(err)
	}
	if err := g.PlaceBond(0, 0); !errors.Is(err, ErrBondTwice) {
		t.Errorf("second bond: %v, want ErrBondTwice", err)
	}
	if len(g.P[0].Bonds) != 1 || g.P[0].Bonds[0].Card != id(t, "cain-cavalier") || g.P[0].Bonds[0].Reversed || len(g.P[0].Hand) != 1 {
		t.Errorf("bonds %v hand %v", g.P[0].Bonds, g.P[0].Hand)
	}
	g.Phase = Deployment
	g.P[0].Bonded = false
	if err := g.PlaceBond(0, 0); !errors.Is(err, ErrPhase) {
		t.Errorf("bond in deployment: %v, want ErrPhase", err)
	}
}

// Deployment: "you must have a bond with the same symbol as that card ... and
// a number of bonds greater than or equal to that unit's deployment cost";
// "4 red and 1 blue ... a blue card with a cost of 5, you can still play".
func TestRuleDeployNeedsSymbolAndCount(t *testing.T) {
	g := bare(t)
	bonds(t, g, 0, "chrom-prince")
	g.P[0].Hand = ids(t, "marth-young-prince", "tiki-manakete")
	if err := g.Deploy(0, 0, Vanguard); !errors.Is(err, ErrSymbol) {
		t.Errorf("archanea card with only a ylisse bond: %v, want ErrSymbol", err)
	}
	g = bare(t)
	bonds(t, g, 0, "chrom-prince", "lissa-cleric", "sully-cavalier", "vaike-fighter", "cain-cavalier")
	g.P[0].Hand = ids(t, "tiki-manakete", "marth-young-prince")
	if err := g.Deploy(0, 0, Vanguard); err != nil {
		t.Errorf("cost 5 with 4 ylisse and 1 archanea bond: %v, want allowed", err)
	}
	if g.P[0].Spent != 5 {
		t.Errorf("spent %d, want 5", g.P[0].Spent)
	}
	// The bonds pay for all of this turn's deployments together.
	if err := g.Deploy(0, 0, Vanguard); !errors.Is(err, ErrCost) {
		t.Errorf("a second unit with all 5 bonds paid: %v, want ErrCost", err)
	}
}

// "a reversed card has no symbol, and hence only contributes colorless bonds".
func TestRuleReversedBondsAreColorless(t *testing.T) {
	g := bare(t)
	bonds(t, g, 0, "cain-cavalier", "chrom-prince")
	g.P[0].Bonds[0].Reversed = true
	g.P[0].Hand = ids(t, "marth-young-prince", "frederick-knight")
	if err := g.Deploy(0, 0, Vanguard); !errors.Is(err, ErrSymbol) {
		t.Errorf("archanea card, archanea bond reversed: %v, want ErrSymbol", err)
	}
	if err := g.Deploy(0, 1, Vanguard); err != nil {
		t.Errorf("cost-2 ylisse card with 1 ylisse and 1 reversed bond: %v, want allowed", err)
	}
}

// "You may not have multiple units with the same unit name in play."
func TestRuleOneUnitPerUnitName(t *testing.T) {
	g := bare(t)
	place(t, g, 0, "marth-young-prince", Vanguard)
	bonds(t, g, 0, "cain-cavalier", "cain-cavalier")
	g.P[0].Hand = ids(t, "marth-exiled-prince")
	if err := g.Deploy(0, 0, Rearguard); !errors.Is(err, ErrSameName) {
		t.Errorf("second Marth: %v, want ErrSameName", err)
	}
}

// Level up: "you pay the new card's deployment cost just as if you had played
// it from hand" (Divine Dragon Tiki cost 1 into Manakete Princess cost 5).
func TestRuleLevelUpPaysDeploymentCost(t *testing.T) {
	g := bare(t)
	u := place(t, g, 0, "tiki-divine", Rearguard)
	u.Tapped = true
	bonds(t, g, 0, "cain-cavalier", "cain-cavalier", "cain-cavalier", "cain-cavalier")
	g.P[0].Hand = ids(t, "tiki-manakete")
	g.P[0].Deck = ids(t, "abel-cavalier")
	if err := g.Stack(0, 0, u); !errors.Is(err, ErrCost) {
		t.Errorf("cost 5 with 4 bonds: %v, want ErrCost", err)
	}
	bonds(t, g, 0, "cain-cavalier")
	if err := g.Stack(0, 0, u); err != nil {
		t.Fatal(err)
	}
	if g.P[0].Spent != 5 || len(u.Stack) != 2 || u.Card() != id(t, "tiki-manakete") || u.ClassChanged || len(g.P[0].Hand) != 0 {
		t.Errorf("spent %d stack %v class changed %v hand %v; want 5, 2 cards, no class change, no draw", g.P[0].Spent, u.Stack, u.ClassChanged, g.P[0].Hand)
	}
	if u.Area != Rearguard || !u.Tapped {
		t.Errorf("a leveled-up unit keeps its area and state")
	}
}

// Class change: "you only need 4 bonds ... to put Hero to His Country over
// your existing Marth ... when you class change you also draw a card."
func TestRuleClassChangePaysPromotionCostAndDraws(t *testing.T) {
	g := bare(t)
	u := place(t, g, 0, "marth-young-prince", Vanguard)
	bonds(t, g, 0, "cain-cavalier", "cain-cavalier")
	g.P[0].Hand = ids(t, "marth-star-lord")
	g.P[0].Deck = ids(t, "abel-cavalier")
	if err := g.Stack(0, 0, u); !errors.Is(err, ErrCost) {
		t.Errorf("promotion cost 3 with 2 bonds: %v, want ErrCost", err)
	}
	bonds(t, g, 0, "cain-cavalier")
	if err := g.Stack(0, 0, u); err != nil {
		t.Fatal(err)
	}
	if g.P[0].Spent != 3 || !u.ClassChanged || !slices.Equal(g.P[0].Hand, ids(t, "abel-cavalier")) {
		t.Errorf("spent %d class changed %v hand %v; want 3 (not the cost 4), true, the drawn abel-cavalier", g.P[0].Spent, u.ClassChanged, g.P[0].Hand)
	}
	// Oath Renewed (auto, class-change): +20 until the end of the turn.
	if got := g.Power(0, u, true, false); got != 90 {
		t.Errorf("power after class change %d, want 70+20", got)
	}
	g.P[0].Hand = ids(t, "chrom-exalt")
	if err := g.Stack(0, 0, u); !errors.Is(err, ErrNoBase) {
		t.Errorf("Chrom onto Marth: %v, want ErrNoBase", err)
	}
}

// "Moving a unit will cause it to go into the actioned state."
func TestRuleMoveTaps(t *testing.T) {
	g := bare(t)
	place(t, g, 0, "marth-young-prince", Vanguard)
	u := place(t, g, 0, "gordin-archer", Vanguard)
	if err := g.Move(0, u); err != nil {
		t.Fatal(err)
	}
	if u.Area != Rearguard || !u.Tapped {
		t.Errorf("area %v tapped %v, want rearguard, tapped", u.Area, u.Tapped)
	}
	if err := g.Move(0, u); !errors.Is(err, ErrTapped) {
		t.Errorf("moving a tapped unit: %v, want ErrTapped", err)
	}
}

// "if the vanguard is ever entirely empty, all units on the rearguard will
// perform a forward march and move to the vanguard."
func TestRuleForwardMarch(t *testing.T) {
	g := bare(t)
	m := place(t, g, 0, "marth-young-prince", Vanguard)
	a := place(t, g, 0, "gordin-archer", Rearguard)
	l := place(t, g, 0, "lena-cleric", Rearguard)
	if err := g.Move(0, m); err != nil {
		t.Fatal(err)
	}
	for _, u := range []*Unit{m, a, l} {
		if u.Area != Vanguard {
			t.Errorf("%s in %v after the vanguard emptied, want vanguard", rs.Cards[u.Card()].Unit, u.Area)
		}
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

// "Units with just the stave emblem cannot attack, and so do not have a range value."
func TestRuleStaffOnlyCannotAttack(t *testing.T) {
	g := bare(t)
	g.Phase = ActionPhase
	l := place(t, g, 0, "lena-cleric", Vanguard)
	e := place(t, g, 1, "chrom-prince", Vanguard)
	if _, err := g.Attack(0, l, e); !errors.Is(err, ErrNoWeapon) {
		t.Errorf("staff-only attack: %v, want ErrNoWeapon", err)
	}
	if len(g.Legal()) != 0 {
		t.Errorf("legal actions %v, want none", g.Legal())
	}
}

// "On the first turn of the game, the player that goes first cannot attack."
func TestRuleFirstTurnNoAttack(t *testing.T) {
	g := bare(t)
	g.Turn, g.Phase = 1, ActionPhase
	a := place(t, g, 0, "marth-young-prince", Vanguard)
	e := place(t, g, 1, "chrom-prince", Vanguard)
	if _, err := g.Attack(0, a, e); !errors.Is(err, ErrFirstTurn) {
		t.Errorf("attack on turn 1: %v, want ErrFirstTurn", err)
	}
	if len(g.Legal()) != 0 {
		t.Errorf("legal actions on turn 1: %d, want 0", len(g.Legal()))
	}
	g.Turn = 2
	if len(g.Legal()) != 1 {
		t.Errorf("legal actions on turn 2: %d, want 1 attack", len(g.Legal()))
	}
}

// battle sets up attacker vs defender with given deck tops.
func battle(t *testing.T, g *Game, atk, def string, atkTop, defTop []string) (*Unit, *Unit) {
	g.Phase = ActionPhase
	a := place(t, g, 0, atk, Vanguard)
	d := place(t, g, 1, def, Vanguard)
	d.Main = true
	g.P[0].Deck = ids(t, atkTop...)
	g.P[1].Deck = ids(t, defTop...)
	g.P[1].Orbs = ids(t, "vaike-fighter", "sully-cavalier")
	return a, d
}

// Battle: "the attacking player's support value is added to the attacking
// unit's attack, and the defending player's ... to the defending unit's";
// "If the defending unit was defeated, and it was the main character, an orb
// is sent to the defending player's hand."
func TestRuleBattleSupportAndOrb(t *testing.T) {
	g := bare(t)
	// Ogma 50 (+10 only when defending) + Cain 10 against Chrom 40 + Vaike 10.
	a, d := battle(t, g, "ogma-mercenary", "chrom-prince", []string{"cain-cavalier"}, []string{"vaike-fighter"})
	b, err := g.Attack(0, a, d)
	if err != nil {
		t.Fatal(err)
	}
	if b.AttackSupport != 10 || b.DefenseSupport != 10 || b.Attack != 60 || b.Defense != 50 || !b.Defeated || !b.OrbBroken {
		t.Errorf("battle %+v; want supports 10/10, 60 vs 50, defeated, orb broken", *b)
	}
	if len(g.P[1].Orbs) != 1 || !slices.Equal(g.P[1].Hand, ids(t, "sully-cavalier")) {
		t.Errorf("orbs %d hand %v; want 1 orb left and the broken orb in hand", len(g.P[1].Orbs), g.P[1].Hand)
	}
	if !slices.Equal(g.P[0].Retreat, ids(t, "cain-cavalier")) || !slices.Equal(g.P[1].Retreat, ids(t, "vaike-fighter")) || len(g.P[0].Support) != 0 {
		t.Errorf("support cards should end in the retreat areas: %v %v", g.P[0].Retreat, g.P[1].Retreat)
	}
	if !a.Tapped || len(g.P[1].Field) != 1 {
		t.Error("the attacker taps; the main character stays on the field")
	}
}

// "If a revealed card has the same unit name as the unit it was revealed
// for, it is sent to the retreat area without its effects being applied."
func TestRuleSupportSameUnitNameFails(t *testing.T) {
	g := bare(t)
	// Marth (40 +10 my turn) revealing Marth (Attack Emblem would add 20) vs Chrom 40 + Chrom.
	a, d := battle(t, g, "marth-young-prince", "chrom-prince", []string{"marth-young-prince"}, []string{"chrom-shepherd"})
	b, err := g.Attack(0, a, d)
	if err != nil {
		t.Fatal(err)
	}
	if b.AttackSupport != 0 || b.DefenseSupport != 0 || b.Attack != 50 || b.Defense != 40 {
		t.Errorf("battle %+v; want no support on either side, 50 vs 40", *b)
	}
	if len(g.P[0].Retreat) != 1 || len(g.P[1].Retreat) != 1 {
		t.Error("failed supports go to the retreat area")
	}
}

// "Support skills resolve. These skills activate only when the card that has
// them is revealed during the support check."
func TestRuleSupportSkills(t *testing.T) {
	g := bare(t)
	// Attack Emblem (attack-support) on the attacking side: Abel 10 + 20.
	// Defense Emblem (defense-support) on the defending side: Jagen 20 + 20.
	a, d := battle(t, g, "ogma-hero", "chrom-shepherd", []string{"abel-cavalier"}, []string{"jagen-paladin"})
	b, _ := g.Attack(0, a, d)
	if b.Attack != 70+10+20 || b.Defense != 60+20+20 || !b.Defeated {
		t.Errorf("battle %+v; want 100 vs 100, defeated (ties go to the attacker)", *b)
	}
	// An attack-support skill does nothing when revealed for the defender.
	g = bare(t)
	a, d = battle(t, g, "ogma-hero", "chrom-shepherd", []string{"cain-cavalier"}, []string{"sully-cavalier"})
	b, _ = g.Attack(0, a, d)
	if b.DefenseSupport != 10 || b.Defense != 70 {
		t.Errorf("defense %d (support %d), want 60+10 without Sully's Attack Emblem", b.Defense, b.DefenseSupport)
	}
	// Magic Emblem: draw 1, then send 1 from the hand to the retreat area.
	g = bare(t)
	a, d = battle(t, g, "ogma-hero", "chrom-shepherd", []string{"maria-cleric", "vaike-fighter"}, []string{"cain-cavalier"})
	g.P[0].Hand = ids(t, "draug-knight")
	g.Attack(0, a, d)
	if !slices.Equal(g.P[0].Hand, ids(t, "vaike-fighter")) || !slices.Equal(g.P[0].Retreat, ids(t, "draug-knight", "maria-cleric")) {
		t.Errorf("hand %v retreat %v; want vaike drawn, draug discarded, maria retreated", g.P[0].Hand, g.P[0].Retreat)
	}
}

// "discard a card with the same unit name as the attacking unit to perform a
// critical hit, doubling that unit's attack power."
func TestRuleCriticalHitDoubles(t *testing.T) {
	g := bare(t, scripted{crit: true})
	a, d := battle(t, g, "marth-exiled-prince", "chrom-shepherd", nil, nil)
	g.P[0].Hand = ids(t, "cain-cavalier", "marth-young-prince")
	b, _ := g.Attack(0, a, d)
	if !b.Critical || b.Attack != 120 || b.Defense != 60 || !b.Defeated {
		t.Errorf("battle %+v; want critical, (50+10)*2 = 120 vs 60", *b)
	}
	if !slices.Equal(g.P[0].Hand, ids(t, "cain-cavalier")) || !slices.Equal(g.P[0].Retreat, ids(t, "marth-young-prince")) {
		t.Error("the critical hit discards the Marth card")
	}
	// Without a same-name card there is no critical hit.
	g = bare(t, scripted{crit: true})
	a, d = battle(t, g, "marth-exiled-prince", "chrom-shepherd", nil, nil)
	g.P[0].Hand = ids(t, "cain-cavalier")
	b, _ = g.Attack(0, a, d)
	if b.Critical || b.Attack != 60 {
		t.Errorf("battle %+v; want no critical, 60", *b)
	}
}

// "discard a card with the same unit name as the defending unit to perform
// godspeed evasion, completely nullifying the attack."
func TestRuleGodspeedEvasion(t *testing.T) {
	g := bare(t, scripted{}, scripted{evade: true})
	a, d := battle(t, g, "ogma-hero", "chrom-prince", nil, nil)
	g.P[1].Hand = ids(t, "chrom-exalt")
	b, _ := g.Attack(0, a, d)
	if !b.Evaded || b.Defeated || len(g.P[1].Orbs) != 2 || !slices.Equal(g.P[1].Retreat, ids(t, "chrom-exalt")) {
		t.Errorf("battle %+v orbs %d; want evaded, no orb lost, Chrom discarded", *b, len(g.P[1].Orbs))
	}
}

// "If the defending unit's power is greater, battle ends with both sides safe."
func TestRuleStrongerDefenderBothSafe(t *testing.T) {
	g := bare(t)
	a, d := battle(t, g, "cain-cavalier", "chrom-shepherd", nil, nil)
	b, _ := g.Attack(0, a, d)
	if b.Attack != 50 || b.Defense != 60 || b.Defeated || len(g.P[1].Orbs) != 2 || len(g.P[0].Field) != 1 {
		t.Errorf("battle %+v; want 50 vs 60, nobody defeated", *b)
	}
}

// "If they have no orbs when the defending unit is defeated, they lose the game."
func TestRuleMainDefeatedWithoutOrbsLoses(t *testing.T) {
	g := bare(t)
	a, d := battle(t, g, "ogma-hero", "chrom-prince", nil, nil)
	g.P[1].Orbs = nil
	b, _ := g.Attack(0, a, d)
	if !b.Won || !g.Over || g.Winner != 0 {
		t.Errorf("battle %+v over %v winner %d; want P1 wins", *b, g.Over, g.Winner)
	}
}

// "If the defending unit was instead an ally, it is sent to the retreat
// area" (with the cards under it), and forward march follows.
func TestRuleAllyDefeatedToRetreat(t *testing.T) {
	g := bare(t)
	g.Phase = ActionPhase
	a := place(t, g, 0, "ogma-hero", Vanguard)
	ally := place(t, g, 1, "sully-cavalier", Vanguard)
	ally.Stack = append(ally.Stack, id(t, "sully-paladin"))
	m := place(t, g, 1, "chrom-prince", Rearguard)
	m.Main = true
	b, _ := g.Attack(0, a, ally)
	if !b.Defeated || len(g.P[1].Field) != 1 || !slices.Equal(g.P[1].Retreat, ids(t, "sully-cavalier", "sully-paladin")) {
		t.Errorf("battle %+v field %d retreat %v; want Sully's two cards retreated", *b, len(g.P[1].Field), g.P[1].Retreat)
	}
	if m.Area != Vanguard {
		t.Error("the main character should march forward to the empty vanguard")
	}
}

// "If your deck runs out of cards during a game, there is no deck out;
// instead the retreat area is shuffled into the deck."
func TestRuleDeckOutReshuffles(t *testing.T) {
	g := bare(t)
	g.P[0].Retreat = ids(t, "cain-cavalier", "abel-cavalier", "draug-knight")
	g.StartTurn()
	if len(g.P[0].Hand) != 1 || len(g.P[0].Deck) != 2 || len(g.P[0].Retreat) != 0 {
		t.Errorf("hand %d deck %d retreat %d; want 1 2 0", len(g.P[0].Hand), len(g.P[0].Deck), len(g.P[0].Retreat))
	}
}

// Action skills "require bonds to be flipped face-down to use"; "Reversed
// bonds will never become unreversed".
func TestRuleActionSkillReversesBonds(t *testing.T) {
	g := bare(t)
	g.Phase = ActionPhase
	u := place(t, g, 0, "marth-star-lord", Vanguard)
	bonds(t, g, 0, "cain-cavalier", "cain-cavalier")
	if err := g.Activate(0, u, 0, 0); err != nil {
		t.Fatal(err)
	}
	if g.P[0].Bonds[0].Reversed != true || g.P[0].Bonds[1].Reversed != true || g.Power(0, u, true, false) != 100 {
		t.Errorf("bonds %v power %d; want both reversed, 70+30", g.P[0].Bonds, g.Power(0, u, true, false))
	}
	if err := g.Activate(0, u, 0, 0); !errors.Is(err, ErrReverse) {
		t.Errorf("again with no face-up bonds: %v, want ErrReverse", err)
	}
	g.EndTurn()
	if g.Power(0, u, false, true) != 70 || !g.P[0].Bonds[0].Reversed {
		t.Error("the bonus ends with the turn; the bonds stay reversed")
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

// Auto skills "activate with an automatic timing": Lena's deploy skill draws
// 1 and sends 1 to the retreat area.
func TestRuleAutoSkillOnDeploy(t *testing.T) {
	g := bare(t)
	bonds(t, g, 0, "cain-cavalier")
	g.P[0].Hand = ids(t, "lena-cleric", "draug-knight")
	g.P[0].Deck = ids(t, "abel-cavalier")
	if err := g.Deploy(0, 0, Rearguard); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(g.P[0].Hand, ids(t, "abel-cavalier")) || !slices.Equal(g.P[0].Retreat, ids(t, "draug-knight")) {
		t.Errorf("hand %v retreat %v; want abel drawn and draug discarded", g.P[0].Hand, g.P[0].Retreat)
	}
}
