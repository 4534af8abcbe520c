// Package annas is the rules engine of Anna's Roundtable (rulebook I–VII,
// the 1v1 game). It reads only table values: the generated base ruleset or
// one compiled from packs at run time; it knows no card by name.
//
// A Game changes only through Apply, which accepts exactly what
// LegalActions offers and otherwise returns an error without changing
// anything. All randomness comes from the PCG source seeded in Options, so
// a seed and a list of actions replay a game byte for byte.
//
// Layout:
//
//	board.go, move.go     tiles, distances, Field.Reach (movement)
//	combat.go, fight.go   strikes (pure Resolve, Forecast) and combat on the board
//	state.go, setup.go    the state and New (rulebook I)
//	legal.go, apply.go    LegalActions and Apply (rulebook III–V)
//	effects.go            effect sources, stats, conditions (the vocabulary's reading side)
//	resolve.go, events.go targets and ops; events, reaction windows, damage and defeat
//	turn.go               turn passing, DV tiles, the end of the game
//	policy.go             the random and greedy policies and Play
//
// Effects resolve in continuation-passing style. An event (attacked, would
// be defeated, moved, …) first resolves the passives that watch it, then
// opens a reaction window for each player with a usable reaction special or
// reaction shop card; while a window is open, LegalActions offers only that
// player's React and Pass actions, and the rest of the interrupted action
// runs when they answer. Choice windows work the same way when an effect
// that fired on its own needs its controller to pick a unit, a tile or cards.
//
// Boss Mode (rulebook VIII) is meant to reuse this: the mode's numbers are a
// table.ModeRules (Game.num, today always Rules.Versus), pieces carry an
// owner, movement takes its closed zones from Field, and the event/window
// machinery does not assume two players beyond Players and the opponent
// helpers (1-p) that a co-op mode would replace.
package annas
