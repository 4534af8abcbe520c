package boss

import (
	"math/bits"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/annas"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// LegalActions lists every action the deciding player may take now, in a
// fixed order. Apply accepts exactly these. Boss turns run inside Apply, so
// this is never asked during one.
func (g *Game) LegalActions() []Action {
	switch g.Phase {
	case PhaseOver:
		return nil
	case PhaseMulligan:
		var out []Action
		n := len(g.Players[g.Mulligan].Hand)
		for m := 0; m < 1<<n; m++ {
			if bits.OnesCount(uint(m)) <= int(g.num.MulliganMax) {
				a := act(Mulligan, g.Mulligan)
				a.Mask = uint16(m)
				out = append(out, a)
			}
		}
		return out
	}
	if u := g.UnitByID(g.Guest); u != nil {
		out := []Action{act(Pass, int(u.Owner))}
		return g.activations(u, out)
	}
	p := g.Current
	out := []Action{act(EndTurn, p)}
	out = g.deploys(p, out)
	for _, u := range g.Units {
		if int(u.Owner) == p && !u.Exhausted {
			out = g.activations(u, out)
		}
	}
	out = g.discards(p, out)
	out = g.dvActions(p, out)
	return out
}

// canDeploy reports whether p may deploy card now (rulebook VIII: no two
// units of one color; one gray and one legendary at a time).
func (g *Game) canDeploy(p int, card int16) bool {
	u := &g.Rules.Units[card]
	var n, gray, legend int
	for _, q := range g.Units {
		if int(q.Owner) != p {
			continue
		}
		n++
		qu := &g.Rules.Units[q.Card]
		if qu.Color == table.Gray {
			gray++
		}
		if qu.Legendary {
			legend++
		}
		if g.num.DistinctColors && qu.Color == u.Color {
			return false
		}
	}
	if n >= int(g.num.Slots) {
		return false
	}
	if u.Legendary && legend >= int(g.num.MaxLegendary) {
		return false
	}
	return u.Color != table.Gray || gray < int(g.num.MaxGray)
}

// freeSlot is p's lowest empty unit slot, -1 when full.
func (g *Game) freeSlot(p int) int8 {
	for s := range int8(g.num.Slots) {
		if !slices.ContainsFunc(g.Units, func(u *Unit) bool { return int(u.Owner) == p && u.Slot == s }) {
			return s
		}
	}
	return -1
}

func (g *Game) deploys(p int, out []Action) []Action {
	pl := &g.Players[p]
	normal := g.Deploys < int(g.num.DeploysPerTurn)
	haste := g.num.DVHasteDeploy >= 0 && g.HasteDeploys < 1 && pl.DV >= int(g.num.DVHasteDeploy)
	slot := g.freeSlot(p)
	if !normal && !haste || slot < 0 {
		return out
	}
	free := g.DeployZone(p) &^ g.Occupied()
	var seen []int16
	for _, c := range pl.Hand {
		if slices.Contains(seen, c) || !g.canDeploy(p, c) {
			continue
		}
		seen = append(seen, c)
		for t := Tile(0); t < tiles; t++ {
			if !free.Has(t) {
				continue
			}
			for _, h := range []bool{false, true} {
				if h && !haste || !h && !normal {
					continue
				}
				a := act(Deploy, p)
				a.Card, a.Slot, a.To, a.Haste = c, slot, t, h
				out = append(out, a)
			}
		}
	}
	return out
}

func (g *Game) discards(p int, out []Action) []Action {
	if g.num.DiscardsPerTurn > 0 && g.Discards >= int(g.num.DiscardsPerTurn) {
		return out
	}
	var seen []int16
	for _, c := range g.Players[p].Hand {
		if slices.Contains(seen, c) {
			continue
		}
		seen = append(seen, c)
		a := act(Discard, p)
		a.Card = c
		out = append(out, a)
	}
	return out
}

func (g *Game) dvActions(p int, out []Action) []Action {
	dv := g.Players[p].DV
	for _, u := range g.Units {
		if int(u.Owner) != p {
			continue
		}
		if g.num.DVMoveUnit >= 0 && dv >= int(g.num.DVMoveUnit) {
			l := g.line(u, int(g.num.DVMoveSpaces))
			for t := Tile(0); t < tiles; t++ {
				if l.Has(t) {
					a := act(DVMove, p)
					a.From, a.To = u.Tile, t
					out = append(out, a)
				}
			}
		}
		if g.num.DVRemoveUnit >= 0 && dv >= int(g.num.DVRemoveUnit) {
			a := act(DVRemove, p)
			a.From = u.Tile
			out = append(out, a)
		}
	}
	return out
}

// activations lists u's activations: every tile it may move to, then every
// unit action from there.
func (g *Game) activations(u *Unit, out []Action) []Action {
	r := g.reach(u, g.Mov(u))
	from := u.Tile
	for t := Tile(0); t < tiles; t++ {
		if !r.Has(t) {
			continue
		}
		u.Tile = t // look from the destination
		out = g.unitActions(u, from, out)
		u.Tile = from
	}
	return out
}

func (g *Game) unitActions(u *Unit, from Tile, out []Action) []Action {
	base := act(Activate, int(u.Owner))
	base.From, base.To = from, u.Tile
	out = append(out, base)
	if g.num.WorkDV > 0 {
		a := base
		a.Do = Work
		out = append(out, a)
	}
	rng := g.Rules.Units[u.Card].Range
	for pos := range 4 {
		if sq := g.Square(pos); rng.Has(annas.Dist(u.Tile, sq)) {
			a := base
			a.Do, a.Target = Attack, sq
			out = append(out, a)
		}
	}
	for _, s := range g.Summons {
		if g.b.Summons[s.Kind].Kind == table.Minion && rng.Has(annas.Dist(u.Tile, s.Tile)) {
			a := base
			a.Do, a.Target = Attack, s.Tile
			out = append(out, a)
		}
	}
	c := newCtx(int(u.Owner), ref{u: u})
	assists := int8(0)
	for _, s := range g.sources(u) {
		switch {
		case s.kind == table.SkillSpecial && !s.react && u.Special:
			a := base
			a.Do = Special
			out = g.choices(s.effects, c, a, out)
		case s.kind == table.SkillAssist:
			a := base
			a.Do, a.Opt = AssistDo, assists
			out = g.choices(s.effects, c, a, out)
			assists++
		}
	}
	for i := range g.b.Actions {
		a := base
		a.Do, a.Opt = BossAction, int8(i)
		out = g.choices(g.b.Actions[i].Effects, c, a, out)
	}
	return out
}

// choices adds a for every target and destination the first chosen-target
// effect of es allows; effects without a chosen target add a once.
func (g *Game) choices(es []table.Effect, c *ctx, a Action, out []Action) []Action {
	for i := range es {
		e := &es[i]
		if e.When != table.Activate || e.Target.Kind != table.TargetOne {
			continue
		}
		for _, r := range g.everything() {
			if !g.targetOK(e, c, r) || !g.conds(e, c) {
				continue
			}
			b := a
			b.Target = g.tileOf(r)
			for _, d := range g.dests(es, c, r) {
				b.Dest = d
				out = append(out, b)
			}
		}
		return out
	}
	if len(es) > 0 {
		out = append(out, a)
	}
	return out
}

// dests are the destinations a moving effect of es offers for target r
// (NoTile alone when nothing moves).
func (g *Game) dests(es []table.Effect, c *ctx, r ref) []Tile {
	for i := range es {
		e := &es[i]
		if e.When != table.Activate || r.u == nil {
			continue
		}
		var set table.TileSet
		switch e.Op {
		case table.OpMove:
			set = g.straightOrReach(r.u, int(e.N), e.Straight)
		case table.OpReposition, table.OpGrab:
			src := g.tileOf(c.src)
			for _, d := range dirs {
				f, rk := src.File()+d[0], src.Rank()+d[1]
				if onBoard(f, rk) && g.free(table.TileAt(f, rk)) {
					set |= 1 << uint(table.TileAt(f, rk))
				}
			}
		default:
			continue
		}
		var out []Tile
		if e.Op == table.OpGrab {
			out = append(out, NoTile) // swap
		}
		for t := Tile(0); t < tiles; t++ {
			if set.Has(t) {
				out = append(out, t)
			}
		}
		return out
	}
	return []Tile{NoTile}
}
