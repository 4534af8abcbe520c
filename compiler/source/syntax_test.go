package source

import (
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// TestSyntaxErrorPositionAndHint: a YAML syntax error names its line (also
// line 1, which yaml.v3 leaves out), the column of a tab that breaks the
// indentation, and how to fix it.
func TestSyntaxErrorPositionAndHint(t *testing.T) {
	for _, tc := range []struct {
		src       string
		line, col int
		hint      string
	}{
		{"{\"kind\": \"unit\",,}\n", 1, 0, "a value is missing here"},
		{"kind: unit\nstats:\n  hp: 1\n\tatk: 2\n", 4, 1, "YAML does not allow tabs"},
		{"kind: unit\n  \tmov: 3\n", 2, 3, "YAML does not allow tabs"},
		{"kind: unit\n\tmov: 3\n", 2, 1, "YAML does not allow tabs"},
		{"kind: unit\nid: x\n  name: y\n", 3, 3, "indented deeper than the one above it"},
		{"kind: unit\nname: a: b\n", 2, 8, "a plain value cannot contain `: `"},
		{"kind: unit\nstats:\n  hp: 1\n atk: 2\n", 4, 2, "check this line's indentation"},
		{"kind: unit\nname: \"abc\n", 2, 0, "never closed"},
		{"kind: unit\nrange: [1\n", 2, 0, "close the list with `]`"},
		{"kind: unit\nid: x\n- a\n", 3, 1, "check this line's indentation"},
		{"kind: unit\nname: @x\n", 2, 0, "quote the value"},
		{"kind: unit\nid: [\n", 3, 0, "the file ends before"},
		{"kind: unit\nname: 'it's\n", 2, 0, "a quote inside a quoted value ends it early"},
		{"kind: unit\ntext: \"say \"hi\" now\"\n", 2, 0, "a quote inside a quoted value ends it early"},
		{"kind: unit\nid: x\n- 'a'\n", 3, 1, "check this line's indentation"},
	} {
		_, diags := Parse("f.yaml", []byte(tc.src))
		if len(diags) != 1 || diags[0].Code != diag.CodeYAMLSyntax.ID {
			t.Errorf("%q: got %v, want one yaml-syntax", tc.src, diags)
			continue
		}
		d := diags[0]
		if d.Pos.Line != tc.line || d.Pos.Col != tc.col || !strings.Contains(d.Hint, tc.hint) {
			t.Errorf("%q: got %d:%d %q hint %q, want %d:%d hint with %q", tc.src, d.Pos.Line, d.Pos.Col, d.Message, d.Hint, tc.line, tc.col, tc.hint)
		}
	}
}
