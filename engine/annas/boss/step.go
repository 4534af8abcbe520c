package boss

import (
	"fmt"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// Step is one line of the game's log: a player action or a boss step.
type Step struct {
	Turn  int    `json:"turn"`
	Round int    `json:"round"`
	Who   string `json:"who"` // "P1".."P4" or "boss"
	Kind  string `json:"kind"`
	Text  string `json:"text"`
}

// Chooser makes the decisions the rulebook gives the players during a boss
// turn and during effects (rulebook VIII, Step 2B, Step 3, clarifications).
type Chooser interface {
	// AttackOrder orders the units (ids) a boss attack or a boss card's
	// effect hits.
	AttackOrder(g *Game, ids []int32) []int32
	// Corner picks the boss corner (content index) among options when the
	// advantaged corner is fully damaged or none has advantage.
	Corner(g *Game, u *Unit, options []int) int
	// Range picks the combat distance among the boss card's ranges.
	Range(g *Game, u *Unit, options []int) int
	// Bar picks the HP bar (content corner) a direct damage effect hits.
	Bar(g *Game, dmg int, options []int) int
	// React decides whether u uses its reaction special on event ev.
	React(g *Game, u *Unit, ev table.Trigger) bool
}

func (g *Game) who() string {
	if g.Pos >= 0 && g.Order[g.Pos] == BossSeat {
		return "boss"
	}
	if g.acting >= 0 {
		return fmt.Sprintf("P%d", g.acting+1)
	}
	return fmt.Sprintf("P%d", g.Actor()+1)
}

func (g *Game) logf(kind, format string, args ...any) {
	s := Step{Turn: g.Turn, Round: g.Round, Who: g.who(), Kind: kind, Text: fmt.Sprintf(format, args...)}
	g.Log = append(g.Log, s)
	if g.OnStep != nil {
		g.OnStep(s)
	}
}

// IsBossTurn reports whether the current turn belongs to the boss (only
// inside Apply: a boss turn runs to its end before Apply returns).
func (g *Game) IsBossTurn() bool { return g.Pos >= 0 && g.Order[g.Pos] == BossSeat }
