package fecipher

import (
	"iter"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
)

// The skills a unit has: those printed on its top card, and those it
// acquires from other cards while a permanent skill of its says so ("This
// unit acquires all [DB] possessed by other allies"). Every place that
// asks what skills a unit has (its permanent skills in Stats, its auto
// skills in queueSkills, its action skills in the legal actions and
// Activate, the names of the skills it used, its view) asks skills.
//
// An acquired skill is the other card's skill resolved for this unit: its
// frame names the card the skill is printed on (Frame.Card, Frame.Skill)
// and this unit (Frame.Unit), so "this unit" of its effects is this unit.
// A unit keeps what it used this turn by key (Unit.Used): a printed
// skill's index on its top card, an acquired one's acquiredKey, so that
// each copy of a skill is once per turn on its own.

// skillRef is one skill a unit has: Card's skill Skill, by Key on the unit.
type skillRef struct{ Card, Skill, Key int }

// Keys of acquired skills: acquiredBase + card*skillSpan + skill.
const (
	acquiredBase = 1 << 20
	skillSpan    = 64
)

func acquiredKey(card, skill int) int { return acquiredBase + card*skillSpan + skill }

// skill is the skill a reference names.
func (g *Game) skill(r skillRef) *table.Skill { return &g.C(r.Card).Skills[r.Skill] }

// skills are the skills unit u has now: its top card's own, in order;
// those effects gave it for a while (Mod.Grant); then those it acquires
// from its allies, in the order of the field (one a name where its
// acquiring effect says so, those it has already first).
func (g *Game) skills(u *Unit) iter.Seq[skillRef] {
	return func(yield0 func(skillRef) bool) {
		// "All enemies lose "Mantle" and cannot re-acquire it": a skill of
		// a name lost is not had, however it comes.
		lost, all := g.lostNames(u), false
		for _, m := range u.Mods {
			lost, all = append(lost, m.Lose...), all || m.LoseAll
		}
		yield := func(r skillRef) bool {
			s := g.skill(r)
			return len(lost) > 0 && slices.Contains(lost, s.Name) || all && s.Type != table.Special || yield0(r)
		}
		c := u.Card()
		own := g.C(c).Skills
		for i := range own {
			if !own[i].Granted && !yield(skillRef{c, i, i}) {
				return
			}
		}
		var seen []int
		for _, m := range u.Mods {
			if m.GrantCard > 0 {
				// every skill printed on that card, each once
				for j, s := range g.C(m.GrantCard - 1).Skills {
					k := acquiredKey(m.GrantCard-1, j)
					if !s.Granted && j < skillSpan && !slices.Contains(seen, k) {
						seen = append(seen, k)
						if !yield(skillRef{m.GrantCard - 1, j, k}) {
							return
						}
					}
				}
			}
			if sc, si, ok := g.splitKey(m.Grant); ok && !slices.Contains(seen, m.Grant) {
				// "Until the end of the turn, this unit acquires "Anti-Fliers"":
				// each grant once, however often given.
				seen = append(seen, m.Grant)
				if !yield(skillRef{sc, si, m.Grant}) {
					return
				}
			}
		}
		for _, r := range g.permanentGrants(u) {
			if !slices.Contains(seen, r.Key) {
				seen = append(seen, r.Key)
				if !yield(r) {
					return
				}
			}
		}
		how, onePer := g.acquiring(u)
		if how == table.AcquireNone {
			return
		}
		var names []string
		if onePer {
			for _, s := range own {
				if !s.Granted {
					names = append(names, s.Name)
				}
			}
			for _, k := range seen {
				names = append(names, g.keyName(u, k))
			}
		}
		p := g.Owner(u)
		for _, o := range g.P[p].Field {
			if o == u {
				continue
			}
			oc := o.Card()
			for j, s := range g.C(oc).Skills {
				k := acquiredKey(oc, j)
				if !s.DragonBlood || s.Granted || !g.skillActive(o, skillRef{oc, j, j}) || slices.Contains(seen, k) {
					continue
				}
				if onePer && slices.Contains(names, s.Name) {
					continue
				}
				seen = append(seen, k)
				names = append(names, s.Name)
				if !yield(skillRef{oc, j, k}) {
					return
				}
			}
		}
	}
}

// acquiring is what unit u's own permanent skills make it acquire now
// (AcquireDragonBlood or AcquireNone), and whether one skill a name.
func (g *Game) acquiring(u *Unit) (how uint8, onePer bool) {
	c := u.Card()
	if g.flags(c)&fAcquire == 0 {
		return table.AcquireNone, false
	}
	for i, s := range g.C(c).Skills {
		if s.Type != table.Permanent || !g.skillActive(u, skillRef{c, i, i}) {
			continue
		}
		for k := range s.Effects {
			e := &s.Effects[k]
			if e.AcquireSkills == table.AcquireNone || e.When != table.Always {
				continue
			}
			if e.If != nil {
				// A condition reading the unit's values would ask its
				// skills again: while one is checked, nothing is acquired.
				if g.acqDepth > 0 {
					continue
				}
				g.acqDepth++
				ok := g.holds(e.If, u, g.Owner(u), nil, nil)
				g.acqDepth--
				if !ok {
					continue
				}
			}
			how, onePer = e.AcquireSkills, onePer || e.OnePerName
		}
	}
	return how, onePer
}

// skillByKey is the skill unit u has now under key.
func (g *Game) skillByKey(u *Unit, key int) (skillRef, bool) {
	if ss := g.C(u.Card()).Skills; key >= 0 && key < len(ss) && !ss[key].Granted {
		return skillRef{u.Card(), key, key}, true
	}
	for r := range g.skills(u) {
		if r.Key == key {
			return r, true
		}
	}
	return skillRef{}, false
}

// keyName is the name of the skill unit u used under key ("" if it is not
// one it could have: a key of an acquired skill names its card).
func (g *Game) keyName(u *Unit, key int) string {
	if key >= 0 && key < len(g.C(u.Card()).Skills) {
		return g.C(u.Card()).Skills[key].Name
	}
	if c, s, ok := g.splitKey(key); ok {
		return g.C(c).Skills[s].Name
	}
	return ""
}

// splitKey reads an acquired skill's key: its card and skill.
func (g *Game) splitKey(key int) (card, skill int, ok bool) {
	if key < acquiredBase {
		return 0, 0, false
	}
	card, skill = (key-acquiredBase)/skillSpan, (key-acquiredBase)%skillSpan
	if card >= len(g.RS.Cards) || skill >= len(g.C(card).Skills) {
		return 0, 0, false
	}
	return card, skill, true
}

// acquired are the names of the skills unit u has from other cards, for
// its view.
func (g *Game) acquired(u *Unit) []string {
	var out []string
	for r := range g.skills(u) {
		if r.Key >= acquiredBase {
			out = append(out, g.skill(r).Name+" ("+g.C(r.Card).ID+")")
		}
	}
	return out
}

// actor is the card of the unit whose skill frame f resolves (the card
// the skill is printed on for a support card's, or a unit gone).
func (g *Game) actor(f *Frame) int {
	if u, _ := g.unit(f.Unit); f.Unit != 0 && u != nil {
		return u.Card()
	}
	return f.Card
}

// lostNames are the names of the skills permanent skills on the field
// make unit u lose now. While they are read, no skill is lost.
func (g *Game) lostNames(u *Unit) []string {
	var out []string
	for _, pe := range g.onUnit(u, fLose, func(e *table.Effect) bool { return len(e.Lose) > 0 }) {
		out = append(out, pe.e.Lose...)
	}
	return out
}

// permanentGrants are the skills permanent skills on the field give unit u
// now ("All <Flier> allies acquire the following skill: (...)", "your Main
// Character acquires "Mantle"").
func (g *Game) permanentGrants(u *Unit) []skillRef {
	var out []skillRef
	for _, pe := range g.onUnit(u, fGrantPerm, func(e *table.Effect) bool { return e.Grant > 0 }) {
		k := int(pe.e.Grant) - 1
		out = append(out, skillRef{pe.r.Card, k, acquiredKey(pe.r.Card, k)})
	}
	return out
}

// onUnit lists the effects like has of the permanent skills in effect (of
// cards that may have flag f) that act on unit u now. While they are read
// (their conditions and targets may ask what a unit is, and so which skills
// it has), none act: the scan does not recurse.
func (g *Game) onUnit(u *Unit, f cardFlags, has func(*table.Effect) bool) []permEffect {
	if g.scanDepth > 0 || !g.anySource(f) {
		return nil
	}
	g.scanDepth++
	defer func() { g.scanDepth-- }()
	var out []permEffect
	for pe := range g.permanents(-1, f) {
		if has(pe.e) && g.permanentOn(pe.e, pe.u, pe.p, nil) && g.affects(pe.e.Target, pe.u, pe.p, u) {
			out = append(out, pe)
		}
	}
	return out
}

// permEffect is an effect of a permanent skill in effect of unit u (of
// player p): the skill r, the effect's index i.
type permEffect struct {
	p int
	u *Unit
	r skillRef
	i int
	e *table.Effect
}

// permanents lists the effects of the permanent skills in effect of the
// units of seat (-1: both), of those whose cards may have flag f (0: all).
func (g *Game) permanents(seat int, f cardFlags) iter.Seq[permEffect] {
	return func(yield func(permEffect) bool) {
		for p, pl := range g.P {
			if seat >= 0 && p != seat {
				continue
			}
			for _, u := range pl.Field {
				if f != 0 && !g.mayHave(u, f) {
					continue
				}
				for r := range g.skills(u) {
					sk := g.skill(r)
					if sk.Type != table.Permanent || !g.skillActive(u, r) {
						continue
					}
					for i := range sk.Effects {
						if !yield(permEffect{p, u, r, i, &sk.Effects[i]}) {
							return
						}
					}
				}
			}
		}
	}
}

// Card flags: what a card's skills can do to the skills of units, read
// once per ruleset, so that a unit whose card does none of it costs a look.
type cardFlags uint8

const (
	fGrantPerm cardFlags = 1 << iota // a permanent skill gives a skill
	fLose                            // a skill takes skills away
	fAlways                          // a permanent or special skill makes the unit also an emblem or color
	fAcquire                         // a permanent skill acquires other cards' skills
	fKnown                           // computed
)

// flags are card c's flags. They are read for every card at once, the
// first time (clones of a game share the slice, read only).
func (g *Game) flags(c int) cardFlags {
	if len(g.cflags) != len(g.RS.Cards) {
		fs := make([]cardFlags, len(g.RS.Cards))
		for i := range fs {
			fs[i] = g.readFlags(i)
		}
		g.cflags = fs
	}
	return g.cflags[c]
}

func (g *Game) readFlags(c int) cardFlags {
	f := fKnown
	for _, s := range g.C(c).Skills {
		for i := range s.Effects {
			e := &s.Effects[i]
			if e.Grant > 0 && s.Type == table.Permanent {
				f |= fGrantPerm
			}
			if len(e.Lose) > 0 || e.LoseAll {
				f |= fLose
			}
			if (e.Acquire != 0 || len(e.AcquireColors) > 0) && (s.Type == table.Permanent || s.Type == table.Special) && e.When == table.Always && e.If == nil && e.Target == nil {
				f |= fAlways
			}
			if e.AcquireSkills != table.AcquireNone {
				f |= fAcquire
			}
		}
	}
	return f
}

// plain reports whether unit u has its card's skills only (none acquired
// from allies or given by a mod; those given by permanent skills aside).
func (g *Game) plain(u *Unit) bool {
	if g.flags(u.Card())&fAcquire != 0 {
		return false
	}
	for _, m := range u.Mods {
		if m.Grant != 0 || m.GrantCard != 0 {
			return false
		}
	}
	return true
}

// mayHave reports whether unit s may have a skill of flag f: its card has
// one, or it has skills besides its card's.
func (g *Game) mayHave(s *Unit, f cardFlags) bool {
	return g.flags(s.Card())&f != 0 || !g.plain(s)
}

// inGame reports whether a card of the game (any player's, anywhere) has
// a skill of flag f: the cards of a game are its players' from the start,
// so this is read again only when their number changes.
func (g *Game) inGame(f cardFlags) bool {
	n := g.P[0].Cards() + g.P[1].Cards()
	if g.gameFlags&fKnown == 0 || n != g.gameCards {
		var all cardFlags = fKnown
		for _, pl := range g.P {
			for _, z := range [][]int{pl.Deck, pl.Hand, pl.Retreat, pl.Bound, pl.Orbs, pl.Support} {
				for _, c := range z {
					all |= g.flags(c)
				}
			}
			for _, b := range pl.Bonds {
				all |= g.flags(b.Card)
			}
			for _, u := range pl.Field {
				for _, c := range u.Stack {
					all |= g.flags(c)
				}
			}
		}
		g.gameFlags, g.gameCards = all, n
	}
	return g.gameFlags&f != 0
}

// anySource reports whether a unit on the field may have a skill of flag f.
func (g *Game) anySource(f cardFlags) bool {
	if !g.inGame(f | fAcquire) {
		return false
	}
	for _, pl := range g.P {
		for _, s := range pl.Field {
			if g.mayHave(s, f) {
				return true
			}
		}
	}
	return false
}
