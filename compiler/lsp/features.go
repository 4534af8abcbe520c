package lsp

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// refAt returns the reference whose token holds a place.
func (s *server) refAt(snap *snapshot, a at) (refInfo, bool) {
	line := lineAt(a.ls, a.line)
	for _, r := range snap.refs[a.file] {
		if r.pos.Line-1 != a.line {
			continue
		}
		b := byteOfChar(line, r.pos.Col)
		if e := tokenEnd(line, b); a.b >= b && a.b <= e && unquote(line[b:e]) == r.ref {
			return r, true
		}
	}
	return refInfo{}, false
}

// defAt returns the entity whose id is written at a place.
func (s *server) defAt(snap *snapshot, a at) (docInfo, bool) {
	line := lineAt(a.ls, a.line)
	ds, _ := snap.docs.get(a.file)
	for _, d := range ds {
		if d.id == "" || d.kind == "pack" || d.idPos.Line-1 != a.line {
			continue
		}
		b := byteOfChar(line, d.idPos.Col)
		if e := tokenEnd(line, b); a.b >= b && a.b <= e {
			return d, true
		}
	}
	return docInfo{}, false
}

// entityAt returns the entity named or defined at a place.
func (s *server) entityAt(snap *snapshot, a at) (entity, bool) {
	if r, ok := s.refAt(snap, a); ok && r.ok {
		return r.target, true
	}
	if d, ok := s.defAt(snap, a); ok {
		return entity{kind: d.kind, pack: d.pack, id: d.id}, true
	}
	return entity{}, false
}

func (s *server) Definition(ctx context.Context, params *protocol.DefinitionParams) (protocol.DefinitionResult, error) {
	snap := s.waitChecked()
	a := s.at(params.TextDocument.URI, params.Position)
	e, ok := s.entityAt(snap, a)
	if !ok {
		return protocol.LocationSlice{}, nil
	}
	d, ok := snap.def(e)
	if !ok {
		return protocol.LocationSlice{}, nil
	}
	loc := s.location(d.key.file, d.idPos)
	return &loc, nil
}

func (s *server) References(ctx context.Context, params *protocol.ReferenceParams) ([]protocol.Location, error) {
	snap := s.waitChecked()
	a := s.at(params.TextDocument.URI, params.Position)
	e, ok := s.entityAt(snap, a)
	if !ok {
		return []protocol.Location{}, nil
	}
	out := []protocol.Location{}
	if d, ok := snap.def(e); ok && params.Context.IncludeDeclaration {
		out = append(out, s.location(d.key.file, d.idPos))
	}
	refs := slices.Clone(snap.refsOf(e))
	slices.SortFunc(refs, func(a, b refInfo) int {
		return strings.Compare(a.pos.String(), b.pos.String())
	})
	for _, r := range refs {
		out = append(out, s.location(r.pos.File, r.pos))
	}
	return out, nil
}

var idRe = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

func (s *server) PrepareRename(ctx context.Context, params *protocol.PrepareRenameParams) (protocol.PrepareRenameResult, error) {
	snap := s.waitChecked()
	a := s.at(params.TextDocument.URI, params.Position)
	e, ok := s.entityAt(snap, a)
	if !ok {
		return nil, jsonrpc2.NewError(jsonrpc2.ErrInvalidRequest.Code, "no id of an entity here")
	}
	if d, ok := snap.def(e); ok && d.embedded {
		return nil, jsonrpc2.NewError(jsonrpc2.ErrInvalidRequest.Code, fmt.Sprintf("%s %s belongs to the embedded pack %s, which cannot be edited", e.kind, e.id, e.pack))
	}
	line := lineAt(a.ls, a.line)
	start := a.b
	for start > 0 && !strings.ContainsRune(" [{,:\t", rune(line[start-1])) {
		start--
	}
	end := tokenEnd(line, start)
	return &protocol.Range{
		Start: protocol.Position{Line: uint32(a.line), Character: uint32(utf16Of(line, start))},
		End:   protocol.Position{Line: uint32(a.line), Character: uint32(utf16Of(line, end))},
	}, nil
}

func (s *server) Rename(ctx context.Context, params *protocol.RenameParams) (*protocol.WorkspaceEdit, error) {
	snap := s.waitChecked()
	a := s.at(params.TextDocument.URI, params.Position)
	e, ok := s.entityAt(snap, a)
	if !ok {
		return nil, jsonrpc2.NewError(jsonrpc2.ErrInvalidRequest.Code, "no id of an entity here")
	}
	d, ok := snap.def(e)
	if !ok {
		return nil, jsonrpc2.NewError(jsonrpc2.ErrInvalidRequest.Code, fmt.Sprintf("%s %s is not defined", e.kind, e.id))
	}
	if d.embedded {
		return nil, jsonrpc2.NewError(jsonrpc2.ErrInvalidRequest.Code, fmt.Sprintf("%s %s belongs to the embedded pack %s, which cannot be edited", e.kind, e.id, e.pack))
	}
	name := params.NewName
	if !idRe.MatchString(name) {
		return nil, jsonrpc2.NewError(jsonrpc2.ErrInvalidParams.Code, fmt.Sprintf("%q is not an id: lowercase words joined by hyphens (flying, heavy-armor)", name))
	}
	edits := map[uri.URI][]protocol.TextEdit{}
	add := func(file string, p diag.Pos, text string) {
		path := s.w.pathOf(file)
		u := uri.File(path)
		r := tokenRange(lines(s.w.text(path)), p)
		edits[u] = append(edits[u], protocol.TextEdit{Range: r, NewText: text})
	}
	add(d.key.file, d.idPos, name)
	for _, r := range snap.refsOf(e) {
		text := name
		if pk, _, ok := strings.Cut(r.ref, "/"); ok {
			text = pk + "/" + name
		}
		add(r.pos.File, r.pos, text)
	}
	return &protocol.WorkspaceEdit{Changes: edits}, nil
}

func (s *server) Hover(ctx context.Context, params *protocol.HoverParams) (*protocol.Hover, error) {
	snap := s.waitChecked()
	a := s.at(params.TextDocument.URI, params.Position)
	md := func(text string) *protocol.Hover {
		return &protocol.Hover{Contents: &protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: text}}
	}
	if r, ok := s.refAt(snap, a); ok {
		if !r.ok {
			return md(fmt.Sprintf("unknown %s `%s`", r.kind, r.ref)), nil
		}
		return md(s.summary(snap, r.target)), nil
	}
	if d, ok := s.defAt(snap, a); ok {
		e := entity{kind: d.kind, pack: d.pack, id: d.id}
		return md(fmt.Sprintf("**%s** `%s` of pack %s: %s", d.kind, d.id, d.pack, diag.Plural(len(snap.refsOf(e)), "reference"))), nil
	}
	// A key: its doc comment.
	line := lineAt(a.ls, a.line)
	start := a.b
	for start > 0 && !strings.ContainsRune(" [{,\t", rune(line[start-1])) {
		start--
	}
	end := tokenEnd(line, start)
	if end < len(line) && line[end] == ':' && a.b <= end {
		c := cursorAt(a.ls, a.line, end+1)
		if kind, game := docKind(a.ls, a.line), s.gameOf(snap, a.file); kind != "" && game != "" {
			sc := gameSchemas(game)
			ns := sc.at(kind, c.path)
			if doc := sc.doc(ns); doc != "" {
				return md(fmt.Sprintf("`%s`: %s", c.path[len(c.path)-1], doc)), nil
			}
		}
	}
	return nil, nil
}

// summary is the hover text of an entity: where it is and its document.
func (s *server) summary(snap *snapshot, e entity) string {
	d, ok := snap.def(e)
	if !ok {
		return fmt.Sprintf("**%s** `%s`", e.kind, e.id)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** `%s` of pack %s\n\n```yaml\n", e.kind, e.id, e.pack)
	ls := lines(s.w.text(s.w.pathOf(d.key.file)))
	first, last := docRange(ls, max(d.start-1, 0))
	n := 0
	for i := first; i <= last && n < 40; i++ {
		if strings.TrimSpace(ls[i]) == "" && i == last {
			break
		}
		b.WriteString(ls[i])
		b.WriteByte('\n')
		n++
	}
	b.WriteString("```")
	return b.String()
}

// gameOf is the game of a file's pack.
func (s *server) gameOf(snap *snapshot, file string) string {
	if p, ok := snap.packOf(file); ok {
		return p.game
	}
	return ""
}

func (s *server) Completion(ctx context.Context, params *protocol.CompletionParams) (protocol.CompletionResult, error) {
	snap := s.waitChecked()
	a := s.at(params.TextDocument.URI, params.Position)
	game := s.gameOf(snap, a.file)
	if game == "" {
		return protocol.CompletionItemSlice{}, nil
	}
	sc := gameSchemas(game)
	c := cursorAt(a.ls, a.line, a.b)
	kind := docKind(a.ls, a.line)
	line := lineAt(a.ls, a.line)
	replace := protocol.Range{
		Start: protocol.Position{Line: uint32(a.line), Character: uint32(utf16Of(line, c.wordStart))},
		End:   protocol.Position{Line: uint32(a.line), Character: uint32(utf16Of(line, a.b))},
	}
	items := protocol.CompletionItemSlice{}
	item := func(label string, k protocol.CompletionItemKind, detail, doc, text string, snippet bool) {
		it := protocol.CompletionItem{Label: label, Kind: k, TextEdit: &protocol.TextEdit{Range: replace, NewText: text}}
		if detail != "" {
			it.Detail = protocol.NewOptional(detail)
		}
		if doc != "" {
			it.Documentation = &protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: doc}
		}
		if snippet {
			it.InsertTextFormat = protocol.InsertTextFormatSnippet
		}
		items = append(items, it)
	}
	values := func(path []string) {
		if rk, ok := s.w.refKind(game, kind, path); ok {
			for _, n := range snap.visible(a.file, rk) {
				item(n.name, protocol.CompletionItemKindReference, fmt.Sprintf("%s of %s", rk, n.doc.pack), "", n.name, false)
			}
			return
		}
		for _, v := range sc.values(sc.at(kind, path)) {
			item(v, protocol.CompletionItemKindEnumMember, "", "", v, false)
		}
	}
	switch {
	case kind == "" || len(c.path) == 0 && c.isKey && !c.isItem && kind == "":
		// A new document: one snippet per kind.
		for _, g := range s.w.games {
			if g.id != game {
				continue
			}
			for _, k := range g.kinds {
				item("new "+k.name, protocol.CompletionItemKindSnippet, k.summary, "", sc.snippet(k.name), true)
			}
		}
	case len(c.path) == 1 && c.path[0] == "kind" && !c.isKey:
		for _, g := range s.w.games {
			if g.id == game {
				for _, k := range g.kinds {
					item(k.name, protocol.CompletionItemKindEnumMember, k.summary, "", k.name, false)
				}
			}
		}
	case c.isItem && !sc.isObject(sc.at(kind, c.path)):
		values(c.path)
	case c.isKey:
		have := siblings(a.ls, a.line, c.indent)
		for _, f := range sc.fields(sc.at(kind, c.path)) {
			if slices.Contains(have, f.name) {
				continue
			}
			detail := ""
			if f.required {
				detail = "required"
			}
			item(f.name, protocol.CompletionItemKindField, detail, f.doc, f.name+": ", false)
		}
	default:
		values(c.path)
	}
	return items, nil
}

var (
	didYouMean = regexp.MustCompile(`did you mean "([^"]+)"\?`)
	missing    = regexp.MustCompile(`^missing required field "([^"]+)"`)
)

func (s *server) CodeAction(ctx context.Context, params *protocol.CodeActionParams) ([]protocol.CommandOrCodeAction, error) {
	snap := s.waitChecked()
	u := params.TextDocument.URI
	path := u.FsPath()
	file := s.w.fileOf(path)
	ls := lines(s.w.text(path))
	out := []protocol.CommandOrCodeAction{}
	quickfix := protocol.CodeActionKindQuickFix
	for _, pd := range params.Context.Diagnostics {
		msg := ""
		if m, ok := pd.Message.(protocol.String); ok {
			msg = string(m)
		}
		action := func(title string, edit protocol.TextEdit) {
			preferred := true
			out = append(out, &protocol.CodeAction{
				Title: title, Kind: &quickfix, Diagnostics: []protocol.Diagnostic{pd}, IsPreferred: &preferred,
				Edit: &protocol.WorkspaceEdit{Changes: map[uri.URI][]protocol.TextEdit{u: {edit}}},
			})
		}
		if m := didYouMean.FindStringSubmatch(msg); m != nil {
			action(fmt.Sprintf("Change to %q", m[1]), protocol.TextEdit{Range: pd.Range, NewText: m[1]})
			continue
		}
		if m := missing.FindStringSubmatch(msg); m != nil {
			game := s.gameOf(snap, file)
			if game == "" {
				continue
			}
			sc := gameSchemas(game)
			li := int(pd.Range.Start.Line)
			line := lineAt(ls, li)
			b := byteOfUTF16(line, int(pd.Range.Start.Character))
			kind := docKind(ls, li)
			if b < len(line) && line[b] == '{' {
				c := cursorAt(ls, li, b+1)
				ph := sc.placeholder(sc.at(kind, append(c.path, m[1])))
				pos := protocol.Position{Line: uint32(li), Character: uint32(utf16Of(line, b+1))}
				action(fmt.Sprintf("Add required field %q", m[1]), protocol.TextEdit{Range: protocol.Range{Start: pos, End: pos}, NewText: fmt.Sprintf("%s: %s, ", m[1], ph)})
				continue
			}
			c := cursorAt(ls, li, b)
			ph := sc.placeholder(sc.at(kind, append(c.path, m[1])))
			pos := protocol.Position{Line: uint32(li), Character: uint32(utf16Of(line, b))}
			action(fmt.Sprintf("Add required field %q", m[1]), protocol.TextEdit{Range: protocol.Range{Start: pos, End: pos}, NewText: fmt.Sprintf("%s: %s\n%s", m[1], ph, strings.Repeat(" ", b))})
		}
	}
	return out, nil
}
