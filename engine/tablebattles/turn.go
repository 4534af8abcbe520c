package tablebattles

import (
	"fmt"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
)

// Placement puts dice of the roll on one formation card.
type Placement struct {
	F    int // index into Game.F
	Dice []int
}

// Begin starts the active player's turn and checks both victory conditions
// (How to Win). It reports whether the game is over.
func (g *Game) Begin() bool {
	g.Turn++
	for _, s := range []int{g.Active, 1 - g.Active} {
		if g.S[s].Morale <= 0 {
			g.end(1-s, fmt.Sprintf("%s has no morale left", g.sideID(s)))
			return true
		}
	}
	if !g.CanEverAttack(g.Active) {
		g.end(1-g.Active, fmt.Sprintf("no formation of %s can ever attack %s", g.sideID(g.Active), g.sideID(1-g.Active)))
		return true
	}
	return false
}

func (g *Game) end(winner int, reason string) {
	g.Over, g.Winner, g.Reason = true, winner, reason
}

// CanEverAttack reports whether some formation of side s still in play (or
// in reserve with a way out) has an attack with an enemy target in play.
func (g *Game) CanEverAttack(s int) bool {
	for _, f := range g.F {
		if f.Side != s || f.Gone || f.Reserve && !g.releasable(f) {
			continue
		}
		for ai := range f.Def.Actions {
			a := &f.Def.Actions[ai]
			if a.Type == table.Attack && g.target(a) != nil {
				return true
			}
		}
	}
	return false
}

// releasable reports whether a formation in reserve can still come out:
// behind a formation (it leaves play sooner or later), or commanded by a
// formation in play that is active or can itself come out.
func (g *Game) releasable(f *Formation) bool {
	return g.releasableFrom(f, map[*Formation]bool{})
}

func (g *Game) releasableFrom(f *Formation, seen map[*Formation]bool) bool {
	if f.Def.Reserve == table.Behind {
		return true // the formation it waits behind is still in play
	}
	seen[f] = true // a ring of commanders in reserve never comes out
	for _, c := range g.F {
		if c.Side != f.Side || c.Gone || seen[c] || c.Reserve && !g.releasableFrom(c, seen) {
			continue
		}
		for ai := range c.Def.Actions {
			if a := &c.Def.Actions[ai]; a.Type == table.Command && listed(a, f.Index) {
				return true
			}
		}
	}
	return false
}

// Roll rolls every die in the active player's pool.
func (g *Game) Roll() []int {
	roll := make([]int, g.S[g.Active].Pool)
	for i := range roll {
		roll[i] = g.rng.IntN(6) + 1
	}
	slices.Sort(roll)
	g.emit(Event{Kind: "roll", Dice: roll, Text: fmt.Sprintf("%s rolls %v", g.sideID(g.Active), roll)})
	return roll
}

// Wings lists the wings of the active player's formations that can take
// dice, in wing order.
func (g *Game) Wings() []table.Wing {
	var out []table.Wing
	for _, f := range g.F {
		if f.Side == g.Active && f.active() && !slices.Contains(out, f.Def.Wing) {
			out = append(out, f.Def.Wing)
		}
	}
	slices.Sort(out)
	return out
}

// Placements lists the ways to place dice of roll on one card of wing w
// (Roll Phase; Dice Area).
func (g *Game) Placements(roll []int, w table.Wing) []Placement {
	var c [7]int
	for _, d := range roll {
		c[d]++
	}
	var out []Placement
	for i, f := range g.F {
		if f.Side != g.Active || !f.active() || f.Def.Wing != w {
			continue
		}
		if f.Def.Special && (f.Units >= int(f.Def.Strength) || g.Cubes() >= int(g.Scenario.Cubes)) {
			continue // the card is full, or all the cubes are in play
		}
		out = append(out, areaPlacements(i, f.Def.Dice, c)...)
	}
	return out
}

func areaPlacements(i int, a table.DiceArea, c [7]int) []Placement {
	var out []Placement
	rep := func(face, n int) []int {
		d := make([]int, n)
		for k := range d {
			d[k] = face
		}
		return d
	}
	for face := 1; face <= 6; face++ {
		if !a.HasFace(face) {
			continue
		}
		most := c[face]
		if a.Single {
			most = min(most, 1)
		}
		for n := 1; n <= most; n++ {
			out = append(out, Placement{F: i, Dice: rep(face, n)})
		}
	}
	for face := 1; face <= 6; face++ {
		if a.Doubles && c[face] >= 2 {
			out = append(out, Placement{F: i, Dice: rep(face, 2)})
		}
		if a.Triples && c[face] >= 3 {
			out = append(out, Placement{F: i, Dice: rep(face, 3)})
		}
	}
	for n := 2; n <= 6; n++ {
		if a.Straights&(1<<n) == 0 {
			continue
		}
		for lo := 1; lo+n-1 <= 6; lo++ {
			ok := true
			for f := lo; f < lo+n; f++ {
				ok = ok && c[f] > 0
			}
			if ok {
				d := make([]int, n)
				for k := range d {
					d[k] = lo + k
				}
				out = append(out, Placement{F: i, Dice: d})
			}
		}
	}
	return out
}

// Place puts the dice of p on its card; a special formation gets a cube and
// the dice stay in the pool.
func (g *Game) Place(p Placement) {
	f := g.F[p.F]
	if f.Def.Special {
		f.Units++
		g.emit(Event{Kind: "place", Formation: f.Def.ID, Dice: p.Dice, Text: fmt.Sprintf("%s places %v on %s: a cube (%d)", g.sideID(g.Active), p.Dice, g.name(f), f.Units)})
		return
	}
	g.S[f.Side].Pool -= len(p.Dice)
	f.Dice = append(f.Dice, p.Dice...)
	g.emit(Event{Kind: "place", Formation: f.Def.ID, Dice: p.Dice, Text: fmt.Sprintf("%s places %v on %s", g.sideID(g.Active), p.Dice, g.name(f))})
}

// takeDice removes used dice from a roll.
func takeDice(roll, used []int) []int {
	roll = slices.Clone(roll)
	for _, d := range used {
		if i := slices.Index(roll, d); i >= 0 {
			roll = slices.Delete(roll, i, i+1)
		}
	}
	return roll
}

// EndTurn passes play to the opponent.
func (g *Game) EndTurn() { g.Active = 1 - g.Active }

// Policy makes a player's choices. Each method returns an index into opts,
// or -1 for none.
type Policy interface {
	Name() string
	Action(g *Game, opts []Move) int
	React(g *Game, opts []Reaction) int
	Place(g *Game, opts []Placement) int
}

// Step plays one whole player turn: victory check, action phase (unless
// skipped after a reaction) and roll phase. It reports whether the game is over.
func (g *Game) Step(p [2]Policy) bool {
	if g.Over {
		return true
	}
	if g.Turn >= MaxTurns {
		g.end(-1, fmt.Sprintf("no result after %d turns", MaxTurns))
		return true
	}
	if g.Begin() {
		return true
	}
	me := p[g.Active]
	if g.S[g.Active].Skip {
		g.S[g.Active].Skip = false
		g.emit(Event{Kind: "skip", Text: fmt.Sprintf("%s reacted last turn: no action phase", g.sideID(g.Active))})
	} else if moves := g.ActionMoves(); len(moves) > 0 {
		if i := me.Action(g, moves); i >= 0 && i < len(moves) {
			g.Act(moves[i], func(g *Game, opts []Reaction) int { return p[1-g.Active].React(g, opts) })
		} else {
			g.emit(Event{Kind: "pass", Text: fmt.Sprintf("%s takes no action", g.sideID(g.Active))})
		}
	}
	roll := g.Roll()
	for _, w := range g.Wings() {
		opts := g.Placements(roll, w)
		if len(opts) == 0 {
			continue
		}
		if i := me.Place(g, opts); i >= 0 && i < len(opts) {
			g.Place(opts[i])
			roll = takeDice(roll, opts[i].Dice)
		}
	}
	g.EndTurn()
	return false
}

// Play runs the game to its end.
func (g *Game) Play(p [2]Policy) {
	for !g.Step(p) {
	}
}
