package play

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/internal/limits"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// Decode decodes a state node into v (a pointer) strictly, as the content
// loader reads content: an unknown field, a field given twice, a value of
// the wrong type (a whole number only in plain decimal, within its Go
// type; a string for a number is a wrong type, never converted) and a
// required field left out are each an *Error naming the path, line and
// column. A struct field tagged pos:"required" must be written: a position
// cut short, or an item missing what identifies it, is refused rather than
// read with a zero in its place.
func Decode(n *yaml.Node, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("play.Decode needs a non-nil pointer, not %T", v)
	}
	d := decoder{budget: limits.AliasBudget}
	n = content(n)
	if n == nil {
		return &Error{Msg: "the state is empty"}
	}
	return d.value(n, rv.Elem(), nil, 0)
}

type decoder struct {
	budget  int // nodes left to decode through aliases
	aliased int // > 0 while decoding below an alias
}

var nodeType = reflect.TypeOf(yaml.Node{})

func (d *decoder) fail(n *yaml.Node, path Path, format string, args ...any) error {
	return &Error{Line: n.Line, Column: n.Column, Path: path.String(), Msg: fmt.Sprintf(format, args...)}
}

func (d *decoder) value(n *yaml.Node, v reflect.Value, path Path, depth int) error {
	if depth > limits.Depth {
		return d.fail(n, path, "nesting is deeper than %d levels", limits.Depth)
	}
	if n.Kind == yaml.AliasNode {
		if n.Alias == nil {
			return d.fail(n, path, "an alias to nothing")
		}
		d.aliased++
		defer func() { d.aliased-- }()
		return d.value(n.Alias, v, path, depth+1)
	}
	if d.aliased > 0 {
		if d.budget--; d.budget < 0 {
			return d.fail(n, path, "aliases expand to more than %d nodes", limits.AliasBudget)
		}
	}
	t := v.Type()
	if t == nodeType {
		v.Set(reflect.ValueOf(*n))
		return nil
	}
	if t.Kind() == reflect.Pointer && t.Elem() == nodeType {
		v.Set(reflect.ValueOf(n))
		return nil
	}
	if isNull(n) {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map, reflect.String, reflect.Interface:
			v.SetZero() // left out, as if not written
			return nil
		}
		return d.fail(n, path, "want %s, found null", want(t))
	}
	if n.Kind == yaml.ScalarNode && otherTag(n) {
		return d.fail(n, path, "want %s, found a value tagged %s", want(t), phrase.Quote(n.Tag))
	}
	switch t.Kind() {
	case reflect.Pointer:
		p := reflect.New(t.Elem())
		if err := d.value(n, p.Elem(), path, depth); err != nil {
			return err
		}
		v.Set(p)
		return nil
	case reflect.Interface:
		var x any
		if err := n.Decode(&x); err != nil {
			return d.fail(n, path, "%s", strings.TrimPrefix(err.Error(), "yaml: "))
		}
		if x != nil {
			v.Set(reflect.ValueOf(x))
		}
		return nil
	case reflect.Struct:
		return d.structure(n, v, path, depth)
	case reflect.Map:
		return d.mapping(n, v, path, depth)
	case reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			return d.fail(n, path, "want a list, found %s", found(n))
		}
		s := reflect.MakeSlice(t, len(n.Content), len(n.Content))
		for i, c := range n.Content {
			if err := d.value(c, s.Index(i), path.With(i), depth+1); err != nil {
				return err
			}
		}
		v.Set(s)
		return nil
	case reflect.Array:
		if n.Kind != yaml.SequenceNode || len(n.Content) != t.Len() {
			return d.fail(n, path, "want a list of %d, found %s", t.Len(), found(n))
		}
		for i, c := range n.Content {
			if err := d.value(c, v.Index(i), path.With(i), depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	if n.Kind != yaml.ScalarNode {
		return d.fail(n, path, "want %s, found %s", want(t), found(n))
	}
	switch t.Kind() {
	case reflect.String:
		v.SetString(n.Value)
	case reflect.Bool:
		if n.Tag != "!!bool" {
			return d.fail(n, path, "want %s, found %s", want(t), found(n))
		}
		b, _ := strconv.ParseBool(strings.ToLower(n.Value))
		v.SetBool(b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		x, err := d.whole(n, path, t)
		if err != nil {
			return err
		}
		if v.OverflowInt(x) {
			return d.fail(n, path, "%s is out of range (%d to %d)", n.Value, minInt(t), maxInt(t))
		}
		v.SetInt(x)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		x, err := d.whole(n, path, t)
		if err != nil {
			return err
		}
		if x < 0 || v.OverflowUint(uint64(x)) {
			return d.fail(n, path, "%s is out of range (0 to %d)", n.Value, uint64(math.MaxUint64)>>(64-t.Bits()))
		}
		v.SetUint(uint64(x))
	case reflect.Float32, reflect.Float64:
		if n.Tag != "!!int" && n.Tag != "!!float" {
			return d.fail(n, path, "want %s, found %s", want(t), found(n))
		}
		f, err := strconv.ParseFloat(n.Value, 64)
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return d.fail(n, path, "want %s, found %s", want(t), found(n))
		}
		v.SetFloat(f)
	default:
		return d.fail(n, path, "a field of Go type %s cannot be read from a position", t)
	}
	return nil
}

// whole reads a whole number in plain decimal; numbers past int64 are out
// of range.
func (d *decoder) whole(n *yaml.Node, path Path, t reflect.Type) (int64, error) {
	if n.Tag != "!!int" && !(n.Tag == "!!float" && digits(n.Value)) {
		return 0, d.fail(n, path, "want %s, found %s", want(t), found(n))
	}
	if !decimal(n.Value) {
		return 0, d.fail(n, path, "want a whole number in plain decimal, found %s", phrase.Quote(n.Value))
	}
	x, err := strconv.ParseInt(n.Value, 10, 64)
	if err != nil {
		lo, hi := minInt(t), maxInt(t)
		if t.Kind() >= reflect.Uint && t.Kind() <= reflect.Uint64 {
			lo = 0
		}
		return 0, d.fail(n, path, "%s is out of range (%d to %d)", phrase.Quote(n.Value), lo, hi)
	}
	return x, nil
}

func (d *decoder) structure(n *yaml.Node, v reflect.Value, path Path, depth int) error {
	if n.Kind != yaml.MappingNode {
		return d.fail(n, path, "want a mapping of fields, found %s", found(n))
	}
	fields := structFields(v.Type())
	seen := make(map[string]*yaml.Node, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return d.fail(k, path, "want a field name, found %s", found(k))
		}
		if k.Tag == "!!merge" {
			return d.fail(k, path, "merge keys (<<) are not read in a position; write the fields out")
		}
		f, ok := fields.byName[k.Value]
		if !ok {
			return d.fail(k, path, "unknown field %s (known here: %s)", phrase.Quote(k.Value), strings.Join(fields.names, ", "))
		}
		if first := seen[k.Value]; first != nil {
			return d.fail(k, path.With(k.Value), "given twice (first at line %d)", first.Line)
		}
		seen[k.Value] = k
		if err := d.value(val, v.FieldByIndex(f.index), path.With(k.Value), depth+1); err != nil {
			return err
		}
	}
	for _, name := range fields.required {
		if seen[name] == nil {
			return &Error{Line: n.Line, Column: n.Column, Path: path.With(name).String(),
				Msg: "missing: the field is required (is the file cut short?)"}
		}
	}
	return nil
}

func (d *decoder) mapping(n *yaml.Node, v reflect.Value, path Path, depth int) error {
	if n.Kind != yaml.MappingNode {
		return d.fail(n, path, "want a mapping, found %s", found(n))
	}
	t := v.Type()
	if t.Key().Kind() != reflect.String {
		return d.fail(n, path, "a map of Go type %s cannot be read from a position", t)
	}
	m := reflect.MakeMapWithSize(t, len(n.Content)/2)
	seen := make(map[string]*yaml.Node, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode || isNull(k) {
			return d.fail(k, path, "want a key, found %s", found(k))
		}
		if k.Tag == "!!merge" {
			return d.fail(k, path, "merge keys (<<) are not read in a position; write the entries out")
		}
		if first := seen[k.Value]; first != nil {
			return d.fail(k, path.With(k.Value), "given twice (first at line %d)", first.Line)
		}
		seen[k.Value] = k
		e := reflect.New(t.Elem()).Elem()
		if err := d.value(val, e, path.With(k.Value), depth+1); err != nil {
			return err
		}
		m.SetMapIndex(reflect.ValueOf(k.Value).Convert(t.Key()), e)
	}
	v.Set(m)
	return nil
}

// fieldSet is what Decode knows of a struct type: its fields by yaml
// name (inlined structs' included), their names sorted, and the required
// ones in declaration order.
type fieldSet struct {
	byName   map[string]field
	names    []string
	required []string
}

type field struct {
	index []int
}

func structFields(t reflect.Type) fieldSet {
	fs := fieldSet{byName: map[string]field{}}
	var add func(t reflect.Type, index []int)
	add = func(t reflect.Type, index []int) {
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
			if name == "-" {
				continue
			}
			idx := append(slices.Clone(index), i)
			if strings.Contains(","+opts+",", ",inline,") && f.Type.Kind() == reflect.Struct {
				add(f.Type, idx)
				continue
			}
			if name == "" {
				name = strings.ToLower(f.Name)
			}
			fs.byName[name] = field{index: idx}
			fs.names = append(fs.names, name)
			if f.Tag.Get("pos") == "required" {
				fs.required = append(fs.required, name)
			}
		}
	}
	add(t, nil)
	slices.Sort(fs.names)
	return fs
}

// Required lists the yaml names of v's struct fields tagged
// pos:"required" (v a struct or a pointer to one), for docs and tests.
func Required(v any) []string {
	t := reflect.TypeOf(v)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return structFields(t).required
}

func isNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.Tag == "!!null"
}

// otherTag reports a scalar explicitly tagged with none of YAML's core
// types (!!binary, !!timestamp, !custom): never read as text or a number.
func otherTag(n *yaml.Node) bool {
	if n.Style&yaml.TaggedStyle == 0 {
		return false
	}
	switch n.Tag {
	case "!!str", "!!int", "!!float", "!!bool", "!!null":
		return false
	}
	return true
}

// decimal reports a whole number in plain decimal: an optional minus and
// digits without a leading zero (yaml.v3 also reads 012, 0x0C and +12).
func decimal(s string) bool {
	s = strings.TrimPrefix(s, "-")
	return digits(s) && (s[0] != '0' || len(s) == 1)
}

func digits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func minInt(t reflect.Type) int64 {
	if t.Kind() >= reflect.Uint && t.Kind() <= reflect.Uint64 {
		return 0
	}
	return -1 << (t.Bits() - 1)
}

func maxInt(t reflect.Type) int64 {
	if t.Kind() >= reflect.Uint && t.Kind() <= reflect.Uint64 {
		return math.MaxInt64
	}
	return 1<<(t.Bits()-1) - 1
}

// want names what a Go type takes, for messages.
func want(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return want(t.Elem())
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "a mapping"
	}
	return "a value"
}

// found names a node's type and, for a scalar, its value (quoted).
func found(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	case yaml.ScalarNode:
		switch n.Tag {
		case "!!int", "!!float":
			return "the number " + phrase.Quote(n.Value)
		case "!!bool":
			return "the boolean " + phrase.Quote(n.Value)
		case "!!null":
			return "null"
		}
		return "the string " + phrase.Quote(n.Value)
	}
	return "a value"
}
