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
//
// It is a breadth-first search run on whole sets: step k reaches the tiles
// at exactly k steps, entered from tiles a move may go on from (the start,
// or terrain that does not stop it).
func (f *Field) Reach(from Tile, mov int, tags table.TagSet) TileSet {
	var enter, stop TileSet
	for t := Tile(0); t < Tiles; t++ {
		tr := &f.Rules.Terrain[f.Terrain[t]]
		if CanEnter(tr, tags) {
			enter |= 1 << uint(t)
		}
		if Stops(tr, tags) {
			stop |= 1 << uint(t)
		}
	}
	return f.reach(from, mov, enter, stop)
}

// reach is Reach with the tiles the unit may enter and those that stop it given.
func (f *Field) reach(from Tile, mov int, enter, stop TileSet) TileSet {
	pass := enter &^ f.Closed &^ f.Enemies
	start := with(0, from)
	seen, ring := start, start
	for range mov {
		ring = spread(ring&^(stop&^start)) & pass &^ seen
		if ring == 0 {
			break
		}
		seen |= ring
	}
	return seen&^(f.Allies|f.Enemies) | start
}

// Board masks for spread.
const (
	allTiles TileSet = 1<<Tiles - 1
	fileA    TileSet = 1 | 1<<Size | 1<<(2*Size) | 1<<(3*Size) | 1<<(4*Size) | 1<<(5*Size)
	fileLast TileSet = fileA << (Size - 1)
)

// spread is every tile one orthogonal step from a tile of s.
func spread(s TileSet) TileSet {
	return (s<<Size | s>>Size | (s&^fileLast)<<1 | (s&^fileA)>>1) & allTiles
}

// terrainSets are the tiles of each terrain index (of a board with at most
// maxSetTerrains terrains), for whole-set terrain checks.
type terrainSets struct {
	n    int // terrains; 0 when there are too many: use the per-tile checks
	sets [maxSetTerrains]TileSet
}

const maxSetTerrains = 16

func newTerrainSets(rs *table.Ruleset, terr *[Tiles]int16) (ts terrainSets) {
	if len(rs.Terrain) > maxSetTerrains {
		return ts
	}
	ts.n = len(rs.Terrain)
	for t := range terr {
		ts.sets[terr[t]] |= 1 << uint(t)
	}
	return ts
}

// enterStop are the tiles a unit with tags may enter and those that end
// its move (CanEnter and Stops on every tile); ts.n must not be 0.
func (ts *terrainSets) enterStop(rs *table.Ruleset, tags table.TagSet) (enter, stop TileSet) {
	for i := range ts.n {
		if ts.sets[i] == 0 {
			continue
		}
		tr := &rs.Terrain[i]
		if CanEnter(tr, tags) {
			enter |= ts.sets[i]
		}
		if Stops(tr, tags) {
			stop |= ts.sets[i]
		}
	}
	return enter, stop
}

// enter is enterStop's enter alone.
func (ts *terrainSets) enter(rs *table.Ruleset, tags table.TagSet) (enter TileSet) {
	for i := range ts.n {
		if ts.sets[i] != 0 && CanEnter(&rs.Terrain[i], tags) {
			enter |= ts.sets[i]
		}
	}
	return enter
}
