package compiler

import (
	"reflect"
	"testing"
	"testing/fstest"
)

// TestPrecheckEqualsValidate: the results stored while loading (precheck)
// are exactly what validating the loaded documents afterwards reports, for
// valid and invalid documents; documents with overrides: and the pack
// document are left to Compile.
func TestPrecheckEqualsValidate(t *testing.T) {
	g, ok := Lookup("annas")
	if !ok {
		t.Fatal("annas is not registered (packs_test.go imports compiler/annas)")
	}
	fsys := fstest.MapFS{
		"pack.yaml": {Data: []byte("kind: pack\nid: pre\nname: Pre\nversion: 1.0.0\ngame: annas\n")},
		"content.yaml": {Data: []byte(`kind: tag
id: quick
name: Quick
category: passive
text: A test tag.
---
kind: tag
id: slow
name: 5
category: sideways
text: A test tag.
colour: red
---
kind: tag
id: again
overrides: annas-base/armored
name: Again
category: passive
text: A test tag.
---
kind: tagg
id: nope
`)},
	}
	p, _ := LoadPack(fsys, "pre")
	s, err := g.CompiledSchema()
	if err != nil {
		t.Fatal(err)
	}
	if p.checkedBy != s {
		t.Fatalf("pack not validated while loading")
	}
	checked, errs := 0, 0
	for _, d := range p.Set.Docs {
		r, ok := d.Checked()
		if d.Kind == "pack" || d.Field(OverridesKey) != nil {
			if ok {
				t.Errorf("%s document %d was validated while loading", d.Kind, d.Index)
			}
			continue
		}
		if !ok {
			t.Errorf("document %d was not validated while loading", d.Index)
			continue
		}
		checked++
		errs += r.Errors()
		if want := s.Validate(d); !reflect.DeepEqual(r, want) {
			t.Errorf("document %d: stored %v, Validate %v", d.Index, r, want)
		}
	}
	if checked != 3 || errs == 0 {
		t.Errorf("%d documents validated while loading with %d errors; want 3 with some errors", checked, errs)
	}
}

// TestPrecheckNeedsTheRootPackGame: without a pack.yaml at the root that
// names a game with a compiler, nothing is validated while loading.
func TestPrecheckNeedsTheRootPackGame(t *testing.T) {
	for name, fsys := range map[string]fstest.MapFS{
		"unknown game": {"pack.yaml": {Data: []byte("kind: pack\nid: x\nname: X\nversion: 1.0.0\ngame: nogame\n")}, "a.yaml": {Data: []byte("kind: tag\nid: a\n")}},
		"nested pack":  {"sub/pack.yaml": {Data: []byte("kind: pack\nid: x\nname: X\nversion: 1.0.0\ngame: annas\n")}, "a.yaml": {Data: []byte("kind: tag\nid: a\n")}},
	} {
		p, _ := LoadPack(fsys, "x")
		if p.checkedBy != nil {
			t.Errorf("%s: pack marked as validated while loading", name)
		}
		for _, d := range p.Set.Docs {
			if _, ok := d.Checked(); ok {
				t.Errorf("%s: %s document validated while loading", name, d.Kind)
			}
		}
	}
}
