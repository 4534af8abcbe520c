package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestManPageForEveryCommand runs `roundtable man DIR` and wants exactly
// one page per command (help aside), named after its path, whose NAME
// section is the command's short description.
func TestManPageForEveryCommand(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	root := newRoot(nil, &out, &errb)
	root.SetArgs([]string{"man", dir})
	if code := exitCode(root.Execute(), &errb); code != exitOK {
		t.Fatalf("man: exit %d: %s", code, errb.String())
	}
	var want []string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden || c.Name() == "help" {
			return
		}
		name := strings.ReplaceAll(c.CommandPath(), " ", "-") + ".1"
		want = append(want, name)
		page, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("%s: no man page: %v", c.CommandPath(), err)
		} else if !bytes.Contains(page, []byte(".SH NAME\n"+strings.ReplaceAll(c.CommandPath(), " ", "-")+" - "+c.Short+"\n")) {
			t.Errorf("%s: the NAME section is not %q:\n%.300s", name, c.Short, page)
		} else if c.Example != "" && !bytes.Contains(page, []byte(".SH EXAMPLE")) {
			t.Errorf("%s: no EXAMPLE section", name)
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("pages %v\nwant %v", got, want)
	}
	for _, name := range []string{"roundtable.1", "roundtable-check.1", "roundtable-diff.1", "roundtable-schema-export.1", "roundtable-man.1"} {
		if !slices.Contains(got, name) {
			t.Errorf("no %s", name)
		}
	}
	if page, _ := os.ReadFile(filepath.Join(dir, "roundtable-check.1")); bytes.Contains(page, []byte("Auto generated")) {
		t.Error("roundtable-check.1 has cobra's dated footer")
	}
}
