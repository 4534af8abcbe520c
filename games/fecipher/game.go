// Package fecipher registers Fire Emblem Cipher with the games registry: its modes,
// its own commands and its base ruleset.
package fecipher

import (
	compiler "github.com/roundtable-dev/roundtable/compiler/fecipher"
	"github.com/roundtable-dev/roundtable/games"
	generated "github.com/roundtable-dev/roundtable/generated/fecipher"
)

func init() {
	games.Register(&games.Game{
		ID:       compiler.GameID,
		Name:     "Fire Emblem Cipher",
		Base:     func() any { return generated.Ruleset },
		Scaffold: scaffold,
	})
}
