package cli

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// readmeCommands returns the `go run ./cmd/roundtable ...` lines of README's
// shell blocks (and, in docs, `roundtable ...` lines), without comments and
// pipes.
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
		var rest string
		switch {
		case !in:
			continue
		case strings.HasPrefix(line, "go run ./cmd/roundtable "):
			rest = strings.TrimPrefix(line, "go run ./cmd/roundtable ")
		case strings.HasPrefix(line, "roundtable "):
			rest = strings.TrimPrefix(line, "roundtable ")
		default:
			continue
		}
		if i := strings.Index(rest, " #"); i >= 0 {
			rest = rest[:i]
		}
		if i := strings.Index(rest, " |"); i >= 0 {
			rest = rest[:i]
		}
		out = append(out, strings.Fields(rest))
	}
	return out
}

// writes reports whether a command would change files (or, serve, run until
// stopped); those are covered by testscripts in a scratch folder instead.
func writes(args []string) bool {
	if len(args) == 0 {
		return false
	}
	for _, a := range args {
		if a == "--out" || a == "-o" || a == "--position-out" || a == "--pdf" || a == "--write-baseline" {
			return true
		}
	}
	if args[0] == "base" && len(args) > 1 && args[1] == "export" {
		return true
	}
	switch args[0] {
	case "new", "import", "man", "get", "vendor":
		return true
	case "serve":
		return true // runs until stopped: TestServeReadmeCommand runs it
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
	cmds := readmeCommands(t, "../../../README.md")
	if len(cmds) < 10 {
		t.Fatalf("found only %d README commands", len(cmds))
	}
	t.Chdir("../../..")
	ran := 0
	for _, args := range cmds {
		if writes(args) {
			continue
		}
		missing := ""
		for _, a := range args {
			if isPath(a) && !exists(a) {
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

// TestDocsExamplesRun runs the read-only `roundtable ...` examples of every
// doc the same way: a doc that shows a command shows one that works.
func TestDocsExamplesRun(t *testing.T) {
	docs, err := filepath.Glob("../../../docs/*.md")
	if err != nil || len(docs) < 10 {
		t.Fatalf("docs: %v %v", docs, err)
	}
	t.Chdir("../../..")
	ran := 0
	for _, doc := range docs {
		for _, args := range readmeCommands(t, strings.TrimPrefix(doc, "../../../")) {
			if writes(args) || slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "[") }) {
				continue // writes, or shows optional flags as [--flag]
			}
			if slices.ContainsFunc(args, func(a string) bool { return isPath(a) && !exists(a) }) {
				continue // a folder an earlier, writing example makes
			}
			var out, errb bytes.Buffer
			if code := run(args, nil, &out, &errb); code != 0 {
				t.Errorf("%s: `roundtable %s` exited %d\n%s%s", doc, strings.Join(args, " "), code, out.String(), errb.String())
			}
			ran++
		}
	}
	t.Logf("ran %d doc examples", ran)
	if ran < 15 {
		t.Errorf("only %d doc examples ran", ran)
	}
}

func isPath(a string) bool {
	for _, ext := range []string{".yaml", ".json", ".txt"} {
		if strings.HasSuffix(a, ext) && !strings.HasPrefix(a, "-") {
			return true // a position or action file
		}
	}
	return strings.HasPrefix(a, "./") || strings.HasPrefix(a, "../") || strings.HasPrefix(a, "/") || strings.HasPrefix(a, "content/") || !strings.HasPrefix(a, "-") && strings.Contains(a, "/")
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// TestReadmeImportRuns runs README's import examples from the repository
// root, as a clone has it, writing into a scratch folder: every input file
// they name is in the repository, and what they write checks clean.
func TestReadmeImportRuns(t *testing.T) {
	var imports [][]string
	for _, args := range readmeCommands(t, "../../../README.md") {
		if len(args) > 0 && args[0] == "import" {
			imports = append(imports, args)
		}
	}
	if len(imports) == 0 {
		t.Fatal("README shows no import example")
	}
	out := t.TempDir()
	t.Chdir("../../..")
	for i, args := range imports {
		args = slices.Clone(args)
		dir := filepath.Join(out, strconv.Itoa(i))
		for j := range args {
			if j > 0 && args[j-1] == "--out" {
				args[j] = dir
			} else if isPath(args[j]) && !exists(args[j]) {
				t.Errorf("README import example names %s, which a clone does not have", args[j])
			}
		}
		var o, e bytes.Buffer
		if code := run(args, nil, &o, &e); code != 0 {
			t.Fatalf("README example `roundtable %s` exited %d\n%s%s", strings.Join(args, " "), code, o.String(), e.String())
		}
		if code := run([]string{"check", "--strict", dir}, nil, &o, &e); code != 0 {
			t.Errorf("check of what `roundtable %s` wrote exited %d\n%s%s", strings.Join(args, " "), code, o.String(), e.String())
		}
	}
}
