package main

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"
)

// playFlags is the union of every game's play options; each game reads the
// ones it needs and rejects the rest.
type playFlags struct {
	game     string
	mode     string   // annas: versus | boss
	boss     string   // annas boss mode
	players  int      // annas boss mode: 2..4
	scenario string   // table-battles
	decks    []string // fe-cipher: two deck ids
	p1, p2   string   // built-in policies
	seed     int64
	format   string // text | json (JSON lines)
	packs    []string
}

// playGames maps a game id to its player; play_<game>.go files add theirs.
var playGames = map[string]func(cmd *cobra.Command, f *playFlags) error{}

// newPlayLegacy is the play command of the per-game engines before the game
// contract: `play --game G`. Games move to `play GAME [MODE]` one by one.
func newPlayLegacy() *cobra.Command {
	f := &playFlags{}
	cmd := &cobra.Command{
		Use:   "play",
		Short: "Play a whole game between built-in policies",
		Long: `Play runs a whole game with the rules engine of --game, driven by built-in
policies and a seeded random source: the same seed replays the same game, byte for
byte. It prints the log of actions and the result; --format json prints JSON lines,
one object per action, ending with one object holding the key "result".`,
		Example: `  roundtable play --seed 7
  roundtable play --seed 7 --p1 greedy --p2 random --format json | tail -1
  roundtable play --mode boss --boss grima --players 3 --seed 1`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			p, ok := playGames[f.game]
			if !ok {
				var ids []string
				for id := range playGames {
					ids = append(ids, id)
				}
				slices.Sort(ids)
				return usageErr("no engine for game %q (games that play: %s)", f.game, strings.Join(ids, ", "))
			}
			if f.format != "text" && f.format != "json" {
				return usageErr("unknown --format %q (want text or json)", f.format)
			}
			return p(cmd, f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.game, "game", "annas", "game id")
	fl.StringVar(&f.mode, "mode", "versus", "annas: versus (1v1) or boss (co-op)")
	fl.StringVar(&f.boss, "boss", "", "annas boss mode: boss id")
	fl.IntVar(&f.players, "players", 2, "annas boss mode: number of players, 2 to 4")
	fl.StringVar(&f.scenario, "scenario", "", "table-battles: scenario id")
	fl.StringArrayVar(&f.decks, "deck", nil, "fe-cipher: deck id (give two)")
	fl.StringVar(&f.p1, "p1", "greedy", "policy of the first player: random or greedy")
	fl.StringVar(&f.p2, "p2", "greedy", "policy of the second player: random or greedy")
	fl.Int64Var(&f.seed, "seed", 1, "random seed; the same seed replays the same game")
	fl.StringVarP(&f.format, "format", "f", "text", "output format: text or json (JSON lines)")
	fl.StringArrayVar(&f.packs, "pack", nil, "compile these pack folders instead of the embedded base content")
	return cmd
}
