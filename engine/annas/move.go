package annas

import "github.com/roundtable-dev/roundtable/engine/annas/table"

// CanEnter reports whether a unit with tags may enter terrain tr (rulebook IV,
// Terrain Effects): Ruins never; a tag that ignores the terrain's restrictions
// wins over a tag the terrain blocks (Flying with Cavalry still enters Forest).
func CanEnter(tr *table.Terrain, tags table.TagSet) bool {
	if tr.Impassable {
		return false
	}
	if tags&tr.IgnoredBy != 0 {
		return true
	}
	return tags&tr.Blocks == 0
}

// Stops reports whether entering tr ends the move of a unit with tags.
func Stops(tr *table.Terrain, tags table.TagSet) bool {
	return tr.Stop && tags&tr.IgnoredBy == 0
}

// Field is what movement sees of the board from one unit's side.
type Field struct {
	Rules   *table.Ruleset
	Terrain *[Tiles]int16 // terrain index per tile, DV tiles already laid
	Allies  TileSet       // may be passed through, never ended on
	Enemies TileSet       // may be neither
	Closed  TileSet       // the enemy's deployment zone
}

// Enterable reports whether a unit with tags may stand on t, ignoring units.
func (f *Field) Enterable(t Tile, tags table.TagSet) bool {
	return !f.Closed.Has(t) && CanEnter(&f.Rules.Terrain[f.Terrain[t]], tags)
}

// Reach is every tile where a unit at from with mov and tags may end its move,
// its own tile included (rulebook IV, General Movement Rules): orthogonal
// steps, up to mov, stopping on terrain that ends movement, through allies
// but not enemies, never ending on an occupied tile.
func (f *Field) Reach(from Tile, mov int, tags table.TagSet) TileSet {
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
