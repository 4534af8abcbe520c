package vcache

import (
	"os"
	"reflect"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	key := Key("units/a.yaml", []byte("kind: unit\n"))
	var d diag.List
	d.Add(diag.CodeBadEnum, diag.Pos{File: "units/a.yaml", Line: 5, Col: 8}, "color: %q is not allowed", "purple").Hint = "did you mean \"red\"?"
	c := Open(dir, "pack\x00schema-1")
	if _, ok := c.Get(key); ok {
		t.Fatal("empty cache has an entry")
	}
	c.Put(key, []diag.List{nil, d})
	c.Save()

	got, ok := Open(dir, "pack\x00schema-1").Get(key)
	if !ok || len(got) != 2 || len(got[0]) != 0 || !reflect.DeepEqual(got[1], d) {
		t.Fatalf("got %v %v, want [nil %v]", got, ok, d)
	}
	if _, ok := Open(dir, "pack\x00schema-2").Get(key); ok {
		t.Error("a changed schema hash reused results")
	}
	if _, ok := Open(dir, "pack\x00schema-1").Get(Key("units/a.yaml", []byte("kind: unit\n\n"))); ok {
		t.Error("changed bytes reused results")
	}
}

// TestPrunes: results of files not seen in a run are dropped on save.
func TestPrunes(t *testing.T) {
	dir := t.TempDir()
	a, b := Key("a", nil), Key("b", nil)
	c := Open(dir, "s")
	c.Put(a, []diag.List{nil})
	c.Put(b, []diag.List{nil})
	c.Save()
	c = Open(dir, "s")
	c.Get(a)
	c.Save()
	c = Open(dir, "s")
	if _, ok := c.Get(b); ok {
		t.Error("b survived a run that did not see it")
	}
	if _, ok := c.Get(a); !ok {
		t.Error("a was dropped")
	}
}

// TestCorruptStoreIsEmpty: a damaged cache file is ignored, then replaced.
func TestCorruptStoreIsEmpty(t *testing.T) {
	dir := t.TempDir()
	c := Open(dir, "s")
	c.Put(Key("a", nil), []diag.List{nil})
	c.Save()
	if err := os.WriteFile(c.path, []byte("not a gob"), 0o644); err != nil {
		t.Fatal(err)
	}
	c = Open(dir, "s")
	if _, ok := c.Get(Key("a", nil)); ok {
		t.Fatal("a corrupt cache file gave an entry")
	}
	c.Put(Key("a", nil), []diag.List{nil})
	c.Save()
	if _, ok := Open(dir, "s").Get(Key("a", nil)); !ok {
		t.Error("the corrupt file was not replaced")
	}
}
