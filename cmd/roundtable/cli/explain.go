package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

func newExplain() *cobra.Command {
	return &cobra.Command{
		Use:   "explain [CODE]",
		Short: "Explain a diagnostic code, or list them all",
		Long: `explain prints a diagnostic code's page from the code registry: what it means, its
default severity, and how a project changes or accepts it (roundtable.yaml, an inline
suppression). With no code it lists every code.`,
		Example: `  roundtable explain unknown-ref
  roundtable explain | grep annas-`,
		Args: cobra.MaximumNArgs(1),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			var ids []string
			for _, c := range diag.Codes() {
				ids = append(ids, c.ID+"\t"+c.Summary)
			}
			return ids, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			w := cmd.OutOrStdout()
			if len(args) == 0 {
				for _, c := range diag.Codes() {
					fmt.Fprintf(w, "%-28s %-7s  %s\n", c.ID, c.Severity, c.Summary)
				}
				return nil
			}
			c, ok := diag.Lookup(args[0])
			if !ok {
				var ids []string
				for _, c := range diag.Codes() {
					ids = append(ids, c.ID)
				}
				if s := phrase.Suggest(args[0], ids); s != "" {
					return usageErr("unknown diagnostic code %q (did you mean %q?)", args[0], s)
				}
				return usageErr("unknown diagnostic code %q; roundtable explain lists them", args[0])
			}
			fmt.Fprintf(w, "%s: %s by default\n\n%s\n", c.ID, c.Severity, c.Summary)
			if len(c.Reads) > 0 {
				what := "the documents of kind " + strings.Join(c.Reads, ", ")
				if c.Reads[0] == "*" {
					what = "other documents"
				}
				fmt.Fprintf(w, "\nThe check reads %s: while one of them is broken, it is folded into a\nnote under that document's error (one mistake, one error).\n", what)
			}
			fmt.Fprintf(w, `
A project can change its severity in roundtable.yaml (docs/project.md):
    severity:
      %s: off        # or warning, error
or accept one occurrence on its line, or alone on the line above it:
    # roundtable:ignore %s -- why this is right

More: %s
`, c.ID, c.ID, diag.DocURL(c.ID))
			return nil
		},
	}
}
