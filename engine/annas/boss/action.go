package boss

import (
	"fmt"
	"strings"
)

// Kind is the kind of a player action.
type Kind uint8

// Action kinds (rulebook VIII, On Player Turns).
const (
	EndTurn  Kind = iota
	Deploy        // Card to Slot, meeple on To; Haste when paid with DV
	Activate      // the unit on From moves to To, then does Do
	Discard       // discard hand card Card (once per turn), draw back up
	DVMove        // spend DV: move the own unit on From in a cardinal line to To
	DVRemove      // spend DV: remove the own unit on From
	Pass          // a dancer's guest declines to act
	Mulligan      // setup: discard the hand cards at the positions in Mask, draw back up
)

// Do is a unit action after an activation's move.
type Do uint8

// Unit actions (rulebook VIII, Unit Actions; no Retire, no Capture).
const (
	Wait Do = iota
	Attack
	Special
	AssistDo
	Work
	BossAction // Opt is the index of the boss's action
)

var kindNames = [...]string{"end-turn", "deploy", "activate", "discard", "dv-move", "dv-remove", "pass", "mulligan"}
var doNames = [...]string{"wait", "attack", "special", "assist", "work", "boss-action"}

func (k Kind) String() string { return kindNames[k] }
func (d Do) String() string   { return doNames[d] }

// Action is one move of a player; Apply accepts it only when LegalActions
// offers an equal one.
type Action struct {
	Kind   Kind
	Player int8
	Card   int16
	Slot   int8
	From   Tile
	To     Tile
	Do     Do
	Target Tile // attacked square (a boss corner's square or a minion) or effect target
	Dest   Tile // where a moving effect takes its target
	Opt    int8
	Mask   uint16
	Haste  bool
}

func act(k Kind, p int) Action {
	return Action{Kind: k, Player: int8(p), Card: -1, Slot: -1, From: NoTile, To: NoTile, Target: NoTile, Dest: NoTile, Opt: -1}
}

// Describe is an action in words.
func (g *Game) Describe(a Action) string {
	var b strings.Builder
	b.WriteString(a.Kind.String())
	switch a.Kind {
	case Deploy:
		fmt.Fprintf(&b, " %s slot %d at %s", g.Rules.Units[a.Card].ID, a.Slot, a.To)
		if a.Haste {
			b.WriteString(" haste")
		}
	case Discard:
		fmt.Fprintf(&b, " %s", g.Rules.Units[a.Card].ID)
	case Activate:
		fmt.Fprintf(&b, " %s -> %s %s", a.From, a.To, a.Do)
		if a.Do == BossAction {
			fmt.Fprintf(&b, " %q", g.b.Actions[a.Opt].Name)
		}
		if a.Target != NoTile {
			fmt.Fprintf(&b, " %s", a.Target)
			if pos := g.PosAt(a.Target); pos >= 0 && a.Do == Attack {
				fmt.Fprintf(&b, " (%s corner)", g.b.Corners[g.Corner(pos)].Color)
			}
		}
		if a.Dest != NoTile {
			fmt.Fprintf(&b, " to %s", a.Dest)
		}
	case DVMove:
		fmt.Fprintf(&b, " %s -> %s", a.From, a.To)
	case DVRemove:
		fmt.Fprintf(&b, " %s", a.From)
	case Mulligan:
		for i, c := range g.Players[a.Player].Hand {
			if a.Mask&(1<<uint(i)) != 0 {
				fmt.Fprintf(&b, " %s", g.Rules.Units[c].ID)
			}
		}
		if a.Mask == 0 {
			b.WriteString(" keeps the hand")
		}
	}
	return b.String()
}
