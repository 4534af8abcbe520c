// Package tablebattles registers Table Battles with the games registry: its modes,
// its own commands and its base ruleset.
package tablebattles

import (
	compiler "github.com/roundtable-dev/roundtable/compiler/tablebattles"
	engine "github.com/roundtable-dev/roundtable/engine/tablebattles"
	"github.com/roundtable-dev/roundtable/games"
	generated "github.com/roundtable-dev/roundtable/generated/tablebattles"
)

func init() {
	games.Register(&games.Game{
		ID:       compiler.GameID,
		Name:     "Table Battles",
		Modes:    engine.Modes,
		Base:     func() any { return generated.Ruleset },
		Scaffold: scaffold,
		Render:   render,
	})
}
