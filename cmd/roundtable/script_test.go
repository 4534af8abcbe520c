package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
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
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"mkfile": mkfile,
		},
		Setup: func(env *testscript.Env) error {
			env.Setenv("REPO", repo)
			env.Setenv("SHARED", filepath.Join(repo, "..", "shared"))
			return nil
		},
	})
}

// mkfile writes files a txtar cannot hold: `mkfile big PATH` (over the 4 MiB
// limit), `mkfile badutf8 PATH` (a unit whose name has a 0xff byte) and
// `mkfile badutf8json PATH` (a card list with one).
func mkfile(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: mkfile big|badutf8|badutf8json PATH")
	}
	var data []byte
	switch args[0] {
	case "big":
		data = []byte("kind: tag\n" + strings.Repeat("# padding\n", 500000))
	case "badutf8":
		data = []byte("kind: unit\nid: chrom\nname: Ch\xffrom\n")
	case "badutf8json":
		data = []byte("[\n  {\"ID\": 0, \"Character\": \"Ma\xffrth\"}\n]\n")
	default:
		ts.Fatalf("unknown mkfile kind %q", args[0])
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), data, 0o644))
}
