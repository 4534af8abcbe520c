package compiler_test

import (
	"io/fs"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/agree"
	_ "github.com/roundtable-dev/roundtable/games/all" // every game
)

// TestSchemaAgreesWithStructs: every kind of every game has a Go struct
// (Kind.Doc) that decodes every field its CUE definition allows, with the
// same kinds, optionality and ranges, and no field the definition forbids
// (compiler/agree).
func TestSchemaAgreesWithStructs(t *testing.T) {
	for _, g := range compiler.Games() {
		t.Run(g.ID, func(t *testing.T) {
			for _, m := range structMismatches(t, g) {
				t.Error(m)
			}
		})
	}
}

// structMismatches holds every kind of g to its Doc.
func structMismatches(t *testing.T, g *compiler.Game) []agree.Mismatch {
	s, err := g.CompiledSchema()
	if err != nil {
		t.Fatal(err)
	}
	c := agree.New(agree.Options{Skip: map[string]string{"kind": "the loader reads it"}})
	for _, k := range g.Kinds {
		def, ok := s.Def(k.Name)
		if !ok || k.Doc == nil {
			t.Fatalf("%s kind %s: definition %s found: %v; Go struct: %v", g.ID, k.Name, k.Def, ok, k.Doc)
		}
		c.Add(k.Name, def, k.Doc)
	}
	return c.Mismatches()
}

// TestDecodeAgreesWithYAML: every base document of every kind of every game
// decodes into its Kind.Doc with Doc.Decode (from the encoding) to yaml.v3's
// value and error, and none is left to yaml.v3 (so the fast path is what
// was compared).
func TestDecodeAgreesWithYAML(t *testing.T) {
	for _, g := range compiler.Games() {
		t.Run(g.ID, func(t *testing.T) {
			types := map[string]func() any{}
			for _, k := range g.Kinds {
				if k.Doc == nil {
					t.Fatalf("kind %s has no Doc", k.Name)
				}
				types[k.Name] = func() any { return reflect.New(k.Doc).Interface() }
			}
			errs, fallbacks := compiler.CompareDecodes(g, types)
			for _, err := range errs {
				t.Error(err)
			}
			if fallbacks != 0 {
				t.Errorf("%d base documents decoded by yaml.v3, not from the encoding", fallbacks)
			}
		})
	}
}

// TestSchemaFieldWithoutGoFieldFails adds fields to Anna's schema in memory
// (a top-level one, and one in a struct two kinds share) and expects the
// check to name each where a document would write it.
func TestSchemaFieldWithoutGoFieldFails(t *testing.T) {
	base, _ := compiler.Lookup("annas")
	fsys := fstest.MapFS{"added.cue": {Data: []byte("package annas\n#Unit: {nickname?: string}\n#Corner: {crown?: bool}\n")}}
	err := fs.WalkDir(base.Schema, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(base.Schema, p)
		fsys[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	mutated := &compiler.Game{ID: base.ID, Kinds: base.Kinds, Schema: fsys}
	var got []string
	for _, m := range structMismatches(t, mutated) {
		got = append(got, m.String())
	}
	want := []string{
		`kind boss: corners.ne.crown: schema field "crown" has no Go field in annas.cornerDoc: validation accepts it and decoding drops it`,
		`kind boss: corners.nw.crown: schema field "crown" has no Go field in annas.cornerDoc: validation accepts it and decoding drops it`,
		`kind boss: corners.se.crown: schema field "crown" has no Go field in annas.cornerDoc: validation accepts it and decoding drops it`,
		`kind boss: corners.sw.crown: schema field "crown" has no Go field in annas.cornerDoc: validation accepts it and decoding drops it`,
		`kind unit: nickname: schema field "nickname" has no Go field in annas.unitDoc: validation accepts it and decoding drops it`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("mismatches:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
