package cueval

import (
	"sync"
	"testing"
	"testing/fstest"

	"github.com/roundtable-dev/roundtable/compiler/cueval/native"
	"github.com/roundtable-dev/roundtable/compiler/source"
)

// genericSchema uses constructs beyond the annas schema: open structs,
// pattern constraints, disjunctions of structs, fixed lists, defaults,
// regular fields, predeclared int types and recursion.
const genericSchema = `package g

#Shape: {kind!: "shape", circle!: {r!: int & >0}} | {kind!: "shape", square!: {side!: int & >0}}
#Any: {
	kind!: "any"
	open?: {a?: int, ...}
	labels?: [=~"^[a-z]+$"]: string
	pair?: [int, string]
	dflt?: *1 | int & >3
	small?: int8
	neg?: string & !~"^x"
	nul?: null | bool
	tree?: #Tree
	shapes?: [...#Shape]
	reg: string
	ratio?: number
}
#Tree: {v!: int, kids?: [...#Tree]}
`

func TestNativeGenericSchema(t *testing.T) {
	s, err := Compile(fstest.MapFS{"g.cue": {Data: []byte(genericSchema)}}, "schema/g", map[string]string{"any": "#Any", "shape": "#Shape"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		yaml string
		want native.Verdict
	}{
		{"kind: any\nreg: x\n", native.Valid},
		{"kind: any\n", native.Unknown}, // a regular field without data: CUE decides
		{"kind: any\nreg: x\nopen: {a: 1, b: [2]}\n", native.Valid},
		{"kind: any\nreg: x\nextra: 1\n", native.Invalid},
		{"kind: any\nreg: x\nopen: {a: z}\n", native.Invalid},
		{"kind: any\nreg: x\nlabels: {ab: x}\n", native.Valid},
		{"kind: any\nreg: x\nlabels: {ab: 1}\n", native.Invalid},
		{"kind: any\nreg: x\nlabels: {Ab: x}\n", native.Invalid},
		{"kind: any\nreg: x\npair: [1, a]\n", native.Valid},
		{"kind: any\nreg: x\npair: [1]\n", native.Invalid},
		{"kind: any\nreg: x\npair: [1, a, 2]\n", native.Invalid},
		{"kind: any\nreg: x\npair: [a, 1]\n", native.Invalid},
		{"kind: any\nreg: x\ndflt: 1\n", native.Valid},
		{"kind: any\nreg: x\ndflt: 4\n", native.Valid},
		{"kind: any\nreg: x\ndflt: 2\n", native.Invalid},
		{"kind: any\nreg: x\nsmall: 127\n", native.Valid},
		{"kind: any\nreg: x\nsmall: 128\n", native.Invalid},
		{"kind: any\nreg: x\nneg: yx\n", native.Valid},
		{"kind: any\nreg: x\nneg: xy\n", native.Invalid},
		{"kind: any\nreg: x\nnul: ~\n", native.Valid},
		{"kind: any\nreg: x\nnul: false\n", native.Valid},
		{"kind: any\nreg: x\nnul: 0\n", native.Invalid},
		// Recursion through a list: CUE reports a structural cycle for the
		// element schema looked up alone, so documents that use it go to CUE.
		{"kind: any\nreg: x\ntree: {v: 1}\n", native.Valid},
		{"kind: any\nreg: x\ntree: {v: 1, kids: [{v: 2, kids: [{v: 3}]}]}\n", native.Unknown},
		{"kind: any\nreg: x\ntree: {w: 1}\n", native.Invalid},
		{"kind: any\nreg: x\nshapes: [{kind: shape, circle: {r: 1}}, {kind: shape, square: {side: 2}}]\n", native.Valid},
		// A struct disjunction that fails: CUE explains it arm by arm.
		{"kind: any\nreg: x\nshapes: [{kind: shape, circle: {r: 0}}]\n", native.Unknown},
		{"kind: shape\nsquare: {side: 3}\n", native.Valid},
		{"kind: shape\nsquare: {side: 3}\ncircle: {r: 1}\n", native.Unknown},
		{"kind: any\nreg: x\nratio: 0.5\n", native.Unknown},
		{"kind: any\nreg: 0.5\n", native.Invalid},
	} {
		docs, diags := source.Parse("g.yaml", []byte(c.yaml))
		if len(docs) != 1 || len(diags) > 0 {
			t.Fatalf("%q: %v", c.yaml, diags)
		}
		if got, errs := s.native[docs[0].Kind].Errors(docs[0].Node()); got != c.want {
			t.Errorf("%q: native verdict %v %v, want %v", c.yaml, got, errs, c.want)
		}
		agree(t, s, []byte(c.yaml))
	}
}

// TestNativeConcurrent: lazy compilation and the per-key memo are shared by
// every worker of validateParallel; run it under -race.
func TestNativeConcurrent(t *testing.T) {
	s, err := Compile(fstest.MapFS{"g.cue": {Data: []byte(genericSchema)}}, "schema/g", map[string]string{"any": "#Any", "shape": "#Shape"})
	if err != nil {
		t.Fatal(err)
	}
	docs, _ := source.Parse("g.yaml", []byte("kind: any\nreg: x\nopen: {a: 1, b: 2, c: 3}\nlabels: {ab: x, cd: y}\nshapes: [{kind: shape, circle: {r: 1}}]\ntree: {v: 1}\n"))
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 50 {
				if v := s.native["any"].Check(docs[0].Node()); v != native.Valid {
					t.Errorf("verdict %v, want valid", v)
					return
				}
			}
		})
	}
	wg.Wait()
}
