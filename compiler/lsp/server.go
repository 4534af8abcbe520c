// Package lsp is roundtable's language server (roundtable lsp): every
// check of roundtable check while typing, in any editor that speaks the
// Language Server Protocol. It knows no game: games come from the
// compiler's registry, references from what the games' Build steps resolve
// (compiler.Observer), fields and words from the exported JSON Schemas.
//
// The incremental engine is check --cache's (compiler/vcache and the memo
// of Local Build steps): each check loads the packs through a file system
// that lays the editor's buffers over the last scan of the disk
// (fs.go), so an edit re-reads, re-parses and re-validates only the edited
// file, and link and Build replay what did not change.
package lsp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/project"
)

// Serve runs the server on a stream (stdin/stdout for roundtable lsp)
// until the client exits or the stream closes.
func Serve(ctx context.Context, rw io.ReadWriteCloser, o Options, logw io.Writer) error {
	w, err := newWorkspace(o)
	if err != nil {
		return err
	}
	defer w.close()
	s := &server{w: w, log: log.New(logw, "roundtable lsp: ", log.Ltime|log.Lmicroseconds), kick: make(chan struct{}, 1), done: make(chan struct{}), published: map[string]string{}}
	if o.onServe != nil {
		o.onServe(s)
	}
	conn := jsonrpc2.NewConn(jsonrpc2.NewStream(rw), jsonrpc2.WithCodec(codec{}))
	s.client = protocol.ClientDispatcher(conn)
	s.conn = conn
	handler := protocol.ServerHandler(s, jsonrpc2.MethodNotFoundHandler)
	conn.Go(ctx, protocol.CancelHandler(func(ctx context.Context, req *jsonrpc2.Request) (any, error) {
		// Notifications (document changes) are handled in order on the
		// read loop; requests run beside later messages.
		if req.IsCall() {
			jsonrpc2.Async(ctx)
		}
		return handler(ctx, req)
	}))
	go s.checker(ctx)
	poll := o.Poll
	if poll == 0 {
		poll = 2 * time.Second
	}
	if poll > 0 {
		go s.poller(ctx, poll)
	}
	select {
	case <-conn.Done():
	case <-s.done:
		conn.Close()
	case <-ctx.Done():
		conn.Close()
	}
	s.stop()
	if err := conn.Err(); err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrClosedPipe) && !strings.Contains(err.Error(), "closed") {
		return err
	}
	return nil
}

// codec is the LSP codec of go.lsp.dev/protocol (unions included), for a
// connection made here rather than by protocol.NewServer, whose handler
// runs every message concurrently.
type codec struct{}

func (codec) Marshal(v any) ([]byte, error) {
	switch m := v.(type) {
	case jsonrpc2.RawMessage:
		if m == nil {
			return []byte("null"), nil
		}
		return m, nil
	case *jsonrpc2.RawMessage:
		if m == nil || *m == nil {
			return []byte("null"), nil
		}
		return *m, nil
	}
	return protocol.Marshal(v)
}

func (codec) Unmarshal(data []byte, v any) error {
	if p, ok := v.(*jsonrpc2.RawMessage); ok {
		*p = append(jsonrpc2.RawMessage(nil), data...)
		return nil
	}
	return protocol.Unmarshal(data, v)
}

type server struct {
	protocol.UnimplementedServer
	w      *workspace
	log    *log.Logger
	client protocol.Client
	conn   jsonrpc2.Conn
	kick   chan struct{}
	done   chan struct{}
	once   sync.Once

	mu        sync.Mutex
	published map[string]string // file -> what was last published
}

func (s *server) stop() { s.once.Do(func() { close(s.done) }) }

// check asks the checker for a check of the current buffers.
func (s *server) check() {
	select {
	case s.kick <- struct{}{}:
	default:
	}
}

// checker runs one check at a time, of the latest buffers: edits that
// arrive during a check are checked together after it.
func (s *server) checker(ctx context.Context) {
	for {
		select {
		case <-s.done:
			return
		case <-ctx.Done():
			return
		case <-s.kick:
		}
		start := time.Now()
		snap, edited, versions := s.w.run()
		s.publish(ctx, snap, edited, versions)
		s.log.Printf("checked in %v", time.Since(start).Round(time.Microsecond))
	}
}

// poller scans the pack folders for changes made outside the editor.
func (s *server) poller(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-s.done:
			return
		case <-ctx.Done():
			return
		case <-t.C:
			if s.w.rescan() {
				s.check()
			}
		}
	}
}

// publish sends the diagnostics of every file whose diagnostics changed,
// and of every edited file (so that a client waiting for the outcome of an
// edit gets one).
func (s *server) publish(ctx context.Context, snap *snapshot, edited map[string]bool, versions map[string]int32) {
	s.mu.Lock()
	files := map[string]bool{}
	for f := range s.published {
		files[f] = true
	}
	for f := range snap.diags {
		files[f] = true
	}
	for p := range edited {
		files[s.w.fileOf(p)] = true
	}
	type pub struct {
		file string
		ds   diag.List
	}
	var todo []pub
	for f := range files {
		ds := snap.diags[f]
		key := fmt.Sprint(ds)
		old, had := s.published[f]
		if had && old == key && !edited[s.w.pathOf(f)] {
			continue
		}
		if len(ds) == 0 {
			delete(s.published, f)
		} else {
			s.published[f] = key
		}
		if !had && len(ds) == 0 && !edited[s.w.pathOf(f)] {
			continue
		}
		todo = append(todo, pub{f, ds})
	}
	s.mu.Unlock()
	slices.SortFunc(todo, func(a, b pub) int { return strings.Compare(a.file, b.file) })
	for _, p := range todo {
		path := s.w.pathOf(p.file)
		params := &protocol.PublishDiagnosticsParams{URI: uri.File(path), Diagnostics: []protocol.Diagnostic{}}
		if v, ok := versions[path]; ok {
			params.Version = protocol.NewOptional(v)
		}
		text, ok := snap.texts[path] // ranges in the text that was checked
		if !ok {
			text = s.w.text(path)
		}
		ls := lines(text)
		for _, d := range p.ds {
			params.Diagnostics = append(params.Diagnostics, s.toLSP(d, ls))
		}
		if err := s.client.PublishDiagnostics(ctx, params); err != nil {
			s.log.Printf("publish %s: %v", path, err)
		}
	}
}

// toLSP converts a diagnostic: its range is the token at its position.
func (s *server) toLSP(d diag.Diagnostic, ls []string) protocol.Diagnostic {
	out := protocol.Diagnostic{
		Range:    tokenRange(ls, d.Pos),
		Severity: protocol.DiagnosticSeverityError,
		Code:     protocol.String(d.Code),
		Source:   protocol.NewOptional("roundtable"),
		Message:  protocol.String(message(d)),
	}
	if d.Severity == diag.Warning {
		out.Severity = protocol.DiagnosticSeverityWarning
	}
	for _, r := range d.Related {
		p := s.w.pathOf(r.Pos.File)
		out.RelatedInformation = append(out.RelatedInformation, protocol.DiagnosticRelatedInformation{
			Location: protocol.Location{URI: uri.File(p), Range: tokenRange(lines(s.w.text(p)), r.Pos)},
			Message:  r.Message,
		})
	}
	return out
}

// message is a diagnostic's text as check prints it: the message, then
// the hint.
func message(d diag.Diagnostic) string {
	if d.Hint == "" {
		return d.Message
	}
	return d.Message + "\nhint: " + d.Hint
}

// tokenRange is the range of the YAML token at a position.
func tokenRange(ls []string, p diag.Pos) protocol.Range {
	if p.Line <= 0 {
		return protocol.Range{}
	}
	line := lineAt(ls, p.Line-1)
	col := max(p.Col, 1)
	b := byteOfChar(line, col)
	e := tokenEnd(line, b)
	if e <= b {
		e = len(line)
		if e <= b {
			e = b
		}
	}
	return protocol.Range{
		Start: protocol.Position{Line: uint32(p.Line - 1), Character: uint32(utf16Of(line, b))},
		End:   protocol.Position{Line: uint32(p.Line - 1), Character: uint32(utf16Of(line, e))},
	}
}

func (s *server) Initialize(ctx context.Context, params *protocol.InitializeParams) (*protocol.InitializeResult, error) {
	var roots []string
	if wf, ok := params.WorkspaceFolders.Get(); ok {
		for _, f := range wf {
			roots = append(roots, f.URI.FsPath())
		}
	}
	// Clients without workspace folders (Neovim 0.7 sends both) say
	// rootUri, older ones rootPath.
	//lint:ignore SA1019 read for clients that send no workspace folders
	if u := params.RootURI; len(roots) == 0 && u != nil && *u != "" {
		roots = append(roots, u.FsPath())
	}
	//lint:ignore SA1019 read for the oldest clients
	if p, ok := params.RootPath.Get(); len(roots) == 0 && ok && p != "" {
		roots = append(roots, p)
	}
	for _, g := range s.w.games {
		if err := s.w.extract(g); err != nil {
			s.log.Printf("extract %s: %v", g.id, err)
		}
	}
	for _, r := range roots {
		s.w.addRoot(r)
	}
	trigger := []string{":", " ", "[", ",", "-", "/"}
	yes := true
	incremental := protocol.TextDocumentSyncKindIncremental
	return &protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: &protocol.TextDocumentSyncOptions{
				OpenClose: &yes,
				Change:    &incremental,
				Save:      protocol.Boolean(true),
			},
			CompletionProvider: &protocol.CompletionOptions{TriggerCharacters: trigger},
			HoverProvider:      protocol.Boolean(true),
			DefinitionProvider: protocol.Boolean(true),
			ReferencesProvider: protocol.Boolean(true),
			RenameProvider:     &protocol.RenameOptions{PrepareProvider: &yes},
			CodeActionProvider: &protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix}},
		},
		ServerInfo: protocol.ServerInfo{Name: "roundtable"},
	}, nil
}

func (s *server) Initialized(ctx context.Context, params *protocol.InitializedParams) error {
	s.check()
	return nil
}

func (s *server) Shutdown(ctx context.Context) error { return nil }

func (s *server) Exit(ctx context.Context) error {
	s.stop()
	return nil
}

func (s *server) DidOpen(ctx context.Context, params *protocol.DidOpenTextDocumentParams) error {
	p := params.TextDocument.URI.FsPath()
	if !isYAML(p) {
		return nil
	}
	s.w.packFor(p)
	if s.w.isBase(p) {
		return nil // read-only: the embedded content is checked as embedded
	}
	s.w.open(p, []byte(params.TextDocument.Text), params.TextDocument.Version)
	s.configEdited(p)
	s.check()
	return nil
}

// configEdited scans the pack folders again after an edit of a
// roundtable.yaml: its ignore globs decide which files the scan lists.
func (s *server) configEdited(p string) {
	if filepath.Base(p) == project.FileName {
		s.w.rescan()
	}
}

func (s *server) DidChange(ctx context.Context, params *protocol.DidChangeTextDocumentParams) error {
	p := params.TextDocument.URI.FsPath()
	if !isYAML(p) || s.w.isBase(p) {
		return nil
	}
	s.w.edit(p, func(text []byte) []byte {
		for _, ch := range params.ContentChanges {
			switch c := ch.(type) {
			case *protocol.TextDocumentContentChangeWholeDocument:
				text = []byte(c.Text)
			case *protocol.TextDocumentContentChangePartial:
				text = applyEdit(text, c.Range, c.Text)
			}
		}
		return text
	}, params.TextDocument.Version)
	s.configEdited(p)
	s.check()
	return nil
}

func (s *server) DidSave(ctx context.Context, params *protocol.DidSaveTextDocumentParams) error {
	if s.w.rescan() {
		s.check()
	}
	return nil
}

func (s *server) DidClose(ctx context.Context, params *protocol.DidCloseTextDocumentParams) error {
	p := params.TextDocument.URI.FsPath()
	if !isYAML(p) || s.w.isBase(p) {
		return nil
	}
	s.w.closeDoc(p)
	s.w.rescan()
	s.check()
	return nil
}

func (s *server) DidChangeWatchedFiles(ctx context.Context, params *protocol.DidChangeWatchedFilesParams) error {
	if s.w.rescan() {
		s.check()
	}
	return nil
}

// applyEdit replaces a range (UTF-16 positions) of text.
func applyEdit(text []byte, r protocol.Range, with string) []byte {
	start, end := offsetOf(text, r.Start), offsetOf(text, r.End)
	if end < start {
		start, end = end, start
	}
	out := make([]byte, 0, len(text)-(end-start)+len(with))
	out = append(out, text[:start]...)
	out = append(out, with...)
	return append(out, text[end:]...)
}

// offsetOf is the byte offset of an LSP position in text.
func offsetOf(text []byte, p protocol.Position) int {
	off := 0
	for l := uint32(0); l < p.Line; l++ {
		i := strings.IndexByte(string(text[off:]), '\n')
		if i < 0 {
			return len(text)
		}
		off += i + 1
	}
	end := strings.IndexByte(string(text[off:]), '\n')
	line := string(text[off:])
	if end >= 0 {
		line = line[:end]
	}
	line = strings.TrimSuffix(line, "\r")
	return off + byteOfUTF16(line, int(p.Character))
}

// at is a request's place: the file (display path), its lines, and the
// line (0-based) and byte offset.
type at struct {
	path, file string
	ls         []string
	line, b    int
}

func (s *server) at(u uri.URI, p protocol.Position) at {
	path := u.FsPath()
	ls := lines(s.w.text(path))
	line := lineAt(ls, int(p.Line))
	return at{path: path, file: s.w.fileOf(path), ls: ls, line: int(p.Line), b: byteOfUTF16(line, int(p.Character))}
}

func (s *server) location(file string, p diag.Pos) protocol.Location {
	path := s.w.pathOf(file)
	return protocol.Location{URI: uri.File(path), Range: tokenRange(lines(s.w.text(path)), p)}
}

// waitChecked waits (a little) for a check to have run once, so that a
// request right after the first open has an index.
func (s *server) waitChecked() *snapshot {
	for range 200 {
		snap := s.w.snapshot()
		if len(snap.packs) > 0 || len(s.w.packs) == 0 {
			return snap
		}
		time.Sleep(10 * time.Millisecond)
	}
	return s.w.snapshot()
}
