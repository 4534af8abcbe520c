// Package annas registers Anna's Roundtable with the games registry: its modes,
// its own commands and its base ruleset.
package annas

import (
	compiler "github.com/roundtable-dev/roundtable/compiler/annas"
	"github.com/roundtable-dev/roundtable/games"
	generated "github.com/roundtable-dev/roundtable/generated/annas"
)

func init() {
	games.Register(&games.Game{
		ID:       compiler.GameID,
		Name:     "Anna's Roundtable",
		Base:     func() any { return generated.Ruleset },
		Scaffold: scaffold,
		Render:   render,
	})
}
