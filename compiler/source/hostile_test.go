package source

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestHostileEncodingNoPanic: a cached document's encoding is trusted on
// the cache file's checksum alone (checking every node would cost a warm
// check a walk of every document); one that is damaged anyway (a cache
// sealed after the damage) reads as a document with no fields, and Decode
// fails, but nothing panics or allocates what a damaged count says.
func TestHostileEncodingNoPanic(t *testing.T) {
	docs, _ := Parse("a.yaml", []byte(cacheSample))
	base := encodeDoc(docs[0])
	// The node count, as the encoding's header claims it, replaced.
	huge := appendString(binary.AppendUvarint(nil, 0), "unit")
	huge = binary.AppendUvarint(huge, 1<<40)
	r := &reader{s: string(base)}
	r.open()
	huge = append(huge, base[r.off:]...)
	type unitDoc struct {
		ID    string         `yaml:"id"`
		Stats map[string]int `yaml:"stats"`
		Tags  []string       `yaml:"tags"`
		Skill any            `yaml:"skill"`
	}
	try := func(b []byte) {
		t.Helper()
		for _, d := range entryDocs("a.yaml", &Entry{Docs: []string{string(b)}}) {
			if n := d.Node(); n == nil {
				t.Fatalf("Node of %q is nil", b)
			}
			d.StrField("id")
			d.Field("stats")
			d.Pos()
			d.FieldPos("id")
			var u unitDoc
			d.Decode(&u)
			var m map[string]any
			d.Decode(&m)
			var n yaml.Node
			d.Decode(&n)
			SemHash([]*Document{d})
			topKeys(d.enc)
		}
	}
	try(huge)
	try(nil)
	var u unitDoc
	if err := entryDocs("a.yaml", &Entry{Docs: []string{string(base[:len(base)/2])}})[0].Decode(&u); err == nil {
		t.Error("a truncated document decoded")
	}
	rnd := rand.New(rand.NewPCG(1, 1))
	for range 20000 {
		b := append([]byte(nil), base...)
		for range 1 + rnd.IntN(4) {
			b[rnd.IntN(len(b))] = byte(rnd.IntN(256))
		}
		if rnd.IntN(4) == 0 {
			b = b[:rnd.IntN(len(b))]
		}
		try(b)
	}
}
