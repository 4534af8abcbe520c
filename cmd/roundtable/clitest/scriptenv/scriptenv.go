// Package scriptenv is what every roundtable testscript has, wherever it
// runs: $REPO and $SHARED, the commands mkfile, unplaceholder, answers,
// freeport and http, the -update flag. It does not import the CLI, so the CLI's own tests use it
// too (cmd/roundtable/cli); clitest adds the CLI itself.
package scriptenv

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "rewrite testscript goldens (and, in cmd/roundtable, docs/diagnostics.md)")

// Update reports whether the test run was asked to rewrite its goldens.
func Update() bool { return *update }

// Commands are the script commands every script has.
func Commands() map[string]func(ts *testscript.TestScript, neg bool, args []string) {
	return map[string]func(ts *testscript.TestScript, neg bool, args []string){
		"mkfile":        mkfile,
		"unplaceholder": unplaceholder,
		"freeport":      freeport,
		"http":          httpCmd,
		"mkrepo":        mkrepo,
		"mkarchive":     mkarchive,
		"gitserve":      gitserve,
		"httpserve":     httpserve,
		"stopservers":   stopservers,
		"answers":       answers,
	}
}

// Setup sets $REPO (the repository root) and $SHARED (the shared data:
// ROUNDTABLE_SHARED, else ../shared beside the repository).
func Setup(repo string) func(env *testscript.Env) error {
	shared := Shared(repo)
	return func(env *testscript.Env) error {
		env.Setenv("REPO", repo)
		env.Setenv("SHARED", shared)
		return nil
	}
}

// Shared is the shared data folder: ROUNDTABLE_SHARED, else ../shared
// beside the repository.
func Shared(repo string) string {
	if s := os.Getenv("ROUNDTABLE_SHARED"); s != "" {
		return s
	}
	return filepath.Join(repo, "..", "shared")
}

// Repo is the repository root: the nearest folder at or above the working
// directory (a test's package folder) that holds go.mod.
func Repo() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no go.mod at or above %s", dir)
		}
	}
}

// ScriptDirs are the folders that hold testscript files, relative to the
// repository root, in a fixed order: the commands', the core's, then each
// compile package's (any depth under compiler/).
func ScriptDirs(repo string) ([]string, error) {
	dirs := []string{}
	err := filepath.WalkDir(repo, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if d.Name() == ".git" || d.Name() == "node_modules" {
			return filepath.SkipDir
		}
		if d.Name() == "script" && filepath.Base(filepath.Dir(p)) == "testdata" {
			rel, err := filepath.Rel(repo, p)
			if err != nil {
				return err
			}
			dirs = append(dirs, filepath.ToSlash(rel))
			return filepath.SkipDir
		}
		return nil
	})
	return dirs, err
}

// mkfile writes files a txtar cannot hold: `mkfile big PATH` (over the 4 MiB
// limit), `mkfile badutf8 PATH` (a unit whose name has a 0xff byte),
// `mkfile badutf8json PATH` (a card list with one), `mkfile badutf8position
// PATH` (a Tropera position with one), `mkfile fifo PATH` (a named pipe) and
// `mkfile sparse5m PATH` (5 MiB of zeros, not written).
func mkfile(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: mkfile big|badutf8|badutf8json|badutf8position|fifo|sparse5m PATH")
	}
	var data []byte
	switch args[0] {
	case "fifo":
		ts.Check(syscall.Mkfifo(ts.MkAbs(args[1]), 0o644))
		return
	case "sparse5m":
		f, err := os.Create(ts.MkAbs(args[1]))
		ts.Check(err)
		ts.Check(f.Truncate(5 << 20))
		ts.Check(f.Close())
		return
	case "big":
		data = []byte("kind: tag\n" + strings.Repeat("# padding\n", 500000))
	case "badutf8":
		data = []byte("kind: unit\nid: chrom\nname: Ch\xffrom\n")
	case "badutf8json":
		data = []byte("[\n  {\"ID\": 0, \"Character\": \"Ma\xffrth\"}\n]\n")
	case "badutf8position":
		data = []byte("game: tropera\nmode: battle\nstate:\n  battle: durvalla-road\n  units:\n    - {id: ly\xffn}\nversion: 1\n")
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

// freeport sets VAR to a TCP port of 127.0.0.1 that was free a moment ago,
// for `exec roundtable serve --port $VAR &`: `freeport VAR`.
func freeport(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: freeport VAR")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	ts.Check(err)
	port := ln.Addr().(*net.TCPAddr).Port
	ts.Check(ln.Close())
	ts.Setenv(args[0], strconv.Itoa(port))
}

// httpCmd is `http [-X METHOD] [-H 'Name: value']... [-d BODY] [-zeros MB] URL`:
// one request, its answer on stdout as "HTTP CODE" and the body. It waits
// (up to two minutes) for a server that is starting to take connections.
// -zeros sends a body of MB megabytes of zeros with its length declared,
// made as it is sent. A Host header sets the request's host.
func httpCmd(ts *testscript.TestScript, neg bool, args []string) {
	fs := flag.NewFlagSet("http", flag.ContinueOnError)
	method := fs.String("X", "GET", "method")
	data := fs.String("d", "", "body")
	zeros := fs.Int64("zeros", 0, "a body of this many MB of zeros")
	var headers []string
	fs.Func("H", "header 'Name: value' (repeatable)", func(v string) error { headers = append(headers, v); return nil })
	if err := fs.Parse(args); err != nil || fs.NArg() != 1 {
		ts.Fatalf("usage: http [-X METHOD] [-H 'Name: value']... [-d BODY] [-zeros MB] URL")
	}
	var body io.Reader = strings.NewReader(*data)
	length := int64(len(*data))
	if *zeros > 0 {
		length = *zeros << 20
		body = io.LimitReader(zeroReader{}, length)
	}
	req, err := http.NewRequest(*method, fs.Arg(0), body)
	ts.Check(err)
	req.ContentLength = length
	for _, h := range headers {
		k, v, ok := strings.Cut(h, ":")
		if !ok {
			ts.Fatalf("http: header %q: want Name: value", h)
		}
		if k = strings.TrimSpace(k); strings.EqualFold(k, "Host") {
			req.Host = strings.TrimSpace(v)
		} else {
			req.Header.Set(k, strings.TrimSpace(v))
		}
	}
	deadline := time.Now().Add(2 * time.Minute)
	var res *http.Response
	for {
		res, err = http.DefaultClient.Do(req)
		if err == nil || !errors.Is(err, syscall.ECONNREFUSED) || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	ts.Check(err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	ts.Check(err)
	fmt.Fprintf(ts.Stdout(), "HTTP %d\n%s", res.StatusCode, b)
	if neg {
		ts.Fatalf("unsupported: ! http")
	}
}

type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}
