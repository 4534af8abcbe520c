package source

import (
	"testing"
	"testing/fstest"
	"time"

	"gopkg.in/yaml.v3"
)

// loadTwice loads a folder with a cache, saves it, rewrites unit.yaml
// with the same size and time (MapFS has no inode or change time: only
// size and time tell), and loads again.
func loadTwice(t *testing.T, mtime time.Time) (first, second *Set) {
	t.Helper()
	fsys := fstest.MapFS{
		"unit.yaml":  {Data: []byte("kind: unit\nid: chrom\nhp: 10\n"), ModTime: mtime},
		"other.yaml": {Data: []byte("kind: tag\nid: flying\n"), ModTime: mtime},
	}
	c := newMemStore()
	first, diags := LoadCached(fsys, ".", nil, c)
	if len(diags) > 0 || len(first.Docs) != 2 {
		t.Fatalf("first load: %v, %d docs", diags, len(first.Docs))
	}
	fsys["unit.yaml"].Data = []byte("kind: unit\nid: chrom\nhp: 12\n")
	second, _ = LoadCached(fsys, ".", nil, c.next())
	return first, second
}

func hp(s *Set) string {
	for _, d := range s.Docs {
		if d.Kind == "unit" {
			return d.Field("hp").Value
		}
	}
	return ""
}

// TestRacilyCleanFileIsRead: a file modified within RacyMargin of
// the scan that wrote the cache is read again although its stat matches.
func TestRacilyCleanFileIsRead(t *testing.T) {
	_, s := loadTwice(t, time.Now())
	if got := hp(s); got != "12" {
		t.Errorf("hp %q, want the new 12", got)
	}
	if s.Files["unit.yaml"] == nil {
		t.Error("the racy file was not read")
	}
}

// TestStatMatchIsTrusted: a file older than the margin whose size and time
// match is not read; its documents come from the cache (so a same-size,
// same-time rewrite long after is not seen: git's rule too), and its bytes
// are read only when Source asks for them.
func TestStatMatchIsTrusted(t *testing.T) {
	first, s := loadTwice(t, time.Now().Add(-time.Hour))
	if got := hp(s); got != "10" {
		t.Errorf("hp %q, want the cached 10", got)
	}
	if b, ok := s.Files["other.yaml"]; !ok || b != nil {
		t.Errorf("other.yaml was read while loading (%q, %v)", b, ok)
	}
	if s.Key("other.yaml") != first.Key("other.yaml") || s.Key("other.yaml") == "" {
		t.Error("the content key of an unread file is not the cached one")
	}
	s.Track()
	if got := string(s.Source("other.yaml")); got != "kind: tag\nid: flying\n" {
		t.Errorf("Source = %q", got)
	}
	if got := string(s.Files["other.yaml"]); got != "kind: tag\nid: flying\n" {
		t.Errorf("Files after Source = %q", got)
	}
	if s.Source("missing.yaml") != nil {
		t.Error("Source of a file not in the set")
	}
	if got := s.Reads(); len(got) != 1 || got[0] != "other.yaml" {
		t.Errorf("Reads = %v", got)
	}
	s.Source("unit.yaml")
	if got := s.Reads(); len(got) != 0 {
		t.Errorf("Reads after it stopped = %v", got)
	}
}

// TestSameBytesNotParsed: a file whose time changed but bytes did not
// keeps its cached documents (the same encodings) and semantic hash.
func TestSameBytesNotParsed(t *testing.T) {
	old := time.Now().Add(-time.Hour)
	fsys := fstest.MapFS{"unit.yaml": {Data: []byte("kind: unit\nid: chrom\n"), ModTime: old}}
	c := newMemStore()
	LoadCached(fsys, ".", nil, c)
	fsys["unit.yaml"].ModTime = old.Add(time.Minute)
	c2 := c.next()
	s, _ := LoadCached(fsys, ".", nil, c2)
	e := c2.run["unit.yaml"]
	if e == nil || e.Docs[0] != c2.old["unit.yaml"].Docs[0] || e.Stat.Mtime != old.Add(time.Minute).UnixNano() {
		t.Fatalf("entry %+v", e)
	}
	if len(s.Docs) != 1 || s.Docs[0].Field("id").Value != "chrom" {
		t.Errorf("docs %v", s.Docs)
	}
}

// TestSemHashIgnoresComments: comments do not change SemHash; values,
// positions and documents do.
func TestSemHashIgnoresComments(t *testing.T) {
	h := func(src string) string {
		docs, diags := Parse("a.yaml", []byte(src))
		if len(diags) > 0 {
			t.Fatal(diags)
		}
		return SemHash(docs)
	}
	base := h("kind: unit\nid: chrom # the prince\nhp: 10\n")
	if got := h("kind: unit\nid: chrom # the exalt\nhp: 10\n# end\n"); got != base {
		t.Error("a comment changed the hash")
	}
	for _, src := range []string{
		"kind: unit\nid: chrom\nhp: 11\n",
		"kind: unit\nid: chrom\nhp:  10\n",
		"# top\nkind: unit\nid: chrom\nhp: 10\n",
		"kind: unit\nid: chrom\nhp: 10\n---\nkind: tag\n",
		"kind: unit\nid: chrom\nhp: \"10\"\n",
	} {
		if h(src) == base {
			t.Errorf("%q hashes as the original", src)
		}
	}
	// A document from its encoding hashes as from its tree (the loader
	// hashes trees, the cache's documents are encodings).
	for _, src := range []string{
		"kind: unit\nid: chrom\n",
		"kind: unit # c\nbase: &b {hp: 1, 'q': \"d\"}\nother: *b\nlist: [1, 2.5, ~, yes, !custom x]\ntext: |\n  two\n  lines\n---\nkind: tag\n<<: {a: 1}\n",
	} {
		docs, _ := parse("a.yaml", []byte(src), false)
		enc, _ := Parse("a.yaml", []byte(src))
		if len(docs) == 0 || SemHash(docs) != SemHash(enc) {
			t.Errorf("tree and encoding hash differently: %q", src)
		}
		for i := range docs {
			if treeKeys(docs[i].tree) != topKeys(enc[i].enc) {
				t.Errorf("keys %q, %q", treeKeys(docs[i].tree), topKeys(enc[i].enc))
			}
		}
	}
}

// TestCachedFieldLookup: documents taken from the cache (which know their
// top-level keys) answer Field as the parsed ones, for present and absent
// keys, odd keys included.
func TestCachedFieldLookup(t *testing.T) {
	src := "kind: unit\nid: chrom\n\"a\\0b\": 1\n\"\": empty\nstats: {hp: 10}\n"
	fsys := fstest.MapFS{"u.yaml": {Data: []byte(src), ModTime: time.Now().Add(-time.Hour)}}
	c := newMemStore()
	fresh, _ := LoadCached(fsys, ".", nil, c)
	cached, _ := LoadCached(fsys, ".", nil, c.next())
	if cached.Files["u.yaml"] != nil || cached.Docs[0].keys == "" {
		t.Fatal("the second load did not come from the cache")
	}
	for _, k := range []string{"kind", "id", "a\x00b", "a", "b", "", "stats", "hp", "overrides", "\x00"} {
		want, got := fresh.Docs[0].Field(k), cached.Docs[0].Field(k)
		if (want == nil) != (got == nil) || want != nil && want.Value != got.Value {
			t.Errorf("Field(%q) = %v, want %v", k, got, want)
		}
		str := ""
		if want != nil && want.Kind == yaml.ScalarNode && want.Tag == "!!str" {
			str = want.Value
		}
		if got := cached.Docs[0].StrField(k); got != str {
			t.Errorf("StrField(%q) = %q, want %q", k, got, str)
		}
		if got := fresh.Docs[0].StrField(k); got != str {
			t.Errorf("StrField(%q) of the parse = %q, want %q", k, got, str)
		}
	}
}

func TestHasKey(t *testing.T) {
	keys := "\x00kind\x00idx\x00xid\x00id\x00\x00"
	for key, want := range map[string]bool{
		"kind": true, "id": true, "idx": true, "xid": true, "": true,
		"d": false, "i": false, "ki": false, "kind\x00idx": true, "overrides": false, "x": false,
	} {
		if got := hasKey(keys, key); got != want {
			t.Errorf("hasKey(%q) = %v, want %v", key, got, want)
		}
	}
	if hasKey("\x00a\x00", "") || !hasKey("", "anything") {
		t.Error("empty key or unknown keys")
	}
}
