package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestEveryCommandHasAnExample keeps --help teaching: every command of ours
// shows at least one runnable example line.
func TestEveryCommandHasAnExample(t *testing.T) {
	root := newRoot(nil, &bytes.Buffer{}, &bytes.Buffer{})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			if sub.Hidden || sub.Name() == "help" || sub.Name() == "completion" || c.Name() == "completion" {
				continue
			}
			if !strings.Contains(sub.Example, "roundtable "+sub.Name()) && !strings.Contains(sub.Example, "roundtable ") {
				t.Errorf("%s has no runnable example in its help", sub.CommandPath())
			}
			if sub.Short == "" {
				t.Errorf("%s has no short description", sub.CommandPath())
			}
			walk(sub)
		}
	}
	walk(root)
}

func TestExitCodes(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"version"}, nil, &out, &errb); code != exitOK {
		t.Errorf("version exit %d", code)
	}
	if code := run([]string{"nosuchcommand"}, nil, &out, &errb); code != exitUsage {
		t.Errorf("unknown command exit %d, want %d", code, exitUsage)
	}
	if code := run([]string{"check", "--format", "yaml"}, nil, &out, &errb); code != exitUsage {
		t.Errorf("bad format exit %d, want %d", code, exitUsage)
	}
}
