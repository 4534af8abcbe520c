package native

import (
	"fmt"
	"strings"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	"gopkg.in/yaml.v3"
)

// TestWideStructIsCheckedNatively: a struct of more than 64 fields (Fire
// Emblem Cipher's #Effect has grown past that) is still decided without
// CUE: a required field past the 64th missing, or one of the wrong type,
// is Invalid; a good document Valid.
func TestWideStructIsCheckedNatively(t *testing.T) {
	var b strings.Builder
	b.WriteString("#W: {\n")
	for i := range 100 {
		fmt.Fprintf(&b, "\tf%d?: int\n", i)
	}
	b.WriteString("\tlast!: string\n}\n")
	v := cuecontext.New().CompileString(b.String())
	if v.Err() != nil {
		t.Fatal(v.Err())
	}
	val := Compile(v.LookupPath(cue.ParsePath("#W")))
	for doc, want := range map[string]Verdict{
		"last: x\nf99: 3\n":        Valid,
		"f99: 3\n":                 Invalid, // last, the 101st field, is required
		"last: x\nf80: four\n":     Invalid,
		"last: x\nf0: 1\nf70: 2\n": Valid,
	} {
		var n yaml.Node
		if err := yaml.Unmarshal([]byte(doc), &n); err != nil {
			t.Fatal(err)
		}
		if got, errs := val.Errors(n.Content[0]); got != want {
			t.Errorf("%q: %v %v, want %v", doc, got, errs, want)
		}
	}
}
