package cueval

import (
	"testing"
	"testing/fstest"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/source"
)

// A disjunction of a number and words names both in its bad-enum message,
// so an author of `strength: IV` learns that 4 would also do; a number out
// of its arm's bounds is out of range, not of the wrong type.
func TestBadEnumMixedWithNumber(t *testing.T) {
	s, err := Compile(fstest.MapFS{"t.cue": {Data: []byte(`package t
#F: {
	kind!:     "f"
	strength!: int & >=1 & <=12 | "I" | "II" | "III"
	wing!:     "red" | "blue"
}
`)}}, "schema/t", map[string]string{"f": "#F"})
	if err != nil {
		t.Fatal(err)
	}
	docs, _ := source.Parse("f.yaml", []byte("kind: f\nstrength: IV\nwing: rd\n---\nkind: f\nstrength: 15\nwing: red\n"))
	got := append(s.Validate(docs[0]), s.Validate(docs[1])...)
	want := []diag.Diagnostic{
		{Code: diag.CodeBadEnum.ID, Message: `strength: "IV" is not allowed (want a whole number or one of I, II, III)`},
		{Code: diag.CodeBadEnum.ID, Message: `wing: "rd" is not allowed (want one of blue, red)`},
		{Code: diag.CodeOutOfRange.ID, Message: `strength: 15 is out of range (want <=12)`},
	}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i, d := range got.Sort() {
		if d.Code != want[i].Code || d.Message != want[i].Message {
			t.Errorf("diagnostic %d: %s %q, want %s %q", i, d.Code, d.Message, want[i].Code, want[i].Message)
		}
	}
}
