package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
)

// TestDiffGoldensCoverEveryKind: the diff goldens (core_diff*.txtar, and a
// game's own <prefix>_diff.txtar) show a change of every kind of every game,
// in text and markdown.
func TestDiffGoldensCoverEveryKind(t *testing.T) {
	var all strings.Builder
	files, err := filepath.Glob("../testdata/script/*_diff*.txtar")
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
