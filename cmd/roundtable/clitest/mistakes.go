package clitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/roundtable-dev/roundtable/cmd/roundtable/cli"
	"github.com/roundtable-dev/roundtable/cmd/roundtable/clitest/scriptenv"
	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// MistakesDir holds a game's single-mistake corpus, beside its checks
// (compiler/<game>/testdata/mistakes).
const MistakesDir = "testdata/mistakes"

// Mistakes runs the single-mistake corpus of game g, MistakesDir of the
// calling package: each case makes one mistake in the game's base content
// (one edit of one file) and holds what check must report, which is
// exactly one error (with a note when it folds what follows from it) and
// nothing else, not even a warning. -update rewrites the wants.
//
// A case is a txtar archive: its comment says what the mistake is; a file
// "edit PATH" holds text of the pack's file PATH that occurs once and the
// next file "to" what replaces it (each without its last newline, so that
// an edit may end inside a line); a file "add PATH" is a new file of the
// pack; "want" is the report as check prints it without source lines
// (paths under "pack/"). The pack is checked by the real CLI in process
// (roundtable check --format json).
func Mistakes(t *testing.T, g *compiler.Game) {
	t.Helper()
	cases, err := filepath.Glob(filepath.Join(MistakesDir, "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatalf("game %s has no single-mistake corpus in %s", g.ID, MistakesDir)
	}
	for _, file := range cases {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			runMistake(t, g, file)
		})
	}
}

func runMistake(t *testing.T, g *compiler.Game, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "pack")
	if err := os.CopyFS(dir, g.Content); err != nil {
		t.Fatal(err)
	}
	var want []byte
	wantAt := -1
	for i := 0; i < len(ar.Files); i++ {
		f := ar.Files[i]
		verb, name, _ := strings.Cut(f.Name, " ")
		switch verb {
		case "edit":
			if i+1 >= len(ar.Files) || ar.Files[i+1].Name != "to" {
				t.Fatalf("%s: edit %s is not followed by a file \"to\"", file, name)
			}
			p := filepath.Join(dir, filepath.FromSlash(name))
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			old, new := bytes.TrimSuffix(f.Data, []byte("\n")), bytes.TrimSuffix(ar.Files[i+1].Data, []byte("\n"))
			if n := bytes.Count(data, old); n != 1 {
				t.Fatalf("%s: the text to edit occurs %d times in %s, want once:\n%s", file, n, name, old)
			}
			i++
			data = bytes.Replace(data, old, new, 1)
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
		case "add":
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		case "want":
			want, wantAt = f.Data, i
		default:
			t.Fatalf("%s: unknown file %q (want edit PATH, to, add PATH or want)", file, f.Name)
		}
	}
	rep, diags, err := checkJSON(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	if err := diag.Print(&got, "text", diags, nil); err != nil {
		t.Fatal(err)
	}
	got = *bytes.NewBuffer(bytes.ReplaceAll(got.Bytes(), []byte(filepath.ToSlash(dir)+"/"), []byte("pack/")))
	if scriptenv.Update() && wantAt >= 0 {
		ar.Files[wantAt].Data = got.Bytes()
		if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
		want = got.Bytes()
	}
	if rep.Errors != 1 || rep.Warnings != 0 || len(diags) != 1 {
		t.Errorf("%s: %d errors, %d warnings and %d diagnostics, want exactly one error:\n%s", file, rep.Errors, rep.Warnings, len(diags), got.String())
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("%s: got\n%s\nwant\n%s", file, got.String(), want)
	}
}

// checkJSON runs `roundtable check --format json dir` and returns its
// report and diagnostics; exit 1 (the content has errors) is no error.
func checkJSON(dir string) (diag.JSONReport, diag.List, error) {
	var out, errb bytes.Buffer
	code := cli.Run([]string{"check", "--format", "json", dir}, nil, &out, &errb)
	var rep diag.JSONReport
	if code > 1 {
		return rep, nil, fmt.Errorf("roundtable check exited %d: %s", code, errb.String())
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		return rep, nil, err
	}
	var l diag.List
	for _, d := range rep.Diagnostics {
		sev := diag.Error
		if d.Severity == diag.Warning.String() {
			sev = diag.Warning
		}
		l = append(l, diag.Diagnostic{Code: d.Code, Severity: sev, Pos: d.Pos, Message: d.Message, Hint: d.Hint, Related: d.Related, Notes: d.Notes})
	}
	return rep, l, nil
}
