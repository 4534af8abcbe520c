package vcache

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

func sample() *Entry {
	var d diag.List
	x := d.Add(diag.CodeBadEnum, diag.Pos{File: "units/a.yaml", Line: 5, Col: 8}, "color: %q is not allowed", "purple")
	x.Hint = "did you mean \"red\"?"
	x.Related = []diag.Related{{Pos: diag.Pos{File: "units/b.yaml", Line: 1, Col: 1}, Message: "first here"}}
	d.Add(diag.CodeSymlink, diag.Pos{File: "units/a.yaml"}, "a warning")
	return &Entry{
		Name:     "units/a.yaml",
		Stat:     Stat{Size: 42, Mtime: 1700000000123456789, Ino: 77, Ctime: -5},
		Key:      Key("units/a.yaml", []byte("kind: unit\n")),
		Sem:      "sem-hash",
		Docs:     []string{"doc one", "", "doc\x00three"},
		Keys:     []string{"\x00kind\x00id\x00", "", "\x00kind\x00"},
		Load:     d[1:],
		Valid:    []diag.List{nil, d, nil},
		HasValid: true,
	}
}

func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	c := Open(dir, "pack\x00schema-1")
	if c.Old("units/a.yaml") != nil {
		t.Fatal("empty cache has an entry")
	}
	e := sample()
	c.Put(e)
	c.Put(&Entry{Name: "b.yaml", Stat: Stat{Size: -1}})
	c.Save()

	c2 := Open(dir, "pack\x00schema-1")
	c2.Wait()
	if c2.Time != c.Now {
		t.Errorf("time %d, want the scan time %d", c2.Time, c.Now)
	}
	if got := c2.Old("units/a.yaml"); !reflect.DeepEqual(got, e) {
		t.Fatalf("got %+v\nwant %+v", got, e)
	}
	if got := c2.Old("b.yaml"); got == nil || got.HasValid || got.Docs == nil || len(got.Docs) != 0 {
		t.Errorf("b.yaml: %+v", got)
	}
	if Open(dir, "pack\x00schema-2").Old("units/a.yaml") != nil {
		t.Error("another scope (schema hash) sees the entry")
	}
}

// TestPrunes: entries of files not seen in a run are dropped on save, and a
// run that changed nothing does not write.
func TestPrunes(t *testing.T) {
	dir := t.TempDir()
	c := Open(dir, "s")
	c.Put(&Entry{Name: "a"})
	c.Put(&Entry{Name: "b"})
	c.Save()
	c = Open(dir, "s")
	c.Keep(c.Old("a"))
	c.Keep(c.Old("b"))
	path := Name(dir, "pack", "s")
	os.Remove(path)
	c.Save()
	if _, err := os.Stat(path); err == nil {
		t.Error("a run that changed nothing wrote the cache")
	}
	c = Open(dir, "s")
	c.Put(&Entry{Name: "a"})
	c.Put(&Entry{Name: "b"})
	c.Save()
	c = Open(dir, "s")
	c.Keep(c.Old("a"))
	c.Save()
	c = Open(dir, "s")
	if c.Old("b") != nil {
		t.Error("b survived a run that did not see it")
	}
	if c.Old("a") == nil {
		t.Error("a was dropped")
	}
}

// TestCorruptIsEmpty: every prefix of a cache file, and every single-byte
// change of it, opens as an empty cache without a panic.
func TestCorruptIsEmpty(t *testing.T) {
	dir := t.TempDir()
	c := Open(dir, "s")
	c.Put(sample())
	c.Save()
	path := Name(dir, "pack", "s")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if Open(dir, "s").Old("units/a.yaml") == nil {
		t.Fatal("the intact file does not load")
	}
	check := func(what string, b []byte) {
		t.Helper()
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if c := Open(dir, "s"); c.Old("units/a.yaml") != nil || c.old.n != 0 || c.Time != 0 {
			t.Fatalf("%s: loaded %d entries", what, c.old.n)
		}
	}
	for n := range len(data) {
		check("prefix", data[:n])
	}
	for i := range data {
		b := append([]byte(nil), data...)
		b[i] ^= 0x01
		check("flipped byte", b)
	}
}

// TestDecodeNoPanic: a body whose checksum holds but whose structure does
// not (a bug or a hostile file) is rejected, at every length.
func TestDecodeNoPanic(t *testing.T) {
	e := sample()
	body := encodePack(7, []*Entry{e})[len(Magic):]
	if _, m, err := decodePack(string(body)); err != nil || !reflect.DeepEqual(m.get(e.Name, -1), e) {
		t.Fatalf("decode: %v", err)
	}
	for n := range len(body) {
		if _, _, err := decodePack(string(body[:n])); err == nil {
			t.Fatalf("prefix %d decoded", n)
		}
	}
}

func TestRacy(t *testing.T) {
	c := &Pack{Time: 100 * RacyMargin, ready: make(chan struct{})}
	close(c.ready)
	for _, tc := range []struct {
		mtime int64
		racy  bool
	}{
		{c.Time, true},                   // written as the scan started
		{c.Time + 1, true},               // after it
		{c.Time - RacyMargin, true},      // within the margin
		{c.Time - RacyMargin - 1, false}, // older than the margin
		{0, false},                       // embedded files have no time
	} {
		if got := c.Racy(Stat{Mtime: tc.mtime}); got != tc.racy {
			t.Errorf("mtime %d: racy %v, want %v", tc.mtime, got, tc.racy)
		}
	}
}

func TestAtomicWriteLeavesNoTemp(t *testing.T) {
	dir := t.TempDir()
	c := Open(dir, "s")
	c.Put(sample())
	c.Save()
	names, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(names) != 1 {
		t.Errorf("files in the cache folder: %v", names)
	}
}

// bigPack saves a snapshot of 40 entries, so that changing one of them is
// a log record, not a new snapshot.
func bigPack(t *testing.T, dir string) {
	t.Helper()
	c := Open(dir, "s")
	for i := range 40 {
		e := sample()
		e.Name = fmt.Sprintf("f%02d.yaml", i)
		e.Docs = []string{strings.Repeat("x", 200)}
		e.Keys = nil
		c.Put(e)
	}
	c.Save()
}

// TestLog: a run that changes one entry appends a record to the log
// instead of rewriting the snapshot; the next Open sees the change, the
// dropped entries are gone, and any prefix of the log (a torn write) opens
// as the snapshot plus the whole records in it.
func TestLog(t *testing.T) {
	dir := t.TempDir()
	bigPack(t, dir)
	main := Name(dir, "pack", "s")
	snap, err := os.ReadFile(main)
	if err != nil {
		t.Fatal(err)
	}
	c := Open(dir, "s")
	for i := 2; i < 40; i++ { // f00.yaml is dropped, f01.yaml changed
		c.Keep(c.Old(fmt.Sprintf("f%02d.yaml", i)))
	}
	changed := *c.Old("f01.yaml")
	changed.Key = "new key"
	c.Put(&changed)
	c.Save()
	if after, _ := os.ReadFile(main); !bytes.Equal(after, snap) {
		t.Fatal("a one-entry change rewrote the snapshot")
	}
	log, err := os.ReadFile(c.logPath())
	if err != nil || len(log) == 0 || len(log) > len(snap)/4 {
		t.Fatalf("log: %d bytes, %v", len(log), err)
	}
	c2 := Open(dir, "s")
	if e := c2.Old("f01.yaml"); e == nil || e.Key != "new key" || !reflect.DeepEqual(e.Docs, changed.Docs) {
		t.Errorf("f01 after the log: %+v", e)
	}
	if c2.Old("f00.yaml") != nil {
		t.Error("the dropped entry survived")
	}
	if c2.Old("f02.yaml") == nil {
		t.Error("an unchanged entry is gone")
	}
	for n := range len(log) {
		if err := os.WriteFile(c.logPath(), log[:n], 0o600); err != nil {
			t.Fatal(err)
		}
		c3 := Open(dir, "s")
		if e := c3.Old("f01.yaml"); e == nil || e.Key == "new key" || c3.Old("f00.yaml") == nil || c3.old.n != 40 {
			t.Fatalf("log prefix %d: not the snapshot", n)
		}
	}
	// A log made after another snapshot is ignored.
	bigPack(t, dir)
	if err := os.WriteFile(c.logPath(), log, 0o600); err != nil {
		t.Fatal(err)
	}
	if e := Open(dir, "s").Old("f01.yaml"); e == nil || e.Key == "new key" {
		t.Error("a log of an older snapshot was applied")
	}
}

// TestLogCompacts: once the log outgrows a quarter of the snapshot, Save
// writes a new snapshot and removes the log.
func TestLogCompacts(t *testing.T) {
	dir := t.TempDir()
	bigPack(t, dir)
	for round := range 20 {
		c := Open(dir, "s")
		for i := range 40 {
			if i != 5 {
				c.Keep(c.Old(fmt.Sprintf("f%02d.yaml", i)))
			}
		}
		e := *c.Old("f05.yaml")
		e.Key = fmt.Sprint("round ", round)
		c.Put(&e)
		c.Save()
		if fi, err := os.Stat(c.logPath()); err == nil && fi.Size() > int64(c.mainSize/4) {
			t.Fatalf("round %d: log of %d bytes for a snapshot of %d", round, fi.Size(), c.mainSize)
		}
		if got := Open(dir, "s").Old("f05.yaml"); got == nil || got.Key != e.Key {
			t.Fatalf("round %d: %+v", round, got)
		}
	}
}

// TestPruneOtherBuilds: writing a snapshot removes the cache files of other
// builds and of the former cache, and nothing else.
func TestPruneOtherBuilds(t *testing.T) {
	dir := t.TempDir()
	other := "pack-00000000-0123456789abcdef01234567"
	if buildID == "00000000" {
		other = "pack-11111111-0123456789abcdef01234567"
	}
	for _, n := range []string{other + ".bin", other + ".log", "build-ffffffff-0123456789abcdef01234567.bin", "parse-0123.gob", "validate-0123.gob", "notes.txt", "pack-notes.bin", "mine.log"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := Open(dir, "s")
	c.Put(sample())
	c.Save()
	var got []string
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		got = append(got, e.Name())
	}
	want := []string{"mine.log", "notes.txt", "pack-notes.bin", filepath.Base(Name(dir, "pack", "s"))}
	slices.Sort(want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("files after a save:\n%v\nwant\n%v", got, want)
	}
}

// TestWarm: a folder is warm once it holds a pack cache of this build, not
// with another build's or a build cache only.
func TestWarm(t *testing.T) {
	dir := t.TempDir()
	if Warm(dir) || Warm(filepath.Join(dir, "missing")) {
		t.Fatal("an empty or missing folder is warm")
	}
	os.WriteFile(filepath.Join(dir, "pack-00000000-"+strings.Repeat("a", 24)+".bin"), nil, 0o600)
	os.WriteFile(Name(dir, "build", "s"), nil, 0o600)
	if buildID != "00000000" && Warm(dir) {
		t.Fatal("another build's cache or a build cache makes the folder warm")
	}
	c := Open(dir, "s")
	c.Put(sample())
	c.Save()
	if !Warm(dir) {
		t.Fatal("a saved pack cache does not make the folder warm")
	}
}

// TestOldSet: entries are found by position, by search and after the log's
// puts and deletes, whatever order the snapshot came in.
func TestOldSet(t *testing.T) {
	block := []Entry{{Name: "a"}, {Name: "c"}, {Name: "e"}, {Name: "b"}, {Name: "c", Key: "later"}}
	s := newOldSet(block)
	if s.n != 4 {
		t.Fatalf("%d live entries, want 4", s.n)
	}
	for i, name := range []string{"a", "b", "c", "e"} {
		for _, hint := range []int{-1, i, 0, 99} {
			if e := s.get(name, hint); e == nil || e.Name != name {
				t.Fatalf("get(%q, %d) = %v", name, hint, e)
			}
		}
	}
	if e := s.get("c", 1); e.Key != "later" {
		t.Fatal("a later entry of a name does not replace the earlier")
	}
	if s.get("d", 2) != nil || s.get("", -1) != nil || s.get("z", 3) != nil {
		t.Fatal("found a name the set does not hold")
	}
	s.put(&Entry{Name: "d"})
	s.put(&Entry{Name: "a", Key: "new"})
	s.del("c")
	s.del("b")
	s.del("nothing")
	var names []string
	s.each(func(n string) { names = append(names, n) })
	slices.Sort(names)
	if s.n != 3 || !reflect.DeepEqual(names, []string{"a", "d", "e"}) || s.get("a", 0).Key != "new" || s.get("c", -1) != nil {
		t.Fatalf("after the log: %d live, %v", s.n, names)
	}
	s.put(&Entry{Name: "c"})
	if s.n != 4 || s.get("c", -1) == nil {
		t.Fatal("a deleted name put again is not back")
	}
}

// TestSnapshotInNameOrder: a snapshot lists its entries by name, so that a
// sorted walk finds each by its position.
func TestSnapshotInNameOrder(t *testing.T) {
	var es []*Entry
	for _, n := range []string{"u/2.yaml", "a.yaml", "u/10.yaml", "u/1.yaml"} {
		e := sample()
		e.Name = n
		es = append(es, e)
	}
	_, s, err := decodePack(string(encodePack(1, es)[len(Magic):]))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"a.yaml", "u/1.yaml", "u/10.yaml", "u/2.yaml"}; !reflect.DeepEqual(s.names, want) || len(s.extra) != 0 {
		t.Fatalf("names %v (extra %d), want %v", s.names, len(s.extra), want)
	}
}
