package cli

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestHelpExamplesRun runs the read-only example lines of every command's
// --help from the repository root and expects exit 0: a user who copies an
// example from --help gets a working command, not a placeholder.
func TestHelpExamplesRun(t *testing.T) {
	root := newRoot(nil, &bytes.Buffer{}, &bytes.Buffer{})
	var lines [][]string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			for _, line := range strings.Split(sub.Example, "\n") {
				line = strings.TrimSpace(line)
				rest, ok := strings.CutPrefix(line, "roundtable ")
				if !ok {
					continue
				}
				if i := strings.Index(rest, " #"); i >= 0 {
					rest = rest[:i]
				}
				if i := strings.Index(rest, " |"); i >= 0 {
					rest = rest[:i]
				}
				if i := strings.Index(rest, " >"); i >= 0 {
					rest = rest[:i]
				}
				args := strings.Fields(rest)
				if !slices.ContainsFunc(lines, func(l []string) bool { return slices.Equal(l, args) }) {
					lines = append(lines, args)
				}
			}
			walk(sub)
		}
	}
	walk(root)
	t.Chdir("../../..")
	ran := 0
	for _, args := range lines {
		if writes(args) || slices.ContainsFunc(args, func(a string) bool { return strings.Contains(a, "*") || isPath(a) && !exists(a) }) || usersFile(args) {
			continue // writes, or a folder or file of the user's own (./my-expansion, --from start.yaml)
		}
		var out, errb bytes.Buffer
		if code := run(args, strings.NewReader(""), &out, &errb); code != 0 { // a person's seat: the input ends at once
			t.Errorf("--help example `roundtable %s` exited %d\n%s", strings.Join(args, " "), code, errb.String())
		}
		ran++
	}
	if ran < 20 {
		t.Errorf("only %d --help examples ran", ran)
	}
}

// usersFile reports whether an example reads a position or action file the
// user wrote before (play --from start.yaml --actions moves.txt).
func usersFile(args []string) bool {
	for i := 0; i+1 < len(args); i++ {
		if (args[i] == "--from" || args[i] == "--actions") && args[i+1] != "-" && !exists(args[i+1]) {
			return true
		}
	}
	return false
}
