package cli

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// releaseVersion is set for release builds:
//
//	go build -ldflags "-X github.com/roundtable-dev/roundtable/cmd/roundtable/cli.releaseVersion=v1.2.3" ./cmd/roundtable
//
// (.goreleaser.yaml does). Otherwise the version comes from the build info.
var releaseVersion string

func newVersion() *cobra.Command {
	var verbose bool
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print the roundtable version",
		Long: `Version prints the version of this build: the release's tag for release
archives, the module version for go install ...@version, and the git commit
(with ", modified" for uncommitted changes) for builds from a checkout.
--verbose adds the Go version and the platform.`,
		Example: "  roundtable version\n  roundtable --version",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			fmt.Fprintf(cmd.OutOrStdout(), "roundtable %s\n", version())
			if verbose {
				fmt.Fprintf(cmd.OutOrStdout(), "%s %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&verbose, "verbose", false, "also print the Go version and platform")
	return cmd
}

// version is the version of this build (see versionOf).
func version() string {
	bi, _ := debug.ReadBuildInfo()
	return versionOf(releaseVersion, bi)
}

// versionOf says which build this is: the release version when the linker
// set one, else the main module's version from the build info (v1.2.3 after
// go install ...@v1.2.3; a pseudo-version or "(devel)" in a checkout), then
// the commit it was built from when the build stamped one (vcs.revision,
// vcs.modified: go build in a git work tree).
func versionOf(release string, bi *debug.BuildInfo) string {
	v := release
	if v == "" && bi != nil {
		v = bi.Main.Version
	}
	if v == "" {
		v = "(devel)"
	}
	if bi == nil {
		return v
	}
	var rev string
	modified := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		return v
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if strings.Contains(v, rev) {
		return v // a pseudo-version names the commit (and +dirty says modified)
	}
	extra := "commit " + rev
	if modified {
		extra += ", modified"
	}
	return v + " (" + extra + ")"
}
