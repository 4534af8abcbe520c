package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/games"
)

// Exit codes are part of the interface: scripts and CI rely on them.
const (
	exitOK      = games.ExitOK
	exitContent = games.ExitContent
	exitUsage   = games.ExitUsage
)

// exitError carries an exit code out of a command without printing again.
type exitError = games.ExitError

// errContent says the content has problems that were already printed.
var errContent = games.ErrContent

func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.Msg != "" {
			fmt.Fprintln(stderr, "roundtable:", ee.Msg)
		}
		return ee.Code
	}
	fmt.Fprintln(stderr, "roundtable:", err)
	return exitUsage
}

func usageErr(format string, args ...any) error { return games.Usage(format, args...) }

func newRoot(stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "roundtable",
		Short: "Compile and check tabletop tactics game content",
		Long: `roundtable validates game content written in YAML against CUE schemas, links and
checks it, compiles it into Go tables and runs the rules engines on it.

Exit codes: 0 clean, 1 the content has errors, 2 usage or internal failure.`,
		Example: `  roundtable check                      # the embedded base content of every game
  roundtable new pack ./my-expansion --game annas   # a pack of your own to start from
  roundtable check ./my-expansion       # a pack folder
  roundtable gen --check                # is generated/ current?`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usageErr("%v\nsee '%s --help'", err, c.CommandPath())
	})
	root.AddCommand(commands()...)
	addGameCommands(root)
	withUsage(root)
	// --version, as most tools have it: the same line as `roundtable version`.
	root.Version = version()
	root.SetVersionTemplate("roundtable {{.Version}}\n")
	return root
}

// withUsage makes a wrong number of arguments ("accepts 2 arg(s), received
// 1") show the command's usage line and where its help is.
func withUsage(c *cobra.Command) {
	for _, sub := range c.Commands() {
		if check := sub.Args; check != nil {
			sub.Args = func(cmd *cobra.Command, args []string) error {
				if err := check(cmd, args); err != nil {
					return usageErr("%v\nusage: %s\nsee '%s --help'", err, cmd.UseLine(), cmd.CommandPath())
				}
				return nil
			}
		}
		withUsage(sub)
	}
}

// commands are the subcommands, one constructor each (a file of this
// package per command): the one list of them. --help sorts them by name.
func commands() []*cobra.Command {
	return []*cobra.Command{
		newBase(),
		newCheck(),
		newDiff(),
		newExplain(),
		newFixture(),
		newFmt(),
		newGen(),
		newGet(),
		newImport(),
		newLegal(),
		newLSP(),
		newMan(),
		newNew(),
		newPlay(),
		newRender(),
		newSchema(),
		newServe(),
		newSim(),
		newVendor(),
		newVersion(),
	}
}

// addGameCommands adds `roundtable GAME ...` for every game that has commands
// of its own (Anna's forecast and reach, Tropera's levelup).
func addGameCommands(root *cobra.Command) {
	for _, g := range games.All() {
		if len(g.Commands) == 0 {
			continue
		}
		if c, _, err := root.Find([]string{g.ID}); err == nil && c != root {
			continue // still a command of cmd/ (until it moves to games/)
		}
		cmd := &cobra.Command{
			Use:   g.ID,
			Short: g.Name + " tools",
			Args:  cobra.NoArgs,
			RunE:  func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
		}
		var ex []string
		for _, add := range g.Commands {
			sub := add()
			cmd.AddCommand(sub)
			if first, _, _ := strings.Cut(sub.Example, "\n"); first != "" {
				ex = append(ex, first)
			}
		}
		cmd.Example = strings.Join(ex, "\n")
		root.AddCommand(cmd)
	}
}
