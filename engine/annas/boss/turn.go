package boss

import "github.com/roundtable-dev/roundtable/engine/annas/table"

// advance ends the current turn and starts the next one in the order table,
// running boss turns until a player's turn begins or the game ends.
func (g *Game) advance() {
	g.acting = -1
	for g.Phase != PhaseOver {
		if g.Pos >= 0 {
			g.endTurnMods()
		}
		g.Pos++
		if g.Pos == len(g.Order) {
			g.Pos = 0
			g.Round++
		}
		g.Turn++
		if g.Order[g.Pos] == BossSeat {
			g.bossTurn()
			continue
		}
		g.startPlayerTurn(g.Order[g.Pos])
		return
	}
}

// startPlayerTurn is rulebook VIII, On Player Turns: gain DV (only the turn
// player) and ready every unit of yours; "until your next turn" effects you
// applied end now, not at other players' turns.
func (g *Game) startPlayerTurn(p int) {
	g.Current = p
	g.Deploys, g.HasteDeploys, g.Discards = 0, 0, 0
	g.Guest = 0
	g.readied = g.readied[:0]
	for i := range g.Players {
		g.Players[i].LostTurn = 0
	}
	pl := &g.Players[p]
	pl.Turns++
	pl.DV += int(g.num.DVPerTurn)
	g.dropNextTurn(p)
	for _, u := range g.Units {
		if int(u.Owner) == p {
			u.Exhausted = false
		}
	}
	g.logf("start", "gains %d DV (%d), readies units", g.num.DVPerTurn, pl.DV)
	for _, u := range slicesClone(g.Units) {
		if int(u.Owner) == p && g.UnitByID(u.ID) != nil {
			g.runUnit(u, table.StartOfTurn, nil)
		}
	}
}

func slicesClone(s []*Unit) []*Unit { return append([]*Unit(nil), s...) }

// dropNextTurn ends the "until your next turn" mods applied by by.
func (g *Game) dropNextTurn(by int) {
	keep := func(m []Mod) []Mod {
		out := m[:0]
		for _, x := range m {
			if !(x.Expiry == UntilNextTurn && int(x.By) == by) {
				out = append(out, x)
			}
		}
		return out
	}
	for _, u := range g.Units {
		u.Mods = keep(u.Mods)
	}
	g.BossMods = keep(g.BossMods)
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

func (g *Game) endTurnMods() {
	for _, u := range g.Units {
		u.Mods = dropMods(u.Mods, UntilTurnEnd)
	}
	g.BossMods = dropMods(g.BossMods, UntilTurnEnd)
}

// finish ends the game.
func (g *Game) finish(r Result, reason string) {
	if g.Phase == PhaseOver {
		return
	}
	g.Phase = PhaseOver
	g.Result = r
	g.Reason = reason
	g.logf("end", "%s win: %s", r, reason)
}
