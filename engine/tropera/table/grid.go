package table

import "strconv"

// MaxWidth and MaxHeight bound a map: files a-z, ranks 1-99.
const (
	MaxWidth  = 26
	MaxHeight = 99
)

// TileName is a tile's chess-like name: file a (west) to z, rank 1
// (south) up: "c4".
func (m *Map) TileName(t int) string { return TileName(t, int(m.Width)) }

// TileName names tile t of a map width wide.
func TileName(t, width int) string {
	if t < 0 || width <= 0 {
		return "-"
	}
	return string(rune('a'+t%width)) + strconv.Itoa(t/width+1)
}

// ParseTile reads a tile name on a map of the given size; ok is false for
// a name that is not a tile of it.
func ParseTile(name string, width, height int) (int, bool) {
	if len(name) < 2 || name[0] < 'a' || name[0] > 'z' {
		return 0, false
	}
	f := int(name[0] - 'a')
	r, err := strconv.Atoi(name[1:])
	if err != nil || name[1] == '0' || name[1] == '+' || f >= width || r < 1 || r > height {
		return 0, false
	}
	return (r-1)*width + f, true
}

// Tile reads a tile name of the map.
func (m *Map) Tile(name string) (int, bool) { return ParseTile(name, int(m.Width), int(m.Height)) }
