// Package battlecrest registers Battlecrest with the games registry: its modes,
// its own commands and its base ruleset.
package battlecrest

import (
	compiler "github.com/roundtable-dev/roundtable/compiler/battlecrest"
	engine "github.com/roundtable-dev/roundtable/engine/battlecrest"
	"github.com/roundtable-dev/roundtable/games"
	generated "github.com/roundtable-dev/roundtable/generated/battlecrest"
)

func init() {
	games.Register(&games.Game{
		ID:       compiler.GameID,
		Name:     "Battlecrest",
		Modes:    engine.Modes,
		Base:     func() any { return generated.Ruleset },
		Scaffold: scaffold,
		Render:   render,
	})
}
