package games

import (
	"slices"
	"testing"
)

// TestPackRootsFindsEachPackOnce: every folder with a pack.yaml is a pack,
// a pack.yaml inside a pack is its content, and testdata, hidden folders,
// node_modules and vendor/ hold no packs.
func TestPackRootsFindsEachPackOnce(t *testing.T) {
	files := []string{
		"content/annas/pack.yaml", "content/annas/units/red.yaml",
		"content/annas/extra/pack.yaml", // inside a pack: its content
		"examples/valm/pack/pack.yaml", "examples/valm/pack/vendor/arms/pack.yaml",
		"compiler/testdata/bad/pack.yaml", ".github/pack.yaml", "web/node_modules/x/pack.yaml",
		"vendor/y/pack.yaml", "README.md",
	}
	got := PackRoots(files)
	want := []string{"content/annas", "examples/valm/pack"}
	if !slices.Equal(got, want) {
		t.Fatalf("PackRoots = %v, want %v", got, want)
	}
	if got := PackRoots([]string{"pack.yaml", "sub/pack.yaml"}); !slices.Equal(got, []string{"."}) {
		t.Errorf("a pack at the root: %v, want [.]", got)
	}
}
