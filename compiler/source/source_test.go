package source

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

func codes(l diag.List) []string {
	var out []string
	for _, d := range l {
		out = append(out, d.Code)
	}
	return out
}

func one(t *testing.T, l diag.List, code string, line, col int) diag.Diagnostic {
	t.Helper()
	for _, d := range l {
		if d.Code == code {
			if d.Pos.Line != line || d.Pos.Col != col {
				t.Errorf("%s at %d:%d, want %d:%d (%s)", code, d.Pos.Line, d.Pos.Col, line, col, d.Message)
			}
			return d
		}
	}
	t.Fatalf("no %s diagnostic; got %v", code, codes(l))
	return diag.Diagnostic{}
}

func TestParseMultiDocument(t *testing.T) {
	src := "kind: unit\nid: a\n---\n# comment only\n---\nkind: tag\nid: b\n---\n"
	docs, diags := Parse("f.yaml", []byte(src))
	if len(diags) != 0 {
		t.Fatalf("diags: %v", diags)
	}
	if len(docs) != 2 || docs[0].Kind != "unit" || docs[1].Kind != "tag" {
		t.Fatalf("docs = %+v", docs)
	}
	if docs[1].Index != 2 || docs[1].Pos().Line != 6 {
		t.Errorf("second doc index %d line %d, want 2 and 6", docs[1].Index, docs[1].Pos().Line)
	}
	if got := docs[1].FieldPos("id"); got != (diag.Pos{File: "f.yaml", Line: 7, Col: 5}) {
		t.Errorf("id pos = %v", got)
	}
}

func TestDuplicateKeyNamesBothPlaces(t *testing.T) {
	_, diags := Parse("f.yaml", []byte("kind: unit\nstats:\n  hp: 1\n  hp: 2\n"))
	d := one(t, diags, diag.CodeDuplicateKey.ID, 4, 3)
	if len(d.Related) != 1 || d.Related[0].Pos.Line != 3 {
		t.Errorf("related = %+v, want the first hp at line 3", d.Related)
	}
}

func TestAliasBombRejected(t *testing.T) {
	var b strings.Builder
	b.WriteString("kind: unit\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i < 9; i++ {
		b.WriteString("a" + string(rune('0'+i)) + ": &a" + string(rune('0'+i)) + " [")
		for j := 0; j < 10; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("*a" + string(rune('0'+i-1)))
		}
		b.WriteString("]\n")
	}
	docs, diags := Parse("bomb.yaml", []byte(b.String()))
	if len(docs) != 0 {
		t.Errorf("bomb produced %d documents", len(docs))
	}
	one(t, diags, diag.CodeAliasBudget.ID, 5, 20) // a3: its third *a2 passes 10,000 nodes
}

func TestSmallAliasesAndMergeKeysExpand(t *testing.T) {
	src := "kind: unit\nbase: &b {atk: 1, def: 2}\nstats:\n  <<: *b\n  def: 5\n"
	docs, diags := Parse("f.yaml", []byte(src))
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	if got := Path(docs[0].Node(), "stats", "atk").Value; got != "1" {
		t.Errorf("merged atk = %q, want 1", got)
	}
	if got := Path(docs[0].Node(), "stats", "def").Value; got != "5" {
		t.Errorf("explicit def = %q, want 5 (explicit keys win over merged ones)", got)
	}
}

func TestTooDeep(t *testing.T) {
	src := "kind: unit\nx: " + strings.Repeat("[", MaxDepth+5) + strings.Repeat("]", MaxDepth+5) + "\n"
	_, diags := Parse("f.yaml", []byte(src))
	d := one(t, diags, diag.CodeTooDeep.ID, 2, 4+MaxDepth) // the 65th "["
	if !strings.Contains(d.Message, "64") {
		t.Errorf("message %q does not state the limit", d.Message)
	}
}

func TestInvalidUTF8(t *testing.T) {
	_, diags := Parse("f.yaml", []byte("kind: unit\nname: Ch\xffrom\n"))
	one(t, diags, diag.CodeUTF8.ID, 2, 9)
}

func TestSyntaxErrorHasLine(t *testing.T) {
	_, diags := Parse("f.yaml", []byte("kind: unit\nid: [a, b\nname: x\n"))
	if len(diags) != 1 || diags[0].Code != diag.CodeYAMLSyntax.ID || diags[0].Pos.Line == 0 {
		t.Fatalf("diags = %+v", diags)
	}
}

func TestNotMappingAndMissingKind(t *testing.T) {
	_, diags := Parse("f.yaml", []byte("- a\n- b\n---\nid: x\n---\nkind: [unit]\n"))
	one(t, diags, diag.CodeNotMapping.ID, 1, 1)
	one(t, diags, diag.CodeMissingKind.ID, 4, 1)
	one(t, diags, diag.CodeWrongType.ID, 6, 7)
}

func TestLoadWalksAtAnyDepthAndLimitsSize(t *testing.T) {
	fsys := fstest.MapFS{
		"pack.yaml":        {Data: []byte("kind: pack\n")},
		"a/b/c/unit.yml":   {Data: []byte("kind: unit\n")},
		"notes.txt":        {Data: []byte("ignored")},
		".hidden/x.yaml":   {Data: []byte("kind: unit\n")},
		"big.yaml":         {Data: make([]byte, MaxFileSize+1)},
		"exactly-max.yaml": {Data: []byte("kind: tag\n" + strings.Repeat("#", MaxFileSize-10))},
	}
	set, diags := Load(fsys, "pk")
	if len(set.Docs) != 3 {
		t.Errorf("loaded %d docs, want 3 (pack, nested unit, the file at the size limit)", len(set.Docs))
	}
	d := one(t, diags, diag.CodeTooLarge.ID, 0, 0)
	if d.Pos.File != "pk/big.yaml" {
		t.Errorf("too-large file = %s", d.Pos.File)
	}
	if set.Docs[0].File != "pk/a/b/c/unit.yml" {
		t.Errorf("first file = %s, want files sorted with display prefix", set.Docs[0].File)
	}
}

func TestSyntaxErrorLines(t *testing.T) {
	for _, c := range []struct {
		src  string
		line int
	}{
		{"kind: unit\nid: [a, b\nname: x\n", 2},    // parser error: flow sequence opened on line 2
		{"kind: unit\nid: a\n  name: x\n", 3},      // scanner error
		{"kind: unit\nstats:\n  - a\n  b: 1\n", 3}, // parser error: the block sequence that breaks starts on line 3
		{"kind: unit\nname: \"abc\n", 2},           // scanner error: the unterminated string starts on line 2
	} {
		_, diags := Parse("f.yaml", []byte(c.src))
		if len(diags) != 1 || diags[0].Code != diag.CodeYAMLSyntax.ID {
			t.Fatalf("%q: diags = %v", c.src, diags)
		}
		if diags[0].Pos.Line != c.line {
			t.Errorf("%q: line %d (%s), want %d", c.src, diags[0].Pos.Line, diags[0].Message, c.line)
		}
	}
}
