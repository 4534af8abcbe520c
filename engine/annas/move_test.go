package annas

import (
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
