package cli

import (
	"bytes"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// The hooks of .pre-commit-hooks.yaml run as pre-commit runs them, without
// pre-commit: the entry split into words, then the hook's args (or the
// user's), then, unless pass_filenames is false, the staged files that match
// files and not exclude. A hook fails when its command exits non-zero or
// changes a file. `roundtable` on PATH is this test binary (testscript.Main
// puts it there), as pre-commit's go install would build it.

type preCommitHook struct {
	ID, Entry, Language, Files, Exclude string
	Args                                []string
	PassFilenames                       *bool `yaml:"pass_filenames"`
}

func loadHooks(t *testing.T) map[string]preCommitHook {
	t.Helper()
	data, err := os.ReadFile("../../../.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var hooks []preCommitHook
	if err := yaml.Unmarshal(data, &hooks); err != nil {
		t.Fatal(err)
	}
	byID := map[string]preCommitHook{}
	for _, h := range hooks {
		if h.Language != "golang" || h.Entry == "" {
			t.Errorf("hook %s: language %q entry %q", h.ID, h.Language, h.Entry)
		}
		byID[h.ID] = h
	}
	return byID
}

// runHook runs h in dir over the staged files, with args in place of the
// hook's own when given; it returns the output and whether the hook passed.
func runHook(t *testing.T, h preCommitHook, dir string, args []string) (string, bool) {
	t.Helper()
	git := func(a ...string) string {
		c := exec.Command("git", a...)
		c.Dir = dir
		out, err := c.Output()
		if err != nil {
			t.Fatalf("git %v: %v", a, err)
		}
		return string(out)
	}
	git("add", "-A")
	var files []string
	inc := regexp.MustCompile(h.Files)
	var exc *regexp.Regexp
	if h.Exclude != "" {
		exc = regexp.MustCompile(h.Exclude)
	}
	for _, f := range strings.Fields(git("diff", "--cached", "--name-only", "--diff-filter=ACMR", "HEAD")) {
		if inc.MatchString(f) && (exc == nil || !exc.MatchString(f)) {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		return "(no files to check)", true // pre-commit skips the hook
	}
	if args == nil {
		args = h.Args
	}
	cmdline := append(strings.Fields(h.Entry), args...)
	if h.PassFilenames == nil || *h.PassFilenames {
		cmdline = append(cmdline, files...)
	}
	before := git("diff", "--binary")
	c := exec.Command(cmdline[0], cmdline[1:]...)
	c.Dir = dir
	out, err := c.CombinedOutput()
	changed := git("diff", "--binary") != before
	return string(out), err == nil && !changed
}

func TestPreCommitHooks(t *testing.T) {
	hooks := loadHooks(t)
	check, fmtHook := hooks["roundtable-check"], hooks["roundtable-fmt"]
	if check.ID == "" || fmtHook.ID == "" {
		t.Fatalf("hooks %v: want roundtable-check and roundtable-fmt", slices.Sorted(maps.Keys(hooks)))
	}
	dir := t.TempDir()
	for _, a := range [][]string{{"init", "-q", "-b", "main"}} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, a...)...).CombinedOutput(); err != nil {
			t.Fatalf("git: %v %s", err, out)
		}
	}
	if err := os.CopyFS(filepath.Join(dir, "valm"), os.DirFS("../../../examples/annas-expansion/pack")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".pre-commit-config.yaml"), []byte("repos: []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	commit := func() {
		c := exec.Command("git", "-c", "user.email=ci@example.com", "-c", "user.name=CI", "commit", "-q", "-a", "-m", "x")
		c.Dir = dir
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("commit: %v %s", err, out)
		}
	}
	c := exec.Command("git", "add", "-A")
	c.Dir = dir
	if err := c.Run(); err != nil {
		t.Fatal(err)
	}
	commit()
	userArgs := []string{"--strict", "valm"} // as the config in .pre-commit-hooks.yaml's comment
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// A new unit, keys in canonical order, stats on the curve: both pass.
	write("valm/gangrel.yaml", "kind: unit\nid: gangrel\nname: Gangrel\ntitle: Mad King\ncolor: gray\nstats: {hp: 9, atk: 5, spd: 4, def: 4}\nrange: [1, 2]\nmov: 3\n")
	if out, ok := runHook(t, check, dir, userArgs); !ok || !strings.Contains(out, "0 errors, 0 warnings") {
		t.Errorf("check on a clean pack failed:\n%s", out)
	}
	if out, ok := runHook(t, fmtHook, dir, nil); !ok {
		t.Errorf("fmt on canonical files failed:\n%s", out)
	}
	commit()

	// Keys out of order: fmt rewrites the staged file (so pre-commit fails
	// the commit) and passes once the rewrite is staged; the config file at
	// the root is excluded (it has no kind:).
	write("valm/gangrel.yaml", "name: Gangrel\nkind: unit\nid: gangrel\ntitle: Mad King\ncolor: gray\nstats: {hp: 9, atk: 5, spd: 4, def: 4}\nrange: [1, 2]\nmov: 3\n")
	write(".pre-commit-config.yaml", "repos: [] # edited\n")
	if out, ok := runHook(t, fmtHook, dir, nil); ok {
		t.Errorf("fmt passed on a file it had to rewrite:\n%s", out)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "valm/gangrel.yaml")); !bytes.HasPrefix(data, []byte("kind: unit\nid: gangrel\nname: Gangrel\n")) {
		t.Errorf("fmt left:\n%s", data)
	}
	if out, ok := runHook(t, fmtHook, dir, nil); !ok {
		t.Errorf("fmt failed on its own output:\n%s", out)
	}

	// A typo in a tag: check fails with the diagnostic at file:line:col.
	write("valm/gangrel.yaml", "kind: unit\nid: gangrel\nname: Gangrel\ntitle: Mad King\ncolor: gray\nstats: {hp: 9, atk: 5, spd: 4, def: 4}\nrange: [1, 2]\nmov: 3\ntags: [conqest]\n")
	out, ok := runHook(t, check, dir, userArgs)
	if ok || !strings.Contains(out, `valm/gangrel.yaml:9:8: error[unknown-ref]: unknown tag "conqest" (did you mean "conquest"?)`) {
		t.Errorf("check on a typo: passed %v\n%s", ok, out)
	}
	// A warning fails it too: --strict in the hook's args.
	write("valm/gangrel.yaml", "kind: unit\nid: gangrel\nname: Gangrel\ntitle: Mad King\ncolor: gray\nstats: {hp: 5, atk: 3, spd: 3, def: 3}\nrange: [1, 2]\nmov: 3\n")
	if out, ok := runHook(t, check, dir, append(slices.Clone(check.Args), "valm")); ok || !strings.Contains(out, "warning[annas-curve]") {
		t.Errorf("check --strict on a stat-curve warning: passed %v\n%s", ok, out)
	}
}
