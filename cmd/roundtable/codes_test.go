package main

import (
	"bytes"
	"cmp"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/cmd/roundtable/clitest/scriptenv"
	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// example is the first diagnostic line a testscript expects for a code, and
// the script (its path from the repository root).
type example struct{ line, script string }

// scriptFiles are every testscript of the repository: the checks' beside
// them under compiler/ first, then the commands' (cmd/roundtable), each
// group ordered by file name, then path. "The first script" of a code is
// the first in this order, so a code's example comes from its check's
// scripts when they show it.
func scriptFiles(t *testing.T) (repo string, files []string) {
	repo, err := scriptenv.Repo()
	if err != nil {
		t.Fatal(err)
	}
	dirs, err := scriptenv.ScriptDirs(repo)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		fs, err := filepath.Glob(filepath.Join(repo, d, "*.txtar"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range fs {
			files = append(files, path.Join(d, filepath.Base(f)))
		}
	}
	slices.SortFunc(files, func(a, b string) int {
		beside := func(f string) bool { return strings.HasPrefix(f, "compiler/") }
		return cmp.Or(-cmp.Compare(boolInt(beside(a)), boolInt(beside(b))), strings.Compare(path.Base(a), path.Base(b)), strings.Compare(a, b))
	})
	return repo, files
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// scriptExamples maps each diagnostic code to the first diagnostic line a
// testscript expects for it.
func scriptExamples(t *testing.T) map[string]example {
	repo, files := scriptFiles(t)
	re := regexp.MustCompile(`(?:error|warning)\\?\[([a-z0-9-]+)\\?\]`)
	jsonRe := regexp.MustCompile(`"code": "([a-z0-9-]+)"`)
	clean := strings.NewReplacer(`''`, `'`, `\`, ``, `stdout '`, ``, `'`, ``, `^`, ``, `$`, ``)
	out := map[string]example{}
	jsonOnly := map[string]example{}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(repo, f))
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			if m := re.FindStringSubmatch(line); m != nil {
				if _, ok := out[m[1]]; !ok {
					out[m[1]] = example{strings.TrimSpace(clean.Replace(line)), f}
				}
			} else if m := jsonRe.FindStringSubmatch(line); m != nil {
				if _, ok := jsonOnly[m[1]]; !ok {
					jsonOnly[m[1]] = example{"(see " + path.Base(f) + ")", f}
				}
			}
		}
	}
	for code, ex := range jsonOnly {
		if _, ok := out[code]; !ok {
			out[code] = ex
		}
	}
	return out
}

// TestEveryCodeHasAScript fails when a registered diagnostic code is not
// exercised by any testscript, or when the first script line that shows
// it (docs/diagnostics.md's example) stops before the message ends.
func TestEveryCodeHasAScript(t *testing.T) {
	ex := scriptExamples(t)
	for _, c := range diag.Codes() {
		x, ok := ex[c.ID]
		if !ok {
			t.Errorf("diagnostic code %s has no testscript case (compiler/.../testdata/script beside its check, or cmd/roundtable/testdata/script)", c.ID)
			continue
		}
		e := x.line
		if _, msg, _ := strings.Cut(e, "]: "); !strings.HasPrefix(e, "(see ") && (len(msg) < 10 || strings.HasSuffix(msg, ": ")) {
			t.Errorf("diagnostic code %s: its example %q is cut off; make the first script line that shows it match the whole message", c.ID, e)
		}
	}
}

// TestGameCodesHaveScriptsBesideTheirChecks: a game's code is shown first by
// a script beside the game's checks (compiler/<game>/...), not only by a
// command's script. A game's codes are those with its catalogue's prefix,
// its folder that of its content (content/<game>).
func TestGameCodesHaveScriptsBesideTheirChecks(t *testing.T) {
	ex := scriptExamples(t)
	n := 0
	for _, c := range diag.Codes() {
		for _, g := range compiler.Games() {
			if !strings.HasPrefix(c.ID, g.Prefix()) {
				continue
			}
			n++
			folder := path.Base(g.ContentDir)
			if x := ex[c.ID]; !strings.HasPrefix(x.script, "compiler/"+folder+"/") {
				t.Errorf("code %s: its first script is %q; it belongs beside its check, in compiler/%s/.../testdata/script", c.ID, x.script, folder)
			}
		}
	}
	if n < 100 {
		t.Errorf("only %d game codes", n)
	}
}

// TestDiagnosticsDoc keeps docs/diagnostics.md equal to the registry and the
// script examples. Run `go test ./cmd/roundtable -run TestDiagnosticsDoc -update`.
func TestDiagnosticsDoc(t *testing.T) {
	ex := scriptExamples(t)
	var b bytes.Buffer
	b.WriteString(`# Diagnostic codes

Every problem roundtable reports has a stable code. Codes never change meaning; new ones
are added. Errors fail ` + "`check`" + `; warnings fail it only under ` + "`--strict`" + `.

Text output is ` + "`file:line:col: severity[code]: message`" + `, then the source line with a caret,
a hint and related places (in colour on a terminal; ` + "`--color never`" + ` or ` + "`NO_COLOR`" + ` turn it off).
` + "`roundtable explain CODE`" + ` prints a code's entry. ` + "`--format json`" + ` prints (schema:
[schema/check.schema.json](schema/check.schema.json); every position is ` + "`{file, line, col}`" + `):

` + "```json" + `
{
  "version": 2,
  "diagnostics": [
    {"code": "unknown-ref", "severity": "error", "pos": {"file": "units/red.yaml", "line": 8, "col": 8},
     "message": "unknown tag \"Flyng\"", "hint": "did you mean \"flying\"?",
     "related": [{"pos": {"file": "annas-base:units/blue.yaml", "line": 20, "col": 5}, "message": "..."}],
     "notes": ["..."]}
  ],
  "errors": 1,
  "warnings": 0,
  "packs": [{"id": "annas-base", "version": "1.0.0", "game": "annas", "dir": "content/annas",
             "embedded": true, "counts": {"tag": 14, "unit": 45, ...}}]
}
` + "```" + `

Each pack's ` + "`counts`" + ` are the valid entities it defines itself.
` + "`--format github`" + ` prints workflow annotations (` + "`::error file=…,line=…,col=…,title=code::message (hint)`" + `,
then each related place and note on a line of its own);
` + "`--format sarif`" + ` prints SARIF 2.1.0 with one rule per code (its page as ` + "`helpUri`" + `, ` + "`fullDescription`" + `,
its default level) and each related place as a ` + "`relatedLocation`" + `. A project can change a code's severity
or accept problems: see [project.md](project.md).

This page is generated from the code registry and the end-to-end tests: each example is real
output: the first line that shows the code in the scripts kept beside the checks
(` + "`compiler/<game>/testdata/script`" + `, ` + "`compiler/testdata/script`" + ` for the core), by file name, or
else in the commands' scripts (` + "`cmd/roundtable/testdata/script`" + `). The last column links the script.

| code | severity | meaning | example | script |
|---|---|---|---|---|
`)
	for _, c := range diag.Codes() {
		x := ex[c.ID]
		script := ""
		if x.script != "" {
			script = "[" + path.Base(x.script) + "](../" + x.script + ")"
		}
		fmt.Fprintf(&b, "| <a id=\"%s\"></a>`%s` | %s | %s | `%s` | %s |\n", c.ID, c.ID, c.Severity, strings.ReplaceAll(c.Summary, "|", `\|`), strings.ReplaceAll(strings.ReplaceAll(x.line, "|", `\|`), "`", "'"), script)
	}
	docPath := "../../docs/diagnostics.md"
	if scriptenv.Update() {
		if err := os.WriteFile(docPath, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have, err := os.ReadFile(docPath)
	if err != nil || !bytes.Equal(have, b.Bytes()) {
		t.Errorf("docs/diagnostics.md is stale; run: go test ./cmd/roundtable -run TestDiagnosticsDoc -update")
	}
}
