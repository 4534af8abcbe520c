// Package tropera is the compile step of Fire Emblem Tropera: it links the
// validated documents, runs the character-building checks of the rulebook
// and builds the engine's tables.
package tropera

import (
	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	content "github.com/roundtable-dev/roundtable/content/tropera"
	schema "github.com/roundtable-dev/roundtable/schema/tropera"
)

// GameID is the pack game id.
const GameID = "tropera"

// Game is Fire Emblem Tropera as the core sees it.
var Game = &compiler.Game{
	ID:   GameID,
	Name: "Fire Emblem Tropera",
	Kinds: []compiler.Kind{
		{Name: "weapon", Def: "#Weapon", Summary: "a weapon, tome, staff or natural weapon"},
		{Name: "feat", Def: "#Feat", Summary: "a feat, or a laguz or manakete origin"},
		{Name: "item", Def: "#Item", Summary: "an item or relic"},
		{Name: "terrain", Def: "#Terrain", Summary: "a terrain type", Plural: "terrain"},
		{Name: "character", Def: "#Character", Summary: "a player character"},
		{Name: "performance", Def: "#Performance", Summary: "a performance of the Perform proficiency"},
		{Name: "map", Def: "#Map", Summary: "a battle map: terrain grid, deployment zones, houses and siege spaces"},
		{Name: "battle", Def: "#Battle", Summary: "a battle: map, party, numbered enemies with levels, objective"},
	},
	Schema:     schema.FS,
	Content:    content.FS,
	ContentDir: "content/tropera",
	Build:      build,
	GenDir:     "generated/tropera",
	GenPackage: "tropera",
	GenVar:     "Ruleset",
}

func init() { compiler.Register(Game) }

// DefaultRounds is a battle's round limit when it gives none (schema: *30).
const DefaultRounds = 30

// Codes of Fire Emblem Tropera checks.
const (
	CodeBudget       = "tro-budget"
	CodeUnspent      = "tro-budget-unspent"
	CodeGains        = "tro-gains"
	CodeFeatCount    = "tro-feat-count"
	CodeFeatMissing  = "tro-feat-missing"
	CodeFeatTwice    = "tro-feat-twice"
	CodeOrigin       = "tro-origin"
	CodeRequires     = "tro-feat-requires"
	CodeExcludes     = "tro-feat-excludes"
	CodeProfRanks    = "tro-prof-ranks"
	CodeProfCount    = "tro-prof-count"
	CodeProfTwice    = "tro-prof-twice"
	CodeOriginProf   = "tro-origin-prof"
	CodeInventory    = "tro-inventory"
	CodeUnusable     = "tro-unusable"
	CodeRange        = "tro-range"
	CodeDeployWeapon = "tro-deploy-weapon"
	CodeDeployTwice  = "tro-deploy-twice"
	CodeFocus        = "tro-focus"
	CodeNatural      = "tro-natural"
	CodeGainsMissing = "tro-gains-missing"
	CodeGainsFew     = "tro-gains-few"
	CodeNegated      = "tro-feat-negated"
	CodeSpread       = "tro-spread"
	CodePerformances = "tro-performances"
	CodeEquip        = "tro-equip"
	CodeTerrain      = "tro-terrain"
	CodeGlyph        = "tro-glyph"
	CodeMapGrid      = "tro-map-grid"
	CodeMapGlyph     = "tro-map-glyph"
	CodeTile         = "tro-tile"
	CodeDeploy       = "tro-deploy"
	CodeUnreachable  = "tro-unreachable"
	CodeSpace        = "tro-space"
	CodeNumber       = "tro-enemy-number"
	CodeTileTaken    = "tro-tile-taken"
	CodeObjective    = "tro-objective"
	CodeWeapon       = "tro-weapon"
)

func init() {
	diag.Register(
		diag.Code{ID: CodeBudget, Severity: diag.Error, Summary: "A character's creation points add up to more than 35."},
		diag.Code{ID: CodeUnspent, Severity: diag.Warning, Summary: "A character's creation points add up to less than 35."},
		diag.Code{ID: CodeGains, Severity: diag.Error, Summary: "A character's level-up gains are more than its levels can give (1 a stat per rolled level, 2 a stat and 9 in all at levels 8 and 16, plus 2 HP)."},
		diag.Code{ID: CodeFeatCount, Severity: diag.Error, Summary: "A character has more feats than its level allows (1, and 1 more at levels 8 and 16)."},
		diag.Code{ID: CodeFeatMissing, Severity: diag.Warning, Summary: "A character has fewer feats than its level gives."},
		diag.Code{ID: CodeFeatTwice, Severity: diag.Error, Summary: "A character takes the same feat twice."},
		diag.Code{ID: CodeOrigin, Severity: diag.Error, Summary: "A laguz or manakete origin is not the character's first (level 1) feat, or a character has two."},
		diag.Code{ID: CodeRequires, Severity: diag.Error, Summary: "A feat's prerequisite feat is not taken before it."},
		diag.Code{ID: CodeExcludes, Severity: diag.Error, Summary: "A character has two feats that exclude each other."},
		diag.Code{ID: CodeProfRanks, Severity: diag.Error, Summary: "A character's proficiency ranks are more than its level and feats give (1, and 1 more at levels 4, 7, 10, 13, 16, 19 and 20)."},
		diag.Code{ID: CodeProfCount, Severity: diag.Error, Summary: "A character has more than 3 different proficiencies."},
		diag.Code{ID: CodeProfTwice, Severity: diag.Error, Summary: "A character lists the same proficiency twice."},
		diag.Code{ID: CodeOriginProf, Severity: diag.Error, Summary: "A character's origin needs a proficiency (laguz: clips) that the character lacks."},
		diag.Code{ID: CodeInventory, Severity: diag.Error, Summary: "A character carries more weapons, items or relics than its slots (3 weapons, 2 items, 1 relic; one more weapon and item from level 8), or carries a natural weapon or a relic as an item."},
		diag.Code{ID: CodeUnusable, Severity: diag.Warning, Summary: "A character carries a weapon it has no proficiency or rank to use."},
		diag.Code{ID: CodeRange, Severity: diag.Error, Summary: "A weapon's minimum range is greater than its maximum."},
		diag.Code{ID: CodeDeployWeapon, Severity: diag.Error, Summary: "A battle equips a unit with a weapon it neither carries nor has by a feat, or a unit has no weapon it can wield."},
		diag.Code{ID: CodeFocus, Severity: diag.Error, Summary: "A Focus feat names no focus proficiency, a focus is named without the feat, or the focus is not one of the character's proficiencies."},
		diag.Code{ID: CodeNatural, Severity: diag.Error, Summary: "A character picks natural weapons no feat of its lets it choose, or not as many as the feat says (Dragon's Breath: one element)."},
		diag.Code{ID: CodeDeployTwice, Severity: diag.Error, Summary: "A battle's party lists the same character twice."},
		diag.Code{ID: CodeGainsMissing, Severity: diag.Error, Summary: "A character's level-up gains are fewer than its levels must have given (levels 8 and 16 give 9 points and 2 HP each): a level without its gains."},
		diag.Code{ID: CodeGainsFew, Severity: diag.Warning, Summary: "A character's level-up gains are fewer than 4 a rolled level, which only natural 1s explain."},
		diag.Code{ID: CodeNegated, Severity: diag.Warning, Summary: "A feat is negated by one taken later (Mounted and Flying Mount): it no longer counts."},
		diag.Code{ID: CodeSpread, Severity: diag.Error, Summary: "A feat's ranks go to more different proficiencies than the character has (Versatile: 3)."},
		diag.Code{ID: CodePerformances, Severity: diag.Error, Summary: "A character's performances are not what its Perform rank knows (the Performances Known table), or it knows some without Perform."},
		diag.Code{ID: CodeEquip, Severity: diag.Error, Summary: "A battle equips a unit with a weapon it cannot wield: it lacks the proficiency rank, or the weapon needs the other form (laguz)."},
		diag.Code{ID: CodeTerrain, Severity: diag.Error, Summary: "A terrain's destruction or door fields do not fit: hit points without destructible, destructible without hit points, becomes without either."},
		diag.Code{ID: CodeGlyph, Severity: diag.Error, Summary: "Two terrains use the same map glyph."},
		diag.Code{ID: CodeMapGrid, Severity: diag.Error, Summary: "A map's rows are not all as long, or the map is larger than 26 files by 99 ranks."},
		diag.Code{ID: CodeMapGlyph, Severity: diag.Error, Summary: "A map uses a glyph that no terrain has."},
		diag.Code{ID: CodeTile, Severity: diag.Error, Summary: "A tile name is not on the map."},
		diag.Code{ID: CodeDeploy, Severity: diag.Error, Summary: "A deployment tile cannot be entered, a zone lists a tile twice, or the party zone has fewer tiles than the party has units to place."},
		diag.Code{ID: CodeUnreachable, Severity: diag.Error, Summary: "A tile the objective needs (seize, escape, defend), or an enemy a rout must defeat, cannot be reached over the ground from the party's deployment zone."},
		diag.Code{ID: CodeSpace, Severity: diag.Error, Summary: "A house finds nothing (or two things), a siege space's weapon is not a siege weapon, or a special space stands on ground nobody can enter."},
		diag.Code{ID: CodeNumber, Severity: diag.Error, Summary: "Two enemies of a battle have the same number."},
		diag.Code{ID: CodeTileTaken, Severity: diag.Error, Summary: "Two units of a battle start on the same tile, or a unit starts on ground it cannot enter."},
		diag.Code{ID: CodeObjective, Severity: diag.Error, Summary: "A battle's objective is not exactly one of rout, seize, defend and escape."},
		diag.Code{ID: CodeWeapon, Severity: diag.Error, Summary: "A weapon's properties do not fit its type: hostile on a weapon that is not a staff, a siege weapon with a rank."},
	)
}
