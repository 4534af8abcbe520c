// Package all registers every game with the compiler and with the games
// registry: the one list of games. Import it for its side effects.
package all

import (
	_ "github.com/roundtable-dev/roundtable/games/annas"
	_ "github.com/roundtable-dev/roundtable/games/battlecrest"
	_ "github.com/roundtable-dev/roundtable/games/fecipher"
	_ "github.com/roundtable-dev/roundtable/games/tablebattles"
	_ "github.com/roundtable-dev/roundtable/games/tropera"
)
