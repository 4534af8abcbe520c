package compiler_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/vcache"
)

// writePack writes an annas pack folder: pack.yaml and content.yaml.
func writePack(t *testing.T, dir, id string, requires []string, content string) {
	t.Helper()
	py := fmt.Sprintf("kind: pack\nid: %s\nname: %s\nversion: 1.0.0\ngame: annas\nrequires:\n", id, id)
	for _, r := range requires {
		py += "  " + r + "\n"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{"pack.yaml": py, "content.yaml": content} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// compileDirs loads and compiles pack folders, with a cache when cache != "".
func compileDirs(t *testing.T, cache string, dirs ...string) (*compiler.Result, diag.List) {
	t.Helper()
	var packs []*compiler.Pack
	for _, d := range dirs {
		p, diags := compiler.Loader{Store: vcache.New(cache)}.LoadPack(os.DirFS(d), d)
		if diags.Errors() > 0 {
			t.Fatalf("loading %s: %v", d, diags)
		}
		packs = append(packs, p)
	}
	return compile(t, packs...)
}

// A local step's diagnostic that points into another file is not stored:
// an ambiguous reference names where each pack defines the id, and moving
// that definition changes neither the referring file nor link.
func TestLocalStoresOnlyOwnFilePositions(t *testing.T) {
	root, cache := t.TempDir(), t.TempDir()
	x, y, z := filepath.Join(root, "x"), filepath.Join(root, "y"), filepath.Join(root, "z")
	writePack(t, x, "x", []string{`annas-base: "^1"`}, tag("glide")+"---\n"+unit("x-flier", "glide"))
	writePack(t, y, "y", []string{`annas-base: "^1"`}, tag("glide")+"---\n"+unit("y-flier", "glide"))
	writePack(t, z, "z", []string{`x: "^1"`, `y: "^1"`}, unit("z-flier", "glide")+"---\n"+unit("z-other"))
	related := func(diags diag.List) string {
		for _, d := range diags {
			if d.Code == "ambiguous-ref" && len(d.Related) == 2 {
				return d.Related[1].Pos.String()
			}
		}
		return ""
	}
	compileDirs(t, cache, x, y, z)
	// y's tag moves down two lines; z is unchanged, and so are the ids.
	writePack(t, y, "y", []string{`annas-base: "^1"`}, "# a note\n# another\n"+tag("glide")+"---\n"+unit("y-flier", "glide"))
	res, got := compileDirs(t, cache, x, y, z)
	_, want := compileDirs(t, "", x, y, z)
	if res.MemoHits == 0 || res.Origin != compiler.Memoized || res.Ruleset != nil {
		t.Errorf("%s with %d documents memoized and ruleset %v: the test does not test the memo", res.Origin, res.MemoHits, res.Ruleset != nil)
	}
	if g, w := related(got), related(want); g != w || w != y+"/content.yaml:4:5" {
		t.Errorf("ambiguous-ref's related position with the cache %q, without %q; want %q", g, w, y+"/content.yaml:4:5")
	}
}

// An author's typing makes a document invalid and valid again, each a new
// env key: the memo keeps the records of recent env keys, so that coming
// back to one reuses them rather than stepping every document again.
func TestLocalMemoKeepsRecentEnvs(t *testing.T) {
	root, cache := t.TempDir(), t.TempDir()
	dir := filepath.Join(root, "x")
	units := unit("x-one") + "---\n" + unit("x-two") + "---\n" + unit("x-three")
	writePack(t, dir, "x", []string{`annas-base: "^1"`}, units)
	other := filepath.Join(dir, "more.yaml")
	write := func(s string) {
		if err := os.WriteFile(other, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(unit("x-four"))
	compileDirs(t, cache, dir)
	memoized := func() int {
		res, _ := compileCached(t, cache, dir)
		return res.MemoHits
	}
	write(unit("x-four") + "hp: [\n") // unparsable: x-four is gone, a new env
	if n := memoized(); n != 0 {
		t.Errorf("a new env key: %d documents memoized, want 0", n)
	}
	write(unit("x-four")) // back to the first env
	if n := memoized(); n < 3 {
		t.Errorf("back to a recent env key: %d documents memoized, want the 3 of content.yaml at least", n)
	}
}

// compileCached is compileDirs that allows content errors.
func compileCached(t *testing.T, cache string, dirs ...string) (*compiler.Result, diag.List) {
	t.Helper()
	var packs []*compiler.Pack
	for _, d := range dirs {
		p, _ := compiler.Loader{Store: vcache.New(cache)}.LoadPack(os.DirFS(d), d)
		packs = append(packs, p)
	}
	return compile(t, packs...)
}
