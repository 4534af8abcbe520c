package agree_test

import (
	"reflect"
	"slices"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler/agree"
)

const schema = `
#Ref: string & !=""
#Doc: {
	kind!: "doc"
	id!:   string
	count!: int & >=0 & <=9
	cost!:  int & >=0 & <=200 | "X"
	tags?:  [...#Ref]
	pair?:  [#Ref] | [#Ref, #Ref]
	rounds: *30 | int & >=1 & <=99
	reserve?: {behind!: #Ref} | "commanded"
	near?:  {side!: string, "at-least"?: int & >=1 & <=8}
	alone?: {side!: string}
	move?:  {[=~"^[1-6]$"]: string}
	lives?: {"2"?: int & >=1 & <=9, "3"?: int & >=1 & <=9}
	text?:  string
}
`

// at is a value kept beside its node, as the games keep positions.
type at[T any] struct {
	V T
	N *yaml.Node
}

func (a *at[T]) UnmarshalYAML(n *yaml.Node) error { a.N = n; return n.Decode(&a.V) }

// nearDoc serves near and alone; alone has no at-least.
type nearDoc struct {
	Side    string `yaml:"side"`
	AtLeast int8   `yaml:"at-least"`
}

// aloneDoc decodes its fields as nearDoc (source.FieldsUnmarshaler).
type aloneDoc struct {
	N *yaml.Node
	nearDoc
}

func (a *aloneDoc) UnmarshalFields(n *yaml.Node) any { a.N = n; return &a.nearDoc }
func (a *aloneDoc) UnmarshalYAML(n *yaml.Node) error { return n.Decode(a.UnmarshalFields(n)) }

// twoValues decodes itself in a way agree cannot see.
type twoValues struct{ A, B string }

func (v *twoValues) UnmarshalYAML(n *yaml.Node) error { return n.Decode(&v.A) }

// doc agrees with #Doc.
type doc struct {
	ID      string            `yaml:"id"`
	Count   at[int8]          `yaml:"count"`
	Cost    string            `yaml:"cost"`
	Tags    []at[string]      `yaml:"tags"`
	Pair    []string          `yaml:"pair"`
	Rounds  int8              `yaml:"rounds" cue:"default=30"`
	Reserve yaml.Node         `yaml:"reserve"`
	Near    *nearDoc          `yaml:"near"`
	Alone   *aloneDoc         `yaml:"alone"`
	Move    map[string]string `yaml:"move"`
	Lives   map[string]int8   `yaml:"lives"`
	_       struct{}          `yaml:"text"` // read by hand
}

func def(t *testing.T, src string) cue.Value {
	v := cuecontext.New().CompileString(src).LookupPath(cue.ParsePath("#Doc"))
	if err := v.Err(); err != nil {
		t.Fatal(err)
	}
	return v
}

var opt = agree.Options{Skip: map[string]string{"kind": "the loader reads it"}}

func TestAgreeingTypesPass(t *testing.T) {
	if got := agree.Check(def(t, schema), reflect.TypeFor[doc](), opt); len(got) != 0 {
		t.Errorf("mismatches: %v", got)
	}
}

// with is doc with field name replaced by f (or added when absent).
func with(name string, f reflect.StructField) reflect.Type {
	var fields []reflect.StructField
	t := reflect.TypeFor[doc]()
	found := false
	for i := range t.NumField() {
		g := t.Field(i)
		if g.Name == "_" {
			continue // StructOf takes no blank fields; text is skipped below
		}
		if g.Name == name {
			g, found = f, true
			if f.Name == "" {
				continue
			}
		}
		fields = append(fields, g)
	}
	if !found {
		fields = append(fields, f)
	}
	return reflect.StructOf(fields)
}

func TestEachDisagreementIsNamed(t *testing.T) {
	skipText := agree.Options{Skip: map[string]string{"kind": "", "text": ""}}
	for _, c := range []struct {
		name   string
		schema string // extra CUE unified into #Doc
		typ    reflect.Type
		want   []string
	}{
		{name: "schema field without Go field", schema: `#Doc: {nickname?: string}`, typ: with("", reflect.StructField{Name: "Pad", Type: reflect.TypeFor[bool](), Tag: `yaml:"-"`}),
			want: []string{`nickname: schema field "nickname" has no Go field in the Go struct: validation accepts it and decoding drops it`}},
		{name: "Go field without schema field", typ: with("", reflect.StructField{Name: "Nick", Type: reflect.TypeFor[string](), Tag: `yaml:"nick"`}),
			want: []string{`nick: Go field Nick (yaml "nick") is not in the schema: validation rejects every document that sets it`}},
		{name: "kind", typ: with("Count", reflect.StructField{Name: "Count", Type: reflect.TypeFor[string](), Tag: `yaml:"count"`}),
			want: []string{`count: the schema has an int; Go type string is not an integer`}},
		{name: "range", schema: `#Doc: {big?: int & >=-10 & <=300}`, typ: with("", reflect.StructField{Name: "Big", Type: reflect.TypeFor[at[uint8]](), Tag: `yaml:"big"`}),
			want: []string{`big: the schema allows -1; Go type agree_test.at[uint8] holds 0..255`}},
		{name: "required pointer", typ: with("ID", reflect.StructField{Name: "ID", Type: reflect.TypeFor[*string](), Tag: `yaml:"id"`}),
			want: []string{`id: the schema requires the field; Go field ID is a pointer, as if it could be absent`}},
		{name: "default not applied", typ: with("Rounds", reflect.StructField{Name: "Rounds", Type: reflect.TypeFor[int8](), Tag: `yaml:"rounds"`}),
			want: []string{`rounds: the schema's default 30 is not Go's zero value; the Go code must apply it (and tag the field cue:"default=30")`}},
		{name: "default misstated", typ: with("Rounds", reflect.StructField{Name: "Rounds", Type: reflect.TypeFor[int8](), Tag: `yaml:"rounds" cue:"default=20"`}),
			want: []string{`rounds: the schema's default is 30; Go field Rounds says 20`}},
		{name: "two kinds into one Go type", typ: with("Reserve", reflect.StructField{Name: "Reserve", Type: reflect.TypeFor[string](), Tag: `yaml:"reserve"`}),
			want: []string{`reserve: the schema allows string or struct; Go type string holds one (use yaml.Node and decode it by hand)`}},
		{name: "pattern without map", typ: with("Move", reflect.StructField{Name: "Move", Type: reflect.TypeFor[struct{ A string }](), Tag: `yaml:"move"`}),
			want: []string{`move.*: the schema allows keys of its own (a pattern); Go type struct { A string } has no map to keep them`, `move.a: Go field A (yaml "a") is not in the schema: validation rejects every document that sets it`}},
		{name: "list element", typ: with("Tags", reflect.StructField{Name: "Tags", Type: reflect.TypeFor[[]int](), Tag: `yaml:"tags"`}),
			want: []string{`tags[]: the schema has a string; Go type int is not one`}},
		{name: "custom unmarshaler", typ: with("ID", reflect.StructField{Name: "ID", Type: reflect.TypeFor[twoValues](), Tag: `yaml:"id"`}),
			want: []string{`id: the Go type agree_test.twoValues has its own UnmarshalYAML; agree cannot see what it decodes (keep its node beside one value, or implement source.FieldsUnmarshaler)`}},
		{name: "stale skip", schema: ``, typ: with("", reflect.StructField{Name: "Text", Type: reflect.TypeFor[string](), Tag: `yaml:"text"`}),
			want: []string{`text: listed in Skip, but Go field Text decodes it`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := agree.Check(def(t, schema+c.schema), c.typ, skipText)
			var msgs []string
			for _, m := range got {
				msgs = append(msgs, m.String())
			}
			if len(msgs) != len(c.want) {
				t.Fatalf("got %d mismatches, want %d:\n%q", len(msgs), len(c.want), msgs)
			}
			for i, w := range c.want {
				if msgs[i] != w {
					t.Errorf("mismatch %d = %q, want %q", i, msgs[i], w)
				}
			}
		})
	}
}

func TestSkipOfNoFieldIsAMismatch(t *testing.T) {
	o := agree.Options{Skip: map[string]string{"kind": "", "colour": "gone"}}
	got := agree.Check(def(t, schema), reflect.TypeFor[doc](), o)
	want := []agree.Mismatch{{Path: "colour", Msg: "listed in Skip, but no kind has such a field"}}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
