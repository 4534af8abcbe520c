// Package tropera registers Fire Emblem Tropera with the games registry: its modes,
// its own commands and its base ruleset.
package tropera

import (
	trocompiler "github.com/roundtable-dev/roundtable/compiler/tropera"
	troengine "github.com/roundtable-dev/roundtable/engine/tropera"
	"github.com/roundtable-dev/roundtable/games"
	trogen "github.com/roundtable-dev/roundtable/generated/tropera"
)

func init() {
	games.Register(trocompiler.Game, &games.Game{
		Modes:    troengine.Modes,
		Commands: commands,
		Base:     func() any { return trogen.Ruleset },
		Scaffold: scaffold,
		Render:   render,
	})
}
