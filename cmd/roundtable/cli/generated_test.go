package cli

import (
	"reflect"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/games"
)

// TestGeneratedEqualsRuntimeCompile proves generated/ is current in the
// strongest sense: compiling the embedded content now yields a value equal to
// the checked-in tables (the game's registered base ruleset, which is
// generated/<game>'s Ruleset), for every game.
func TestGeneratedEqualsRuntimeCompile(t *testing.T) {
	for _, g := range compiler.Games() {
		rg, ok := games.Lookup(g.ID)
		if !ok || rg.Base == nil {
			t.Errorf("game %s has no registered base ruleset (games.Register)", g.ID)
			continue
		}
		want := rg.Base()
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
