package annas

import (
	"math/bits"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// Tile and TileSet are the table's: File + 6*Rank, a1 = 0, f6 = 35.
type (
	Tile    = table.Tile
	TileSet = table.TileSet
)

// NoTile marks "no tile" (a unit off the board, a DV tile in hand).
const NoTile = table.NoTile

// Size is the side of the square board; Tiles the number of squares.
const (
	Size  = table.BoardSize
	Tiles = Size * Size
)

// at is the tile at file and rank (0-based), or NoTile off the board.
func at(file, rank int) Tile {
	if file < 0 || file >= Size || rank < 0 || rank >= Size {
		return NoTile
	}
	return table.TileAt(file, rank)
}

// Dist is the orthogonal (Manhattan) distance: range is never counted diagonally.
func Dist(a, b Tile) int {
	df, dr := a.File()-b.File(), a.Rank()-b.Rank()
	if df < 0 {
		df = -df
	}
	if dr < 0 {
		dr = -dr
	}
	return df + dr
}

// step is the tile one square from t in direction d (0 north, 1 east, 2 south, 3 west).
func step(t Tile, d int) Tile {
	switch d {
	case 0:
		return at(t.File(), t.Rank()+1)
	case 1:
		return at(t.File()+1, t.Rank())
	case 2:
		return at(t.File(), t.Rank()-1)
	default:
		return at(t.File()-1, t.Rank())
	}
}

var neighbors [Tiles][]Tile

// dist is Dist of every pair of tiles; ring[t][d] the tiles at distance d
// from t.
var (
	dist [Tiles][Tiles]int8
	ring [Tiles][2 * Size]TileSet
)

// inRange is the tiles whose distance to t is in r.
func inRange(t Tile, r table.RangeSet) (s TileSet) {
	for v := uint(r); v != 0; v &= v - 1 {
		s |= ring[t][bits.TrailingZeros(v)] // r holds distances 0-7 only
	}
	return s
}

func init() {
	for a := Tile(0); a < Tiles; a++ {
		for b := Tile(0); b < Tiles; b++ {
			d := Dist(a, b)
			dist[a][b] = int8(d)
			ring[a][d] = with(ring[a][d], b)
		}
	}
	for t := Tile(0); t < Tiles; t++ {
		for d := 0; d < 4; d++ {
			if n := step(t, d); n != NoTile {
				neighbors[t] = append(neighbors[t], n)
			}
		}
	}
}

func with(s TileSet, t Tile) TileSet { return s | 1<<uint(t) }

// tiles lists a set in index order (a1, b1, … f6).
func tiles(s TileSet) []Tile {
	out := make([]Tile, 0, bits.OnesCount64(uint64(s)))
	for v := uint64(s); v != 0; v &= v - 1 {
		out = append(out, Tile(bits.TrailingZeros64(v)))
	}
	return out
}

// Names lists a set's tile names sorted a1, a2, …, a6, b1, … f6.
func Names(s TileSet) []string {
	ts := tiles(s)
	slices.SortFunc(ts, func(a, b Tile) int {
		if a.File() != b.File() {
			return a.File() - b.File()
		}
		return a.Rank() - b.Rank()
	})
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.String()
	}
	return out
}
