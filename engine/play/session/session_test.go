package session_test

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest/toy"
	"github.com/roundtable-dev/roundtable/engine/play/session"
)

// duelStart deals toy duel seed 1: P1 cedar, maple, rowan (powers 3, 8,
// 11); P2 ash, elm, fir (1, 4, 5).
func duelStart() (play.Match, error) { return toy.NewDuel(toy.BasePowers(), 1, false), nil }

func position(t *testing.T, m play.Match) string {
	t.Helper()
	b, err := play.MarshalPosition("duel", "duel", m, "yaml")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// counting is an engine seat that records every time it is asked.
type counting struct {
	asked []string // the log's length and last action when asked
	pick  func(m play.Match) int
}

func (c *counting) Choose(m play.Match) int {
	c.asked = append(c.asked, fmt.Sprint(m.Turn(), m.Action(0)))
	return c.pick(m)
}

func do(t *testing.T, s *session.Session, text string) {
	t.Helper()
	i, err := session.Resolve(s.Match(), text)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Do(i); err != nil {
		t.Fatal(err)
	}
	if err := s.Advance(0); err != nil {
		t.Fatal(err)
	}
}

// TestUndoRestoresThePositionByteForByte: P1 (a person) plays rowan, P2
// answers ash, P1 leads cedar, P2 takes it with elm and leads fir; undo twice goes back to each
// of P1's decisions in turn, the position and the events byte-identical
// to when P1 first decided there, and the engine is not asked again.
func TestUndoRestoresThePositionByteForByte(t *testing.T) {
	p2 := &counting{pick: func(play.Match) int { return 0 }}
	s, err := session.New(duelStart, []session.Seat{{Human: true}, {Policy: p2}})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Advance(0); err != nil || !s.Waiting() {
		t.Fatalf("P1 decides first: waiting %v, %v", s.Waiting(), err)
	}
	first, firstEvents := position(t, s.Match()), fmt.Sprint(s.Events())
	do(t, s, "play rowan")
	second, secondEvents := position(t, s.Match()), fmt.Sprint(s.Events())
	do(t, s, "play cedar")
	if got := strings.Join(s.Log(), ", "); got != "play rowan, play ash, play cedar, play elm, play fir" {
		t.Fatalf("log %s", got)
	}
	if err := s.Undo(0); err != nil {
		t.Fatal(err)
	}
	if got := position(t, s.Match()); got != second {
		t.Fatalf("after one undo:\n%s\nwant\n%s", got, second)
	}
	if got := fmt.Sprint(s.Events()); got != secondEvents {
		t.Fatalf("events after one undo:\n%s\nwant\n%s", got, secondEvents)
	}
	if err := s.Undo(0); err != nil {
		t.Fatal(err)
	}
	if got := position(t, s.Match()); got != first || fmt.Sprint(s.Events()) != firstEvents || len(s.Log()) != 0 {
		t.Fatalf("after two undos: log %v\n%s\nwant\n%s", s.Log(), got, first)
	}
	if len(p2.asked) != 3 {
		t.Fatalf("P2 asked %d times, want 3 (undo replays, never asks)", len(p2.asked))
	}
	if !errors.Is(s.Undo(0), session.ErrNothingToUndo) {
		t.Fatal("a third undo has nothing to go back to")
	}
	if !s.Waiting() || s.Match().ToMove() != 0 {
		t.Fatal("after undo P1 decides again")
	}
}

// TestUndoThenTheSameAnswerReplaysTheEngine: answering as before after an
// undo gives the engine's recorded replies (it is not asked again), so
// the game plays on as it would have; another answer asks it afresh.
func TestUndoThenTheSameAnswerReplaysTheEngine(t *testing.T) {
	calls := 0
	p2 := &counting{pick: func(m play.Match) int { calls++; return (calls - 1) % m.Legal() }}
	s, err := session.New(duelStart, []session.Seat{{Human: true}, {Policy: p2}})
	if err != nil {
		t.Fatal(err)
	}
	do(t, s, "play rowan")
	do(t, s, "play cedar")
	before := strings.Join(s.Log(), ", ")
	if err := s.Undo(0); err != nil {
		t.Fatal(err)
	}
	if err := s.Undo(0); err != nil {
		t.Fatal(err)
	}
	do(t, s, "play rowan")
	do(t, s, "play cedar")
	if got := strings.Join(s.Log(), ", "); got != before || calls != 3 {
		t.Fatalf("replayed: %s after %d calls; want %s after 3", got, calls, before)
	}
	if err := s.Undo(0); err != nil {
		t.Fatal(err)
	}
	do(t, s, "play maple")
	if calls != 4 {
		t.Fatalf("another answer asks the engine: %d calls, want 4", calls)
	}
}

// noted wraps a duel: every Apply adds a hidden note.
type noted struct {
	*toy.Duel
	notes []play.Event
}

func (n *noted) Apply(i int) error {
	seat := n.ToMove()
	card := n.Action(i)
	if err := n.Duel.Apply(i); err != nil {
		return err
	}
	n.notes = append(n.notes, play.Event{Seat: seat, Kind: "note", Text: fmt.Sprintf("P%d noted %s", seat+1, card)}.
		Hide(play.Event{Text: fmt.Sprintf("P%d noted something", seat+1)}, seat))
	return nil
}

func (n *noted) Events() []play.Event {
	out := append(n.Duel.Events(), n.notes...)
	n.notes = nil
	return out
}

// TestSinceIsWhatTheSeatSaw: the events since a seat's previous decision
// (after its own action), each as that seat sees it.
func TestSinceIsWhatTheSeatSaw(t *testing.T) {
	start := func() (play.Match, error) { return &noted{Duel: toy.NewDuel(toy.BasePowers(), 1, false)}, nil }
	s, err := session.New(start, []session.Seat{{Human: true}, {Human: true}})
	if err != nil {
		t.Fatal(err)
	}
	texts := func(seat int) string {
		var out []string
		for _, e := range s.Since(seat) {
			out = append(out, e.Text)
		}
		return strings.Join(out, " | ")
	}
	if got := texts(0); got != "" {
		t.Fatalf("P1 before anything: %q", got)
	}
	do(t, s, "play rowan")
	if got, want := texts(1), "P1: play rowan | P1 noted something"; got != want {
		t.Fatalf("P2 sees %q, want %q", got, want)
	}
	do(t, s, "play ash")
	want := "P1 noted play rowan | P2: play ash | rowan (11) against ash (1): P1 takes the round | P2 noted something"
	if got := texts(0); got != want {
		t.Fatalf("P1 sees %q, want %q", got, want)
	}
	if s.Last() != 1 {
		t.Fatalf("the last person to decide: %d, want 1", s.Last())
	}
}

// menuMatch offers fixed actions and nothing else.
type menuMatch struct{ texts []string }

func (m menuMatch) Seats() []play.Seat   { return []play.Seat{{Index: 0, Name: "P1"}} }
func (m menuMatch) ToMove() int          { return 0 }
func (m menuMatch) Legal() int           { return len(m.texts) }
func (m menuMatch) Action(i int) string  { return m.texts[i] }
func (m menuMatch) Apply(int) error      { return nil }
func (m menuMatch) Over() bool           { return false }
func (m menuMatch) Result() play.Result  { return play.Result{} }
func (m menuMatch) Turn() int            { return 1 }
func (m menuMatch) Events() []play.Event { return nil }
func (m menuMatch) Position() any        { return nil }
func (m menuMatch) Clone() play.Match    { return m }

var menu = menuMatch{[]string{"move lyn a1 b2", "attack lyn c3", "move lyn a1 b3", "move erk a2 b2", "pass", "attack erk c3"}}

// TestMenuGroupsByFirstWordAndNumbersInThatOrder.
func TestMenuGroupsByFirstWordAndNumbersInThatOrder(t *testing.T) {
	var b bytes.Buffer
	for _, g := range session.Menu(menu) {
		fmt.Fprintf(&b, "%s:", g.Word)
		for _, c := range g.Choices {
			fmt.Fprintf(&b, " %d=@%d", c.N, c.Index)
		}
		b.WriteString("; ")
	}
	if got, want := b.String(), "move: 1=@0 2=@2 3=@3; attack: 4=@1 5=@5; pass: 6=@4; "; got != want {
		t.Fatalf("menu %s, want %s", got, want)
	}
}

// TestResolve: a number as the menu shows it, a text, a unique prefix,
// @N; an ambiguous prefix names every action it begins, an illegal answer
// the nearest.
func TestResolve(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"4", "@1"},
		{"6", "@4"},
		{"  Move LYN  a1 b3", "@2"},
		{"move e", "@3"},
		{"pa", "@4"},
		{"@5", "@5"},
		{"move lyn", `"move lyn" is ambiguous: move lyn a1 b2, move lyn a1 b3`},
		{"m", `"m" is ambiguous: move lyn a1 b2, move lyn a1 b3, move erk a2 b2`},
		{"atack erk c3", `"atack erk c3" is not a legal action; nearest: attack erk c3, attack lyn c3, move erk a2 b2`},
		{"7", `"7" is not a legal action (answer 1 to 6)`},
		{"0", `"0" is not a legal action (answer 1 to 6)`},
		{"@9", `action "@9": there are 6 legal actions (@0 to @5)`},
	} {
		i, err := session.Resolve(menu, c.in)
		got := fmt.Sprintf("@%d", i)
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("Resolve(%q) = %s, want %s", c.in, got, c.want)
		}
	}
	many := menuMatch{slices.Repeat([]string{"x"}, 0)}
	for i := range 6 {
		many.texts = append(many.texts, fmt.Sprintf("play card%d", i))
	}
	if _, err := session.Resolve(many, "play"); err == nil || err.Error() != `"play" is ambiguous: play card0, play card1, play card2, play card3 (and 2 more)` {
		t.Errorf("six matches: %v", err)
	}
}
