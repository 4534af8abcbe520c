package annas

import (
	"fmt"
	"slices"
	"strings"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// Events of the game contract (docs/annas-engine.md, "Events"): what an
// action caused, one line each, with structured detail in Data. Decisions
// are not among them (the runner records each action).

// CombatData is the Data of a "combat" event.
type CombatData struct {
	Attacker Side         `json:"attacker"`
	Defender Side         `json:"defender"`
	Distance int          `json:"distance"`
	Strikes  []StrikeData `json:"strikes"`
}

// Side is one combatant of a combat event.
type Side struct {
	ID       string `json:"id"`               // unit id; boss mode: the boss's or summon's id
	Seat     int    `json:"seat"`             // its controller
	At       string `json:"at"`               // its tile
	Corner   string `json:"corner,omitempty"` // boss mode: the boss corner's color
	HPBefore int    `json:"hp_before"`
	HPAfter  int    `json:"hp_after"`
	Defeated bool   `json:"defeated"`
}

// StrikeData is one strike: by "attacker" or "defender", its kind
// (attack, counter, follow-up) and the damage dealt.
type StrikeData struct {
	By     string `json:"by"`
	Kind   string `json:"kind"`
	Damage int    `json:"damage"`
}

// UnitData is the Data of events about one unit (damage, heal, defeat,
// move, ready): its id, seat and tile, and the amount where there is one.
type UnitData struct {
	ID     string `json:"id"`
	Seat   int    `json:"seat"`
	At     string `json:"at"`
	Amount int    `json:"amount,omitempty"`
	HP     int    `json:"hp"`
}

// DrawData is the Data of a "draw" event: the player, how many unit cards
// it drew and, as the player sees it, which (the others' form has no
// Cards).
type DrawData struct {
	Seat  int      `json:"seat"`
	Count int      `json:"count"`
	Cards []string `json:"cards,omitempty"`
}

// drawEvent records that player p drew cards: the event as p sees it,
// and a count for every other seat (play.Event.Hide).
func (g *Game) drawEvent(p int, cards []int16) {
	ids := make([]string, len(cards))
	for i, c := range cards {
		ids[i] = g.Rules.Units[c].ID
	}
	n := "a card"
	if len(ids) > 1 {
		n = fmt.Sprintf("%d cards", len(ids))
	}
	e := play.Event{Turn: g.Turn, Seat: p, Kind: "draw", Text: fmt.Sprintf("P%d draws %s", p+1, strings.Join(ids, ", ")),
		Data: DrawData{Seat: p, Count: len(ids), Cards: ids}}
	g.events = append(g.events, e.Hide(play.Event{Text: fmt.Sprintf("P%d draws %s", p+1, n), Data: DrawData{Seat: p, Count: len(ids)}}, p))
}

// emit records an event when the game records them.
func (g *Game) emit(kind string, seat int, data any, format string, args ...any) {
	if !g.record {
		return
	}
	g.events = append(g.events, play.Event{Turn: g.Turn, Seat: seat, Kind: kind, Text: fmt.Sprintf(format, args...), Data: data})
}

func (g *Game) unitData(q *Piece, amount int) UnitData {
	return UnitData{ID: g.pieceName(q), Seat: int(q.Owner), At: q.Tile.String(), Amount: amount, HP: max(0, g.HP(q))}
}

// combatEvent records a finished combat.
func (g *Game) combatEvent(pcs [2]*Piece, cb *combat) {
	if !g.record {
		return
	}
	d := CombatData{Distance: cb.dist, Strikes: []StrikeData{}}
	sides := [2]*Side{&d.Attacker, &d.Defender}
	for i, q := range pcs {
		*sides[i] = Side{ID: g.pieceName(q), Seat: int(q.Owner), At: q.Tile.String(), HPBefore: cb.out.Before[i],
			HPAfter: cb.out.HP[i], Defeated: cb.out.Defeated[i]}
		if q.Kind == BossPiece && cb.corner >= 0 {
			sides[i].Corner = g.Boss.def.Corners[cb.corner].Color.String()
			sides[i].At = g.Boss.Square(g.posOf(int(cb.corner))).String()
		}
	}
	name := func(s *Side) string {
		if s.Corner != "" {
			return s.ID + " (" + s.Corner + " corner) " + s.At
		}
		return s.ID + " " + s.At
	}
	text := fmt.Sprintf("%s attacks %s:", name(&d.Attacker), name(&d.Defender))
	for _, s := range cb.out.Strikes {
		by := "attacker"
		if s.By == 1 {
			by = "defender"
		}
		d.Strikes = append(d.Strikes, StrikeData{By: by, Kind: s.Kind, Damage: s.Damage})
		text += fmt.Sprintf(" %s %d", s.Kind, s.Damage)
	}
	if len(cb.out.Strikes) == 0 {
		text += " no strike"
	}
	text += fmt.Sprintf("; HP %d-%d", d.Attacker.HPAfter, d.Defender.HPAfter)
	for i, s := range sides {
		if cb.out.Defeated[i] {
			text += fmt.Sprintf("; %s defeated", s.ID)
		}
	}
	g.emit("combat", d.Attacker.Seat, d, "%s", text)
}

// Events returns the events recorded since the last call. While a
// decision is pending the action's events so far are kept (answering runs
// the action again from its start, and the events it records again are
// not returned twice).
func (g *Game) Events() []play.Event {
	if g.emitted >= len(g.events) {
		return nil
	}
	e := slices.Clone(g.events[g.emitted:])
	g.emitted = len(g.events)
	if g.pending == nil {
		g.events, g.emitted = g.events[:0], 0
	}
	return e
}
