package main

import (
	"bufio"
	"bytes"
	"os"
	"strings"
	"testing"
)

// readmeCommands returns the `go run ./cmd/roundtable ...` lines of README's
// shell blocks, without comments and pipes.
func readmeCommands(t *testing.T, readme string) [][]string {
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]string
	in := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "```sh"):
			in = true
			continue
		case strings.HasPrefix(line, "```"):
			in = false
			continue
		}
		if !in || !strings.HasPrefix(line, "go run ./cmd/roundtable") {
			continue
		}
		if i := strings.Index(line, " #"); i >= 0 {
			line = line[:i]
		}
		if i := strings.Index(line, " |"); i >= 0 {
			line = line[:i]
		}
		out = append(out, strings.Fields(line)[3:])
	}
	return out
}

// writes reports whether a command would change files; those are covered by
// testscripts in a scratch folder instead.
func writes(args []string) bool {
	if len(args) == 0 {
		return false
	}
	for _, a := range args {
		if a == "--out" || a == "-o" {
			return true
		}
	}
	switch args[0] {
	case "new", "import":
		return true
	case "gen", "fmt":
		return !contains(args, "--check")
	case "diff":
		return contains(args, "--git") // needs a git history
	}
	return false
}

func contains(s []string, x string) bool {
	for _, e := range s {
		if e == x {
			return true
		}
	}
	return false
}

// TestReadmeExamplesRun runs every read-only README example against the
// repository and expects exit 0: the README stays true.
func TestReadmeExamplesRun(t *testing.T) {
	cmds := readmeCommands(t, "../../README.md")
	if len(cmds) < 10 {
		t.Fatalf("found only %d README commands", len(cmds))
	}
	t.Chdir("../..")
	ran := 0
	for _, args := range cmds {
		if writes(args) {
			continue
		}
		missing := ""
		for _, a := range args {
			if (strings.HasPrefix(a, "./") || strings.HasPrefix(a, "../") || strings.HasPrefix(a, "/") || strings.HasPrefix(a, "content/")) && !exists(a) {
				missing = a
			}
		}
		if missing != "" {
			continue // made by an earlier example that writes, or a placeholder like ./my-pack
		}
		var out, errb bytes.Buffer
		if code := run(args, nil, &out, &errb); code != 0 {
			t.Errorf("README example `roundtable %s` exited %d\n%s%s", strings.Join(args, " "), code, out.String(), errb.String())
		}
		ran++
	}
	t.Logf("ran %d of %d README examples", ran, len(cmds))
	if ran < 10 {
		t.Errorf("only %d README examples ran", ran)
	}
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
