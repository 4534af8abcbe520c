package play

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
)

// Viewer is what one seat may see. Every game's matches implement it, so
// that a person, the studio and a search that must not cheat are all given
// the same thing: the position as that seat sees it.
//
// Seat -1 is an onlooker, who sees only what is public.
type Viewer interface {
	// View is the position as seat sees it, in the shape of Position:
	// everything the rulebook keeps from seat (the other players' hands,
	// the order of every deck, face-down cards, a boss deck's order, the
	// state of the random source) is absent or replaced by a count; what
	// seat has seen (its own hand, a revealed card) is kept. It marshals to
	// JSON and YAML; it need not load back.
	View(seat int) any
	// Show draws View(seat) as text for a terminal: the board as a grid
	// where the game has one, hands and zones as lists.
	Show(seat int) string
	// Private is how the other seats read legal action i of the seat to
	// move when its text names something they may not see ("puts a card
	// from hand on top of the deck"); "" when the text is public. The
	// Runner puts it in the action's event (see Event.Seen).
	Private(i int) string
}

// ViewOf is m's View for seat, or an error naming the game's omission.
func ViewOf(m Match, seat int) (any, error) {
	v, ok := m.(Viewer)
	if !ok {
		return nil, fmt.Errorf("%T does not say what a seat may see (play.Viewer)", m)
	}
	return v.View(seat), nil
}

// Hide marks e as seen as it is by seats only; every other seat sees
// public instead (its Kind, Text and Data; N, Turn and Seat are e's). A
// draw is the common case:
//
//	e.Hide(play.Event{Text: "P2 draws a card"}, 1)  // e.Text: "you draw marth"
func (e Event) Hide(public Event, seats ...int) Event {
	e.Only = seats
	if e.Only == nil {
		e.Only = []int{}
	}
	e.Public = &public
	return e
}

// Seen is e as seat sees it; ok is false when seat sees nothing of it.
func (e Event) Seen(seat int) (Event, bool) {
	if e.Only == nil || slices.Contains(e.Only, seat) {
		e.Only, e.Public = nil, nil
		return e, true
	}
	if e.Public == nil {
		return Event{}, false
	}
	p := *e.Public
	p.N, p.Turn, p.Seat, p.Only, p.Public = e.N, e.Turn, e.Seat, nil, nil
	if p.Kind == "" {
		p.Kind = e.Kind
	}
	return p, true
}

// SeenBy are the events of list as seat sees them, in order.
func SeenBy(list []Event, seat int) []Event {
	out := make([]Event, 0, len(list))
	for _, e := range list {
		if s, ok := e.Seen(seat); ok {
			out = append(out, s)
		}
	}
	return out
}

// Unseen stands in a View for cards a seat may not see: how many there
// are ("hand: {unseen: 5}").
type Unseen struct {
	Unseen int `json:"unseen" yaml:"unseen"`
}

// Forecaster is implemented by matches that can say what a legal action
// is likely to do before it is taken: Anna's and Tropera's combat
// forecast for an attack. Forecast reads only what the seat to move may
// see; "" when the action has nothing to forecast.
type Forecaster interface {
	Forecast(i int) string
}

// Scorer is implemented by matches that keep a score a person reads
// during play: victory points, orbs, morale, lives. Score is seat's, as
// one short phrase ("2 VP · 3 coins"), from what every seat sees.
type Scorer interface {
	Score(seat int) string
}

// Unhide reads a View marshalled as JSON back into the shape of the
// position: every {"unseen": n} becomes a list of n empty ids, so that a
// reader of positions (a game's Render.Position) reads a view too, and
// counts what it cannot name. Everything else is kept as it is.
func Unhide(state []byte) ([]byte, error) {
	var v any
	d := json.NewDecoder(bytes.NewReader(state))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	return json.Marshal(unhide(v))
}

func unhide(v any) any {
	switch x := v.(type) {
	case map[string]any:
		if n, ok := x["unseen"].(json.Number); ok && len(x) == 1 {
			k, err := n.Int64()
			if err == nil && k >= 0 && k <= 1<<20 {
				return make([]string, k)
			}
		}
		for key, e := range x {
			x[key] = unhide(e)
		}
	case []any:
		for i, e := range x {
			x[i] = unhide(e)
		}
	}
	return v
}

// Wrapper is a match that wraps another (a test's variant of a game's
// match that breaks one rule): Unwrap is the match inside.
type Wrapper interface {
	Unwrap() Match
}

// Unwrap is the innermost match of m (m itself when it wraps none).
func Unwrap(m Match) Match {
	for {
		w, ok := m.(Wrapper)
		if !ok {
			return m
		}
		m = w.Unwrap()
	}
}

// ForecastBy is a Forecaster's answer for matches that are play.
// Determinizers: legal action i taken on a determinization for the seat to
// move (what that seat may believe; nothing hidden from it is read), and
// the Text of the first event of kind that follows, written by text (its
// Data too); "" when no such event follows. seed makes it repeatable.
func ForecastBy(m Determinizer, i int, seed uint64, kind string, text func(Event) string) string {
	mm, ok := m.(Match)
	if !ok || i < 0 || i >= mm.Legal() {
		return ""
	}
	d := m.Determinize(mm.ToMove(), NewRand(seed, mm.ToMove()))
	d.Events()
	if d.Apply(i) != nil {
		return ""
	}
	for _, e := range d.Events() {
		if e.Kind == kind {
			return text(e)
		}
	}
	return ""
}
