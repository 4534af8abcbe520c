package source

import (
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

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
	n := docs[0].Node()
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

// FuzzOffsetPos: any offset of any scalar maps to a position on the node's
// line at or after its column, without panicking.
func FuzzOffsetPos(f *testing.F) {
	for _, s := range []string{"kind: x\na: \"\\u00e9/7\"\n", "kind: x\nb: 'it''s'\n", "kind: x\nc: >\n  folded\n", "kind: x\nd: [\"x\\\"y\", 'z']\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		docs, _ := Parse("f.yaml", []byte(src))
		for _, d := range docs {
			walk(d.Node(), func(n *yaml.Node) {
				if n.Kind != yaml.ScalarNode {
					return
				}
				for off := 0; off <= len(n.Value); off++ {
					p := OffsetPos("f.yaml", []byte(src), n, off)
					if p.Line != n.Line || p.Col < n.Column {
						t.Fatalf("offset %d of %q at %d:%d maps to %v", off, n.Value, n.Line, n.Column, p)
					}
				}
			})
		}
	})
}

func walk(n *yaml.Node, fn func(*yaml.Node)) {
	fn(n)
	for _, c := range n.Content {
		walk(c, fn)
	}
}
