package source

import (
	"encoding"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"gopkg.in/yaml.v3"
)

// Decode decodes the document into v as d.Node().Decode(v) does (same
// value, same error), straight from the document's encoding: no yaml.Node
// tree, no yaml.v3 decoder. It decodes only what it is sure of (the tag
// yaml.v3 gave each scalar, plain decimal ints, true/false, plain floats,
// strings, structs, pointers, slices, arrays, string-keyed maps, `any`,
// yaml.Node values and yaml.Unmarshalers, which get their subtree as a
// node); on anything else (another tag or spelling, a value that does not
// fit, an error) it decodes the whole document again with yaml.v3 into a
// zero value, so that values and messages are always yaml.v3's.
func (d *Document) Decode(v any) error {
	if d.tree == nil && d.enc != "" {
		if out := reflect.ValueOf(v); out.Kind() == reflect.Pointer && !out.IsNil() {
			// Decoding into a value already set merges in yaml.v3; only a
			// zero value is decoded here.
			if e := out.Elem(); e.IsZero() {
				r := reader{s: d.enc} // docReader, on the stack
				r.uint()
				r.string()
				r.count = r.uint()
				dc := decoder{r: &r}
				dc.value(planOf(e.Type()), e, 0)
				if !dc.bad && r.err == nil {
					return nil
				}
				e.SetZero()
				fallbacks.Add(1)
			}
		}
	}
	n, ok := d.node()
	if !ok {
		return errCorruptDoc
	}
	return n.Decode(v)
}

var errCorruptDoc = errors.New("the cached document is damaged; delete the cache folder")

// fallbacks counts the documents Decode began and left to yaml.v3.
var fallbacks atomic.Int64

// DecodeFallbacks is how many times Decode left a document it had begun
// to yaml.v3 in this process (tests check that content takes the fast
// path).
func DecodeFallbacks() int64 { return fallbacks.Load() }

// FieldsUnmarshaler is a yaml.Unmarshaler that keeps its node and decodes
// the rest of itself as plain fields: its UnmarshalYAML(n) must be exactly
//
//	return n.Decode(v.UnmarshalFields(n))
//
// with UnmarshalFields returning a pointer to a zero value. Document.Decode
// then decodes those fields from the encoding instead of through yaml.v3.
type FieldsUnmarshaler interface {
	yaml.Unmarshaler
	UnmarshalFields(n *yaml.Node) any
}

type planKind uint8

const (
	pFallback planKind = iota // not decoded here: yaml.v3 decodes the document
	pString
	pBool
	pInt
	pUint
	pFloat
	pIface // an empty interface
	pPtr
	pSlice
	pArray
	pMap // string keys
	pStruct
	pNode // yaml.Node
	pUnmarshaler
	pFields // FieldsUnmarshaler
)

// plan is how a type is decoded, made once per type.
type plan struct {
	kind   planKind
	typ    reflect.Type
	elem   *plan             // pPtr, pSlice, pArray, pMap
	fields map[string]*field // pStruct, by yaml key
}

type field struct {
	num int
	p   *plan
}

var (
	plans           sync.Map // reflect.Type -> *plan
	nodeType        = reflect.TypeFor[yaml.Node]()
	stringAnyMap    = reflect.TypeFor[map[string]any]()
	unmarshalerType = reflect.TypeFor[yaml.Unmarshaler]()
	fieldsType      = reflect.TypeFor[FieldsUnmarshaler]()
	textType        = reflect.TypeFor[encoding.TextUnmarshaler]()
	obsoleteType    = reflect.TypeFor[interface {
		UnmarshalYAML(func(any) error) error
	}]()
	durationType = reflect.TypeFor[time.Duration]()
	ifacePlan    = &plan{kind: pIface, typ: reflect.TypeFor[any]()}
)

func planOf(t reflect.Type) *plan {
	if p, ok := plans.Load(t); ok {
		return p.(*plan)
	}
	made := map[reflect.Type]*plan{}
	p := makePlan(t, made)
	for t, p := range made {
		plans.LoadOrStore(t, p)
	}
	return p
}

// makePlan follows yaml.v3's decoder (decode.go: prepare, scalar, mapping,
// sequence; yaml.go: getStructInfo) for the types it decodes.
func makePlan(t reflect.Type, made map[reflect.Type]*plan) *plan {
	if p, ok := made[t]; ok {
		return p
	}
	if p, ok := plans.Load(t); ok {
		return p.(*plan)
	}
	p := &plan{typ: t}
	made[t] = p
	if t == nodeType {
		p.kind = pNode
		return p
	}
	if t.Kind() != reflect.Pointer {
		pt := reflect.PointerTo(t)
		switch {
		case pt.Implements(fieldsType):
			p.kind = pFields
			return p
		case pt.Implements(unmarshalerType):
			p.kind = pUnmarshaler
			return p
		case pt.Implements(obsoleteType), pt.Implements(textType), t == durationType:
			return p // pFallback
		}
	}
	switch t.Kind() {
	case reflect.String:
		p.kind = pString
	case reflect.Bool:
		p.kind = pBool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		p.kind = pInt
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		p.kind = pUint
	case reflect.Float32, reflect.Float64:
		p.kind = pFloat
	case reflect.Interface:
		if t.NumMethod() == 0 {
			p.kind = pIface
		}
	case reflect.Pointer:
		if t.Elem() != nodeType { // yaml.v3 decodes *yaml.Node fields oddly
			p.kind, p.elem = pPtr, makePlan(t.Elem(), made)
		}
	case reflect.Slice:
		p.kind, p.elem = pSlice, makePlan(t.Elem(), made)
	case reflect.Array:
		p.kind, p.elem = pArray, makePlan(t.Elem(), made)
	case reflect.Map:
		// A map[string]any of another name changes the type of the maps
		// yaml.v3 makes under it.
		if t.Key().Kind() == reflect.String && !reflect.PointerTo(t.Key()).Implements(textType) &&
			(t.Elem().Kind() != reflect.Interface || t == stringAnyMap) {
			p.kind, p.elem = pMap, makePlan(t.Elem(), made)
		}
	case reflect.Struct:
		if fields, ok := structFields(t, made); ok {
			p.kind, p.fields = pStruct, fields
		}
	}
	return p
}

// YAMLKey is the key yaml.v3 decodes struct field f from and the flags of
// its tag ("omitempty,inline"); ok is false for a field yaml.v3 skips.
func YAMLKey(f reflect.StructField) (key, flags string, ok bool) {
	if f.PkgPath != "" && !f.Anonymous {
		return "", "", false
	}
	tag := f.Tag.Get("yaml")
	if tag == "" && !strings.Contains(string(f.Tag), ":") {
		tag = string(f.Tag)
	}
	if tag == "-" {
		return "", "", false
	}
	key, flags, _ = strings.Cut(tag, ",")
	if key == "" {
		key = strings.ToLower(f.Name)
	}
	return key, flags, true
}

// structFields is yaml.v3's getStructInfo without ,inline (not decoded
// here); ok is false where getStructInfo fails.
func structFields(t reflect.Type, made map[reflect.Type]*plan) (map[string]*field, bool) {
	fields := map[string]*field{}
	for i := range t.NumField() {
		f := t.Field(i)
		key, flags, ok := YAMLKey(f)
		if !ok {
			continue
		}
		for flags != "" {
			var flag string
			flag, flags, _ = strings.Cut(flags, ",")
			if flag != "omitempty" && flag != "flow" {
				return nil, false // inline or an error
			}
		}
		if _, dup := fields[key]; dup {
			return nil, false
		}
		fp := makePlan(f.Type, made)
		if f.PkgPath != "" { // an unexported embedded field cannot be set
			fp = &plan{typ: f.Type}
		}
		fields[key] = &field{num: i, p: fp}
	}
	return fields, true
}

// decoder walks an encoding; bad means yaml.v3 must decode the document.
type decoder struct {
	r   *reader
	bad bool
}

// value decodes the node at the reader into out, a zero value, and
// returns yaml.v3's "good" (false for a null into a type that keeps its
// zero value: yaml.v3 then drops a sequence element).
func (dc *decoder) value(p *plan, out reflect.Value, depth int) bool {
	start := dc.r.off
	h := dc.r.header()
	if dc.r.err != nil {
		dc.bad = true
		return false
	}
	return dc.with(p, out, &h, start, depth)
}

// with is value with the node's header read (it started at start).
func (dc *decoder) with(p *plan, out reflect.Value, h *header, start, depth int) bool {
	r := dc.r
	if p.kind == pNode {
		if n := dc.subtree(h, start, depth); n != nil {
			out.Set(reflect.ValueOf(n).Elem())
			return true
		}
		return false
	}
	kind := yaml.Kind(h.kind)
	switch kind {
	case yaml.ScalarNode, yaml.MappingNode, yaml.SequenceNode:
	default:
		dc.bad = true
		return false
	}
	if !out.CanSet() { // an unexported embedded field
		dc.bad = true
		return false
	}
	if kind == yaml.ScalarNode && h.tag == "!!null" {
		if h.children != 0 || !nullValue(h.value) {
			dc.bad = true
			return false
		}
		// yaml.v3 sets a nullable value to its zero value (it is one) and
		// leaves any other alone, reporting it not good.
		switch p.typ.Kind() {
		case reflect.Interface, reflect.Pointer, reflect.Map, reflect.Slice:
			return true
		}
		return false
	}
	switch p.kind {
	case pFallback:
		dc.bad = true
		return false
	case pPtr:
		e := reflect.New(p.elem.typ)
		out.Set(e)
		return dc.with(p.elem, e.Elem(), h, start, depth)
	case pUnmarshaler:
		n := dc.subtree(h, start, depth)
		if n == nil {
			return false
		}
		if err := out.Addr().Interface().(yaml.Unmarshaler).UnmarshalYAML(n); err != nil {
			dc.bad = true
			return false
		}
		return true
	case pFields:
		n := dc.subtree(h, start, depth)
		if n == nil {
			return false
		}
		end := r.off
		fv := reflect.ValueOf(out.Addr().Interface().(FieldsUnmarshaler).UnmarshalFields(n))
		if fv.Kind() != reflect.Pointer || fv.IsNil() || !fv.Elem().IsZero() {
			dc.bad = true
			return false
		}
		r.off = start
		dc.value(planOf(fv.Elem().Type()), fv.Elem(), depth)
		if r.off != end {
			dc.bad = true
		}
		return !dc.bad
	}
	switch kind {
	case yaml.ScalarNode:
		if h.children != 0 {
			dc.bad = true
			return false
		}
		return dc.scalar(p, out, h)
	case yaml.MappingNode:
		if h.tag != "!!map" || h.children%2 != 0 {
			break
		}
		switch p.kind {
		case pStruct:
			return dc.mappingStruct(p, out, h, depth)
		case pMap:
			if out.IsNil() {
				out.Set(reflect.MakeMapWithSize(p.typ, int(h.children/2)))
			}
			return dc.mapping(p, out, h, depth, false)
		case pIface:
			m := reflect.MakeMapWithSize(stringAnyMap, int(h.children/2))
			out.Set(m)
			return dc.mapping(planOf(stringAnyMap), m, h, depth, true)
		}
	case yaml.SequenceNode:
		if h.tag != "!!seq" {
			break
		}
		switch p.kind {
		case pSlice:
			// yaml.v3 makes an empty slice of an empty sequence, not nil.
			n := int(h.children)
			if n == 0 {
				out.Set(reflect.MakeSlice(p.typ, 0, 0))
				return true
			}
			out.Grow(n) // no slice header on the heap, unlike MakeSlice
			out.SetLen(n)
			out.SetLen(dc.sequence(p.elem, out, h, depth))
			return !dc.bad
		case pArray:
			if int(h.children) != out.Len() {
				break
			}
			dc.sequence(p.elem, out, h, depth)
			return !dc.bad
		case pIface:
			s := make([]any, h.children)
			j := dc.sequence(ifacePlan, reflect.ValueOf(s), h, depth)
			out.Set(reflect.ValueOf(s[:j]))
			return !dc.bad
		}
	}
	dc.bad = true
	return false
}

func nullValue(s string) bool {
	switch s {
	case "", "~", "null", "Null", "NULL":
		return true
	}
	return false
}

// subtree decodes the node (header h, read from start) and its children
// to a yaml.Node tree, as Node builds it.
func (dc *decoder) subtree(h *header, start, depth int) *yaml.Node {
	r := dc.r
	if h.children == 0 {
		n := &yaml.Node{}
		h.set(n)
		return n
	}
	sub := reader{s: r.s, off: start}
	sub.count = sub.skip(depth)
	end := sub.off
	sub.off = start
	if sub.err == nil {
		sub.alloc()
	}
	n := sub.node(depth)
	if sub.err != nil || sub.off != end || n == nil {
		dc.bad = true
		return nil
	}
	r.off = end
	return n
}

// scalar decodes a scalar that is not null.
func (dc *decoder) scalar(p *plan, out reflect.Value, h *header) bool {
	switch h.tag {
	case "!!str":
		switch p.kind {
		case pString:
			out.SetString(h.value)
			return true
		case pIface:
			out.Set(reflect.ValueOf(h.value))
			return true
		}
	case "!!int":
		i, ok := Decimal(h.value)
		if !ok {
			break
		}
		switch p.kind {
		case pString:
			out.SetString(h.value)
			return true
		case pIface:
			out.Set(reflect.ValueOf(int(i)))
			return true
		case pInt:
			if !out.OverflowInt(i) {
				out.SetInt(i)
				return true
			}
		case pUint:
			if i >= 0 && !out.OverflowUint(uint64(i)) {
				out.SetUint(uint64(i))
				return true
			}
		case pFloat:
			out.SetFloat(float64(i))
			return true
		}
	case "!!bool":
		if h.value != "true" && h.value != "false" {
			break
		}
		switch p.kind {
		case pString:
			out.SetString(h.value)
			return true
		case pIface:
			out.Set(reflect.ValueOf(h.value == "true"))
			return true
		case pBool:
			out.SetBool(h.value == "true")
			return true
		}
	case "!!float":
		f, ok := plainFloat(h.value)
		if !ok {
			break
		}
		switch p.kind {
		case pString:
			out.SetString(h.value)
			return true
		case pIface:
			out.Set(reflect.ValueOf(f))
			return true
		case pFloat:
			out.SetFloat(f)
			return true
		}
	}
	dc.bad = true
	return false
}

// DecimalForm reports whether an int is spelled in plain decimal: an
// optional minus and digits without a leading zero (or 0). yaml.v3 also
// reads 012 (as octal 10), 0x0C, 0o14, 0b1100 and +12 as ints, YAML 1.1
// coercions that content must not rely on: validation refuses them where
// a whole number is wanted.
func DecimalForm(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" || s[0] == '0' && len(s) > 1 {
		return false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// ExplicitOther reports whether a scalar carries an explicit tag that is
// none of YAML's core types (!!binary, !!timestamp, !custom): it is
// validated as bytes, which no schema field takes, not silently as text.
func ExplicitOther(n *yaml.Node) bool {
	if n.Kind != yaml.ScalarNode || n.Style&yaml.TaggedStyle == 0 {
		return false
	}
	switch n.Tag {
	case "!!str", "!!int", "!!float", "!!bool", "!!null":
		return false
	}
	return true
}

// Decimal reads an int written as yaml.v3 resolves it to the same int
// without doubt: 0, or an optional minus and up to 18 digits without a
// leading zero. Fast paths use it; any other spelling is yaml.v3's to read.
func Decimal(s string) (int64, bool) {
	if s == "0" {
		return 0, true
	}
	neg := len(s) > 0 && s[0] == '-'
	if neg {
		s = s[1:]
	}
	if len(s) == 0 || len(s) > 18 || s[0] == '0' {
		return 0, false
	}
	var i int64
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, false
		}
		i = i*10 + int64(c-'0')
	}
	if neg {
		i = -i
	}
	return i, true
}

// plainFloat reads a float spelled as an optional minus, an int part
// without a leading zero and an optional fraction (up to 15 digits), which
// yaml.v3 reads with strconv.ParseFloat too.
func plainFloat(s string) (float64, bool) {
	t := s
	if len(t) > 0 && t[0] == '-' {
		t = t[1:]
	}
	digits, dot := 0, -1
	for i, c := range []byte(t) {
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && dot < 0:
			dot = i
		default:
			return 0, false
		}
	}
	if digits == 0 || digits > 15 || dot == 0 || dot == len(t)-1 || (t[0] == '0' && len(t) > 1 && t[1] != '.') {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

// keys finds repeated mapping keys (yaml.v3 reports them), without a map
// for the small mappings of content.
type keys struct {
	small [16]string
	n     int
	big   map[string]struct{}
}

func (k *keys) repeated(s string) bool {
	if k.big != nil {
		if _, ok := k.big[s]; ok {
			return true
		}
		k.big[s] = struct{}{}
		return false
	}
	for _, t := range k.small[:k.n] {
		if t == s {
			return true
		}
	}
	if k.n < len(k.small) {
		k.small[k.n] = s
		k.n++
		return false
	}
	k.big = make(map[string]struct{}, 2*len(k.small))
	for _, t := range k.small {
		k.big[t] = struct{}{}
	}
	k.big[s] = struct{}{}
	return false
}

// key reads a mapping key into a string: a scalar that yaml.v3 resolves
// without doubt (it uses the key's text); strOnly: a !!str (an `any` gets
// map[string]any only when every key is one).
func (dc *decoder) key(seen *keys, strOnly bool) (string, bool) {
	h := dc.r.header()
	ok := dc.r.err == nil && yaml.Kind(h.kind) == yaml.ScalarNode && h.children == 0
	if ok && h.tag != "!!str" {
		switch {
		case strOnly:
			ok = false
		case h.tag == "!!int":
			_, ok = Decimal(h.value)
		case h.tag == "!!bool":
			ok = h.value == "true" || h.value == "false"
		case h.tag == "!!float":
			_, ok = plainFloat(h.value)
		default:
			ok = false
		}
	}
	if !ok || seen.repeated(h.value) {
		dc.bad = true
		return "", false
	}
	return h.value, true
}

func (dc *decoder) mappingStruct(p *plan, out reflect.Value, h *header, depth int) bool {
	var seen keys
	for range h.children / 2 {
		k, ok := dc.key(&seen, false)
		if !ok {
			return false
		}
		f := p.fields[k]
		if f == nil {
			dc.r.skip(depth + 1) // yaml.v3 ignores unknown keys
			continue
		}
		dc.value(f.p, out.Field(f.num), depth+1)
		if dc.bad {
			return false
		}
	}
	return true
}

// mapping decodes into the map out (already made); strOnly: for an `any`.
func (dc *decoder) mapping(p *plan, out reflect.Value, h *header, depth int, strOnly bool) bool {
	var seen keys
	kt, et := p.typ.Key(), p.typ.Elem()
	for range h.children / 2 {
		k, ok := dc.key(&seen, strOnly)
		if !ok {
			return false
		}
		kv := reflect.New(kt).Elem()
		kv.SetString(k)
		e := reflect.New(et).Elem()
		start := dc.r.off
		vh := dc.r.header()
		if dc.r.err != nil {
			dc.bad = true
			return false
		}
		good := dc.with(p.elem, e, &vh, start, depth+1)
		if dc.bad {
			return false
		}
		// yaml.v3 stores a null in a new map even when it is not "good".
		if good || yaml.Kind(vh.kind) == yaml.ScalarNode && vh.tag == "!!null" {
			out.SetMapIndex(kv, e)
		}
	}
	return true
}

// sequence decodes the elements into s (a slice or array of zero values)
// as yaml.v3 does: elements that are not good are left out. It returns
// how many were kept.
func (dc *decoder) sequence(p *plan, s reflect.Value, h *header, depth int) int {
	j := 0
	for range h.children {
		e := s.Index(j)
		if dc.value(p, e, depth+1) {
			j++
		} else if dc.bad {
			return j
		} else {
			e.SetZero()
		}
	}
	return j
}
