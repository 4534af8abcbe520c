package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/schemaexport"
)

func jsonValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = jsonValue(e)
		}
	case map[any]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[fmt.Sprint(k)] = jsonValue(e)
		}
		return m
	case []any:
		for i, e := range x {
			x[i] = jsonValue(e)
		}
	}
	return v
}

// TestExportedSchemasAcceptEveryBaseDocument: for every game compiled into
// the CLI, every document of its embedded base pack passes the exported
// schema of its kind under an independent validator (draft 2020-12).
func TestExportedSchemasAcceptEveryBaseDocument(t *testing.T) {
	for _, g := range compiler.Games() {
		files, err := schemaexport.Export(g)
		if err != nil {
			t.Fatalf("%s: %v", g.ID, err)
		}
		c := jsonschema.NewCompiler()
		c.DefaultDraft(jsonschema.Draft2020)
		for name, b := range files {
			doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("%s %s: %v", g.ID, name, err)
			}
			if err := c.AddResource(schemaexport.BaseURL+g.ID+"/"+name, doc); err != nil {
				t.Fatal(err)
			}
		}
		p, diags := compiler.BasePack(g)
		if diags.Errors() > 0 {
			t.Fatalf("%s base pack: %v", g.ID, diags)
		}
		anyKind, err := c.Compile(schemaexport.BaseURL + g.ID + "/" + schemaexport.AnyFile)
		if err != nil {
			t.Fatalf("%s: %v", g.ID, err)
		}
		n := 0
		for _, d := range p.Set.Docs {
			s, err := c.Compile(schemaexport.BaseURL + g.ID + "/" + schemaexport.FileName(d.Kind))
			if err != nil {
				t.Errorf("%s: kind %s: %v", d.Pos(), d.Kind, err)
				continue
			}
			var v any
			if err := d.Node().Decode(&v); err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(jsonValue(v))
			j, _ := jsonschema.UnmarshalJSON(bytes.NewReader(b))
			if err := s.Validate(j); err != nil {
				t.Errorf("%s: %s fails its exported schema: %v", d.Pos(), d.Kind, err)
			}
			if err := anyKind.Validate(j); err != nil {
				t.Errorf("%s: %s fails %s: %v", d.Pos(), d.Kind, schemaexport.AnyFile, err)
			}
			n++
		}
		if n == 0 {
			t.Errorf("%s: no base documents validated", g.ID)
		}
	}
}
