package tablebattles

import "github.com/roundtable-dev/roundtable/engine/tablebattles/table"

// A scenario's special rules override the rulebook (Set-Up: "when the
// special rule contradicts these rules, follow the special rule"). Their
// dice and cubes are folded into the scenario by the compiler; the effects
// below act while the battle is played.

// effect returns the first effect of kind k that covers f doing the action
// whose bit is act (0: any) on the current turn, or nil.
func (g *Game) effect(k table.EffectKind, f *Formation, act uint8) *table.Effect {
	for si := range g.Scenario.Special {
		sp := &g.Scenario.Special[si]
		for ei := range sp.Effects {
			if e := &sp.Effects[ei]; e.Kind == k && e.Covers(f.Side, f.Index, act, g.turn) {
				return e
			}
		}
	}
	return nil
}

// bit is an action type's bit in table.Effect.Actions.
func bit(t table.ActionType) uint8 { return 1 << t }

// forbidden reports whether a special rule forbids f the action whose bit
// is act this turn.
func (g *Game) forbidden(f *Formation, act uint8) bool {
	return g.effect(table.Forbid, f, act) != nil
}

// forbiddenForever reports whether a special rule forbids f the action
// from this turn on, with no last turn: for the win check.
func (g *Game) forbiddenForever(f *Formation, act uint8) bool {
	e := g.effect(table.Forbid, f, act)
	return e != nil && e.To == 0
}

// voluntary reports whether f may decline reaction a: as its card says,
// unless a special rule forces it (react: must) or frees it (react: may).
func (g *Game) voluntary(f *Formation, a *table.Action) bool {
	switch {
	case g.effect(table.MustReact, f, bit(a.Type)) != nil:
		return false
	case g.effect(table.MayDecline, f, bit(a.Type)) != nil:
		return true
	}
	return a.Voluntary
}

// routMorale is the morale cubes f's side gives when f routs: one, two for
// a star, unless a special rule says.
func (g *Game) routMorale(f *Formation) int {
	if e := g.effect(table.RoutMorale, f, 0); e != nil {
		return int(e.Value)
	}
	if f.Def.Star {
		return 2
	}
	return 1
}
