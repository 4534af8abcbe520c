// Package annas is the compile step of Anna's Roundtable: it links the
// validated documents, runs the game's consistency checks and builds the
// engine's tables.
package annas

import (
	"reflect"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	annascontent "github.com/roundtable-dev/roundtable/content/annas"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
	annasschema "github.com/roundtable-dev/roundtable/schema/annas"
)

// checks is the catalogue of the game's diagnostic codes; each id starts
// with its prefix.
var checks = diag.NewCatalogue("annas-")

// Game is Anna's Roundtable as the core sees it.
var Game = &compiler.Game{
	ID:     "annas",
	Name:   "Anna's Roundtable",
	Checks: checks,
	Kinds: []compiler.Kind{
		{Name: "tag", Def: "#Tag", Doc: reflect.TypeFor[tagDoc](), Summary: "a unit tag (assist, movement, passive or effectiveness)"},
		{Name: "terrain", Def: "#Terrain", Doc: reflect.TypeFor[terrainDoc](), Summary: "a kind of map tile", Plural: "terrain"},
		{Name: "unit", Def: "#Unit", Doc: reflect.TypeFor[unitDoc](), Summary: "a unit card"},
		{Name: "map", Def: "#Map", Doc: reflect.TypeFor[mapDoc](), Summary: "a 6x6 board layout with deployment zones"},
		{Name: "boss", Def: "#Boss", Doc: reflect.TypeFor[bossDoc](), Summary: "a boss board for Boss Mode", Plural: "bosses"},
		{Name: "boss-card", Def: "#BossCard", Doc: reflect.TypeFor[bossCardDoc](), Summary: "a card of a boss deck"},
		{Name: "shop-card", Def: "#ShopCard", Doc: reflect.TypeFor[shopDoc](), Summary: "a card of Anna's Shop deck"},
		{Name: "vp-deck", Def: "#VPDeck", Doc: reflect.TypeFor[vpDoc](), Summary: "the Victory Point card deck", NoID: true, Plural: "vp-deck"},
		{Name: "rules", Def: "#Rules", Doc: reflect.TypeFor[rulesDoc](), Summary: "the numbers of the game's procedures", NoID: true, Plural: "rules"},
	},
	Schema:     annasschema.FS,
	Content:    annascontent.FS,
	ContentDir: "content/annas",
	Build:      build,
	GenDir:     "generated/annas",
	GenPackage: "annas",
	GenVar:     "Ruleset",
	GoConsts:   table.GoConsts,
}

func init() { compiler.Register(Game) }

// Codes of Anna's Roundtable checks.
var (
	CodeTooManyTags   = checks.Declare(diag.Code{ID: "annas-too-many-tags", Severity: diag.Error, Summary: "More than 64 tags are defined; tag sets are 64-bit."})
	CodeShapestone    = checks.Declare(diag.Code{ID: "annas-shapestone", Severity: diag.Error, Summary: "A unit has shapestone stats without the shapeshifter tag, or the tag without the stats."})
	CodeRange         = checks.Declare(diag.Code{ID: "annas-range", Severity: diag.Error, Summary: "A range (unit, summon or boss card) is not strictly ascending or has a distance outside 1..3."})
	CodeGlyph         = checks.Declare(diag.Code{ID: "annas-glyph", Severity: diag.Error, Summary: "Two terrains use the same map glyph."})
	CodeEffectiveness = checks.Declare(diag.Code{ID: "annas-effectiveness", Severity: diag.Error, Summary: "An effectiveness tag lacks its target, or a non-effectiveness tag has one."})
	CodeSkill         = checks.Declare(diag.Code{ID: "annas-skill", Severity: diag.Error, Summary: "A skill or assist tag cannot run: no effects, a reaction that is not a special or has no event trigger, or an action without an activate effect."})
	CodeEffectOp      = checks.Declare(diag.Code{ID: "annas-effect-op", Severity: diag.Error, Summary: "An effect has no operation or several, a parameter of another operation, or an operation aimed at the wrong kind of target."})
	CodeEffectScope   = checks.Declare(diag.Code{ID: "annas-effect-scope", Severity: diag.Error, Summary: "An effect targets or tests what its trigger cannot see (the foe outside combat, a trigger unit that is gone, a summon outside its boss)."})
	CodeMapGrid       = checks.Declare(diag.Code{ID: "annas-map-grid", Severity: diag.Error, Summary: "A map's tiles are not 6 rows of 6 glyphs."})
	CodeMapGlyph      = checks.Declare(diag.Code{ID: "annas-map-glyph", Severity: diag.Error, Summary: "A map uses a glyph that no terrain has.", Reads: []string{"terrain"}})
	CodeDeploy        = checks.Declare(diag.Code{ID: "annas-deploy", Severity: diag.Error, Summary: "A deploy tile is off the board, on impassable terrain or claimed by two seats, or a seat the mode needs has no zone."})
	CodeCastle        = checks.Declare(diag.Code{ID: "annas-castle", Severity: diag.Error, Summary: "A versus map has no castle."})
	CodeCastleReach   = checks.Declare(diag.Code{ID: "annas-castle-reach", Severity: diag.Error, Summary: "A versus map's castle cannot be reached from a seat's deployment zone by a unit with no tags."})
	CodeBossTerrain   = checks.Declare(diag.Code{ID: "annas-boss-terrain", Severity: diag.Error, Summary: "A boss map has terrain that stops or blocks movement (forest, water, mountain, ruins)."})
	CodeBossLives     = checks.Declare(diag.Code{ID: "annas-boss-lives", Severity: diag.Error, Summary: "A boss lacks lives for a player count (2, 3 or 4)."})
	CodeSummon        = checks.Declare(diag.Code{ID: "annas-summon", Severity: diag.Error, Summary: "A boss summon is incomplete: a minion without stats, or no rule for an occupied tile."})
	CodeEndCond       = checks.Declare(diag.Code{ID: "annas-end-cond", Severity: diag.Error, Summary: "A boss win or lose condition lacks the numbers its kind needs, asks for more summons than the boss has, or names a rank the boss starts on (boss-reaches)."})
	CodeBossDice      = checks.Declare(diag.Code{ID: "annas-boss-dice", Severity: diag.Error, Summary: "A boss card's die ranges do not cover 1-6 exactly once."})
	CodeBossMove      = checks.Declare(diag.Code{ID: "annas-boss-move", Severity: diag.Error, Summary: "A boss card sends the 2x2 boss block (partly) off the board."})
	CodeBossDeck      = checks.Declare(diag.Code{ID: "annas-boss-deck", Severity: diag.Error, Summary: "A boss has no boss cards."})
	CodeShopTrigger   = checks.Declare(diag.Code{ID: "annas-shop-trigger", Severity: diag.Error, Summary: "A reaction shop card has no trigger (or a trigger it cannot answer), or a non-reaction has one."})
	CodeVPDeck        = checks.Declare(diag.Code{ID: "annas-vp-deck", Severity: diag.Error, Summary: "The VP deck is not in ascending order, or the quick game removes more cards than it has."})
	CodeRules         = checks.Declare(diag.Code{ID: "annas-rules", Severity: diag.Error, Summary: "The rules document is inconsistent (a DV ruins side that is passable, a boss start off the board, a missing player count)."})
	CodeSingleton     = checks.Declare(diag.Code{ID: "annas-singleton", Severity: diag.Error, Summary: "A second rules or vp-deck document; the game has exactly one of each."})
	CodeCurve         = checks.Declare(diag.Code{ID: "annas-curve", Severity: diag.Warning, Summary: "A unit's stat total (HP+ATK+SPD+DEF) is far from the median of its color and legendary status (see docs/content.md)."})
	CodeUnusedTag     = checks.Declare(diag.Code{ID: "annas-unused-tag", Severity: diag.Warning, Summary: "A tag is defined but no card, terrain, tag or rule uses it."})
	CodeRefresh       = checks.Declare(diag.Code{ID: "annas-refresh", Severity: diag.Error, Summary: "An effect restores a unit's Special Ability token (refresh), which the rulebook forbids: a unit is deployed with one token and gains no more (II.6)."})
)
