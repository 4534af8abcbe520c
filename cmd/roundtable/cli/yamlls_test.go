package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/schemaexport"
)

// yamlLSVersion is the yaml-language-server the editors test runs: the
// newest that runs on the Node.js 20 of Debian 12 machines (2.x needs 22).
const yamlLSVersion = "1.25.0"

// yamlLS installs yaml-language-server with npm (once, into a cache folder)
// and returns the command that starts it.
func yamlLS(t *testing.T) []string {
	t.Helper()
	skip := func(format string, args ...any) {
		t.Helper()
		if os.Getenv("CI") != "" {
			t.Fatalf(format, args...)
		}
		t.Skipf(format, args...)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		skip("node not found: this test runs yaml-language-server %s, installed with npm", yamlLSVersion)
	}
	dir := os.Getenv("ROUNDTABLE_YAMLLS_DIR")
	if dir == "" {
		c, err := os.UserCacheDir()
		if err != nil {
			c = os.TempDir()
		}
		dir = filepath.Join(c, "roundtable", "yaml-language-server-"+yamlLSVersion)
	}
	bin := filepath.Join(dir, "node_modules", "yaml-language-server", "bin", "yaml-language-server")
	if _, err := os.Stat(bin); err != nil {
		npm, err := exec.LookPath("npm")
		if err != nil {
			skip("npm not found: this test installs yaml-language-server %s with npm", yamlLSVersion)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(npm, "install", "--no-audit", "--no-fund", "--prefix", dir, "yaml-language-server@"+yamlLSVersion)
		if out, err := cmd.CombinedOutput(); err != nil {
			skip("npm install yaml-language-server@%s: %v\n%s", yamlLSVersion, err, out)
		}
	}
	return []string{node, bin, "--stdio"}
}

// ylsClient is an LSP client of yaml-language-server.
type ylsClient struct {
	protocol.UnimplementedClient
	settings []byte
	mu       sync.Mutex
	diags    map[uri.URI][]protocol.Diagnostic
	seen     chan uri.URI
}

func (c *ylsClient) PublishDiagnostics(ctx context.Context, p *protocol.PublishDiagnosticsParams) error {
	c.mu.Lock()
	c.diags[p.URI] = p.Diagnostics
	c.mu.Unlock()
	c.seen <- p.URI
	return nil
}

func (c *ylsClient) Configuration(ctx context.Context, p *protocol.ConfigurationParams) ([]protocol.LSPAny, error) {
	var out []protocol.LSPAny
	for _, it := range p.Items {
		if it.Section != nil && *it.Section == "yaml" {
			out = append(out, c.settings)
		} else {
			out = append(out, protocol.LSPAny("null"))
		}
	}
	return out, nil
}

func (c *ylsClient) RegisterCapability(context.Context, *protocol.RegistrationParams) error {
	return nil
}

func (c *ylsClient) WorkDoneProgressCreate(context.Context, *protocol.WorkDoneProgressCreateParams) error {
	return nil
}

type pipeRWC struct {
	io.ReadCloser
	io.WriteCloser
}

func (p pipeRWC) Close() error {
	p.WriteCloser.Close()
	return p.ReadCloser.Close()
}

// yamlLSDiagnostics runs yaml-language-server with the exported schemas of
// a game over files and returns its diagnostics per file.
func yamlLSDiagnostics(t *testing.T, command []string, game string, files []string) map[string][]protocol.Diagnostic {
	t.Helper()
	g, ok := compiler.Lookup(game)
	if !ok {
		t.Fatalf("no game %s", game)
	}
	schemas, err := schemaexport.Export(g)
	if err != nil {
		t.Fatal(err)
	}
	sdir := filepath.Join(t.TempDir(), ".schemas")
	os.MkdirAll(sdir, 0o755)
	for name, b := range schemas {
		if err := os.WriteFile(filepath.Join(sdir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// content.schema.json applies each document's own kind's schema.
	settings, _ := json.Marshal(map[string]any{
		"validate":    true,
		"completion":  true,
		"hover":       true,
		"schemas":     map[string]any{string(uri.File(filepath.Join(sdir, schemaexport.AnyFile))): []string{"*.yaml", "*.yml"}},
		"schemaStore": map[string]any{"enable": false},
	})
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, command[0], command[1:]...)
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cancel()
		cmd.Wait()
	}()
	c := &ylsClient{settings: settings, diags: map[uri.URI][]protocol.Diagnostic{}, seen: make(chan uri.URI, 1024)}
	cctx, conn, srv := protocol.NewClient(ctx, c, jsonrpc2.NewStream(pipeRWC{out, in}))
	defer conn.Close()
	root := uri.File(filepath.Dir(files[0]))
	yes := true
	caps := protocol.ClientCapabilities{Workspace: &protocol.WorkspaceClientCapabilities{Configuration: &yes}}
	if _, err := srv.Initialize(cctx, &protocol.InitializeParams{WorkspaceFoldersInitializeParams: protocol.WorkspaceFoldersInitializeParams{WorkspaceFolders: protocol.NewNullable([]protocol.WorkspaceFolder{{URI: root, Name: "root"}})}, Capabilities: caps}); err != nil {
		t.Fatalf("initialize: %v\n%s", err, stderr.String())
	}
	if err := srv.Initialized(cctx, &protocol.InitializedParams{}); err != nil {
		t.Fatal(err)
	}
	if err := srv.DidChangeConfiguration(cctx, &protocol.DidChangeConfigurationParams{Settings: protocol.LSPAny(`{"yaml":` + string(settings) + `}`)}); err != nil {
		t.Fatal(err)
	}
	want := map[uri.URI]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		u := uri.File(f)
		want[u] = f
		if err := srv.DidOpen(cctx, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, LanguageID: "yaml", Version: 1, Text: string(b)}}); err != nil {
			t.Fatal(err)
		}
	}
	// yaml-language-server publishes once per opened file when its schema
	// is loaded; a file's last publication stands.
	got := map[string][]protocol.Diagnostic{}
	for len(got) < len(want) {
		select {
		case u := <-c.seen:
			if f, ok := want[u]; ok {
				c.mu.Lock()
				got[f] = c.diags[u]
				c.mu.Unlock()
			}
		case <-ctx.Done():
			t.Fatalf("yaml-language-server published for %d of %d files\n%s", len(got), len(want), stderr.String())
		}
	}
	// Let late publications (after a schema finished loading) land.
	for quiet := time.After(500 * time.Millisecond); ; {
		select {
		case u := <-c.seen:
			if f, ok := want[u]; ok {
				c.mu.Lock()
				got[f] = c.diags[u]
				c.mu.Unlock()
			}
			quiet = time.After(500 * time.Millisecond)
			continue
		case <-quiet:
		}
		break
	}
	return got
}

func ylsMessage(d protocol.Diagnostic) string {
	s, _ := d.Message.(protocol.String)
	return fmt.Sprintf("%d:%d %s", d.Range.Start.Line+1, d.Range.Start.Character+1, string(s))
}

// yamlFiles lists the YAML files under dir.
func yamlFiles(t *testing.T, dir string) []string {
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
			out = append(out, p)
		}
		return nil
	})
	slices.Sort(out)
	return out
}

// TestYAMLLanguageServerAgreesOnBaseAndNewPacks runs the real
// yaml-language-server with the exported schemas over every base pack of
// every game and a fresh `new pack` of each: content that check accepts
// gets no diagnostic.
func TestYAMLLanguageServerAgreesOnBaseAndNewPacks(t *testing.T) {
	command := yamlLS(t)
	for _, g := range compiler.Games() {
		t.Run(g.ID, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "base")
			if err := os.CopyFS(dir, g.Content); err != nil {
				t.Fatal(err)
			}
			np := filepath.Join(t.TempDir(), "fresh")
			var out, errb bytes.Buffer
			if code := run([]string{"new", "pack", np, "--game", g.ID}, nil, &out, &errb); code != 0 {
				t.Fatalf("new pack: %d %s", code, errb.String())
			}
			files := append(yamlFiles(t, dir), yamlFiles(t, np)...)
			got := yamlLSDiagnostics(t, command, g.ID, files)
			for _, f := range files {
				for _, d := range got[f] {
					t.Errorf("%s: %s", f, ylsMessage(d))
				}
			}
		})
	}
}

// TestYAMLLanguageServerFindsSchemaErrors: on the bad content of check's
// tests, yaml-language-server flags every line where check reports a
// schema-level problem, and no other line.
func TestYAMLLanguageServerFindsSchemaErrors(t *testing.T) {
	command := yamlLS(t)
	schemaCodes := map[string]bool{diag.CodeBadEnum.ID: true, diag.CodeOutOfRange.ID: true, diag.CodeUnknownField.ID: true, diag.CodeMissingField.ID: true, diag.CodeWrongType.ID: true}
	cases := []struct{ script, file, game, text string }{
		{script: "core_diagnostics.txtar", file: "bad.yaml", game: "annas"},
		// Integer keys: 5 players is no key of lives (unknown-field), and a
		// life count out of range.
		{script: "boss-lives", file: "boss.yaml", game: "annas", text: `kind: boss
id: valm-boss
name: Valm Boss
text: t
corners:
  nw: {color: red, hp: 6}
  ne: {color: blue, hp: 6}
  se: {color: green, hp: 6}
  sw: {color: grey, hp: 6}
lives: {2: 1, 3: 12, 5: 2}
`},
	}
	for _, tc := range cases {
		t.Run(tc.script, func(t *testing.T) {
			ar := &txtar.Archive{Files: []txtar.File{{Name: tc.file, Data: []byte(tc.text)}}}
			if tc.text == "" {
				var err error
				if ar, err = txtar.ParseFile(filepath.Join("../../../compiler/testdata/script", tc.script)); err != nil {
					t.Fatal(err)
				}
			}
			g, _ := compiler.Lookup(tc.game)
			dir := filepath.Join(t.TempDir(), "pack")
			if err := os.CopyFS(dir, g.Content); err != nil {
				t.Fatal(err)
			}
			bad := filepath.Join(dir, "bad", tc.file)
			for _, f := range ar.Files {
				if f.Name == tc.file {
					os.MkdirAll(filepath.Dir(bad), 0o755)
					if err := os.WriteFile(bad, f.Data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			results, diags, err := compileAll([]string{dir})
			if err != nil || len(results) == 0 {
				t.Fatal(err)
			}
			want := map[int]bool{}
			for _, d := range diags {
				if d.Pos.File == filepath.ToSlash(bad) && schemaCodes[d.Code] {
					want[d.Pos.Line] = true
				}
			}
			if len(want) == 0 {
				t.Fatalf("check finds no schema-level problem in %s: %v", tc.file, diags)
			}
			got := map[int]bool{}
			for _, d := range yamlLSDiagnostics(t, command, tc.game, []string{bad})[bad] {
				got[int(d.Range.Start.Line)+1] = true
			}
			if !slices.Equal(slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want))) {
				t.Errorf("yaml-language-server flags lines %v, check's schema-level problems are on lines %v", slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
			}
		})
	}
}
