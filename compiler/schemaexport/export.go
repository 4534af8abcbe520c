// Package schemaexport derives JSON Schema (draft 2020-12) documents from a
// game's CUE definitions, for editors (yaml-language-server) and for other
// tools. Nothing here is written by hand: the CUE definitions are the one
// source; the only addition is the core's overrides: field, which the core
// accepts on every kind.
package schemaexport

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/encoding/jsonschema"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/cueval"
	"github.com/roundtable-dev/roundtable/schema/core"
)

// BaseURL prefixes each schema's $id; files are named <kind>.schema.json.
const BaseURL = "https://roundtable.dev/schema/"

// FileName is the file a kind's schema is written to.
func FileName(kind string) string { return kind + ".schema.json" }

// Export returns one JSON Schema per kind of g, plus pack.schema.json, keyed
// by file name. Output is deterministic (object keys sorted, two-space
// indent).
func Export(g *compiler.Game) (map[string][]byte, error) {
	s, err := g.CompiledSchema()
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for _, k := range g.Kinds {
		def, ok := s.Def(k.Name)
		if !ok {
			return nil, fmt.Errorf("game %s: no definition for kind %s", g.ID, k.Name)
		}
		b, err := one(def, g.ID, k.Name, k.Summary, true)
		if err != nil {
			return nil, fmt.Errorf("kind %s: %w", k.Name, err)
		}
		out[FileName(k.Name)] = b
	}
	ps, err := cueval.Compile(core.FS, "schema/core", map[string]string{"pack": "#Pack"})
	if err != nil {
		return nil, err
	}
	def, _ := ps.Def("pack")
	b, err := one(def, g.ID, "pack", "a pack: the base content of a game or an expansion", false)
	if err != nil {
		return nil, fmt.Errorf("kind pack: %w", err)
	}
	out[FileName("pack")] = b
	if out[AnyFile], err = anyKind(g); err != nil {
		return nil, err
	}
	return out, nil
}

// AnyFile is the schema for a file that mixes kinds: it checks each
// document against its kind's schema, chosen by its kind: field.
const AnyFile = "content.schema.json"

func anyKind(g *compiler.Game) ([]byte, error) {
	kinds := append([]string{"pack"}, g.KindNames()...)
	var branches []any
	for _, k := range kinds {
		branches = append(branches, map[string]any{
			"if":   map[string]any{"properties": map[string]any{"kind": map[string]any{"const": k}}, "required": []string{"kind"}},
			"then": map[string]any{"$ref": FileName(k)},
		})
	}
	m := map[string]any{
		"$schema":     "https://json-schema.org/draft/2020-12/schema",
		"$id":         BaseURL + g.ID + "/" + AnyFile,
		"title":       fmt.Sprintf("%s content (any kind)", g.ID),
		"description": fmt.Sprintf("A %s content document; kind: selects the schema it must follow.", g.Name),
		"type":        "object",
		"required":    []string{"kind"},
		"properties":  map[string]any{"kind": map[string]any{"enum": kinds, "description": "What this document is."}},
		"allOf":       branches,
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

func one(def cue.Value, game, kind, summary string, overrides bool) ([]byte, error) {
	expr, err := jsonschema.Generate(def, nil)
	if err != nil {
		return nil, err
	}
	v := cuecontext.New().BuildExpr(expr)
	if err := v.Err(); err != nil {
		return nil, err
	}
	raw, err := v.MarshalJSON()
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, err
	}
	intKeys(m)
	m["$id"] = BaseURL + game + "/" + FileName(kind)
	m["title"] = fmt.Sprintf("%s (%s)", kind, game)
	if _, ok := m["description"]; !ok {
		m["description"] = summary
	}
	if overrides {
		if props, ok := m["properties"].(map[string]any); ok {
			props[compiler.OverridesKey] = map[string]any{
				"type":        "string",
				"description": "The entity of a required pack that this document replaces, as pack-id/entity-id (annas-base/chrom).",
				"pattern":     "^[a-z0-9]+(-[a-z0-9]+)*/[a-z0-9]+(-[a-z0-9]+)*$",
			}
		}
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// intKeys rewrites every closed object whose properties are all written
// as integers ("2", "3", "4": lives by player count) to match them with
// patternProperties ("^2$") instead. YAML reads `lives: {2: 1}` with
// integer keys; CUE and check take them as the strings "2", but
// yaml-language-server compares an integer key with the property name
// "2" as a number, finds no such property and reports the key as not
// allowed under additionalProperties: false. A pattern matches the key's
// text whatever its type, in every validator.
func intKeys(v any) {
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			intKeys(e)
		}
	case map[string]any:
		for _, e := range x {
			intKeys(e)
		}
		props, ok := x["properties"].(map[string]any)
		if !ok || len(props) == 0 || x["additionalProperties"] != false {
			return
		}
		for name := range props {
			if !isDecimal(name) {
				return
			}
		}
		pats, _ := x["patternProperties"].(map[string]any)
		if pats == nil {
			pats = map[string]any{}
		}
		for name, p := range props {
			pats["^"+name+"$"] = p
		}
		x["patternProperties"] = pats
		delete(x, "properties")
	}
}

func isDecimal(s string) bool {
	if s == "" || len(s) > 1 && s[0] == '0' {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// KeyOrder returns the canonical order of a kind's keys at every level, as
// the CUE definitions declare them: for each dotted path ("" is the top
// level, "stats", "skill.effects.*") the field names in declaration order.
// kind comes first, then id; overrides follows id.
func KeyOrder(g *compiler.Game, kind string) (map[string][]string, error) {
	var def cue.Value
	if kind == "pack" {
		ps, err := cueval.Compile(core.FS, "schema/core", map[string]string{"pack": "#Pack"})
		if err != nil {
			return nil, err
		}
		def, _ = ps.Def("pack")
	} else {
		s, err := g.CompiledSchema()
		if err != nil {
			return nil, err
		}
		d, ok := s.Def(kind)
		if !ok {
			return nil, fmt.Errorf("game %s has no kind %s", g.ID, kind)
		}
		def = d
	}
	out := map[string][]string{}
	walkOrder(def, "", out, 0)
	top := out[""]
	if kind != "pack" {
		after := "id"
		if !slices.Contains(top, "id") {
			after = "kind" // singletons (rules)
		}
		top = insertAfter(top, after, compiler.OverridesKey)
	}
	out[""] = top
	return out, nil
}

func insertAfter(list []string, after, key string) []string {
	for i, k := range list {
		if k == after {
			return append(list[:i+1], append([]string{key}, list[i+1:]...)...)
		}
	}
	return append(list, key)
}

func walkOrder(v cue.Value, path string, out map[string][]string, depth int) {
	if depth > 16 {
		return
	}
	switch v.IncompleteKind() {
	case cue.StructKind:
		it, err := v.Fields(cue.Optional(true))
		if err != nil {
			return
		}
		var keys []string
		for it.Next() {
			name := it.Selector().Unquoted()
			keys = append(keys, name)
			walkOrder(it.Value(), join(path, name), out, depth+1)
		}
		if len(keys) > 0 {
			out[path] = keys
		}
	case cue.ListKind:
		walkOrder(v.LookupPath(cue.MakePath(cue.AnyIndex)), join(path, "*"), out, depth+1)
	}
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// Sorted returns the keys of m in order, for deterministic writes.
func Sorted(m map[string][]byte) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
