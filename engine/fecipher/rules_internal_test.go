package fecipher

import (
	"slices"
	"testing"

	fecgen "github.com/roundtable-dev/roundtable/generated/fecipher"
)

// "Destroyed" versus "destroyed by battle": a main character is never sent
// to the retreat area, and "in the event that a card simply says
// destroyed, if it is used on the main character, it does not break an
// orb". A skill's destroy leaves the main character on the field with its
// orbs; the same destroy sends an ally, with its stack, to the retreat
// area. (No card of the base set destroys a main character: "all cards
// that say destroyed only refer to orbs, not to units"; the rule is the
// engine's guard, so this test calls it directly.)
func TestRuleDestroyedIsNotDestroyedByBattle(t *testing.T) {
	rs := fecgen.Ruleset
	card := func(id string) int {
		t.Helper()
		i := rs.CardIndex(id)
		if i < 0 {
			t.Fatalf("no card %s", id)
		}
		return i
	}
	g := Blank(rs)
	main := g.Place(1, card("chrom-prince"), Vanguard)
	main.Main = true
	g.P[1].Orbs = []int{card("cain-cavalier"), card("abel-cavalier")}
	ally := g.Place(1, card("virion-archer"), Rearguard)
	g.destroy(main, "a skill")
	if len(g.P[1].Field) != 2 || len(g.P[1].Orbs) != 2 || len(g.P[1].Retreat) != 0 || len(g.P[1].Hand) != 0 {
		t.Fatalf("a main character destroyed by a skill: field %d, orbs %d, retreat %v, hand %v; want it standing, 2 orbs, nothing moved", len(g.P[1].Field), len(g.P[1].Orbs), g.P[1].Retreat, g.P[1].Hand)
	}
	g.destroy(ally, "a skill")
	if len(g.P[1].Field) != 1 || g.P[1].Field[0] != main || !slices.Equal(g.P[1].Retreat, ally.Stack) || len(g.P[1].Orbs) != 2 {
		t.Errorf("an ally destroyed by a skill: field %d, retreat %v, orbs %d; want the main only, the ally's stack %v, 2 orbs", len(g.P[1].Field), g.P[1].Retreat, len(g.P[1].Orbs), ally.Stack)
	}
}

// Reading (docs/fecipher.md; the rulebook sets no limit): a game that
// reaches turn TurnLimit is a draw, so simulations always end. Turn
// TurnLimit itself begins (Turn counts the turns begun); at the beginning
// of the next the game is over with no winner.
func TestTurnLimitIsADraw(t *testing.T) {
	g := Blank(fecgen.Ruleset)
	g.Turn, g.Phase = TurnLimit-1, Beginning
	g.Run()
	if g.Over || g.Turn != TurnLimit {
		t.Fatalf("turn %d: over %v (%s); want it played", g.Turn, g.Over, g.Reason)
	}
	g.Turn, g.Phase = TurnLimit, Beginning
	g.Run()
	if !g.Over || g.Winner != -1 || g.Reason != "turn limit reached" {
		t.Errorf("turn %d: over %v, winner %d, %q; want a draw, turn limit reached", g.Turn, g.Over, g.Winner, g.Reason)
	}
}

// Bond phase: "Reversed bonds will never become unreversed except by a
// card effect": a new turn untaps units but leaves reversed bonds face down.
func TestRuleReversedBondsStayReversed(t *testing.T) {
	rs := fecgen.Ruleset
	g := Blank(rs)
	c := rs.CardIndex("chrom-prince")
	g.P[0].Bonds = []Bond{{Card: c, Reversed: true}, {Card: c}}
	u := g.Place(0, rs.CardIndex("marth-young-prince"), Vanguard)
	u.Tapped = true
	g.Active = 0
	g.StartTurn()
	if !g.P[0].Bonds[0].Reversed || g.P[0].Bonds[1].Reversed || u.Tapped {
		t.Errorf("after a new turn: bonds %+v, unit tapped %v; want the first still reversed, the unit untapped", g.P[0].Bonds, u.Tapped)
	}
}

// TestNamedIgnoresTheReferencesQuotes: a skill whose printed name is in
// quotes ("Oho? A bite...") is what a text naming it in quotes refers to.
func TestNamedIgnoresTheReferencesQuotes(t *testing.T) {
	for _, c := range []struct {
		refs []string
		name string
		want bool
	}{
		{[]string{"Oho? A bite..."}, `"Oho? A bite..."`, true},
		{[]string{`"Oho? A bite..."`}, `"Oho? A bite..."`, true},
		{[]string{"Ninjutsu Emblem"}, "Ninjutsu Emblem", true},
		{[]string{"Ninjutsu Emblem"}, "Mirage Emblem", false},
		{[]string{"Oho"}, `"Oho? A bite..."`, false},
	} {
		if got := named(c.refs, c.name); got != c.want {
			t.Errorf("named(%q, %q) = %v, want %v", c.refs, c.name, got, c.want)
		}
	}
}
