package cli

// Every game registers itself with the compiler and the games registry.
import _ "github.com/roundtable-dev/roundtable/games/all"
