package source

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

type dInner struct {
	A int8   `yaml:"a"`
	B string `yaml:"b"`
	C []int  `yaml:"c"`
}

// dAt keeps its node, like Anna's at[T].
type dAt struct {
	V string
	N *yaml.Node
}

func (a *dAt) UnmarshalYAML(n *yaml.Node) error {
	a.N = n
	return n.Decode(&a.V)
}

// dFields is a FieldsUnmarshaler, like Anna's effectDoc.
type dFields struct {
	N *yaml.Node
	dInner
}

func (f *dFields) UnmarshalFields(n *yaml.Node) any { f.N = n; return &f.dInner }

func (f *dFields) UnmarshalYAML(n *yaml.Node) error { return n.Decode(f.UnmarshalFields(n)) }

type dDoc struct {
	Kind     string             `yaml:"kind"`
	ID       string             `yaml:"id"`
	I8       int8               `yaml:"i8"`
	U8       uint8              `yaml:"u8"`
	I        int                `yaml:"i"`
	I64      int64              `yaml:"i64,omitempty"`
	F        float64            `yaml:"f"`
	F32      float32            `yaml:"f32"`
	B        bool               `yaml:"b"`
	S        string             `yaml:"s"`
	P        *int8              `yaml:"p"`
	PS       *dInner            `yaml:"ps"`
	In       dInner             `yaml:"in"`
	L        []string           `yaml:"l"`
	LP       []*dInner          `yaml:"lp"`
	LI       []dInner           `yaml:"li"`
	Arr      [2]int8            `yaml:"arr"`
	M        map[string]int8    `yaml:"m"`
	MS       map[string]dInner  `yaml:"ms"`
	MP       map[string]*dInner `yaml:"mp"`
	Any      any                `yaml:"any"`
	MA       map[string]any     `yaml:"ma"`
	At       dAt                `yaml:"at"`
	PAt      *dAt               `yaml:"pat"`
	LAt      []dAt              `yaml:"lat"`
	Fl       []dFields          `yaml:"fl"`
	Node     yaml.Node          `yaml:"node"`
	NodeP    *yaml.Node         `yaml:"nodep"`
	Dur      time.Duration      `yaml:"dur"`
	Untagged string
	Skipped  string `yaml:"-"`
	//lint:ignore U1000 yaml.v3 skips unexported fields; so must Decode
	hidden string
}

type dTree struct {
	Name string  `yaml:"name"`
	Kids []dTree `yaml:"kids"`
	Up   *dTree  `yaml:"up"`
}

// decodeTypes are the types the differential tests decode every document
// into.
var decodeTypes = []func() any{
	func() any { return new(dDoc) },
	func() any { return new(dTree) },
	func() any { return new(dInner) },
	func() any { return new(map[string]any) },
	func() any { return new(map[string]dInner) },
	func() any { return new(any) },
	func() any { return new(yaml.Node) },
	func() any { return new(dFields) },
}

// decodeSeeds: odd scalar spellings, overflow, wrong shapes, nulls, empty
// documents, anchors and aliases, merge keys.
var decodeSeeds = []string{
	"kind: t\nid: a\ni8: 5\nu8: 200\ni: -12\ni64: 123456789012\nf: 1.5\nf32: 0.1\nb: true\ns: x\np: 3\n" +
		"ps: {a: 1, b: y, c: [1, 2]}\nin: {a: -1}\nl: [a, 'b', \"c\"]\nlp: [{a: 1}]\nli: [{b: q}]\narr: [1, 2]\n" +
		"m: {x: 1, y: 2}\nms: {x: {a: 1}}\nmp: {x: {a: 2}}\nany: {a: [1, x, true, 1.5]}\nma: {k: v}\nat: x\npat: y\n" +
		"lat: [a, b]\nfl: [{a: 1}, {b: z}]\nnode: {a: [1]}\nuntagged: u\nskipped: s\nhidden: h\n",
	"kind: t\ni8: 0x10", "kind: t\ni8: 1_000", "kind: t\ni8: 0o7", "kind: t\ni8: +5", "kind: t\ni8: 012",
	"kind: t\ni8: 300", "kind: t\ni8: -129", "kind: t\ni8: 127", "kind: t\ni8: -128", "kind: t\nu8: -1", "kind: t\nu8: 256",
	"kind: t\ni: 9223372036854775808", "kind: t\ni: 123456789012345678901",
	"kind: t\nf: .inf", "kind: t\nf: -.Inf", "kind: t\nf: .nan", "kind: t\nany: .nan", "kind: t\nf: 1e3", "kind: t\nf: 1.",
	"kind: t\nf: .5", "kind: t\nf: 00.5", "kind: t\nf: 7", "kind: t\nf32: 3.4e39", "kind: t\ni: 1.5", "kind: t\ni: !!float 1.5",
	"kind: t\nf: !!float 1", "kind: t\nf: !!int 1", "kind: t\ni: !!int '12'", "kind: t\ni: !!int x",
	"kind: t\nb: yes", "kind: t\nb: no", "kind: t\nb: True", "kind: t\nb: on", "kind: t\nb: 1", "kind: t\nb: 'true'",
	"kind: t\ns: yes", "kind: t\ns: 0x10", "kind: t\ns: 12", "kind: t\ns: true", "kind: t\ns: 1.5", "kind: t\ns: ~",
	"kind: t\ns: !!binary aGVsbG8=", "kind: t\ns: !!str 12", "kind: t\ns: 2001-12-14", "kind: t\ns: !custom x",
	"kind: t\np: ~", "kind: t\np: null", "kind: t\np: Null", "kind: t\np:", "kind: t\np: !!null x", "kind: t\nps: ~",
	"kind: t\nin: ~", "kind: t\nin: 5", "kind: t\nin: [1]", "kind: t\nl: {a: 1}", "kind: t\nl: x", "kind: t\nl: ~",
	"kind: t\nl: [a, ~, b]", "kind: t\nl: [[a]]", "kind: t\nlp: [~, {a: 1}]", "kind: t\nli: [~, {a: 2}]",
	"kind: t\narr: [1]", "kind: t\narr: [1, 2, 3]", "kind: t\narr: [~, 2]", "kind: t\narr: [1, 300]",
	"kind: t\nm: [1]", "kind: t\nm: {a: 1, b: ~}", "kind: t\nm: {a: 1, 2: 3}", "kind: t\nm: {a: 1, ~: 3}",
	"kind: t\nm: {a: 1, '<<': 2}", "kind: t\nms: {x: {a: 1}, y: ~}", "kind: t\nmp: {x: ~}", "kind: t\nma: {a: ~, b: [~]}",
	"kind: t\nany: ~", "kind: t\nany: [1, [2, {a: b}]]", "kind: t\nany: {1: a}",
	"kind: t\nat: 12", "kind: t\nat: [1]", "kind: t\nat: ~", "kind: t\nat: {a: 1}", "kind: t\npat: ~",
	"kind: t\nlat: [a, ~, 'b']", "kind: t\nfl: [{a: 1}, {a: 300}]", "kind: t\nfl: [~, x]", "kind: t\nfl: [{c: [1, x]}]",
	"kind: t\nnode: ~", "kind: t\nnode: x", "kind: t\nnodep: {a: 1}", "kind: t\nnodep: 5", "kind: t\nnodep: ~",
	"kind: t\ndur: 5s", "kind: t\ndur: 5", "kind: t\nuntagged: x", "kind: t\nUntagged: x",
	"kind: t\nname: root\nkids: [{name: a, kids: [{name: b}]}, ~]\nup: {name: u, up: {name: v}}",
	"kind: t\na: 1\nb: 2\nc: 3\nd: 4\ne: 5\nf: 6\ng: 7\nh: 8\ni: 9\nj: 10\nk: 11\nl: [x]\nm: {}\nn: 14\no: 15\np: 16\nq: 17\nr: 18",
	"kind: t", "kind: t\n---\nkind: u\ni8: 1\n---\n",
	"base: &b {a: 1, b: x}\nkind: t\nps: *b\nin: *b\nlp: [*b, *b]",
	"base: &b {a: 1, b: x}\nkind: t\nin:\n  <<: *b\n  a: 2",
	"kind: t\n# comment\nid: a # line\nat: x # at\n",
	"kind: !!str t\nid: !!str a\nps: !!map {a: 1}\nl: !!seq [a]", "kind: t\nps: !foo {a: 1}", "kind: t\nl: !foo [a]",
	"kind: t\nm: {1: 2, 3: 4}", "kind: t\nm: {1: 2, '1': 3}", "kind: t\nm: {true: 1, 1.5: 2, 0x1: 3}", "kind: t\nm: {01: 1}",
	"kind: t\nl: []", "kind: t\nl: [~]", "kind: t\nlp: [~]", "kind: t\nli: []\nlat: []\nfl: []", "kind: t\nany: []",
	"kind: t\nma: {1: a}", "kind: t\nany: {true: a}", "kind: t\n1: x\ni8: 2", "kind: t\nms: {1.0: {a: 1}, -2: {a: 2}}",
	"kind: t\ns: |\n  two\n  lines\n", "kind: t\ns: >\n  folded\n", "kind: t\n? [a]\n: b",
}

// agree decodes every document of src into each type both ways and
// reports the first difference.
func agree(t *testing.T, src string) {
	t.Helper()
	docs, _ := Parse("f.yaml", []byte(src))
	for _, d := range docs {
		for _, mk := range decodeTypes {
			got, want := mk(), mk()
			gotErr, wantErr := decodeBoth(d, got, want)
			if !sameErr(gotErr, wantErr) {
				t.Fatalf("%q into %T: error %v, yaml.v3 %v", src, got, gotErr, wantErr)
			}
			scrubNaN(reflect.ValueOf(got))
			scrubNaN(reflect.ValueOf(want))
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%q into %T:\n got %#v\nwant %#v", src, got, reflect.ValueOf(got).Elem(), reflect.ValueOf(want).Elem())
			}
		}
	}
}

func decodeBoth(d *Document, got, want any) (gotErr, wantErr error) {
	return d.Decode(got), d.Node().Decode(want)
}

func sameErr(a, b error) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Error() == b.Error()
}

// scrubNaN replaces NaNs (which DeepEqual never finds equal) by a number.
func scrubNaN(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return
		}
		if v.Kind() == reflect.Interface {
			if f, ok := v.Interface().(float64); ok && math.IsNaN(f) && v.CanSet() {
				v.Set(reflect.ValueOf(-12345.0))
				return
			}
			e := reflect.New(v.Elem().Type()).Elem()
			e.Set(v.Elem())
			scrubNaN(e)
			if v.CanSet() {
				v.Set(e)
			}
			return
		}
		if v.Type().Elem() != nodeType {
			scrubNaN(v.Elem())
		}
	case reflect.Float32, reflect.Float64:
		if math.IsNaN(v.Float()) && v.CanSet() {
			v.SetFloat(-12345)
		}
	case reflect.Struct:
		if v.Type() == nodeType {
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				scrubNaN(v.Field(i))
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			scrubNaN(v.Index(i))
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(v.MapIndex(k))
			scrubNaN(e)
			v.SetMapIndex(k, e)
		}
	}
}

// TestDecodeAgreesWithYAML runs the seeds of FuzzDecodeAgreesWithYAML.
func TestDecodeAgreesWithYAML(t *testing.T) {
	for _, s := range decodeSeeds {
		agree(t, s)
	}
}

// TestDecodeFastPath: canonical documents are decoded without yaml.v3,
// odd ones with it (so the differential tests compare two decoders).
func TestDecodeFastPath(t *testing.T) {
	for _, c := range []struct {
		src  string
		fast bool
	}{
		{decodeSeeds[0], true},
		{"kind: t\nname: root\nkids: [{name: a, kids: [{name: b}]}, ~]\nup: {name: u, up: {name: v}}", true},
		{"kind: t\nl: [a, ~, b]\nm: {a: ~}\nps: ~", true},
		{"kind: t\ni8: 0x10", false},
		{"kind: t\ni8: 300", false},
		{"kind: t\nb: yes", false},
		{"kind: t\nl: {a: 1}", false},
		{"kind: t\nfl: [{a: 300}]", false},
		{"kind: t\nat: 12", true}, // dAt's own UnmarshalYAML decodes it
		{"kind: t\nnodep: {a: 1}", false},
	} {
		docs, _ := Parse("f.yaml", []byte(c.src))
		if len(docs) != 1 {
			t.Fatalf("%q: %d documents", c.src, len(docs))
		}
		var v dDoc
		dc := decoder{r: docReader(docs[0].enc)}
		dc.value(planOf(reflect.TypeFor[dDoc]()), reflect.ValueOf(&v).Elem(), 0)
		if fast := !dc.bad && dc.r.err == nil; fast != c.fast {
			t.Errorf("%q: decoded without yaml.v3 %v, want %v", c.src, fast, c.fast)
		}
	}
}

// TestDecodeIntoSetValue: a value that is not zero is decoded by yaml.v3,
// which merges into it.
func TestDecodeIntoSetValue(t *testing.T) {
	docs, _ := Parse("f.yaml", []byte("kind: t\nm: {b: 2}\n"))
	got := dDoc{ID: "keep", M: map[string]int8{"a": 1}}
	if err := docs[0].Decode(&got); err != nil {
		t.Fatal(err)
	}
	if got.ID != "keep" || !reflect.DeepEqual(got.M, map[string]int8{"a": 1, "b": 2}) {
		t.Errorf("got %+v", got)
	}
}

// TestDecodeTreeDocument: a document that keeps its tree decodes too.
func TestDecodeTreeDocument(t *testing.T) {
	docs, _ := parse("f.yaml", []byte("kind: t\ni8: 4\n"), false)
	var v dDoc
	if err := docs[0].Decode(&v); err != nil || v.I8 != 4 {
		t.Errorf("got %v, %v", v.I8, err)
	}
	var e *yaml.TypeError
	if err := docs[0].Decode(new(struct{ I8 []int })); !errors.As(err, &e) {
		t.Errorf("want a type error, got %v", err)
	}
}

func FuzzDecodeAgreesWithYAML(f *testing.F) {
	for _, s := range decodeSeeds {
		f.Add(s)
	}
	f.Add(cacheSample)
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 || strings.Count(src, "*") > 8 {
			return // alias expansion budgets, not decoding
		}
		agree(t, src)
	})
}

// The benchmark pair: one base unit card (the cache tests' sample) through
// yaml.v3 (its tree from the encoding, then yaml.Node.Decode) and through
// Decode.
type benchUnit struct {
	ID        string `yaml:"id"`
	Name      string `yaml:"name"`
	Title     string `yaml:"title"`
	Color     string `yaml:"color"`
	Legendary bool   `yaml:"legendary"`
	Stats     struct {
		HP  int8 `yaml:"hp"`
		ATK int8 `yaml:"atk"`
		SPD int8 `yaml:"spd"`
		DEF int8 `yaml:"def"`
	} `yaml:"stats"`
	Range []dAt `yaml:"range"`
	Mov   int8  `yaml:"mov"`
	Tags  []dAt `yaml:"tags"`
	Skill *struct {
		Name    string    `yaml:"name"`
		Kind    string    `yaml:"kind"`
		Text    string    `yaml:"text"`
		Effects []dFields `yaml:"effects"`
	} `yaml:"skill"`
}

func benchDoc(b *testing.B) *Document {
	docs, _ := Parse("a.yaml", []byte(cacheSample))
	for _, d := range docs {
		if d.Kind == "unit" {
			return d
		}
	}
	b.Fatal("no unit in the sample")
	return nil
}

func BenchmarkDecodeUnitYAML(b *testing.B) {
	d := benchDoc(b)
	b.ReportAllocs()
	for b.Loop() {
		var u benchUnit
		if err := d.Node().Decode(&u); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeUnitEncoding(b *testing.B) {
	d := benchDoc(b)
	b.ReportAllocs()
	for b.Loop() {
		var u benchUnit
		if err := d.Decode(&u); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDecodeConcurrent: plans are made and shared safely (run with -race).
func TestDecodeConcurrent(t *testing.T) {
	type fresh struct {
		Name string  `yaml:"name"`
		Kids []fresh `yaml:"kids"`
	}
	docs, _ := Parse("f.yaml", []byte("kind: t\nname: a\nkids: [{name: b}, {name: c, kids: [{name: d}]}]\n"))
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			var v fresh
			err := docs[0].Decode(&v)
			if err == nil && (v.Name != "a" || len(v.Kids) != 2 || v.Kids[1].Kids[0].Name != "d") {
				err = errors.New("wrong value")
			}
			errs <- err
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
