package play

import (
	"fmt"

	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// Runner applies actions to a match and turns everything that happens into
// one numbered event stream: an "action" event for every decision, then the
// match's own events.
type Runner struct {
	M Match
	// Emit receives every event; nil drops them.
	Emit func(Event)
	// Log is the text of every action applied, in order: with the seed (or
	// the starting position) it replays the match.
	Log    []string
	n      int
	capped bool
}

// NewRunner wraps m and passes on the events its start produced.
func NewRunner(m Match, emit func(Event)) *Runner {
	r := &Runner{M: m, Emit: emit}
	r.flush()
	return r
}

func (r *Runner) flush() {
	for _, e := range r.M.Events() {
		r.emit(e)
	}
}

func (r *Runner) emit(e Event) {
	r.n++
	if r.Emit != nil {
		e.N = r.n
		r.Emit(e)
	}
}

// Do applies legal action i.
func (r *Runner) Do(i int) error {
	if i < 0 || i >= r.M.Legal() {
		return fmt.Errorf("action @%d: there are %d legal actions", i, r.M.Legal())
	}
	text := r.M.Action(i)
	seat := r.M.ToMove()
	if r.Emit != nil {
		e := Event{Turn: r.M.Turn(), Seat: seat, Kind: "action", Action: text, Text: seatName(r.M, seat) + ": " + text}
		if v, ok := r.M.(Viewer); ok {
			if pub := v.Private(i); pub != "" {
				e = e.Hide(Event{Text: seatName(r.M, seat) + ": " + pub}, seat)
			}
		}
		r.emit(e)
	} else {
		r.n++
	}
	if err := r.M.Apply(i); err != nil {
		return fmt.Errorf("action %s: %v", phrase.Quote(text), err)
	}
	r.Log = append(r.Log, text)
	r.flush()
	return nil
}

// DoText applies the legal action written s (see Find).
func (r *Runner) DoText(s string) error {
	i, err := Find(r.M, s)
	if err != nil {
		return err
	}
	return r.Do(i)
}

// Play lets the policies (one per seat, by seat index) choose until the
// match is over or maxActions actions were applied in all (0: no cap).
func (r *Runner) Play(pols []Policy, maxActions int) error {
	for !r.M.Over() {
		if maxActions > 0 && len(r.Log) >= maxActions {
			r.capped = true
			return nil
		}
		seat := r.M.ToMove()
		if seat < 0 || seat >= len(pols) || pols[seat] == nil {
			return fmt.Errorf("no policy for seat %d", seat)
		}
		i := pols[seat].Choose(r.M)
		if err := r.Do(i); err != nil {
			return err
		}
	}
	return nil
}

// Result is the match's result, or a capped draw when Play stopped at its cap.
func (r *Runner) Result() Result {
	if r.capped && !r.M.Over() {
		res := Draw(fmt.Sprintf("stopped after %d actions", len(r.Log)))
		res.Capped = true
		return res
	}
	return r.M.Result()
}
