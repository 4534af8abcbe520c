package vcache

import (
	"os"
	"testing"
)

// A cache kept in memory is found again by the next Open in the process,
// with the entries Save kept, and writes no file.
func TestKeepInMemory(t *testing.T) {
	dir := t.TempDir()
	KeepInMemory(dir)
	c := Open(dir, "scope")
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
	c2 := Open(dir, "scope")
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
	if c3 := Open(dir, "scope"); c3.Old("a.yaml") != nil || c3.Old("b.yaml") != b {
		t.Errorf("after a run without a.yaml: a=%v b=%v", c3.Old("a.yaml"), c3.Old("b.yaml"))
	}
	// Another folder is not kept in memory.
	other := t.TempDir()
	o := Open(other, "scope")
	o.Put(&Entry{Name: "x.yaml"})
	o.Save()
	if ents, _ := os.ReadDir(other); len(ents) == 0 {
		t.Error("a cache not kept in memory wrote no file")
	}
}
