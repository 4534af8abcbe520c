package lsp

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
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
