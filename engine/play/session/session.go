// Package session is a match played by people and built-in policies
// together: whose decision it is, what each seat has been shown since its
// previous decision, undo, and the action log that replays it. It prints
// nothing: the terminal (cmd/roundtable/cli) draws it, and the studio's
// play page can draw the same session.
package session

import (
	"errors"
	"fmt"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// Seat is who plays one seat of the table.
type Seat struct {
	// Human marks a seat a person plays: the session waits for Do.
	Human bool
	// Policy plays an engine seat; nil for a person or a seat the rules
	// play (Boss Mode's boss never decides).
	Policy play.Policy
}

// step is one action of the log.
type step struct {
	seat  int  // the seat that took it
	event int  // the index in events of its "action" event
	human bool // a person took it in this session (undo goes back to these)
}

// Session is one match in progress. It is not safe for concurrent use.
type Session struct {
	start  func() (play.Match, error)
	seats  []Seat
	r      *play.Runner
	events []play.Event
	steps  []step
	// redo is the log of the branch last undone: an engine seat asked at
	// a moment it already answered (the log so far is a prefix of redo)
	// gives its recorded reply instead of thinking again, so undoing and
	// answering as before plays on exactly as before.
	redo []string
	// Thinking, when set, is called before an engine seat is asked to
	// decide (not when its reply is replayed): a terminal says so.
	Thinking func(seat int)
}

// ErrNothingToUndo is Undo's error when the seat has made no decision in
// this session.
var ErrNothingToUndo = errors.New("nothing to undo: no decision of yours to go back to")

// New starts a session: start makes the match (a new seeded one, or one
// read from a position) and is called again on every undo, so it must
// make the same match each time. seats are by seat index.
func New(start func() (play.Match, error), seats []Seat) (*Session, error) {
	s := &Session{start: start, seats: seats}
	m, err := start()
	if err != nil {
		return nil, err
	}
	if n := len(m.Seats()); n != len(seats) {
		return nil, fmt.Errorf("the match has %d seats, the session %d", n, len(seats))
	}
	s.r = play.NewRunner(m, s.record)
	return s, nil
}

func (s *Session) record(e play.Event) { s.events = append(s.events, e) }

// Match is the match as it stands. Callers read it; they change it only
// through the session.
func (s *Session) Match() play.Match { return s.r.M }

// Seats are the session's seats.
func (s *Session) Seats() []Seat { return s.seats }

// Log is the text of every action applied, in order.
func (s *Session) Log() []string { return s.r.Log }

// Events are every event so far, as they are (the whole truth: a log's).
func (s *Session) Events() []play.Event { return s.events }

// Waiting reports whether a person must decide now.
func (s *Session) Waiting() bool {
	m := s.r.M
	if m.Over() {
		return false
	}
	t := m.ToMove()
	return t >= 0 && t < len(s.seats) && s.seats[t].Human
}

// Apply takes legal action i for the seat to move: a person's decision
// when human is true (undo goes back to it), else one that was given (an
// action list played before the people sat down).
func (s *Session) Apply(i int, human bool) error {
	m := s.r.M
	seat := m.ToMove()
	text := ""
	if i >= 0 && i < m.Legal() {
		text = m.Action(i)
	}
	at := len(s.events)
	if err := s.r.Do(i); err != nil {
		return err
	}
	s.steps = append(s.steps, step{seat: seat, event: at, human: human})
	n := len(s.r.Log)
	if n <= len(s.redo) && s.redo[n-1] != text {
		s.redo = nil // another branch: what was undone is gone
	}
	return nil
}

// Do takes legal action i as a person's decision.
func (s *Session) Do(i int) error { return s.Apply(i, true) }

// Advance lets the engine seats decide until a person must, the match is
// over, or the log holds limit actions (0: no limit). An engine seat
// asked where it already answered on the branch undone replays its reply.
func (s *Session) Advance(limit int) error {
	for {
		m := s.r.M
		if m.Over() || s.Waiting() || limit > 0 && len(s.r.Log) >= limit {
			return nil
		}
		seat := m.ToMove()
		if seat < 0 || seat >= len(s.seats) || s.seats[seat].Policy == nil {
			return fmt.Errorf("no one plays seat %d", seat)
		}
		i, ok := s.Recorded()
		if !ok {
			if s.Thinking != nil {
				s.Thinking(seat)
			}
			i = s.seats[seat].Policy.Choose(m)
		}
		if err := s.Apply(i, false); err != nil {
			return err
		}
	}
}

// Recorded is the reply of the seat to move on the branch last undone,
// when the log so far is that branch's beginning: an engine seat asked
// here gives it instead of thinking again (Advance does so). ok is false
// when there is none.
func (s *Session) Recorded() (i int, ok bool) {
	n := len(s.r.Log)
	if n >= len(s.redo) {
		return -1, false
	}
	k, err := play.Find(s.r.M, s.redo[n])
	if err != nil {
		return -1, false
	}
	return k, true
}

// CanUndo reports whether seat has a decision of a person's in this
// session to go back to (Undo's ErrNothingToUndo otherwise).
func (s *Session) CanUndo(seat int) bool {
	for _, st := range s.steps {
		if st.human && st.seat == seat {
			return true
		}
	}
	return false
}

// Undo goes back to seat's previous decision in this session: the match
// is rebuilt from the start and the log up to that decision (engine
// replies replayed from the log, never asked again), so the position is
// the one the seat decided in, byte for byte. Call Advance after it only
// if the seat to move is not the person's (it always is).
func (s *Session) Undo(seat int) error {
	k := -1
	for j := len(s.steps) - 1; j >= 0; j-- {
		if s.steps[j].human && s.steps[j].seat == seat {
			k = j
			break
		}
	}
	if k < 0 {
		return ErrNothingToUndo
	}
	log := s.r.Log
	if len(log) > len(s.redo) || !prefix(log, s.redo) {
		s.redo = append([]string(nil), log...)
	}
	return s.rebuild(k)
}

func prefix(a, b []string) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// rebuild replays the first k actions of the log on a new match.
func (s *Session) rebuild(k int) error {
	m, err := s.start()
	if err != nil {
		return err
	}
	log, steps := s.r.Log[:k], s.steps[:k]
	s.events, s.steps = nil, nil
	s.r = play.NewRunner(m, s.record)
	for j, text := range log {
		i, err := play.Find(m, text)
		if err != nil {
			return fmt.Errorf("replaying action %d: %v", j+1, err)
		}
		if err := s.Apply(i, steps[j].human); err != nil {
			return fmt.Errorf("replaying action %d: %v", j+1, err)
		}
	}
	return nil
}

// Since are the events since seat's previous decision (after the event of
// the action itself), as seat sees them; from the start when it has made
// none.
func (s *Session) Since(seat int) []play.Event {
	from := 0
	for j := len(s.steps) - 1; j >= 0; j-- {
		if s.steps[j].seat == seat {
			from = s.steps[j].event + 1
			break
		}
	}
	return play.SeenBy(s.events[from:], seat)
}

// Decided reports whether seat has taken an action in the log (played
// given, by a person or by an engine).
func (s *Session) Decided(seat int) bool {
	for _, st := range s.steps {
		if st.seat == seat {
			return true
		}
	}
	return false
}

// Last is the seat of the last decision a person took, -1 for none.
func (s *Session) Last() int {
	for j := len(s.steps) - 1; j >= 0; j-- {
		if s.steps[j].human {
			return s.steps[j].seat
		}
	}
	return -1
}
