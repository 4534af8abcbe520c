package vcache

import (
	"os"
	"testing"
)

// A cache of an InMemory store is found again by the store's next Open,
// with the entries Save kept, and writes no file.
func TestInMemoryStore(t *testing.T) {
	dir := t.TempDir()
	st := InMemory(dir)
	c := st.Open("scope")
	if c.Old("a.yaml") != nil {
		t.Fatal("a new cache has entries")
	}
	a := &Entry{Name: "a.yaml", Key: "ka", Stat: Stat{Size: 1, Mtime: 5}}
	b := &Entry{Name: "b.yaml", Key: "kb"}
	c.Put(b)
	c.Put(a)
	c.Save()
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("files written: %v", ents)
	}
	c2 := st.Open("scope")
	if got := c2.Old("a.yaml"); got != a {
		t.Errorf("Old(a.yaml) = %v, want the saved entry", got)
	}
	if got := c2.OldAt("b.yaml", 1); got != b {
		t.Errorf("OldAt(b.yaml, 1) = %v", got)
	}
	if c2.Time != c.Now || !c2.Racy(Stat{Mtime: c.Now}) || c2.Racy(Stat{Mtime: c.Now - RacyMargin - 1}) {
		t.Errorf("time %d, want the saving run's %d", c2.Time, c.Now)
	}
	// A run that keeps only b drops a.
	c2.Keep(b)
	c2.Save()
	if c3 := st.Open("scope"); c3.Old("a.yaml") != nil || c3.Old("b.yaml") != b {
		t.Errorf("after a run without a.yaml: a=%v b=%v", c3.Old("a.yaml"), c3.Old("b.yaml"))
	}
	// Another store of the same folder does not see it (nothing is
	// remembered beyond the store value), and one on disk writes files.
	if InMemory(dir).Open("scope").Old("b.yaml") != nil {
		t.Error("a new in-memory store found another store's entries")
	}
	o := New(dir).Open("scope")
	if o.Old("b.yaml") != nil {
		t.Error("the store on disk found the in-memory entries")
	}
	o.Put(&Entry{Name: "x.yaml"})
	o.Save()
	if ents, _ := os.ReadDir(dir); len(ents) == 0 {
		t.Error("a cache on disk wrote no file")
	}
}

// A store's salt scopes its caches apart: a salted store does not find the
// caches of an unsalted one in the same folder, nor their records.
func TestStoreSalt(t *testing.T) {
	dir := t.TempDir()
	c := New(dir).Open("scope")
	c.Put(&Entry{Name: "a.yaml", Key: "ka"})
	c.Save()
	if New(dir).Open("scope").Old("a.yaml") == nil {
		t.Fatal("the saved cache is not found again")
	}
	salted := &Store{Dir: dir, Salt: "schema-2"}
	if salted.Open("scope").Old("a.yaml") != nil {
		t.Error("a salted store found the unsalted cache")
	}
	if salted.Path("build", "x") == New(dir).Path("build", "x") {
		t.Error("salted and unsalted record paths are the same")
	}
	if New("") != nil {
		t.Error(`New("") is a store`)
	}
}
