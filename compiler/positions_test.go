package compiler_test

import (
	"slices"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// TestDocPositions: PathPos, KeyPos and NodePos, the positions every game's
// build reports at, on a unit whose lines and columns are known.
func TestDocPositions(t *testing.T) {
	p := pack(t, "pos", "1.0.0", nil, "kind: unit\nid: u\nname: U\ncolor: red\nstats: {hp: 9, atk: 5, spd: 5, def: 3}\nrange: [1, 2]\nmov: 3\n")
	var d *compiler.Doc
	for _, sd := range p.Set.Docs {
		if sd.Kind == "unit" {
			d = &compiler.Doc{Document: sd, Pack: p, ID: "u"}
		}
	}
	if d == nil {
		t.Fatal("no unit loaded")
	}
	at := func(line, col int) diag.Pos { return diag.Pos{File: "pos/content.yaml", Line: line, Col: col} }
	for _, c := range []struct {
		name      string
		got, want diag.Pos
	}{
		{"PathPos of a value", d.PathPos("stats", "atk"), at(5, 21)},
		{"PathPos of a list element", d.PathPos("range", "1"), at(6, 12)},
		{"PathPos of nothing is the document", d.PathPos("stats", "lck"), at(1, 1)},
		{"KeyPos of a top-level key", d.KeyPos("mov"), at(7, 1)},
		{"KeyPos of a nested key", d.KeyPos("spd", "stats"), at(5, 24)},
		{"KeyPos of no key is the mapping", d.KeyPos("lck", "stats"), at(5, 8)},
		{"KeyPos of no top-level key is the document", d.KeyPos("lck"), at(1, 1)},
		{"NodePos of nil is the document", d.NodePos(nil), at(1, 1)},
		{"NodePos of a node", d.NodePos(d.Field("color")), at(4, 8)},
	} {
		if c.got != c.want {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
}

func TestGridRow(t *testing.T) {
	cols, glyphs := compiler.GridRow("  T .\t^^  C ")
	if want := []int{2, 4, 6, 10}; !slices.Equal(cols, want) {
		t.Errorf("cols %v, want %v", cols, want)
	}
	if want := []string{"T", ".", "^^", "C"}; !slices.Equal(glyphs, want) {
		t.Errorf("glyphs %q, want %q", glyphs, want)
	}
	if cols, glyphs := compiler.GridRow(" \t "); cols != nil || glyphs != nil {
		t.Errorf("blank row: %v %q, want none", cols, glyphs)
	}
}
