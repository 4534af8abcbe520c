package cli

import (
	"fmt"
	"os"
	"runtime/debug"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

func newMan() *cobra.Command {
	return &cobra.Command{
		Use:   "man DIR",
		Short: "Write a man page for every command into DIR",
		Long: `Man writes one page per command (roundtable.1, roundtable-check.1,
roundtable-schema-export.1, ...) from the same help text --help shows, into
DIR (created if needed). Release archives carry them in man/.

The date in the pages is the commit's time when the build recorded one, else
SOURCE_DATE_EPOCH, else today.`,
		Example: `  roundtable man ./man   # then: man ./man/roundtable-check.1
  # system-wide: sudo roundtable man /usr/local/share/man/man1`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := args[0]
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return usageErr("%v", err)
			}
			root := cmd.Root()
			root.DisableAutoGenTag = true // no "generated on <date>" footer
			h := &doc.GenManHeader{Title: "ROUNDTABLE", Section: "1", Source: "roundtable " + version(), Manual: "roundtable manual"}
			if t, ok := commitTime(); ok && os.Getenv("SOURCE_DATE_EPOCH") == "" {
				h.Date = &t
			}
			if err := doc.GenManTreeFromOpts(root, doc.GenManTreeOptions{Header: h, Path: dir, CommandSeparator: "-"}); err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "wrote man pages to %s\n", dir)
			return nil
		},
	}
}

// commitTime is the time of the commit this binary was built from, when
// the build stamped it (vcs.time).
func commitTime() (time.Time, bool) {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return time.Time{}, false
	}
	for _, s := range bi.Settings {
		if s.Key == "vcs.time" {
			t, err := time.Parse(time.RFC3339, s.Value)
			return t, err == nil
		}
	}
	return time.Time{}, false
}
