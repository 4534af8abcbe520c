// Package annas registers Anna's Roundtable with the games registry: its modes,
// its own commands (forecast, reach) and its base ruleset.
package annas

import (
	"github.com/spf13/cobra"

	compiler "github.com/roundtable-dev/roundtable/compiler/annas"
	engine "github.com/roundtable-dev/roundtable/engine/annas"
	"github.com/roundtable-dev/roundtable/games"
	generated "github.com/roundtable-dev/roundtable/generated/annas"
)

var game = &games.Game{
	ID:       compiler.GameID,
	Name:     "Anna's Roundtable",
	Modes:    engine.Modes,
	Base:     func() any { return generated.Ruleset },
	Scaffold: scaffold,
	Render:   render,
}

func init() {
	game.Commands = []func() *cobra.Command{newForecast, newReach}
	games.Register(game)
}
