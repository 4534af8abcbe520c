package cli

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/games"
)

// newImport is `roundtable import GAME ...`: one subcommand per game that
// registers an importer (games.Game.Import).
func newImport() *cobra.Command {
	var ids []string
	for _, g := range games.All() {
		if g.Import != nil {
			ids = append(ids, g.ID)
		}
	}
	cmd := &cobra.Command{
		Use:   "import GAME FILE --out DIR",
		Short: "Turn published card data into a content pack",
		Long: `Import converts a game's published data into a pack folder that check can read.
Each game that imports is a subcommand: ` + strings.Join(ids, ", ") + `.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErr("give a game: %s", strings.Join(ids, ", "))
			}
			return usageErr("no importer for game %q (games that import: %s)", args[0], strings.Join(ids, ", "))
		},
	}
	// Parsed here too, so that an unknown game gets its own message rather
	// than "unknown flag: --out".
	cmd.Flags().StringP("out", "o", "", "folder to write the pack to (each game's importer takes it)")
	var examples []string
	for _, g := range games.All() {
		if g.Import == nil {
			continue
		}
		sub := g.Import()
		cmd.AddCommand(sub)
		if sub.Example != "" {
			examples = append(examples, sub.Example)
		}
	}
	cmd.Example = strings.Join(examples, "\n")
	return cmd
}
