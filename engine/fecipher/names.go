package fecipher

import "slices"

// Unit names: a card's printed one, and those its special skills add
// ("Treat this card as if its Unit Name is also "Marth"", wherever the card
// is). Every rule that matches unit names asks these: one unit per unit
// name, levelling up, the same-name discards of a critical hit and an
// evasion, a support card failing, and the names of filters and targets
// (non-"Marth" excludes a card also named Marth).

// alsoNamed are the unit names card c's special skills add.
func (g *Game) alsoNamed(c int) []string {
	var out []string
	for _, s := range g.C(c).Skills {
		for i := range s.Effects {
			out = append(out, s.Effects[i].AlsoNamed...)
		}
	}
	return out
}

// hasName reports whether card c has unit name name.
func (g *Game) hasName(c int, name string) bool {
	return g.C(c).Unit == name || slices.Contains(g.alsoNamed(c), name)
}

// namedAny reports whether card c has one of the unit names names.
func (g *Game) namedAny(c int, names []string) bool {
	return slices.ContainsFunc(names, func(n string) bool { return g.hasName(c, n) })
}

// sharesName reports whether cards a and b have a unit name in common.
func (g *Game) sharesName(a, b int) bool {
	return g.hasName(b, g.C(a).Unit) || g.namedAny(b, g.alsoNamed(a))
}

// onFieldAs is player p's unit sharing a unit name with card c, or nil.
func (g *Game) onFieldAs(p, c int) *Unit {
	for _, u := range g.P[p].Field {
		if g.sharesName(u.Card(), c) {
			return u
		}
	}
	return nil
}
