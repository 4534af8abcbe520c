package cli

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/emit"
	"github.com/roundtable-dev/roundtable/compiler/schemaexport"
)

func newSchema() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "schema",
		Short: "Export a game's content schemas for editors and other tools",
		Example: `  roundtable schema export --game annas --out .schemas
  # then start each content file with:
  # yaml-language-server: $schema=../.schemas/unit.schema.json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return usageErr("missing subcommand; see 'roundtable schema --help'")
		},
	}
	cmd.AddCommand(newSchemaExport())
	return cmd
}

func newSchemaExport() *cobra.Command {
	var game, out string
	cmd := &cobra.Command{
		Use:   "export --game GAME --out DIR",
		Short: "Write one JSON Schema (draft 2020-12) per kind",
		Long: `Export derives a JSON Schema (draft 2020-12) for each kind of a game, and one for
pack.yaml, from the same CUE definitions check uses: descriptions come from the CUE
comments, enums and numeric ranges from the constraints, required fields from the
fields marked !, and closed definitions become additionalProperties: false. Files are
named <kind>.schema.json and written only when they change.

Point yaml-language-server at them for completion, hover and live errors
(docs/editors.md). The schemas catch types, ranges, enums, unknown and missing
fields; references between entities and the game's own checks need roundtable check.`,
		Example: `  roundtable schema export --game annas --out .schemas`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			g, ok := compiler.Lookup(game)
			if !ok {
				return usageErr("unknown --game %q (want one of %s)", game, strings.Join(compiler.GameIDs(), ", "))
			}
			files, err := schemaexport.Export(g)
			if err != nil {
				return err
			}
			written, err := emit.Write(out, files)
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			for _, f := range written {
				fmt.Fprintf(w, "wrote %s\n", filepath.ToSlash(filepath.Join(out, f)))
			}
			fmt.Fprintf(w, "%d schemas written, %d unchanged\n", len(written), len(files)-len(written))
			return nil
		},
	}
	cmd.Flags().StringVar(&game, "game", "", "game id: "+strings.Join(compiler.GameIDs(), ", "))
	cmd.Flags().StringVarP(&out, "out", "o", "", "folder to write the schemas to")
	_ = cmd.MarkFlagRequired("game")
	_ = cmd.MarkFlagRequired("out")
	return cmd
}
