package cli

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/roundtable-dev/roundtable/compiler"
)

// cacheEdit is one step of TestCacheEqualsNoCache: an edit of the pack
// folder (or of the cache) and whether the next compile with the cache
// may replay link and Build (nothing they observe changed).
type cacheEdit struct {
	name   string
	edit   func(t *testing.T, pack, cache string)
	replay bool
	fails  bool // the pack has errors after the edit
	// memo: Build ran, but skipped the local steps of some documents
	// whose file and link did not change (compiler.Local).
	memo bool
}

func replaceIn(file, old, new string) func(t *testing.T, pack, cache string) {
	return func(t *testing.T, pack, _ string) {
		t.Helper()
		p := filepath.Join(pack, file)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(b, []byte(old)) {
			t.Fatalf("%s has no %q", file, old)
		}
		if err := os.WriteFile(p, bytes.Replace(b, []byte(old), []byte(new), 1), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func appendTo(file, text string) func(t *testing.T, pack, cache string) {
	return func(t *testing.T, pack, _ string) {
		t.Helper()
		f, err := os.OpenFile(filepath.Join(pack, file), os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString(text); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
}

func rename(from, to string) func(t *testing.T, pack, cache string) {
	return func(t *testing.T, pack, _ string) {
		if err := os.Rename(filepath.Join(pack, from), filepath.Join(pack, to)); err != nil {
			t.Fatal(err)
		}
	}
}

func remove(file string) func(t *testing.T, pack, cache string) {
	return func(t *testing.T, pack, _ string) {
		if err := os.Remove(filepath.Join(pack, file)); err != nil {
			t.Fatal(err)
		}
	}
}

// cacheFiles rewrites every cache file with f.
func cacheFiles(f func([]byte) []byte) func(t *testing.T, pack, cache string) {
	return func(t *testing.T, _, cache string) {
		t.Helper()
		names, _ := filepath.Glob(filepath.Join(cache, "*.bin"))
		if len(names) == 0 {
			t.Fatal("no cache files")
		}
		for _, n := range names {
			b, err := os.ReadFile(n)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(n, f(b), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// racyRewrite changes a file without changing its size or time: only the
// racily-clean rule (the file was written within the cache's timestamp
// margin) or its inode change time tells.
func racyRewrite(file, old, new string) func(t *testing.T, pack, cache string) {
	return func(t *testing.T, pack, cache string) {
		t.Helper()
		if len(old) != len(new) {
			t.Fatal("racyRewrite needs the same size")
		}
		p := filepath.Join(pack, file)
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		replaceIn(file, old, new)(t, pack, cache)
		if err := os.Chtimes(p, fi.ModTime(), fi.ModTime()); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCacheEqualsNoCache: after every edit, check --cache prints exactly
// what check without a cache prints (text and json, exit code too), in the
// run that finds the edit and in the next one, and link and Build are
// replayed only when nothing they observe changed, and local Build steps
// (compiler.Local) are skipped for unchanged files only when link is the
// same.
func TestCacheEqualsNoCache(t *testing.T) {
	const annasUnit = `kind: unit
id: extra-unit
name: Extra
title: Test Card
color: red
stats: {hp: 8, atk: 5, spd: 5, def: 2}
range: [1]
mov: 3
`
	games := []struct {
		content string
		edits   []cacheEdit
	}{
		{"annas", []cacheEdit{
			{name: "cold"},
			{name: "nothing", replay: true},
			{name: "touch", edit: func(t *testing.T, pack, _ string) {
				now := time.Now()
				if err := os.Chtimes(filepath.Join(pack, "units/red.yaml"), now, now); err != nil {
					t.Fatal(err)
				}
			}, replay: true},
			{name: "comment appended", edit: appendTo("units/red.yaml", "# a note at the end\n"), replay: true},
			{name: "comment edited", edit: replaceIn("units/red.yaml", "# a note at the end", "# another note"), replay: true},
			{name: "log corrupted", edit: func(t *testing.T, _, cache string) {
				// A run that changes one file may append to a log
				// instead of rewriting the cache (vcache.Open).
				names, _ := filepath.Glob(filepath.Join(cache, "*.log"))
				for _, n := range names {
					b, _ := os.ReadFile(n)
					if len(b) > 0 {
						b[len(b)/2] ^= 0x55
						os.WriteFile(n, b, 0o600)
					}
				}
			}, replay: true},
			{name: "value changed", edit: replaceIn("units/red.yaml", "title: Exalted Prince", "title: Exalted Lord"), memo: true},
			{name: "dangling tag", edit: replaceIn("units/red.yaml", "tags: [flying]", "tags: [flyng]"), fails: true, memo: true},
			{name: "dangling tag, nothing else", replay: true, fails: true},
			// The dangling tag's error is stored with red.yaml's units:
			// an edit elsewhere replays it without stepping them.
			{name: "dangling tag, another file edited", edit: replaceIn("units/blue.yaml", "title: Tactician", "title: Grandmaster"), fails: true, memo: true},
			{name: "dangling tag fixed", edit: replaceIn("units/red.yaml", "tags: [flyng]", "tags: [flying]"), memo: true},
			{name: "range not ascending", edit: replaceIn("units/blue.yaml", "range: [1, 2]", "range: [2, 1]"), fails: true, memo: true},
			{name: "range not ascending, red.yaml edited", edit: replaceIn("units/red.yaml", "title: Exalted Lord", "title: Exalted Prince"), fails: true, memo: true},
			// A new id changes what link decides: every unit is stepped.
			{name: "id renamed", edit: replaceIn("units/blue.yaml", "id: robin", "id: robin-2"), fails: true},
			{name: "id renamed, red.yaml edited", edit: replaceIn("units/red.yaml", "title: Exalted Prince", "title: Exalted Lord"), fails: true, memo: true},
			// Back to an env key of a recent run: its records stand
			// (compiler.memoEnvs).
			{name: "range fixed, id back", edit: func(t *testing.T, pack, cache string) {
				replaceIn("units/blue.yaml", "range: [2, 1]", "range: [1, 2]")(t, pack, cache)
				replaceIn("units/blue.yaml", "id: robin-2", "id: robin")(t, pack, cache)
			}, memo: true},
			// A schema error makes the document invalid: link changes.
			{name: "stat out of range", edit: replaceIn("units/red.yaml", "mov: 3", "mov: 99"), fails: true},
			{name: "stat fixed", edit: replaceIn("units/red.yaml", "mov: 99", "mov: 3"), memo: true},
			{name: "file added", edit: appendTo("units/extra.yaml", annasUnit)},
			{name: "file renamed", edit: rename("units/extra.yaml", "units/more.yaml")},
			{name: "document added", edit: appendTo("units/more.yaml", "---\n"+strings.ReplaceAll(annasUnit, "extra-unit", "extra-two"))},
			{name: "file removed", edit: remove("units/more.yaml"), memo: true},
			{name: "tag file removed", edit: rename("tags/movement.yaml", "tags/movement.txt"), fails: true},
			{name: "tag file back", edit: rename("tags/movement.txt", "tags/movement.yaml"), memo: true},
			{name: "racy rewrite", edit: racyRewrite("units/red.yaml", "hp: 10", "hp: 12"), memo: true},
			// An id with a local tag is no id to link (a plain string
			// only) though it would decode as one: a wrong-type error,
			// the unit invalid.
			{name: "tagged id", edit: appendTo("units/tagged.yaml", strings.Replace(strings.Replace(annasUnit, "id: extra-unit", "id: !mine tagged-unit", 1), "hp: 8, atk: 5, spd: 5", "hp: 15, atk: 12, spd: 12", 1)), fails: true},
			{name: "tagged id, another file edited", edit: replaceIn("units/blue.yaml", "title: Grandmaster", "title: Tactician"), memo: true, fails: true},
			{name: "tagged id removed", edit: remove("units/tagged.yaml"), memo: true},
			{name: "cache corrupted", edit: cacheFiles(func(b []byte) []byte {
				b[len(b)/2] ^= 0x55
				return b
			})},
			{name: "cache truncated", edit: cacheFiles(func(b []byte) []byte { return b[:len(b)/2] })},
			{name: "cache emptied", edit: cacheFiles(func([]byte) []byte { return nil })},
			{name: "schema changed", edit: func(*testing.T, string, string) { setScopeSalt("schema-2") }},
		}},
		{"tablebattles", []cacheEdit{
			{name: "cold"},
			{name: "nothing", replay: true},
			{name: "comment appended", edit: appendTo("formations/ylisse-ford.yaml", "# a note\n"), replay: true},
			{name: "value changed", edit: replaceIn("formations/ylisse-ford.yaml", "name: Chrom's Vanguard", "name: Chrom's Guard")},
			{name: "dangling formation", edit: replaceIn("scenarios/scenarios.yaml", "chrom-vanguard,", "chrom-vangard,"), fails: true},
			{name: "bad dice", edit: replaceIn("formations/ylisse-ford.yaml", "dice: 5/6", "dice: 5/9"), fails: true},
			{name: "bad dice, nothing else", replay: true, fails: true},
			// Build read the file's bytes for the error's column: a
			// comment there is no longer invisible to it.
			{name: "comment in a file Build read", edit: appendTo("formations/ylisse-ford.yaml", "# again\n"), fails: true},
			{name: "morale out of range", edit: replaceIn("scenarios/scenarios.yaml", "morale: 4", "morale: 99"), fails: true},
			{name: "fixed", edit: func(t *testing.T, pack, cache string) {
				replaceIn("scenarios/scenarios.yaml", "morale: 99", "morale: 4")(t, pack, cache)
				replaceIn("scenarios/scenarios.yaml", "chrom-vangard,", "chrom-vanguard,")(t, pack, cache)
				replaceIn("formations/ylisse-ford.yaml", "dice: 5/9", "dice: 5/6")(t, pack, cache)
			}},
			{name: "file renamed", edit: rename("formations/nohr-bridge.yaml", "formations/nohr.yaml")},
			{name: "cache truncated", edit: cacheFiles(func(b []byte) []byte { return b[:len(b)-1] })},
		}},
	}
	for _, g := range games {
		t.Run(g.content, func(t *testing.T) {
			pack := filepath.Join(t.TempDir(), "pack")
			copyDir(t, filepath.Join("..", "..", "..", "content", g.content), pack)
			checkCacheEdits(t, pack, []string{"."}, g.edits)
		})
	}
}

func setScopeSalt(s string) { cacheSalt = s }

func runCheck(t *testing.T, args ...string) (string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"check"}, args...), strings.NewReader(""), &out, &errb)
	return out.String() + "\n-- stderr --\n" + errb.String(), code
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		if !strings.HasSuffix(p, ".yaml") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestCacheEqualsNoCacheEmbedded: check --cache of every game's embedded
// base content (no folder given) prints what check prints, cold and warm.
func TestCacheEqualsNoCacheEmbedded(t *testing.T) {
	cache := t.TempDir()
	for _, format := range []string{"text", "json"} {
		want, wantCode := runCheck(t, "--format", format)
		for i := range 2 {
			if got, code := runCheck(t, "--format", format, "--cache", cache); got != want || code != wantCode {
				t.Errorf("%s, run %d: exit %d, want %d; output:\n%s\nwant:\n%s", format, i+1, code, wantCode, got, want)
			}
		}
	}
	results, _, closeRoots, err := compileAllOpen(nil, cache)
	if err != nil {
		t.Fatal(err)
	}
	closeRoots()
	for _, r := range results {
		if r.Origin != compiler.Replayed {
			t.Errorf("game %s: a warm check of unchanged base content ran link and Build", r.Game.ID)
		}
	}
}
