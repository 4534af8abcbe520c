package compiler

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/source"
)

// TestDecodeEachMatchesDecode: decoding on every core, a batch ahead, gives
// the values, the order and the diagnostics of Decode in a loop, over
// several batches with failures in them.
func TestDecodeEachMatchesDecode(t *testing.T) {
	var b strings.Builder
	const n = 785 // 9 failures (i%97 == 5)
	if n < 3*decodeBatch {
		t.Fatalf("%d documents are not several batches of %d", n, decodeBatch)
	}
	for i := range n {
		if i%97 == 5 {
			fmt.Fprintf(&b, "---\nkind: x\nn: bad%d\n", i)
		} else {
			fmt.Fprintf(&b, "---\nkind: x\nn: %d\n", i)
		}
	}
	set, ds := source.Load(fstest.MapFS{"a.yaml": {Data: []byte(b.String())}}, "p")
	if len(ds) != 0 || len(set.Docs) != n {
		t.Fatalf("loaded %d documents, %v", len(set.Docs), ds)
	}
	docs := make([]*Doc, n)
	for i, d := range set.Docs {
		docs[i] = &Doc{Document: d, ID: fmt.Sprint(i)}
	}
	type T struct {
		N int `yaml:"n"`
	}
	var want, got []string
	var wantDiags, gotDiags diag.List
	for _, d := range docs {
		v, ok := Decode[T](d, &wantDiags)
		want = append(want, fmt.Sprint(d.ID, v.N, ok))
	}
	DecodeEach(docs, &gotDiags, func(d *Doc, v T, ok bool) {
		got = append(got, fmt.Sprint(d.ID, v.N, ok))
	})
	if !reflect.DeepEqual(got, want) {
		t.Errorf("DecodeEach gives\n%v\nDecode gives\n%v", got, want)
	}
	if len(wantDiags) != 9 || !reflect.DeepEqual(gotDiags, wantDiags) {
		t.Errorf("DecodeEach reports %v\nDecode reports (9 expected) %v", gotDiags, wantDiags)
	}
}

// TestDecoded: the loop sees the documents that decode, in order; those
// that do not go to broken, reported as Decode reports them; a break stops
// the decoding and reporting there, as a loop over Decode would.
func TestDecoded(t *testing.T) {
	var b strings.Builder
	const n = 200 // failures at 5, 102 and 199 (i%97 == 5)
	for i := range n {
		if i%97 == 5 {
			fmt.Fprintf(&b, "---\nkind: x\nn: bad%d\n", i)
		} else {
			fmt.Fprintf(&b, "---\nkind: x\nn: %d\n", i)
		}
	}
	set, ds := source.Load(fstest.MapFS{"a.yaml": {Data: []byte(b.String())}}, "p")
	if len(ds) != 0 || len(set.Docs) != n {
		t.Fatalf("loaded %d documents, %v", len(set.Docs), ds)
	}
	p := &Program{valid: map[string][]*Doc{}}
	for i, d := range set.Docs {
		p.valid["x"] = append(p.valid["x"], &Doc{Document: d, ID: fmt.Sprint(i)})
	}
	type T struct {
		N int `yaml:"n"`
	}
	var diags diag.List
	var broken []string
	sum, seen := 0, 0
	for d, v := range Decoded[T](p, "x", &diags, func(d *Doc) { broken = append(broken, d.ID) }) {
		if d.ID != fmt.Sprint(v.N) {
			t.Fatalf("document %s decoded as %d", d.ID, v.N)
		}
		sum += v.N
		seen++
	}
	if seen != n-3 || sum != n*(n-1)/2-5-102-199 || strings.Join(broken, ",") != "5,102,199" || len(diags) != 3 {
		t.Errorf("saw %d (sum %d), broken %v, %d diagnostics", seen, sum, broken, len(diags))
	}
	diags, broken = nil, nil
	for d := range Decoded[T](p, "x", &diags, func(d *Doc) { broken = append(broken, d.ID) }) {
		if d.ID == "100" {
			break
		}
	}
	if strings.Join(broken, ",") != "5" || len(diags) != 1 {
		t.Errorf("after a break at 100: broken %v, %d diagnostics; want [5], 1", broken, len(diags))
	}
}

// TestWords: each name maps to its index.
func TestWords(t *testing.T) {
	type level int8
	got := Words[level]([]string{"low", "mid", "high"})
	if len(got) != 3 || got["low"] != 0 || got["mid"] != 1 || got["high"] != 2 {
		t.Errorf("Words = %v", got)
	}
}
