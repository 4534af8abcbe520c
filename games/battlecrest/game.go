// Package battlecrest registers Battlecrest with the games registry: its modes,
// its own commands and its base ruleset.
package battlecrest

import (
	bccompiler "github.com/roundtable-dev/roundtable/compiler/battlecrest"
	bcengine "github.com/roundtable-dev/roundtable/engine/battlecrest"
	"github.com/roundtable-dev/roundtable/games"
	bcgen "github.com/roundtable-dev/roundtable/generated/battlecrest"
)

func init() {
	games.Register(bccompiler.Game, &games.Game{
		Modes:    bcengine.Modes,
		Base:     func() any { return bcgen.Ruleset },
		Scaffold: scaffold,
		Render:   render,
	})
}
