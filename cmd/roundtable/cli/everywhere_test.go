package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/rogpeppe/go-internal/testscript"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/roundtable-dev/roundtable/cmd/roundtable/clitest/scriptenv"
	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// TestSameProblemsEverywhere runs testdata/everywhere: one pack (a config
// that raises one code and silences another, an ignore glob, inline
// suppressions used, unused and without a reason, a baseline) checked by
// check --format json, the language server over stdio (open, change,
// save, an edit of roundtable.yaml), the studio (its HTTP page and the live
// page in headless Chromium) and check --watch, each a `roundtable`
// process, and each asked for the same set of (file, line, code,
// severity) after every edit (compiler/check is the one answer).
func TestSameProblemsEverywhere(t *testing.T) {
	repo, err := scriptenv.Repo()
	if err != nil {
		t.Fatal(err)
	}
	cmds := scriptenv.Commands()
	cmds["problems"] = problemsCmd
	cmds["lsp"] = lspCmd
	cmds["serve"] = serveCmd
	cmds["browser"] = browserCmd
	cmds["watch"] = watchCmd
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/everywhere",
		UpdateScripts: scriptenv.Update(),
		Cmds:          cmds,
		Setup:         scriptenv.Setup(repo),
		Condition: func(cond string) (bool, error) {
			if cond != "chromium" {
				return false, fmt.Errorf("unknown condition %q", cond)
			}
			if chromium() == "" && os.Getenv("CI") != "" {
				return false, fmt.Errorf("no Chromium on PATH; CI is set, so the browser must run (.ci/run installs it)")
			}
			return chromium() != "", nil
		},
	})
}

// chromium is the headless browser's path ("" none: Debian's chromium,
// which .ci/run installs).
func chromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// problem is one line of a set: file (relative to $WORK), line, code and
// severity.
type problem struct {
	file string
	line int
	code string
	sev  string
}

func (p problem) String() string { return fmt.Sprintf("%s:%d %s %s", p.file, p.line, p.code, p.sev) }

// setOf prints problems as a sorted set, one a line.
func setOf(ps []problem, work string) string {
	var lines []string
	for _, p := range ps {
		p.file = strings.TrimPrefix(filepath.ToSlash(p.file), filepath.ToSlash(work)+"/")
		if l := p.String(); !slices.Contains(lines, l) {
			lines = append(lines, l)
		}
	}
	slices.Sort(lines)
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}

// fromJSON reads the problems of a check --format json report.
func fromJSON(data []byte) ([]problem, error) {
	var r diag.JSONReport
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, err
	}
	var out []problem
	for _, d := range r.Diagnostics {
		out = append(out, problem{d.Pos.File, d.Pos.Line, d.Code, d.Severity})
	}
	return out, nil
}

// textProblem is the first line of a diagnostic as check prints it.
var textProblem = regexp.MustCompile(`(?m)^(\S[^\n]*?):(\d+):\d+: (error|warning)\[([^\]]+)\]: `)

// fromText reads the problems of check's text output.
func fromText(s string) []problem {
	var out []problem
	for _, m := range textProblem.FindAllStringSubmatch(s, -1) {
		var line int
		fmt.Sscan(m[2], &line)
		out = append(out, problem{m[1], line, m[4], m[3]})
	}
	return out
}

// problems FILE OUT: the set of a check --format json report.
func problemsCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: problems REPORT.json OUT")
	}
	ps, err := fromJSON([]byte(ts.ReadFile(args[0])))
	ts.Check(err)
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(setOf(ps, ts.Getenv("WORK"))), 0o644))
}

// waitSet waits until got() prints want's set, for a minute at most (a cap
// for a loaded machine, not a measure).
func waitSet(ts *testscript.TestScript, what, wantFile string, got func() (string, error)) {
	want := ts.ReadFile(wantFile)
	deadline := time.Now().Add(time.Minute)
	var last string
	var err error
	for time.Now().Before(deadline) {
		if last, err = got(); err == nil && last == want {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		ts.Fatalf("%s: %v", what, err)
	}
	ts.Fatalf("%s never showed %s; last:\n%s", what, wantFile, last)
}

// startRoundtable is the roundtable of the script's PATH, to run in $WORK.
func startRoundtable(ts *testscript.TestScript, args ...string) *exec.Cmd {
	bin := ""
	for _, d := range filepath.SplitList(ts.Getenv("PATH")) {
		if fi, err := os.Stat(filepath.Join(d, "roundtable")); err == nil && !fi.IsDir() {
			bin = filepath.Join(d, "roundtable")
			break
		}
	}
	if bin == "" {
		ts.Fatalf("no roundtable on the script's PATH")
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = ts.Getenv("WORK")
	cmd.Env = append(os.Environ(), "PATH="+ts.Getenv("PATH"), "HOME="+ts.Getenv("HOME"))
	return cmd
}

// syncBuf is a buffer written by a process and read by a script.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// stop ends a started process when the script ends.
func stop(ts *testscript.TestScript, cmd *exec.Cmd) {
	ts.Defer(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	})
}

// The language server of a script: `roundtable lsp` over stdio, driven as
// an editor drives it.
type lspSession struct {
	protocol.UnimplementedClient
	srv      protocol.Server
	ctx      context.Context
	mu       sync.Mutex
	diags    map[uri.URI][]protocol.Diagnostic
	versions map[uri.URI]int32
}

func (c *lspSession) PublishDiagnostics(_ context.Context, p *protocol.PublishDiagnosticsParams) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.diags[p.URI] = p.Diagnostics
	return nil
}

var sessions sync.Map // *testscript.TestScript → *lspSession, *served, *watched, *browserTab

// stdioConn joins a process's output and input into a stream.
type stdioConn struct {
	io.Reader
	io.WriteCloser
}

// lsp start [ARGS...] | open PATH | change PATH FROM | save PATH | want FILE
func lspCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 1 {
		ts.Fatalf("usage: lsp start|open|change|save|want ...")
	}
	if args[0] == "start" {
		base, err := os.MkdirTemp("", "roundtable-lsp-base-")
		ts.Check(err)
		ts.Defer(func() { makeWritable(base); os.RemoveAll(base) })
		cmd := startRoundtable(ts, append([]string{"lsp", "--base-dir", base}, args[1:]...)...)
		in, err := cmd.StdinPipe()
		ts.Check(err)
		out, err := cmd.StdoutPipe()
		ts.Check(err)
		ts.Check(cmd.Start())
		stop(ts, cmd)
		c := &lspSession{diags: map[uri.URI][]protocol.Diagnostic{}, versions: map[uri.URI]int32{}}
		ctx, cancel := context.WithCancel(context.Background())
		ts.Defer(cancel)
		cctx, _, srv := protocol.NewClient(ctx, c, jsonrpc2.NewStream(stdioConn{out, in}))
		c.srv, c.ctx = srv, cctx
		root := uri.File(ts.Getenv("WORK"))
		_, err = srv.Initialize(cctx, &protocol.InitializeParams{WorkspaceFoldersInitializeParams: protocol.WorkspaceFoldersInitializeParams{WorkspaceFolders: protocol.NewNullable([]protocol.WorkspaceFolder{{URI: root, Name: "work"}})}})
		ts.Check(err)
		ts.Check(srv.Initialized(cctx, &protocol.InitializedParams{}))
		ts.Defer(func() { _ = srv.Shutdown(cctx); _ = srv.Exit(cctx) })
		sessions.Store(key(ts, "lsp"), c)
		return
	}
	v, ok := sessions.Load(key(ts, "lsp"))
	if !ok {
		ts.Fatalf("lsp %s before lsp start", args[0])
	}
	c := v.(*lspSession)
	if len(args) != 2 && !(args[0] == "change" && len(args) == 3) {
		ts.Fatalf("usage: lsp open PATH | change PATH FROM | save PATH | want FILE")
	}
	u := uri.File(ts.MkAbs(args[1]))
	switch args[0] {
	case "open":
		c.open(ts, u, ts.ReadFile(args[1]))
	case "change":
		text := ts.ReadFile(args[2])
		c.mu.Lock()
		v, open := c.versions[u]
		c.versions[u] = v + 1
		c.mu.Unlock()
		if !open {
			c.open(ts, u, text)
			return
		}
		ts.Check(c.srv.DidChange(c.ctx, &protocol.DidChangeTextDocumentParams{
			TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: v + 1},
			ContentChanges: []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangeWholeDocument{Text: text}},
		}))
	case "save":
		ts.Check(c.srv.DidSave(c.ctx, &protocol.DidSaveTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}))
		ts.Check(c.srv.DidChangeWatchedFiles(c.ctx, &protocol.DidChangeWatchedFilesParams{Changes: []protocol.FileEvent{{URI: u, Type: protocol.FileChangeTypeChanged}}}))
	case "want":
		waitSet(ts, "the language server", args[1], func() (string, error) {
			c.mu.Lock()
			defer c.mu.Unlock()
			var ps []problem
			for u, ds := range c.diags {
				for _, d := range ds {
					sev := "error"
					if d.Severity == protocol.DiagnosticSeverityWarning {
						sev = "warning"
					}
					ps = append(ps, problem{u.FsPath(), int(d.Range.Start.Line) + 1, codeOf(d), sev})
				}
			}
			return setOf(ps, ts.Getenv("WORK")), nil
		})
	default:
		ts.Fatalf("unknown lsp %s", args[0])
	}
}

// codeOf is a diagnostic's code as a string.
func codeOf(d protocol.Diagnostic) string {
	b, _ := json.Marshal(d.Code)
	var s string
	if json.Unmarshal(b, &s) == nil {
		return s
	}
	return string(b)
}

func (c *lspSession) open(ts *testscript.TestScript, u uri.URI, text string) {
	c.mu.Lock()
	c.versions[u] = 1
	c.mu.Unlock()
	ts.Check(c.srv.DidOpen(c.ctx, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, LanguageID: "yaml", Version: 1, Text: text}}))
}

func key(ts *testscript.TestScript, what string) string { return fmt.Sprintf("%p/%s", ts, what) }

// serve ARGS...: `roundtable serve --port 0 ARGS` until the script ends;
// serve want FILE: its check page (HTTP) shows FILE's set.
func serveCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 1 {
		ts.Fatalf("usage: serve start ARGS... | want FILE")
	}
	switch args[0] {
	case "start":
		cmd := startRoundtable(ts, append([]string{"serve", "--port", "0"}, args[1:]...)...)
		out, err := cmd.StdoutPipe()
		ts.Check(err)
		ts.Check(cmd.Start())
		stop(ts, cmd)
		sc := bufio.NewScanner(out)
		url := ""
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), "roundtable studio: "); ok {
				url, _, _ = strings.Cut(rest, " ")
				break
			}
		}
		if url == "" {
			ts.Fatalf("serve printed no URL")
		}
		go func() { _, _ = io.Copy(io.Discard, out) }()
		sessions.Store(key(ts, "serve"), strings.TrimSuffix(url, "/"))
	case "want":
		url := served(ts)
		waitSet(ts, "the studio's check page", args[1], func() (string, error) {
			resp, err := http.Get(url + "/frag/check")
			if err != nil {
				return "", err
			}
			defer resp.Body.Close()
			b, err := io.ReadAll(resp.Body)
			if err != nil {
				return "", err
			}
			m := diagsPre.FindStringSubmatch(string(b))
			if m == nil {
				return "", fmt.Errorf("no list of problems on the page:\n%s", b)
			}
			return setOf(fromText(html.UnescapeString(m[1])), ts.Getenv("WORK")), nil
		})
	default:
		ts.Fatalf("unknown serve %s", args[0])
	}
}

// diagsPre is the check page's list of problems.
var diagsPre = regexp.MustCompile(`(?s)<pre class="diags" id="check-diags">(.*?)</pre>`)

func served(ts *testscript.TestScript) string {
	v, ok := sessions.Load(key(ts, "serve"))
	if !ok {
		ts.Fatalf("no serve started")
	}
	return v.(string)
}

// browser open: the studio's check page in headless Chromium, kept open;
// browser want FILE: the page, updated live, shows FILE's set.
func browserCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 1 {
		ts.Fatalf("usage: browser open | want FILE")
	}
	switch args[0] {
	case "open":
		path := chromium()
		if path == "" {
			ts.Fatalf("no Chromium on PATH (guard the line with [chromium])")
		}
		opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU)
		actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancel := chromedp.NewContext(actx)
		ts.Defer(func() { cancel(); acancel() })
		ts.Check(chromedp.Do(ctx, chromedp.Navigate(served(ts)+"/check"), chromedp.WaitVisible(chromedp.CSS("#check-diags"))))
		sessions.Store(key(ts, "browser"), ctx)
	case "want":
		v, ok := sessions.Load(key(ts, "browser"))
		if !ok {
			ts.Fatalf("browser want before browser open")
		}
		ctx := v.(context.Context)
		waitSet(ts, "the live check page", args[1], func() (string, error) {
			tctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			defer cancel()
			text, err := chromedp.Run(tctx, chromedp.Evaluate[string](`document.getElementById('check-diags').innerText`))
			if err != nil {
				return "", err
			}
			return setOf(fromText(text), ts.Getenv("WORK")), nil
		})
	default:
		ts.Fatalf("unknown browser %s", args[0])
	}
}

// watch start ARGS...: `roundtable check --watch --format json ARGS` until
// the script ends; watch want FILE: its last report shows FILE's set.
func watchCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 1 {
		ts.Fatalf("usage: watch start ARGS... | want FILE")
	}
	switch args[0] {
	case "start":
		cmd := startRoundtable(ts, append([]string{"check", "--watch", "--format", "json"}, args[1:]...)...)
		buf := &syncBuf{}
		cmd.Stdout = buf
		ts.Check(cmd.Start())
		stop(ts, cmd)
		sessions.Store(key(ts, "watch"), buf)
	case "want":
		v, ok := sessions.Load(key(ts, "watch"))
		if !ok {
			ts.Fatalf("watch want before watch start")
		}
		buf := v.(*syncBuf)
		waitSet(ts, "check --watch", args[1], func() (string, error) {
			dec := json.NewDecoder(strings.NewReader(buf.String()))
			var last json.RawMessage
			for {
				var r json.RawMessage
				if dec.Decode(&r) != nil {
					break
				}
				last = r
			}
			if last == nil {
				return "", nil
			}
			ps, err := fromJSON(last)
			return setOf(ps, ts.Getenv("WORK")), err
		})
	default:
		ts.Fatalf("unknown watch %s", args[0])
	}
}

// makeWritable lets RemoveAll delete the language server's read-only
// extracted base packs.
func makeWritable(dir string) {
	_ = filepath.WalkDir(dir, func(p string, _ os.DirEntry, err error) error {
		if err == nil {
			_ = os.Chmod(p, 0o755)
		}
		return nil
	})
}

// TestProblemSetsTellSurfacesApart: the harness of TestSameProblemsEverywhere
// reads check's JSON and text alike, and a surface that shows a problem
// with another severity, on another line or not at all gives another set.
func TestProblemSetsTellSurfacesApart(t *testing.T) {
	var l diag.List
	l.Add(diag.CodeUnknownRef, diag.Pos{File: "/w/pack/u.yaml", Line: 3, Col: 8}, "unknown tag %q", "armord")
	l.Add(diag.CodeUnknownField, diag.Pos{File: "/w/pack/u.yaml", Line: 5, Col: 1}, "unknown field %q", "hpp")
	js, err := json.Marshal(diag.ToJSON(l))
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if err := diag.PrintText(&text, l, nil, false); err != nil {
		t.Fatal(err)
	}
	fromJS, err := fromJSON(js)
	if err != nil {
		t.Fatal(err)
	}
	want := "pack/u.yaml:3 unknown-ref error\npack/u.yaml:5 unknown-field error\n"
	if got := setOf(fromJS, "/w"); got != want {
		t.Errorf("from JSON:\n%s\nwant:\n%s", got, want)
	}
	if got := setOf(fromText(text.String()), "/w"); got != want {
		t.Errorf("from text:\n%s\nwant:\n%s", got, want)
	}
	for _, other := range [][]problem{
		{{"/w/pack/u.yaml", 3, "unknown-ref", "warning"}, {"/w/pack/u.yaml", 5, "unknown-field", "error"}},
		{{"/w/pack/u.yaml", 4, "unknown-ref", "error"}, {"/w/pack/u.yaml", 5, "unknown-field", "error"}},
		{{"/w/pack/u.yaml", 3, "unknown-ref", "error"}},
	} {
		if setOf(other, "/w") == want {
			t.Errorf("%v reads as the same set", other)
		}
	}
}
