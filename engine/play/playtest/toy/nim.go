// Package toy holds two small games on the game contract, for the tests of
// the tools built on it (search, sim): Nim, with nothing hidden and nothing
// left to chance, and Duel, a card game with hidden hands, a shuffled deck
// and per-card statistics (play.Participants, play.Determinizer).
package toy

import (
	"fmt"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// Nim: take 1 to 3 stones; who takes the last one wins. A player who
// leaves a multiple of 4 stones wins against any reply.
type Nim struct {
	S NimState
}

// NimState is Nim's position.
type NimState struct {
	Stones int `json:"stones" yaml:"stones"`
	ToMove int `json:"to-move" yaml:"to-move"`
	Turn   int `json:"turn" yaml:"turn"`
}

// Seats implements play.Match.
func (n *Nim) Seats() []play.Seat {
	return []play.Seat{{Index: 0, Name: "P1"}, {Index: 1, Name: "P2"}}
}

// ToMove implements play.Match.
func (n *Nim) ToMove() int {
	if n.Over() {
		return -1
	}
	return n.S.ToMove
}

// Legal implements play.Match.
func (n *Nim) Legal() int { return min(3, n.S.Stones) }

// Action implements play.Match.
func (n *Nim) Action(i int) string { return fmt.Sprintf("take %d", i+1) }

// Over implements play.Match.
func (n *Nim) Over() bool { return n.S.Stones == 0 }

// Turn implements play.Match.
func (n *Nim) Turn() int { return n.S.Turn }

// Position implements play.Match.
func (n *Nim) Position() any { return n.S }

// Events implements play.Match.
func (n *Nim) Events() []play.Event { return nil }

// Clone implements play.Match.
func (n *Nim) Clone() play.Match { c := *n; return &c }

// Apply implements play.Match.
func (n *Nim) Apply(i int) error {
	if i < 0 || i >= n.Legal() {
		return fmt.Errorf("no action %d", i)
	}
	n.S.Stones -= i + 1
	if n.S.Stones > 0 {
		n.S.ToMove = 1 - n.S.ToMove
		n.S.Turn++
	}
	return nil
}

// Result implements play.Match.
func (n *Nim) Result() play.Result { return play.Win("took the last stone", n.S.ToMove) }

// NimMode plays Nim from --stones (default 21).
var NimMode = play.Mode{
	Name:    "standard",
	Summary: "take 1 to 3 stones; who takes the last one wins",
	Flags:   []play.Flag{{Name: "stones", Usage: "stones at the start", Default: "21", Kind: play.Int}},
	New: func(_ any, o play.Options) (play.Match, error) {
		k, err := o.Int("stones", 21)
		if err != nil {
			return nil, err
		}
		return &Nim{S: NimState{Stones: k, Turn: 1}}, nil
	},
	Load: func(_ any, st *yaml.Node) (play.Match, error) {
		n := &Nim{}
		if err := play.Decode(st, &n.S); err != nil {
			return nil, err
		}
		return n, nil
	},
	Policies: map[string]play.PolicyMaker{"random": play.NewRandom},
}
