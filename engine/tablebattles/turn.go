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

// settle plays the rules forward until a decision is due or the battle ends
// (Flow of Play: an Action Phase, then a Roll Phase; then the opponent's
// turn).
func (g *Game) settle() {
	g.unlist()
	for {
		switch g.phase {
		case phaseBegin:
			if g.begin() {
				return
			}
			if g.S[g.Active].Skip {
				g.S[g.Active].Skip = false
				if !g.quiet {
					g.emit(g.Active, "skip", fmt.Sprintf("%s reacted last turn: no action phase", g.sideID(g.Active)), nil)
				}
				g.phase = phaseRollStart
				continue
			}
			if len(g.ActionMoves()) > 0 {
				g.phase = PhaseAction
				return
			}
			g.phase = phaseRollStart
		case phaseRollStart:
			g.roll = g.rollPool()
			g.wing = 0
			g.phase = PhaseRoll
			if g.nextWing(false) {
				return
			}
		case PhaseRoll:
			if g.nextWing(true) {
				return
			}
		default:
			return
		}
	}
}

// nextWing moves the roll phase to the next wing, after the current one
// when after is set, on which some dice of the roll may be placed, and
// reports whether there is one; otherwise the turn ends.
func (g *Game) nextWing(after bool) bool {
	for _, w := range g.Wings() {
		if w < g.wing || after && w == g.wing {
			continue
		}
		if len(g.Placements(g.roll, w)) > 0 {
			g.wing = w
			return true
		}
	}
	g.roll, g.wing = nil, 0
	g.Active = 1 - g.Active
	g.phase = phaseBegin
	return false
}

// begin starts the active player's turn and checks both victory conditions
// (How to Win). It reports whether the game is over.
func (g *Game) begin() bool {
	if g.turn >= MaxTurns {
		g.end(-1, fmt.Sprintf("no result after %d turns", MaxTurns))
		return true
	}
	g.turn++
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
	g.phase, g.winner, g.reason = PhaseOver, winner, reason
	g.attack, g.roll, g.wing = nil, nil, 0
	if !g.quiet {
		g.emit(winner, "end", reason, &Data{Morale: g.morale()})
	}
}

// rollPool rolls every die in the active player's pool (Roll Phase).
func (g *Game) rollPool() []int {
	roll := make([]int, g.S[g.Active].Pool)
	for i := range roll {
		roll[i] = g.rng.IntN(6) + 1
	}
	slices.Sort(roll)
	if !g.quiet {
		g.emit(g.Active, "roll", fmt.Sprintf("%s rolls %v", g.sideID(g.Active), roll), &Data{Dice: roll})
	}
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

// place puts the dice of p on its card and takes them from the roll; a
// special formation gets a cube and the dice go back to the pool, not to
// the roll (Special Formations).
func (g *Game) place(p Placement) {
	f := g.F[p.F]
	g.roll = takeDice(g.roll, p.Dice)
	if f.Def.Special {
		f.Units++
		if !g.quiet {
			g.emit(f.Side, "cube", fmt.Sprintf("%s gains a cube (%d)", g.name(f), f.Units), &Data{Formation: f.Def.ID, Dice: p.Dice})
		}
		return
	}
	g.S[f.Side].Pool -= len(p.Dice)
	f.Dice = append(f.Dice, p.Dice...)
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
