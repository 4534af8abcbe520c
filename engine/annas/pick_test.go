package annas

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
	annasgen "github.com/roundtable-dev/roundtable/generated/annas"
)

// TestRandomTurnPick plays seeded games with two copies of each player's
// random policy in lockstep: at every turn decision the counting pick
// (chooseTurn) must return what Choose returns on the whole list, the
// deploy and DV tile move counts must be the lists' lengths, and the two
// copies must stay in step (the same random draws). The board view they
// read must be TerrainNow, its terrain sets and occupied.
func TestRandomTurnPick(t *testing.T) {
	kinds, dos := map[Kind]int{}, map[Do]int{}
	for seed := uint64(1); seed <= 150; seed++ {
		var full, pick [2]*Random
		for s := range 2 {
			a, _ := NewPolicy("random", seed, s)
			b, _ := NewPolicy("random", seed, s)
			full[s], pick[s] = a.(*Random), b.(*Random)
		}
		g, err := New(annasgen.Ruleset, Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		var tp turnPicker
		for steps := 0; !g.Over() && steps < 3000; steps++ {
			s := g.Actor()
			legal := g.LegalActions()
			want := full[s].Choose(g, legal)
			if g.Phase == PhaseTurn && g.pending == nil {
				var n [Bar + 1]int
				for i := range legal {
					n[legal[i].Kind]++
				}
				var bv boardView
				g.boardView(&bv)
				if terr := g.TerrainNow(); bv.terr != terr || bv.ts != newTerrainSets(g.Rules, &terr) || bv.occ != g.occupied() {
					t.Fatalf("seed %d step %d: boardView %+v, want TerrainNow %v and its sets", seed, steps, bv, terr)
				}
				if got := g.deployCount(g.Current, &bv); got != n[Deploy] {
					t.Fatalf("seed %d step %d: deployCount %d, list has %d", seed, steps, got, n[Deploy])
				}
				if got := g.dvMoveCount(g.Current, bv.occ[0]|bv.occ[1]); got != n[MoveDVTile] {
					t.Fatalf("seed %d step %d: dvMoveCount %d, list has %d", seed, steps, got, n[MoveDVTile])
				}
				if got := pick[s].chooseTurn(g, &tp); got != want {
					t.Fatalf("seed %d step %d: chooseTurn %+v, Choose %+v", seed, steps, got, want)
				}
				kinds[want.Kind]++
				if want.Kind == Activate {
					dos[want.Do]++
				}
			} else if got := pick[s].Choose(g, legal); got != want {
				t.Fatalf("seed %d step %d: copies out of step: %+v, %+v", seed, steps, got, want)
			}
			if err := g.Apply(want); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The counted kinds and the built ones were all picked.
	for _, k := range []Kind{EndTurn, Deploy, Activate, MoveDVTile, DiscardAct, Buy, UseShop, Bump} {
		if kinds[k] == 0 {
			t.Errorf("no %s picked in 150 games", k)
		}
	}
	for d := Wait; d <= Work; d++ {
		if dos[d] == 0 {
			t.Errorf("no activation with %s picked in 150 games", d)
		}
	}
	t.Log(kinds, dos)
}

// TestInRange: the range rings give every tile whose distance is in range,
// for every tile and range set.
func TestInRange(t *testing.T) {
	for from := Tile(0); from < Tiles; from++ {
		for r := range 256 {
			rs := table.RangeSet(r)
			var want TileSet
			for to := Tile(0); to < Tiles; to++ {
				if rs.Has(Dist(from, to)) {
					want = with(want, to)
				}
				if int(dist[from][to]) != Dist(from, to) {
					t.Fatalf("dist %s %s = %d, want %d", from, to, dist[from][to], Dist(from, to))
				}
			}
			if got := inRange(from, rs); got != want {
				t.Fatalf("inRange(%s, %08b) = %v, want %v", from, r, Names(got), Names(want))
			}
		}
	}
}
