package lsp

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/schemaexport"
)

// Field names, enum words and doc comments come from the JSON Schemas that
// roundtable schema export derives from the CUE definitions (descriptions
// are the CUE doc comments): one walk over plain JSON serves completion,
// hover and the code action that adds a required field.

type jschema = map[string]any

// schemas are one game's exported schemas, by file name.
type schemas struct {
	files map[string]jschema
	order map[string]map[string][]string // kind -> path -> keys in CUE order
}

var (
	schemaMu    sync.Mutex
	schemaCache = map[string]*schemas{}
)

// gameSchemas exports a game's schemas once per process.
func gameSchemas(game string) *schemas {
	schemaMu.Lock()
	defer schemaMu.Unlock()
	if s, ok := schemaCache[game]; ok {
		return s
	}
	s := &schemas{files: map[string]jschema{}, order: map[string]map[string][]string{}}
	schemaCache[game] = s
	g, ok := compiler.Lookup(game)
	if !ok {
		return s
	}
	files, err := schemaexport.Export(g)
	if err != nil {
		return s
	}
	for name, b := range files {
		var m jschema
		if json.Unmarshal(b, &m) == nil {
			s.files[name] = m
		}
	}
	for _, k := range append([]string{"pack"}, g.KindNames()...) {
		if o, err := schemaexport.KeyOrder(g, k); err == nil {
			s.order[k] = o
		}
	}
	return s
}

// node is a schema with the file its $refs are relative to.
type node struct {
	s    jschema
	file string
}

// at returns the schemas that apply at path in a document of kind.
func (sc *schemas) at(kind string, path []string) []node {
	root, ok := sc.files[schemaexport.FileName(kind)]
	if !ok {
		return nil
	}
	cur := sc.expand([]node{{root, schemaexport.FileName(kind)}}, 0)
	for _, seg := range path {
		var next []node
		for _, n := range cur {
			next = append(next, sc.child(n, seg)...)
		}
		cur = sc.expand(next, 0)
		if len(cur) == 0 {
			return nil
		}
	}
	return cur
}

// expand follows $ref and flattens allOf, anyOf, oneOf and then/else.
func (sc *schemas) expand(ns []node, depth int) []node {
	if depth > 16 {
		return ns
	}
	var out []node
	for _, n := range ns {
		out = append(out, n)
		var more []node
		if ref, ok := n.s["$ref"].(string); ok {
			if r, ok := sc.resolve(n.file, ref); ok {
				more = append(more, r)
			}
		}
		for _, k := range []string{"allOf", "anyOf", "oneOf"} {
			if l, ok := n.s[k].([]any); ok {
				for _, x := range l {
					if m, ok := x.(jschema); ok {
						more = append(more, node{m, n.file})
					}
				}
			}
		}
		for _, k := range []string{"then", "else"} {
			if m, ok := n.s[k].(jschema); ok {
				more = append(more, node{m, n.file})
			}
		}
		out = append(out, sc.expand(more, depth+1)...)
	}
	return out
}

func (sc *schemas) resolve(file, ref string) (node, bool) {
	f, frag, _ := strings.Cut(ref, "#")
	if f == "" {
		f = file
	}
	cur, ok := sc.files[f]
	if !ok {
		return node{}, false
	}
	for _, p := range strings.Split(strings.TrimPrefix(frag, "/"), "/") {
		if p == "" {
			continue
		}
		m, ok := cur[p].(jschema)
		if !ok {
			return node{}, false
		}
		cur = m
	}
	return node{cur, f}, true
}

// child returns the schemas of a key ("*": a list item) of n.
func (sc *schemas) child(n node, seg string) []node {
	var out []node
	if seg == "*" {
		if m, ok := n.s["items"].(jschema); ok {
			out = append(out, node{m, n.file})
		}
		if l, ok := n.s["prefixItems"].([]any); ok {
			for _, x := range l {
				if m, ok := x.(jschema); ok {
					out = append(out, node{m, n.file})
				}
			}
		}
		return out
	}
	if props, ok := n.s["properties"].(jschema); ok {
		if m, ok := props[seg].(jschema); ok {
			return append(out, node{m, n.file})
		}
	}
	if pp, ok := n.s["patternProperties"].(jschema); ok {
		for pat, x := range pp {
			if re, err := regexp.Compile(pat); err == nil && re.MatchString(seg) {
				if m, ok := x.(jschema); ok {
					out = append(out, node{m, n.file})
				}
			}
		}
	}
	if m, ok := n.s["additionalProperties"].(jschema); ok && len(out) == 0 {
		out = append(out, node{m, n.file})
	}
	return out
}

// field is a key that may be written at a place.
type field struct {
	name, doc string
	required  bool
	sch       []node
}

// fields lists the keys the schemas at a place declare, sorted.
func (sc *schemas) fields(ns []node) []field {
	byName := map[string]*field{}
	for _, n := range ns {
		props, _ := n.s["properties"].(jschema)
		for name, x := range props {
			m, _ := x.(jschema)
			f := byName[name]
			if f == nil {
				f = &field{name: name}
				byName[name] = f
			}
			f.sch = append(f.sch, node{m, n.file})
		}
		if req, ok := n.s["required"].([]any); ok {
			for _, r := range req {
				if s, ok := r.(string); ok {
					if f := byName[s]; f != nil {
						f.required = true
					} else {
						byName[s] = &field{name: s, required: true}
					}
				}
			}
		}
	}
	out := make([]field, 0, len(byName))
	for _, f := range byName {
		f.doc = sc.doc(sc.expand(f.sch, 0))
		out = append(out, *f)
	}
	slices.SortFunc(out, func(a, b field) int { return strings.Compare(a.name, b.name) })
	return out
}

// doc is the first description among ns.
func (sc *schemas) doc(ns []node) string {
	for _, n := range ns {
		if d, ok := n.s["description"].(string); ok && d != "" {
			return d
		}
	}
	return ""
}

// values lists the words a scalar may take at a place: enums, consts and
// booleans.
func (sc *schemas) values(ns []node) []string {
	var out []string
	add := func(v any) {
		var s string
		switch x := v.(type) {
		case string:
			s = x
		case bool, float64:
			s = fmt.Sprint(x)
		default:
			return
		}
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	for _, n := range ns {
		if l, ok := n.s["enum"].([]any); ok {
			for _, v := range l {
				add(v)
			}
		}
		if v, ok := n.s["const"]; ok {
			add(v)
		}
		if n.s["type"] == "boolean" {
			add(true)
			add(false)
		}
	}
	return out
}

// isObject reports whether the schemas at a place describe a mapping.
func (sc *schemas) isObject(ns []node) bool {
	for _, n := range ns {
		if n.s["type"] == "object" {
			return true
		}
		if _, ok := n.s["properties"]; ok {
			return true
		}
	}
	return false
}

// placeholder is a value to write for a new field of these schemas.
func (sc *schemas) placeholder(ns []node) string {
	if v := sc.values(ns); len(v) > 0 {
		return v[0]
	}
	for _, n := range ns {
		switch n.s["type"] {
		case "string":
			return `""`
		case "integer", "number":
			if m, ok := n.s["minimum"].(float64); ok {
				return fmt.Sprint(m)
			}
			return "0"
		case "array":
			return "[]"
		case "object":
			return "{}"
		}
	}
	return `""`
}

// snippet is a new document of a kind: kind, then its required fields in
// the CUE declaration order, each a tab stop.
func (sc *schemas) snippet(kind string) string {
	ns := sc.at(kind, nil)
	fs := sc.fields(ns)
	req := map[string]field{}
	for _, f := range fs {
		if f.required && f.name != "kind" {
			req[f.name] = f
		}
	}
	var order []string
	for _, k := range sc.order[kind][""] {
		if _, ok := req[k]; ok {
			order = append(order, k)
		}
	}
	for _, f := range fs {
		if _, ok := req[f.name]; ok && !slices.Contains(order, f.name) {
			order = append(order, f.name)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "kind: %s\n", kind)
	for i, k := range order {
		f := req[k]
		ph := sc.placeholder(sc.expand(f.sch, 0))
		if sc.isObject(sc.expand(f.sch, 0)) {
			fmt.Fprintf(&b, "%s:\n  ${%d}\n", k, i+1)
			continue
		}
		fmt.Fprintf(&b, "%s: ${%d:%s}\n", k, i+1, strings.ReplaceAll(ph, "}", `\}`))
	}
	return b.String()
}
