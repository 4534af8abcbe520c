// Package annas is the compile step of Anna's Roundtable: it links the
// validated documents, runs the game's consistency checks and builds the
// engine's tables.
package annas

import (
	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	content "github.com/roundtable-dev/roundtable/content/annas"
	schema "github.com/roundtable-dev/roundtable/schema/annas"
)

// GameID is the pack game id.
const GameID = "annas"

// Game is Anna's Roundtable as the core sees it.
var Game = &compiler.Game{
	ID:   GameID,
	Name: "Anna's Roundtable",
	Kinds: []compiler.Kind{
		{Name: "tag", Def: "#Tag", Summary: "a unit tag (assist, movement, passive or effectiveness)"},
		{Name: "terrain", Def: "#Terrain", Summary: "a kind of map tile", Plural: "terrain"},
		{Name: "unit", Def: "#Unit", Summary: "a unit card"},
		{Name: "map", Def: "#Map", Summary: "a 6x6 board layout with deployment zones"},
		{Name: "boss", Def: "#Boss", Summary: "a boss board for Boss Mode", Plural: "bosses"},
		{Name: "boss-card", Def: "#BossCard", Summary: "a card of a boss deck"},
		{Name: "shop-card", Def: "#ShopCard", Summary: "a card of Anna's Shop deck"},
		{Name: "vp-deck", Def: "#VPDeck", Summary: "the Victory Point card deck", NoID: true, Plural: "vp-deck"},
		{Name: "rules", Def: "#Rules", Summary: "the numbers of the game's procedures", NoID: true, Plural: "rules"},
	},
	Schema:     schema.FS,
	Content:    content.FS,
	ContentDir: "content/annas",
	Build:      build,
	GenDir:     "generated/annas",
	GenPackage: "annas",
	GenVar:     "Ruleset",
}

func init() { compiler.Register(Game) }

// Codes of Anna's Roundtable checks.
const (
	CodeTooManyTags   = "annas-too-many-tags"
	CodeShapestone    = "annas-shapestone"
	CodeRange         = "annas-range"
	CodeGlyph         = "annas-glyph"
	CodeEffectiveness = "annas-effectiveness"
)

func init() {
	diag.Register(
		diag.Code{ID: CodeTooManyTags, Severity: diag.Error, Summary: "More than 64 tags are defined; tag sets are 64-bit."},
		diag.Code{ID: CodeShapestone, Severity: diag.Error, Summary: "A unit has shapestone stats without the shapeshifter tag, or the tag without the stats."},
		diag.Code{ID: CodeRange, Severity: diag.Error, Summary: "A unit's range is not strictly ascending."},
		diag.Code{ID: CodeGlyph, Severity: diag.Error, Summary: "Two terrains use the same map glyph."},
		diag.Code{ID: CodeEffectiveness, Severity: diag.Error, Summary: "An effectiveness tag lacks its target, or a non-effectiveness tag has one."},
	)
}
