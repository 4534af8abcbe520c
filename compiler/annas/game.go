// Package annas is the compile step of Anna's Roundtable: it links the
// validated documents, runs the game's consistency checks and builds the
// engine's tables.
package annas

import (
	"reflect"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	content "github.com/roundtable-dev/roundtable/content/annas"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
	schema "github.com/roundtable-dev/roundtable/schema/annas"
)

// GameID is the pack game id.
const GameID = "annas"

// Game is Anna's Roundtable as the core sees it.
var Game = &compiler.Game{
	ID:   GameID,
	Name: "Anna's Roundtable",
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
	Schema:     schema.FS,
	Content:    content.FS,
	ContentDir: "content/annas",
	Build:      build,
	GenDir:     "generated/annas",
	GenPackage: "annas",
	GenVar:     "Ruleset",
	GoConsts:   table.GoConsts,
}

func init() { compiler.Register(Game) }

// Codes of Anna's Roundtable checks.
const (
	CodeTooManyTags   = "annas-too-many-tags"
	CodeShapestone    = "annas-shapestone"
	CodeRange         = "annas-range"
	CodeGlyph         = "annas-glyph"
	CodeEffectiveness = "annas-effectiveness"
	CodeSkill         = "annas-skill"
	CodeEffectOp      = "annas-effect-op"
	CodeEffectScope   = "annas-effect-scope"
	CodeMapGrid       = "annas-map-grid"
	CodeMapGlyph      = "annas-map-glyph"
	CodeDeploy        = "annas-deploy"
	CodeCastle        = "annas-castle"
	CodeCastleReach   = "annas-castle-reach"
	CodeBossTerrain   = "annas-boss-terrain"
	CodeBossLives     = "annas-boss-lives"
	CodeSummon        = "annas-summon"
	CodeEndCond       = "annas-end-cond"
	CodeBossDice      = "annas-boss-dice"
	CodeBossMove      = "annas-boss-move"
	CodeBossDeck      = "annas-boss-deck"
	CodeShopTrigger   = "annas-shop-trigger"
	CodeVPDeck        = "annas-vp-deck"
	CodeRules         = "annas-rules"
	CodeSingleton     = "annas-singleton"
	CodeCurve         = "annas-curve"
	CodeUnusedTag     = "annas-unused-tag"
	CodeRefresh       = "annas-refresh"
)

func init() {
	diag.Register(
		diag.Code{ID: CodeTooManyTags, Severity: diag.Error, Summary: "More than 64 tags are defined; tag sets are 64-bit."},
		diag.Code{ID: CodeShapestone, Severity: diag.Error, Summary: "A unit has shapestone stats without the shapeshifter tag, or the tag without the stats."},
		diag.Code{ID: CodeRange, Severity: diag.Error, Summary: "A range (unit, summon or boss card) is not strictly ascending or has a distance outside 1..3."},
		diag.Code{ID: CodeGlyph, Severity: diag.Error, Summary: "Two terrains use the same map glyph."},
		diag.Code{ID: CodeEffectiveness, Severity: diag.Error, Summary: "An effectiveness tag lacks its target, or a non-effectiveness tag has one."},
		diag.Code{ID: CodeSkill, Severity: diag.Error, Summary: "A skill or assist tag cannot run: no effects, a reaction that is not a special or has no event trigger, or an action without an activate effect."},
		diag.Code{ID: CodeEffectOp, Severity: diag.Error, Summary: "An effect has no operation or several, a parameter of another operation, or an operation aimed at the wrong kind of target."},
		diag.Code{ID: CodeEffectScope, Severity: diag.Error, Summary: "An effect targets or tests what its trigger cannot see (the foe outside combat, a trigger unit that is gone, a summon outside its boss)."},
		diag.Code{ID: CodeMapGrid, Severity: diag.Error, Summary: "A map's tiles are not 6 rows of 6 glyphs."},
		diag.Code{ID: CodeMapGlyph, Severity: diag.Error, Summary: "A map uses a glyph that no terrain has.", Reads: []string{"terrain"}},
		diag.Code{ID: CodeDeploy, Severity: diag.Error, Summary: "A deploy tile is off the board, on impassable terrain or claimed by two seats, or a seat the mode needs has no zone."},
		diag.Code{ID: CodeCastle, Severity: diag.Error, Summary: "A versus map has no castle."},
		diag.Code{ID: CodeCastleReach, Severity: diag.Error, Summary: "A versus map's castle cannot be reached from a seat's deployment zone by a unit with no tags."},
		diag.Code{ID: CodeBossTerrain, Severity: diag.Error, Summary: "A boss map has terrain that stops or blocks movement (forest, water, mountain, ruins)."},
		diag.Code{ID: CodeBossLives, Severity: diag.Error, Summary: "A boss lacks lives for a player count (2, 3 or 4)."},
		diag.Code{ID: CodeSummon, Severity: diag.Error, Summary: "A boss summon is incomplete: a minion without stats, or no rule for an occupied tile."},
		diag.Code{ID: CodeEndCond, Severity: diag.Error, Summary: "A boss win or lose condition lacks the numbers its kind needs, asks for more summons than the boss has, or names a rank the boss starts on (boss-reaches)."},
		diag.Code{ID: CodeBossDice, Severity: diag.Error, Summary: "A boss card's die ranges do not cover 1-6 exactly once."},
		diag.Code{ID: CodeBossMove, Severity: diag.Error, Summary: "A boss card sends the 2x2 boss block (partly) off the board."},
		diag.Code{ID: CodeBossDeck, Severity: diag.Error, Summary: "A boss has no boss cards."},
		diag.Code{ID: CodeShopTrigger, Severity: diag.Error, Summary: "A reaction shop card has no trigger (or a trigger it cannot answer), or a non-reaction has one."},
		diag.Code{ID: CodeVPDeck, Severity: diag.Error, Summary: "The VP deck is not in ascending order, or the quick game removes more cards than it has."},
		diag.Code{ID: CodeRules, Severity: diag.Error, Summary: "The rules document is inconsistent (a DV ruins side that is passable, a boss start off the board, a missing player count)."},
		diag.Code{ID: CodeSingleton, Severity: diag.Error, Summary: "A second rules or vp-deck document; the game has exactly one of each."},
		diag.Code{ID: CodeCurve, Severity: diag.Warning, Summary: "A unit's stat total (HP+ATK+SPD+DEF) is far from the median of its color and legendary status (see docs/content.md)."},
		diag.Code{ID: CodeUnusedTag, Severity: diag.Warning, Summary: "A tag is defined but no card, terrain, tag or rule uses it."},
		diag.Code{ID: CodeRefresh, Severity: diag.Error, Summary: "An effect restores a unit's Special Ability token (refresh), which the rulebook forbids: a unit is deployed with one token and gains no more (II.6)."},
	)
}
