package annas

import (
	"fmt"
	"strings"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// Kind is the kind of an action.
type Kind uint8

// Action kinds (rulebook III, Turn Action Summary; V, Unit Actions).
const (
	EndTurn    Kind = iota
	Mulligan        // setup: discard the hand cards in Mask, draw back up
	Deploy          // Card to Slot, meeple on To; Haste when paid with DV
	Activate        // the piece on From moves to To, then does Do
	DiscardAct      // discard hand card Card, draw back up
	ShiftGray       // move the gray piece on From to slot Slot
	Buy             // shop row card at index Slot
	UseShop         // play shop card Card (on the piece at Target when it needs one)
	MoveDVTile      // lay the DV map tile on To, Ruins side when Opt is 1
	Bump            // spend DV: move the piece on From 1 tile to To
	React           // use the reaction of the piece on From (or shop card Card)
	Pass            // decline a reaction; boss mode: a guest unit's owner declines to act
	Choose          // answer a choice an effect asks for: Target, Dest or Card
	DVMove          // boss mode: spend DV to move the own unit on From in a cardinal line to To
	DVRemove        // boss mode: spend DV to remove the own unit on From
	Order           // boss mode: the unit on Target is the next a boss attack or effect hits
	Corner          // boss mode: the boss attacks with content corner Opt (its square Target)
	Range           // boss mode: the boss attacks at distance Opt
	Bar             // boss mode: direct damage hits content corner Opt's bar (its square Target)
)

// kinds is the number of action kinds.
const kinds = Bar + 1

// Do is a unit action after an activation's move (rulebook V).
type Do uint8

// Unit actions.
const (
	Wait Do = iota // moved (or not) and did nothing else
	Attack
	Capture
	Special
	AssistDo
	Retire
	Work
	BossAct // boss mode: the boss board's action Opt
)

var kindNames = [...]string{"end-turn", "mulligan", "deploy", "activate", "discard", "shift-gray", "buy", "use-shop", "dv-tile", "bump", "react", "pass", "choose",
	"dv-move", "dv-remove", "order", "corner", "range", "bar"}
var doNames = [...]string{"wait", "attack", "capture", "special", "assist", "retire", "work", "boss-action"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind#%d", k)
}

func (d Do) String() string {
	if int(d) < len(doNames) {
		return doNames[d]
	}
	return fmt.Sprintf("do#%d", d)
}

// Action is one move of a player. It is a comparable value: Apply accepts it
// only when LegalActions offers an equal one.
type Action struct {
	Kind   Kind
	Player int8
	Card   int16 // unit card (Deploy, DiscardAct) or shop card (UseShop, React)
	Slot   int8
	From   Tile
	To     Tile
	Do     Do
	Target Tile  // attack, special, assist or shop target
	Dest   Tile  // where an assist or effect moves its target
	Opt    int8  // option: Ruins side; Grab mode
	Mask   uint8 // mulligan: hand positions to discard
	Haste  bool
}

func (g *Game) Describe(a Action) string {
	var b strings.Builder
	fmt.Fprintf(&b, "P%d %s", a.Player+1, a.Kind)
	// Describe must not trust the action: Apply describes illegal ones too.
	unit := func(c int16) string {
		if c < 0 || int(c) >= len(g.Rules.Units) {
			return fmt.Sprintf("unit#%d", c)
		}
		return g.Rules.Units[c].ID
	}
	shop := func(c int16) string {
		if c < 0 || int(c) >= len(g.Rules.ShopCards) {
			return fmt.Sprintf("shop#%d", c)
		}
		return g.Rules.ShopCards[c].ID
	}
	switch a.Kind {
	case Mulligan:
		fmt.Fprintf(&b, " %06b", a.Mask)
	case Deploy:
		fmt.Fprintf(&b, " %s to the %s slot at %s", unit(a.Card), table.Color(a.Slot), a.To)
		if a.Haste {
			b.WriteString(" haste")
		}
	case Activate:
		if q := g.PieceAt(a.From); q != nil {
			fmt.Fprintf(&b, " %s", g.pieceName(q))
		}
		fmt.Fprintf(&b, " %s -> %s %s", a.From, a.To, a.Do)
		if a.Target != NoTile {
			if q := g.PieceAt(a.Target); q != nil && a.Do == Attack {
				fmt.Fprintf(&b, " %s", g.pieceName(q))
			}
			fmt.Fprintf(&b, " %s", a.Target)
		}
		if a.Dest != NoTile {
			fmt.Fprintf(&b, " to %s", a.Dest)
		}
	case DiscardAct:
		fmt.Fprintf(&b, " %s", unit(a.Card))
	case ShiftGray:
		fmt.Fprintf(&b, " %s to the %s slot", a.From, table.Color(a.Slot))
	case Buy:
		if a.Slot >= 0 && int(a.Slot) < len(g.ShopRow) && g.ShopRow[a.Slot] >= 0 {
			fmt.Fprintf(&b, " %s", shop(g.ShopRow[a.Slot]))
		} else {
			fmt.Fprintf(&b, " row %d", a.Slot)
		}
	case UseShop, React:
		if a.Card >= 0 {
			fmt.Fprintf(&b, " %s", shop(a.Card))
		} else if q := g.PieceAt(a.From); q != nil {
			fmt.Fprintf(&b, " %s %s", g.pieceName(q), a.From)
		}
		if a.Target != NoTile {
			fmt.Fprintf(&b, " on %s", a.Target)
		}
	case MoveDVTile:
		side := "plain"
		if a.Opt == 1 {
			side = "ruins"
		}
		fmt.Fprintf(&b, " %s %s", side, a.To)
	case Choose:
		switch {
		case a.Card >= 0:
			fmt.Fprintf(&b, " discard %s", unit(a.Card))
		case a.Target != NoTile:
			if q := g.PieceAt(a.Target); q != nil {
				fmt.Fprintf(&b, " %s", g.pieceName(q))
			}
			fmt.Fprintf(&b, " %s", a.Target)
		case a.Dest != NoTile:
			fmt.Fprintf(&b, " move to %s", a.Dest)
		default:
			b.WriteString(" stay")
		}
	case Bump, DVMove:
		if q := g.PieceAt(a.From); q != nil {
			fmt.Fprintf(&b, " %s", g.pieceName(q))
		}
		fmt.Fprintf(&b, " %s -> %s", a.From, a.To)
	case DVRemove:
		fmt.Fprintf(&b, " %s", a.From)
	case Order:
		fmt.Fprintf(&b, " %s", a.Target)
	case Corner, Bar:
		fmt.Fprintf(&b, " %d %s", a.Opt, a.Target)
	case Range:
		fmt.Fprintf(&b, " %d", a.Opt)
	}
	return b.String()
}
