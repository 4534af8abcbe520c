package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
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
				found = found || s[0] == k.Name || slices.Contains(covered[g.ID][s[0]], k.Name)
			}
			if !found {
				t.Errorf("game %s: new pack writes no example %s", g.ID, k.Name)
			}
		}
	}
}

// TestDiffGoldensCoverEveryKind: the diff goldens (x_diff*.txtar, and a
// game's own <prefix>_diff.txtar) show a change of every kind of every game,
// in text and markdown.
func TestDiffGoldensCoverEveryKind(t *testing.T) {
	var all strings.Builder
	files, err := filepath.Glob("testdata/script/*_diff*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no diff goldens: %v", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(data)
	}
	kinds := []string{"pack"}
	for _, g := range compiler.Games() {
		kinds = append(kinds, g.KindNames()...)
	}
	for _, k := range kinds {
		for _, want := range []string{"\n" + k + ": ", "\n#### " + k + " ("} {
			if !strings.Contains(all.String(), want) {
				t.Errorf("no diff golden line %q", strings.TrimSpace(want))
			}
		}
	}
}
