package cli

import (
	"reflect"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
	annasgen "github.com/roundtable-dev/roundtable/generated/annas"
	bcgen "github.com/roundtable-dev/roundtable/generated/battlecrest"
	fecgen "github.com/roundtable-dev/roundtable/generated/fecipher"
	tbgen "github.com/roundtable-dev/roundtable/generated/tablebattles"
	trogen "github.com/roundtable-dev/roundtable/generated/tropera"
)

// generated maps each game to its checked-in generated ruleset.
var generated = map[string]any{
	"annas":         annasgen.Ruleset,
	"battlecrest":   bcgen.Ruleset,
	"fe-cipher":     fecgen.Ruleset,
	"table-battles": tbgen.Ruleset,
	"tropera":       trogen.Ruleset,
}

// TestGeneratedEqualsRuntimeCompile proves generated/ is current in the
// strongest sense: compiling the embedded content now yields a value equal to
// the checked-in tables, for every game.
func TestGeneratedEqualsRuntimeCompile(t *testing.T) {
	for _, g := range compiler.Games() {
		want, ok := generated[g.ID]
		if !ok {
			t.Errorf("game %s has no entry in the generated map of this test", g.ID)
			continue
		}
		p, diags := compiler.BasePack(g)
		res, more := compiler.Compile([]*compiler.Pack{p})
		diags = append(diags, more...)
		if diags.Errors() > 0 {
			t.Errorf("%s base content has errors: %v", g.ID, diags)
			continue
		}
		if !reflect.DeepEqual(res.Ruleset, want) {
			t.Errorf("%s: compiled content differs from generated/%s; run `make gen`", g.ID, g.ID)
		}
	}
}
