package annas

import (
	"os"
	"strings"

	"testing"

	"github.com/roundtable-dev/roundtable/compiler/source"
)

// TestUnitFastDecodeMatchesYAML: Doc.Decode gives yaml.v3's value and
// error for a unit card, on every base unit card (all from the encoding)
// and on spellings it leaves to yaml.v3.
func TestUnitFastDecodeMatchesYAML(t *testing.T) {
	var srcs []string
	ents, err := os.ReadDir("../../content/annas/units")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		b, err := os.ReadFile("../../content/annas/units/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, strings.Split(string(b), "\n---\n")...)
	}
	if len(srcs) < 40 {
		t.Fatalf("only %d unit cards read", len(srcs))
	}
	nBase := len(srcs)
	base := "id: a\nname: A\ntitle: T\ncolor: red\nstats: {hp: 9, atk: 5, spd: 4, def: 2}\nrange: [1, 2]\nmov: 3\n"
	srcs = append(srcs,
		base+"tags: [x, 'y', \"z\"]\nlegendary: true\n",
		base+"legendary: yes\n", base+"legendary: True\n", base+"legendary: 1\n",
		base+"tags: []\n", base+"tags: [1, null]\n", base+"tags: x\n", base+"tags:\n",
		base+"shapestone: {atk: 1, spd: 0x2, def: -3}\n", base+"shapestone:\n", base+"shapestone: {atk: 200}\n",
		base+"skill:\n", base+"skill: {name: n, kind: passive, effects: [{when: combat, modify: {atk: 1}}]}\n",
		base+"skill: {name: n, effects: 3}\n", base+"skill: [1]\n",
		base+"extra: {deep: [1]}\nkind: unit\n", base+"id: b\n", base+"mov: 300\n", base+"mov: '3'\n",
		base+"range: [1, 012, +3]\n", base+"range: [[1]]\n", base+"stats: {hp: 9, hp: 8}\n", base+"stats: 3\n",
		base+"stats: {hp: 9.5}\n", base+"name: 12\n", base+"name: [a]\n", base+"title: ~\n", base+"1: x\n",
		base+"<<: {color: blue}\n", "[1, 2]\n", "x\n",
	)
	for i, src := range srcs {
		if !strings.Contains(src, "kind:") {
			src = "kind: unit\n" + src
		}
		docs, _ := source.Parse("u.yaml", []byte(src))
		if len(docs) == 0 {
			continue // not a mapping: the loader reports it, Build never sees it
		}
		before := source.DecodeFallbacks()
		if err := source.CompareDecode(docs[0], func() any { return new(unitDoc) }); err != nil {
			t.Error(err)
		}
		// Every base card takes the fast path, so it is what was compared.
		if i < nBase && source.DecodeFallbacks() != before {
			t.Errorf("%q: decoded by yaml.v3, not from the encoding", src)
		}
	}
}
