package battlecrest

import (
	"fmt"
	"strings"

	"github.com/roundtable-dev/roundtable/engine/battlecrest/table"
	"github.com/roundtable-dev/roundtable/engine/play"
)

// View implements play.Viewer: nothing is hidden but the random source's
// state (the rulebook has no hand, deck or die; the landmarks' places and
// the first player were drawn in plain view at setup), so every seat and
// an onlooker see the position without it.
func (g *Game) View(seat int) any {
	p := g.position()
	p.RNG = ""
	return p
}

// Private implements play.Viewer: no action text names anything hidden.
func (g *Game) Private(int) string { return "" }

// width is the terminal Show writes for.
const width = play.ShowWidth

// Show implements play.Viewer: the turn, the map as a grid (landmarks by
// number, warriors by label, the spaces touching an active map effect
// marked) with its legend, each player's warriors and action row, what is
// being resolved and who decides. The same for every seat, but for the
// seat's "you".
func (g *Game) Show(seat int) string {
	var b strings.Builder
	who := func(p int) string {
		if p == seat {
			return fmt.Sprintf("%s (%s, you)", g.P[p].Name, g.P[p].Set.ID)
		}
		return fmt.Sprintf("%s (%s)", g.P[p].Name, g.P[p].Set.ID)
	}
	head := fmt.Sprintf("%s (%s), turn %d, %s active", g.Map.Name, g.Map.ID, g.turn, who(g.Active))
	if len(g.done) > 0 {
		head += "; done: " + strings.Join(g.done, ", ")
	}
	if len(g.used) > 0 {
		head += "; used: " + strings.Join(g.used, ", ")
	}
	wrap(&b, "", "    ", head)
	g.grid(&b)
	b.WriteString("landmarks:\n")
	for _, l := range g.Lm {
		g.landmarkLines(&b, l)
	}
	for p := range 2 {
		set := g.P[p].Set
		wrap(&b, "", "    ", fmt.Sprintf("%s: %s, damage taken %d", who(p), set.Name, g.Taken(p)))
		for wi := 2 * p; wi <= 2*p+1; wi++ {
			if g.hasWarrior(wi) {
				wrap(&b, "  ", "      ", g.warriorLine(wi))
			}
		}
		for k, c := range g.P[p].Cards {
			wrap(&b, "  ", "      ", g.cardLine(p, k, c))
		}
	}
	for _, s := range g.stack {
		wrap(&b, "", "    ", "resolving: "+g.stepLine(s))
	}
	switch {
	case g.over && g.Winner >= 0:
		wrap(&b, "", "    ", fmt.Sprintf("over, %s wins: %s", who(g.Winner), g.Reason))
	case g.over:
		wrap(&b, "", "    ", "over, a draw: "+g.Reason)
	default:
		wrap(&b, "", "    ", who(g.toMove)+" to decide")
	}
	return b.String()
}

// label is a warrior's mark on the grid: its id's first letter, upper
// case for a hero and lower case for a minion, and its player's number
// ("C1", "n2").
func (g *Game) label(wi int) string {
	w := g.W[wi]
	c := strings.ToUpper(w.ID[:1])
	if w.Minion {
		c = strings.ToLower(c)
	}
	return fmt.Sprintf("%s%d", c, w.Player+1)
}

// grid draws the map diagram: columns a, b … west to east, rows 1 (north)
// down; each landmark card by its number ("L3"), each warrior by its
// label, a space touching an active hazard "!", a map bonus "+" or a
// shortcut ">" (in that order when several), any other space ".".
func (g *Game) grid(b *strings.Builder) {
	w, h := int(g.Map.Width), int(g.Map.Height)
	marks := map[Pos]byte{}
	rank := map[byte]int{'>': 1, '+': 2, '!': 3}
	for _, l := range g.Lm {
		for _, e := range g.effects(l) {
			p := l.Pos.add(e.Edge)
			m := [...]byte{table.Shortcut: '>', table.MapBonus: '+', table.Hazard: '!'}[e.Type]
			if g.isSpace(p) && rank[m] > rank[marks[p]] {
				marks[p] = m
			}
		}
	}
	lm := map[Pos]int{}
	for _, l := range g.Lm {
		lm[l.Pos] = int(g.RS.Landmarks[l.Landmark].Number)
	}
	files := "   "
	for c := range w {
		files += fmt.Sprintf(" %3s", colName(c))
	}
	b.WriteString(files + "\n")
	for r := range h {
		line := fmt.Sprintf("%3d", r+1)
		for c := range w {
			p := Pos{int8(r), int8(c)}
			cell := ""
			switch {
			case g.at(p) >= 0:
				cell = g.label(g.at(p))
			case g.Map.At(r, c) == table.LandmarkPos:
				cell = fmt.Sprintf("L%d", lm[p])
			case marks[p] != 0:
				cell = string(marks[p])
			case g.isSpace(p):
				cell = "."
			}
			line += fmt.Sprintf(" %3s", cell)
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	b.WriteString(". space  ! touches an active hazard  + a map bonus  > a shortcut\n")
}

// landmarkLines is a placed landmark: its place, the side up, the map
// effects active on it and its ability.
func (g *Game) landmarkLines(b *strings.Builder, l Placed) {
	lm := &g.RS.Landmarks[l.Landmark]
	side := "START side"
	if l.Flipped {
		side = "flipped"
	}
	var fx []string
	for _, e := range g.effects(l) {
		s := e.Edge.String() + " "
		switch e.Type {
		case table.Shortcut:
			var to []string
			for _, t := range e.To {
				to = append(to, t.String())
			}
			s += "shortcut to " + strings.Join(to, "/")
		case table.MapBonus:
			var bs []string
			for _, x := range e.Bonus {
				bs = append(bs, table.BonusNames[x])
			}
			s += "bonus " + strings.Join(bs, "+")
		case table.Hazard:
			s += "hazard"
		}
		fx = append(fx, s)
	}
	line := fmt.Sprintf("L%d %s at %s, %s", lm.Number, lm.ID, Tile(l.Pos), side)
	if len(fx) > 0 {
		line += ": " + strings.Join(fx, "; ")
	}
	wrap(b, "  ", "      ", line)
	a := &lm.Ability
	reach := fmt.Sprintf("2 to %d", a.Reach)
	if a.Reach == 2 {
		reach = "2"
	}
	ab := fmt.Sprintf("ability %s: %s, by a hero %s spaces away", a.Name, specialText(a), reach)
	if a.Flip {
		ab += ", then the card flips"
	}
	wrap(b, "     ", "       ", ab)
}

// specialText is what a special ability does: "star: attack 1 long 4",
// "when damaged: attack 1 medium", "an enemy enters within 3: attack 1
// long 3", or its text when the engine keeps only that.
func specialText(s *table.Special) string {
	switch {
	case s.Star:
		return "star: " + describe(s.Ability)
	case s.When != table.NoTiming:
		return s.Trigger() + ": " + describe(s.Ability)
	}
	return s.Text
}

// warriorLine is a warrior: its label and place, health and movement.
func (g *Game) warriorLine(wi int) string {
	w := g.W[wi]
	p := g.P[w.Player].Set
	kind, sp := "hero", &p.HeroSpecial
	if w.Minion {
		kind, sp = "minion", &p.MinionSpecial
	}
	s := fmt.Sprintf("%s %s, %s", g.label(wi), w.ID, kind)
	if !w.Alive {
		return s + ", defeated"
	}
	s += " at " + Tile(w.Pos)
	switch {
	case w.Minion:
		side := 0
		if w.Wounded {
			side = 1
			s += ", wounded"
		} else {
			s += ", healthy"
		}
		s += fmt.Sprintf(", movement %d, defense %d", p.MinionSides[side].Movement, p.MinionSides[side].Defense)
	case w.Wounded:
		s += fmt.Sprintf(", wounded, health %d (skull at %d), movement %d", w.Health, p.Health.Skull, g.Movement(wi))
	default:
		s += fmt.Sprintf(", healthy, health %d (flips at %d), movement %d", w.Health, p.Health.Flip, g.Movement(wi))
	}
	if sp.Name != "" {
		s += "; " + sp.Name + " (" + specialText(sp) + ")"
	}
	return s
}

// cardLine is one action card of player p's row: the side up, active or
// exhausted (its crest primed), its abilities, defense and movement.
func (g *Game) cardLine(p, k int, c Card) string {
	sd := g.side(c)
	state := "active"
	if c.Exhausted {
		state = "exhausted, " + g.RS.Crests[sd.Crest].ID + " primed"
	}
	var abs []string
	for _, a := range sd.Abilities {
		s := describe(a)
		if a.Crest >= 0 {
			s += " +" + g.RS.Crests[a.Crest].ID
		}
		abs = append(abs, s)
	}
	def := fmt.Sprint(sd.Defense)
	if sd.DefenseCrest >= 0 {
		def += " +" + g.RS.Crests[sd.DefenseCrest].ID
	}
	return fmt.Sprintf("%s: %s (%s side), %s: %s; defense %s, movement %d", g.cardWord(p, k), sd.Name,
		sideNames[c.Side], state, strings.Join(abs, ", "), def, sd.Movement)
}

// stepLine is a step being resolved, as its position writes it.
func (g *Game) stepLine(s step) string {
	st := g.stepState(s)
	out := g.P[st.Seat].Name + " " + st.Do
	for _, f := range []string{st.Warrior, st.Card, st.Landmark, st.Source} {
		if f != "" {
			out += " " + f
		}
	}
	var abs []string
	switch s.Kind {
	case stepResolve:
		for _, a := range s.Abs {
			abs = append(abs, describe(a))
		}
	case stepAttack, stepForce:
		abs = append(abs, describe(s.Ab))
	}
	if len(abs) > 0 {
		out += ": " + strings.Join(abs, " then ")
	}
	if st.Movement > 0 {
		out += fmt.Sprintf(", movement %d", st.Movement)
	}
	if len(st.Targets) > 0 {
		out += ", targets " + strings.Join(st.Targets, ", ")
	}
	if st.Value > 0 {
		out += fmt.Sprintf(", value %d", st.Value)
	}
	if st.Phase != "" {
		out += " (" + st.Phase + ")"
	}
	return out
}

// wrap writes s as lines of at most width columns: the first after first,
// the others after rest.
func wrap(b *strings.Builder, first, rest, s string) { play.Wrap(b, width, first, rest, s) }
