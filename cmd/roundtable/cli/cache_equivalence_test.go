package cli

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"

	"os"
	"path/filepath"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/vcache"
)

// writeFile writes a file of a test's pack tree, making its folders.
func writeFile(t *testing.T, p, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkCacheEdits runs TestCacheEqualsNoCache's loop on the pack folders
// dirs (relative to root): after each edit, check --cache prints what check
// prints, and the first compile replays or memoizes as the edit says.
func checkCacheEdits(t *testing.T, root string, dirs []string, edits []cacheEdit) {
	t.Helper()
	defer setScopeSalt("")
	cache := filepath.Join(t.TempDir(), "cache")
	var paths []string
	for _, d := range dirs {
		paths = append(paths, filepath.Join(root, d))
	}
	for _, e := range edits {
		if e.edit != nil {
			e.edit(t, root, cache)
		}
		if err := os.MkdirAll(cache, 0o755); err != nil {
			t.Fatal(err)
		}
		results, diags, closeRoots, err := compileAllOpen(paths, cache)
		if err != nil {
			t.Fatal(err)
		}
		closeRoots()
		replayed, memo := false, false
		for _, r := range results {
			replayed = replayed || r.Origin == compiler.Replayed
			memo = memo || r.Origin == compiler.Memoized
			if r.Origin != compiler.Built && r.Ruleset != nil {
				t.Errorf("%s: a replayed or memoized result has a ruleset", e.name)
			}
		}
		if replayed != e.replay {
			t.Errorf("%s: replayed %v, want %v", e.name, replayed, e.replay)
		}
		if memo != e.memo {
			t.Errorf("%s: memoized %v, want %v", e.name, memo, e.memo)
		}
		if got := diags.Errors() > 0; got != e.fails {
			t.Errorf("%s: errors %v, want %v: %v", e.name, got, e.fails, diags)
		}
		for _, format := range []string{"text", "json"} {
			want, wantCode := runCheck(t, append([]string{"--format", format}, paths...)...)
			for i := range 2 {
				got, code := runCheck(t, append([]string{"--format", format, "--cache", cache}, paths...)...)
				if got != want || code != wantCode {
					t.Errorf("%s, %s, cached run %d: exit %d, want %d; output:\n%s\nwant:\n%s", e.name, format, i+1, code, wantCode, got, want)
				}
			}
		}
	}
}

const reviewExpPack = `kind: pack
id: exp
name: Expansion
version: 1.0.0
game: annas
requires:
  annas-base: "^1.0"
`

const reviewExpUnits = `kind: unit
id: chrom
overrides: annas-base/chrom
name: Chrom
title: Exalted Prince
color: red
stats: {hp: 10, atk: 6, spd: 5, def: 3}
range: [1]
mov: 3
tags: [flying]
skill:
  name: Forest Guard
  kind: passive
  text: In a forest, +1 DEF.
  effects:
    - when: combat
      if: {on: forest, foe-tag: flying}
      modify: {def: 1}
---
kind: unit
id: exp-knight
name: Knight
title: Test Card
color: blue
stats: {hp: 9, atk: 5, spd: 3, def: 4}
range: [1]
mov: 2
tags: [glide]
`

const reviewExpTags = `kind: tag
id: glide
name: Glide
category: movement
text: Glides.
`

// TestCacheEqualsNoCachePacks is TestCacheEqualsNoCache on a base pack
// folder and an expansion overriding one of its units, whose units name
// tags and terrain of both packs.
func TestCacheEqualsNoCachePacks(t *testing.T) {
	root := t.TempDir()
	copyDir(t, filepath.Join("..", "..", "..", "content", "annas"), filepath.Join(root, "base"))
	writeFile(t, filepath.Join(root, "exp", "pack.yaml"), reviewExpPack)
	writeFile(t, filepath.Join(root, "exp", "units.yaml"), reviewExpUnits)
	writeFile(t, filepath.Join(root, "exp", "tags.yaml"), reviewExpTags)
	checkCacheEdits(t, root, []string{"base", "exp"}, []cacheEdit{
		{name: "cold"},
		{name: "nothing", replay: true},
		{name: "base unit edited", edit: replaceIn("base/units/red.yaml", "title: Knight Prodigy", "title: Knight Wonder"), memo: true},
		{name: "expansion unit edited", edit: replaceIn("exp/units.yaml", "title: Test Card", "title: Test Cards"), memo: true},
		{name: "tag category changed", edit: replaceIn("base/tags/movement.yaml", "category: movement", "category: passive"), memo: true},
		{name: "terrain edited", edit: replaceIn("base/terrain/terrain.yaml", "name: Forest", "name: Woods"), memo: true},
		{name: "terrain made invalid", edit: replaceIn("base/terrain/terrain.yaml", "enter: stop\nblocks: [cavalry]", "enter: 7\nblocks: [cavalry]"), fails: true},
		// Back to recent env keys: their records stand (compiler.memoEnvs).
		{name: "terrain valid again", edit: replaceIn("base/terrain/terrain.yaml", "enter: 7\nblocks: [cavalry]", "enter: stop\nblocks: [cavalry]"), memo: true},
		{name: "expansion tag renamed", edit: replaceIn("exp/tags.yaml", "id: glide", "id: glides"), fails: true},
		{name: "expansion tag back", edit: replaceIn("exp/tags.yaml", "id: glides", "id: glide"), memo: true},
		{name: "base unit edited again", edit: replaceIn("base/units/blue.yaml", "title: Tactician", "title: Grandmaster"), memo: true},
		{name: "override dropped", edit: replaceIn("exp/units.yaml", "overrides: annas-base/chrom\n", ""), fails: true},
		{name: "override back", edit: replaceIn("exp/units.yaml", "id: chrom\n", "id: chrom\noverrides: annas-base/chrom\n"), memo: true},
		{name: "expansion unit edited again", edit: replaceIn("exp/units.yaml", "title: Test Cards", "title: Test Card"), memo: true},
		// Every document of red.yaml moves one index down.
		{name: "document inserted first", edit: replaceIn("base/units/red.yaml", "kind: unit\nid: chrom\n", "kind: unit\nid: first\nname: First\ntitle: T\ncolor: red\nstats: {hp: 8, atk: 5, spd: 5, def: 2}\nrange: [1]\nmov: 3\ntags: [flyng]\n---\nkind: unit\nid: chrom\n"), fails: true},
		{name: "document inserted first, blue.yaml edited", edit: replaceIn("base/units/blue.yaml", "title: Grandmaster", "title: Tactician"), fails: true, memo: true},
		// The expansion's tag moves to the base pack, same bytes.
		{name: "tag file moved between packs", edit: func(t *testing.T, root, cache string) {
			rename("exp/tags.yaml", "base/tags/glide.yaml")(t, root, cache)
		}, fails: true},
		{name: "tag file moved back", edit: rename("base/tags/glide.yaml", "exp/tags.yaml"), fails: true, memo: true},
		{name: "unit files swapped", edit: func(t *testing.T, root, cache string) {
			rename("base/units/green.yaml", "base/units/tmp.yaml")(t, root, cache)
			rename("base/units/gray.yaml", "base/units/green.yaml")(t, root, cache)
			rename("base/units/tmp.yaml", "base/units/gray.yaml")(t, root, cache)
		}, fails: true},
		{name: "schema changed", edit: func(*testing.T, string, string) { setScopeSalt("schema-2") }, fails: true},
		{name: "schema changed, red.yaml edited", edit: replaceIn("base/units/red.yaml", "title: Exalted Prince", "title: Exalted Lord"), fails: true, memo: true},
	})
}

// rewriteMemos rewrites the summary of every stored record of a local
// Build step (compiler.Local) in the caches of a compile with f, keeping
// the records' env key, step, index and diagnostics, and saves the caches:
// a memo that is damaged yet sealed by a valid checksum.
func rewriteMemos(t *testing.T, results []*compiler.Result, f func(summary string) string) int {
	t.Helper()
	n := 0
	for _, res := range results {
		for _, p := range res.Packs {
			if p.Set == nil || p.Cache() == nil {
				continue
			}
			for _, e := range p.Set.Entries {
				if e == nil || e.Memo == "" {
					continue
				}
				r := &vcache.Reader{S: e.Memo}
				b := vcache.AppendString(nil, r.String())
				k := r.Uint()
				b = binary.AppendUvarint(b, k)
				for range k {
					b = vcache.AppendString(b, r.String())
					b = binary.AppendUvarint(b, r.Uint())
					start := r.Off
					r.Diags()
					b = append(b, e.Memo[start:r.Off]...)
					b = vcache.AppendString(b, f(r.String()))
					n++
				}
				if r.Err != nil || r.Off != len(e.Memo) {
					t.Fatalf("%s: memo does not decode", e.Name)
				}
				e.Memo = string(b)
				p.Cache().Touch(e)
			}
			p.Cache().Save()
		}
	}
	return n
}

// TestCacheHostileMemo: a unit's stored summary that names a tag index past
// any int (a damaged memo whose checksum holds) is no panic; the tags it
// names that exist still count as used.
func TestCacheHostileMemo(t *testing.T) {
	pack := filepath.Join(t.TempDir(), "pack")
	copyDir(t, filepath.Join("..", "..", "..", "content", "annas"), pack)
	cache := t.TempDir()
	results, _, closeRoots, err := compileAllOpen([]string{pack}, cache)
	if err != nil {
		t.Fatal(err)
	}
	closeRoots()
	n := rewriteMemos(t, results, func(s string) string {
		if len(s) < 6 {
			return s
		}
		// The tags of the summary, then one more: 1<<63.
		r := &vcache.Reader{S: s, Off: 6}
		k := r.Uint()
		b := binary.AppendUvarint([]byte(s[:6]), k+1)
		b = append(b, s[r.Off:]...)
		return string(binary.AppendUvarint(b, 1<<63))
	})
	if n == 0 {
		t.Fatal("no memo stored")
	}
	// A value edit: link and Build run, the units' memo is used.
	replaceIn("units/blue.yaml", "title: Tactician", "title: Grandmaster")(t, pack, cache)
	want, wantCode := runCheck(t, pack)
	got, code := runCheck(t, "--cache", cache, pack)
	if got != want || code != wantCode {
		t.Errorf("exit %d, want %d; output:\n%s\nwant:\n%s", code, wantCode, got, want)
	}
}

// TestCacheConcurrentRuns: two check --cache runs on the same cache folder
// at once, after each of a few edits, leave a cache with which a later run
// prints what check prints.
func TestCacheConcurrentRuns(t *testing.T) {
	pack := filepath.Join(t.TempDir(), "pack")
	copyDir(t, filepath.Join("..", "..", "..", "content", "annas"), pack)
	cache := t.TempDir()
	edits := []func(t *testing.T, pack, cache string){
		nil,
		replaceIn("units/red.yaml", "title: Exalted Prince", "title: Exalted Lord"),
		replaceIn("units/blue.yaml", "title: Tactician", "title: Grandmaster"),
		replaceIn("units/red.yaml", "tags: [flying]", "tags: [flyng]"),
		appendTo("units/extra.yaml", "kind: unit\nid: extra-unit\nname: Extra\ntitle: T\ncolor: red\nstats: {hp: 8, atk: 5, spd: 5, def: 2}\nrange: [1]\nmov: 3\n"),
		replaceIn("units/red.yaml", "tags: [flyng]", "tags: [flying]"),
		remove("units/extra.yaml"),
	}
	for i, edit := range edits {
		if edit != nil {
			edit(t, pack, cache)
		}
		want, wantCode := runCheck(t, pack)
		done := make(chan [2]any, 2)
		for range 2 {
			go func() {
				var out, errb bytes.Buffer
				code := run([]string{"check", "--cache", cache, pack}, strings.NewReader(""), &out, &errb)
				done <- [2]any{out.String() + "\n-- stderr --\n" + errb.String(), code}
			}()
		}
		for range 2 {
			r := <-done
			if r[0].(string) != want || r[1].(int) != wantCode {
				t.Errorf("edit %d, concurrent run: exit %d, want %d; output:\n%s\nwant:\n%s", i, r[1], wantCode, r[0], want)
			}
		}
		for range 2 {
			if got, code := runCheck(t, "--cache", cache, pack); got != want || code != wantCode {
				t.Errorf("edit %d, later run: exit %d, want %d; output:\n%s\nwant:\n%s", i, code, wantCode, got, want)
			}
		}
	}
}

// TestCacheEqualsNoCacheOddNames: files whose names hold a newline, a
// space and a backslash, edited, renamed onto each other and swapped, next
// to one whose name is not UTF-8.
func TestCacheEqualsNoCacheOddNames(t *testing.T) {
	root := t.TempDir()
	copyDir(t, filepath.Join("..", "..", "..", "content", "annas"), filepath.Join(root, "p"))
	odd, odd2 := "units/wei\nrd.yaml", "units/a b\\c.yaml"
	unit := func(id string) string {
		return "kind: unit\nid: " + id + "\nname: Odd\ntitle: T\ncolor: red\nstats: {hp: 8, atk: 5, spd: 5, def: 2}\nrange: [1]\nmov: 3\ntags: [flyng]\n"
	}
	writeFile(t, filepath.Join(root, "p", odd), unit("odd-one"))
	writeFile(t, filepath.Join(root, "p", odd2), unit("odd-two"))
	// Not a valid path of an fs.FS: reported as unreadable, cached or not.
	writeFile(t, filepath.Join(root, "p", "units/x\xff.yaml"), unit("odd-three"))
	checkCacheEdits(t, root, []string{"p"}, []cacheEdit{
		{name: "cold", fails: true},
		{name: "nothing", replay: true, fails: true},
		{name: "odd file edited", edit: replaceIn("p/"+odd, "title: T", "title: U"), fails: true, memo: true},
		{name: "swapped", edit: func(t *testing.T, root, cache string) {
			rename("p/"+odd, "p/units/tmp.yaml")(t, root, cache)
			rename("p/"+odd2, "p/"+odd)(t, root, cache)
			rename("p/units/tmp.yaml", "p/"+odd2)(t, root, cache)
		}, fails: true},
		{name: "swapped, other edit", edit: replaceIn("p/units/red.yaml", "title: Exalted Prince", "title: Exalted Lord"), fails: true, memo: true},
		{name: "renamed onto", edit: rename("p/"+odd, "p/"+odd2), fails: true},
	})
}

// TestCacheEqualsNoCacheAmbiguous: a unit names a tag two sibling packs
// define (an ambiguous reference whose diagnostic points into both packs'
// files); one of the definitions moves within its file.
func TestCacheEqualsNoCacheAmbiguous(t *testing.T) {
	root := t.TempDir()
	pack := func(id, requires string) string {
		return "kind: pack\nid: " + id + "\nname: " + id + "\nversion: 1.0.0\ngame: annas\nrequires:\n" + requires
	}
	for _, s := range []string{"sib-x", "sib-y"} {
		writeFile(t, filepath.Join(root, s, "pack.yaml"), pack(s, "  annas-base: \"^1\"\n"))
		writeFile(t, filepath.Join(root, s, "tags.yaml"), reviewExpTags)
	}
	writeFile(t, filepath.Join(root, "z", "pack.yaml"), pack("z", "  sib-x: \"^1\"\n  sib-y: \"^1\"\n"))
	writeFile(t, filepath.Join(root, "z", "units.yaml"), reviewExpUnits[strings.Index(reviewExpUnits, "kind: unit\nid: exp-knight"):])
	writeFile(t, filepath.Join(root, "z", "more.yaml"), "kind: unit\nid: z-two\nname: Two\ntitle: T\ncolor: red\nstats: {hp: 8, atk: 5, spd: 5, def: 2}\nrange: [1]\nmov: 3\n")
	checkCacheEdits(t, root, []string{"sib-x", "sib-y", "z"}, []cacheEdit{
		{name: "cold", fails: true},
		{name: "nothing", replay: true, fails: true},
		{name: "definition moved", edit: replaceIn("sib-x/tags.yaml", "kind: tag\n", "# moved\nkind: tag\n"), fails: true, memo: true},
		{name: "definition moved again", edit: replaceIn("sib-x/tags.yaml", "# moved\n", "# moved\n\n\n"), fails: true, memo: true},
		{name: "z edited", edit: replaceIn("z/more.yaml", "title: T", "title: U"), fails: true, memo: true},
	})
	if out, _ := runCheck(t, filepath.Join(root, "sib-x"), filepath.Join(root, "sib-y"), filepath.Join(root, "z")); !strings.Contains(out, `tag "glide" is ambiguous`) {
		t.Errorf("no ambiguous reference:\n%s", out)
	}
}

// TestCacheRandomEdits: seeded runs of random edits of units (stats, ids
// with and without a local tag, colors with and without !!str, tags,
// range, skill conditions naming tags and terrain), tags (ids,
// categories) and terrain ids, with units added; after each, check --cache
// prints what check prints.
func TestCacheRandomEdits(t *testing.T) {
	for seed := range uint64(3) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) { randomEdits(t, seed) })
	}
}

func randomEdits(t *testing.T, seed uint64) {
	pack := filepath.Join(t.TempDir(), "pack")
	copyDir(t, filepath.Join("..", "..", "..", "content", "annas"), pack)
	cache := t.TempDir()
	rnd := rand.New(rand.NewPCG(seed, 12))
	tagIDs := []string{"flying", "armored", "cavalry", "shapeshifter", "haste", "dancer", "flyng", "annas-base/flying"}
	pick := func(s []string) string { return s[rnd.IntN(len(s))] }
	type edit struct {
		glob string
		re   *regexp.Regexp
		repl func() string
	}
	edits := []edit{
		{"units/*.yaml", regexp.MustCompile(`hp: \d+`), func() string { return fmt.Sprint("hp: ", 1+rnd.IntN(14)) }},
		{"units/*.yaml", regexp.MustCompile(`atk: \d+`), func() string { return fmt.Sprint("atk: ", rnd.IntN(12)) }},
		{"units/*.yaml", regexp.MustCompile(`color: \w+`), func() string { return "color: " + pick([]string{"red", "green", "blue", "gray"}) }},
		{"units/*.yaml", regexp.MustCompile(`legendary: \w+`), func() string { return "legendary: " + pick([]string{"true", "false"}) }},
		{"units/*.yaml", regexp.MustCompile(`tags: \[[^\]]*\]`), func() string {
			return "tags: [" + strings.Join([]string{pick(tagIDs), pick(tagIDs)}[:1+rnd.IntN(2)], ", ") + "]"
		}},
		{"units/*.yaml", regexp.MustCompile(`range: \[[^\]]*\]`), func() string { return "range: " + pick([]string{"[1]", "[2]", "[1, 2]", "[2, 1]", "[4]"}) }},
		{"units/*.yaml", regexp.MustCompile(`if: \{near: \{side: ally\}\}`), func() string {
			return pick([]string{"if: {near: {side: ally}}", "if: {on: forest}", "if: {on: fortress}", "if: {foe-tag: " + pick(tagIDs) + "}"})
		}},
		{"units/*.yaml", regexp.MustCompile(`\n---\n`), func() string {
			return fmt.Sprintf("\n---\nkind: unit\nid: rnd-%d\nname: R\ntitle: T\ncolor: %s\nstats: {hp: %d, atk: 5, spd: 5, def: 2}\nrange: [1]\nmov: 3\ntags: [%s]\n---\n",
				rnd.IntN(1000), pick([]string{"red", "green", "blue", "gray"}), 1+rnd.IntN(14), pick(tagIDs))
		}},
		{"units/*.yaml", regexp.MustCompile(`color: (!!str )?(\w+)`), func() string { return "color: !!str " + pick([]string{"red", "green", "blue", "gray"}) }},
		{"units/*.yaml", regexp.MustCompile(`\nid: (!t )?`), func() string { return pick([]string{"\nid: !t ", "\nid: "}) }},
		{"tags/*.yaml", regexp.MustCompile(`category: (movement|passive)`), func() string { return "category: " + pick([]string{"movement", "passive"}) }},
		{"tags/movement.yaml", regexp.MustCompile(`id: (flying|flyng)\n`), func() string { return "id: " + pick([]string{"flying", "flyng"}) + "\n" }},
		{"terrain/terrain.yaml", regexp.MustCompile(`id: (forest|fortress)\n`), func() string { return "id: " + pick([]string{"forest", "fortress"}) + "\n" }},
	}
	runCheck(t, "--cache", cache, pack) // cold
	memoized := 0
	defer func() {
		if memoized == 0 {
			t.Error("no edit let the units' memo be used: the test tests too little")
		}
	}()
	for step := range 60 {
		e := edits[rnd.IntN(len(edits))]
		files, _ := filepath.Glob(filepath.Join(pack, e.glob))
		f := files[rnd.IntN(len(files))]
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		locs := e.re.FindAllIndex(b, -1)
		if len(locs) == 0 {
			continue
		}
		l := locs[rnd.IntN(len(locs))]
		nb := append(append(append([]byte(nil), b[:l[0]]...), e.repl()...), b[l[1]:]...)
		if err := os.WriteFile(f, nb, 0o644); err != nil {
			t.Fatal(err)
		}
		want, wantCode := runCheck(t, pack)
		results, _, closeRoots, _ := compileAllOpen([]string{pack}, cache)
		closeRoots()
		if results[0].Origin == compiler.Memoized {
			memoized++
		}
		if got, code := runCheck(t, "--cache", cache, pack); got != want || code != wantCode {
			t.Fatalf("step %d (%s of %s): exit %d, want %d; output:\n%s\nwant:\n%s", step, e.re, f, code, wantCode, got, want)
		}
	}
}

// TestCacheEqualsNoCacheEmbeddedBase: an expansion checked alone, on the
// embedded base content, overriding one of its units.
func TestCacheEqualsNoCacheEmbeddedBase(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "exp", "pack.yaml"), reviewExpPack)
	writeFile(t, filepath.Join(root, "exp", "units.yaml"), reviewExpUnits)
	writeFile(t, filepath.Join(root, "exp", "tags.yaml"), reviewExpTags)
	writeFile(t, filepath.Join(root, "exp", "more.yaml"), "kind: unit\nid: z-two\nname: Two\ntitle: T\ncolor: red\nstats: {hp: 8, atk: 5, spd: 5, def: 2}\nrange: [1]\nmov: 3\n")
	checkCacheEdits(t, root, []string{"exp"}, []cacheEdit{
		{name: "cold"},
		{name: "nothing", replay: true},
		{name: "unit edited", edit: replaceIn("exp/more.yaml", "title: T", "title: U"), memo: true},
		{name: "overriding unit edited", edit: replaceIn("exp/units.yaml", "title: Exalted Prince", "title: Exalted King"), memo: true},
		{name: "overriding unit made invalid", edit: replaceIn("exp/units.yaml", "hp: 10", "hp: 99"), fails: true},
		{name: "override dropped", edit: replaceIn("exp/units.yaml", "overrides: annas-base/chrom\n", ""), fails: true},
		{name: "override back, tag renamed", edit: func(t *testing.T, root, cache string) {
			replaceIn("exp/units.yaml", "id: chrom\n", "id: chrom\noverrides: annas-base/chrom\n")(t, root, cache)
			replaceIn("exp/units.yaml", "hp: 99", "hp: 10")(t, root, cache)
			replaceIn("exp/tags.yaml", "id: glide", "id: flying")(t, root, cache)
		}, fails: true},
		{name: "unit edited again", edit: replaceIn("exp/more.yaml", "title: U", "title: T"), fails: true, memo: true},
	})
}
