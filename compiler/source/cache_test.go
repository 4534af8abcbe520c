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
	docs, diags := Parse("units/a.yaml", []byte(cacheSample))
	if len(docs) != 2 || len(diags) != 0 {
		t.Fatalf("%d docs, %v", len(docs), diags)
	}
	for _, d := range docs {
		got, err := decodeDoc(encodeDoc(d))
		if err != nil {
			t.Fatal(err)
		}
		got.File = d.File
		if !reflect.DeepEqual(got, d) {
			t.Errorf("cached document %d differs:\n got %+v\nwant %+v", d.Index, got.Node(), d.Node())
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
			if _, err := decodeDoc(e); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// FuzzCacheRoundTrip: for any input, every parsed document survives the
// cache encoding unchanged.
func FuzzCacheRoundTrip(f *testing.F) {
	f.Add([]byte(cacheSample))
	f.Add([]byte("a: &x [1, {b: *x}]\n---\nkind: k\n\"q\": 'v' # c\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		docs, _ := Parse("f.yaml", data)
		for _, d := range docs {
			got, err := decodeDoc(encodeDoc(d))
			if err != nil {
				t.Fatal(err)
			}
			got.File = d.File
			if !reflect.DeepEqual(got, d) {
				t.Fatalf("document %d differs after the cache", d.Index)
			}
		}
	})
}
