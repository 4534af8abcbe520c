package link

import (
	"testing"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

func TestDuplicateAndResolve(t *testing.T) {
	var diags diag.List
	tb := NewTable("unit")
	first := diag.Pos{File: "a.yaml", Line: 2, Col: 5}
	tb.Define("chrom", first, &diags)
	if _, ok := tb.Define("chrom", diag.Pos{File: "b.yaml", Line: 9, Col: 5}, &diags); ok {
		t.Fatal("duplicate accepted")
	}
	if len(diags) != 1 || diags[0].Code != diag.CodeDuplicateID.ID || diags[0].Related[0].Pos != first {
		t.Fatalf("diags = %+v", diags)
	}
	if i := tb.Resolve("chrom", diag.Pos{}, "", &diags); i != 0 {
		t.Errorf("Resolve(chrom) = %d", i)
	}
	if i := tb.Resolve("crom", diag.Pos{File: "c.yaml", Line: 1, Col: 1}, "unit", &diags); i != -1 {
		t.Errorf("Resolve(crom) = %d", i)
	}
	last := diags[len(diags)-1]
	if last.Code != diag.CodeUnknownRef.ID || last.Hint != `did you mean "chrom"?` {
		t.Errorf("unknown ref = %+v", last)
	}
}

// TestTableOfComputesSitesWhenAsked: a table made by NewTableOf asks for a
// site only when Pos or a duplicate's report needs it, and a Define on it
// keeps the site it was given.
func TestTableOfComputesSitesWhenAsked(t *testing.T) {
	var asked []int
	tb := NewTableOf("unit", 2, func(i int) diag.Pos {
		asked = append(asked, i)
		return diag.Pos{File: "units.yaml", Line: i + 1, Col: 5}
	})
	if i, ok := tb.Add("chrom"); i != 0 || !ok {
		t.Fatalf("Add(chrom) = %d, %v", i, ok)
	}
	if i, ok := tb.Add("lissa"); i != 1 || !ok {
		t.Fatalf("Add(lissa) = %d, %v", i, ok)
	}
	if i, ok := tb.Add("chrom"); i != 0 || ok {
		t.Fatalf("second Add(chrom) = %d, %v", i, ok)
	}
	if len(asked) != 0 {
		t.Fatalf("sites computed before asked: %v", asked)
	}
	if got := tb.Pos(1); got != (diag.Pos{File: "units.yaml", Line: 2, Col: 5}) || len(asked) != 1 {
		t.Fatalf("Pos(1) = %v (asked %v)", got, asked)
	}
	at := diag.Pos{File: "more.yaml", Line: 7, Col: 5}
	if i, ok := tb.Define("frederick", at, nil); i != 2 || !ok || tb.Pos(2) != at {
		t.Fatalf("Define(frederick) = %d, %v; Pos %v", i, ok, tb.Pos(2))
	}
	var diags diag.List
	tb.Define("lissa", diag.Pos{File: "dup.yaml", Line: 1, Col: 5}, &diags)
	if len(diags) != 1 || diags[0].Related[0].Pos != (diag.Pos{File: "units.yaml", Line: 2, Col: 5}) {
		t.Fatalf("duplicate: %+v", diags)
	}
	if tb.Len() != 3 || tb.IDs()[2] != "frederick" {
		t.Fatalf("ids %v", tb.IDs())
	}
}
