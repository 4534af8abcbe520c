package tablebattles

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
)

// View implements play.Viewer. Nothing is hidden but the dice to come:
// formations, units, cubes, the dice on the cards, the roll being placed
// and the pools are on the table in plain view (Determinize), so every
// seat and an onlooker see the position without the random source's state.
func (g *Game) View(seat int) any {
	p := g.Position().(*Position)
	p.RNG = ""
	return p
}

// Private implements play.Viewer: no action text names anything hidden.
func (g *Game) Private(int) string { return "" }

// width is the terminal Show writes for.
const width = play.ShowWidth

// Show implements play.Viewer: the scenario and the decision due, then
// each side's morale, pool and formations as a list (a formation's wing,
// units or cubes, dice area, the dice on its card and its actions), the
// formations gone last. The same for every seat, but for the seat's
// "you".
func (g *Game) Show(seat int) string {
	var b strings.Builder
	sc := g.Scenario
	fmt.Fprintf(&b, "%s (%s), turn %d, %s active\n", sc.Name, sc.ID, g.turn, g.sideID(g.Active))
	for s := range 2 {
		sd := &sc.Sides[s]
		name := sd.Name
		if s == seat {
			name += ", you"
		}
		line := fmt.Sprintf("%s (%s): morale %d, %d dice in the pool", sd.ID, name, g.S[s].Morale, g.S[s].Pool)
		if g.S[s].Skip {
			line += ", skips its next action phase"
		}
		wrap(&b, "", "    ", line)
		var gone []string
		for _, f := range g.F {
			if f.Side != s {
				continue
			}
			if f.Gone {
				gone = append(gone, f.Def.ID+" ("+f.How+")")
				continue
			}
			wrap(&b, "  ", "      ", g.formationLine(f))
			if acts := g.actionsLine(f); acts != "" {
				wrap(&b, "    ", "      ", acts)
			}
		}
		if len(gone) > 0 {
			wrap(&b, "  ", "    ", "gone: "+strings.Join(gone, ", "))
		}
	}
	wrap(&b, "", "    ", g.decisionLine())
	return b.String()
}

// formationLine is a formation in play: "chrom-vanguard: blue, 3/4 units
// (star), dice area 5/6, dice 5 5".
func (g *Game) formationLine(f *Formation) string {
	d := f.Def
	s := d.ID + ": " + d.Wing.String()
	if d.Special {
		s += fmt.Sprintf(", special, %d/%d cubes", f.Units, d.Strength)
	} else {
		s += fmt.Sprintf(", %d/%d units", f.Units, d.Strength)
	}
	if d.Star {
		s += " (star)"
	}
	s += ", dice area " + d.Dice.Src
	switch {
	case f.Reserve && d.Reserve == table.Behind && d.Behind >= 0:
		s += ", in reserve behind " + g.Rules.Formations[d.Behind].ID
	case f.Reserve:
		s += ", in reserve until commanded"
	case len(f.Dice) > 0:
		s += ", dice " + faces(f.Dice)
	default:
		s += ", no dice"
	}
	if d.Retire {
		s += ", may retire"
	}
	if d.Pursuit {
		s += ", pursues"
	}
	return s
}

// actionsLine is a formation's actions as its card prints them, with the
// attack's target now: "attack gangrel-guard: 1 hit per die; screen any".
func (g *Game) actionsLine(f *Formation) string {
	var out []string
	for i := range f.Def.Actions {
		a := &f.Def.Actions[i]
		s := a.Type.String()
		switch {
		case a.Any:
			s += " any"
		case a.Type == table.Attack:
			if t := g.target(a); t != nil {
				s += " " + t.Def.ID
			} else {
				s += " (no target left)"
			}
		case a.Type == table.Command:
			if t := g.commandTarget(a); t != nil {
				s += " " + t.Def.ID
			} else {
				s += " (no one left in reserve)"
			}
		case len(a.Targets) > 0:
			var ids []string
			for _, t := range a.Targets {
				ids = append(ids, g.Rules.Formations[t].ID)
			}
			s += " " + strings.Join(ids, "/")
		}
		var what []string
		if a.Requirement != table.None {
			what = append(what, a.Requirement.String())
		}
		switch {
		case a.PerDie:
			what = append(what, "1 hit per die")
		case a.Hits > 0:
			what = append(what, fmt.Sprintf("%d hit%s", a.Hits, plural(int(a.Hits))))
		}
		if a.Self > 0 {
			what = append(what, fmt.Sprintf("%d self", a.Self))
		}
		if a.Voluntary {
			what = append(what, "voluntary")
		}
		if len(what) > 0 {
			s += ": " + strings.Join(what, ", ")
		}
		out = append(out, s)
	}
	return strings.Join(out, "; ")
}

// decisionLine says who decides what now, or how the battle ended.
func (g *Game) decisionLine() string {
	act := g.sideID(g.Active)
	switch g.phase {
	case PhaseAction:
		return act + " to act: an action with one formation, or pass"
	case PhaseReaction:
		at := g.attack
		s := fmt.Sprintf("%s attacks %s with %s", act, g.F[at.Target].Def.ID, g.F[at.F].Def.ID)
		if len(at.Dice) > 0 {
			s += " (dice " + faces(at.Dice) + ")"
		}
		return s + "; " + g.sideID(1-g.Active) + " to react"
	case PhaseRoll:
		return fmt.Sprintf("%s rolled %s: %s to place dice on one formation of the %s wing, or none", act, faces(g.roll), act, g.wing)
	case PhaseOver:
		if g.winner < 0 {
			return "over, a draw: " + g.reason
		}
		return "over, " + g.sideID(g.winner) + " wins: " + g.reason
	}
	return ""
}

func faces(d []int) string {
	s := make([]string, len(d))
	for i, v := range d {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, " ")
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// wrap writes s as lines of at most width columns: the first after first,
// the others after rest.
func wrap(b *strings.Builder, first, rest, s string) { play.Wrap(b, width, first, rest, s) }
