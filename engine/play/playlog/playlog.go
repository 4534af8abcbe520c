// Package playlog is the `play --format json` log (docs/play.md): its
// match line, its result line and its position line, and the whole log of
// a match played so far. The terminal (cmd/roundtable/cli) prints it as a
// match goes; the terminal's `log FILE` and the studio's play page write
// it whole; `play --from/--actions` and the studio's replay viewer read it
// back.
package playlog

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// Version is the version of play's JSON lines and legal's JSON
// (docs/play.md, docs/schema/play.schema.json).
const Version = 1

// Seat is a seat in play's JSON output.
type Seat struct {
	Index  int    `json:"index"`
	Name   string `json:"name"`
	Policy string `json:"policy,omitempty"` // none for a seat the rules play
	// Auto marks a seat the rules play; not written.
	Auto bool `json:"-"`
}

// Match is the match line.
type Match struct {
	Version int                 `json:"version"`
	Game    string              `json:"game"`
	Mode    string              `json:"mode"`
	Seed    int64               `json:"seed"`
	From    string              `json:"from,omitempty"`
	Flags   map[string][]string `json:"flags,omitempty"`
	Seats   []Seat              `json:"seats"`
}

// Result is the result line.
type Result struct {
	Version int    `json:"version"`
	Game    string `json:"game"`
	Mode    string `json:"mode"`
	Seed    int64  `json:"seed"`
	Seats   []Seat `json:"seats"`
	Over    bool   `json:"over"`
	Winner  *int   `json:"winner"`
	Winners []int  `json:"winners"`
	Reason  string `json:"reason"`
	Capped  bool   `json:"capped"`
	Turns   int    `json:"turns"`
	Actions int    `json:"actions"`
	Scores  []int  `json:"scores,omitempty"`
}

// Seats are the match's seats with who plays them (names by seat index:
// a policy's name, "human"; a seat the rules play gets none).
func Seats(match play.Match, names []string) []Seat {
	var seats []Seat
	for i, s := range match.Seats() {
		x := Seat{Index: s.Index, Name: s.Name, Auto: s.Auto}
		if !s.Auto && i < len(names) {
			x.Policy = names[i]
		}
		seats = append(seats, x)
	}
	return seats
}

// ResultOf is the result of a run that applied actions actions to match:
// over, stopped early, or else x (the runner's result: a capped draw).
func ResultOf(game, mode string, seed int64, seats []Seat, match play.Match, actions int, stopped bool, x play.Result) Result {
	res := Result{Version: Version, Game: game, Mode: mode, Seed: seed, Seats: seats, Over: match.Over(),
		Turns: match.Turn(), Actions: actions, Winners: []int{}}
	switch {
	case match.Over():
		x := match.Result()
		res.Winners, res.Reason, res.Scores = x.Winners, x.Reason, x.Scores
	case stopped:
		res.Reason = "stopped after " + strconv.Itoa(actions) + " actions"
		res.Scores = match.Result().Scores
	default:
		res.Winners, res.Reason, res.Capped, res.Scores = x.Winners, x.Reason, x.Capped, match.Result().Scores
	}
	if res.Winners == nil {
		res.Winners = []int{}
	}
	if len(res.Winners) > 0 {
		w := res.Winners[0]
		res.Winner = &w
	}
	return res
}

// PositionLine writes the JSON stream's position line.
func PositionLine(enc *json.Encoder, game, mode string, match play.Match) error {
	b, err := play.MarshalPosition(game, mode, match, "json")
	if err != nil {
		return err
	}
	return enc.Encode(map[string]json.RawMessage{"position": bytes.TrimSpace(compact(b))})
}

func compact(b []byte) []byte {
	var c bytes.Buffer
	if err := json.Compact(&c, b); err != nil {
		return b
	}
	return c.Bytes()
}

// Encoder is the encoder of play's JSON lines: no HTML escaping.
func Encoder(w io.Writer) *json.Encoder {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc
}

// Write writes the log of a match so far: the match line, every event (a
// log is the whole truth), the position when the match is not over, and
// the result.
func Write(w io.Writer, h Match, events []play.Event, match play.Match, res Result) error {
	enc := Encoder(w)
	h.Version = Version
	if err := enc.Encode(map[string]Match{"match": h}); err != nil {
		return err
	}
	for _, e := range events {
		if err := enc.Encode(map[string]play.Event{"event": e}); err != nil {
			return err
		}
	}
	if !match.Over() {
		if err := PositionLine(enc, h.Game, h.Mode, match); err != nil {
			return err
		}
	}
	return enc.Encode(map[string]Result{"result": res})
}
