// Package tablebattles is the compile step of Table Battles: it parses dice
// areas and effects, links formations to scenarios, runs the game's checks
// and builds the engine's tables.
package tablebattles

import (
	"reflect"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	content "github.com/roundtable-dev/roundtable/content/tablebattles"
	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
	schema "github.com/roundtable-dev/roundtable/schema/tablebattles"
)

// GameID is the pack game id.
const GameID = "table-battles"

// Game is Table Battles as the core sees it.
var Game = &compiler.Game{
	ID:   GameID,
	Name: "Table Battles",
	Kinds: []compiler.Kind{
		{Name: "formation", Def: "#Formation", Doc: reflect.TypeFor[formationDoc](), Summary: "one side of a formation card"},
		{Name: "scenario", Def: "#Scenario", Doc: reflect.TypeFor[scenarioDoc](), Summary: "a scenario's set-up card"},
	},
	Schema:     schema.FS,
	Content:    content.FS,
	ContentDir: "content/tablebattles",
	Build:      build,
	GenDir:     "generated/tablebattles",
	GenPackage: "tablebattles",
	GenVar:     "Ruleset",
	GoConsts:   table.GoConsts,
}

func init() { compiler.Register(Game) }

// Codes of the Table Battles checks.
const (
	CodeDiceArea      = "tb-dice-area"
	CodeEffect        = "tb-effect"
	CodeTarget        = "tb-target"
	CodeReserve       = "tb-reserve"
	CodeCommand       = "tb-command"
	CodeSpecialAction = "tb-special-action"
	CodeCubes         = "tb-cubes"
	CodeNoAttack      = "tb-no-attack"
	CodeSide          = "tb-side"
	CodeRequirement   = "tb-requirement"
	CodeRequireDice   = "tb-requirement-dice"
	CodeCard          = "tb-card"
	CodeUnused        = "tb-unused"
	CodeSpecialRule   = "tb-special-rule"
)

func init() {
	diag.Register(
		diag.Code{ID: CodeDiceArea, Severity: diag.Error, Summary: "A formation's dice area is malformed (reported at the column inside the string)."},
		diag.Code{ID: CodeEffect, Severity: diag.Error, Summary: "An action's effect is malformed or does not fit the action's type."},
		diag.Code{ID: CodeTarget, Severity: diag.Error, Summary: "An action's target is not a formation it may target in the scenario (attacks and screens name enemies that can be attacked, absorbs name friends)."},
		diag.Code{ID: CodeReserve, Severity: diag.Error, Summary: "A formation is in reserve behind a formation that is not a friendly one of the same scenario."},
		diag.Code{ID: CodeCommand, Severity: diag.Error, Summary: "A command action names a formation that does not start in reserve on the same side."},
		diag.Code{ID: CodeSpecialAction, Severity: diag.Error, Summary: "A special formation has an action or ability special formations cannot use."},
		diag.Code{ID: CodeCubes, Severity: diag.Error, Summary: "A scenario's starting morale plus its special formations' cubes do not fit the box's cubes (ten)."},
		diag.Code{ID: CodeNoAttack, Severity: diag.Error, Summary: "A side cannot attack the other at the start: the scenario is lost before it begins."},
		diag.Code{ID: CodeSide, Severity: diag.Error, Summary: "A scenario names an unknown side, or lists a formation twice or on both sides."},
		diag.Code{ID: CodeRequirement, Severity: diag.Error, Summary: "An action's requirement can never be met with the dice its card's dice area accepts."},
		diag.Code{ID: CodeRequireDice, Severity: diag.Error, Summary: "An action's requirement needs more dice on its card than its side has (six, unless a special rule says), as the dice area lets them gather: the action can never be taken."},
		diag.Code{ID: CodeCard, Severity: diag.Error, Summary: "Two formations claim the same card number and side."},
		diag.Code{ID: CodeSpecialRule, Severity: diag.Error, Summary: "A special rule's effect changes nothing or more than one thing, takes a part its change does not (actions for a rout's morale, turns for dice), names a formation not in the scenario or on another side, or has its turns in the wrong order."},
		diag.Code{ID: CodeUnused, Severity: diag.Warning, Summary: "A formation is listed in no scenario."},
	)
}
