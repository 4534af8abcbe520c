// Package battlecrest is the compile step of Battlecrest: it links the
// validated documents, runs the map and hero set checks and builds the
// engine's tables.
package battlecrest

import (
	"reflect"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	content "github.com/roundtable-dev/roundtable/content/battlecrest"
	"github.com/roundtable-dev/roundtable/engine/battlecrest/table"
	schema "github.com/roundtable-dev/roundtable/schema/battlecrest"
)

// GameID is the pack game id.
const GameID = "battlecrest"

// Game is Battlecrest as the core sees it.
var Game = &compiler.Game{
	ID:   GameID,
	Name: "Battlecrest",
	Kinds: []compiler.Kind{
		{Name: "crest", Def: "#Crest", Doc: reflect.TypeFor[crestDoc](), Summary: "a crest type"},
		{Name: "map-set", Def: "#MapSet", Doc: reflect.TypeFor[mapDoc](), Summary: "a map set's diagram"},
		{Name: "landmark", Def: "#Landmark", Doc: reflect.TypeFor[landmarkDoc](), Summary: "a landmark card of a map set"},
		{Name: "hero-set", Def: "#HeroSet", Doc: reflect.TypeFor[heroSetDoc](), Summary: "a hero set: hero, minion and health card"},
		{Name: "action", Def: "#Action", Doc: reflect.TypeFor[actionDoc](), Summary: "an action card of a hero set"},
	},
	Schema:     schema.FS,
	Content:    content.FS,
	ContentDir: "content/battlecrest",
	Build:      build,
	GenDir:     "generated/battlecrest",
	GenPackage: "battlecrest",
	GenVar:     "Ruleset",
	GoConsts:   table.GoConsts,
}

func init() { compiler.Register(Game) }

// Codes of Battlecrest checks.
const (
	CodeAbility     = "bc-ability"
	CodeSpecial     = "bc-special"
	CodeEffect      = "bc-effect"
	CodeShortcut    = "bc-shortcut"
	CodeHealth      = "bc-health"
	CodeMapWidth    = "bc-map-width"
	CodeMapCount    = "bc-map-landmarks"
	CodeMapSpace    = "bc-map-space"
	CodeMapStart    = "bc-map-start"
	CodeMapMinion   = "bc-map-minion"
	CodeNumber      = "bc-landmark-number"
	CodeNoActions   = "bc-set-actions"
	CodeSetSize     = "bc-set-size"
	CodeDeadCrest   = "bc-crest-unused"
	CodeMinionStart = "bc-minion-start"
	CodeCondition   = "bc-condition"
	CodeMapSize     = "bc-map-size"
)

// SetCards is the size of a base hero set (rulebook components: hero,
// health and four cards that are actions or a minion and actions).
const SetCards = 6

// MapCards is the size of a map set (rulebook components: "Fellwoods Map Set
// (6 Landmark Cards)"; Map Setup: "Shuffle the six Landmark Cards").
const MapCards = 6

func init() {
	diag.Register(
		diag.Code{ID: CodeAbility, Severity: diag.Error, Summary: "An ability is not exactly one of attack, march, force or star, or its range fields do not fit its keyword."},
		diag.Code{ID: CodeSpecial, Severity: diag.Error, Summary: "A special ability is both star-powered and conditional, has no ability to resolve, has an ability but neither a star nor a condition, or its ability is a star."},
		diag.Code{ID: CodeEffect, Severity: diag.Error, Summary: "A map effect is not exactly one of shortcut, bonus or hazard."},
		diag.Code{ID: CodeShortcut, Severity: diag.Error, Summary: "A shortcut arrow points back at the edge the shortcut starts from, or repeats an arrow."},
		diag.Code{ID: CodeHealth, Severity: diag.Error, Summary: "A health card side's end (flip or skull) is not right of its start, so damage cannot reach it."},
		diag.Code{ID: CodeMapWidth, Severity: diag.Error, Summary: "A map diagram's rows have different widths."},
		diag.Code{ID: CodeMapCount, Severity: diag.Error, Summary: "A map diagram's landmark positions differ in number from the map set's landmark cards."},
		diag.Code{ID: CodeMapSpace, Severity: diag.Error, Summary: "A space of a map diagram is not adjacent to any landmark position, so no warrior may enter it."},
		diag.Code{ID: CodeMapStart, Severity: diag.Error, Summary: "A map diagram does not have two hero starts, each adjacent to exactly one landmark position and not the same one."},
		diag.Code{ID: CodeMapMinion, Severity: diag.Error, Summary: "A minion start is not adjacent to exactly one hero start."},
		diag.Code{ID: CodeNumber, Severity: diag.Error, Summary: "Two landmark cards of one map set have the same number (warrior placement compares numbers)."},
		diag.Code{ID: CodeNoActions, Severity: diag.Error, Summary: "A hero set has no action cards, so its hero can neither move nor act."},
		diag.Code{ID: CodeSetSize, Severity: diag.Warning, Summary: "A hero set does not have six cards (hero, health, minion and action cards), the size of the rulebook's sets."},
		diag.Code{ID: CodeDeadCrest, Severity: diag.Warning, Summary: "A crest bonus names a crest that no card of its hero set can prime, so it never adds anything."},
		diag.Code{ID: CodeMinionStart, Severity: diag.Error, Summary: "A hero set has a minion but a map diagram has no minion start beside a hero start."},
		diag.Code{ID: CodeCondition, Severity: diag.Warning, Summary: "A special ability's when: condition cannot be read (a clause outside the vocabulary, no timing or two, clauses that never hold together), or the special has neither a star nor a condition: the engine never uses it."},
		diag.Code{ID: CodeMapSize, Severity: diag.Warning, Summary: "A map set does not have six landmark cards, the size of the rulebook's map sets."},
	)
}
