package boss

import (
	"errors"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/annas"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// ErrIllegal is returned for an action LegalActions does not offer.
var ErrIllegal = errors.New("boss mode: illegal action")

// Apply plays a legal action. Ending a turn runs any boss turns that follow
// before Apply returns.
func (g *Game) Apply(a Action) error {
	if !slices.Contains(g.LegalActions(), a) {
		return ErrIllegal
	}
	g.apply(a)
	return nil
}

func (g *Game) apply(a Action) {
	p := int(a.Player)
	g.acting = p
	defer func() { g.acting = -1 }()
	pl := &g.Players[p]
	if a.Kind != EndTurn {
		g.logf("action", "%s", g.Describe(a))
	}
	switch a.Kind {
	case Mulligan:
		var keep []int16
		for i, c := range pl.Hand {
			if a.Mask&(1<<uint(i)) != 0 {
				g.Discard = append(g.Discard, c)
			} else {
				keep = append(keep, c)
			}
		}
		pl.Hand = keep
		g.draw(p)
		g.mulligans--
		g.Mulligan = (g.Mulligan + 1) % len(g.Players)
		if g.mulligans == 0 {
			g.Phase = PhasePlayer
			g.advance()
		}
		return
	case EndTurn:
		g.logf("action", "end-turn")
		g.advance()
		return
	case Pass:
		g.Guest = 0
	case Deploy:
		g.deploy(p, a)
	case Discard:
		i := slices.Index(pl.Hand, a.Card)
		pl.Hand = slices.Delete(pl.Hand, i, i+1)
		g.Discard = append(g.Discard, a.Card)
		g.Discards++
		g.draw(p)
	case DVMove:
		pl.DV -= int(g.num.DVMoveUnit)
		g.UnitAt(a.From).Tile = a.To
	case DVRemove:
		pl.DV -= int(g.num.DVRemoveUnit)
		g.removeUnit(g.UnitAt(a.From)) // removed, not defeated: no DV
	case Activate:
		u := g.UnitAt(a.From)
		if g.Guest == u.ID {
			g.Guest = 0
		}
		u.Tile = a.To
		u.Exhausted = true
		if a.To != a.From {
			g.fire(table.Moved, ref{u: u}, ref{}, nil)
		}
		if g.UnitByID(u.ID) != nil && g.Phase != PhaseOver {
			g.unitAction(u, a)
		}
	}
	g.checkEnd(false)
}

// deploy places a unit (rulebook III, Deploying Units with VIII's changes):
// exhausted unless paid for with DV for Haste; the hand is refilled.
func (g *Game) deploy(p int, a Action) {
	pl := &g.Players[p]
	i := slices.Index(pl.Hand, a.Card)
	pl.Hand = slices.Delete(pl.Hand, i, i+1)
	card := &g.Rules.Units[a.Card]
	g.nextID++
	u := &Unit{ID: g.nextID, Card: a.Card, Owner: int8(p), Slot: a.Slot, Tile: a.To, Exhausted: !a.Haste,
		Shapestone: card.HasShapestone}
	if card.Skill >= 0 && g.Rules.Skills[card.Skill].Kind == table.SkillSpecial {
		u.Special = true
	}
	if a.Haste {
		pl.DV -= int(g.num.DVHasteDeploy)
		g.HasteDeploys++
		if h := g.Rules.Rules.HasteTag; h >= 0 {
			u.Mods = append(u.Mods, Mod{Tags: 1 << uint(h), Expiry: Permanent, By: int8(p)})
		}
	} else {
		g.Deploys++
	}
	g.Units = append(g.Units, u)
	g.draw(p)
	g.runUnit(u, table.OnDeploy, nil)
	g.fire(table.Deployed, ref{u: u}, ref{}, nil)
}

// unitAction is the action after an activation's move.
func (g *Game) unitAction(u *Unit, a Action) {
	c := newCtx(int(u.Owner), ref{u: u})
	c.target, c.dest = a.Target, a.Dest
	switch a.Do {
	case Work:
		pl := &g.Players[u.Owner]
		pl.DV += int(g.num.WorkDV)
	case Attack:
		dist := annas.Dist(u.Tile, a.Target)
		if pos := g.PosAt(a.Target); pos >= 0 {
			g.combat(ref{u: u}, ref{boss: true}, g.Corner(pos), dist)
		} else if s := g.SummonAt(a.Target); s != nil {
			g.combat(ref{u: u}, ref{s: s}, 0, dist)
		}
	case Special:
		u.Special = false
		sk := &g.Rules.Skills[g.Rules.Units[u.Card].Skill]
		g.run(sk.Effects, table.Activate, c)
	case AssistDo:
		n := int8(0)
		for _, s := range g.sources(u) {
			if s.kind != table.SkillAssist {
				continue
			}
			if n == a.Opt {
				g.run(s.effects, table.Activate, c)
				break
			}
			n++
		}
	case BossAction:
		g.run(g.b.Actions[a.Opt].Effects, table.Activate, c)
	}
}
