// Package tropera is the compile step of Fire Emblem Tropera: it links the
// validated documents, runs the character-building checks of the rulebook
// and builds the engine's tables.
package tropera

import (
	"reflect"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	trocontent "github.com/roundtable-dev/roundtable/content/tropera"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
	troschema "github.com/roundtable-dev/roundtable/schema/tropera"
)

// checks is the catalogue of the game's diagnostic codes; each id starts
// with its prefix.
var checks = diag.NewCatalogue("tro-")

// Game is Fire Emblem Tropera as the core sees it.
var Game = &compiler.Game{
	ID:     "tropera",
	Name:   "Fire Emblem Tropera",
	Checks: checks,
	Kinds: []compiler.Kind{
		{Name: "weapon", Def: "#Weapon", Doc: reflect.TypeFor[weaponDoc](), Summary: "a weapon, tome, staff or natural weapon"},
		{Name: "feat", Def: "#Feat", Doc: reflect.TypeFor[featDoc](), Summary: "a feat, or a laguz or manakete origin"},
		{Name: "item", Def: "#Item", Doc: reflect.TypeFor[itemDoc](), Summary: "an item or relic"},
		{Name: "terrain", Def: "#Terrain", Doc: reflect.TypeFor[terrainDoc](), Summary: "a terrain type", Plural: "terrain"},
		{Name: "character", Def: "#Character", Doc: reflect.TypeFor[characterDoc](), Summary: "a player character"},
		{Name: "performance", Def: "#Performance", Doc: reflect.TypeFor[performanceDoc](), Summary: "a performance of the Perform proficiency"},
		{Name: "map", Def: "#Map", Doc: reflect.TypeFor[mapDoc](), Summary: "a battle map: terrain grid, deployment zones, houses and siege spaces"},
		{Name: "battle", Def: "#Battle", Doc: reflect.TypeFor[battleDoc](), Summary: "a battle: map, party, numbered enemies with levels, objective"},
	},
	Schema:     troschema.FS,
	Content:    trocontent.FS,
	ContentDir: "content/tropera",
	Build:      build,
	GenDir:     "generated/tropera",
	GenPackage: "tropera",
	GenVar:     "Ruleset",
	GoConsts:   table.GoConsts,
}

func init() { compiler.Register(Game) }

// DefaultRounds is a battle's round limit when it gives none (schema: *30).
const DefaultRounds = 30

// Codes of Fire Emblem Tropera checks.
var (
	CodeBudget       = checks.Declare(diag.Code{ID: "tro-budget", Severity: diag.Error, Summary: "A character's creation points add up to more than 35."})
	CodeUnspent      = checks.Declare(diag.Code{ID: "tro-budget-unspent", Severity: diag.Warning, Summary: "A character's creation points add up to less than 35."})
	CodeGains        = checks.Declare(diag.Code{ID: "tro-gains", Severity: diag.Error, Summary: "A character's level-up gains are more than its levels can give (1 a stat per rolled level, 2 a stat and 9 in all at levels 8 and 16, plus 2 HP)."})
	CodeFeatCount    = checks.Declare(diag.Code{ID: "tro-feat-count", Severity: diag.Error, Summary: "A character has more feats than its level allows (1, and 1 more at levels 8 and 16)."})
	CodeFeatMissing  = checks.Declare(diag.Code{ID: "tro-feat-missing", Severity: diag.Warning, Summary: "A character has fewer feats than its level gives."})
	CodeFeatTwice    = checks.Declare(diag.Code{ID: "tro-feat-twice", Severity: diag.Error, Summary: "A character takes the same feat twice."})
	CodeOrigin       = checks.Declare(diag.Code{ID: "tro-origin", Severity: diag.Error, Summary: "A laguz or manakete origin is not the character's first (level 1) feat, or a character has two."})
	CodeRequires     = checks.Declare(diag.Code{ID: "tro-feat-requires", Severity: diag.Error, Summary: "A feat's prerequisite feat is not taken before it."})
	CodeExcludes     = checks.Declare(diag.Code{ID: "tro-feat-excludes", Severity: diag.Error, Summary: "A character has two feats that exclude each other."})
	CodeProfRanks    = checks.Declare(diag.Code{ID: "tro-prof-ranks", Severity: diag.Error, Summary: "A character's proficiency ranks are more than its level and feats give (1, and 1 more at levels 4, 7, 10, 13, 16, 19 and 20)."})
	CodeProfCount    = checks.Declare(diag.Code{ID: "tro-prof-count", Severity: diag.Error, Summary: "A character has more than 3 different proficiencies."})
	CodeProfTwice    = checks.Declare(diag.Code{ID: "tro-prof-twice", Severity: diag.Error, Summary: "A character lists the same proficiency twice."})
	CodeOriginProf   = checks.Declare(diag.Code{ID: "tro-origin-prof", Severity: diag.Error, Summary: "A character's origin needs a proficiency (laguz: clips) that the character lacks."})
	CodeInventory    = checks.Declare(diag.Code{ID: "tro-inventory", Severity: diag.Error, Summary: "A character carries more weapons, items or relics than its slots (3 weapons, 2 items, 1 relic; one more weapon and item from level 8), or carries a natural weapon or a relic as an item."})
	CodeUnusable     = checks.Declare(diag.Code{ID: "tro-unusable", Severity: diag.Warning, Summary: "A character carries a weapon it has no proficiency or rank to use."})
	CodeRange        = checks.Declare(diag.Code{ID: "tro-range", Severity: diag.Error, Summary: "A weapon's minimum range is greater than its maximum."})
	CodeDeployWeapon = checks.Declare(diag.Code{ID: "tro-deploy-weapon", Severity: diag.Error, Summary: "A battle equips a unit with a weapon it neither carries nor has by a feat, or a unit has no weapon it can wield."})
	CodeDeployTwice  = checks.Declare(diag.Code{ID: "tro-deploy-twice", Severity: diag.Error, Summary: "A battle's party lists the same character twice."})
	CodeFocus        = checks.Declare(diag.Code{ID: "tro-focus", Severity: diag.Error, Summary: "A Focus feat names no focus proficiency, a focus is named without the feat, or the focus is not one of the character's proficiencies."})
	CodeNatural      = checks.Declare(diag.Code{ID: "tro-natural", Severity: diag.Error, Summary: "A character picks natural weapons no feat of its lets it choose, or not as many as the feat says (Dragon's Breath: one element)."})
	CodeGainsMissing = checks.Declare(diag.Code{ID: "tro-gains-missing", Severity: diag.Error, Summary: "A character's level-up gains are fewer than its levels must have given (levels 8 and 16 give 9 points and 2 HP each): a level without its gains."})
	CodeGainsFew     = checks.Declare(diag.Code{ID: "tro-gains-few", Severity: diag.Warning, Summary: "A character's level-up gains are fewer than 4 a rolled level, which only natural 1s explain."})
	CodeNegated      = checks.Declare(diag.Code{ID: "tro-feat-negated", Severity: diag.Warning, Summary: "A feat is negated by one taken later (Mounted and Flying Mount): it no longer counts."})
	CodeSpread       = checks.Declare(diag.Code{ID: "tro-spread", Severity: diag.Error, Summary: "A feat's ranks go to more different proficiencies than the character has (Versatile: 3)."})
	CodePerformances = checks.Declare(diag.Code{ID: "tro-performances", Severity: diag.Error, Summary: "A character's performances are not what its Perform rank knows (the Performances Known table), or it knows some without Perform."})
	CodeEquip        = checks.Declare(diag.Code{ID: "tro-equip", Severity: diag.Error, Summary: "A battle equips a unit with a weapon it cannot wield: it lacks the proficiency rank, or the weapon needs the other form (laguz)."})
	CodeTerrain      = checks.Declare(diag.Code{ID: "tro-terrain", Severity: diag.Error, Summary: "A terrain's destruction or door fields do not fit: hit points without destructible, destructible without hit points, becomes without either."})
	CodeGlyph        = checks.Declare(diag.Code{ID: "tro-glyph", Severity: diag.Error, Summary: "Two terrains use the same map glyph."})
	CodeMapGrid      = checks.Declare(diag.Code{ID: "tro-map-grid", Severity: diag.Error, Summary: "A map's rows are not all as long, or the map is larger than 26 files by 99 ranks."})
	CodeMapGlyph     = checks.Declare(diag.Code{ID: "tro-map-glyph", Severity: diag.Error, Summary: "A map uses a glyph that no terrain has."})
	CodeTile         = checks.Declare(diag.Code{ID: "tro-tile", Severity: diag.Error, Summary: "A tile name is not on the map."})
	CodeDeploy       = checks.Declare(diag.Code{ID: "tro-deploy", Severity: diag.Error, Summary: "A deployment tile cannot be entered, a zone lists a tile twice, or the party zone has fewer tiles than the party has units to place."})
	CodeUnreachable  = checks.Declare(diag.Code{ID: "tro-unreachable", Severity: diag.Error, Summary: "A tile the objective needs (seize, escape, defend), or an enemy a rout must defeat, cannot be reached over the ground from the party's deployment zone."})
	CodeSpace        = checks.Declare(diag.Code{ID: "tro-space", Severity: diag.Error, Summary: "A house finds nothing (or two things), a siege space's weapon is not a siege weapon, or a special space stands on ground nobody can enter."})
	CodeNumber       = checks.Declare(diag.Code{ID: "tro-enemy-number", Severity: diag.Error, Summary: "Two enemies of a battle have the same number."})
	CodeTileTaken    = checks.Declare(diag.Code{ID: "tro-tile-taken", Severity: diag.Error, Summary: "Two units of a battle start on the same tile, or a unit starts on ground it cannot enter."})
	CodeObjective    = checks.Declare(diag.Code{ID: "tro-objective", Severity: diag.Error, Summary: "A battle's objective is not exactly one of rout, seize, defend and escape."})
	CodeWeapon       = checks.Declare(diag.Code{ID: "tro-weapon", Severity: diag.Error, Summary: "A weapon's properties do not fit its type: hostile on a weapon that is not a staff, a siege weapon with a rank."})
)
