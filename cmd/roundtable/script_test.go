package main

import (
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
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
			"mkfile":        mkfile,
			"unplaceholder": unplaceholder,
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

// placeholderMark is what `roundtable new` adds after an example value.
var placeholderMark = regexp.MustCompile(` *# roundtable:placeholder( -- )?`)

// unplaceholder stands for an author who edited every value `roundtable
// new` marked: `unplaceholder DIR` deletes the "# roundtable:placeholder"
// marks of the YAML files under DIR (keeping the comments after them).
func unplaceholder(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: unplaceholder DIR")
	}
	ts.Check(filepath.WalkDir(ts.MkAbs(args[0]), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".yaml") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out := placeholderMark.ReplaceAllStringFunc(string(data), func(m string) string {
			if strings.HasSuffix(m, " -- ") {
				return " # "
			}
			return ""
		})
		return os.WriteFile(p, []byte(out), 0o644)
	}))
}
