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
