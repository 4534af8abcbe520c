package cli

import (
	"reflect"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
	genannas "github.com/roundtable-dev/roundtable/generated/annas"
	genbattlecrest "github.com/roundtable-dev/roundtable/generated/battlecrest"
	genfecipher "github.com/roundtable-dev/roundtable/generated/fecipher"
	gentablebattles "github.com/roundtable-dev/roundtable/generated/tablebattles"
	gentropera "github.com/roundtable-dev/roundtable/generated/tropera"
)

// generated maps each game to its checked-in generated ruleset.
var generated = map[string]any{
	"annas":         genannas.Ruleset,
	"battlecrest":   genbattlecrest.Ruleset,
	"fe-cipher":     genfecipher.Ruleset,
	"table-battles": gentablebattles.Ruleset,
	"tropera":       gentropera.Ruleset,
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
