// Package tropera registers Fire Emblem Tropera with the games registry: its modes,
// its own commands and its base ruleset.
package tropera

import (
	compiler "github.com/roundtable-dev/roundtable/compiler/tropera"
	engine "github.com/roundtable-dev/roundtable/engine/tropera"
	"github.com/roundtable-dev/roundtable/games"
	generated "github.com/roundtable-dev/roundtable/generated/tropera"
)

func init() {
	games.Register(&games.Game{
		ID:       compiler.GameID,
		Name:     "Fire Emblem Tropera",
		Modes:    engine.Modes,
		Commands: commands,
		Base:     func() any { return generated.Ruleset },
		Scaffold: scaffold,
		Render:   render,
	})
}
