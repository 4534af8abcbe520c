// Package fecipher is the compile step of Fire Emblem Cipher: it links the
// validated documents, runs the deck and card checks and builds the engine's
// tables.
package fecipher

import (
	"reflect"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	content "github.com/roundtable-dev/roundtable/content/fecipher"
	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
	schema "github.com/roundtable-dev/roundtable/schema/fecipher"
)

// GameID is the pack game id.
const GameID = "fe-cipher"

// Game is Fire Emblem Cipher as the core sees it.
var Game = &compiler.Game{
	ID:   GameID,
	Name: "Fire Emblem Cipher",
	Kinds: []compiler.Kind{
		{Name: "symbol", Def: "#Symbol", Doc: reflect.TypeFor[symbolDoc](), Summary: "a series symbol and its color"},
		{Name: "card", Def: "#Card", Doc: reflect.TypeFor[cardDoc](), Summary: "a card"},
		{Name: "deck", Def: "#Deck", Doc: reflect.TypeFor[deckDoc](), Summary: "a deck list with its main character"},
	},
	Schema:     schema.FS,
	Content:    content.FS,
	ContentDir: "content/fecipher",
	Build:      build,
	GenDir:     "generated/fecipher",
	GenPackage: "fecipher",
	GenVar:     "Ruleset",
	GoConsts:   table.GoConsts,
}

func init() { compiler.Register(Game) }

// Codes of Fire Emblem Cipher checks.
const (
	CodeRange      = "fec-range"
	CodeEffect     = "fec-effect"
	CodeDeckSize   = "fec-deck-size"
	CodeDeckCopies = "fec-deck-copies"
	CodeDeckMain   = "fec-deck-main"
	CodeMainCost   = "fec-main-cost"
	CodeDeckCard   = "fec-deck-card"
	CodeSkillText  = "fec-skill-text"
)

// Rules of deck building (rulebook: "A deck must consist of at least 50 cards";
// "four copies of a card with the exact same card name").
const (
	MinDeck   = 50
	MaxCopies = 4
)

func init() {
	diag.Register(
		diag.Code{ID: CodeRange, Severity: diag.Error, Summary: "A card's minimum range is greater than its maximum."},
		diag.Code{ID: CodeEffect, Severity: diag.Error, Summary: "A skill effect's timing does not fit the skill's type."},
		diag.Code{ID: CodeDeckSize, Severity: diag.Error, Summary: "A deck has fewer than 50 cards."},
		diag.Code{ID: CodeDeckCopies, Severity: diag.Error, Summary: "A deck has more than 4 copies of one card name (title and unit name), counted across card ids."},
		diag.Code{ID: CodeDeckMain, Severity: diag.Error, Summary: "A deck's main character is not one of its cards."},
		diag.Code{ID: CodeMainCost, Severity: diag.Error, Summary: "A deck's main character does not have deployment cost 1."},
		diag.Code{ID: CodeDeckCard, Severity: diag.Error, Summary: "A deck lists a card id that no card has."},
		diag.Code{ID: CodeSkillText, Severity: diag.Warning, Summary: "A skill written with text and no effects has a clause the skill compiler cannot read; the skill stays text (effects: [] says so on purpose)."},
	)
}
