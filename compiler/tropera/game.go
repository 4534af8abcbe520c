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
		{Name: "skirmish", Def: "#Skirmish", Summary: "two sides of characters for the engine", Plural: "skirmishes"},
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

// DefaultRounds is a skirmish's length when it gives none (schema: *10).
const DefaultRounds = 10

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
		diag.Code{ID: CodeDeployWeapon, Severity: diag.Error, Summary: "A skirmish equips a character with a weapon it neither carries nor has by a feat."},
		diag.Code{ID: CodeFocus, Severity: diag.Error, Summary: "A Focus feat names no focus proficiency, a focus is named without the feat, or the focus is not one of the character's proficiencies."},
		diag.Code{ID: CodeNatural, Severity: diag.Error, Summary: "A character picks natural weapons no feat of its lets it choose, or not as many as the feat says (Dragon's Breath: one element)."},
		diag.Code{ID: CodeDeployTwice, Severity: diag.Error, Summary: "A skirmish deploys the same character twice."},
	)
}
