package source

import (
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

func TestOffsetPos(t *testing.T) {
	src := "kind: x\n" +
		"a: 5/7\n" +
		"b: \"5/7\"\n" +
		"c: '5/7'\n" +
		"d: \"\\t5/7\"\n" +
		"e: 'it''s 7'\n" +
		"f: |\n  5/7\n" +
		"g: {h: é7}\n"
	docs, diags := Parse("f.yaml", []byte(src))
	if len(diags) > 0 || len(docs) != 1 {
		t.Fatalf("parse: %v", diags)
	}
	n := docs[0].Node
	cases := []struct {
		path []string
		off  int
		want diag.Pos
	}{
		{[]string{"a"}, 2, diag.Pos{File: "f.yaml", Line: 2, Col: 6}},
		{[]string{"b"}, 2, diag.Pos{File: "f.yaml", Line: 3, Col: 7}},
		{[]string{"c"}, 2, diag.Pos{File: "f.yaml", Line: 4, Col: 7}},
		{[]string{"d"}, 3, diag.Pos{File: "f.yaml", Line: 5, Col: 9}},      // \t is two source runes
		{[]string{"e"}, 5, diag.Pos{File: "f.yaml", Line: 6, Col: 11}},     // '' is two source runes
		{[]string{"f"}, 2, diag.Pos{File: "f.yaml", Line: 7, Col: 4}},      // block scalar: the node
		{[]string{"g", "h"}, 2, diag.Pos{File: "f.yaml", Line: 9, Col: 9}}, // é is one column, two bytes
	}
	for _, c := range cases {
		node := Path(n, c.path...)
		if got := OffsetPos("f.yaml", []byte(src), node, c.off); got != c.want {
			t.Errorf("%s offset %d (%q): got %v, want %v", strings.Join(c.path, "."), c.off, node.Value, got, c.want)
		}
	}
}
