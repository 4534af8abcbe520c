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
		for _, d := range docs {
			if d.Kind == "" || d.Node() == nil {
				t.Fatalf("document without kind or node: %+v", d)
			}
		}
	})
}
