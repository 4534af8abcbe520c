package skill_test

import (
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler/fecipher/skill"
)

// flow writes effects on one line each, for exact comparison.
func flow(t *testing.T, es []skill.Effect) string {
	t.Helper()
	var lines []string
	for _, e := range es {
		var n yaml.Node
		if err := n.Encode(e); err != nil {
			t.Fatal(err)
		}
		n.Style = yaml.FlowStyle
		b, err := yaml.Marshal(&n)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, strings.TrimSpace(string(b)))
	}
	return strings.Join(lines, "\n")
}

// TestCompile pins what the grammar makes of each kind of clause: the
// cost parts, triggers, conditions, durations, subjects, predicates and
// imperatives compose.
func TestCompile(t *testing.T) {
	for _, c := range []struct{ typ, cost, text, want string }{
		{"permanent", "", "If this unit is attacking a <Dragon>, this unit gains +20 attack.",
			`{when: always, if: {attacking: {emblem: [Dragon]}}, attack: 20}`},
		{"permanent", "", "During your turn, if you have 2 or more other <Red> allies, this unit gains +10 attack.",
			`{when: always, if: {turn: mine, allies: {at-least: 2, of: {other: true, color: [red]}}}, attack: 10}`},
		{"permanent", "", "If this unit is being attacked by a non-<Tome>, this unit gains +20 attack.",
			`{when: always, if: {defending: {not-emblem: [Tome]}}, attack: 20}`},
		{"permanent", "", "This unit gains +10 attack per other <Flier> ally.",
			`{when: always, attack: 10, per: {other: true, emblem: [Flier]}}`},
		{"permanent", "", `Allied "Julian" gains +10 attack.`,
			`{when: always, target: {named: [Julian]}, attack: 10}`},
		{"permanent", "", "This unit cannot be destroyed by attacks from enemies with a Deployment Cost of 2 or lower.",
			`{when: always, indestructible: true, shield-cost: 2}`},
		{"action", "Once per Turn; Flip 1 <Red> Bond face-down, Tap 1 other ally", "Until the end of the turn, this unit gains +20 attack, and acquires range 1-2.",
			`{when: activate, once-per-turn: true, reverse: 1, reverse-of: {color: [red]}, pay-tap: {choose: 1, side: ally, of: {other: true, untapped: true}}, attack: 20, range: {min: 1, max: 2}, until: turn}`},
		{"action", `Send 1 "Marth" from your hand to the Retreat Area`, "Choose 1 other ally. Until the end of your opponent's next turn, that ally gains +30 attack.",
			"{when: activate, pay-discard: {count: 1, name: [Marth]}, target: {choose: 1, side: ally, of: {other: true}}}\n{when: activate, target: {that: true}, attack: 30, until: opponent-turn}"},
		{"action", "Tap this unit", "Choose 1 non-Main Character enemy with a Deployment Cost of 2 or lower, and destroy them.",
			`{when: activate, tap: true, target: {choose: 1, side: enemy, of: {non-main: true, cost-max: 2}}, destroy: true}`},
		{"action", "Flip 2 Bonds face-down", `Choose 1 non-"Lena" card from your Retreat Area, and add it to your hand.`,
			`{when: activate, reverse: 2, retrieve: {count: 1, not-name: [Lena]}}`},
		{"action", "Once per Turn", "Move this unit. This skill is only usable if this unit is untapped.",
			`{when: activate, once-per-turn: true, if: {untapped: true}, move: true}`},
		{"auto", "Flip 1 Bond face-down", "When this unit's attack destroys an enemy, you may pay the cost and if you do: Draw 1 card.",
			`{when: destroys, reverse: 1, may: true, draw: 1}`},
		{"auto", "", "When this unit's attack ends, you may move this unit.",
			`{when: attack-end, may: true, move: true}`},
		{"auto", "", "When another <Flier> ally is deployed, until the end of the turn, this unit gains +10 attack.",
			`{when: ally-deploy, if: {trigger-unit: {emblem: [Flier]}}, attack: 10, until: turn}`},
		{"attack-support", "", "Until the end of this combat, your <Red> attacking unit gains +30 attack.",
			`{when: support, if: {self: {color: [red]}}, attack: 30, until: battle}`},
		{"defense-support", "", "Until the end of this combat, your opponent's attacking unit cannot Critical Hit.",
			`{when: support, target: {foe: true}, no-critical: true, until: battle}`},
		{"special", "", `You may deploy this card even if you already have an allied "Anna", and you may have 2 or more allied "Anna" at once.`,
			`{when: special, same-name: true}`},
		{"permanent", "", "This unit gains +10 attack and range 1-2. ([LvS2] is only active if a total of 2 or more cards are in this unit's stack.)",
			`{when: always, attack: 10, range: {min: 1, max: 2}}`},
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
}

// TestUnreadClauses: what the grammar cannot read comes back with its
// place in the text (or the cost) and its shape, and the skill compiles to
// nothing (a skill runs whole or not at all).
func TestUnreadClauses(t *testing.T) {
	r := skill.Compile("action", "Flip 1 of your Orbs face-up, Flip 1 Bond face-down", `Draw 1 card. Reveal the top 3 cards of your Deck. Choose 1 "Chrom" from among them.`)
	if r.Effects != nil {
		t.Errorf("effects %v, want none", r.Effects)
	}
	want := []skill.Clause{
		{Start: 0, End: 27, Text: "Flip 1 of your Orbs face-up", Shape: "Flip # of your Orbs face-up", InCost: true},
		{Start: 13, End: 49, Text: "Reveal the top 3 cards of your Deck.", Shape: "Reveal the top # cards of your Deck."},
		{Start: 50, End: 83, Text: `Choose 1 "Chrom" from among them.`, Shape: `Choose # "N" from among them.`},
	}
	if len(r.Unread) != len(want) {
		t.Fatalf("unread %+v, want %+v", r.Unread, want)
	}
	for i := range want {
		if r.Unread[i] != want[i] {
			t.Errorf("unread %d: %+v, want %+v", i, r.Unread[i], want[i])
		}
	}
	// "that ally" with nothing chosen before refers to nothing: unread.
	if r := skill.Compile("action", "Tap this unit", "Until the end of the turn, that ally gains +10 attack."); len(r.Unread) != 1 {
		t.Errorf("a dangling 'that ally': %+v, want unread", r)
	}
	// An auto skill starts with its trigger.
	if r := skill.Compile("auto", "", "Draw 1 card."); len(r.Unread) != 1 {
		t.Errorf("an auto skill without a trigger: %+v, want unread", r)
	}
}

// TestMeasure groups unread clauses by shape, most frequent first.
func TestMeasure(t *testing.T) {
	line := func(sup bool, text string) skill.Line {
		return skill.Line{Card: "c", Type: "action", Support: sup, Result: skill.Compile("action", "Tap this unit", text)}
	}
	c := skill.Measure([]skill.Line{line(false, "Draw 1 card."), line(false, "Sing 2 songs."), line(false, "Sing 3 songs."), line(false, "Dance."), line(true, "Draw 2 cards.")})
	if c.Lines != 4 || c.Compiled != 1 || c.SupportLines != 1 || c.SupportCompiled != 1 {
		t.Errorf("counts %+v", c)
	}
	if len(c.Shapes) != 2 || c.Shapes[0].Shape != "Sing # songs." || c.Shapes[0].Count != 2 || c.Shapes[1].Shape != "Dance." {
		t.Errorf("shapes %+v, want Sing # songs. (2) then Dance. (1)", c.Shapes)
	}
	if c.Percent() != 25 {
		t.Errorf("percent %v, want 25", c.Percent())
	}
}
