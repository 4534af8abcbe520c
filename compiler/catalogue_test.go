package compiler_test

import (
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// TestEveryCodeIsInAGamesCatalogueOrTheCore: each declared code belongs to
// the core's catalogue or to a registered game's, and carries that game's
// prefix; no catalogue is left outside a game.
func TestEveryCodeIsInAGamesCatalogueOrTheCore(t *testing.T) {
	of := map[string]string{}
	for _, c := range diag.Core.Codes() {
		of[c.ID] = "core"
	}
	for _, g := range compiler.Games() {
		codes := g.Checks.Codes()
		if len(codes) == 0 {
			t.Errorf("game %s declares no code", g.ID)
		}
		for _, c := range codes {
			of[c.ID] = g.ID
			if !strings.HasPrefix(c.ID, g.Prefix()) {
				t.Errorf("code %s of game %s lacks its prefix %s", c.ID, g.ID, g.Prefix())
			}
		}
	}
	all := diag.Codes()
	if len(all) < 100 {
		t.Fatalf("only %d codes declared", len(all))
	}
	for _, c := range all {
		if of[c.ID] == "" {
			t.Errorf("code %s is in no registered game's catalogue nor the core's", c.ID)
		}
	}
}
