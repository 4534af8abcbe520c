// Package battlecrest is the compile step of Battlecrest: it links the
// validated documents, runs the map and hero set checks and builds the
// engine's tables.
package battlecrest

import (
	"reflect"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	bccontent "github.com/roundtable-dev/roundtable/content/battlecrest"
	"github.com/roundtable-dev/roundtable/engine/battlecrest/table"
	bcschema "github.com/roundtable-dev/roundtable/schema/battlecrest"
)

// checks is the catalogue of the game's diagnostic codes; each id starts
// with its prefix.
var checks = diag.NewCatalogue("bc-")

// Game is Battlecrest as the core sees it.
var Game = &compiler.Game{
	ID:     "battlecrest",
	Name:   "Battlecrest",
	Checks: checks,
	Kinds: []compiler.Kind{
		{Name: "crest", Def: "#Crest", Doc: reflect.TypeFor[crestDoc](), Summary: "a crest type"},
		{Name: "map-set", Def: "#MapSet", Doc: reflect.TypeFor[mapDoc](), Summary: "a map set's diagram"},
		{Name: "landmark", Def: "#Landmark", Doc: reflect.TypeFor[landmarkDoc](), Summary: "a landmark card of a map set"},
		{Name: "hero-set", Def: "#HeroSet", Doc: reflect.TypeFor[heroSetDoc](), Summary: "a hero set: hero, minion and health card"},
		{Name: "action", Def: "#Action", Doc: reflect.TypeFor[actionDoc](), Summary: "an action card of a hero set"},
	},
	Schema:     bcschema.FS,
	Content:    bccontent.FS,
	ContentDir: "content/battlecrest",
	Build:      build,
	GenDir:     "generated/battlecrest",
	GenPackage: "battlecrest",
	GenVar:     "Ruleset",
	GoConsts:   table.GoConsts,
}

func init() { compiler.Register(Game) }

// Codes of Battlecrest checks.
var (
	CodeAbility     = checks.Declare(diag.Code{ID: "bc-ability", Severity: diag.Error, Summary: "An ability is not exactly one of attack, march, force or star, or its range fields do not fit its keyword."})
	CodeSpecial     = checks.Declare(diag.Code{ID: "bc-special", Severity: diag.Error, Summary: "A special ability is both star-powered and conditional, or star-powered with a target, has no ability to resolve, has an ability but neither a star nor a condition, or its ability is a star."})
	CodeEffect      = checks.Declare(diag.Code{ID: "bc-effect", Severity: diag.Error, Summary: "A map effect is not exactly one of shortcut, bonus or hazard."})
	CodeShortcut    = checks.Declare(diag.Code{ID: "bc-shortcut", Severity: diag.Error, Summary: "A shortcut arrow points back at the edge the shortcut starts from, or repeats an arrow."})
	CodeHealth      = checks.Declare(diag.Code{ID: "bc-health", Severity: diag.Error, Summary: "A health card side's end (flip or skull) is not right of its start, so damage cannot reach it."})
	CodeMapWidth    = checks.Declare(diag.Code{ID: "bc-map-width", Severity: diag.Error, Summary: "A map diagram's rows have different widths."})
	CodeMapCount    = checks.Declare(diag.Code{ID: "bc-map-landmarks", Severity: diag.Error, Summary: "A map diagram's landmark positions differ in number from the map set's landmark cards."})
	CodeMapSpace    = checks.Declare(diag.Code{ID: "bc-map-space", Severity: diag.Error, Summary: "A space of a map diagram is not adjacent to any landmark position, so no warrior may enter it."})
	CodeMapStart    = checks.Declare(diag.Code{ID: "bc-map-start", Severity: diag.Error, Summary: "A map diagram does not have two hero starts, each adjacent to exactly one landmark position and not the same one."})
	CodeMapMinion   = checks.Declare(diag.Code{ID: "bc-map-minion", Severity: diag.Error, Summary: "A minion start is not adjacent to exactly one hero start."})
	CodeNumber      = checks.Declare(diag.Code{ID: "bc-landmark-number", Severity: diag.Error, Summary: "Two landmark cards of one map set have the same number (warrior placement compares numbers)."})
	CodeNoActions   = checks.Declare(diag.Code{ID: "bc-set-actions", Severity: diag.Error, Summary: "A hero set has no action cards, so its hero can neither move nor act."})
	CodeSetSize     = checks.Declare(diag.Code{ID: "bc-set-size", Severity: diag.Warning, Summary: "A hero set does not have six cards (hero, health, minion and action cards), the size of the rulebook's sets."})
	CodeDeadCrest   = checks.Declare(diag.Code{ID: "bc-crest-unused", Severity: diag.Warning, Summary: "A crest bonus names a crest that no card of its hero set can prime, so it never adds anything."})
	CodeMinionStart = checks.Declare(diag.Code{ID: "bc-minion-start", Severity: diag.Error, Summary: "A hero set has a minion but a map diagram has no minion start beside a hero start."})
	CodeCondition   = checks.Declare(diag.Code{ID: "bc-condition", Severity: diag.Warning, Summary: "A special ability's when: condition cannot be read (a clause outside the vocabulary, an event of another warrior or a distance it cannot read, no timing or two, an event on a landmark, clauses that never hold together), its target: cannot be its event's, or the special has neither a star nor a condition: the engine never uses it."})
	CodeMapSize     = checks.Declare(diag.Code{ID: "bc-map-size", Severity: diag.Warning, Summary: "A map set does not have six landmark cards, the size of the rulebook's map sets."})
)

// SetCards is the size of a base hero set (rulebook components: hero,
// health and four cards that are actions or a minion and actions).
const SetCards = 6

// MapCards is the size of a map set (rulebook components: "Fellwoods Map Set
// (6 Landmark Cards)"; Map Setup: "Shuffle the six Landmark Cards").
const MapCards = 6
