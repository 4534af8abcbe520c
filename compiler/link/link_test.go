package link

import (
	"testing"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"flying", "flying", 0},
		{"Flyng", "flying", 2}, // case counts here; Suggest folds case
		{"flyng", "flying", 1},
		{"cavlary", "cavalry", 1}, // one transposition
		{"", "abc", 3},
		{"armored", "armoured", 1},
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestSuggest(t *testing.T) {
	tags := []string{"armored", "cavalry", "flying", "shapeshifter", "physic"}
	for in, want := range map[string]string{
		"Flyng":       "flying",
		"cavlary":     "cavalry",
		"shapeshiftr": "shapeshifter",
		"dragon":      "",
		"x":           "",
	} {
		if got := Suggest(in, tags); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDuplicateAndResolve(t *testing.T) {
	var diags diag.List
	tb := NewTable("unit")
	first := diag.Pos{File: "a.yaml", Line: 2, Col: 5}
	tb.Define("chrom", first, &diags)
	if _, ok := tb.Define("chrom", diag.Pos{File: "b.yaml", Line: 9, Col: 5}, &diags); ok {
		t.Fatal("duplicate accepted")
	}
	if len(diags) != 1 || diags[0].Code != diag.CodeDuplicateID || diags[0].Related[0].Pos != first {
		t.Fatalf("diags = %+v", diags)
	}
	if i := tb.Resolve("chrom", diag.Pos{}, "", &diags); i != 0 {
		t.Errorf("Resolve(chrom) = %d", i)
	}
	if i := tb.Resolve("crom", diag.Pos{File: "c.yaml", Line: 1, Col: 1}, "unit", &diags); i != -1 {
		t.Errorf("Resolve(crom) = %d", i)
	}
	last := diags[len(diags)-1]
	if last.Code != diag.CodeUnknownRef || last.Hint != `did you mean "chrom"?` {
		t.Errorf("unknown ref = %+v", last)
	}
}
