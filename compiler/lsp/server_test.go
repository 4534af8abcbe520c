package lsp

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/check"
)

// valm is a small Anna's Roundtable expansion: a unit with a base tag
// (armored) and one of its own (swift).
var valm = map[string]string{
	"pack.yaml": `kind: pack
id: valm
name: Valm
version: 0.1.0
game: annas
requires:
  annas-base: ">=1.0 <2"
`,
	"tags.yaml": `kind: tag
id: swift
name: Swift
category: passive
text: +1 SPD in combat.
effects:
  - when: combat
    modify: {spd: 1}
`,
	"units/walhart.yaml": `kind: unit
id: walhart
name: Walhart
title: Conqueror
color: gray
stats: {hp: 9, atk: 5, spd: 4, def: 3}
range: [1]
mov: 3
tags: [armored, swift]
`,
}

func valmDir(t *testing.T) string {
	dir := filepath.Join(t.TempDir(), "valm")
	writeFiles(t, dir, valm)
	return dir
}

func codes(ds []protocol.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		c, _ := d.Code.(protocol.String)
		out = append(out, string(c))
	}
	return out
}

func msg(d protocol.Diagnostic) string {
	s, _ := d.Message.(protocol.String)
	return string(s)
}

func TestDiagnosticsOnOpenAndChange(t *testing.T) {
	dir := valmDir(t)
	c := start(t, dir)
	c.open("units/walhart.yaml")
	if ds := c.waitDiags("units/walhart.yaml", 1); len(ds) != 0 {
		t.Fatalf("clean pack: got %v", codes(ds))
	}
	text := strings.Replace(valm["units/walhart.yaml"], "[armored, swift]", "[armord, swift]", 1)
	c.change("units/walhart.yaml", 2, text)
	ds := c.waitDiags("units/walhart.yaml", 2)
	if len(ds) != 1 || codes(ds)[0] != "unknown-ref" {
		t.Fatalf("got %v, want one unknown-ref", codes(ds))
	}
	want := protocol.Range{Start: pos(8, 7), End: pos(8, 13)} // tags: [armord
	if ds[0].Range != want {
		t.Errorf("range %+v, want %+v", ds[0].Range, want)
	}
	if got := msg(ds[0]); got != "unknown tag \"armord\"\nhint: did you mean \"armored\"?" {
		t.Errorf("message %q", got)
	}
}

func TestCompletionOfTagIDs(t *testing.T) {
	dir := valmDir(t)
	c := start(t, dir)
	c.open("units/walhart.yaml")
	c.waitDiags("units/walhart.yaml", 1)
	text := strings.Replace(valm["units/walhart.yaml"], "[armored, swift]", "[armored, sw", 1)
	c.change("units/walhart.yaml", 2, text)
	res, err := c.srv.Completion(c.ctx, &protocol.CompletionParams{TextDocumentPositionParams: tdpp(c.uri("units/walhart.yaml"), pos(8, 18))})
	if err != nil {
		t.Fatal(err)
	}
	items, _ := res.(protocol.CompletionItemSlice)
	var labels []string
	for _, it := range items {
		labels = append(labels, it.Label)
	}
	for _, want := range []string{"swift", "armored", "flying"} {
		if !slices.Contains(labels, want) {
			t.Errorf("completion lacks %q: %v", want, labels)
		}
	}
}

func TestDefinitionAcrossFilesAndIntoBase(t *testing.T) {
	dir := valmDir(t)
	c := start(t, dir)
	c.open("units/walhart.yaml")
	c.waitDiags("units/walhart.yaml", 1)
	def := func(p protocol.Position) *protocol.Location {
		t.Helper()
		res, err := c.srv.Definition(c.ctx, &protocol.DefinitionParams{TextDocumentPositionParams: tdpp(c.uri("units/walhart.yaml"), p)})
		if err != nil {
			t.Fatal(err)
		}
		loc, ok := res.(*protocol.Location)
		if !ok {
			t.Fatalf("no definition at %+v: %#v", p, res)
		}
		return loc
	}
	loc := def(pos(8, 18)) // swift
	if loc.URI != c.uri("tags.yaml") || loc.Range != (protocol.Range{Start: pos(1, 4), End: pos(1, 9)}) {
		t.Errorf("swift: %+v", loc)
	}
	loc = def(pos(8, 9)) // armored, a tag of annas-base
	path := loc.URI.FsPath()
	if !strings.HasSuffix(filepath.ToSlash(path), "/annas/tags/movement.yaml") && !strings.Contains(filepath.ToSlash(path), "/annas/tags/") {
		t.Fatalf("armored: %s", path)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the base file is not extracted: %v", err)
	}
	ls := lines(b)
	if got := lineAt(ls, int(loc.Range.Start.Line))[loc.Range.Start.Character:loc.Range.End.Character]; got != "armored" {
		t.Errorf("armored's definition points at %q", got)
	}
}

func TestReferencesAndRename(t *testing.T) {
	dir := valmDir(t)
	writeFiles(t, dir, map[string]string{"units/frederick.yaml": `kind: unit
id: frederick
name: Frederick
color: blue
stats: {hp: 9, atk: 5, spd: 4, def: 3}
range: [1]
mov: 3
tags:
  - swift
`})
	c := start(t, dir)
	c.open("tags.yaml")
	c.waitDiags("tags.yaml", 1)
	refs, err := c.srv.References(c.ctx, &protocol.ReferenceParams{TextDocumentPositionParams: tdpp(c.uri("tags.yaml"), pos(1, 5)), Context: protocol.ReferenceContext{IncludeDeclaration: true}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range refs {
		rel, _ := filepath.Rel(dir, l.URI.FsPath())
		got = append(got, fmt.Sprintf("%s:%d:%d", filepath.ToSlash(rel), l.Range.Start.Line+1, l.Range.Start.Character+1))
	}
	want := []string{"tags.yaml:2:5", "units/frederick.yaml:9:5", "units/walhart.yaml:9:17"}
	if !slices.Equal(got, want) {
		t.Errorf("references %v, want %v", got, want)
	}
	// An edit of walhart.yaml's title: Build takes frederick.yaml's units
	// from the memo, and its reference must stay in the index.
	c.open("units/walhart.yaml")
	c.waitDiags("units/walhart.yaml", 1)
	c.change("units/walhart.yaml", 2, strings.Replace(valm["units/walhart.yaml"], "title: Conqueror", "title: Conqueror King", 1))
	c.waitDiags("units/walhart.yaml", 2)
	refs, err = c.srv.References(c.ctx, &protocol.ReferenceParams{TextDocumentPositionParams: tdpp(c.uri("tags.yaml"), pos(1, 5)), Context: protocol.ReferenceContext{IncludeDeclaration: true}})
	if err != nil {
		t.Fatal(err)
	}
	got = got[:0]
	for _, l := range refs {
		rel, _ := filepath.Rel(dir, l.URI.FsPath())
		got = append(got, fmt.Sprintf("%s:%d:%d", filepath.ToSlash(rel), l.Range.Start.Line+1, l.Range.Start.Character+1))
	}
	if !slices.Equal(got, want) {
		t.Errorf("references after an edit elsewhere %v, want %v", got, want)
	}
	// A comment at the end of a line: link and Build are replayed whole.
	c.change("units/walhart.yaml", 3, strings.Replace(valm["units/walhart.yaml"], "title: Conqueror", "title: Conqueror King # a note", 1))
	c.waitDiags("units/walhart.yaml", 3)
	c.change("units/walhart.yaml", 4, strings.Replace(valm["units/walhart.yaml"], "title: Conqueror", "title: Conqueror King # another note", 1))
	c.waitDiags("units/walhart.yaml", 4)
	refs, err = c.srv.References(c.ctx, &protocol.ReferenceParams{TextDocumentPositionParams: tdpp(c.uri("tags.yaml"), pos(1, 5)), Context: protocol.ReferenceContext{IncludeDeclaration: true}})
	if err != nil {
		t.Fatal(err)
	}
	got = got[:0]
	for _, l := range refs {
		rel, _ := filepath.Rel(dir, l.URI.FsPath())
		got = append(got, fmt.Sprintf("%s:%d:%d", filepath.ToSlash(rel), l.Range.Start.Line+1, l.Range.Start.Character+1))
	}
	if !slices.Equal(got, want) {
		t.Errorf("references after a comment edit %v, want %v", got, want)
	}
	edit, err := c.srv.Rename(c.ctx, &protocol.RenameParams{TextDocumentPositionParams: tdpp(c.uri("units/walhart.yaml"), pos(8, 18)), NewName: "fleet"})
	if err != nil {
		t.Fatal(err)
	}
	var edits []string
	for u, es := range edit.Changes {
		rel, _ := filepath.Rel(dir, u.FsPath())
		for _, e := range es {
			edits = append(edits, fmt.Sprintf("%s:%d:%d-%d=%s", filepath.ToSlash(rel), e.Range.Start.Line+1, e.Range.Start.Character+1, e.Range.End.Character+1, e.NewText))
		}
	}
	slices.Sort(edits)
	wantEdits := []string{"tags.yaml:2:5-10=fleet", "units/frederick.yaml:9:5-10=fleet", "units/walhart.yaml:9:17-22=fleet"}
	if !slices.Equal(edits, wantEdits) {
		t.Errorf("rename edits %v, want %v", edits, wantEdits)
	}
	if _, err := c.srv.Rename(c.ctx, &protocol.RenameParams{TextDocumentPositionParams: tdpp(c.uri("units/walhart.yaml"), pos(8, 9)), NewName: "plated"}); err == nil || !strings.Contains(err.Error(), "embedded pack annas-base") {
		t.Errorf("renaming a base tag: %v", err)
	}
	if _, err := c.srv.Rename(c.ctx, &protocol.RenameParams{TextDocumentPositionParams: tdpp(c.uri("tags.yaml"), pos(1, 5)), NewName: "Fleet Foot"}); err == nil || !strings.Contains(err.Error(), "is not an id") {
		t.Errorf("renaming to a bad id: %v", err)
	}
}

// A change in one file reports in the other open files it breaks.
func TestChangeReportsInOtherOpenDocuments(t *testing.T) {
	dir := valmDir(t)
	c := start(t, dir)
	c.open("units/walhart.yaml")
	c.open("tags.yaml")
	c.waitDiags("units/walhart.yaml", 1)
	c.change("tags.yaml", 2, strings.Replace(valm["tags.yaml"], "id: swift", "id: fleet", 1))
	ds := c.waitDiagsWhere("units/walhart.yaml", func(ds []protocol.Diagnostic) bool { return len(ds) > 0 })
	if len(ds) != 1 || codes(ds)[0] != "unknown-ref" || !strings.HasPrefix(msg(ds[0]), `unknown tag "swift"`) {
		t.Fatalf("got %v %q", codes(ds), msg(ds[0]))
	}
	c.change("tags.yaml", 3, valm["tags.yaml"])
	c.waitDiagsWhere("units/walhart.yaml", func(ds []protocol.Diagnostic) bool { return len(ds) == 0 })
}

func TestHover(t *testing.T) {
	dir := valmDir(t)
	c := start(t, dir)
	c.open("units/walhart.yaml")
	c.waitDiags("units/walhart.yaml", 1)
	hover := func(p protocol.Position) string {
		t.Helper()
		h, err := c.srv.Hover(c.ctx, &protocol.HoverParams{TextDocumentPositionParams: tdpp(c.uri("units/walhart.yaml"), p)})
		if err != nil || h == nil {
			t.Fatalf("hover at %+v: %v %v", p, h, err)
		}
		return h.Contents.(*protocol.MarkupContent).Value
	}
	if got := hover(pos(8, 18)); !strings.Contains(got, "**tag** `swift` of pack valm") || !strings.Contains(got, "text: +1 SPD in combat.") {
		t.Errorf("hover on swift: %q", got)
	}
	if got := hover(pos(4, 2)); !strings.HasPrefix(got, "`color`: ") {
		t.Errorf("hover on color: %q", got)
	}
}

func TestCodeActions(t *testing.T) {
	dir := valmDir(t)
	c := start(t, dir)
	c.open("units/walhart.yaml")
	c.waitDiags("units/walhart.yaml", 1)
	actions := func(version int32, text string) []string {
		t.Helper()
		c.change("units/walhart.yaml", version, text)
		ds := c.waitDiags("units/walhart.yaml", version)
		res, err := c.srv.CodeAction(c.ctx, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: c.uri("units/walhart.yaml")}, Range: ds[0].Range, Context: protocol.CodeActionContext{Diagnostics: ds}})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, a := range res {
			ca := a.(*protocol.CodeAction)
			for _, e := range ca.Edit.Changes[c.uri("units/walhart.yaml")] {
				got = append(got, fmt.Sprintf("%s: %d:%d %q", ca.Title, e.Range.Start.Line+1, e.Range.Start.Character+1, e.NewText))
			}
		}
		return got
	}
	got := actions(2, strings.Replace(valm["units/walhart.yaml"], "[armored, swift]", "[armord, swift]", 1))
	if want := []string{`Change to "armored": 9:8 "armored"`}; !slices.Equal(got, want) {
		t.Errorf("actions %q, want %q", got, want)
	}
	got = actions(3, strings.Replace(valm["units/walhart.yaml"], "mov: 3\n", "", 1))
	if want := []string{`Add required field "mov": 1:1 "mov: 0\n"`}; !slices.Equal(got, want) {
		t.Errorf("actions %q, want %q", got, want)
	}
}

// The server reports what check reports, code for code and word for word.
func TestSameDiagnosticsAsCheck(t *testing.T) {
	dir := valmDir(t)
	writeFiles(t, dir, map[string]string{
		"units/bad.yaml": `kind: unit
id: chrom
name: Bad
color: purple
stats: {hp: 30, atk: 5, spd: 4, def: 3}
range: [1]
mov: 3
tags: [swfit]
---
kind: unit
id: walhart
name: Twice
color: red
stats: {hp: 9, atk: 5, spd: 4, def: 3}
range: [1]
mov: 3
hp: 4
`,
		"tags.yaml": valm["tags.yaml"] + "---\nkind: tag\nid: heavy\nname: Heavy\ncategory: passive\ntext: x\neffects:\n  - when: combat\n    modify: {spd: -1}\n    if: {foe-tag: dragn}\n",
	})
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	want := map[string]bool{}
	res := checkPacks([]check.Source{{Dir: filepath.ToSlash(dir), FS: root.FS()}}, compiler.Loader{}, nil, &docCache{})
	for _, d := range res.diags {
		want[fmt.Sprintf("%s:%d:%d %s %s", d.Pos.File, d.Pos.Line, d.Pos.Col, d.Code, message(d))] = true
	}
	if len(want) < 4 {
		t.Fatalf("the bad pack has only %d problems: %v", len(want), want)
	}
	c := start(t, dir)
	got := map[string]bool{}
	for _, f := range []string{"units/bad.yaml", "tags.yaml", "units/walhart.yaml"} {
		v := int32(0) // walhart.yaml is not open: published all the same
		if f != "units/walhart.yaml" {
			c.open(f)
			v = 1
		}
		for _, d := range c.waitDiags(f, v) {
			got[fmt.Sprintf("%s:%d:%d %s %s", filepath.ToSlash(filepath.Join(dir, f)), d.Range.Start.Line+1, d.Range.Start.Character+1, codes([]protocol.Diagnostic{d})[0], msg(d))] = true
		}
	}
	if !maps.Equal(got, want) {
		t.Errorf("server:\n%v\ncheck:\n%v", slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
	}
}

// Files added, renamed and removed on disk (a git checkout) are checked and
// indexed once the client says files changed.
func TestDiskChanges(t *testing.T) {
	dir := valmDir(t)
	c := start(t, dir)
	c.open("tags.yaml")
	c.waitDiags("tags.yaml", 1)
	refsOfSwift := func() []string {
		t.Helper()
		refs, err := c.srv.References(c.ctx, &protocol.ReferenceParams{TextDocumentPositionParams: tdpp(c.uri("tags.yaml"), pos(1, 5))})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, l := range refs {
			rel, _ := filepath.Rel(dir, l.URI.FsPath())
			got = append(got, filepath.ToSlash(rel))
		}
		return got
	}
	changed := func() {
		t.Helper()
		if err := c.srv.DidChangeWatchedFiles(c.ctx, &protocol.DidChangeWatchedFilesParams{}); err != nil {
			t.Fatal(err)
		}
	}
	waitRefs := func(want ...string) {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for {
			got := refsOfSwift()
			if slices.Equal(got, want) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("references %v, want %v", got, want)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	waitRefs("units/walhart.yaml")
	writeFiles(t, dir, map[string]string{"units/a-new.yaml": strings.Replace(valm["units/walhart.yaml"], "id: walhart", "id: newcomer", 1)})
	changed()
	waitRefs("units/a-new.yaml", "units/walhart.yaml")
	if err := os.Rename(filepath.Join(dir, "units/a-new.yaml"), filepath.Join(dir, "units/z-moved.yaml")); err != nil {
		t.Fatal(err)
	}
	changed()
	waitRefs("units/walhart.yaml", "units/z-moved.yaml")
	os.Remove(filepath.Join(dir, "units/z-moved.yaml"))
	changed()
	waitRefs("units/walhart.yaml")
}

func completionLabels(t *testing.T, c *testClient, rel string, p protocol.Position) []string {
	t.Helper()
	res, err := c.srv.Completion(c.ctx, &protocol.CompletionParams{TextDocumentPositionParams: tdpp(c.uri(rel), p)})
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, it := range res.(protocol.CompletionItemSlice) {
		labels = append(labels, it.Label)
	}
	slices.Sort(labels)
	return labels
}

// Field names of the definition at the cursor (not those already
// written), enum words, and a snippet per kind in an empty document.
func TestCompletionOfFieldsEnumsAndKinds(t *testing.T) {
	dir := valmDir(t)
	c := start(t, dir)
	c.open("units/walhart.yaml")
	c.waitDiags("units/walhart.yaml", 1)
	text := valm["units/walhart.yaml"] + "sk\n---\n\n"
	c.change("units/walhart.yaml", 2, strings.Replace(text, "color: gray", "color: ", 1))
	if got, want := completionLabels(t, c, "units/walhart.yaml", pos(4, 7)), []string{"blue", "gray", "green", "red"}; !slices.Equal(got, want) {
		t.Errorf("color: %v, want %v", got, want)
	}
	got := completionLabels(t, c, "units/walhart.yaml", pos(9, 2))
	for _, want := range []string{"skill", "legendary", "overrides"} {
		if !slices.Contains(got, want) {
			t.Errorf("fields: %v lack %q", got, want)
		}
	}
	for _, written := range []string{"name", "stats", "tags"} {
		if slices.Contains(got, written) {
			t.Errorf("fields: %v offer %q, already written", got, written)
		}
	}
	got = completionLabels(t, c, "units/walhart.yaml", pos(11, 0))
	for _, want := range []string{"new unit", "new tag", "new boss", "new rules"} {
		if !slices.Contains(got, want) {
			t.Errorf("an empty document: %v lack %q", got, want)
		}
	}
}

// Every game is served: a copy of each base pack checks clean in the
// server as in check, and a reference completes with ids of its kind.
func TestEveryGame(t *testing.T) {
	for _, g := range games() {
		t.Run(g.id, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), g.id)
			if err := os.CopyFS(dir, g.content); err != nil {
				t.Fatal(err)
			}
			c := start(t, dir)
			var file string
			filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
				if file == "" && err == nil && !d.IsDir() && isYAML(p) && filepath.Base(p) != "pack.yaml" {
					file, _ = filepath.Rel(dir, p)
				}
				return nil
			})
			c.open(file)
			for _, d := range c.waitDiags(file, 1) {
				if d.Severity == protocol.DiagnosticSeverityError {
					t.Errorf("%s: %s", file, msg(d))
				}
			}
			snap := c.waitIndexed()
			if len(snap.refs) == 0 {
				t.Fatalf("no reference indexed")
			}
			// The first reference of the pack: completion there offers
			// its target's id.
			var r refInfo
			for _, f := range slices.Sorted(maps.Keys(snap.refs)) {
				for _, x := range snap.refs[f] {
					if x.ok && r.pos.File == "" {
						r = x
					}
				}
			}
			rel, _ := filepath.Rel(dir, filepath.FromSlash(r.pos.File))
			rel = filepath.ToSlash(rel)
			c.open(rel)
			c.waitDiags(rel, 1)
			ls := lines([]byte(mustRead(t, r.pos.File)))
			line := lineAt(ls, r.pos.Line-1)
			b := byteOfChar(line, r.pos.Col)
			labels := completionLabels(t, c, rel, pos(uint32(r.pos.Line-1), uint32(utf16Of(line, b))))
			if !slices.Contains(labels, r.target.id) && !slices.Contains(labels, r.target.pack+"/"+r.target.id) {
				t.Errorf("completion at %s (a %s) lacks %q: %v", r.pos, r.kind, r.target.id, labels)
			}
		})
	}
}

func mustRead(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.FromSlash(p))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
