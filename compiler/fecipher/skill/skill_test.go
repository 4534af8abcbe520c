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
			`{when: activate, reverse: 2, put: {from: retreat, to: hand, count: 1, of: {not-name: [Lena]}}}`},
		{"action", "Once per Turn", "Move this unit. This skill is only usable if this unit is untapped.",
			`{when: activate, once-per-turn: true, if: {untapped: true}, move: true}`},
		{"auto", "Flip 1 Bond face-down", "When this unit's attack destroys an enemy, you may pay the cost and if you do: Draw 1 card.",
			`{when: destroys, reverse: 1, may: true, draw: 1}`},
		// "+30 instead" after +10: the +10, and +20 more when the condition holds.
		{"action", "Once Per Turn; Flip 1 Bond face-down", "Until the end of the turn, this unit gains +10 attack. If this unit is in the Front Line, she gains +30 attack instead.",
			"{when: activate, once-per-turn: true, reverse: 1, attack: 10, until: turn}\n{when: activate, if: {area: front}, attack: 20, until: turn}"},
		// Same-name deployment, the Risen's spelling and its restatement.
		{"special", "", `This card can be deployed even If you already have an allied "Risen". There can be more than 2 "Risen" allies.`,
			`{when: special, same-name: true}`},
		{"special", "", "This card acquires <Knife> and range 1-2.",
			`{when: always, range: {min: 1, max: 2}, acquire: [Knife]}`},
		// A deployment cost in the hand changed while a condition holds.
		{"special", "", "If you have 4 or more Bond cards, the Deployment Cost of this card in your hand becomes 0.",
			`{when: special, if: {bonds: {at-least: 4}}, hand-cost: 0}`},
		{"special", "", "If you have 1 or more <Flier> allies, this card's Deployment Cost in your hand is reduced by 2.",
			`{when: special, if: {allies: {at-least: 1, of: {emblem: [Flier]}}}, hand-cost-less: 2}`},
		{"special", "", "This card's Class Change cost becomes 2.",
			`{when: special, cc-cost: 2}`},
		{"special", "", "If you have 1 or more face-up Orbs, this card's Deployment and Class Change Cost are reduced by 1 while in your hand.",
			`{when: special, if: {orbs: {face-up: true, at-least: 1}}, hand-cost-less: 1, cc-cost-less: 1}`},
		{"special", "", `If you have no allied "Grima", you are able to Level Up an allied "Robin (Female)" into this card.`,
			`{when: special, if: {allies: {at-most: 0, of: {name: [Grima]}}}, stack-on: [Robin (Female)]}`},
		{"special", "", `You may Class Change an allied "Corrin (Male)" or "Corrin (Female)" into this card.`,
			`{when: special, stack-on: [Corrin (Male), Corrin (Female)]}`},
		{"special", "", `You may have 2 or more allied "Bael" at once.`,
			`{when: special, same-name: true}`},
		{"special", "", `This unit cannot be deployed in the same area as "Johan".`,
			`{when: special, not-beside: [Johan]}`},
		{"special", "", "This card can only deployed if you have 5 or more cards in your Retreat Area.",
			`{when: special, if: {retreat: {at-least: 5}}, deploy-only: true}`},
		{"permanent", "", "Enemies in the Back Line cannot attack other <White> allies.",
			`{when: always, target: {all: true, side: ally, of: {other: true, color: [white]}}, unattackable-by: {area: back}}`},
		{"permanent", "", "When this unit is being attacked by a <Bow>, this unit gains +20 attack.",
			`{when: always, if: {defending: {emblem: [Bow]}}, attack: 20}`},
		// A support skill at the end of the combat.
		{"attack-support", "", "At the end of this combat, you may move your attacking unit.",
			`{when: attack-end, may: true, move: true}`},
		{"auto", "", "When this unit's attack ends, you may move this unit.",
			`{when: attack-end, may: true, move: true}`},
		{"auto", "", "When another <Flier> ally is deployed, until the end of the turn, this unit gains +10 attack.",
			`{when: deploy, trigger-of: {ally: true, of: {emblem: [Flier]}}, attack: 10, until: turn}`},
		{"attack-support", "", "Until the end of this combat, your <Red> attacking unit gains +30 attack.",
			`{when: support, if: {self: {color: [red]}}, attack: 30, until: battle}`},
		{"defense-support", "", "Until the end of this combat, your opponent's attacking unit cannot Critical Hit.",
			`{when: support, target: {foe: true}, no-critical: true, until: battle}`},
		{"special", "", `You may deploy this card even if you already have an allied "Anna", and you may have 2 or more allied "Anna" at once.`,
			`{when: special, same-name: true}`},
		{"permanent", "", "This unit gains +10 attack and range 1-2. ([LvS2] is only active if a total of 2 or more cards are in this unit's stack.)",
			`{when: always, if: {stack: 2}, attack: 10, range: {min: 1, max: 2}}`},
		// Spellings of conditions: "this card", "battling against", names after commas, single quotes.
		{"permanent", "", `If this unit is supported by "Shanna", "Lot" or "Wade", this unit gains +20 attack.`,
			`{when: always, if: {supported-by: {name: [Shanna, Lot, Wade]}}, attack: 20}`},
		{"permanent", "", "If this card is battling against an <Axe>, this unit gains +10 attack.",
			`{when: always, if: {battling: {emblem: [Axe]}}, attack: 10}`},
		{"permanent", "", "If you have an allied 'Alm', this unit gains +20 attack.",
			`{when: always, if: {allies: {at-least: 1, of: {name: [Alm]}}}, attack: 20}`},
		{"permanent", "", "If this unit is in the same area as your Main Character, this unit gains +10 attack.",
			`{when: always, if: {same-area: {main: true}}, attack: 10}`},
		{"permanent", "", "If this unit is in the Front Line and is attacking an enemy who is in the Front Line, this unit gains +20 attack.",
			`{when: always, if: {attacking: {area: front}, area: front}, attack: 20}`},
		{"permanent", "", `If this unit is attacking "Julian", this unit gains +20 attack.`,
			`{when: always, if: {attacking: {name: [Julian]}}, attack: 20}`},
		{"permanent", "", "If the number of allies is less than or equal to the number of enemies, this unit gains +20 attack.",
			`{when: always, if: {compare: {of: units, rel: not-more}}, attack: 20}`},
		// Triggers with a condition, an area, another unit's attack end.
		{"auto", "", "When this unit is deployed and if you have an ally with a Deployment Cost of 5 or higher: Draw 1 card.",
			`{when: deploy, if: {allies: {at-least: 1, of: {cost-min: 5}}}, draw: 1}`},
		{"auto", "Once Per Turn", "When another ally is deployed in the Front Line, until the end of the turn, this unit gains +10 attack.",
			`{when: deploy, once-per-turn: true, trigger-of: {ally: true, of: {area: front}}, attack: 10, until: turn}`},
		{"auto", "", "At the end of another <Beast> ally's attack, you may move that ally.",
			`{when: attack-end, may: true, trigger-of: {ally: true, of: {emblem: [Beast]}}, target: {that: true}, move: true}`},
		// A card's filter after its zone; "Deployment Cost 6" without "of".
		{"action", "Tap this unit", "Choose 1 card from your Retreat Area with the same Unit Name as your Main Character, and add it to your hand.",
			`{when: activate, tap: true, put: {from: retreat, to: hand, count: 1, of: {as-main: true}}}`},
		{"action", "Tap 3 allied Risen", "Choose 1 <White> card with a Deployment Cost 6 or lower from your hand, and deploy it.",
			`{when: activate, pay-tap: {choose: 3, side: ally, of: {name: [Risen], untapped: true}}, put: {from: hand, to: field, count: 1, of: {color: [white], cost-max: 6}}}`},
		{"action", "Once Per Turn; Flip 1 Tome Bond", "Until the end of your opponent's next turn, this unit gains +10 attack.",
			`{when: activate, once-per-turn: true, reverse: 1, reverse-of: {emblem: [Tome]}, attack: 10, until: opponent-turn}`},
		// Growth: a cost, a put under the target, a trigger.
		{"action", `Once per Turn; Flip 1 Bond face-down, Stack 2 "Micaiah" from your Retreat Area under this unit to Growth them`, "Draw 1 card.",
			`{when: activate, once-per-turn: true, reverse: 1, pay-growth: {count: 2, name: [Micaiah]}, draw: 1}`},
		{"action", "Tap this unit", "Choose 1 other ally. Choose 1 card with the same Unit Name as that ally from your Retreat Area, then stack it under that ally to Growth them.",
			"{when: activate, tap: true, target: {choose: 1, side: ally, of: {other: true}}}\n{when: activate, target: {that: true}, put: {from: retreat, to: under, count: 1, of: {name-of: that}}}"},
		{"auto", "Once per Turn", "When another ally is Leveled Up or Growthed, you may untap this unit.",
			"{when: level-up, once-per-turn: true, may: true, trigger-of: {ally: true}, untap: true}\n{when: growth, once-per-turn: true, may: true, trigger-of: {ally: true}, untap: true}"},
		// Unit filters: in the same area as this unit, class changed, levelled up.
		{"permanent", "", "During your turn, other allies in the same area as this unit gains +10 attack.",
			`{when: always, if: {turn: mine}, target: {all: true, side: ally, of: {other: true, same-area: true}}, attack: 10}`},
		{"action", "Tap this unit", "Choose up to 2 allies who have Class Changed. Until the end of the turn, the chosen allies gain +10 attack.",
			"{when: activate, tap: true, target: {choose: 2, any: true, side: ally, of: {class-changed: true}}}\n{when: activate, target: {that: true}, attack: 10, until: turn}"},
		{"permanent", "", "This unit gains +10 attack per other Leveled Up ally.",
			`{when: always, attack: 10, per: {other: true, levelled-up: true}}`},
		{"action", "Flip 1 Bond face-down", "Until the end of the turn, this unit's attacks cannot be evaded by non-Main Character enemies with a Deployment Cost of 4 or lower.",
			`{when: activate, reverse: 1, unevadable: true, unevadable-by: non-main, unevadable-cost: 4, until: turn}`},
		{"action", "Once Per Turn; Flip 1 Bond face-down", "Choose 1 card with a Deployment Cost of 1 from your hand, and deploy it in the Back Line.",
			`{when: activate, once-per-turn: true, reverse: 1, put: {from: hand, to: field, count: 1, of: {cost-min: 1, cost-max: 1}, area: back}}`},
		// Predicates: emblems and ranges after a bonus, per-ally counts up to the next part, leading "for each".
		{"action", "Once Per Turn; Flip 1 Bond face-down", "Until the end of the turn, this unit gains +10 attack, <Sword>, and range 1.",
			`{when: activate, once-per-turn: true, reverse: 1, attack: 10, range: {min: 1, max: 1}, acquire: [Sword], until: turn}`},
		{"permanent", "", "During your turn, this unit gains +10 attack per other ally in the same area as him.",
			`{when: always, if: {turn: mine}, attack: 10, per: {other: true, same-area: true}}`},
		{"permanent", "", `For each other allied "Faceless", this unit gains +10 attack.`,
			`{when: always, attack: 10, per: {other: true, name: [Faceless]}}`},
		{"permanent", "", "Enemies with a Deployment Cost of 1 who are attacking this unit cannot Critical Hit.",
			`{when: always, if: {defending: {}}, target: {of: {cost-min: 1, cost-max: 1}, foe: true}, no-critical: true}`},
		{"permanent", "", "This unit is unable to attack or evade.", `{when: always, no-evade: true, no-attack: true}`},
		{"action", "Once per Turn; Flip 1 Bond face-down", "Until the end of the turn, all White allies gain +10 attack.",
			`{when: activate, once-per-turn: true, reverse: 1, target: {all: true, side: ally, of: {color: [white]}}, attack: 10, until: turn}`},
		// Face-up orbs: a cost, a count, a flip either way.
		{"action", "Once per Turn; Flip 1 of your Orbs face-up", "Until the end of the turn, this unit gains +30 attack.",
			`{when: activate, once-per-turn: true, pay-orbs-up: 1, attack: 30, until: turn}`},
		{"permanent", "", "If you have 2 or more face-up Orbs, this unit gains +20 attack.",
			`{when: always, if: {orbs: {face-up: true, at-least: 2}}, attack: 20}`},
		{"action", "Tap this unit", "Choose 1 of your Orbs, and flip it face-up or face-down.",
			`{when: activate, tap: true, flip-orbs: 1}`},
		// "both <A> and <B>": every tag, not any.
		{"permanent", "", "All allies who are both <Green> and <Fang> and have a Deployment Cost of 3 or lower gain +20 attack.",
			`{when: always, target: {all: true, side: ally, of: {emblem: [Fang], color: [green], cost-max: 3, all-of: true}}, attack: 20}`},
		{"action", "Tap this unit", "Choose 1 card with a Deployment Cost of 2 or lower that is both <Bow> and <Beast> from your Retreat Area, and deploy it.",
			`{when: activate, tap: true, put: {from: retreat, to: field, count: 1, of: {emblem: [Bow, Beast], cost-max: 2, all-of: true}}}`},
		// Units sent off the field (not destroyed); the Boundless Area.
		{"action", "Tap this unit", "Choose 1 non-Main Character enemy, and send them to the Boundless Area.",
			"{when: activate, tap: true, target: {choose: 1, side: enemy, of: {non-main: true}}}\n{when: activate, target: {that: true}, send: boundless}"},
		{"auto", "", "After this unit attacks, if this unit isn't your Main Character, you may place this card on top of your Deck.",
			`{when: attack-end, may: true, if: {not-main: true}, send: deck-top}`},
		{"action", "Once Per Turn; Flip 1 Bond face-down", `Choose 1 "Laslow" or "Odin" from your Boundless Area, and deploy it.`,
			`{when: activate, once-per-turn: true, reverse: 1, put: {from: boundless, to: field, count: 1, of: {name: [Laslow, Odin]}}}`},
		{"action", "Tap this unit", "Choose one other ally. Until the end of the turn, that ally gains +30 attack.",
			"{when: activate, tap: true, target: {choose: 1, side: ally, of: {other: true}}}\n{when: activate, target: {that: true}, attack: 30, until: turn}"},
		{"action", "Once Per Turn", `Choose 1 non-"Kurthnaga" with a Deployment Cost of 5 or higher from your Retreat Area, and add it to your hand.`,
			`{when: activate, once-per-turn: true, put: {from: retreat, to: hand, count: 1, of: {not-name: [Kurthnaga], cost-min: 5}}}`},
		{"auto", "Once Per Turn", "When this unit is attacked in the Back Line, until the end of battle, this unit cannot be destroyed by an enemy's attack.",
			`{when: attacked, once-per-turn: true, if: {area: back}, indestructible: true, until: battle}`},
		{"action", "Once Per Turn", "Transfer Main Character status from your <Green> Main Character to this unit.",
			`{when: activate, once-per-turn: true, if: {main: {color: [green]}}, take-main: true}`},
		{"auto", "", "When this unit is deployed by a skill's effect, until the end of your opponent's next turn, this unit gains +20 attack.",
			`{when: deploy, if: {by-skill: any}, attack: 20, until: opponent-turn}`},
		{"auto", "", "Each time an enemy is destroyed by an ally's skill, until the end of the turn, this unit gains +20 attack.",
			`{when: destroyed, trigger-of: {enemy: true}, if: {by-skill: ally}, attack: 20, until: turn}`},
		{"auto", "Once Per Turn", "When you draw a card, until the end of the turn, this unit gains +10 attack.",
			`{when: draw, once-per-turn: true, attack: 10, until: turn}`},
		{"permanent", "", `Non-"Caeda" or "Navarre" cards fail to support this unit.`,
			`{when: always, no-support: {not-name: [Caeda, Navarre]}}`},
		{"auto", "", `When this unit's attack destroys an enemy, and If this unit is being supported by "Louise", draw 1 card.`,
			`{when: destroys, if: {supported-by: {name: [Louise]}}, draw: 1}`},
		{"action", "Once Per Turn; Flip 1 Bond face-down", "Choose 1 non-Main Character enemy, and return them to your opponent's hand.",
			"{when: activate, once-per-turn: true, reverse: 1, target: {choose: 1, side: enemy, of: {non-main: true}}}\n{when: activate, target: {that: true}, send: hand}"},
		{"auto", "Once per Turn; Flip 2 Bonds face-down", "When an enemy is deployed, you may pay the cost and if you do: Destroy that enemy. This skill is only usable during your opponent's turn.",
			`{when: deploy, once-per-turn: true, reverse: 2, may: true, trigger-of: {enemy: true}, if: {turn: theirs}, target: {that: true}, destroy: true}`},
		{"permanent", "", "If this unit is in the Back Line, enemies with 50 or higher attack cannot attack this unit.",
			`{when: always, if: {area: back}, unattackable-by: {attack-min: 50}}`},
		{"permanent", "", `If this card is in the same Area as "Byleth (Male)" or "Byleth (Female)", enemies are unable to attack this unit.`,
			`{when: always, if: {same-area: {name: [Byleth (Male), Byleth (Female)]}}, unattackable: true}`},
		{"permanent", "", "If this unit is in the Front Line, this unit can attack <Tome> and <Staff> enemies regardless of range.",
			`{when: always, if: {area: front}, reach: {emblem: [Tome, Staff]}}`},
		// Triggers: whose event (other allies, enemies, your Main Character), what happens.
		{"auto", "Flip 1 Bond face-down", "When another ally is attacked, you may pay the cost and if you do: This unit is attacked instead of that ally.",
			`{when: attacked, reverse: 1, may: true, trigger-of: {ally: true}, intercept: true}`},
		{"auto", "", "When your Main Character's attack destroys an enemy, draw 1 card.",
			`{when: destroys, trigger-of: {self: true, ally: true, of: {main: true}}, draw: 1}`},
		{"auto", "", "When an enemy is destroyed, until the end of the turn, this unit gains +10 attack.",
			`{when: destroyed, trigger-of: {enemy: true}, attack: 10, until: turn}`},
		{"auto", "", "When this unit is destroyed by an enemy's attack, draw 1 card.", `{when: defeated, draw: 1}`},
		{"auto", "", "When this unit Critical Hits, draw 1 card.", `{when: critical, draw: 1}`},
		{"auto", "", "When this unit's attack is evaded, untap this unit.", `{when: evaded, untap: true}`},
		{"auto", "", "At the end of each player's turn, draw 1 card.", "{when: turn-end, draw: 1}\n{when: opponent-turn-end, draw: 1}"},
		{"auto", "", "When a <Tome> card is placed in your Bond Area, draw 1 card.", `{when: bond, if: {revealed: {emblem: [Tome]}}, draw: 1}`},
		{"auto", "", "When an ally with a Deployment Cost of 2 is deployed or lower, draw 1 card.",
			`{when: deploy, trigger-of: {self: true, ally: true, of: {cost-max: 2}}, draw: 1}`},
		// Cards between zones: searched, revealed, deployed, bonded; the rest; shuffled.
		{"action", "Tap this unit", `Choose 1 "Catria" or "Est" with a Deployment Cost of 2 or lower from your Deck, and deploy it. Afterwards, shuffle your Deck.`,
			`{when: activate, tap: true, put: {from: deck, to: field, count: 1, of: {name: [Catria, Est], cost-max: 2}, shuffle: true}}`},
		{"attack-support", "", "Reveal the topmost card of your opponent's Deck. You may send that card to the Retreat Area.",
			"{when: support, reveal: 1, reveal-opponent: true}\n{when: support, may: true, put: {from: revealed, to: retreat}}"},
		{"action", "Tap this unit", "Reveal the top card of your opponent's Deck. If that card has a Deployment Cost of 3 or higher, you may [Flip 1 Bond face-down]. If you do, draw 1 card.",
			"{when: activate, tap: true, reveal: 1, reveal-opponent: true}\n{when: activate, reverse: 1, may: true, if: {revealed: {cost-min: 3}}, draw: 1}"},
		{"action", "Once per Turn", `Reveal the top 4 cards of your Deck. Choose 1 "Hana" among the revealed cards, and add it to your hand, and send the rest to the Retreat Area.`,
			"{when: activate, once-per-turn: true, reveal: 4}\n{when: activate, put: {from: revealed, to: hand, count: 1, of: {name: [Hana]}}}\n{when: activate, put: {from: revealed, to: retreat}}"},
		{"attack-support", "", "If the attacking unit is <Red>, choose 1 card from your hand. You may place that card in your Bond Area.",
			`{when: support, may: true, if: {self: {color: [red]}}, put: {from: hand, to: bonds, count: 1}}`},
		{"auto", "Flip 2 Bonds face-down", "When this unit is deployed, if you have fewer Orbs than your opponent, you may pay the cost and if you do: Add the topmost card of your Deck to your Orb Area.",
			`{when: deploy, reverse: 2, may: true, if: {fewer-orbs: true}, put: {from: deck-top, to: orbs, count: 1}}`},
		{"permanent", "", "If you have more Orbs than your opponent, this unit gains +10 attack.", `{when: always, if: {compare: {of: orbs, rel: more}}, attack: 10}`},
		{"action", "Flip 1 Bond face-down", `Choose 1 card with the same Unit Name as that ally from your Retreat Area, and add it to your hand.`, ""},
		// Costs that destroy, send bonds, destroy orbs.
		{"action", "Destroy this unit, Send 1 of your Bond cards to the Retreat Area", "Draw 2 cards.",
			`{when: activate, destroy-self: true, pay-bonds: {count: 1}, draw: 2}`},
		{"action", "Destroy 1 other ally, Destroy 1 of your Orbs", "Draw 1 card.",
			`{when: activate, pay-destroy: {choose: 1, side: ally, of: {other: true}}, pay-orbs: 1, draw: 1}`},
		// Conditions as a subject and what it has or is.
		{"permanent", "", "If you have no cards in your hand, this unit gains +20 attack.", `{when: always, if: {hand: {at-most: 0}}, attack: 20}`},
		{"permanent", "", "If your opponent has 2 or fewer Orbs, this unit gains +10 attack.", `{when: always, if: {opponent-orbs: {at-most: 2}}, attack: 10}`},
		{"permanent", "", "If this unit has 100 or more attack, this unit cannot be destroyed as the cost or effect of skills.",
			`{when: always, if: {power: {at-least: 100}}, skill-proof: true}`},
		{"permanent", "", `If you have an allied "Hinoka", "Takumi", or "Sakura", this unit gains +10 attack.`,
			`{when: always, if: {allies: {at-least: 1, of: {name: [Hinoka, Takumi, Sakura]}}}, attack: 10}`},
		{"auto", "", `When this unit's attack destroys an enemy, if this unit has used "Excalibur" in this turn, draw 1 card.`,
			`{when: destroys, if: {used: [Excalibur]}, draw: 1}`},
		// Predicates, conjunctions, subjects.
		{"action", "Flip 1 Bond face-down", "Until the end of the turn, this unit gains +20 attack, and all other allies gain +10 attack.",
			"{when: activate, reverse: 1, attack: 20, until: turn}\n{when: activate, target: {all: true, side: ally, of: {other: true}}, attack: 10, until: turn}"},
		{"auto", "Flip 1 Bond face-down", "When this unit attacks, you may pay the cost and if you do: Untap this unit and until the end of the turn, this unit loses -10 attack.",
			"{when: attack, reverse: 1, may: true, untap: true}\n{when: attack, if-done: true, attack: -10, until: turn}"},
		{"permanent", "", "Enemies in the Back Line cannot attack.", `{when: always, target: {all: true, side: enemy, of: {area: back}}, no-attack: true}`},
		{"action", "Tap this unit", "Until the end of the turn, this unit can attack enemies regardless of range.", `{when: activate, tap: true, reach-any: true, until: turn}`},
		{"action", "Tap this unit", "Choose 1 of your opponent's Orbs, and destroy it.", `{when: activate, tap: true, destroy-orbs: 1, opponent-orbs: true}`},
	} {
		r := skill.Compile(c.typ, c.cost, c.text)
		if c.want == "" {
			if len(r.Unread) == 0 {
				t.Errorf("%s %q: compiled %s, want unread (nothing before it to be that ally)", c.typ, c.text, flow(t, r.Effects))
			}
			continue
		}
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
	r := skill.Compile("action", "Sing 1 song of your Orbs, Flip 1 Bond face-down", `Draw 1 card. Sing 3 songs of your Deck. If you have 2 or more dragons, this unit gains +10 attack.`)
	if r.Effects != nil {
		t.Errorf("effects %v, want none", r.Effects)
	}
	want := []skill.Clause{
		{Start: 0, End: 24, Text: "Sing 1 song of your Orbs", Shape: "Sing # song of your Orbs", InCost: true, Phrase: "cost", PhraseText: "Sing 1 song of your Orbs"},
		{Start: 13, End: 39, Text: "Sing 3 songs of your Deck.", Shape: "Sing # songs of your Deck.", Phrase: "core", PhraseText: "Sing 3 songs of your Deck"},
		{Start: 40, End: 98, Text: "If you have 2 or more dragons, this unit gains +10 attack.", Shape: "If you have # or more dragons, this unit gains # attack.", Phrase: "condition", PhraseText: "you have 2 or more dragons"},
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
