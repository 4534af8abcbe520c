package lsp

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	// The games, registered as the CLI registers them.
	_ "github.com/roundtable-dev/roundtable/games/all"
)

// testClient drives a server over a pipe as an editor would.
type testClient struct {
	protocol.UnimplementedClient
	t      testing.TB
	srv    protocol.Server
	ctx    context.Context
	mu     sync.Mutex
	diags  map[uri.URI]*protocol.PublishDiagnosticsParams
	notify chan struct{}
	dir    string

	srvImpl *server
}

func (c *testClient) server() *server { return c.srvImpl }

func (c *testClient) PublishDiagnostics(ctx context.Context, p *protocol.PublishDiagnosticsParams) error {
	c.mu.Lock()
	c.diags[p.URI] = p
	c.mu.Unlock()
	select {
	case c.notify <- struct{}{}:
	default:
	}
	return nil
}

// start runs a server on a workspace folder and initializes it.
func start(t testing.TB, dir string) *testClient {
	t.Helper()
	a, b := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	c := &testClient{t: t, diags: map[uri.URI]*protocol.PublishDiagnosticsParams{}, notify: make(chan struct{}, 1), dir: dir}
	made := make(chan *server, 1)
	opts := Options{BaseDir: filepath.Join(t.TempDir(), "base"), Poll: -1, onServe: func(s *server) { made <- s }}
	go func() { done <- Serve(ctx, a, opts, testLog{t}) }()
	c.srvImpl = <-made
	cctx, _, srv := protocol.NewClient(ctx, c, jsonrpcStream(b))
	c.srv, c.ctx = srv, cctx
	t.Cleanup(func() {
		_ = srv.Shutdown(ctx)
		_ = srv.Exit(ctx)
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Error("server did not exit")
		}
		cancel()
		b.Close()
	})
	root := uri.File(dir)
	if _, err := srv.Initialize(ctx, &protocol.InitializeParams{WorkspaceFoldersInitializeParams: protocol.WorkspaceFoldersInitializeParams{WorkspaceFolders: protocol.NewNullable([]protocol.WorkspaceFolder{{URI: root, Name: "root"}})}}); err != nil {
		t.Fatal(err)
	}
	if err := srv.Initialized(ctx, &protocol.InitializedParams{}); err != nil {
		t.Fatal(err)
	}
	return c
}

type testLog struct{ t testing.TB }

func (l testLog) Write(p []byte) (int, error) {
	if os.Getenv("ROUNDTABLE_LSP_LOG") != "" {
		l.t.Log(strings.TrimSpace(string(p)))
	}
	return len(p), nil
}

func (c *testClient) uri(rel string) uri.URI { return uri.File(filepath.Join(c.dir, rel)) }

func (c *testClient) open(rel string) {
	c.t.Helper()
	b, err := os.ReadFile(filepath.Join(c.dir, rel))
	if err != nil {
		c.t.Fatal(err)
	}
	if err := c.srv.DidOpen(c.ctx, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: c.uri(rel), LanguageID: "yaml", Version: 1, Text: string(b)}}); err != nil {
		c.t.Fatal(err)
	}
}

// change replaces the whole text of an open document.
func (c *testClient) change(rel string, version int32, text string) {
	c.t.Helper()
	err := c.srv.DidChange(c.ctx, &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: c.uri(rel)}, Version: version},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangeWholeDocument{Text: text}},
	})
	if err != nil {
		c.t.Fatal(err)
	}
}

// waitDiags waits for diagnostics of a file published for a version at
// least v (0: any) and returns them.
func (c *testClient) waitDiags(rel string, v int32) []protocol.Diagnostic {
	c.t.Helper()
	deadline := time.After(60 * time.Second)
	for {
		c.mu.Lock()
		p := c.diags[c.uri(rel)]
		c.mu.Unlock()
		if p != nil {
			got, has := p.Version.Get()
			if v == 0 || has && got >= v {
				return p.Diagnostics
			}
		}
		select {
		case <-c.notify:
		case <-time.After(20 * time.Millisecond):
		case <-deadline:
			c.t.Fatalf("no diagnostics for %s version %d", rel, v)
		}
	}
}

// waitDiagsWhere waits until the diagnostics of a file satisfy ok.
func (c *testClient) waitDiagsWhere(rel string, ok func([]protocol.Diagnostic) bool) []protocol.Diagnostic {
	c.t.Helper()
	deadline := time.After(60 * time.Second)
	for {
		c.mu.Lock()
		p := c.diags[c.uri(rel)]
		c.mu.Unlock()
		if p != nil && ok(p.Diagnostics) {
			return p.Diagnostics
		}
		select {
		case <-c.notify:
		case <-time.After(20 * time.Millisecond):
		case <-deadline:
			var got []protocol.Diagnostic
			if p != nil {
				got = p.Diagnostics
			}
			c.t.Fatalf("diagnostics of %s never matched; last: %+v", rel, got)
		}
	}
}

func pos(line, char uint32) protocol.Position { return protocol.Position{Line: line, Character: char} }

func tdpp(u uri.URI, p protocol.Position) protocol.TextDocumentPositionParams {
	return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: p}
}

func jsonrpcStream(c net.Conn) jsonrpc2.Stream { return jsonrpc2.NewStream(c) }

// writeFiles writes files (slash paths relative to dir).
func writeFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// waitIndexed returns the server's snapshot once it has checked.
func (c *testClient) waitIndexed() *snapshot {
	c.t.Helper()
	return c.server().waitChecked()
}
