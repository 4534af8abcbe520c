package main

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"
)

func init() { register(newVersion) }

func newVersion() *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print the roundtable version",
		Example: "  roundtable version",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			fmt.Fprintf(cmd.OutOrStdout(), "roundtable %s\n", version())
			return nil
		},
	}
}

// version is the module version of this build, "(devel)" outside a release.
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}
