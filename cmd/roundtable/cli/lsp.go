package cli

import (
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/compiler/lsp"
	"github.com/roundtable-dev/roundtable/compiler/project"
)

func newLSP() *cobra.Command {
	var o lsp.Options
	var baseline string
	cmd := &cobra.Command{
		Use:   "lsp",
		Short: "Run the language server (stdio) for editors",
		Long: `Lsp speaks the Language Server Protocol on standard input and output: every check of
roundtable check while you type (schema, references, every game check, with the same
codes, messages and hints), completion of fields, enum words and ids of the right kind,
hover, go to definition, find references, rename of ids, and quick fixes. It checks
every pack folder (a folder with pack.yaml) under the editor's workspace folders, with
the embedded base packs they require; those are extracted read-only so that the editor
can open them. Set-up for VS Code, Neovim, Helix and Emacs: docs/editors.md.`,
		Example: `  roundtable lsp     # started by the editor, not by hand: see docs/editors.md`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if baseline != "" {
				b, err := project.ReadBaseline(baseline)
				if err != nil {
					return usageErr("--baseline: %v", err)
				}
				o.Baseline = b
			}
			logw := cmd.ErrOrStderr()
			if os.Getenv("ROUNDTABLE_LSP_LOG") == "" {
				logw = io.Discard
			}
			return lsp.Serve(cmd.Context(), stdio{cmd.InOrStdin(), cmd.OutOrStdout()}, o, logw)
		},
	}
	cmd.Flags().StringVar(&baseline, "baseline", "", "do not show the problems this baseline file accepts, as check --baseline does")
	cmd.Flags().StringVar(&o.BaseDir, "base-dir", "", "extract the embedded base packs here (default: the user cache folder, roundtable/base)")
	return cmd
}

// stdio joins standard input and output into the server's stream.
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return nil }
