package tablebattles

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
)

// choiceKind is what a legal action of the match does.
type choiceKind uint8

const (
	chooseMove       choiceKind = iota // an action of the action phase
	choosePass                         // no action this action phase
	chooseReaction                     // a reaction to the pending attack
	chooseNoReaction                   // decline: every reaction is voluntary
	choosePlace                        // dice of the roll on a card
	chooseNoPlace                      // no dice on the current wing
)

// choice is one legal action of the match.
type choice struct {
	kind  choiceKind
	move  Move
	react Reaction
	place Placement
}

// list appends the legal actions of the decision now due to out.
func (g *Game) list(out []choice) []choice {
	switch g.phase {
	case PhaseAction:
		for _, m := range g.ActionMoves() {
			out = append(out, choice{kind: chooseMove, move: m})
		}
		out = append(out, choice{kind: choosePass})
	case PhaseReaction:
		opts := g.Reactions(g.F[g.attack.F], g.F[g.attack.Target])
		for _, r := range opts {
			out = append(out, choice{kind: chooseReaction, react: r})
		}
		if !g.MustReact(opts) {
			out = append(out, choice{kind: chooseNoReaction})
		}
	case PhaseRoll:
		for _, p := range g.Placements(g.roll, g.wing) {
			out = append(out, choice{kind: choosePlace, place: p})
		}
		out = append(out, choice{kind: chooseNoPlace})
	}
	return out
}

// Seats implements play.Match: one seat per side, in the scenario's order,
// named by side id.
func (g *Game) Seats() []play.Seat {
	return []play.Seat{{Index: 0, Name: g.sideID(0)}, {Index: 1, Name: g.sideID(1)}}
}

// ToMove implements play.Match: the defender decides a reaction, the active
// side everything else.
func (g *Game) ToMove() int {
	switch g.phase {
	case PhaseOver:
		return -1
	case PhaseReaction:
		return 1 - g.Active
	}
	return g.Active
}

// Legal implements play.Match.
func (g *Game) Legal() int { return len(g.legal()) }

// legal is the legal actions now, listed once per decision.
func (g *Game) legal() []choice {
	if !g.listed {
		g.choices, g.listed = g.list(g.choices[:0]), true
	}
	return g.choices
}

// unlist forgets the legal actions: the state changed.
func (g *Game) unlist() { g.listed = false }

// Action implements play.Match.
func (g *Game) Action(i int) string {
	cs := g.legal()
	if i < 0 || i >= len(cs) {
		return ""
	}
	return g.text(cs[i])
}

// text is the stable text of a choice: "attack gangrel-guard with
// chrom-vanguard", "screen with sumia-pegasi", "place 5 5 on
// chrom-vanguard", "place nothing on blue", "pass", "no reaction". A
// formation with two actions of one type names which: "... action 2".
func (g *Game) text(c choice) string {
	switch c.kind {
	case choosePass:
		return "pass"
	case chooseNoReaction:
		return "no reaction"
	case chooseNoPlace:
		return "place nothing on " + g.wing.String()
	case choosePlace:
		var b strings.Builder
		b.WriteString("place")
		for _, d := range c.place.Dice {
			b.WriteString(" " + strconv.Itoa(d))
		}
		return b.String() + " on " + g.F[c.place.F].Def.ID
	case chooseReaction:
		f := g.F[c.react.F]
		return f.Def.Actions[c.react.Action].Type.String() + " with " + f.Def.ID + which(f.Def, c.react.Action)
	}
	m := c.move
	f := g.F[m.F]
	if m.Action == Retire {
		return "retire " + f.Def.ID
	}
	a := &f.Def.Actions[m.Action]
	s := a.Type.String()
	switch {
	case m.Null:
		s = "null " + s
	case a.Type == table.Attack:
		s += " " + g.target(a).Def.ID
	case a.Type == table.Command:
		s += " " + g.commandTarget(a).Def.ID
	}
	return s + " with " + f.Def.ID + which(f.Def, m.Action)
}

// which tells apart two actions of one type on a card: " action 2".
func which(f *table.Formation, ai int) string {
	n := 0
	for _, a := range f.Actions {
		if a.Type == f.Actions[ai].Type {
			n++
		}
	}
	if n > 1 {
		return fmt.Sprintf(" action %d", ai+1)
	}
	return ""
}

// Apply implements play.Match: it takes legal action i and plays on to the
// next decision.
func (g *Game) Apply(i int) error {
	cs := g.legal()
	if i < 0 || i >= len(cs) {
		return fmt.Errorf("no legal action %d (there are %d)", i, len(cs))
	}
	c := cs[i]
	g.unlist()
	switch c.kind {
	case chooseMove:
		g.act(c.move)
		if g.attack != nil {
			g.phase = PhaseReaction
			return nil
		}
		g.phase = phaseRollStart
	case choosePass:
		g.phase = phaseRollStart
	case chooseReaction, chooseNoReaction:
		at := g.attack
		g.attack = nil
		if c.kind == chooseReaction {
			g.resolve(at, &c.react)
		} else {
			g.resolve(at, nil)
		}
		g.phase = phaseRollStart
	case choosePlace:
		g.place(c.place)
	case chooseNoPlace:
	}
	g.settle()
	return nil
}

// Over implements play.Match.
func (g *Game) Over() bool { return g.phase == PhaseOver }

// Turn implements play.Match: player turns begun, from 1.
func (g *Game) Turn() int { return g.turn }

// Phase is where the match stands.
func (g *Game) Phase() Phase { return g.phase }

// Result implements play.Match; the scores are the sides' morale.
func (g *Game) Result() play.Result {
	var r play.Result
	switch {
	case g.phase != PhaseOver:
		r = play.Draw("the battle goes on")
	case g.winner < 0:
		r = play.Draw(g.reason)
	default:
		r = play.Win(g.reason, g.winner)
	}
	r.Scores = g.morale()
	return r
}

// Events implements play.Match.
func (g *Game) Events() []play.Event {
	e := g.events
	g.events = nil
	return e
}

// Clone implements play.Match.
func (g *Game) Clone() play.Match {
	c := *g
	pcg := *g.pcg
	c.pcg = &pcg
	c.rng = rand.New(c.pcg)
	c.F = make([]*Formation, len(g.F))
	for i, f := range g.F {
		cf := *f
		cf.Dice = slices.Clone(f.Dice)
		c.F[i] = &cf
	}
	if g.attack != nil {
		at := *g.attack
		at.Dice = slices.Clone(at.Dice)
		c.attack = &at
	}
	c.roll = slices.Clone(g.roll)
	c.events, c.choices, c.listed = nil, nil, false
	return &c
}
