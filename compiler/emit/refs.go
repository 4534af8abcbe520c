package emit

import (
	"reflect"
	"strconv"
	"strings"
)

// A field tagged `rt:"index=List"` holds an index (or, for a slice or array,
// indexes) into the root struct's field List; `rt:"bits=List"` holds a bit
// set of such indexes. The printer annotates such a field with the ids it
// stands for in a trailing comment (`Tags: 5, // armored, flying`) so that a
// diff of generated code can be read.
type ref struct {
	list string
	bits bool
}

// parseRef reads the rt struct tag.
func parseRef(tag reflect.StructTag) (ref, bool) {
	s, ok := tag.Lookup("rt")
	if !ok {
		return ref{}, false
	}
	if l, ok := strings.CutPrefix(s, "index="); ok && l != "" {
		return ref{list: l}, true
	}
	if l, ok := strings.CutPrefix(s, "bits="); ok && l != "" {
		return ref{list: l, bits: true}, true
	}
	return ref{}, false
}

// idLists returns, for each exported slice field of the root struct whose
// elements are structs with a string ID (or else Name) field, the ids in
// order: what an index into that field stands for.
func idLists(v reflect.Value) map[string][]string {
	for v.Kind() == reflect.Pointer && !v.IsNil() {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return nil
	}
	out := map[string][]string{}
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() || f.Type.Kind() != reflect.Slice || f.Type.Elem().Kind() != reflect.Struct {
			continue
		}
		et := f.Type.Elem()
		idf, ok := et.FieldByName("ID")
		if !ok || idf.Type.Kind() != reflect.String || len(idf.Index) != 1 {
			idf, ok = et.FieldByName("Name")
			if !ok || idf.Type.Kind() != reflect.String || len(idf.Index) != 1 {
				continue
			}
		}
		fv := v.Field(i)
		ids := make([]string, fv.Len())
		for j := range ids {
			ids[j] = fv.Index(j).Field(idf.Index[0]).String()
		}
		out[f.Name] = ids
	}
	return out
}

// comment returns the text of the trailing comment of a field holding v, or
// "" when there is nothing to say (an absent index such as -1, a list not
// known).
func (r ref) comment(ids map[string][]string, v reflect.Value) string {
	list, ok := ids[r.list]
	if !ok {
		return ""
	}
	var names []string
	one := func(i int64) {
		if i >= 0 && i < int64(len(list)) {
			names = append(names, commentID(list[i]))
		} else if i >= 0 {
			names = append(names, "#"+strconv.FormatInt(i, 10)+"?")
		}
	}
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if r.bits {
			return ""
		}
		one(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		u := v.Uint()
		if !r.bits {
			if u > 1<<62 {
				return ""
			}
			one(int64(u))
			break
		}
		for i := int64(0); u != 0; i, u = i+1, u>>1 {
			if u&1 != 0 {
				one(i)
			}
		}
	case reflect.Slice, reflect.Array:
		if r.bits {
			return ""
		}
		switch v.Type().Elem().Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		default:
			return ""
		}
		for i := range arrayLen(v) {
			if n := v.Index(i).Int(); n >= 0 {
				one(n)
			} else {
				names = append(names, "-")
			}
		}
	}
	return strings.Join(names, ", ")
}

// commentID makes an id safe and visible in a line comment.
func commentID(id string) string {
	id = strings.TrimSpace(strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '\u2028' || r == '\u2029' || r == '\u0085' {
			return '?'
		}
		return r
	}, id))
	if id == "" {
		return `""`
	}
	return id
}
