package skill_test

import (
	"testing"

	"github.com/roundtable-dev/roundtable/compiler/fecipher/skill"
)

// TestTriggers pins the trigger phrases read by their event, whose event it
// is and what brought it about, and the auto skills whose trigger is
// written as a condition.
func TestTriggers(t *testing.T) {
	for _, c := range []struct{ typ, cost, text, want string }{
		{"auto", "", "When this unit is tapped by a skill's cost or effect, untap this unit.",
			`{when: tapped, if: {by-skill: any}, untap: true}`},
		{"auto", "", "When this unit is tapped by the cost or effect of an other ally's skill, untap this unit.",
			`{when: tapped, if: {by-skill: ally, by-other-ally: true}, untap: true}`},
		{"auto", "", "When 1 of your Orbs is destroyed, draw 1 card.",
			`{when: orb-destroyed, draw: 1}`},
		{"auto", "", "Each time one of your opponent's Orbs is destroyed by this unit's attack, draw 1 card.",
			`{when: orb-destroyed, trigger-of: {enemy: true}, if: {by-own-attack: true}, draw: 1}`},
		{"auto", "", "When a card is sent from your hand to the Retreat Area by an enemy's skill or your opponent's Support skill, draw 1 card.",
			`{when: discarded, if: {by-skill: enemy}, draw: 1}`},
		{"auto", "", "When a card is added to your hand from the Retreat Area, until the end of the turn, this unit gains +10 attack.",
			`{when: retrieved, attack: 10, until: turn}`},
		{"auto", "", "When this unit is not destroyed by an enemy's attack, draw 1 card.",
			`{when: survived, draw: 1}`},
		{"auto", "", "During your turn, when your opponent's Support card fails to support, untap this unit.",
			`{when: support-failed, trigger-of: {enemy: true}, if: {turn: mine}, untap: true}`},
		{"auto", "", `When another ally is supported by "Wren", draw 1 card.`,
			`{when: supported, trigger-of: {ally: true}, if: {revealed: {name: [Wren]}}, draw: 1}`},
		{"auto", "", `When this unit uses "Rally", draw 1 card.`,
			`{when: uses, if: {by-skill-name: [Rally]}, draw: 1}`},
		{"auto", "", `When an ally is moved from this unit's "Lift", untap this unit.`,
			`{when: moved, trigger-of: {self: true, ally: true}, if: {by-skill-name: [Lift], by-own-skill: true}, untap: true}`},
		{"auto", "", `When this unit's "Smite" destroys an enemy, draw 1 card.`,
			`{when: destroyed, trigger-of: {enemy: true}, if: {by-skill-name: [Smite], by-own-skill: true}, draw: 1}`},
		{"auto", "", "When an ally is attacked by an enemy in the Back Line, until the end of this combat, that ally gains +10 attack.",
			`{when: attacked, trigger-of: {self: true, ally: true, foe: {area: back}}, target: {that: true}, attack: 10, until: battle}`},
		{"auto", "", "When an ally with a Support Skill is deployed, draw 1 card.",
			`{when: deploy, trigger-of: {self: true, ally: true, of: {support-skill: true}}, draw: 1}`},
		{"auto", "", "When this card is placed in your Bond Area, draw 1 card.",
			`{when: placed, draw: 1}`},
		{"auto", "", "At the start of your Bond Phase, draw 1 card.",
			`{when: bond-start, draw: 1}`},
		{"auto", "", "When this unit's Critical Hit is evaded, untap this unit.",
			`{when: evaded, if: {critical: true}, untap: true}`},
		// The trigger written as a condition, before an effect that happens once.
		{"auto", "", "If this unit's attack is evaded, draw 1 card.",
			`{when: evaded, draw: 1}`},
		{"auto", "", `If this unit has used "Rally" this turn, When this unit's attack destroys an enemy, draw 1 card.`,
			`{when: destroys, if: {used: [Rally]}, draw: 1}`},
		// Two causes: the skill once per cause.
		{"auto", "", `When this unit's attack or "Smite" destroys an enemy, draw 1 card.`,
			"{when: destroys, draw: 1}\n{when: destroyed, trigger-of: {enemy: true}, if: {by-skill-name: [Smite], by-own-skill: true}, draw: 1}"},
		// "This skill will not trigger if this unit Class Changes by a skill's effect."
		{"auto", "", "When you Class Change into this unit, draw 1 card. This skill will not trigger if this unit Class Changes by a skill's effect.",
			`{when: class-change, if: {by-skill: none}, draw: 1}`},
		// A level skill's reminder is its condition.
		{"auto", "", `When this unit attacks, draw 1 card. ([LvS3] will only trigger if a total of 3 or more cards are in this unit's stack.)`,
			`{when: attack, if: {stack: 3}, draw: 1}`},
	} {
		r := skill.Compile(c.typ, c.cost, c.text)
		if len(r.Unread) > 0 {
			t.Errorf("%s %q: unread %+v", c.typ, c.text, r.Unread)
			continue
		}
		if got := flow(t, r.Effects); got != c.want {
			t.Errorf("%s %q:\n got  %s\n want %s", c.typ, c.text, got, c.want)
		}
	}
	// Tapped only by a skill: attacking taps too, and is not read.
	for _, text := range []string{"When this unit is tapped, draw 1 card.", "When this card is placed in your Bond Area, this unit gains +10 attack."} {
		if r := skill.Compile("auto", "", text); len(r.Unread) == 0 {
			t.Errorf("%q: compiled %v, want unread", text, r.Effects)
		}
	}
}
