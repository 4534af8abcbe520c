package annas

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// field builds a movement field on an all-plain board with some terrain.
func testField(t *testing.T, terrain map[string]int, allies, enemies, closed []string) Field {
	t.Helper()
	rs := fixture()
	terr := new([Tiles]int16)
	for name, tr := range terrain {
		terr[tile(t, name)] = int16(tr)
	}
	set := func(names []string) TileSet {
		var s TileSet
		for _, n := range names {
			s = with(s, tile(t, n))
		}
		return s
	}
	return Field{Rules: rs, Terrain: terr, Allies: set(allies), Enemies: set(enemies), Closed: set(closed)}
}

func reachNames(f Field, from string, mov int, tags table.TagSet, t *testing.T) []string {
	return Names(f.Reach(tile(t, from), mov, tags))
}

// Rulebook IV, General Movement Rules: orthogonal steps, up to MOV, the
// unit's own tile included.
func TestReachOrthogonalUpToMov(t *testing.T) {
	f := testField(t, nil, nil, nil, nil)
	got := reachNames(f, "c3", 1, 0, t)
	want := []string{"b3", "c2", "c3", "c4", "d3"}
	if !slices.Equal(got, want) {
		t.Errorf("reach = %v, want %v", got, want)
	}
	if n := len(reachNames(f, "a1", 2, 0, t)); n != 6 {
		t.Errorf("a1 MOV 2 reaches %d tiles, want 6 (a1 a2 a3 b1 b2 c1)", n)
	}
}

// Rulebook IV, Terrain Effects: entering Forest ends movement.
func TestForestEndsMovement(t *testing.T) {
	f := testField(t, map[string]int{"c4": trForest}, nil, nil, nil)
	got := reachNames(f, "c3", 2, 0, t)
	if !slices.Contains(got, "c4") || slices.Contains(got, "c5") {
		t.Errorf("reach = %v: want c4 (forest) but not c5 beyond it", got)
	}
}

// Rulebook IV/VII: Cavalry cannot enter Forest, Water or Mountain; Armored
// cannot enter Water; Flying cannot enter Mountain.
func TestTagsThatCannotEnter(t *testing.T) {
	f := testField(t, map[string]int{"c4": trForest, "b3": trWater, "d3": trMountain}, nil, nil, nil)
	cases := []struct {
		tags table.TagSet
		want []string
	}{
		{ts(tCavalry), []string{"c2", "c3"}},
		{ts(tArmored), []string{"c2", "c3", "c4", "d3"}},
		{ts(tFlying), []string{"b3", "c2", "c3", "c4"}},
		{0, []string{"b3", "c2", "c3", "c4", "d3"}},
	}
	for _, c := range cases {
		if got := reachNames(f, "c3", 1, c.tags, t); !slices.Equal(got, c.want) {
			t.Errorf("tags %b: reach %v, want %v", c.tags, got, c.want)
		}
	}
}

// Rulebook VII, Flying: ignores Forest and Water restrictions even with
// Cavalry or Armored, and does not stop there; Mountain still blocks it.
func TestFlyingOverForestEvenWithCavalry(t *testing.T) {
	f := testField(t, map[string]int{"c4": trForest, "c5": trWater, "d3": trMountain}, nil, nil, nil)
	got := reachNames(f, "c3", 3, ts(tFlying, tCavalry), t)
	for _, w := range []string{"c4", "c5", "c6"} {
		if !slices.Contains(got, w) {
			t.Errorf("flying cavalry reach %v lacks %s", got, w)
		}
	}
	if slices.Contains(got, "d3") {
		t.Errorf("flying cavalry entered the mountain: %v", got)
	}
	armoredFlier := reachNames(f, "c3", 3, ts(tFlying, tArmored), t)
	if !slices.Contains(armoredFlier, "c5") {
		t.Errorf("flying armored reach %v lacks the water c5", armoredFlier)
	}
}

// Rulebook IV, DV Map Tiles: Ruins are untraversable by all units.
func TestRuinsImpassable(t *testing.T) {
	f := testField(t, map[string]int{"c4": trRuins}, nil, nil, nil)
	if got := reachNames(f, "c3", 1, ts(tFlying), t); slices.Contains(got, "c4") {
		t.Errorf("reach %v enters Ruins", got)
	}
}

// Rulebook IV: the enemy's deployment zone cannot be entered.
func TestEnemyDeploymentZoneClosed(t *testing.T) {
	f := testField(t, nil, nil, nil, []string{"a6", "b6", "c6", "d6", "e6", "f6"})
	got := reachNames(f, "c4", 3, 0, t)
	if slices.Contains(got, "c6") || !slices.Contains(got, "c5") {
		t.Errorf("reach %v: want c5 but not the enemy zone c6", got)
	}
}

// Rulebook IV: units pass through allies, never through enemies, and never
// end on an occupied tile.
func TestPassThroughAlliesNotEnemies(t *testing.T) {
	f := testField(t, nil, []string{"c4"}, nil, nil)
	got := reachNames(f, "c3", 2, 0, t)
	if slices.Contains(got, "c4") || !slices.Contains(got, "c5") {
		t.Errorf("ally on c4: reach %v, want c5 (through) and not c4", got)
	}
	f = testField(t, nil, nil, []string{"c4"}, nil)
	got = reachNames(f, "c3", 2, 0, t)
	if slices.Contains(got, "c4") || slices.Contains(got, "c5") {
		t.Errorf("enemy on c4: reach %v, want neither c4 nor c5", got)
	}
}

// Names sorts a1, a2, …, f6 (file first), the CLI's documented order.
func TestNamesSorted(t *testing.T) {
	s := with(with(with(0, tile(t, "b1")), tile(t, "a2")), tile(t, "a1"))
	if got := Names(s); !slices.Equal(got, []string{"a1", "a2", "b1"}) {
		t.Errorf("Names = %v", got)
	}
}

// reachBFS is Reach as a tile-by-tile breadth-first search (the engine's
// first implementation): the oracle for TestReachMatchesBFS.
func reachBFS(f *Field, from Tile, mov int, tags table.TagSet) TileSet {
	var seen TileSet
	seen = with(seen, from)
	out := seen
	var queue [Tiles]Tile
	var dist [Tiles]int8
	queue[0] = from
	head, tail := 0, 1
	occupied := f.Allies | f.Enemies
	for head < tail {
		t := queue[head]
		head++
		d := int(dist[t])
		if d >= mov {
			continue
		}
		if t != from && Stops(&f.Rules.Terrain[f.Terrain[t]], tags) {
			continue
		}
		for _, n := range neighbors[t] {
			if seen.Has(n) || f.Enemies.Has(n) || !f.Enterable(n, tags) {
				continue
			}
			seen = with(seen, n)
			dist[n] = int8(d + 1)
			queue[tail] = n
			tail++
			if !occupied.Has(n) {
				out = with(out, n)
			}
		}
	}
	return out
}

// Reach (sets) equals the tile-by-tile search on random boards: every
// fixture terrain, allies, enemies, closed zones, movement 0–7 and tag sets.
func TestReachMatchesBFS(t *testing.T) {
	rs := fixture()
	r := rand.New(rand.NewPCG(1, 2))
	randSet := func(p int) TileSet {
		var s TileSet
		for t := Tile(0); t < Tiles; t++ {
			if r.IntN(100) < p {
				s = with(s, t)
			}
		}
		return s
	}
	for i := range 20000 {
		terr := new([Tiles]int16)
		for t := range terr {
			terr[t] = int16(r.IntN(len(rs.Terrain)))
			if r.IntN(2) == 0 {
				terr[t] = trPlain
			}
		}
		f := Field{Rules: rs, Terrain: terr, Allies: randSet(10), Enemies: randSet(10), Closed: randSet(5)}
		from := Tile(r.IntN(Tiles))
		mov := r.IntN(8)
		tags := table.TagSet(r.Uint64()) & ts(tCavalry, tFlying, tArmored, tShapeshifter)
		if got, want := f.Reach(from, mov, tags), reachBFS(&f, from, mov, tags); got != want {
			t.Fatalf("case %d: from %s mov %d tags %b: Reach %v, search %v", i, from, mov, tags, Names(got), Names(want))
		}
	}
}
