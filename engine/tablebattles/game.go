// Package tablebattles is the rules engine of Table Battles: the state of a
// battle, the legal actions, reactions and dice placements, and their
// resolution. It reads only the compiled tables, and plays through the game
// contract (engine/play): every decision — an action, a reaction, a
// placement — is one of the match's legal actions, and the state between
// two decisions is a position (position.go).
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

	"github.com/roundtable-dev/roundtable/engine/play"
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

// Phase is where a player turn stands: a decision to take, or the end.
type Phase uint8

// The phases a match rests in between two decisions; the others pass
// without one.
const (
	PhaseAction    Phase = iota // the active side takes an action, or passes
	PhaseReaction               // the defender chooses how to react to an attack
	PhaseRoll                   // the active side places dice on one card of Game.Wing
	PhaseOver                   // the battle has ended
	phaseBegin                  // a player turn begins: victory checks
	phaseRollStart              // the active side rolls its pool
)

// PhaseNames are the words of the resting phases in a position.
var PhaseNames = [...]string{"action", "reaction", "roll", "over"}

func (p Phase) String() string {
	if int(p) < len(PhaseNames) {
		return PhaseNames[p]
	}
	return "phase?"
}

// Attack is an attack waiting for the defender's reaction.
type Attack struct {
	F, Target int // indexes into Game.F
	Action    int // index into the attacker's actions
	// Dice are the dice removed from the attacker's card, sorted; a special
	// formation spent a cube instead and has none.
	Dice []int
}

// n is the number of dice (or the cube) the attack removed.
func (a *Attack) n(g *Game) int {
	if g.F[a.F].Def.Special {
		return 1
	}
	return len(a.Dice)
}

// Game is a battle in progress. It implements play.Match (match.go).
type Game struct {
	Rules    *table.Ruleset
	Scenario *table.Scenario
	F        []*Formation // side 0's formations, then side 1's
	S        [2]Side
	Active   int // side whose turn it is
	turn     int // player turns begun, from 1
	phase    Phase
	attack   *Attack    // PhaseReaction
	roll     []int      // PhaseRoll: dice of the roll not yet placed, sorted
	wing     table.Wing // PhaseRoll: the wing placing now
	winner   int        // -1 while playing or on a draw
	reason   string
	pcg      *rand.PCG
	rng      *rand.Rand
	byIndex  map[int16]int
	quiet    bool // no events
	events   []play.Event
	choices  []choice // the legal actions now, when listed is set
	listed   bool
}

// New sets up scenario si of rs and plays on to the first decision. The
// seed fixes every roll.
func New(rs *table.Ruleset, si int, seed uint64) *Game {
	return newGame(rs, si, nil).start(seed)
}

func (g *Game) start(seed uint64) *Game {
	g.pcg = rand.NewPCG(seed, 0x7ab1eba771e5)
	g.rng = rand.New(g.pcg)
	g.setUp()
	g.phase = phaseBegin
	g.settle()
	return g
}

// newGame is a game of scenario si with no state yet; pcg is its random
// source (nil: set by start).
func newGame(rs *table.Ruleset, si int, pcg *rand.PCG) *Game {
	sc := &rs.Scenarios[si]
	g := &Game{Rules: rs, Scenario: sc, winner: -1, byIndex: map[int16]int{}, pcg: pcg}
	if pcg != nil {
		g.rng = rand.New(pcg)
	}
	for s := range 2 {
		for _, fi := range sc.Sides[s].Formations {
			g.byIndex[fi] = len(g.F)
			g.F = append(g.F, &Formation{Def: &rs.Formations[fi], Index: fi, Side: s})
		}
	}
	return g
}

// setUp puts every formation and side as the set-up card says (Set-Up).
func (g *Game) setUp() {
	sc := g.Scenario
	for s := range 2 {
		g.S[s] = Side{Morale: int(sc.Sides[s].Morale), Pool: int(sc.Sides[s].Dice), Dice: int(sc.Sides[s].Dice)}
	}
	for _, f := range g.F {
		f.Units = int(f.Def.Strength)
		if f.Def.Special {
			f.Units = 1 // Special Formations: always begin with one cube
		}
		f.Reserve = f.Def.Reserve != table.NotReserve
		f.Dice, f.Gone, f.How = nil, false, ""
	}
	g.Active = int(sc.First)
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

// Data is the detail of a Table Battles event (play.Event.Data): the
// formation acting or concerned, its target, the dice involved, the hits,
// and both sides' morale after a change of morale.
type Data struct {
	Formation string `json:"formation,omitempty"`
	Target    string `json:"target,omitempty"`
	Dice      []int  `json:"dice,omitempty"`
	Hits      int    `json:"hits,omitempty"`
	Morale    []int  `json:"morale,omitempty"`
}

// emit records an event of side s (-1 for none). Callers skip it, and the
// formatting of its text, when the match is quiet.
func (g *Game) emit(s int, kind, text string, d *Data) {
	e := play.Event{Turn: g.turn, Seat: s, Kind: kind, Text: text}
	if d != nil {
		e.Data = d
	}
	g.events = append(g.events, e)
}

func (g *Game) morale() []int { return []int{g.S[0].Morale, g.S[1].Morale} }

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
	return r.MetBy(&c)
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
	return fmt.Sprintf("turn %d, %s to act, morale %d-%d", g.turn, g.sideID(g.Active), g.S[0].Morale, g.S[1].Morale)
}

func sorted(d []int) []int {
	d = slices.Clone(d)
	slices.Sort(d)
	return d
}
