package main

// Each game's compile step registers itself with the core.
import (
	_ "github.com/roundtable-dev/roundtable/compiler/annas"
	_ "github.com/roundtable-dev/roundtable/compiler/battlecrest"
	_ "github.com/roundtable-dev/roundtable/compiler/fecipher"
	_ "github.com/roundtable-dev/roundtable/compiler/tablebattles"
	_ "github.com/roundtable-dev/roundtable/compiler/tropera"
)
