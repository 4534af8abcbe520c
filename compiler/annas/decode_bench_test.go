package annas

import (
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/source"
)

// benchUnitDoc is a base unit card with a skill and effects.
func benchUnitDoc(b *testing.B) *source.Document {
	p, _ := compiler.BasePack(Game)
	for _, d := range p.Set.Docs {
		if d.Kind == "unit" && d.Field("skill") != nil {
			return d
		}
	}
	b.Fatal("no base unit with a skill")
	return nil
}

// BenchmarkUnitDecodeYAML: one base unit card as decoded before, its tree
// from the encoding (Node) then yaml.v3.
func BenchmarkUnitDecodeYAML(b *testing.B) {
	d := benchUnitDoc(b)
	b.ReportAllocs()
	for b.Loop() {
		var u unitDoc
		if err := d.Node().Decode(&u); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkUnitDecodeEncoding: the same card through Doc.Decode, from the
// encoding.
func BenchmarkUnitDecodeEncoding(b *testing.B) {
	d := benchUnitDoc(b)
	b.ReportAllocs()
	for b.Loop() {
		var u unitDoc
		if err := d.Decode(&u); err != nil {
			b.Fatal(err)
		}
	}
}
