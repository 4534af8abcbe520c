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
	// Fields annotated with the ids of Rich.Named (a trailing comment).
	Pick  int16    `rt:"index=Named"`
	Set   uint16   `rt:"bits=Named"`
	Picks []int8   `rt:"index=Named"`
	Lead  Level    `rt:"index=Named"`
	Also  int8     `rt:"index=Named"`
	Mask  [2]uint8 `rt:"bits=Named"` // not a bit set: no comment
}

// Named is an element of a list that indexes refer to.
type Named struct {
	ID   string
	Pick int16 `rt:"index=Named"`
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
	Named   []Named
	Best    uint64 `rt:"bits=Named"`
	First   int    `rt:"index=Named"`
	hidden  int    // never printed
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

// testConsts names some values of the test enums, as a table package's
// GoConsts does.
var testConsts = Consts{
	"github.com/roundtable-dev/roundtable/compiler/emit.Color": {0: "Red", 1: "Green", 2: "ABlueOfAVeryLongNameIndeedMoreThanFortyBytes"},
	"github.com/roundtable-dev/roundtable/compiler/emit.Level": {-1: "NoLevel", 3: "L3", -100: "LevelMin"},
}

// FuzzPrinterMatchesGofmt holds the printer to the old printer's
// unformatted source through go/format, byte for byte, on random values of
// every kind the tables use (and maps and floats, which they do not), with
// enum values as numbers and as constants.
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
			// Enum values printed as their constants (names of several
			// lengths, so that alignment sees them).
			want, err = refGoFileConsts(testConsts, "gen", "Package gen is a test.", "Value", val)
			if err != nil {
				t.Fatalf("reference: %v", err)
			}
			var buf bytes.Buffer
			if err := (goFile{consts: testConsts, pkg: "gen", doc: "Package gen is a test.", name: "Value", varDoc: "Value is the compiled content.", value: reflect.ValueOf(val)}).write(&buf); err != nil {
				t.Fatal(err)
			}
			if got := buf.Bytes(); !bytes.Equal(got, want) {
				t.Fatalf("seed %d, with constants: printer output differs from gofmt's:\n%s", seed, firstDiff(got, want))
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

// TestPrinterNamesConstants: a value that Consts names prints as the
// constant, in fields, lists, map keys and interfaces; others stay numbers.
func TestPrinterNamesConstants(t *testing.T) {
	type enums struct {
		C     Color
		Other Color
		List  []Color
		ByC   map[Color]int
		Any   any
		L     Level
	}
	v := enums{C: 1, Other: 7, List: []Color{0, 2, 9}, ByC: map[Color]int{1: 5, 8: 6}, Any: Color(0), L: -1}
	var buf bytes.Buffer
	if err := (goFile{consts: testConsts, pkg: "gen", name: "V", value: reflect.ValueOf(v)}).write(&buf); err != nil {
		t.Fatal(err)
	}
	want := Header + `package gen

import "github.com/roundtable-dev/roundtable/compiler/emit"

var V = emit.enums{
	C:     emit.Green,
	Other: 7,
	List:  []emit.Color{emit.Red, emit.ABlueOfAVeryLongNameIndeedMoreThanFortyBytes, 9},
	ByC: map[emit.Color]int{
		emit.Green: 5,
		8:          6,
	},
	Any: emit.Red,
	L:   emit.NoLevel,
}
`
	if got := buf.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestPrinterAnnotatesIndexesAndBits pins the trailing comments of fields
// tagged rt:"index=…" and rt:"bits=…": the ids they stand for, none for an
// absent index (-1), "#n?" for one past the list, and comments of
// consecutive lines aligned as gofmt aligns them.
func TestPrinterAnnotatesIndexesAndBits(t *testing.T) {
	v := &Rich{
		Named: []Named{{ID: "armored"}, {ID: "flying", Pick: 0}, {ID: "cavalry", Pick: -1}},
		Best:  0b101,
		First: 2,
		W:     Wide{Pick: 1, Set: 0b1010, Picks: []int8{2, -1, 0}, Also: -1, C: 7},
	}
	got, err := GoFile("gen", "", "Value", v)
	if err != nil {
		t.Fatal(err)
	}
	want := `// Code generated by roundtable. DO NOT EDIT.

package gen

import "github.com/roundtable-dev/roundtable/compiler/emit"

// Value is the compiled content.
var Value = &emit.Rich{
	W: emit.Wide{
		C:     7,
		Pick:  1,                // flying
		Set:   10,               // flying, #3?
		Picks: []int8{2, -1, 0}, // cavalry, -, armored
		Also:  -1,
	},
	Named: []emit.Named{
		{
			ID: "armored",
		},
		{
			ID: "flying",
		},
		{
			ID:   "cavalry",
			Pick: -1,
		},
	},
	Best:  5, // armored, cavalry
	First: 2, // cavalry
}
`
	if string(got) != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if ref, err := refGoFile("gen", "", "Value", v); err != nil || string(ref) != string(got) {
		t.Errorf("gofmt's layout differs (%v):\n%s", err, firstDiff(got, ref))
	}
}
