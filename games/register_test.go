package games

import (
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest/toy"
)

// TestRegisterGivesEveryModeSearch: a registered mode offers "search"
// beside its own policies, and the engine's Mode value is left as it was.
func TestRegisterGivesEveryModeSearch(t *testing.T) {
	saved := registry
	defer func() { registry = saved }()
	Register(&compiler.Game{ID: "duel-test", Name: "Duel"}, &Game{Modes: []play.Mode{toy.DuelMode}})
	g, _ := Lookup("duel-test")
	if g.ID != "duel-test" || g.Name != "Duel" {
		t.Errorf("registered as %q %q, want the compile step's id and name: duel-test Duel", g.ID, g.Name)
	}
	m, err := g.Mode("")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"random", "greedy", "search"} {
		if m.Policies[name] == nil {
			t.Errorf("no policy %q", name)
		}
	}
	if toy.DuelMode.Policies["search"] != nil {
		t.Errorf("Register wrote into the engine's own policy map")
	}
}
