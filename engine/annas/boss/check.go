package boss

import (
	"fmt"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// Check reports the first broken state invariant, or nil: the boss block on
// the board, every corner's HP within its bar, lives within the boss's
// count, no two things on one square, no negative DV, every player board
// within its deploy limits (slots, distinct colors, one gray, one legendary).
func (g *Game) Check() error {
	if !ValidBossTile(g.BossAt) {
		return fmt.Errorf("boss block at %s is off the board", g.BossAt)
	}
	for c := range 4 {
		if l := g.CornerLeft(c); l < 0 || l > int(g.b.Corners[c].HP) {
			return fmt.Errorf("corner %d has %d of %d HP left", c, l, g.b.Corners[c].HP)
		}
	}
	if g.Lives < 0 || g.Lives > int(g.b.Lives[len(g.Players)]) {
		return fmt.Errorf("%d lives", g.Lives)
	}
	seen := g.BossSquares()
	for _, u := range g.Units {
		if seen.Has(u.Tile) {
			return fmt.Errorf("%s shares %s", g.unitName(u), u.Tile)
		}
		seen |= 1 << uint(u.Tile)
	}
	for _, x := range g.Summons {
		if seen.Has(x.Tile) {
			return fmt.Errorf("%s shares %s", g.b.Summons[x.Kind].ID, x.Tile)
		}
		seen |= 1 << uint(x.Tile)
	}
	for p := range g.Players {
		if g.Players[p].DV < 0 {
			return fmt.Errorf("player %d has %d DV", p+1, g.Players[p].DV)
		}
		var n, gray, legend int
		var colors [4]bool
		for _, u := range g.Units {
			if int(u.Owner) != p {
				continue
			}
			n++
			c := &g.Rules.Units[u.Card]
			if colors[c.Color] && g.num.DistinctColors {
				return fmt.Errorf("player %d has two %s units", p+1, c.Color)
			}
			colors[c.Color] = true
			if c.Color == table.Gray {
				gray++
			}
			if c.Legendary {
				legend++
			}
		}
		if n > int(g.num.Slots) || gray > int(g.num.MaxGray) || legend > int(g.num.MaxLegendary) {
			return fmt.Errorf("player %d has %d units (%d gray, %d legendary)", p+1, n, gray, legend)
		}
	}
	return nil
}
