// Package tablebattles is the rules engine of Table Battles: the state of a
// battle, the legal actions, reactions and dice placements, and their
// resolution. It reads only the compiled tables.
//
// Where the rulebook is silent the engine decides, and says so here:
//   - A player may decline to act in the action phase (the rules never force
//     an action); a null action is allowed only when its requirement is unmet.
//   - Morale cubes given for a rout go to the other player's morale.
//   - Pursuit is triggered when the current target of one of a formation's
//     attacks routs, whoever routs it; a formation in reserve does not pursue,
//     and one routed at the same instance has routed, not pursued.
//   - A formation in reserve is still in play: it can be a target.
//   - A special formation is never counterattacked and hits never touch it:
//     it has cubes, not units, and never routs.
//   - A game that has not ended after MaxTurns player turns is a draw.
package tablebattles

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
)

// MaxTurns bounds a game; past it the result is a draw.
const MaxTurns = 400

// Formation is the state of one formation in a battle.
type Formation struct {
	Def   *table.Formation
	Index int16 // in the ruleset
	Side  int
	// Units left, or cubes on the card of a special formation.
	Units   int
	Dice    []int // faces on the card, in placement order
	Reserve bool
	Gone    bool   // removed from play
	How     string // routed, retired, pursued
}

// Side is one player's state.
type Side struct {
	Morale int
	Pool   int // dice in the dice pool
	Dice   int // all the side's dice
	// Skip: the player reacted during the opponent's action phase, so his
	// next action phase is skipped.
	Skip bool
}

// Game is a battle in progress.
type Game struct {
	Rules    *table.Ruleset
	Scenario *table.Scenario
	F        []*Formation // side 0's formations, then side 1's
	S        [2]Side
	Active   int // side whose turn it is
	Turn     int // player turns begun, from 1
	Winner   int // -1 while playing or on a draw
	Reason   string
	Over     bool
	rng      *rand.Rand
	byIndex  map[int16]int
	// Log receives every event; nil discards them.
	Log func(Event)
}

// Event is one thing that happened, for logs and tests.
type Event struct {
	Turn      int    `json:"turn"`
	Side      string `json:"side"`
	Kind      string `json:"event"`
	Formation string `json:"formation,omitempty"`
	Target    string `json:"target,omitempty"`
	Dice      []int  `json:"dice,omitempty"`
	Hits      int    `json:"hits,omitempty"`
	Text      string `json:"text"`
}

// New sets up scenario si of rs. The seed fixes every roll.
func New(rs *table.Ruleset, si int, seed int64) *Game {
	sc := &rs.Scenarios[si]
	g := &Game{Rules: rs, Scenario: sc, Winner: -1, byIndex: map[int16]int{},
		rng: rand.New(rand.NewPCG(uint64(seed), 0x7ab1eba771e5))}
	for s := range 2 {
		side := &sc.Sides[s]
		g.S[s] = Side{Morale: int(side.Morale), Pool: int(side.Dice), Dice: int(side.Dice)}
		for _, fi := range side.Formations {
			def := &rs.Formations[fi]
			f := &Formation{Def: def, Index: fi, Side: s, Units: int(def.Strength), Reserve: def.Reserve != table.NotReserve}
			if def.Special {
				f.Units = 1 // Special Formations: always begin with one cube
			}
			g.byIndex[fi] = len(g.F)
			g.F = append(g.F, f)
		}
	}
	g.Active = int(sc.First)
	return g
}

// Formation returns the state of the formation with ruleset index i, or nil.
func (g *Game) Formation(i int16) *Formation {
	if k, ok := g.byIndex[i]; ok {
		return g.F[k]
	}
	return nil
}

// ByID returns the formation with the given id, or nil.
func (g *Game) ByID(id string) *Formation {
	for _, f := range g.F {
		if f.Def.ID == id {
			return f
		}
	}
	return nil
}

func (g *Game) sideID(s int) string { return g.Scenario.Sides[s].ID }

func (g *Game) emit(e Event) {
	if g.Log == nil {
		return
	}
	e.Turn = g.Turn
	if e.Side == "" {
		e.Side = g.sideID(g.Active)
	}
	g.Log(e)
}

// Cubes counts the cubes in play: both sides' morale and the cubes on
// special formations.
func (g *Game) Cubes() int {
	n := g.S[0].Morale + g.S[1].Morale
	for _, f := range g.F {
		if f.Def.Special && !f.Gone {
			n += f.Units
		}
	}
	return n
}

// DiceOnCards counts the dice on side s's cards.
func (g *Game) DiceOnCards(s int) int {
	n := 0
	for _, f := range g.F {
		if f.Side == s {
			n += len(f.Dice)
		}
	}
	return n
}

// active reports whether f can act and hold dice: in play, out of reserve.
func (f *Formation) active() bool { return !f.Gone && !f.Reserve }

// ready reports whether f has dice (or, if special, a cube) to spend.
func (f *Formation) ready() bool {
	if f.Def.Special {
		return f.Units > 0
	}
	return len(f.Dice) > 0
}

// Meets reports whether dice satisfy a requirement (Reading a Formation
// Card, Requirements).
func Meets(dice []int, r table.Requirement) bool {
	var c [7]int
	for _, d := range dice {
		if d >= 1 && d <= 6 {
			c[d]++
		}
	}
	count := func(min int) int {
		n := 0
		for f := 1; f <= 6; f++ {
			if c[f] >= min {
				n++
			}
		}
		return n
	}
	switch r {
	case table.None:
		return len(dice) > 0
	case table.Pair:
		return count(2) >= 1
	case table.TwoPairs:
		return count(2) >= 2
	case table.Triplet:
		return count(3) >= 1
	case table.TwoTriplets:
		return count(3) >= 2
	case table.FullHouse:
		return count(3) >= 1 && count(2) >= 2
	case table.FiveDice:
		return len(dice) >= 5
	}
	return false
}

// meets reports whether f's dice meet an action's requirement; a special
// formation's cube stands in for its dice.
func (f *Formation) meets(a *table.Action) bool {
	if f.Def.Special {
		return f.Units > 0 && a.Requirement == table.None
	}
	return Meets(f.Dice, a.Requirement)
}

// target returns the first listed target still in play (Targets: the
// second becomes available once the first is removed), or nil.
func (g *Game) target(a *table.Action) *Formation {
	for _, t := range a.Targets {
		if f := g.Formation(t); f != nil && !f.Gone {
			if f.Def.Special {
				return nil // Special Formations cannot be attacked
			}
			return f
		}
	}
	return nil
}

// commandTarget is the first listed formation still waiting in reserve.
func (g *Game) commandTarget(a *table.Action) *Formation {
	for _, t := range a.Targets {
		if f := g.Formation(t); f != nil && !f.Gone && f.Reserve {
			return f
		}
	}
	return nil
}

func (g *Game) name(f *Formation) string { return f.Def.Name }

func (g *Game) String() string {
	return fmt.Sprintf("turn %d, %s to act, morale %d-%d", g.Turn, g.sideID(g.Active), g.S[0].Morale, g.S[1].Morale)
}

func sorted(d []int) []int {
	d = slices.Clone(d)
	slices.Sort(d)
	return d
}
