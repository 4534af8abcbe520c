package annasexpansion_test

import (
	"testing"

	annasengine "github.com/roundtable-dev/roundtable/engine/annas"
	annastable "github.com/roundtable-dev/roundtable/engine/annas/table"
	"github.com/roundtable-dev/roundtable/examples/annas-expansion/valm"
	annasgen "github.com/roundtable-dev/roundtable/generated/annas"
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
		var pol [2]annasengine.Policy
		for seat := range pol {
			p, err := annasengine.NewPolicy("greedy", seed*7+uint64(seat), seat)
			if err != nil {
				t.Fatal(err)
			}
			pol[seat] = p
		}
		observe := func(g *annasengine.Game, _ annasengine.Action, _ string, _ int) {
			for _, pc := range g.Pieces {
				if int(pc.Card) >= len(annasgen.Ruleset.Units) {
					newUnits[pc.Card] = true
				}
				if pc.Tile != annasengine.NoTile && int(rs.Maps[m].Tiles[pc.Tile]) == snow {
					onSnow++
				}
			}
		}
		g, err := annasengine.Play(rs, annasengine.Options{Seed: seed, Map: "valm-harbor"}, pol, observe)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !g.Over() || g.Reason == "" || g.Map != m {
			t.Fatalf("seed %d: the game did not finish on valm-harbor (phase %v, map %d)", seed, g.Phase, g.Map)
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

// TestBossModeOnExpansion plays Boss Mode against the expansion's boss, The
// Conqueror, with its three-card deck, for 2 to 4 greedy players: every
// game ends by one of its win or lose conditions.
func TestBossModeOnExpansion(t *testing.T) {
	rs := valm.Ruleset
	b := rs.BossIndex("conqueror")
	if b < 0 {
		t.Fatal("the conqueror is not in the merged ruleset")
	}
	results := map[annasengine.BossResult]int{}
	reasons := map[string]int{}
	for players := 2; players <= 4; players++ {
		for seed := uint64(1); seed <= 4; seed++ {
			g, err := annasengine.New(rs, annasengine.Options{Seed: seed, Mode: annastable.BossMode, Boss: b, Players: players})
			if err != nil {
				t.Fatalf("%d players, seed %d: %v", players, seed, err)
			}
			pols := make([]annasengine.Policy, players)
			for i := range pols {
				pols[i], _ = annasengine.NewPolicy("greedy", seed, i)
			}
			if err := g.PlayOut(pols, nil); err != nil {
				t.Fatalf("%d players, seed %d: %v", players, seed, err)
			}
			if !g.Over() || g.Boss.Result == annasengine.Undecided {
				t.Fatalf("%d players, seed %d: no result by the rules (%v, %q)", players, seed, g.Boss.Result, g.Reason)
			}
			results[g.Boss.Result]++
			reasons[g.Reason]++
		}
	}
	t.Logf("results over 12 games: %v; reasons %v", results, reasons)
}
