package annas

import (
	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// beginTurns starts the first turn once the setup mulligans are decided.
func (g *Game) beginTurns() {
	g.Phase = PhaseTurn
	if g.Boss != nil {
		g.advance()
		return
	}
	g.Turn = 0
	g.Current = 1
	g.nextTurn()
}

// nextTurn ends the turn and starts the next one: versus the other
// player's; boss mode the next in the turn order, boss turns included.
func (g *Game) nextTurn() {
	if g.Boss != nil {
		g.advance()
		return
	}
	g.endTurnMods()
	g.Current = 1 - g.Current
	g.Turn++
	if g.num.MaxTurns > 0 && g.Turn > int(g.num.MaxTurns) {
		g.Deploys, g.HasteDeploys, g.Captures, g.Discards = 0, 0, 0, 0
		for p := range g.Players {
			g.Players[p].LostTurn = 0
		}
		g.finish("turn limit")
		return
	}
	g.startTurn(g.Current)
}

// startTurn is the start of player p's turn (rulebook III, Start of Turn;
// VIII, On Player Turns): reset the per-turn counters, gain coins and DV
// where the mode gives them (only the turn player), end the "until your
// next turn" effects p applied, ready p's exhausted units, fire p's
// start-of-turn effects.
func (g *Game) startTurn(p int) {
	g.Current = p
	g.Deploys, g.HasteDeploys, g.Captures, g.Discards = 0, 0, 0, 0
	g.Guest = 0
	for i := range g.Players {
		g.Players[i].LostTurn = 0
	}
	pl := &g.Players[p]
	pl.Turns++
	pl.Coins += int(g.num.CoinsPerTurn)
	pl.DV += int(g.num.DVPerTurn)
	if g.Boss != nil {
		g.emit("turn", p, nil, "P%d's turn %d: %d DV, readies units", p+1, g.Turn, pl.DV)
	} else {
		g.emit("turn", p, nil, "P%d's turn %d: %d coins, %d DV", p+1, g.Turn, pl.Coins, pl.DV)
	}
	for _, pc := range g.Pieces {
		pc.Acts = 0
		pc.Mods = dropNextTurn(pc.Mods, p)
		if int(pc.Owner) == p {
			pc.Exhausted = false
		}
	}
	g.startOfTurn()
}

// dropNextTurn ends the "until your next turn" effects seat applied, on
// every piece (rulebook VIII: they last through the other players' turns).
func (g *Game) dropNextTurn(seat int) {
	for _, pc := range g.Pieces {
		pc.Mods = dropNextTurn(pc.Mods, seat)
	}
}

// endTurnMods ends every "this turn" effect.
func (g *Game) endTurnMods() {
	for i := range g.Pieces {
		g.Pieces[i].Mods = dropMods(g.Pieces[i].Mods, UntilTurnEnd)
	}
}

// dropNextTurn ends the "until your next turn" effects of seat p in m.
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

// occupied splits the occupied tiles by team (versus: by player); the boss
// covers its four squares.
func (g *Game) occupied() (side [2]TileSet) {
	if g.Boss == nil {
		for i := range g.Pieces {
			side[g.Pieces[i].Owner] = with(side[g.Pieces[i].Owner], g.Pieces[i].Tile)
		}
		return side
	}
	for _, q := range g.Pieces {
		t := g.team(int(q.Owner))
		if q.Kind == BossPiece {
			side[t] |= block(q.Tile)
		} else {
			side[t] = with(side[t], q.Tile)
		}
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

// field is movement's view for a piece of seat p: its team's pieces may be
// passed through, the other team's (boss mode: the boss and its summons,
// tokens too) may not.
func (g *Game) field(p int, terr *[Tiles]int16) Field {
	occ := g.occupied()
	t := g.team(p)
	return Field{Rules: g.Rules, Terrain: terr, Allies: occ[t], Enemies: occ[1-t], Closed: g.closedZone(p)}
}

// finish ends a versus game (rules data: most VP, then the tiebreaks, else
// a draw).
func (g *Game) finish(reason string) {
	g.Phase = PhaseOver
	g.Reason = reason
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
