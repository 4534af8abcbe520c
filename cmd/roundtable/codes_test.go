package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// scriptExamples maps each diagnostic code to the first diagnostic line a
// testscript expects for it.
func scriptExamples(t *testing.T) map[string]string {
	files, err := filepath.Glob("testdata/script/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files)
	re := regexp.MustCompile(`(?:error|warning)\\?\[([a-z0-9-]+)\\?\]`)
	jsonRe := regexp.MustCompile(`"code": "([a-z0-9-]+)"`)
	clean := strings.NewReplacer(`''`, `'`, `\`, ``, `stdout '`, ``, `'`, ``, `^`, ``, `$`, ``)
	out := map[string]string{}
	jsonOnly := map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			if m := re.FindStringSubmatch(line); m != nil {
				if _, ok := out[m[1]]; !ok {
					out[m[1]] = strings.TrimSpace(clean.Replace(line))
				}
			} else if m := jsonRe.FindStringSubmatch(line); m != nil {
				if _, ok := jsonOnly[m[1]]; !ok {
					jsonOnly[m[1]] = "(see " + filepath.Base(f) + ")"
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
		e, ok := ex[c.ID]
		if !ok {
			t.Errorf("diagnostic code %s has no testscript case in testdata/script", c.ID)
			continue
		}
		if _, msg, _ := strings.Cut(e, "]: "); !strings.HasPrefix(e, "(see ") && (len(msg) < 10 || strings.HasSuffix(msg, ": ")) {
			t.Errorf("diagnostic code %s: its example %q is cut off; make the first script line that shows it match the whole message", c.ID, e)
		}
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

This page is generated from the code registry and the end-to-end tests
(` + "`cmd/roundtable/testdata/script`" + `); each example is real output.

| code | severity | meaning | example |
|---|---|---|---|
`)
	for _, c := range diag.Codes() {
		example := ex[c.ID]
		fmt.Fprintf(&b, "| <a id=\"%s\"></a>`%s` | %s | %s | `%s` |\n", c.ID, c.ID, c.Severity, strings.ReplaceAll(c.Summary, "|", `\|`), strings.ReplaceAll(strings.ReplaceAll(example, "|", `\|`), "`", "'"))
	}
	path := "../../docs/diagnostics.md"
	if *update {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(have, b.Bytes()) {
		t.Errorf("docs/diagnostics.md is stale; run: go test ./cmd/roundtable -run TestDiagnosticsDoc -update")
	}
}
