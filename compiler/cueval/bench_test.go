package cueval

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/roundtable-dev/roundtable/bench/fixture"
	"github.com/roundtable-dev/roundtable/compiler/source"
)

// unitDocs parses n synthetic unit cards.
func unitDocs(b *testing.B, n int) []*source.Document {
	dir := b.TempDir()
	if err := fixture.Write(dir, fixture.Options{Units: n, Seed: 1, Layout: fixture.List}); err != nil {
		b.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "units", "list-0000.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	docs, diags := source.Parse("units.yaml", data)
	if len(diags) > 0 || len(docs) != n {
		b.Fatalf("%d docs, %v", len(docs), diags)
	}
	return docs
}

func benchValidate(b *testing.B, useNative bool) {
	s := annasSchema(b)
	s.cueOnly = !useNative
	docs := unitDocs(b, 1000)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if d := s.Validate(docs[i%len(docs)]); len(d) > 0 {
			b.Fatal(d)
		}
	}
}

// BenchmarkValidateNative and BenchmarkValidateCUE: one valid unit card per
// op, through the native fast path and through CUE evaluation.
func BenchmarkValidateNative(b *testing.B) { benchValidate(b, true) }
func BenchmarkValidateCUE(b *testing.B)    { benchValidate(b, false) }

// BenchmarkParse is the YAML side of the same card, for scale.
func BenchmarkParse(b *testing.B) {
	dir := b.TempDir()
	if err := fixture.Write(dir, fixture.Options{Units: 1, Seed: 1, Layout: fixture.List}); err != nil {
		b.Fatal(err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "units", "list-0000.yaml"))
	b.ResetTimer()
	for b.Loop() {
		source.Parse("u.yaml", data)
	}
}
