package all_test

import (
	"io/fs"
	"slices"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/games"
	_ "github.com/roundtable-dev/roundtable/games/all"
)

// TestEveryCompiledGameIsRegistered: each game of the compiler is in the
// games registry, with a base ruleset and a scaffold for `new`.
func TestEveryCompiledGameIsRegistered(t *testing.T) {
	if len(compiler.Games()) < 5 {
		t.Fatalf("only %d games compile", len(compiler.Games()))
	}
	for _, cg := range compiler.Games() {
		g, ok := games.Lookup(cg.ID)
		if !ok {
			t.Errorf("game %s compiles but is not registered (games/all)", cg.ID)
			continue
		}
		if g.Base == nil || g.Base() == nil {
			t.Errorf("game %s: no base ruleset", cg.ID)
		}
		if g.Scaffold == nil {
			t.Errorf("game %s: no scaffold for new", cg.ID)
		}
	}
}

// TestScaffoldCoversEveryKind: a game's scaffold has a template for each of
// its kinds, and its new pack writes one example of each.
func TestScaffoldCoversEveryKind(t *testing.T) {
	for _, cg := range compiler.Games() {
		g, ok := games.Lookup(cg.ID)
		if !ok || g.Scaffold == nil {
			continue
		}
		sc := g.Scaffold
		for _, k := range cg.Kinds {
			if k.NoID {
				continue // singletons come from the base pack
			}
			if _, err := fs.Stat(sc.Templates, k.Name+".yaml"); err != nil {
				t.Errorf("game %s: no template for kind %s", cg.ID, k.Name)
			}
			found := false
			for _, e := range sc.Examples {
				found = found || e.Kind == k.Name || slices.Contains(sc.Covered[e.Kind], k.Name)
			}
			if !found {
				t.Errorf("game %s: new pack writes no example %s", cg.ID, k.Name)
			}
		}
	}
}
