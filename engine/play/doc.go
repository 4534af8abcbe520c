// Package play is the game contract: the one API through which every game's
// rules engine is played, so that play, legal, sim, serve and render are
// written once for all games.
//
// A game offers one or more Modes. A Mode starts a Match from a compiled
// ruleset and Options (seed, the mode's own flags), or loads one from a
// position. A Match lists its legal actions by index, each with a stable text;
// every decision any player makes (reaction windows, targets, boss-mode
// choices, level-up picks, which bond to flip) is one of those actions. So a
// seed plus the list of action texts replays a match exactly, and policies,
// people, scripts and tests all play through the same door.
//
// The package imports no game: games import it.
package play
