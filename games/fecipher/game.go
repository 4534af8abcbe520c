// Package fecipher registers Fire Emblem Cipher with the games registry: its modes,
// its own commands and its base ruleset.
package fecipher

import (
	compiler "github.com/roundtable-dev/roundtable/compiler/fecipher"
	engine "github.com/roundtable-dev/roundtable/engine/fecipher"
	"github.com/roundtable-dev/roundtable/games"
	generated "github.com/roundtable-dev/roundtable/generated/fecipher"
)

func init() {
	games.Register(&games.Game{
		ID:       compiler.GameID,
		Name:     "Fire Emblem Cipher",
		Modes:    engine.Modes,
		Base:     func() any { return generated.Ruleset },
		Import:   importCommand,
		Scaffold: scaffold,
		Render:   render,
	})
}
