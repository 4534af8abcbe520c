package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestCheckJSONMatchesSchema holds check --format json to the published
// docs/schema/check.schema.json: clean base content, and an expansion with
// an override, a duplicate id (a related place), an unknown reference (a
// hint) and a broken document whose follow-ons fold into a note.
func TestCheckJSONMatchesSchema(t *testing.T) {
	schema := compileSchema(t, "check.schema.json")
	dir := filepath.Join(t.TempDir(), "valm")
	if err := os.CopyFS(dir, os.DirFS("../../../examples/annas-expansion/pack")); err != nil {
		t.Fatal(err)
	}
	bad := "kind: unit\nid: walhart\nname: Dup\ncolor: red\nstats: {hp: 8, atk: 6, spd: 6, def: 2}\nrange: [1]\nmov: 3\ntags: [konquest]\n" +
		"---\nkind: tag\nid: broken\nname: 7\nnot-a-field: 1\n"
	if err := os.WriteFile(filepath.Join(dir, "bad.yaml"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"check", "--format", "json"}, {"check", "--format", "json", dir}} {
		var out, errb bytes.Buffer
		run(args, nil, &out, &errb)
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(out.String()))
		if err != nil {
			t.Fatalf("%v: not JSON: %v\n%s", args, err, out.String())
		}
		if err := schema.Validate(doc); err != nil {
			t.Errorf("%v: output does not match check.schema.json: %v\n%s", args, err, out.String())
		}
		if len(args) == 4 {
			for _, want := range []string{`"related": [`, `"overrides": [`, `"hint": `, `"version": 2`} {
				if !strings.Contains(out.String(), want) {
					t.Errorf("%v: no %s in\n%s", args, want, out.String())
				}
			}
		}
	}
}
