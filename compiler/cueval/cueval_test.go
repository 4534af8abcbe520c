package cueval

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/source"
)

const schemaSrc = `package t

#Card: {
	kind!: "card"
	id!:   =~"^[a-z]+$"
	color!: "red" | "green" | "blue"
	stats!: {
		hp!:  int & >=1 & <=20
		atk!: int & >=0 & <=15
	}
	range?: [...int & >=1 & <=3]
	tags?: [...string]
	"ignored-by"?: [...=~"^[a-z]+$"]
	extra?: [string]: int
}
`

func compile(t *testing.T) *Schema {
	t.Helper()
	s, err := Compile(fstest.MapFS{"t.cue": {Data: []byte(schemaSrc)}}, "schema/t", map[string]string{"card": "#Card"})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func validate(t *testing.T, s *Schema, src string) diag.List {
	t.Helper()
	docs, diags := source.Parse("c.yaml", []byte(src))
	if len(diags) > 0 || len(docs) != 1 {
		t.Fatalf("parse: %v", diags)
	}
	return s.Validate(docs[0]).Sort()
}

type want struct {
	code      string
	line, col int
	msg       string
}

func check(t *testing.T, got diag.List, wants ...want) {
	t.Helper()
	if len(got) != len(wants) {
		t.Fatalf("got %d diagnostics, want %d:\n%v", len(got), len(wants), got)
	}
	for i, w := range wants {
		d := got[i]
		if d.Code != w.code || d.Pos.Line != w.line || d.Pos.Col != w.col || !strings.Contains(d.Message, w.msg) {
			t.Errorf("diagnostic %d = %s %d:%d %q; want %s %d:%d containing %q", i, d.Code, d.Pos.Line, d.Pos.Col, d.Message, w.code, w.line, w.col, w.msg)
		}
	}
}

func TestValidDocument(t *testing.T) {
	s := compile(t)
	check(t, validate(t, s, "kind: card\nid: abc\ncolor: red\nstats: {hp: 3, atk: 2}\nrange: [1, 2]\nextra: {a: 1}\n"))
}

func TestEveryProblemAtOnce(t *testing.T) {
	s := compile(t)
	got := validate(t, s, `kind: card
color: purple
stats:
  hp: 30
  atk: "seven"
colr: red
range: [1, 4]
extra: {a: x}
`)
	check(t, got,
		want{diag.CodeMissingField.ID, 1, 1, `missing required field "id"`},
		want{diag.CodeBadEnum.ID, 2, 8, `color: "purple" is not allowed (want one of blue, green, red)`},
		want{diag.CodeOutOfRange.ID, 4, 7, "stats.hp: 30 is out of range (want <=20)"},
		want{diag.CodeWrongType.ID, 5, 8, `stats.atk must be a whole number, found string "seven"`},
		want{diag.CodeUnknownField.ID, 6, 1, `unknown field "colr"`},
		want{diag.CodeOutOfRange.ID, 7, 12, "range.1: 4 is out of range (want <=3)"},
		want{diag.CodeWrongType.ID, 8, 12, `extra.a must be a whole number, found string "x"`},
	)
	if got[4].Hint != `did you mean "color"?` {
		t.Errorf("unknown field hint = %q", got[4].Hint)
	}
}

func TestMissingNestedFieldAtItsMapping(t *testing.T) {
	s := compile(t)
	check(t, validate(t, s, "kind: card\nid: abc\ncolor: red\nstats: {hp: 3}\n"),
		want{diag.CodeMissingField.ID, 4, 8, `missing required field "atk" in stats`})
}

func TestPatternMismatch(t *testing.T) {
	s := compile(t)
	check(t, validate(t, s, "kind: card\nid: Abc\ncolor: red\nstats: {hp: 3, atk: 1}\n"),
		want{diag.CodeInvalid.ID, 2, 5, "id: invalid value"})
}

func TestConcurrentValidation(t *testing.T) {
	s := compile(t)
	docs, _ := source.Parse("c.yaml", []byte("kind: card\nid: abc\ncolor: red\nstats: {hp: 3, atk: 99}\n"))
	done := make(chan diag.List)
	for range 8 {
		go func() {
			var all diag.List
			for range 200 {
				all = append(all, s.Validate(docs[0])...)
			}
			done <- all
		}()
	}
	for range 8 {
		l := <-done
		if len(l) != 200 || l[0].Code != diag.CodeOutOfRange.ID {
			t.Fatalf("concurrent results: %d, %v", len(l), l[:1])
		}
	}
}

func TestQuotedLabelsMapToTheirYAMLNode(t *testing.T) {
	s := compile(t)
	check(t, validate(t, s, "kind: card\nid: abc\ncolor: red\nstats: {hp: 3, atk: 1}\nignored-by: [ok, Bad]\n"),
		want{diag.CodeInvalid.ID, 5, 18, "ignored-by.1: invalid value"})
}
