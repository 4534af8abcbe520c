package playtest_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
)

// nim is a toy game for the harness: take 1 to 3 stones, who takes the
// last one wins.
type nim struct {
	S      nimState
	events []play.Event
}

type nimState struct {
	Stones int `json:"stones" yaml:"stones"`
	ToMove int `json:"to-move" yaml:"to-move"`
	Turn   int `json:"turn" yaml:"turn"`
	// Broken makes Clone share nothing it should: set by a test.
	Broken bool `json:"-" yaml:"-"`
}

func (n *nim) Seats() []play.Seat {
	return []play.Seat{{Index: 0, Name: "P1"}, {Index: 1, Name: "P2"}}
}
func (n *nim) ToMove() int {
	if n.Over() {
		return -1
	}
	return n.S.ToMove
}
func (n *nim) Legal() int           { return min(3, n.S.Stones) }
func (n *nim) Action(i int) string  { return fmt.Sprintf("take %d", i+1) }
func (n *nim) Over() bool           { return n.S.Stones == 0 }
func (n *nim) Turn() int            { return n.S.Turn }
func (n *nim) Position() any        { return n.S }
func (n *nim) Events() []play.Event { e := n.events; n.events = nil; return e }
func (n *nim) Clone() play.Match {
	c := *n
	c.events = nil
	if n.S.Broken {
		c.S.Stones++
	}
	return &c
}
func (n *nim) Apply(i int) error {
	if i < 0 || i >= n.Legal() {
		return fmt.Errorf("no action %d", i)
	}
	n.S.Stones -= i + 1
	n.events = append(n.events, play.Event{Turn: n.S.Turn, Seat: n.S.ToMove, Kind: "take", Text: fmt.Sprintf("%d left", n.S.Stones)})
	if n.S.Stones > 0 {
		n.S.ToMove = 1 - n.S.ToMove
		n.S.Turn++
	}
	return nil
}
func (n *nim) Result() play.Result { return play.Win("took the last stone", n.S.ToMove) }

var nimMode = play.Mode{
	Name: "standard",
	New: func(_ any, o play.Options) (play.Match, error) {
		k, err := o.Int("stones", 21)
		if err != nil {
			return nil, err
		}
		return &nim{S: nimState{Stones: k, Turn: 1}}, nil
	},
	Load: func(_ any, st *yaml.Node) (play.Match, error) {
		n := &nim{}
		if err := play.Decode(st, &n.S); err != nil {
			return nil, err
		}
		return n, nil
	},
	Policies: map[string]play.PolicyMaker{"random": play.NewRandom},
}

func TestConformanceOfAToyGame(t *testing.T) {
	playtest.Conformance(t, playtest.Setup{Game: "nim", Mode: nimMode, Seeds: 5})
}

func TestScenariosOfAToyGame(t *testing.T) {
	playtest.Scenarios(t, "testdata/nim", playtest.Game{ID: "nim", Modes: []play.Mode{nimMode}})
}

// TestScenarioFailuresAreReported shows that a wrong expectation fails.
func TestScenarioFailuresAreReported(t *testing.T) {
	g := playtest.Game{ID: "nim", Modes: []play.Mode{nimMode}}
	for _, c := range []struct{ name, text, want string }{
		{"state", "rule: r\nflags: {stones: ['5']}\nactions: [take 2]\nexpect: {state: {stones: 2}}\n", "state.stones: got 3, want 2"},
		{"illegal", "rule: r\nflags: {stones: ['2']}\nactions: [take 3]\n", `"take 3" is not legal now`},
		{"winner", "rule: r\nflags: {stones: ['3']}\nactions: [take 3]\nexpect: {winners: [1]}\n", "winners: got [0], want [1]"},
		{"legal", "rule: r\nflags: {stones: ['2']}\nexpect: {legal: {has: [take 3]}}\n", `"take 3" is not offered`},
		{"unknown", "rule: r\nposition: {version: 1, game: nim, mode: standard, state: {stones: 2, colour: red}}\n", `unknown field "colour"`},
		{"norule", "actions: []\n", "names its rulebook passage"},
	} {
		err := playtest.RunScenario(c.name+".yaml", []byte(c.text), g)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error holding %q", c.name, err, c.want)
		}
	}
}

// failer is a testing.TB that records the first failure and stops.
type failer struct {
	testing.TB
	msg string
}

func (f *failer) Helper() {}
func (f *failer) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}
func (f *failer) Fatal(args ...any) { f.Fatalf("%s", fmt.Sprint(args...)) }

// harnessFails runs one conformance seed on a mode and returns its failure.
func harnessFails(mode play.Mode) string {
	f := &failer{}
	done := make(chan bool)
	go func() {
		defer close(done)
		playtest.ConformSeed(f, playtest.Setup{Game: "nim", Mode: mode}, 1)
	}()
	<-done
	return f.msg
}

// TestConformanceCatchesBrokenGames shows the harness fails games that
// break the contract.
func TestConformanceCatchesBrokenGames(t *testing.T) {
	badClone := nimMode
	badClone.New = func(_ any, o play.Options) (play.Match, error) {
		return &nim{S: nimState{Stones: 21, Turn: 1, Broken: true}}, nil
	}
	if msg := harnessFails(badClone); !strings.Contains(msg, "clone copy writes another position") {
		t.Errorf("a clone that changes the state: got %q", msg)
	}
	lossy := nimMode
	lossy.Load = func(_ any, st *yaml.Node) (play.Match, error) {
		n := &nim{}
		if err := play.Decode(st, &n.S); err != nil {
			return nil, err
		}
		n.S.Turn = 1 // forgets the turn
		return n, nil
	}
	if msg := harnessFails(lossy); !strings.Contains(msg, "copy writes another position") {
		t.Errorf("a Load that forgets a field: got %q", msg)
	}
	if msg := harnessFails(nimMode); msg != "" {
		t.Errorf("the toy game fails: %s", msg)
	}
}

// TestCheckPositionCatchesBrokenReaders shows FuzzPositions' property fails
// a reader that refuses without a position error, a match whose legal
// action does not apply, and a position that does not read back; and
// passes the toy game on a good and on a refused position.
func TestCheckPositionCatchesBrokenReaders(t *testing.T) {
	game := func(m play.Mode) playtest.Game { return playtest.Game{ID: "nim", Modes: []play.Mode{m}} }
	good := []byte("game: nim\nmode: standard\nstate: {stones: 5, to-move: 0, turn: 1}\nversion: 1\n")
	bad := []byte("game: nim\nmode: standard\nstate: {stones: five}\nversion: 1\n")
	for _, data := range [][]byte{good, bad, []byte("not: [a position")} {
		if err := playtest.CheckPosition(game(nimMode), nimMode, data); err != nil {
			t.Errorf("the toy game: %v", err)
		}
	}
	plain := nimMode
	plain.Load = func(_ any, st *yaml.Node) (play.Match, error) { return nil, fmt.Errorf("no") }
	if err := playtest.CheckPosition(game(plain), plain, good); err == nil || err.Error() != "refused without a position error: no" {
		t.Errorf("a plain error: %v", err)
	}
	stuck := nimMode
	stuck.Load = func(_ any, st *yaml.Node) (play.Match, error) { return &stuckNim{nim{S: nimState{Stones: 5}}}, nil }
	if err := playtest.CheckPosition(game(stuck), stuck, good); err == nil || !strings.Contains(err.Error(), `random's legal action "take`) {
		t.Errorf("an action that does not apply: %v", err)
	}
	flipping := nimMode // each load passes the turn: what it writes reads back to the other seat
	flipping.Load = func(_ any, st *yaml.Node) (play.Match, error) {
		n := &nim{}
		if err := play.Decode(st, &n.S); err != nil {
			return nil, err
		}
		n.S.ToMove = 1 - n.S.ToMove
		return n, nil
	}
	if err := playtest.CheckPosition(game(flipping), flipping, good); err == nil || err.Error() != "nim standard: read back, 3 legal actions for seat 0; before, 3 for seat 1" {
		t.Errorf("a position that does not read back: %v", err)
	}
}

// stuckNim offers actions it will not apply.
type stuckNim struct{ nim }

func (s *stuckNim) Apply(int) error   { return fmt.Errorf("stuck") }
func (s *stuckNim) Clone() play.Match { c := *s; return &c }

// TestEditSetsValuesAndDeletesLines: FuzzPositions' edits replace what
// follows "key: " or "- ", or delete a line.
func TestEditSetsValuesAndDeletesLines(t *testing.T) {
	data := []byte("game: nim\nstate:\n  stones: 5\n  list:\n    - a\nversion: 1\n")
	for _, c := range []struct{ edits, want string }{
		{"\x00\x02-1", "game: nim\nstate:\n  stones: -1\n  list:\n    - a\nversion: 1\n"},
		{"\x00\x04b", "game: nim\nstate:\n  stones: 5\n  list:\n    - b\nversion: 1\n"},
		{"\x00\x05", "game: nim\nstate:\n  stones: 5\n  list:\n    - a\n"},
		{"\x00\x08x", "game: nim\nstate:\n  stones: x\n  list:\n    - a\nversion: 1\n"},
		{"\x00", string(data)},
	} {
		if got := string(playtest.Edit(data, []byte(c.edits))); got != c.want {
			t.Errorf("%q:\n%s\nwant\n%s", c.edits, got, c.want)
		}
	}
}
