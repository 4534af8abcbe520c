package emit

import (
	"bytes"
	"go/format"
	"go/parser"
	"go/token"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

type Level int16

type Wide struct {
	A int
	// A key over 40 bytes: go/printer's alignment then weighs key sizes.
	ThisFieldNameIsLongerThanFortyBytesForCertain int
	B                                             string
	Mid                                           [3]Inner
	C                                             uint16
	Lvl                                           Level
	Grid                                          [5]int8
	Ok                                            bool
}

type Rich struct {
	Name    string
	Color   Color
	Grid    [4]uint8
	Items   []Inner
	Empty   []int
	Lookup  map[string]int
	Ptr     *Inner
	W       Wide
	Ws      []Wide
	ByKey   map[int16][]Inner
	F       float64
	F32     float32
	U       uint64
	I64     int64
	Nested  [][]int8
	Arr     [3][]string
	Words   []string
	PtrWide *Wide
	hidden  int // never printed
}

var _ = Rich{hidden: 1}

var testStrings = []string{
	"", "a", "Chrom", "é", "日本語", "tab\there", `quote"d`, "back\\slash", "\x00", "\u2028", "line\nbreak",
	"a key that is longer than forty bytes, for the ratio rule",
	"another rather long key of well over forty bytes in length, yes",
}

// randomValue fills a value of type t, leaving about a third of it zero.
func randomValue(r *rand.Rand, t reflect.Type, depth int) reflect.Value {
	v := reflect.New(t).Elem()
	if depth > 0 && r.IntN(3) == 0 {
		return v
	}
	switch t.Kind() {
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := t.Bits()
		switch r.IntN(4) {
		case 0:
			v.SetInt(-1 << (bits - 1))
		case 1:
			v.SetInt(1<<(bits-1) - 1)
		default:
			v.SetInt(int64(r.IntN(200) - 100))
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if r.IntN(4) == 0 {
			v.SetUint(math.MaxUint64 >> (64 - t.Bits()))
		} else {
			v.SetUint(uint64(r.IntN(300)))
		}
	case reflect.Float32, reflect.Float64:
		fs := []float64{0.5, -2, 1e21, 5e-324, 3.14159, 1 << 60, -0.25}
		f := fs[r.IntN(len(fs))]
		if t.Kind() == reflect.Float32 {
			f = float64(float32(f))
			if f == 0 || math.IsInf(f, 0) {
				f = 0.5
			}
		}
		v.SetFloat(f)
	case reflect.String:
		v.SetString(testStrings[r.IntN(len(testStrings))])
	case reflect.Pointer:
		if r.IntN(2) == 0 {
			v.Set(reflect.New(t.Elem()))
			v.Elem().Set(randomValue(r, t.Elem(), depth+1))
		}
	case reflect.Slice:
		switch r.IntN(4) {
		case 0: // nil
		case 1:
			v.Set(reflect.MakeSlice(t, 0, 0))
		default:
			n := 1 + r.IntN(4)
			v.Set(reflect.MakeSlice(t, n, n))
			for i := range n {
				v.Index(i).Set(randomValue(r, t.Elem(), depth+1))
			}
		}
	case reflect.Array:
		for i := range t.Len() {
			v.Index(i).Set(randomValue(r, t.Elem(), depth+1))
		}
	case reflect.Map:
		if r.IntN(4) > 0 {
			v.Set(reflect.MakeMap(t))
			for range 1 + r.IntN(5) {
				v.SetMapIndex(randomValue(r, t.Key(), 1), randomValue(r, t.Elem(), depth+1))
			}
		}
	case reflect.Struct:
		for i := range t.NumField() {
			if t.Field(i).IsExported() {
				v.Field(i).Set(randomValue(r, t.Field(i).Type, depth+1))
			}
		}
	}
	return v
}

// FuzzPrinterMatchesGofmt holds the printer to the old printer's
// unformatted source through go/format, byte for byte, on random values of
// every kind the tables use (and maps and floats, which they do not).
func FuzzPrinterMatchesGofmt(f *testing.F) {
	for seed := range uint64(40) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		r := rand.New(rand.NewPCG(seed, seed*7+1))
		v := randomValue(r, reflect.TypeFor[Rich](), 0).Interface().(Rich)
		for _, val := range []any{v, &v, v.Ws, v.Items} {
			if rv := reflect.ValueOf(val); rv.Kind() == reflect.Slice && rv.IsNil() {
				continue // no literal: an error (TestPrinterRefusesWhatGoCannotSpell)
			}
			want, err := refGoFile("gen", "Package gen is a test.", "Value", val)
			if err != nil {
				t.Fatalf("reference: %v", err)
			}
			got, err := GoFile("gen", "Package gen is a test.", "Value", val)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("seed %d: printer output differs from gofmt's:\n%s", seed, firstDiff(got, want))
			}
		}
	})
}

// firstDiff shows the lines around the first difference.
func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		if i >= len(g) || i >= len(w) || g[i] != w[i] {
			lo := max(0, i-4)
			return "got:\n" + strings.Join(g[lo:min(len(g), i+3)], "\n") + "\nwant:\n" + strings.Join(w[lo:min(len(w), i+3)], "\n")
		}
	}
	return "(no difference)"
}

// TestPrinterAlignsLikeGofmt pins the layout rules the fuzz target explores:
// one-line fields aligned in sections, a multi-line field breaking them, and
// a long key breaking them when its size is far from the others'.
func TestPrinterAlignsLikeGofmt(t *testing.T) {
	v := Wide{A: 1, ThisFieldNameIsLongerThanFortyBytesForCertain: 2, B: "x", Mid: [3]Inner{{N: 1}}, C: 3, Lvl: -4}
	got, err := GoFile("gen", "", "V", v)
	if err != nil {
		t.Fatal(err)
	}
	want := Header + `package gen

import "github.com/roundtable-dev/roundtable/compiler/emit"

// V is the compiled content.
var V = emit.Wide{
	A: 1,
	ThisFieldNameIsLongerThanFortyBytesForCertain: 2,
	B: "x",
	Mid: [3]emit.Inner{
		{
			N: 1,
		},
	},
	C:   3,
	Lvl: -4,
}
`
	if string(got) != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if f, err := format.Source(got); err != nil || !bytes.Equal(f, got) {
		t.Errorf("not gofmt'ed (%v)", err)
	}
}

// TestPrinterInterfacesAndEmptyMaps covers what the old printer laid out
// differently (interface elements inline, empty maps over two lines): the
// output parses and is gofmt'ed, and an interface keeps its dynamic type.
func TestPrinterInterfacesAndEmptyMaps(t *testing.T) {
	type withAny struct {
		Any   any
		List  []any
		Empty map[string]int
	}
	v := withAny{Any: int8(3), List: []any{Color(2), "s", 1, Inner{N: 2}}, Empty: map[string]int{}}
	got, err := GoFile("gen", "", "V", v)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "v.go", got, 0); err != nil {
		t.Fatalf("does not parse: %v\n%s", err, got)
	}
	if f, err := format.Source(got); err != nil || !bytes.Equal(f, got) {
		t.Errorf("not gofmt'ed (%v):\n%s", err, got)
	}
	for _, want := range []string{"Any: int8(3),", "emit.Color(2),", "\"s\",", "\t\t1,", "Empty: map[string]int{},"} {
		if !strings.Contains(string(got), want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
}

// TestPrinterRefusesWhatGoCannotSpell: values with no literal form are an
// error, not bad source.
func TestPrinterRefusesWhatGoCannotSpell(t *testing.T) {
	n := 3
	for _, v := range []any{math.Inf(1), struct{ F float64 }{math.NaN()}, struct{ P *int }{&n}, struct{ C chan int }{make(chan int)}, []int(nil)} {
		if _, err := GoFile("gen", "", "V", v); err == nil {
			t.Errorf("%#v: no error", v)
		}
	}
}
