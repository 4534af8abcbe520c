package compiler

import (
	"testing"

	"gopkg.in/yaml.v3"
)

// TestAtFastPathMatchesYAML: At's fast paths decode every spelling to what
// yaml.v3 itself decodes, errors included.
func TestAtFastPathMatchesYAML(t *testing.T) {
	for _, src := range []string{
		`x`, `"x"`, `'7'`, `7`, `-7`, `0`, `-0`, `012`, `0x1F`, `0o17`, `1_000`, `+5`, `127`, `128`, `-128`, `-129`,
		`999999999`, `1234567890123`, `1.5`, `true`, `null`, `~`, `""`, `!!str 12`, `!!int "12"`, `[1]`, `{a: 1}`,
	} {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte("v: "+src), &doc); err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		n := doc.Content[0].Content[1]
		check := func(name string, got, want any, gotErr, wantErr error) {
			t.Helper()
			if got != want || (gotErr == nil) != (wantErr == nil) || (gotErr != nil && gotErr.Error() != wantErr.Error()) {
				t.Errorf("%s %s: At gives %v, %v; yaml.v3 gives %v, %v", name, src, got, gotErr, want, wantErr)
			}
		}
		{
			var a At[string]
			var w string
			err, werr := a.UnmarshalYAML(n), n.Decode(&w)
			check("string", a.V, w, err, werr)
		}
		{
			var a At[int]
			var w int
			err, werr := a.UnmarshalYAML(n), n.Decode(&w)
			check("int", a.V, w, err, werr)
		}
		{
			var a At[int8]
			var w int8
			err, werr := a.UnmarshalYAML(n), n.Decode(&w)
			check("int8", a.V, w, err, werr)
		}
	}
}
