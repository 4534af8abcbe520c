package annas

import (
	"fmt"
	"math/bits"
)

// Size is the side of the square board.
const Size = 6

// Tiles is the number of tiles on the board.
const Tiles = Size * Size

// Tile is a board square: file*6 + rank, so a1, a2, …, a6, b1, … f6 sort in
// index order. NoTile is off the board.
type Tile int8

// NoTile marks "no tile" (a unit not on the board, a DV tile in hand).
const NoTile Tile = -1

// TileAt is the tile at file (0 = a) and rank (0 = 1), or NoTile off the board.
func TileAt(file, rank int) Tile {
	if file < 0 || file >= Size || rank < 0 || rank >= Size {
		return NoTile
	}
	return Tile(file*Size + rank)
}

// File is 0 for a … 5 for f.
func (t Tile) File() int { return int(t) / Size }

// Rank is 0 for 1 … 5 for 6.
func (t Tile) Rank() int { return int(t) % Size }

func (t Tile) String() string {
	if t < 0 || int(t) >= Tiles {
		return "-"
	}
	return string(rune('a'+t.File())) + string(rune('1'+t.Rank()))
}

// ParseTile reads a chess-like tile name such as "c4".
func ParseTile(s string) (Tile, error) {
	if len(s) == 2 && s[0] >= 'a' && s[0] < 'a'+Size && s[1] >= '1' && s[1] < '1'+Size {
		return TileAt(int(s[0]-'a'), int(s[1]-'1')), nil
	}
	return NoTile, fmt.Errorf("bad tile %q (want a1 … f6)", s)
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

// Step is the tile one square from t in direction d (0 north, 1 east, 2 south, 3 west).
func (t Tile) Step(d int) Tile {
	switch d {
	case 0:
		return TileAt(t.File(), t.Rank()+1)
	case 1:
		return TileAt(t.File()+1, t.Rank())
	case 2:
		return TileAt(t.File(), t.Rank()-1)
	default:
		return TileAt(t.File()-1, t.Rank())
	}
}

var neighbors [Tiles][]Tile

func init() {
	for t := Tile(0); t < Tiles; t++ {
		for d := 0; d < 4; d++ {
			if n := t.Step(d); n != NoTile {
				neighbors[t] = append(neighbors[t], n)
			}
		}
	}
}

// Neighbors are the orthogonally adjacent tiles.
func (t Tile) Neighbors() []Tile { return neighbors[t] }

// TileSet is a set of tiles as bits.
type TileSet uint64

// Has reports whether t is in the set.
func (s TileSet) Has(t Tile) bool { return t >= 0 && s&(1<<uint(t)) != 0 }

// With returns the set with t added.
func (s TileSet) With(t Tile) TileSet { return s | 1<<uint(t) }

// Len is the number of tiles in the set.
func (s TileSet) Len() int { return bits.OnesCount64(uint64(s)) }

// List returns the tiles in order a1, a2, …, f6.
func (s TileSet) List() []Tile {
	out := make([]Tile, 0, s.Len())
	for v := uint64(s); v != 0; v &= v - 1 {
		out = append(out, Tile(bits.TrailingZeros64(v)))
	}
	return out
}

// Strings names the tiles in order.
func (s TileSet) Strings() []string {
	out := make([]string, 0, s.Len())
	for _, t := range s.List() {
		out = append(out, t.String())
	}
	return out
}
