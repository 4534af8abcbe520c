// Package lspreplay measures keystroke-to-diagnostics latency of the
// language server (compiler/lsp): it opens a unit file of a pack, types and
// deletes characters one at a time (a title, a tag reference, a stat), and
// times each change from the didChange notification to the
// publishDiagnostics of that document's version. `make bench` runs it on
// the 10,000-unit pack of `roundtable fixture` (bench/report.sh, and
// BenchmarkKeystrokeLatency).
package lspreplay

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/roundtable-dev/roundtable/compiler/lsp"
)

// Result is one replay.
type Result struct {
	Open      time.Duration   // didOpen to the first diagnostics: a cold check
	Latencies []time.Duration // one per keystroke, in order
	Diags     []int           // diagnostics published after each keystroke
	// CPU is the process's CPU time (user+sys) over the keystrokes: on a
	// shared machine, less noisy than their wall time.
	CPU time.Duration
}

// Percentile returns the p-th percentile (0-100) of the latencies.
func (r Result) Percentile(p float64) time.Duration {
	s := slices.Clone(r.Latencies)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	i := int(float64(len(s))*p/100+0.5) - 1
	return s[max(0, min(i, len(s)-1))]
}

type client struct {
	protocol.UnimplementedClient
	mu   sync.Mutex
	last map[uri.URI]*protocol.PublishDiagnosticsParams
	ch   chan struct{}
}

func (c *client) PublishDiagnostics(ctx context.Context, p *protocol.PublishDiagnosticsParams) error {
	c.mu.Lock()
	c.last[p.URI] = p
	c.mu.Unlock()
	select {
	case c.ch <- struct{}{}:
	default:
	}
	return nil
}

// wait returns the diagnostics of u once published for version v or later.
func (c *client) wait(ctx context.Context, u uri.URI, v int32) (int, error) {
	for {
		c.mu.Lock()
		p := c.last[u]
		c.mu.Unlock()
		if p != nil {
			if got, ok := p.Version.Get(); ok && got >= v {
				return len(p.Diagnostics), nil
			}
		}
		select {
		case <-c.ch:
		case <-time.After(5 * time.Millisecond):
		case <-ctx.Done():
			return 0, fmt.Errorf("no diagnostics for version %d: %w", v, ctx.Err())
		}
	}
}

// keystroke is one change: replace [from, to) of a line with text.
type keystroke struct {
	line, from, to int
	text           string
}

// keystrokes returns the edits replayed on file's text: type " Edited" at
// the end of the title, delete it again, type a tag reference into a new
// tags: line (an unknown tag until complete), delete it, change a stat and
// back; every step is one character.
func keystrokes(text string) ([]keystroke, error) {
	ls := strings.Split(text, "\n")
	find := func(prefix string) int {
		for i, l := range ls {
			if strings.HasPrefix(l, prefix) {
				return i
			}
		}
		return -1
	}
	title, mov := find("title: "), find("mov: ")
	if title < 0 || mov < 0 {
		return nil, errors.New("the file has no title: or mov: line")
	}
	var ks []keystroke
	end := len(ls[title])
	for i, ch := range " Edited" {
		ks = append(ks, keystroke{title, end + i, end + i, string(ch)})
	}
	for i := len(" Edited") - 1; i >= 0; i-- {
		ks = append(ks, keystroke{title, end + i, end + i + 1, ""})
	}
	// A new line "tags: [armored]" after mov:, typed a character at a time.
	line := mov + 1
	ks = append(ks, keystroke{mov, len(ls[mov]), len(ls[mov]), "\n"})
	for i, ch := range "tags: [armored]" {
		ks = append(ks, keystroke{line, i, i, string(ch)})
	}
	for i := len("tags: [armored]") - 1; i >= 0; i-- {
		ks = append(ks, keystroke{line, i, i + 1, ""})
	}
	ks = append(ks, keystroke{line: -1}) // join the empty line back: see apply
	// mov: N -> mov: 1 -> mov: N
	old := ls[mov][len("mov: "):]
	ks = append(ks, keystroke{mov, len("mov: "), len(ls[mov]), ""})
	ks = append(ks, keystroke{mov, len("mov: "), len("mov: "), "1"})
	ks = append(ks, keystroke{mov, len("mov: "), len("mov: ") + 1, ""})
	ks = append(ks, keystroke{mov, len("mov: "), len("mov: "), old})
	return ks, nil
}

// Replay runs a server on the pack folder dir, opens file (relative to
// dir) and replays the keystrokes rounds times.
func Replay(ctx context.Context, dir, file string, rounds int) (Result, error) {
	return ReplayAfter(ctx, dir, file, rounds, nil)
}

// ReplayAfter is Replay that calls afterOpen (if not nil) once the cold
// check of the didOpen is done, before the first keystroke (to start a
// profile of the keystrokes alone).
func ReplayAfter(ctx context.Context, dir, file string, rounds int, afterOpen func()) (res Result, err error) {
	dir, err = filepath.Abs(dir)
	if err != nil {
		return res, err
	}
	path := filepath.Join(dir, filepath.FromSlash(file))
	b, err := os.ReadFile(path)
	if err != nil {
		return res, err
	}
	ks, err := keystrokes(string(b))
	if err != nil {
		return res, err
	}
	a, bconn := net.Pipe()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	tmp, err := os.MkdirTemp("", "lspreplay-")
	if err != nil {
		return res, err
	}
	defer os.RemoveAll(tmp)
	done := make(chan error, 1)
	go func() {
		done <- lsp.Serve(ctx, a, lsp.Options{BaseDir: filepath.Join(tmp, "base"), Poll: -1}, discard{})
	}()
	c := &client{last: map[uri.URI]*protocol.PublishDiagnosticsParams{}, ch: make(chan struct{}, 1)}
	cctx, conn, srv := protocol.NewClient(ctx, c, jsonrpc2.NewStream(bconn))
	defer conn.Close()
	root := uri.File(dir)
	if _, err := srv.Initialize(cctx, &protocol.InitializeParams{WorkspaceFoldersInitializeParams: protocol.WorkspaceFoldersInitializeParams{WorkspaceFolders: protocol.NewNullable([]protocol.WorkspaceFolder{{URI: root, Name: "root"}})}}); err != nil {
		return res, err
	}
	if err := srv.Initialized(cctx, &protocol.InitializedParams{}); err != nil {
		return res, err
	}
	u := uri.File(path)
	start := time.Now()
	if err := srv.DidOpen(cctx, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, LanguageID: "yaml", Version: 1, Text: string(b)}}); err != nil {
		return res, err
	}
	wctx, wcancel := context.WithTimeout(ctx, 10*time.Minute)
	defer wcancel()
	if _, err := c.wait(wctx, u, 1); err != nil {
		return res, err
	}
	res.Open = time.Since(start)
	if afterOpen != nil {
		afterOpen()
	}
	text := string(b)
	v := int32(1)
	cpu0 := cpuTime()
	defer func() { res.CPU = cpuTime() - cpu0 }()
	for range rounds {
		for _, k := range ks {
			var r protocol.Range
			var with string
			if k.line < 0 {
				// Remove the empty line left by the tags: line.
				ls := strings.Split(text, "\n")
				mov := slices.IndexFunc(ls, func(l string) bool { return strings.HasPrefix(l, "mov: ") })
				r = protocol.Range{Start: protocol.Position{Line: uint32(mov), Character: uint32(len(ls[mov]))}, End: protocol.Position{Line: uint32(mov + 1), Character: 0}}
			} else {
				r = protocol.Range{Start: protocol.Position{Line: uint32(k.line), Character: uint32(k.from)}, End: protocol.Position{Line: uint32(k.line), Character: uint32(k.to)}}
				with = k.text
			}
			text = apply(text, r, with)
			v++
			t0 := time.Now()
			err := srv.DidChange(cctx, &protocol.DidChangeTextDocumentParams{
				TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: v},
				ContentChanges: []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangePartial{Range: r, Text: with}},
			})
			if err != nil {
				return res, err
			}
			n, err := c.wait(wctx, u, v)
			if err != nil {
				return res, err
			}
			res.Latencies = append(res.Latencies, time.Since(t0))
			res.Diags = append(res.Diags, n)
		}
	}
	_ = srv.Shutdown(cctx)
	_ = srv.Exit(cctx)
	select {
	case <-done:
	case <-time.After(10 * time.Second):
	}
	return res, nil
}

// apply applies a change (ASCII text: characters are bytes) to text.
func apply(text string, r protocol.Range, with string) string {
	off := func(p protocol.Position) int {
		o := 0
		for l := uint32(0); l < p.Line; l++ {
			o += strings.IndexByte(text[o:], '\n') + 1
		}
		return o + int(p.Character)
	}
	return text[:off(r.Start)] + with + text[off(r.End):]
}

// cpuTime is the process's user+sys time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
