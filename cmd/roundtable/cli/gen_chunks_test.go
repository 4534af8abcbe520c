package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/emit"
)

// TestChunkedGeneratedEqualsRuntimeCompile: the layout gen uses for large
// packs (top-level slices split into chunk packages joined with
// slices.Concat), forced on every game's base content with chunks of three
// elements, compiles, and its values equal the run-time compile. A program
// built in a temporary module prints each generated ruleset with %#v (which
// tells nil from empty slices); that must equal %#v of the compiled content.
func TestChunkedGeneratedEqualsRuntimeCompile(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to build the chunked packages: %v", err)
	}
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	mf, err := modfile.ParseLax("go.mod", gomod, nil)
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	mod := fmt.Sprintf("module chunktest\n\ngo %s\n\nrequire %s v0.0.0\n\nreplace %s => %s\n", mf.Go.Version, mf.Module.Mod.Path, mf.Module.Mod.Path, root)
	if err := os.WriteFile(filepath.Join(tmp, "go.mod"), []byte(mod), 0o644); err != nil {
		t.Fatal(err)
	}
	var imports, prints, want strings.Builder
	for _, g := range compiler.Games() {
		p, diags := compiler.BasePack(g)
		res, more := compiler.Compile([]*compiler.Pack{p})
		if diags = append(diags, more...); diags.Errors() > 0 {
			t.Fatalf("%s base content has errors: %v", g.ID, diags)
		}
		pkg := emit.Package{Dir: "gen/" + g.GenPackage, Name: g.GenPackage, Var: g.GenVar, ImportPath: "chunktest/gen/" + g.GenPackage, ChunkSize: 3}
		out, err := pkg.Output(res.Ruleset)
		if err != nil {
			t.Fatal(err)
		}
		if len(out.Files) < 3 {
			t.Errorf("%s: %d files; chunks of 3 should split its content", g.ID, len(out.Files))
		}
		if _, _, err := emit.WriteOutput(tmp, out); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&imports, "\t%q\n", pkg.ImportPath)
		fmt.Fprintf(&prints, "\tfmt.Printf(\"%%s %%#v\\n\", %q, %s.%s)\n", g.ID, g.GenPackage, g.GenVar)
		fmt.Fprintf(&want, "%s %#v\n", g.ID, res.Ruleset)
	}
	main := "package main\n\nimport (\n\t\"fmt\"\n\n" + imports.String() + ")\n\nfunc main() {\n" + prints.String() + "}\n"
	if err := os.WriteFile(filepath.Join(tmp, "main.go"), []byte(main), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(goTool, "run", ".")
	cmd.Dir = tmp
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	got, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("go run of the chunked packages: %v\n%s", err, msg)
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(want.String(), "\n")
	if len(gl) != len(wl) {
		t.Fatalf("the program printed %d lines, want %d", len(gl), len(wl))
	}
	for i := range gl {
		if gl[i] != wl[i] {
			game, _, _ := strings.Cut(wl[i], " ")
			t.Errorf("%s: the chunked generated ruleset differs from the run-time compile", game)
		}
	}
}
