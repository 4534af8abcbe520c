package play

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

const envelope = "game: g\nmode: m\nstate:\n  turn: 1\nversion: 1\n"

// TestReadPositionWithinTheContentLimits: a position file is bounded as a
// content file is, and each refusal names the file, line and column.
func TestReadPositionWithinTheContentLimits(t *testing.T) {
	bomb := "game: g\nmode: m\nstate:\n  l0: &l0 [[], [], [], [], [], [], [], [], [], []]\n"
	for i := 1; i <= 5; i++ {
		bomb += fmt.Sprintf("  l%d: &l%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*l%d, ", i-1), 10), ", "))
	}
	bomb += "version: 1\n"
	for _, c := range []struct{ name, data, want string }{
		{"big", envelope + "#" + strings.Repeat("x", 4<<20) + "\n", "p.yaml: the file is larger than 4194304 bytes (4 MiB, the limit of a content file too); not read"},
		{"utf8", "game: g\nmode: m\nstate:\n  id: \"ab\xffc\"\nversion: 1\n", "p.yaml:4:10: the file is not valid UTF-8; save it as UTF-8"},
		{"syntax", "game: g\nmode: [m\nversion: 1\n", "p.yaml:2:1: did not find expected ',' or ']'"},
		{"tab", "game: g\nstate:\n\tturn: 1\n", "p.yaml:3:1: found character that cannot start any token"},
		{"two documents", envelope + "---\ngame: h\n", "p.yaml:6:1: a position file holds one document; a second one starts here"},
		{"empty", "", "p.yaml: the file is empty"},
		{"a list", "- game\n", "p.yaml:1:1: a position is a mapping with game, mode, state and version"},
		{"unknown field", "game: g\nmode: m\nsate: {}\nversion: 1\n", `p.yaml:3:1: unknown field "sate" (a position has game, mode, state and version)`},
		{"twice", "game: g\ngame: h\n", `p.yaml:2:1: "game" is given twice (first at line 1)`},
		{"cut short", "game: g\nmode: m\nstate:\n  turn: 1\n", `p.yaml:5:1: the position ends without its version (a position file ends with "version: 1"): the file is cut short, or not a position`},
		{"cut mid-line", "game: g\nmode: m\nstate:\n  tu", `p.yaml:4:5: the position ends without its version (a position file ends with "version: 1"): the file is cut short, or not a position`},
		{"version", "game: g\nmode: m\nstate: {}\nversion: 2\n", `p.yaml:4:10: version "2": this build reads position version 1`},
		{"game a list", "game: [g]\nmode: m\nstate: {}\nversion: 1\n", "p.yaml:1:7: game: want a name, found a list"},
		{"state a string", "game: g\nmode: m\nstate: x\nversion: 1\n", `p.yaml:3:8: state: want a mapping of the game's fields, found the string "x"`},
		{"no state", "game: g\nmode: m\nversion: 1\n", "p.yaml:1:1: the position has no state"},
		{"deep", "game: g\nmode: m\nstate:\n  x: " + strings.Repeat("[", 70) + strings.Repeat("]", 70) + "\nversion: 1\n", "p.yaml:4:69: nesting is deeper than 64 levels"},
		{"alias bomb", bomb, "p.yaml:7:22: aliases expand to more than 10000 nodes"},
	} {
		_, err := ReadPosition("p.yaml", []byte(c.data))
		var e *Error
		if err == nil || err.Error() != c.want || !errors.As(err, &e) {
			t.Errorf("%s:\n got %v\nwant %s", c.name, err, c.want)
		}
	}
}

// TestReadPositionExpandsAliases: a small alias is expanded within the
// budget; the state handed on holds none.
func TestReadPositionExpandsAliases(t *testing.T) {
	env, err := ReadPosition("p.yaml", []byte("game: g\nmode: m\nstate:\n  a: &x [1, 2]\n  b: *x\nversion: 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	b := At(env.State, "b")
	if b == nil || b.Kind != yaml.SequenceNode || len(b.Content) != 2 {
		t.Fatalf("b = %+v", b)
	}
	var walk func(*yaml.Node)
	walk = func(n *yaml.Node) {
		if n.Kind == yaml.AliasNode {
			t.Errorf("an alias at %d:%d", n.Line, n.Column)
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(env.State)
}

// TestReadPositionQuotesFileNames: a file name with bytes that are not
// printable UTF-8 is quoted in messages.
func TestReadPositionQuotesFileNames(t *testing.T) {
	_, err := ReadPosition("bad\xff\nname.yaml", []byte("game: g\n"))
	if want := `"bad\xff\nname.yaml":2:1: the position ends without its version (a position file ends with "version: 1"): the file is cut short, or not a position`; err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// TestMarshalPositionEndsWithTheVersion: the version is the last line, so
// that every line-prefix of a written file is refused as cut short.
func TestMarshalPositionEndsWithTheVersion(t *testing.T) {
	m := &stubMatch{state: map[string]any{"turn": 3, "units": []string{"a", "b"}}}
	b, err := MarshalPosition("g", "m", m, "yaml")
	if err != nil {
		t.Fatal(err)
	}
	if want := "game: g\nmode: m\nstate:\n  turn: 3\n  units:\n    - a\n    - b\nversion: 1\n"; string(b) != want {
		t.Fatalf("wrote\n%s", b)
	}
	lines := strings.SplitAfter(string(b), "\n")
	for k := range len(lines) - 1 {
		prefix := strings.Join(lines[:k], "")
		if _, err := ReadPosition("p.yaml", []byte(prefix)); err == nil {
			t.Errorf("the first %d lines read as a position", k)
		}
	}
	if _, err := ReadPosition("p.yaml", b); err != nil {
		t.Error(err)
	}
	j, err := MarshalPosition("g", "m", m, "json")
	if err != nil || !strings.HasSuffix(string(j), "\n  \"version\": 1\n}\n") {
		t.Errorf("json: %v\n%s", err, j)
	}
}

// stubMatch is a Match whose position is given; it has no moves.
type stubMatch struct {
	Match
	state any
	over  bool
	legal int
}

func (s *stubMatch) Position() any { return s.state }
func (s *stubMatch) Over() bool    { return s.over }
func (s *stubMatch) Legal() int    { return s.legal }

// TestPlayableRefusesADeadEnd: a loaded match that is not over must offer
// an action; an over one need not.
func TestPlayableRefusesADeadEnd(t *testing.T) {
	if _, err := Playable(&stubMatch{}, nil); err == nil || err.Error() != "the position is not over, yet no one has a legal action: no rule leads here" {
		t.Errorf("a dead end: %v", err)
	}
	for _, m := range []*stubMatch{{over: true}, {legal: 1}} {
		if got, err := Playable(m, nil); err != nil || got != m {
			t.Errorf("%+v: %v", m, err)
		}
	}
	boom := errors.New("boom")
	if _, err := Playable(nil, boom); err != boom {
		t.Errorf("the load error: %v", err)
	}
}
