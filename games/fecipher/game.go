// Package fecipher registers Fire Emblem Cipher with the games registry: its modes,
// its own commands and its base ruleset.
package fecipher

import (
	feccompiler "github.com/roundtable-dev/roundtable/compiler/fecipher"
	fecengine "github.com/roundtable-dev/roundtable/engine/fecipher"
	"github.com/roundtable-dev/roundtable/games"
	fecgen "github.com/roundtable-dev/roundtable/generated/fecipher"
)

func init() {
	games.Register(feccompiler.Game, &games.Game{
		Modes:    fecengine.Modes,
		Base:     func() any { return fecgen.Ruleset },
		Import:   importCommand,
		Scaffold: scaffold,
		Render:   render,
	})
}
