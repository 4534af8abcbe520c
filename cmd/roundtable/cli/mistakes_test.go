package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/roundtable-dev/roundtable/cmd/roundtable/clitest/scriptenv"
	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// TestSingleMistakes is the single-mistake corpus: each file of
// testdata/mistakes/<game>/ makes one mistake in the game's base content
// (one edit of one file) and holds what check must report, which is
// exactly one error (with a note when it folds what follows from it) and
// nothing else, not even a warning. Run with -update to rewrite the wants.
//
// A case is a txtar archive: its comment says what the mistake is; a file
// "edit PATH" holds text of the pack's file PATH that occurs once and the
// next file "to" what replaces it (each without its last newline, so that
// an edit may end inside a line); a file "add PATH" is a new file of the
// pack; "want" is the report as check prints it without source lines
// (paths under "pack/").
func TestSingleMistakes(t *testing.T) {
	games, err := os.ReadDir("testdata/mistakes")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, gd := range games {
		g, ok := compiler.Lookup(gd.Name())
		if !ok {
			t.Errorf("testdata/mistakes/%s: no game %q", gd.Name(), gd.Name())
			continue
		}
		seen[g.ID] = true
		cases, _ := filepath.Glob(filepath.Join("testdata/mistakes", gd.Name(), "*.txtar"))
		for _, file := range cases {
			t.Run(g.ID+"/"+strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
				runMistake(t, g, file)
			})
		}
	}
	for _, g := range compiler.Games() {
		if !seen[g.ID] {
			t.Errorf("game %s has no single-mistake corpus in testdata/mistakes/%s", g.ID, g.ID)
		}
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
	_, diags, err := compileAll([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	if err := diag.Print(&got, "text", diags, nil); err != nil {
		t.Fatal(err)
	}
	got = *bytes.NewBuffer(bytes.ReplaceAll(got.Bytes(), []byte(filepath.ToSlash(dir)+"/"), []byte("pack/")))
	errs := diags.Errors()
	if scriptenv.Update() && wantAt >= 0 {
		ar.Files[wantAt].Data = got.Bytes()
		if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
		want = got.Bytes()
	}
	if errs != 1 || len(diags) != 1 {
		t.Errorf("%s: %d errors and %d diagnostics, want exactly one error:\n%s", file, errs, len(diags), got.String())
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("%s: got\n%s\nwant\n%s", file, got.String(), want)
	}
}
