package fecipher_test

import (
	"reflect"
	"testing"
	"testing/fstest"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
)

// TestDeckNamesPrintings: a deck entry that names a printing by its code
// is its card in the table, with the printing's index (+1) beside it; an
// entry by card id has none. The rules play every printing as the card.
func TestDeckNamesPrintings(t *testing.T) {
	fsys := fstest.MapFS{
		"pack.yaml": {Data: []byte("kind: pack\nid: valm\nname: Valm\nversion: 0.1.0\ngame: fe-cipher\n")},
		"content.yaml": {Data: []byte(`kind: symbol
id: valm
name: Valm
color: red
games: [FE15]
---
kind: card
id: alm-valm
title: Hero of Ram
unit: Alm
class: Villager
cost: 1
symbols: [valm]
emblems: [Male, Sword]
range: {min: 1, max: 1}
attack: 40
support: 10
printings: [{set: V01, number: V01-001, rarity: N}, {set: V01, number: V01-001, rarity: SR}, {set: S01, number: V01-001, rarity: ST}]
---
kind: card
id: gray-valm
title: Villager of Ram
unit: Gray
class: Villager
cost: 1
symbols: [valm]
emblems: [Male, Sword]
range: {min: 1, max: 1}
attack: 40
support: 10
skills:
  - name: Villagers
    type: special
    text: You may have 5 or more cards with the same Card Name as this card in your Deck.
    effects: [{when: special, copies: true}]
printings: [{set: V01, number: V01-002, rarity: N}]
---
kind: deck
id: ram
name: Ram
main: V01-001ST
cards:
  V01-001ST: 1
  V01-001SR: 2
  alm-valm: 1
  valm/V01-002N: 46
`)},
	}
	p, ds := compiler.LoadPack(fsys, "valm")
	res, more := compiler.Compile([]*compiler.Pack{p})
	ds = append(ds, more...)
	if len(ds) > 0 {
		t.Fatalf("diagnostics %v", ds)
	}
	rs := res.Ruleset.(*table.Ruleset)
	want := table.Deck{ID: "ram", Name: "Ram", Main: 0, Cards: []table.DeckEntry{
		{Card: 0, Count: 1, Printing: 3},
		{Card: 0, Count: 2, Printing: 2},
		{Card: 0, Count: 1},
		{Card: 1, Count: 46, Printing: 1},
	}}
	if len(rs.Decks) != 1 || !reflect.DeepEqual(rs.Decks[0], want) {
		t.Errorf("decks %+v, want [%+v]", rs.Decks, want)
	}
	if c := rs.Cards[0].Printings[2].Code(); c != "V01-001ST" {
		t.Errorf("printing code %q, want V01-001ST", c)
	}
}
