package main

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "rewrite testscript goldens and docs/diagnostics.md")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"roundtable": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScript runs every testdata/script/*.txtar end to end through the real
// CLI. $REPO is the repository root, so scripts can copy base content:
//
//	exec cp -r $REPO/content/annas pack
func TestScript(t *testing.T) {
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *update,
		Setup: func(env *testscript.Env) error {
			env.Setenv("REPO", repo)
			env.Setenv("SHARED", filepath.Join(repo, "..", "shared"))
			return nil
		},
	})
}
