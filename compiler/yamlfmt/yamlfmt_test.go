package yamlfmt

import (
	"bytes"
	"io"
	"reflect"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

var order = func(kind string) map[string][]string {
	if kind != "unit" {
		return nil
	}
	return map[string][]string{
		"":           {"kind", "id", "name", "stats", "tags"},
		"stats":      {"hp", "atk"},
		"tags.*":     {"a", "b"},
		"not.a.path": {"x"},
	}
}

const messy = `# file comment
name: N   # the name
stats: {atk: 1, hp: 2}
zzz: unknown stays after known keys
tags:
    - {b: 1, a: 2}
kind: unit
yyy: in written order
id: x
---
kind: other
b: 1
a: 2
`

const want = `# file comment
kind: unit
id: x
name: N # the name
stats: {hp: 2, atk: 1}
tags:
  - {a: 2, b: 1}
zzz: unknown stays after known keys
yyy: in written order
---
kind: other
b: 1
a: 2
`

func decodeAll(t *testing.T, data []byte) []any {
	t.Helper()
	var out []any
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var v any
		if err := dec.Decode(&v); err == io.EOF {
			return out
		} else if err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
}

func TestFormat(t *testing.T) {
	got, err := Format([]byte(messy), order)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	again, err := Format(got, order)
	if err != nil || !bytes.Equal(again, got) {
		t.Errorf("not idempotent:\n%s", again)
	}
	if !reflect.DeepEqual(decodeAll(t, []byte(messy)), decodeAll(t, got)) {
		t.Error("formatting changed the values")
	}
}

func TestFormatBadYAML(t *testing.T) {
	for _, in := range []string{"a: [1, 2\n", "a: b: c\n", "\t- x\n"} {
		if _, err := Format([]byte(in), order); err == nil {
			t.Errorf("Format(%q) succeeded, want an error", in)
		}
	}
}

func TestFormatEmpty(t *testing.T) {
	for _, in := range []string{"", "# only a comment\n"} {
		got, err := Format([]byte(in), order)
		if err != nil || string(got) != in {
			t.Errorf("Format(%q) = %q, %v; want it unchanged", in, got, err)
		}
	}
}

// FuzzFormat: Format never panics, and what it returns means the same as
// its input. Seeds run with go test; fuzz briefly with -fuzz FuzzFormat.
func FuzzFormat(f *testing.F) {
	for _, s := range []string{messy, want, "", "a: &x [1, 2]\nb: *x\n", "- 1\n- 2\n", "kind: unit\n# trailing\n",
		"kind: unit\nstats: {def: 1, hp: 2}\n...\n", "a: !!binary aGVsbG8=\n", "? [a]\n: b\n", "a: |\n  x\n  y\n",
		"a: >-\n    x\n    y\n\n    z\nb: 1\n", "- >+\n  x\n   y\n\n- 2\n", "a: >2\n    x\n   y\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		out, err := Format(in, order)
		if err != nil {
			return
		}
		var a, b []any
		if err := decodeAllErr(in, &a); err != nil {
			return
		}
		if err := decodeAllErr(out, &b); err != nil {
			t.Fatalf("formatted output does not parse: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("formatting changed the values:\n%q\n->\n%q", in, out)
		}
	})
}

func decodeAllErr(data []byte, out *[]any) error {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var v any
		if err := dec.Decode(&v); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
		*out = append(*out, v)
	}
}

// Folded text (>) keeps the author's line breaks, re-indented; the encoder
// alone joins each paragraph into one line.
func TestFormatKeepsFoldedLines(t *testing.T) {
	in := "text: >-\n      When this unit attacks, it gains +2 ATK\n      for the combat.\n\n      A second paragraph\n      over two lines.\nkind: unit\nid: x\nmore: >\n    one\n      indented more\n    two\n"
	want := "kind: unit\nid: x\ntext: >-\n  When this unit attacks, it gains +2 ATK\n  for the combat.\n\n  A second paragraph\n  over two lines.\nmore: >\n  one\n    indented more\n  two\n"
	for name, data := range map[string]string{"LF": in, "CR LF": strings.ReplaceAll(in, "\n", "\r\n")} {
		got, err := Format([]byte(data), order)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if string(got) != want {
			t.Errorf("%s: got\n%s\nwant\n%s", name, got, want)
		}
		again, err := Format(got, order)
		if err != nil || string(again) != string(got) {
			t.Errorf("%s: not idempotent: %v\n%s", name, err, again)
		}
		if !reflect.DeepEqual(decodeAll(t, []byte(data)), decodeAll(t, got)) {
			t.Errorf("%s: the value changed", name)
		}
	}
}

// Kept trailing lines (>+), a folded scalar last in the file and one in a
// list: the value and the author's lines survive, twice over.
func TestFormatFoldedEdges(t *testing.T) {
	for _, in := range []string{
		"kind: unit\nid: x\ntext: >+\n    kept\n    lines\n\n\nname: n\n",
		"kind: unit\nid: x\ntext: >\n    last\n    in file\n",
		"kind: unit\nid: x\ntext: >-\n    last\n    no final break",
		"kind: unit\nid: x\ntags:\n  - >-\n     one\n     two\n  - plain\n",
		"kind: unit\nid: x\ntext: >2-\n     starts\n   indented\n",
	} {
		got, err := Format([]byte(in), order)
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		if !reflect.DeepEqual(decodeAll(t, []byte(in)), decodeAll(t, got)) {
			t.Errorf("%q: the value changed: %q", in, got)
		}
		for _, l := range []string{"kept", "lines", "last", "in file", "one", "two"} {
			if strings.Contains(in, "\n    "+l+"\n") && !strings.Contains(string(got), "  "+l+"\n") {
				t.Errorf("%q: line %q was not kept: %q", in, l, got)
			}
		}
		if again, err := Format(got, order); err != nil || string(again) != string(got) {
			t.Errorf("%q: not idempotent: %v %q", in, err, again)
		}
	}
}
