package annas

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

type mapDoc struct {
	ID     string     `yaml:"id"`
	Name   string     `yaml:"name"`
	Mode   string     `yaml:"mode"`
	Tiles  at[string] `yaml:"tiles"`
	Deploy struct {
		South []at[string] `yaml:"south"`
		North []at[string] `yaml:"north"`
		West  []at[string] `yaml:"west"`
		East  []at[string] `yaml:"east"`
	} `yaml:"deploy"`
	Text string `yaml:"text"`
}

var seatNames = [table.Seats]string{"south", "north", "west", "east"}

// grid reads a map's tiles text into terrain indexes with the position of
// every glyph. ok is false when the grid has the wrong shape or glyphs.
func (b *builder) grid(d *compiler.Doc, id string, t at[string], glyphs map[string]int, glyphList []string) (tiles [36]uint8, at [36]diag.Pos, ok bool) {
	lines := strings.Split(strings.TrimRight(t.V, "\n"), "\n")
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	// Literal blocks (tiles: |) keep lines verbatim, so each glyph's column
	// can be found in the source; other styles point at the value.
	var src []string
	literal := t.N != nil && t.N.Style&yaml.LiteralStyle != 0
	if literal {
		src = strings.Split(string(d.Pack.Set.Source(d.File)), "\n")
	}
	first := -1
	if literal {
		// The first content line follows the indicator line.
		for i := t.N.Line; i < len(src); i++ {
			if strings.TrimSpace(src[i]) != "" {
				first = i
				break
			}
		}
	}
	linePos := func(r int, off int) diag.Pos {
		if first >= 0 && first+r < len(src) {
			indent := len(strings.TrimRight(src[first+r], "\r")) - len(lines[r])
			if indent >= 0 {
				return diag.Pos{File: d.File, Line: first + r + 1, Col: indent + off + 1}
			}
		}
		return pos(d, t.N)
	}
	ok = true
	if len(lines) != table.BoardSize {
		b.diags.Add(CodeMapGrid, pos(d, t.N), "map %q has %d rows; a map has 6 rows of 6 glyphs, rank 6 first", id, len(lines)).Hint = "write six lines of six glyphs separated by spaces"
		ok = false
	}
	for r, line := range lines {
		if r >= table.BoardSize {
			break
		}
		cols, fields := compiler.GridRow(line)
		if len(fields) != table.BoardSize {
			b.diags.Add(CodeMapGrid, linePos(r, len(line)-len(strings.TrimLeft(line, " \t"))), "map %q: rank %d has %d glyphs; each row has 6, separated by spaces", id, table.BoardSize-r, len(fields)).Hint = "write six glyphs per row, like `. . C . . .`"
			ok = false
			continue
		}
		for c, g := range fields {
			p := linePos(r, cols[c])
			tile := table.TileAt(c, table.BoardSize-1-r)
			at[tile] = p
			ti, known := glyphs[g]
			if !known {
				dd := b.diags.Add(CodeMapGlyph, p, "map %q: glyph %q at %s is not any terrain's glyph", id, g, tile)
				dd.Hint = "terrain glyphs: " + strings.Join(glyphList, " ")
				ok = false
				continue
			}
			tiles[tile] = uint8(ti)
		}
	}
	return tiles, at, ok
}

func (b *builder) maps() {
	glyphs := map[string]int{}
	var glyphList []string
	for i, t := range b.rs.Terrain {
		if _, dup := glyphs[t.Glyph]; !dup && t.Glyph != "" {
			glyphs[t.Glyph] = i
			glyphList = append(glyphList, t.Glyph)
		}
	}
	for d, m := range compiler.Decoded[mapDoc](b.p, "map", &b.diags, func(d *compiler.Doc) {
		b.rs.Maps = append(b.rs.Maps, table.Map{ID: d.ID})
	}) {
		tm := table.Map{ID: m.ID, Name: m.Name, Mode: modes[m.Mode]}
		tiles, where, gridOK := b.grid(d, m.ID, m.Tiles, glyphs, glyphList)
		tm.Tiles = tiles
		for t := range tiles {
			if gridOK && b.rs.Terrain[tiles[t]].Capture {
				tm.Castles |= 1 << uint(t)
			}
		}
		// Deployment zones.
		seats := [table.Seats][]at[string]{m.Deploy.South, m.Deploy.North, m.Deploy.West, m.Deploy.East}
		owner := map[table.Tile]at[string]{}
		ownerSeat := map[table.Tile]int{}
		for s, list := range seats {
			for _, ts := range list {
				tile, okT := table.ParseTile(ts.V)
				if !okT {
					b.diags.Add(CodeDeploy, pos(d, ts.N), "map %q: deploy tile %q of seat %s is not on the 6x6 board", m.ID, ts.V, seatNames[s]).Hint = "tiles are a1..f6: file a-f west to east, rank 1-6 south to north"
					continue
				}
				if prev, dup := owner[tile]; dup {
					dd := b.diags.Add(CodeDeploy, pos(d, ts.N), "map %q: deploy tile %s is claimed by seat %s and seat %s", m.ID, tile, seatNames[ownerSeat[tile]], seatNames[s])
					dd.Related = []diag.Related{{Pos: pos(d, prev.N), Message: "first claimed here"}}
					continue
				}
				owner[tile], ownerSeat[tile] = ts, s
				if gridOK && b.rs.Terrain[tiles[tile]].Impassable {
					b.diags.Add(CodeDeploy, pos(d, ts.N), "map %q: deploy tile %s of seat %s is %s, which no unit can enter", m.ID, tile, seatNames[s], b.rs.Terrain[tiles[tile]].Name)
					continue
				}
				tm.Deploy[s] |= 1 << uint(tile)
			}
		}
		need := []int{int(table.South), int(table.North)}
		if tm.Mode == table.BossMode {
			need = []int{0, 1, 2, 3}
		}
		for _, s := range need {
			if len(seats[s]) == 0 {
				b.diags.Add(CodeDeploy, d.FieldPos("deploy"), "map %q (%s) has no deployment zone for seat %s", m.ID, m.Mode, seatNames[s]).Hint = fmt.Sprintf("add deploy: {%s: [...]}; versus maps need south and north, boss maps all four seats", seatNames[s])
			}
		}
		if gridOK {
			b.mapTerrain(d, &tm, where)
		}
		b.rs.Maps = append(b.rs.Maps, tm)
	}
}

// mapTerrain checks castles (versus) and flat terrain (boss).
func (b *builder) mapTerrain(d *compiler.Doc, m *table.Map, where [36]diag.Pos) {
	if m.Mode == table.BossMode {
		for t, ti := range m.Tiles {
			tr := b.rs.Terrain[ti]
			if tr.Stop || tr.Blocks != 0 || tr.Impassable {
				b.diags.Add(CodeBossTerrain, where[t], "boss map %q has %s at %s; the boss map is flat (no forest, water, mountain or ruins)", m.ID, tr.Name, table.Tile(t)).Hint = "use terrain that neither stops movement nor blocks tags"
			}
		}
		return
	}
	if m.Castles == 0 {
		b.diags.Add(CodeCastle, d.FieldPos("tiles"), "versus map %q has no castle, so nobody can capture", m.ID).Hint = "place at least one terrain with capture: true (glyph C)"
		return
	}
	var zones table.TileSet
	for _, z := range m.Deploy {
		zones |= z
	}
	for s, zone := range m.Deploy {
		if zone == 0 {
			continue
		}
		reached := b.flood(m, zone, zones&^zone)
		for t := table.Tile(0); t < 36; t++ {
			if m.Castles.Has(t) && !reached.Has(t) {
				b.diags.Add(CodeCastleReach, where[t], "versus map %q: the castle at %s cannot be reached from seat %s's deployment zone by a unit with no tags", m.ID, t, seatNames[s]).Hint = "open a path of enterable tiles; ruins and other seats' deployment zones block it"
			}
		}
	}
}

// flood returns the tiles a unit with no tags can reach, over any number of
// moves, from the tiles of from, never entering impassable terrain or closed
// tiles (other seats' deployment zones).
func (b *builder) flood(m *table.Map, from, closed table.TileSet) table.TileSet {
	var seen table.TileSet
	var queue []table.Tile
	for t := table.Tile(0); t < 36; t++ {
		if from.Has(t) && !b.rs.Terrain[m.Tiles[t]].Impassable {
			seen |= 1 << uint(t)
			queue = append(queue, t)
		}
	}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		f, r := t.File(), t.Rank()
		for _, n := range [4][2]int{{f + 1, r}, {f - 1, r}, {f, r + 1}, {f, r - 1}} {
			if n[0] < 0 || n[0] >= table.BoardSize || n[1] < 0 || n[1] >= table.BoardSize {
				continue
			}
			nt := table.TileAt(n[0], n[1])
			tr := b.rs.Terrain[m.Tiles[nt]]
			if seen.Has(nt) || closed.Has(nt) || tr.Impassable {
				continue
			}
			seen |= 1 << uint(nt)
			queue = append(queue, nt)
		}
	}
	return seen
}
