package schemaexport_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/roundtable-dev/roundtable/compiler"
	annascompiler "github.com/roundtable-dev/roundtable/compiler/annas"
	"github.com/roundtable-dev/roundtable/compiler/schemaexport"
	"github.com/roundtable-dev/roundtable/compiler/source"
)

// validators compiles the exported schemas of g with an independent JSON
// Schema implementation (santhosh-tekuri/jsonschema, draft 2020-12).
func validators(t *testing.T, g *compiler.Game) map[string]*jsonschema.Schema {
	t.Helper()
	files, err := schemaexport.Export(g)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	for name, b := range files {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := c.AddResource(schemaexport.BaseURL+g.ID+"/"+name, doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	out := map[string]*jsonschema.Schema{}
	for _, k := range append(g.KindNames(), "pack") {
		s, err := c.Compile(schemaexport.BaseURL + g.ID + "/" + schemaexport.FileName(k))
		if err != nil {
			t.Fatalf("compiling %s schema: %v", k, err)
		}
		out[k] = s
	}
	return out
}

func asJSON(t *testing.T, d *source.Document) any {
	t.Helper()
	var v any
	if err := d.Node().Decode(&v); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(jsonable(v))
	if err != nil {
		t.Fatal(err)
	}
	j, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return j
}

// jsonable turns YAML mappings with non-string keys (lives: {2: 2}) into
// JSON objects, as CUE reads them.
func jsonable(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = jsonable(e)
		}
	case map[any]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[fmt.Sprint(k)] = jsonable(e)
		}
		return m
	case []any:
		for i, e := range x {
			x[i] = jsonable(e)
		}
	}
	return v
}

// TestBaseContentMatchesExportedSchemas validates every document of every
// embedded base pack against the exported schema of its kind.
func TestBaseContentMatchesExportedSchemas(t *testing.T) {
	for _, g := range compiler.Games() {
		vs := validators(t, g)
		p, diags := compiler.BasePack(g)
		if diags.Errors() > 0 {
			t.Fatalf("%s base pack: %v", g.ID, diags)
		}
		counts := map[string]int{}
		for _, d := range p.Set.Docs {
			v, ok := vs[d.Kind]
			if !ok {
				t.Errorf("%s: kind %q has no exported schema", d.Pos(), d.Kind)
				continue
			}
			if err := v.Validate(asJSON(t, d)); err != nil {
				t.Errorf("%s: %s fails its exported schema: %v", d.Pos(), d.Kind, err)
			}
			counts[d.Kind]++
		}
		res, _ := compiler.Compile([]*compiler.Pack{p})
		for k, n := range res.Counts {
			if counts[k] != n {
				t.Errorf("%s: validated %d %s documents, check counts %d", g.ID, counts[k], k, n)
			}
		}
	}
}

// TestSameVerdictsAsCheck feeds documents with type and range errors (and
// their valid neighbours at the limits) to check's CUE validation and to the
// independent validator; both must agree, and agree with the schema's rule.
func TestSameVerdictsAsCheck(t *testing.T) {
	g := annascompiler.Game
	vs := validators(t, g)
	schema, err := g.CompiledSchema()
	if err != nil {
		t.Fatal(err)
	}
	mapDoc := func(mode string) string {
		return "kind: map\nid: m\nname: M\nmode: " + mode + "\ntiles: |\n  . . . . . .\n  . . . . . .\n  . . C . . .\n  . . . C . .\n  . . . . . .\n  . . . . . .\ndeploy: {south: [a1], north: [f6]}\n"
	}
	bossDoc := func(lives string, hp int) string {
		return fmt.Sprintf("kind: boss\nid: b\nname: B\ncorners:\n  nw: {color: red, hp: %d}\n  ne: {color: blue, hp: 6}\n  se: {color: green, hp: 6}\n  sw: {color: gray, hp: 6}\nlives: {%s}\nlose:\n  - {kind: boss-turns, n: 20, text: Too slow.}\n", hp, lives)
	}
	bossCard := func(move string) string {
		return "kind: boss-card\nid: c\nboss: b\nname: C\nstats: {atk: 7, spd: 4, def: 3}\nrange: [1]\ntext: T\nmove: " + move + "\n"
	}
	unit := func(stats, rest string) string {
		return "kind: unit\nid: chrom\nname: Chrom\ncolor: red\nstats: " + stats + "\nrange: [1]\nmov: 3\n" + rest
	}
	cases := []struct {
		name, doc string
		valid     bool
	}{
		{"base unit", unit("{hp: 10, atk: 6, spd: 5, def: 3}", ""), true},
		{"hp at 20", unit("{hp: 20, atk: 6, spd: 5, def: 3}", ""), true},
		{"hp 21 out of range", unit("{hp: 21, atk: 6, spd: 5, def: 3}", ""), false},
		{"hp 0 out of range", unit("{hp: 0, atk: 6, spd: 5, def: 3}", ""), false},
		{"atk a string", unit("{hp: 10, atk: six, spd: 5, def: 3}", ""), false},
		{"def a fraction", unit("{hp: 10, atk: 6, spd: 5, def: 2.5}", ""), false},
		{"atk 15", unit("{hp: 10, atk: 15, spd: 5, def: 3}", ""), true},
		{"atk 16", unit("{hp: 10, atk: 16, spd: 5, def: 3}", ""), false},
		{"stats missing def", unit("{hp: 10, atk: 6, spd: 5}", ""), false},
		{"unknown field", unit("{hp: 10, atk: 6, spd: 5, def: 3}", "atkk: 1\n"), false},
		{"legendary a word", unit("{hp: 10, atk: 6, spd: 5, def: 3}", "legendary: maybe\n"), false},
		{"color purple", "kind: unit\nid: x\nname: X\ncolor: purple\nstats: {hp: 1, atk: 0, spd: 0, def: 0}\nrange: [1]\nmov: 0\n", false},
		{"mov 7", "kind: unit\nid: x\nname: X\ncolor: gray\nstats: {hp: 1, atk: 0, spd: 0, def: 0}\nrange: [1]\nmov: 7\n", false},
		{"range a word", "kind: unit\nid: x\nname: X\ncolor: gray\nstats: {hp: 1, atk: 0, spd: 0, def: 0}\nrange: [one]\nmov: 1\n", false},
		{"range empty", "kind: unit\nid: x\nname: X\ncolor: gray\nstats: {hp: 1, atk: 0, spd: 0, def: 0}\nrange: []\nmov: 1\n", false},
		{"id not kebab-case", "kind: unit\nid: Chrom\nname: X\ncolor: gray\nstats: {hp: 1, atk: 0, spd: 0, def: 0}\nrange: [1]\nmov: 1\n", false},
		{"skill heal 21", unit("{hp: 10, atk: 6, spd: 5, def: 3}", "skill: {name: S, kind: assist, text: T, effects: [{heal: 21}]}\n"), false},
		{"skill heal 20", unit("{hp: 10, atk: 6, spd: 5, def: 3}", "skill: {name: S, kind: assist, text: T, effects: [{heal: 20}]}\n"), true},
		{"modify atk -10", unit("{hp: 10, atk: 6, spd: 5, def: 3}", "skill: {name: S, kind: passive, text: T, effects: [{modify: {atk: -10}}]}\n"), false},
		{"tag category bad", "kind: tag\nid: t\nname: T\ncategory: magic\ntext: x\n", false},
		{"tag effective atk 0", "kind: tag\nid: t\nname: T\ncategory: effectiveness\ntext: x\neffective: {against: armored, atk: 0}\n", false},
		{"terrain work coins 4", "kind: terrain\nid: t\nname: T\nglyph: Z\nwork: {coins: 4}\n", false},
		{"terrain work coins 3", "kind: terrain\nid: t\nname: T\nglyph: Z\nwork: {coins: 3}\n", true},
		{"terrain two-char glyph", "kind: terrain\nid: t\nname: T\nglyph: ZZ\n", false},
		{"terrain impassable a number", "kind: terrain\nid: t\nname: T\nglyph: Z\nimpassable: 1\n", false},
		{"map", mapDoc("versus"), true},
		{"map mode bad", mapDoc("duel"), false},
		{"boss", bossDoc("2: 1, 3: 2, 4: 2", 7), true},
		{"boss lives 10", bossDoc("2: 10", 7), false},
		{"boss corner hp 30", bossDoc("2: 1", 30), true},
		{"boss corner hp 31", bossDoc("2: 1", 31), false},
		{"boss player count 5", bossDoc("5: 1", 7), false},
		{"boss-card", bossCard(`{"1-3": c4, "4-6": b2}`), true},
		{"boss-card die range 7", bossCard(`{"1-3": c4, "4-7": b2}`), false},
		{"boss-card tile g1", bossCard(`{"1-3": c4, "4-6": g1}`), false},
		{"shop-card cost 9", "kind: shop-card\nid: s\nname: S\ncost: 9\ntype: item\ntext: T\n", true},
		{"shop-card cost 10", "kind: shop-card\nid: s\nname: S\ncost: 10\ntype: item\ntext: T\n", false},
		{"shop-card copies -1", "kind: shop-card\nid: s\nname: S\ncost: 1\ntype: item\ncopies: -1\ntext: T\n", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			docs, diags := source.Parse("case.yaml", []byte(c.doc))
			if len(docs) != 1 || diags.Errors() > 0 {
				t.Fatalf("parse: %v", diags)
			}
			d := docs[0]
			checkOK := schema.Validate(d).Errors() == 0
			err := vs[d.Kind].Validate(asJSON(t, d))
			jsonOK := err == nil
			if checkOK != c.valid || jsonOK != c.valid {
				t.Errorf("want valid=%v; check says %v, JSON Schema says %v (%v)", c.valid, checkOK, jsonOK, fmt.Sprint(err))
			}
		})
	}
}

// TestAnyKindSchema: content.schema.json dispatches on kind: every base
// document passes it; a wrong value, an unknown kind or a missing kind fails.
func TestAnyKindSchema(t *testing.T) {
	g := annascompiler.Game
	files, err := schemaexport.Export(g)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	for name, b := range files {
		doc, _ := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err := c.AddResource(schemaexport.BaseURL+g.ID+"/"+name, doc); err != nil {
			t.Fatal(err)
		}
	}
	anyKind, err := c.Compile(schemaexport.BaseURL + g.ID + "/" + schemaexport.AnyFile)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := compiler.BasePack(g)
	for _, d := range p.Set.Docs {
		if err := anyKind.Validate(asJSON(t, d)); err != nil {
			t.Errorf("%s: %s fails content.schema.json: %v", d.Pos(), d.Kind, err)
		}
	}
	for _, bad := range []string{
		"kind: unit\nid: x\nname: X\ncolor: red\nstats: {hp: 21, atk: 1, spd: 1, def: 1}\nrange: [1]\nmov: 1\n",
		"kind: tag\nid: t\nname: T\ncategory: passive\n",
		"kind: dragon\nid: x\n",
		"id: x\nname: X\n",
	} {
		docs, _ := source.Parse("bad.yaml", []byte(bad))
		var v any
		if len(docs) == 1 {
			v = asJSON(t, docs[0])
		} else {
			v = map[string]any{"id": "x", "name": "X"}
		}
		if anyKind.Validate(v) == nil {
			t.Errorf("content.schema.json accepts %q", bad)
		}
	}
}
