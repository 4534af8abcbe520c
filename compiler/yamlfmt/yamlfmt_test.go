package yamlfmt

import (
	"bytes"
	"io"
	"reflect"
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
		"kind: unit\nstats: {def: 1, hp: 2}\n...\n", "a: !!binary aGVsbG8=\n", "? [a]\n: b\n", "a: |\n  x\n  y\n"} {
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
