package source

import (
	"reflect"
	"testing"
)

const cacheSample = `# a unit
kind: unit
id: u000001
name: Olivia 1
title: Wind Sword
color: blue
stats:
  hp: 11
  atk: 10
  spd: 4
  def: 6
base: &b {x: 1}
more:
  <<: *b
  y: "quoted"   # comment
range: [1, 2]
mov: 3
tags: [cavalry, stalwart]
---
kind: tag
id: t
text: |
  A block
  scalar.
`

// TestCachedParseIsIdentical: a document decoded from the cache equals the
// parsed one, positions, styles and comments included, so that every
// diagnostic of a warm run is the cold run's.
func TestCachedParseIsIdentical(t *testing.T) {
	docs, diags := parse("units/a.yaml", []byte(cacheSample), false)
	if len(docs) != 2 || len(diags) != 0 {
		t.Fatalf("%d docs, %v", len(docs), diags)
	}
	loaded, _ := Parse("units/a.yaml", []byte(cacheSample))
	for i, d := range docs {
		got, err := decodeDoc(encodeDoc(d))
		if err != nil {
			t.Fatal(err)
		}
		got.File = d.File
		if got.Index != d.Index || got.Kind != d.Kind || !reflect.DeepEqual(got.Node(), d.Node()) {
			t.Errorf("cached document %d differs:\n got %+v\nwant %+v", d.Index, got.Node(), d.Node())
		}
		if !reflect.DeepEqual(loaded[i], got) {
			t.Errorf("loaded document %d is not its cached form", d.Index)
		}
	}
}

// TestCompactDocumentReadsAsItsTree: Pos, Field and Node of a loaded
// (encoded) document equal those of its parsed tree, so diagnostics taken
// from either are the same.
func TestCompactDocumentReadsAsItsTree(t *testing.T) {
	trees, _ := parse("units/a.yaml", []byte(cacheSample), false)
	loaded, _ := Parse("units/a.yaml", []byte(cacheSample))
	if len(loaded) != len(trees) {
		t.Fatalf("%d loaded documents, %d parsed", len(loaded), len(trees))
	}
	for i, want := range trees {
		got := loaded[i]
		if got.tree != nil || got.enc == "" {
			t.Fatalf("document %d is not kept encoded", i)
		}
		if !reflect.DeepEqual(got.Node(), want.Node()) {
			t.Errorf("document %d: Node %+v, want %+v", i, got.Node(), want.Node())
		}
		if got.Pos() != want.Pos() {
			t.Errorf("document %d: Pos %v, want %v", i, got.Pos(), want.Pos())
		}
		for _, key := range []string{"kind", "id", "stats", "tags", "text", "name", "absent"} {
			if g, w := got.Field(key), want.Field(key); !reflect.DeepEqual(g, w) {
				t.Errorf("document %d: Field(%q) = %+v, want %+v", i, key, g, w)
			}
			if g, w := got.FieldPos(key), want.FieldPos(key); g != w {
				t.Errorf("document %d: FieldPos(%q) = %v, want %v", i, key, g, w)
			}
		}
	}
}

// TestCorruptCacheIsRejected: truncated or altered bytes never decode into
// a document (the file is parsed again instead).
func TestCorruptCacheIsRejected(t *testing.T) {
	docs, _ := Parse("a.yaml", []byte(cacheSample))
	b := encodeDoc(docs[0])
	for i := range len(b) - 1 {
		if _, err := decodeDoc(b[:i]); err == nil {
			t.Fatalf("truncated at %d of %d bytes decoded", i, len(b))
		}
	}
}

func BenchmarkParseUnit(b *testing.B) {
	for b.Loop() {
		Parse("a.yaml", []byte(cacheSample))
	}
}

func BenchmarkDecodeCachedUnit(b *testing.B) {
	docs, _ := Parse("a.yaml", []byte(cacheSample))
	enc := [][]byte{encodeDoc(docs[0]), encodeDoc(docs[1])}
	for b.Loop() {
		for _, e := range enc {
			d, err := decodeDoc(e)
			if err != nil {
				b.Fatal(err)
			}
			d.Node() // the tree, as a check builds it
		}
	}
}

// FuzzCacheRoundTrip: for any input, every parsed document survives the
// encoding (the cache's, and the loaded documents') unchanged: its tree,
// position and top-level fields.
func FuzzCacheRoundTrip(f *testing.F) {
	f.Add([]byte(cacheSample))
	f.Add([]byte("a: &x [1, {b: *x}]\n---\nkind: k\n\"q\": 'v' # c\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		docs, _ := parse("f.yaml", data, false)
		for _, d := range docs {
			got, err := decodeDoc(encodeDoc(d))
			if err != nil {
				t.Fatal(err)
			}
			got.File = d.File
			if got.Index != d.Index || got.Kind != d.Kind || !reflect.DeepEqual(got.Node(), d.Node()) || got.Pos() != d.Pos() {
				t.Fatalf("document %d differs after the cache", d.Index)
			}
			for i := 0; i+1 < len(d.Node().Content); i += 2 {
				key := d.Node().Content[i].Value
				if !reflect.DeepEqual(got.Field(key), d.Field(key)) {
					t.Fatalf("document %d: field %q differs after the cache", d.Index, key)
				}
			}
		}
	})
}

// TestFieldSkipsAbsentKeys: Field finds every top-level key, and no key
// that is absent, also when the word stands elsewhere in the document (the
// encoding search only rules words out).
func TestFieldSkipsAbsentKeys(t *testing.T) {
	docs, diags := Parse("u.yaml", []byte("kind: unit\nid: chrom\ntags: [armored, {overrides: x}]\n---\nkind: unit\nid: lucina\n"))
	if len(diags) > 0 || len(docs) != 2 {
		t.Fatal(diags)
	}
	for _, k := range []string{"kind", "id", "tags"} {
		if docs[0].Field(k) == nil {
			t.Errorf("first document: Field(%q) = nil", k)
		}
	}
	for _, k := range []string{"overrides", "armored", "chrom", "name"} {
		if n := docs[0].Field(k); n != nil {
			t.Errorf("first document: Field(%q) = %v, want nil", k, n.Value)
		}
	}
	if docs[1].Field("tags") != nil || docs[1].Field("id").Value != "lucina" {
		t.Error("second document: wrong fields")
	}
}

func BenchmarkStrFieldCached(b *testing.B) {
	docs, _ := Parse("a.yaml", []byte(cacheSample))
	d, err := decodeDoc(encodeDoc(docs[0]))
	if err != nil {
		b.Fatal(err)
	}
	d.keys = topKeys(d.enc)
	for b.Loop() {
		d.StrField("id")
	}
}
