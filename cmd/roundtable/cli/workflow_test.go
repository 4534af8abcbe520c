package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler"
)

// TestContentWorkflowChecksEveryGame: the content workflow
// (.github/workflows/content.yml) lists the games with roundtable itself
// (its step "games": base list) and checks the folders it printed, so a
// new game is checked with no edit of the workflow. Its listing step, run
// here in bash as GitHub runs it, prints every registered game's content
// folder; the action is given that output and no folder by hand.
func TestContentWorkflowChecksEveryGame(t *testing.T) {
	data, err := os.ReadFile("../../../.github/workflows/content.yml")
	if err != nil {
		t.Fatal(err)
	}
	var wf struct {
		Jobs map[string]struct {
			Steps []struct {
				ID, Name, Run, Uses string
				With                map[string]string
			}
		}
	}
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, g := range compiler.Games() {
		want = append(want, g.ContentDir)
	}
	if len(want) < 5 {
		t.Fatalf("only %d games registered", len(want))
	}
	listed, used := false, false
	for _, s := range wf.Jobs["content"].Steps {
		switch {
		case s.ID == "games":
			listed = true
			out := filepath.Join(t.TempDir(), "output")
			cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", s.Run)
			cmd.Dir = "../../.."
			cmd.Env = append(os.Environ(), "GITHUB_OUTPUT="+out)
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("step %q: %v\n%s", s.Name, err, b)
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if w := "paths=" + strings.Join(want, " ") + "\n"; string(got) != w {
				t.Errorf("step %q wrote %q to GITHUB_OUTPUT, want %q", s.Name, got, w)
			}
		case s.Uses == "./":
			used = true
			if p := s.With["paths"]; p != "${{ steps.games.outputs.paths }}" {
				t.Errorf("the action checks paths %q, want the listing step's ${{ steps.games.outputs.paths }}", p)
			}
		}
	}
	if !listed || !used {
		t.Errorf("content.yml: a listing step with id games: %v; the action (uses: ./): %v", listed, used)
	}
	for _, dir := range want {
		if strings.Contains(string(data), dir) {
			t.Errorf("content.yml names %s by hand", dir)
		}
	}
}
