package cli

import (
	"encoding/json"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/games"
)

// TestCmdKnowsNoGame: the CLI, cmd/roundtable/cli (tests aside), imports no game's
// package, only the registry (games) and the one list (games/all); no file
// of it is named after a game, and no non-test source names a game id
// outside its help examples. Adding a game touches no file here.
func TestCmdKnowsNoGame(t *testing.T) {
	out, err := exec.Command("go", "list", "-json=Imports,GoFiles", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var p struct{ Imports, GoFiles []string }
	if err := json.Unmarshal(out, &p); err != nil {
		t.Fatal(err)
	}
	const mod = "github.com/roundtable-dev/roundtable/"
	var folders []string
	for _, g := range compiler.Games() {
		folders = append(folders, path.Base(g.ContentDir))
	}
	for _, imp := range p.Imports {
		rel, ok := strings.CutPrefix(imp, mod)
		if !ok {
			continue
		}
		for _, f := range folders {
			for _, layer := range []string{"engine/", "compiler/", "generated/", "games/", "content/", "schema/"} {
				if rel == layer+f || strings.HasPrefix(rel, layer+f+"/") {
					t.Errorf("cmd/roundtable/cli imports %s: a game's package (register it in games/all instead)", rel)
				}
			}
		}
	}
	ids := games.IDs()
	if len(ids) < 5 {
		t.Fatalf("only %d games registered", len(ids))
	}
	for _, f := range p.GoFiles {
		base := strings.TrimSuffix(f, ".go")
		for _, id := range append(ids, folders...) {
			if strings.Contains(base, id) || strings.Contains(base, strings.ReplaceAll(id, "-", "")) {
				t.Errorf("%s is named after game %s", f, id)
			}
		}
		src, err := os.ReadFile(filepath.Join(".", f))
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			l := strings.TrimSpace(line)
			if strings.HasPrefix(l, "roundtable ") || strings.HasPrefix(l, "//") {
				continue // a help example or a comment
			}
			for _, id := range ids {
				if strings.Contains(l, `"`+id+`"`) {
					t.Errorf("%s:%d names game %q in code: %s", f, i+1, id, l)
				}
			}
		}
	}
}
