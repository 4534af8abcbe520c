package emit

// The printer emit used before it wrote gofmt's layout itself: unformatted
// source through go/format. Tests hold the printer to it byte for byte.

import (
	"bytes"
	"fmt"
	"go/format"
	"path"
	"reflect"
	"slices"
	"strconv"
)

func refGoFile(pkg, doc, name string, v any) ([]byte, error) {
	return refGoFileConsts(nil, pkg, doc, name, v)
}

// refGoFileConsts is refGoFile printing the values named in consts as their
// constants.
func refGoFileConsts(consts Consts, pkg, doc, name string, v any) ([]byte, error) {
	p := refPrinter{imports: map[string]string{}, consts: consts, ids: idLists(reflect.ValueOf(v))}
	var body bytes.Buffer
	p.value(&body, reflect.ValueOf(v), true)
	var b bytes.Buffer
	b.WriteString(Header)
	if doc != "" {
		fmt.Fprintf(&b, "// %s\n", doc)
	}
	fmt.Fprintf(&b, "package %s\n\n", pkg)
	paths := make([]string, 0, len(p.imports))
	for ip := range p.imports {
		paths = append(paths, ip)
	}
	slices.Sort(paths)
	for _, ip := range paths {
		fmt.Fprintf(&b, "import %q\n", ip)
	}
	fmt.Fprintf(&b, "\n// %s is the compiled content.\nvar %s = ", name, name)
	b.Write(body.Bytes())
	b.WriteString("\n")
	return format.Source(b.Bytes())
}

type refPrinter struct {
	imports map[string]string // path -> name
	consts  Consts
	ids     map[string][]string
}

// constant writes the constant naming v, if consts has one.
func (p *refPrinter) constant(b *bytes.Buffer, v reflect.Value) bool {
	t := v.Type()
	byVal, ok := p.consts[t.PkgPath()+"."+t.Name()]
	if !ok {
		return false
	}
	var n int64
	if v.CanInt() {
		n = v.Int()
	} else {
		n = int64(v.Uint())
	}
	name, ok := byVal[n]
	if ok {
		p.imports[t.PkgPath()] = path.Base(t.PkgPath())
		b.WriteString(path.Base(t.PkgPath()) + "." + name)
	}
	return ok
}

func (p *refPrinter) typeName(t reflect.Type) string {
	if t.Name() != "" && t.PkgPath() != "" {
		p.imports[t.PkgPath()] = path.Base(t.PkgPath())
		return path.Base(t.PkgPath()) + "." + t.Name()
	}
	switch t.Kind() {
	case reflect.Pointer:
		return "*" + p.typeName(t.Elem())
	case reflect.Slice:
		return "[]" + p.typeName(t.Elem())
	case reflect.Array:
		return fmt.Sprintf("[%d]%s", t.Len(), p.typeName(t.Elem()))
	case reflect.Map:
		return "map[" + p.typeName(t.Key()) + "]" + p.typeName(t.Elem())
	}
	return t.String()
}

// value prints v. typed says whether the context needs the type spelled out
// (false inside composite literals, where Go elides element types).
func (p *refPrinter) value(b *bytes.Buffer, v reflect.Value, typed bool) {
	t := v.Type()
	switch t.Kind() {
	case reflect.Bool:
		p.conv(b, t, typed, strconv.FormatBool(v.Bool()))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if !p.constant(b, v) {
			p.conv(b, t, typed, strconv.FormatInt(v.Int(), 10))
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if !p.constant(b, v) {
			p.conv(b, t, typed, strconv.FormatUint(v.Uint(), 10))
		}
	case reflect.Float32, reflect.Float64:
		p.conv(b, t, typed, strconv.FormatFloat(v.Float(), 'g', -1, 64))
	case reflect.String:
		p.conv(b, t, typed, strconv.Quote(v.String()))
	case reflect.Pointer:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		b.WriteString("&")
		p.value(b, v.Elem(), true)
	case reflect.Interface:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		p.value(b, v.Elem(), true)
	case reflect.Slice:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		p.list(b, v, typed)
	case reflect.Array:
		p.list(b, v, typed)
	case reflect.Map:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		if typed {
			b.WriteString(p.typeName(t))
		}
		b.WriteString("{\n")
		keys := v.MapKeys()
		slices.SortFunc(keys, compareKeys)
		for _, k := range keys {
			p.value(b, k, false)
			b.WriteString(": ")
			p.value(b, v.MapIndex(k), false)
			b.WriteString(",\n")
		}
		b.WriteString("}")
	case reflect.Struct:
		if typed {
			b.WriteString(p.typeName(t))
		}
		b.WriteString("{")
		first := true
		for i := range t.NumField() {
			f := t.Field(i)
			fv := v.Field(i)
			if !f.IsExported() || fv.IsZero() {
				continue
			}
			if first {
				b.WriteString("\n")
				first = false
			}
			b.WriteString(f.Name)
			b.WriteString(": ")
			start := b.Len()
			p.value(b, fv, refNeedsType(f.Type))
			b.WriteString(",")
			if r, ok := parseRef(f.Tag); ok && !bytes.Contains(b.Bytes()[start:], []byte("\n")) {
				if c := r.comment(p.ids, fv); c != "" {
					b.WriteString(" // " + c)
				}
			}
			b.WriteString("\n")
		}
		b.WriteString("}")
	default:
		panic(fmt.Sprintf("emit: cannot print %s", t))
	}
}

// needsType says whether a struct field's value must spell its type; basic
// kinds convert implicitly from untyped constants.
func refNeedsType(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map, reflect.Struct, reflect.Pointer, reflect.Interface:
		return true
	}
	return false
}

func (p *refPrinter) conv(b *bytes.Buffer, t reflect.Type, typed bool, lit string) {
	if typed && t.Name() != "" && t.PkgPath() != "" {
		fmt.Fprintf(b, "%s(%s)", p.typeName(t), lit)
		return
	}
	b.WriteString(lit)
}

func (p *refPrinter) list(b *bytes.Buffer, v reflect.Value, typed bool) {
	if typed {
		b.WriteString(p.typeName(v.Type()))
	}
	elem := v.Type().Elem()
	simple := elem.Kind() != reflect.Struct && elem.Kind() != reflect.Slice && elem.Kind() != reflect.Array && elem.Kind() != reflect.Map && elem.Kind() != reflect.Pointer
	// Trailing zero elements of an array are left out; Go fills them.
	n := v.Len()
	if v.Kind() == reflect.Array {
		for n > 0 && v.Index(n-1).IsZero() {
			n--
		}
	}
	b.WriteString("{")
	for i := range n {
		if !simple {
			b.WriteString("\n")
		}
		p.value(b, v.Index(i), elem.Kind() == reflect.Interface)
		if simple && i < n-1 {
			b.WriteString(", ")
		} else if !simple {
			b.WriteString(",")
		}
	}
	if !simple && n > 0 {
		b.WriteString("\n")
	}
	b.WriteString("}")
}
