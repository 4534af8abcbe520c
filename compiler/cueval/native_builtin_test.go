package cueval

import (
	"fmt"
	"testing"
	"testing/fstest"

	"github.com/roundtable-dev/roundtable/compiler/cueval/native"
	"github.com/roundtable-dev/roundtable/compiler/source"
)

// builtinSchema uses standard-library validators and mixed constraints the
// native validator must either decide exactly as CUE or leave to CUE.
const builtinSchema = `package b

import (
	"strings"
	"list"
	"math"
	"struct"
)

#B: {
	kind!: "b"
	minr?:  strings.MinRunes(3)
	pref?:  string & strings.HasPrefix("x")
	items?: [...int] & list.MinItems(2)
	mult?:  int & math.MultipleOf(3)
	ors?:   =~"^a" | =~"^b"
	neq?:   int & !=3
	u8?:    uint8
	mixed?: >=1 & <=3 | 10
	half?:  number & >=0.5
	sl?:    string | [...string]
	lit?:   2 | "two" | true | null
	rows?:  #Rows
	maxl?:  [...int] & #Max
	minf?:  {a?: int, b?: int} & struct.MinFields(1)
	lors?:  [...int] | [...string]
	short?: string & #Short
	shorts?: [...#Short]
}

#Short: strings.MaxRunes(3)

#Rows: [...string] & list.MaxItems(2)
#Max: list.MaxItems(2)
`

func TestNativeBuiltins(t *testing.T) {
	s, err := Compile(fstest.MapFS{"b.cue": {Data: []byte(builtinSchema)}}, "schema/b", map[string]string{"b": "#B"})
	if err != nil {
		t.Fatal(err)
	}
	values := map[string][]string{
		"minr":   {"ab", "abc", "ééé", "1"},
		"pref":   {"xy", "yx", "1"},
		"items":  {"[1]", "[1, 2]", "[]"},
		"mult":   {"3", "4", "0"},
		"ors":    {"ax", "bx", "cx", "1"},
		"neq":    {"3", "4", "'3'"},
		"u8":     {"0", "255", "256", "-1"},
		"mixed":  {"1", "3", "4", "10", "11", "x"},
		"half":   {"1", "0", "0.5", "0.25", "x"},
		"sl":     {"x", "[x, y]", "[1]", "1", "{}"},
		"lit":    {"2", "two", "true", "~", "3", "false", "'2'"},
		"rows":   {"[a]", "[a, b]", "[a, b, c]", "[1]"},
		"maxl":   {"[1]", "[1, 2, 3]"},
		"minf":   {"{}", "{a: 1}"},
		"lors":   {"[1, 2]", "[a, b]", "[1, a]", "[]"},
		"short":  {"abc", "abcd", "1"},
		"shorts": {"[abc]", "[abcd]"},
	}
	decided := map[string]int{}
	for field, vs := range values {
		for _, v := range vs {
			text := fmt.Sprintf("kind: b\n%s: %s\n", field, v)
			agree(t, s, []byte(text))
			docs, _ := source.Parse("b.yaml", []byte(text))
			if verdict, _ := s.native["b"].Errors(docs[0].Node()); verdict != native.Unknown {
				decided[field]++
			}
		}
	}
	// What the native validator itself decides (the rest goes to CUE). A
	// failed disjunction with a list arm is left to CUE to explain.
	if decided["sl"] != len(values["sl"])-1 {
		t.Errorf("sl: native decided %d of %d values, want all but {}", decided["sl"], len(values["sl"]))
	}
	for _, f := range []string{"neq", "u8", "mixed", "lit", "ors"} {
		if decided[f] != len(values[f]) {
			t.Errorf("%s: native decided %d of %d values, want all", f, decided[f], len(values[f]))
		}
	}
	// list.MaxItems is checked natively, but a list that breaks it goes to
	// CUE (which reports its errors its own way). A schema list with
	// list.MinItems evaluates to an error on its own (the empty list fails
	// it), so it goes to CUE, as does a struct with a validator.
	for f, want := range map[string]int{"rows": 2, "maxl": 1, "items": 0, "minf": 0} {
		if decided[f] != want {
			t.Errorf("%s: native decided %d values, want %d", f, decided[f], want)
		}
	}
	for _, f := range []string{} {
		if decided[f] != len(values[f]) {
			t.Errorf("%s: native decided %d of %d values, want all", f, decided[f], len(values[f]))
		}
	}
}
