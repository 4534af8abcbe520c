package annas

import (
	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// nextTurn passes the turn and runs the start of turn (rulebook III, Start of
// Turn): gain coins (and DV where the mode gives it), ready every exhausted
// unit, reset the per-turn counters, fire start-of-turn effects.
func (g *Game) nextTurn() {
	g.endTurnMods()
	g.Current = 1 - g.Current
	g.Turn++
	g.Deploys, g.HasteDeploys, g.Captures, g.Discards = 0, 0, 0, 0
	for p := range g.Players {
		g.Players[p].LostTurn = 0
	}
	if g.num.MaxTurns > 0 && g.Turn > int(g.num.MaxTurns) {
		g.finish("turn limit")
		return
	}
	pl := &g.Players[g.Current]
	pl.Coins += int(g.num.CoinsPerTurn)
	pl.DV += int(g.num.DVPerTurn)
	g.emit("turn", g.Current, nil, "P%d's turn %d: %d coins, %d DV", g.Current+1, g.Turn, pl.Coins, pl.DV)
	for _, pc := range g.Pieces {
		pc.Acts = 0
		pc.Mods = dropNextTurn(pc.Mods, g.Current)
		if int(pc.Owner) == g.Current {
			pc.Exhausted = false
		}
	}
	g.startOfTurn()
}

// endTurnMods ends every "this turn" effect.
func (g *Game) endTurnMods() {
	for i := range g.Pieces {
		g.Pieces[i].Mods = dropMods(g.Pieces[i].Mods, UntilTurnEnd)
	}
}

// dropNextTurn ends the "until your next turn" effects of player p.
func dropNextTurn(m []Mod, p int) []Mod {
	out := m[:0]
	for _, x := range m {
		if x.Expiry != UntilNextTurn || int(x.By) != p {
			out = append(out, x)
		}
	}
	return out
}

func dropMods(m []Mod, e Expiry) []Mod {
	out := m[:0]
	for _, x := range m {
		if x.Expiry != e {
			out = append(out, x)
		}
	}
	return out
}

// occupied splits the occupied tiles by owner.
func (g *Game) occupied() (side [2]TileSet) {
	for i := range g.Pieces {
		side[g.Pieces[i].Owner] = with(side[g.Pieces[i].Owner], g.Pieces[i].Tile)
	}
	return side
}

// TerrainNow is the terrain index of every tile with the DV tiles laid.
func (g *Game) TerrainNow() [Tiles]int16 {
	var t [Tiles]int16
	if g.Map < 0 {
		for i := range t {
			t[i] = int16(g.mapTerrain(Tile(i))) // forecasts: an empty plain board
		}
	} else {
		m := &g.Rules.Maps[g.Map]
		for i := range t {
			t[i] = int16(m.Tiles[i])
		}
	}
	for p := range g.Players {
		pl := &g.Players[p]
		if pl.DVTile == NoTile {
			continue
		}
		if pl.DVRuins {
			t[pl.DVTile] = g.Rules.Rules.DVRuins
		} else {
			t[pl.DVTile] = g.Rules.Rules.DVPlain
		}
	}
	return t
}

// field is movement's view for the owner of a piece.
func (g *Game) field(p int, terr *[Tiles]int16) Field {
	occ := g.occupied()
	return Field{Rules: g.Rules, Terrain: terr, Allies: occ[p], Enemies: occ[1-p], Closed: g.DeployZone(1 - p)}
}

// finish ends the game (rules data: most VP, then the tiebreaks, else a draw).
func (g *Game) finish(reason string) {
	g.Phase = PhaseOver
	g.Reason = reason
	g.windows = nil
	a, b := g.Players[0].VP(), g.Players[1].VP()
	switch {
	case a > b:
		g.Winner = 0
	case b > a:
		g.Winner = 1
	default:
		g.Winner = -1
		for _, tb := range g.num.Tiebreaks {
			if w := g.tiebreak(tb); w >= 0 {
				g.Winner = w
				break
			}
		}
	}
	if g.Winner >= 0 {
		g.emit("end", g.Winner, nil, "P%d wins (%s), VP %d-%d", g.Winner+1, reason, a, b)
	} else {
		g.emit("end", -1, nil, "a draw (%s), VP %d-%d", reason, a, b)
	}
}

func (g *Game) tiebreak(tb table.Tiebreak) int {
	p0, p1 := &g.Players[0], &g.Players[1]
	switch tb {
	case table.TieMoreVPCards:
		return better(len(p0.VPCards), len(p1.VPCards))
	case table.TieFewerLost:
		return better(p1.Lost, p0.Lost)
	case table.TieSecondPlayer:
		return 1
	}
	return -1
}

// better is 0 when a > b, 1 when b > a, -1 on a tie.
func better(a, b int) int {
	switch {
	case a > b:
		return 0
	case b > a:
		return 1
	}
	return -1
}
