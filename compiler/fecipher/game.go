// Package fecipher is the compile step of Fire Emblem Cipher: it links the
// validated documents, runs the deck and card checks and builds the engine's
// tables.
package fecipher

import (
	"reflect"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	feccontent "github.com/roundtable-dev/roundtable/content/fecipher"
	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
	fecschema "github.com/roundtable-dev/roundtable/schema/fecipher"
)

// checks is the catalogue of the game's diagnostic codes; each id starts
// with its prefix.
var checks = diag.NewCatalogue("fec-")

// Game is Fire Emblem Cipher as the core sees it.
var Game = &compiler.Game{
	ID:     "fe-cipher",
	Name:   "Fire Emblem Cipher",
	Checks: checks,
	Kinds: []compiler.Kind{
		{Name: "symbol", Def: "#Symbol", Doc: reflect.TypeFor[symbolDoc](), Summary: "a series symbol and its color"},
		{Name: "card", Def: "#Card", Doc: reflect.TypeFor[cardDoc](), Summary: "a card"},
		{Name: "deck", Def: "#Deck", Doc: reflect.TypeFor[deckDoc](), Summary: "a deck list with its main character"},
	},
	Schema:     fecschema.FS,
	Content:    feccontent.FS,
	ContentDir: "content/fecipher",
	Build:      build,
	GenDir:     "generated/fecipher",
	GenPackage: "fecipher",
	GenVar:     "Ruleset",
	GoConsts:   table.GoConsts,
}

func init() { compiler.Register(Game) }

// Codes of Fire Emblem Cipher checks.
var (
	CodeRange      = checks.Declare(diag.Code{ID: "fec-range", Severity: diag.Error, Summary: "A card's minimum range is greater than its maximum."})
	CodeEffect     = checks.Declare(diag.Code{ID: "fec-effect", Severity: diag.Error, Summary: "A skill effect's timing does not fit the skill's type."})
	CodeDeckSize   = checks.Declare(diag.Code{ID: "fec-deck-size", Severity: diag.Error, Summary: "A deck has fewer than 50 cards."})
	CodeDeckCopies = checks.Declare(diag.Code{ID: "fec-deck-copies", Severity: diag.Error, Summary: "A deck has more than 4 copies of one card name (title and unit name), counted across card ids."})
	CodeDeckMain   = checks.Declare(diag.Code{ID: "fec-deck-main", Severity: diag.Error, Summary: "A deck's main character is not one of its cards."})
	CodeMainCost   = checks.Declare(diag.Code{ID: "fec-main-cost", Severity: diag.Error, Summary: "A deck's main character does not have deployment cost 1."})
	CodeDeckCard   = checks.Declare(diag.Code{ID: "fec-deck-card", Severity: diag.Error, Summary: "A deck lists a card id that no card has."})
	CodeSkillText  = checks.Declare(diag.Code{ID: "fec-skill-text", Severity: diag.Warning, Summary: "A skill written with text and no effects has a clause the skill compiler cannot read; the skill stays text (effects: [] says so on purpose)."})
)

// Rules of deck building (rulebook: "A deck must consist of at least 50 cards";
// "four copies of a card with the exact same card name").
const (
	MinDeck   = 50
	MaxCopies = 4
)
