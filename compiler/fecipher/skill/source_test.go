package skill_test

import (
	"slices"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler/fecipher/skill"
)

// TestCardSources pins bond and hand skills: their kind opens the text,
// "this card" is the source card, and what needs "this unit" stays text.
func TestCardSources(t *testing.T) {
	for _, c := range []struct{ typ, cost, text, want string }{
		{"bond", "Flip this card face-down", "|ACT| Choose 1 <Tome> ally. Until the end of the turn, that ally gains +10 attack. (|BOND| can only be used while this card is face-up in your Bond Area.)",
			"{when: activate, flip-self: true, target: {choose: 1, side: ally, of: {emblem: [Tome]}}}\n{when: activate, target: {that: true}, attack: 10, until: turn}"},
		{"hand", "Send this card from your hand to the Retreat Area", "|ACT| Draw 1 card. (|HAND| is used by revealing this card from your hand.)",
			"{when: activate, send-self: retreat, draw: 1}"},
		{"hand", "Place this card at the top of your Deck", "|ACT| Choose up to 1 ally, and move them.",
			"{when: activate, send-self: deck-top, target: {choose: 1, any: true, side: ally, of: {}}, move: true}"},
		{"bond", "", "|ACT| Deploy this card in the Back Line. This skill is only usable if you have 4 or more Bond cards.",
			"{when: activate, if: {bonds: {at-least: 4}}, put: {from: bonds, to: field, count: 1, area: back, self: true}}"},
		{"hand", "Tap 1 <Red> ally", "|ACT| Deploy this card tapped in the Back Line.",
			"{when: activate, pay-tap: {choose: 1, side: ally, of: {color: [red], untapped: true}}, put: {from: hand, to: field, count: 1, tapped: true, area: back, self: true}}"},
		{"bond", "Flip 1 Bond face-down", "|AUTO| When this card is placed in your Bond Area, you may pay the cost and if you do: Draw 1 card.",
			"{when: placed, reverse: 1, may: true, draw: 1}"},
		{"bond", "", "|AUTO| When this card is placed in your Bond Area by a skill's effect, draw 1 card.",
			"{when: placed, if: {by-skill: any}, draw: 1}"},
		{"bond", "", "|CONT| This card cannot be flipped face-down by a skill's cost or effect.",
			"{when: always, no-flip: true}"},
		{"bond", "", "|CONT| This card acquires the same Unit Name of your Main Character. (|BOND| is only active while this card is face-up in your Bond Area.)",
			"{when: always, main-name: true}"},
	} {
		r := skill.Compile(c.typ, c.cost, c.text)
		if len(r.Unread) > 0 {
			t.Errorf("%s %q: unread %+v", c.typ, c.text, r.Unread)
			continue
		}
		if got := flow(t, r.Effects); got != c.want {
			t.Errorf("%s %q:\n got %s\nwant %s", c.typ, c.text, got, c.want)
		}
		if !slices.Contains(r.Phrases, "source:"+c.typ) || !slices.IsSorted(r.Phrases) {
			t.Errorf("%s %q: phrases %v", c.typ, c.text, r.Phrases)
		}
	}
	// Stays text: "this unit" (a tap cost, an effect on it, other
	// allies), a free skill whose card stays, a kind missing, a |CONT|
	// skill the engine lacks, once per turn of a card that stays, a unit
	// card's skill from the bond area acting on "this unit".
	for _, c := range [][3]string{
		{"bond", "Tap this unit", "|ACT| Draw 1 card."},
		{"hand", "Send this card to the Retreat Area", "|ACT| Until the end of the turn, this unit gains +10 attack."},
		{"hand", "Send this card to the Retreat Area", "|ACT| Choose 1 other ally, and move them."},
		{"bond", "", "|ACT| Draw 1 card."},
		{"bond", "Flip this card face-down", "Draw 1 card."},
		{"bond", "", "|CONT| This card acquires <Flier>."},
		{"bond", "Once per turn; Flip 1 Bond face-down", "|ACT| Draw 1 card."},
		{"hand", "Flip this card face-down", "|ACT| Draw 1 card."},
		{"auto", "", "When this card is placed in your Bond Area, this unit gains +10 attack."},
		{"action", "Send this card to the Retreat Area", "Draw 1 card."},
	} {
		if r := skill.Compile(c[0], c[1], c[2]); len(r.Unread) == 0 {
			t.Errorf("%s [%s] %q: compiled %s", c[0], c[1], c[2], flow(t, r.Effects))
		}
	}
}
