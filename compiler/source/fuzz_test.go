package source

import (
	"testing"
)

// FuzzParse feeds arbitrary bytes to the YAML source stage. It must never
// panic, and every diagnostic must carry a code and the file name. The seed
// corpus (testdata/fuzz/FuzzParse) holds the hostile inputs: alias bombs,
// deep nesting, duplicate keys, invalid UTF-8, odd documents.
func FuzzParse(f *testing.F) {
	f.Add([]byte("kind: unit\nid: chrom\nstats: {hp: 10, atk: 6}\n"))
	f.Add([]byte("kind: unit\nid: a\nid: b\n"))
	f.Add([]byte("a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b, *b]\nkind: unit\n"))
	f.Add([]byte("kind: unit\nx: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n"))
	f.Add([]byte("kind: un\xffit\n"))
	f.Add([]byte("--- !!binary\n...\n--- |\n  x\n"))
	f.Add([]byte("<<: *undefined\n"))
	f.Add([]byte("kind: unit\n<<: [*a, {b: 1}]\n"))
	f.Add([]byte("? [a, b]\n: c\nkind: tag\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		docs, diags := Parse("fuzz.yaml", data)
		for _, d := range diags {
			if d.Code == "" || d.Pos.File != "fuzz.yaml" || d.Message == "" {
				t.Fatalf("malformed diagnostic %+v", d)
			}
		}
		// A document has its node and the word its kind: field holds; an
		// empty word ("kind: ''") is the link stage's unknown-kind, with
		// the game's kinds as a hint (seed 19416334bd8b92b7).
		for _, d := range docs {
			if d.Node() == nil {
				t.Fatalf("document without a node: %+v", d)
			}
			if k := Lookup(d.Node(), "kind"); k == nil || k.Value != d.Kind {
				t.Fatalf("document of kind %q whose kind: field is %v", d.Kind, k)
			}
		}
	})
}
