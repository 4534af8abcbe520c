// Package annas registers Anna's Roundtable with the games registry: its modes,
// its own commands (forecast, reach) and its base ruleset.
package annas

import (
	"github.com/spf13/cobra"

	annascompiler "github.com/roundtable-dev/roundtable/compiler/annas"
	annasengine "github.com/roundtable-dev/roundtable/engine/annas"
	"github.com/roundtable-dev/roundtable/games"
	annasgen "github.com/roundtable-dev/roundtable/generated/annas"
)

var game = &games.Game{
	Modes:    annasengine.Modes,
	Base:     func() any { return annasgen.Ruleset },
	Scaffold: scaffold,
	Render:   render,
}

func init() {
	game.Commands = []func() *cobra.Command{newForecast, newReach}
	games.Register(annascompiler.Game, game)
}
