package boss

import (
	"github.com/roundtable-dev/roundtable/engine/annas"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

const tiles = table.BoardSize * table.BoardSize

// field is movement's view for player units: every player unit is an ally
// (passed through, never ended on); the boss block and summons block.
func (g *Game) field(terr *[tiles]int16) annas.Field {
	var allies table.TileSet
	for _, u := range g.Units {
		allies |= 1 << uint(u.Tile)
	}
	enemies := g.BossSquares()
	for _, s := range g.Summons {
		enemies |= 1 << uint(s.Tile)
	}
	m := &g.Rules.Maps[g.Map]
	for i := range terr {
		terr[i] = int16(m.Tiles[i])
	}
	return annas.Field{Rules: g.Rules, Terrain: terr, Allies: allies, Enemies: enemies}
}

// reach is every tile u may end a move of up to mov on, its own included.
func (g *Game) reach(u *Unit, mov int) table.TileSet {
	var terr [tiles]int16
	f := g.field(&terr)
	return f.Reach(u.Tile, mov, g.Tags(u))
}

var dirs = [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}

// line is every tile u may reach moving up to n spaces in one cardinal
// direction (rulebook VIII, DV: move a unit up to 2 spaces).
func (g *Game) line(u *Unit, n int) table.TileSet {
	var terr [tiles]int16
	f := g.field(&terr)
	tags := g.Tags(u)
	var out table.TileSet
	for _, d := range dirs {
		fl, rk := u.Tile.File(), u.Tile.Rank()
		for range n {
			fl, rk = fl+d[0], rk+d[1]
			if !onBoard(fl, rk) {
				break
			}
			t := table.TileAt(fl, rk)
			if f.Enemies.Has(t) || !f.Enterable(t, tags) {
				break
			}
			if !f.Allies.Has(t) {
				out |= 1 << uint(t)
			}
			if annas.Stops(&g.Rules.Terrain[terr[t]], tags) {
				break
			}
		}
	}
	return out
}
