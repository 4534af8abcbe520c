// Package agree checks that a CUE definition and the Go type that decodes
// its documents have the same shape: every schema field has a Go field under the
// same yaml key and every Go field a schema field, kinds match, Go integers
// hold every value the schema allows, a field the schema always requires is
// not a Go pointer, and a schema default other than Go's zero value is one
// the Go code says it applies.
//
// Validation accepts what the schema allows and the Go structs decode what
// their yaml tags name; without this check a field added to a schema and
// forgotten in its struct is accepted and silently dropped.
//
// Two struct tags say what reflection cannot see:
//
//	Rounds int8 `yaml:"rounds" cue:"default=30"` // the Go code applies the schema's default 30
//	_ struct{}  `yaml:"cards"`                    // a schema field read by hand, not decoded here
//
// A Go type used at several places of a definition (one struct for two
// similar schema structs) may have a field some of them lack, and may be a
// pointer where one of them requires the field; it disagrees only when no
// place has the field, or every place requires it.
package agree

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler/source"
)

// Options says what a check knows beyond the two types.
type Options struct {
	// Skip are schema fields no Go field decodes on purpose, by path from
	// the definition (e.g. "kind", which the loader reads), with the reason.
	Skip map[string]string
}

// Mismatch is one disagreement, in a document kind at a data path of its
// definition ("skill.effects[].modify.atk"; "*" is any key of a map).
type Mismatch struct {
	Kind, Path string
	Msg        string
}

func (m Mismatch) String() string {
	s := m.Msg
	if m.Path != "" {
		s = m.Path + ": " + s
	}
	if m.Kind != "" {
		s = "kind " + m.Kind + ": " + s
	}
	return s
}

// Check compares one definition with one Go type; see Checker.
func Check(def cue.Value, t reflect.Type, opt Options) []Mismatch {
	c := New(opt)
	c.Add("", def, t)
	return c.Mismatches()
}

// Checker compares the kinds of one game together, so that a Go type shared by
// several kinds is judged over all of them.
type Checker struct {
	ctx  *cue.Context // encodes the values a schema is asked about
	opt  Options
	kind string
	used map[string]bool
	seen map[fieldKey]*facts
	out  []Mismatch
}

// New returns a Checker with no kinds.
func New(opt Options) *Checker {
	return &Checker{ctx: cuecontext.New(), opt: opt, used: map[string]bool{}, seen: map[fieldKey]*facts{}}
}

// Add walks the definition of a kind and the Go type its documents decode
// into.
func (c *Checker) Add(kind string, def cue.Value, t reflect.Type) {
	c.kind = kind
	c.value("", def, t, 0)
}

// Mismatches returns every disagreement of the kinds added, sorted. A Skip
// entry that matches no schema field is one too, so that it cannot outlive
// the field it excuses.
func (c *Checker) Mismatches() []Mismatch {
	out := slices.Clone(c.out)
	for p := range c.opt.Skip {
		if !c.used[p] {
			out = append(out, Mismatch{Path: p, Msg: "listed in Skip, but no kind has such a field"})
		}
	}
	for k, f := range c.seen {
		switch {
		case !f.inSchema:
			out = append(out, Mismatch{f.kind, join(f.path, k.key), fmt.Sprintf("Go field %s (yaml %q) is not in the schema: validation rejects every document that sets it", field(k.t, f.name), k.key)})
		case f.pointer && f.required > 0 && !f.optional:
			out = append(out, Mismatch{f.reqKind, f.reqPath, fmt.Sprintf("the schema requires the field; Go field %s is a pointer, as if it could be absent", field(k.t, f.name))})
		}
	}
	slices.SortFunc(out, func(a, b Mismatch) int {
		return strings.Compare(a.Kind+"\x00"+a.Path+"\x00"+a.Msg, b.Kind+"\x00"+b.Path+"\x00"+b.Msg)
	})
	return slices.Compact(out)
}

// fieldKey is one yaml key of one Go struct type.
type fieldKey struct {
	t   reflect.Type
	key string
}

// facts are what the walk saw of one Go field over every place its struct
// decodes.
type facts struct {
	name       string
	kind, path string // where its struct was first seen
	inSchema   bool   // some place has the field
	pointer    bool
	required   int  // places that require it
	optional   bool // some place lets it be absent
	reqKind    string
	reqPath    string
}

func (c *Checker) add(path, format string, args ...any) {
	c.out = append(c.out, Mismatch{Kind: c.kind, Path: path, Msg: fmt.Sprintf(format, args...)})
}

var (
	nodeType        = reflect.TypeFor[yaml.Node]()
	unmarshalerType = reflect.TypeFor[yaml.Unmarshaler]()
	fieldsType      = reflect.TypeFor[source.FieldsUnmarshaler]()
)

// maxDepth bounds the walk of recursive definitions.
const maxDepth = 40

// shape is what a Go type decodes, seen through pointers and the
// node-keeping wrappers: its type, whether it may be nil, and whether it
// takes any YAML (yaml.Node, interfaces).
func shape(t reflect.Type) (base reflect.Type, nillable, opaque bool, err error) {
	for range maxDepth {
		switch {
		case t == nodeType || t.Kind() == reflect.Interface:
			return t, nillable, true, nil
		case t.Kind() == reflect.Pointer:
			nillable = true
			t = t.Elem()
		case reflect.PointerTo(t).Implements(fieldsType):
			// UnmarshalFields returns what the fields decode into.
			v := reflect.New(t).Interface().(source.FieldsUnmarshaler).UnmarshalFields(&yaml.Node{})
			t = reflect.TypeOf(v).Elem()
		case reflect.PointerTo(t).Implements(unmarshalerType):
			// A value kept beside its node (struct{V T; N *yaml.Node}): T.
			inner, ok := wrapped(t)
			if !ok {
				return t, nillable, false, fmt.Errorf("the Go type %s has its own UnmarshalYAML; agree cannot see what it decodes (keep its node beside one value, or implement source.FieldsUnmarshaler)", t)
			}
			t = inner
		default:
			return t, nillable, false, nil
		}
	}
	return t, nillable, false, fmt.Errorf("the Go type %s nests wrappers too deep", t)
}

// wrapped is T of a struct whose fields are one value of type T and any
// number of *yaml.Node.
func wrapped(t reflect.Type) (reflect.Type, bool) {
	if t.Kind() != reflect.Struct {
		return nil, false
	}
	var inner reflect.Type
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Type == reflect.PointerTo(nodeType) {
			continue
		}
		if inner != nil {
			return nil, false
		}
		inner = f.Type
	}
	return inner, inner != nil
}

// arms are the disjuncts of v, or v alone.
func arms(v cue.Value, depth int) []cue.Value {
	op, args := v.Eval().Expr()
	if op != cue.OrOp {
		// Evaluation may fold a disjunction of lists or structs into one
		// value; the expression still shows it.
		if rop, rargs := v.Expr(); rop == cue.OrOp {
			op, args = rop, rargs
		}
	}
	if op != cue.OrOp || depth > maxDepth {
		return []cue.Value{v}
	}
	var out []cue.Value
	for _, a := range args {
		out = append(out, arms(a, depth+1)...)
	}
	return out
}

// kindWords names the kinds of a schema value.
func kindWords(k cue.Kind) string {
	var w []string
	for _, x := range []struct {
		k cue.Kind
		s string
	}{{cue.StringKind, "string"}, {cue.IntKind, "int"}, {cue.FloatKind, "float"}, {cue.BoolKind, "bool"}, {cue.StructKind, "struct"}, {cue.ListKind, "list"}, {cue.NullKind, "null"}, {cue.BytesKind, "bytes"}} {
		if k&x.k != 0 {
			w = append(w, x.s)
		}
	}
	return strings.Join(w, " or ")
}

// value checks one schema value against the Go type that decodes it.
func (c *Checker) value(path string, v cue.Value, t reflect.Type, depth int) {
	if depth > maxDepth {
		return
	}
	base, _, opaque, err := shape(t)
	if err != nil {
		c.add(path, "%v", err)
		return
	}
	if opaque {
		return // decoded by hand from the node, or anything goes
	}
	k := v.IncompleteKind() &^ cue.NullKind
	if k == cue.TopKind {
		c.add(path, "the schema allows any value; Go type %s holds one kind (use yaml.Node)", t)
		return
	}
	scalar := k &^ (cue.StructKind | cue.ListKind)
	if k&^(cue.StructKind|cue.ListKind) == k && countKinds(k) > 1 && base.Kind() == reflect.String {
		return // a string holds any scalar as written ("X" or 3)
	}
	if kinds := countKinds(k); kinds > 1 && k != cue.NumberKind {
		c.add(path, "the schema allows %s; Go type %s holds one (use yaml.Node and decode it by hand)", kindWords(k), t)
		return
	}
	switch {
	case k == cue.StructKind:
		c.structure(path, v, base, t, depth)
	case k == cue.ListKind:
		c.list(path, v, base, t, depth)
	case scalar != 0:
		c.scalar(path, v, k, base, t)
	}
}

func countKinds(k cue.Kind) int {
	n := 0
	for _, x := range []cue.Kind{cue.StringKind, cue.IntKind | cue.FloatKind, cue.BoolKind, cue.StructKind, cue.ListKind, cue.BytesKind} {
		if k&x != 0 {
			n++
		}
	}
	return n
}

func (c *Checker) scalar(path string, v cue.Value, k cue.Kind, base, t reflect.Type) {
	gk := base.Kind()
	switch k {
	case cue.StringKind:
		if gk != reflect.String {
			c.add(path, "the schema has a string; Go type %s is not one", t)
		}
	case cue.BoolKind:
		if gk != reflect.Bool {
			c.add(path, "the schema has a bool; Go type %s is not one", t)
		}
	case cue.FloatKind, cue.NumberKind:
		if gk != reflect.Float32 && gk != reflect.Float64 {
			c.add(path, "the schema has a number that may have a fraction; Go type %s is not a float", t)
		}
	case cue.IntKind:
		lo, hi, ok := intRange(base)
		if !ok {
			c.add(path, "the schema has an int; Go type %s is not an integer", t)
			return
		}
		if base.Size() == 8 {
			return // YAML's integers are 64-bit
		}
		for _, n := range []int64{lo - 1, hi + 1} {
			if c.allows(v, n) {
				c.add(path, "the schema allows %d; Go type %s holds %d..%d", n, t, lo, hi)
				break
			}
		}
	default:
		c.add(path, "the schema has %s; agree knows no Go type for it", kindWords(k))
	}
}

func intRange(t reflect.Type) (lo, hi int64, ok bool) {
	switch t.Kind() {
	case reflect.Int8:
		return math.MinInt8, math.MaxInt8, true
	case reflect.Int16:
		return math.MinInt16, math.MaxInt16, true
	case reflect.Int32:
		return math.MinInt32, math.MaxInt32, true
	case reflect.Int, reflect.Int64:
		return math.MinInt64, math.MaxInt64, true
	case reflect.Uint8:
		return 0, math.MaxUint8, true
	case reflect.Uint16:
		return 0, math.MaxUint16, true
	case reflect.Uint32:
		return 0, math.MaxUint32, true
	case reflect.Uint, reflect.Uint64:
		return 0, math.MaxInt64, true
	}
	return 0, 0, false
}

// allows reports whether the schema value accepts x. Values of different
// contexts may be unified (CUE v0.17).
func (c *Checker) allows(v cue.Value, x any) bool {
	return v.Unify(c.ctx.Encode(x)).Validate(cue.Concrete(true)) == nil
}

func (c *Checker) list(path string, v cue.Value, base, t reflect.Type, depth int) {
	if base.Kind() != reflect.Slice && base.Kind() != reflect.Array {
		c.add(path, "the schema has a list; Go type %s is not a slice", t)
		return
	}
	elem := base.Elem()
	n := 0
	for _, a := range arms(v, 0) {
		if a.IncompleteKind()&cue.ListKind == 0 {
			continue
		}
		it, err := a.List()
		if err != nil {
			c.add(path, "the schema's list cannot be read: %v", err)
			continue
		}
		for it.Next() {
			n++
			c.value(path+"[]", it.Value(), elem, depth+1)
		}
		if a.Allows(cue.AnyIndex) {
			if rest := a.LookupPath(cue.MakePath(cue.AnyIndex)); rest.Exists() {
				n++
				c.value(path+"[]", rest, elem, depth+1)
			}
		}
	}
	if n == 0 {
		c.add(path, "the schema's list has no element type")
	}
	if base.Kind() == reflect.Array {
		c.add(path, "Go type %s is an array; a list of another length fails to decode after validation passed (use a slice)", t)
	}
}

// goField is a Go struct field that decodes one yaml key.
type goField struct {
	name   string
	typ    reflect.Type
	tag    reflect.StructTag
	unread bool // a blank field: the key is read by hand
}

// goFields are the yaml keys of struct t as yaml.v3 reads them.
func goFields(t reflect.Type, into map[string]goField, depth int) {
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Name == "_" && f.Tag.Get("yaml") != "" {
			into[f.Tag.Get("yaml")] = goField{name: f.Name, typ: f.Type, tag: f.Tag, unread: true}
			continue
		}
		name, flags, ok := source.YAMLKey(f)
		if !ok {
			continue
		}
		if slices.Contains(strings.Split(flags, ","), "inline") && depth < maxDepth {
			ft := f.Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				goFields(ft, into, depth+1)
				continue
			}
			into["*"] = goField{name: f.Name, typ: ft.Elem()}
			continue
		}
		into[name] = goField{name: f.Name, typ: f.Type, tag: f.Tag}
	}
}

// typeName names a Go type in a message; an unnamed struct by its kind,
// since the path says where it is.
func typeName(t reflect.Type) string {
	if t.Name() == "" && t.Kind() == reflect.Struct {
		return "the Go struct"
	}
	return t.String()
}

func field(t reflect.Type, name string) string {
	if t.Name() == "" {
		return name
	}
	return t.String() + "." + name
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func (c *Checker) structure(path string, v cue.Value, base, t reflect.Type, depth int) {
	switch base.Kind() {
	case reflect.Map:
		c.mapOf(path, v, base, t, depth)
		return
	case reflect.Struct:
	default:
		c.add(path, "the schema has a struct; Go type %s is neither a struct nor a map", t)
		return
	}
	fields := map[string]goField{}
	goFields(base, fields, 0)
	for key, f := range fields {
		if _, ok := c.seen[fieldKey{base, key}]; !ok {
			_, nillable, _, _ := shape(f.typ)
			c.seen[fieldKey{base, key}] = &facts{name: f.name, kind: c.kind, path: path, pointer: nillable && f.typ.Kind() == reflect.Pointer}
		}
	}
	done := map[string]bool{}
	for _, a := range arms(v, 0) {
		if a.IncompleteKind()&cue.StructKind == 0 {
			continue
		}
		it, err := a.Fields(cue.Optional(true), cue.Patterns(true))
		if err != nil {
			c.add(path, "the schema's struct cannot be read: %v", err)
			continue
		}
		for it.Next() {
			sel := it.Selector()
			key := "*"
			if sel.ConstraintType() != cue.PatternConstraint {
				key = sel.Unquoted()
			}
			p := join(path, key)
			if done[key] {
				continue // the same field in another arm
			}
			done[key] = true
			f, ok := fields[key]
			if _, skip := c.opt.Skip[p]; skip {
				c.used[p] = true
				if ok {
					c.seen[fieldKey{base, key}].inSchema = true
					c.add(p, "listed in Skip, but Go field %s decodes it", field(base, f.name))
				}
				continue
			}
			if !ok {
				if key == "*" {
					c.add(p, "the schema allows keys of its own (a pattern); Go type %s has no map to keep them", t)
				} else {
					c.add(p, "schema field %q has no Go field in %s: validation accepts it and decoding drops it", key, typeName(t))
				}
				continue
			}
			fc := c.seen[fieldKey{base, key}]
			fc.inSchema = true
			if f.unread {
				continue
			}
			if sel.ConstraintType() == cue.RequiredConstraint {
				if fc.required++; fc.reqPath == "" {
					fc.reqKind, fc.reqPath = c.kind, p
				}
			} else {
				fc.optional = true
			}
			c.defaults(p, it.Value(), f)
			c.value(p, it.Value(), f.typ, depth+1)
		}
	}
}

// defaults holds a schema default other than the Go zero value to the
// field's cue:"default=…" tag: decoding does not see CUE's defaults, so the
// Go code applies it, and the tag says it does.
func (c *Checker) defaults(path string, v cue.Value, f goField) {
	def, hasDef := v.Default()
	tag, tagged := strings.CutPrefix(f.tag.Get("cue"), "default=")
	if !hasDef || !def.IsConcrete() || v.IncompleteKind()&(cue.StructKind|cue.ListKind) != 0 {
		if tagged {
			c.add(path, "Go field %s says the schema's default is %s; the schema has none", f.name, tag)
		}
		return
	}
	base, _, opaque, err := shape(f.typ)
	if err != nil || opaque {
		return
	}
	zero := reflect.Zero(base).Interface()
	if c.allows(def, zero) && !tagged {
		return // absent decodes to the default
	}
	switch {
	case !tagged:
		c.add(path, "the schema's default %v is not Go's zero value; the Go code must apply it (and tag the field cue:\"default=%v\")", def, def)
	case tag != fmt.Sprint(def):
		c.add(path, "the schema's default is %v; Go field %s says %s", def, f.name, tag)
	}
}

func (c *Checker) mapOf(path string, v cue.Value, base, t reflect.Type, depth int) {
	if base.Key().Kind() != reflect.String {
		c.add(path, "Go type %s has keys that are not strings", t)
		return
	}
	for _, a := range arms(v, 0) {
		it, err := a.Fields(cue.Optional(true), cue.Patterns(true))
		if err != nil {
			c.add(path, "the schema's struct cannot be read: %v", err)
			continue
		}
		for it.Next() {
			key := "*"
			if it.Selector().ConstraintType() != cue.PatternConstraint {
				key = it.Selector().Unquoted()
			}
			c.value(join(path, key), it.Value(), base.Elem(), depth+1)
		}
	}
}
