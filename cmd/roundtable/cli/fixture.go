package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/bench/fixture"
)

// newFixture is hidden: it writes synthetic packs for benchmarks.
func newFixture() *cobra.Command {
	var o fixture.Options
	cmd := &cobra.Command{
		Use:    "fixture DIR",
		Short:  "Write a synthetic Anna's Roundtable pack of N units (for benchmarks)",
		Hidden: true,
		Long: `Fixture writes a valid pack (pack.yaml, tags, terrain and --units unit cards) into
DIR, the same bytes for the same --seed. --layout per-unit writes one file per unit;
--layout list writes one multi-document file per 1,000 units.`,
		Example: `  roundtable fixture --units 10000 --layout list ./pack10k
  roundtable check ./pack10k`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.Units < 0 {
				return usageErr("--units must not be negative")
			}
			if err := fixture.Write(args[0], o); err != nil {
				return usageErr("%v", err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %d units to %s (%s)\n", o.Units, args[0], o.Layout)
			return nil
		},
	}
	cmd.Flags().IntVarP(&o.Units, "units", "n", 1000, "number of unit cards")
	cmd.Flags().Uint64Var(&o.Seed, "seed", 1, "random seed; the same seed writes the same pack")
	cmd.Flags().StringVar(&o.Layout, "layout", fixture.PerUnit, "per-unit or list")
	return cmd
}
