// Package tablebattles registers Table Battles with the games registry: its modes,
// its own commands and its base ruleset.
package tablebattles

import (
	tbcompiler "github.com/roundtable-dev/roundtable/compiler/tablebattles"
	tbengine "github.com/roundtable-dev/roundtable/engine/tablebattles"
	"github.com/roundtable-dev/roundtable/games"
	tbgen "github.com/roundtable-dev/roundtable/generated/tablebattles"
)

func init() {
	games.Register(tbcompiler.Game, &games.Game{
		Modes:    tbengine.Modes,
		Base:     func() any { return tbgen.Ruleset },
		Scaffold: scaffold,
		Render:   render,
	})
}
