package main

import (
	"io/fs"
	"slices"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
)

// TestNewCoversEveryKind: a game with a scaffold has a template for each of
// its kinds and its new pack writes one example of each.
func TestNewCoversEveryKind(t *testing.T) {
	for _, g := range compiler.Games() {
		kinds, ok := scaffold[g.ID]
		if !ok {
			continue
		}
		for _, k := range g.Kinds {
			if k.NoID {
				continue // singletons come from the base pack
			}
			if _, err := fs.Stat(templates, "templates/"+g.ID+"/"+k.Name+".yaml"); err != nil {
				t.Errorf("game %s: no template for kind %s", g.ID, k.Name)
			}
			found := false
			for _, s := range kinds {
				found = found || s[0] == k.Name || slices.Contains(covered[s[0]], k.Name)
			}
			if !found {
				t.Errorf("game %s: new pack writes no example %s", g.ID, k.Name)
			}
		}
	}
}
