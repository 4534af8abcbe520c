// The engine (branch engine) is not in main yet: run with -tags annasengine
// once it is merged; drop this constraint when it is.

//go:build annasengine

package annasexpansion_test

import (
	"testing"

	engine "github.com/roundtable-dev/roundtable/engine/annas"
	"github.com/roundtable-dev/roundtable/examples/annas-expansion/valm"
	base "github.com/roundtable-dev/roundtable/generated/annas"
)

// TestPlaysOnExpansion plays whole 1v1 games with the engine on the merged
// ruleset (valm.Ruleset), on the expansion's own map, between greedy
// players, and sees the expansion's units deployed and standing on its
// snowfields. Seeds make it deterministic.
func TestPlaysOnExpansion(t *testing.T) {
	rs := valm.Ruleset
	m := rs.MapIndex("valm-harbor")
	snow := rs.TerrainIndex("snowfield")
	if m < 0 || snow < 0 {
		t.Fatal("valm-harbor or snowfield missing from the merged ruleset")
	}
	newUnits := map[int16]bool{}
	onSnow := 0
	for seed := uint64(1); seed <= 8; seed++ {
		var pol [2]engine.Policy
		for seat := range pol {
			p, err := engine.NewPolicy("greedy", seed*7+uint64(seat), seat)
			if err != nil {
				t.Fatal(err)
			}
			pol[seat] = p
		}
		observe := func(g *engine.Game, _ engine.Action) {
			for _, pc := range g.Pieces {
				if int(pc.Card) >= len(base.Ruleset.Units) {
					newUnits[pc.Card] = true
				}
				if pc.Tile != engine.NoTile && int(rs.Maps[m].Tiles[pc.Tile]) == snow {
					onSnow++
				}
			}
		}
		g, err := engine.Play(rs, engine.Options{Seed: seed, Map: m}, pol, observe)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !g.Over() || g.Reason == "" {
			t.Fatalf("seed %d: the game did not finish (phase %v)", seed, g.Phase)
		}
	}
	if len(newUnits) == 0 {
		t.Error("no expansion unit was deployed in 8 games")
	}
	if onSnow == 0 {
		t.Error("no unit ever stood on a snowfield")
	}
	t.Logf("%d of the 6 expansion units deployed; %d piece-steps on snowfields", len(newUnits), onSnow)
}
