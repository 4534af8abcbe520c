// Package tablebattles is the compile step of Table Battles: it parses dice
// areas and effects, links formations to scenarios, runs the game's checks
// and builds the engine's tables.
package tablebattles

import (
	"reflect"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	tbcontent "github.com/roundtable-dev/roundtable/content/tablebattles"
	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
	tbschema "github.com/roundtable-dev/roundtable/schema/tablebattles"
)

// checks is the catalogue of the game's diagnostic codes; each id starts
// with its prefix.
var checks = diag.NewCatalogue("tb-")

// Game is Table Battles as the core sees it.
var Game = &compiler.Game{
	ID:     "table-battles",
	Name:   "Table Battles",
	Checks: checks,
	Kinds: []compiler.Kind{
		{Name: "formation", Def: "#Formation", Doc: reflect.TypeFor[formationDoc](), Summary: "one side of a formation card"},
		{Name: "scenario", Def: "#Scenario", Doc: reflect.TypeFor[scenarioDoc](), Summary: "a scenario's set-up card"},
	},
	Schema:     tbschema.FS,
	Content:    tbcontent.FS,
	ContentDir: "content/tablebattles",
	Build:      build,
	GenDir:     "generated/tablebattles",
	GenPackage: "tablebattles",
	GenVar:     "Ruleset",
	GoConsts:   table.GoConsts,
}

func init() { compiler.Register(Game) }

// Codes of the Table Battles checks.
var (
	CodeDiceArea      = checks.Declare(diag.Code{ID: "tb-dice-area", Severity: diag.Error, Summary: "A formation's dice area is malformed (reported at the column inside the string)."})
	CodeEffect        = checks.Declare(diag.Code{ID: "tb-effect", Severity: diag.Error, Summary: "An action's effect is malformed or does not fit the action's type."})
	CodeTarget        = checks.Declare(diag.Code{ID: "tb-target", Severity: diag.Error, Summary: "An action's target is not a formation it may target in the scenario (attacks and screens name enemies that can be attacked, absorbs name friends)."})
	CodeReserve       = checks.Declare(diag.Code{ID: "tb-reserve", Severity: diag.Error, Summary: "A formation is in reserve behind a formation that is not a friendly one of the same scenario."})
	CodeCommand       = checks.Declare(diag.Code{ID: "tb-command", Severity: diag.Error, Summary: "A command action names a formation that does not start in reserve on the same side."})
	CodeSpecialAction = checks.Declare(diag.Code{ID: "tb-special-action", Severity: diag.Error, Summary: "A special formation has an action or ability special formations cannot use."})
	CodeCubes         = checks.Declare(diag.Code{ID: "tb-cubes", Severity: diag.Error, Summary: "A scenario's starting morale plus its special formations' cubes do not fit the box's cubes (ten)."})
	CodeNoAttack      = checks.Declare(diag.Code{ID: "tb-no-attack", Severity: diag.Error, Summary: "A side cannot attack the other at the start: the scenario is lost before it begins."})
	CodeSide          = checks.Declare(diag.Code{ID: "tb-side", Severity: diag.Error, Summary: "A scenario names an unknown side, or lists a formation twice or on both sides."})
	CodeRequirement   = checks.Declare(diag.Code{ID: "tb-requirement", Severity: diag.Error, Summary: "An action's requirement can never be met with the dice its card's dice area accepts."})
	CodeRequireDice   = checks.Declare(diag.Code{ID: "tb-requirement-dice", Severity: diag.Error, Summary: "An action's requirement needs more dice on its card than its side has (six, unless a special rule says), as the dice area lets them gather: the action can never be taken."})
	CodeCard          = checks.Declare(diag.Code{ID: "tb-card", Severity: diag.Error, Summary: "Two formations claim the same card number and side."})
	CodeUnused        = checks.Declare(diag.Code{ID: "tb-unused", Severity: diag.Warning, Summary: "A formation is listed in no scenario."})
	CodeSpecialRule   = checks.Declare(diag.Code{ID: "tb-special-rule", Severity: diag.Error, Summary: "A special rule's effect changes nothing or more than one thing, takes a part its change does not (actions for a rout's morale, turns for dice), names a formation not in the scenario or on another side, or has its turns in the wrong order."})
)
