package sim

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Version is the version of the result file (docs/schema/sim.schema.json).
const Version = 1

// Result is a simulation's outcome: what was run, the counts (which add up
// exactly across shards) and the rates and intervals derived from them.
// Its JSON is the result file that sim merge and sim diff read.
type Result struct {
	Version int    `json:"version"`
	Game    string `json:"game"`
	Mode    string `json:"mode"`
	// Flags are the mode's flag values the matches were started with.
	Flags map[string][]string `json:"flags"`
	// Policies are the seats' policies, by seat.
	Policies []string `json:"policies"`
	// Budget is the search policy's playouts per decision (0: no seat
	// searches).
	Budget int    `json:"budget"`
	Seed   uint64 `json:"seed"`
	Games  int    `json:"games"` // in the whole run, every shard
	Range  Range  `json:"range"` // the games counted here
	// Interrupted says the run was stopped (Ctrl-C) before the end of its
	// range: Range holds the games played, the first ones of it.
	Interrupted bool    `json:"interrupted,omitempty"`
	MaxActions  int     `json:"max_actions"`
	Level       float64 `json:"level"` // of every interval
	Band        Band    `json:"band"`

	Played  int     `json:"played"`
	Draws   int     `json:"draws"`  // capped games included
	Capped  int     `json:"capped"` // stopped at max_actions
	Seats   []Seat  `json:"seats"`
	Turns   Length  `json:"turns"`
	Actions Length  `json:"actions"`
	Reasons []Count `json:"reasons"`
	// Participants says whether the matches name the entities that took
	// part (play.Participants); without it Entities is empty.
	Participants bool     `json:"participants"`
	Entities     []Entity `json:"entities"`
}

// Range is the games [First, End) of a run, by index.
type Range struct {
	First int `json:"first"`
	End   int `json:"end"`
}

// Band is the range of win rates an entity is expected in: Margin either
// side of the rate its seats won with overall (the default), or Low to
// High when Margin is 0. An entity whose interval lies wholly outside is
// flagged.
type Band struct {
	Margin float64 `json:"margin,omitempty"`
	Low    float64 `json:"low,omitempty"`
	High   float64 `json:"high,omitempty"`
}

func (b Band) String() string {
	if b.Margin > 0 {
		return fmt.Sprintf("±%g of the seats' rate", b.Margin)
	}
	return fmt.Sprintf("%g–%g", b.Low, b.High)
}

// Seat is one seat's record.
type Seat struct {
	Index  int    `json:"index"`
	Name   string `json:"name"`
	Policy string `json:"policy"`
	Wins   int    `json:"wins"`
	Rate
}

// Rate is a win rate with its interval (derived from counts).
type Rate struct {
	WinRate float64 `json:"win_rate"`
	Low     float64 `json:"low"`
	High    float64 `json:"high"`
}

// Length is how long games were, in turns or in actions.
type Length struct {
	Total int     `json:"total"`
	Min   int     `json:"min"`
	Max   int     `json:"max"`
	Mean  float64 `json:"mean"`
	// Histogram counts games per length (turns only), shortest first.
	Histogram []Bin `json:"histogram,omitempty"`
}

// Bin is the number of games of one length.
type Bin struct {
	Value int `json:"value"`
	Games int `json:"games"`
}

// Count is how many games ended for one reason.
type Count struct {
	Reason string `json:"reason"`
	Games  int    `json:"games"`
}

// Entity is one unit's, card's, formation's or character's record.
type Entity struct {
	ID string `json:"id"`
	// Games is how many games it took part in; Usage that over played.
	Games int `json:"games"`
	// Appearances counts (game, seat) pairs: a card both players used in
	// one game appears twice, once winning and once not.
	Appearances int     `json:"appearances"`
	Wins        int     `json:"wins"`
	Draws       int     `json:"draws"`
	BySeat      []int   `json:"by_seat"` // appearances per seat
	Usage       float64 `json:"usage"`
	Rate
	// Expected is the win rate of its seats overall, weighted by its
	// appearances: what an entity of no effect would show.
	Expected float64 `json:"expected"`
	// Flag is "strong" or "weak" when the interval lies wholly above or
	// below the band, else "".
	Flag string `json:"flag,omitempty"`
}

// record is one game's outcome.
type record struct {
	index   int
	err     error
	seats   []string
	winners []int
	capped  bool
	reason  string
	turns   int
	actions int
	parts   [][]string
	hasPart bool
}

// acc adds games (records) or whole results up; result() derives the rest.
// Every count is an integer sum, so any grouping of the same games gives
// the same result.
type acc struct {
	played, draws, capped int
	seatNames             []string
	seatWins              []int
	turns, actions        lengthAcc
	reasons               map[string]int
	parts, noParts        bool
	entities              map[string]*Entity
	stamp                 map[string]int // the last game an entity was counted in
}

type lengthAcc struct {
	total, min, max int
	hist            map[int]int
}

// add counts games of total length v, the shortest lo and the longest hi.
func (l *lengthAcc) add(v, lo, hi int) {
	if l.hist == nil {
		l.hist = map[int]int{}
		l.min, l.max = lo, hi
	}
	l.total += v
	l.min, l.max = min(l.min, lo), max(l.max, hi)
}

func newAcc() *acc {
	return &acc{reasons: map[string]int{}, entities: map[string]*Entity{}, stamp: map[string]int{}}
}

// seats checks the number of seats and keeps their names: a seat whose
// name changes from game to game is called by its number.
func (a *acc) seats(names []string) error {
	if a.seatNames == nil {
		a.seatNames = slices.Clone(names)
		a.seatWins = make([]int, len(names))
		return nil
	}
	if len(names) != len(a.seatNames) {
		return fmt.Errorf("a game with %d seats among games with %d", len(names), len(a.seatNames))
	}
	for i, n := range names {
		if n != a.seatNames[i] {
			a.seatNames[i] = fmt.Sprintf("seat %d", i+1)
		}
	}
	return nil
}

func (a *acc) entity(id string, seats int) *Entity {
	e := a.entities[id]
	if e == nil {
		e = &Entity{ID: id, BySeat: make([]int, seats)}
		a.entities[id] = e
	}
	return e
}

func (a *acc) addRecord(r *record) error {
	if err := a.seats(r.seats); err != nil {
		return err
	}
	a.played++
	if len(r.winners) == 0 {
		a.draws++
	}
	if r.capped {
		a.capped++
	}
	for _, w := range r.winners {
		if w >= 0 && w < len(a.seatWins) {
			a.seatWins[w]++
		}
	}
	a.turns.add(r.turns, r.turns, r.turns)
	a.turns.hist[r.turns]++
	a.actions.add(r.actions, r.actions, r.actions)
	a.reasons[r.reason]++
	if !r.hasPart {
		a.noParts = true
		return nil
	}
	a.parts = true
	for seat, ids := range r.parts {
		won := slices.Contains(r.winners, seat)
		for _, id := range ids {
			e := a.entity(id, len(a.seatNames))
			if seat < len(e.BySeat) {
				e.BySeat[seat]++
			}
			e.Appearances++
			if won {
				e.Wins++
			}
			if len(r.winners) == 0 {
				e.Draws++
			}
			if a.stamp[id] != r.index+1 {
				a.stamp[id] = r.index + 1
				e.Games++
			}
		}
	}
	return nil
}

func (a *acc) addResult(r *Result) error {
	if r.Played == 0 {
		return nil // an empty shard
	}
	names := make([]string, len(r.Seats))
	for i, s := range r.Seats {
		names[i] = s.Name
	}
	if err := a.seats(names); err != nil {
		return err
	}
	a.played += r.Played
	a.draws += r.Draws
	a.capped += r.Capped
	for i, s := range r.Seats {
		a.seatWins[i] += s.Wins
	}
	if r.Played > 0 {
		a.turns.add(r.Turns.Total, r.Turns.Min, r.Turns.Max)
		for _, b := range r.Turns.Histogram {
			a.turns.hist[b.Value] += b.Games
		}
		a.actions.add(r.Actions.Total, r.Actions.Min, r.Actions.Max)
	}
	for _, c := range r.Reasons {
		a.reasons[c.Reason] += c.Games
	}
	if r.Played > 0 {
		if r.Participants {
			a.parts = true
		} else {
			a.noParts = true
		}
	}
	for _, x := range r.Entities {
		e := a.entity(x.ID, len(a.seatNames))
		e.Games += x.Games
		e.Appearances += x.Appearances
		e.Wins += x.Wins
		e.Draws += x.Draws
		for i, n := range x.BySeat {
			if i < len(e.BySeat) {
				e.BySeat[i] += n
			}
		}
	}
	return nil
}

// result fills r's counts and derived figures from the accumulated games;
// r carries what was run (game, mode, policies, range, level, band).
func (a *acc) result(r *Result) *Result {
	r.Version = Version
	if r.Flags == nil {
		r.Flags = map[string][]string{}
	}
	r.Played, r.Draws, r.Capped = a.played, a.draws, a.capped
	r.Seats = make([]Seat, len(a.seatNames))
	rates := make([]float64, len(a.seatNames))
	for i, name := range a.seatNames {
		s := Seat{Index: i, Name: name, Wins: a.seatWins[i]}
		if i < len(r.Policies) {
			s.Policy = r.Policies[i]
		}
		s.Rate = rateOf(s.Wins, a.played, r.Level)
		rates[i] = rate(s.Wins, a.played)
		r.Seats[i] = s
	}
	r.Turns = a.turns.length(a.played, true)
	r.Actions = a.actions.length(a.played, false)
	r.Reasons = make([]Count, 0, len(a.reasons))
	for reason, n := range a.reasons {
		r.Reasons = append(r.Reasons, Count{Reason: reason, Games: n})
	}
	slices.SortFunc(r.Reasons, func(x, y Count) int {
		return cmp.Or(cmp.Compare(y.Games, x.Games), strings.Compare(x.Reason, y.Reason))
	})
	// Participants only when every game named them: a partial count would
	// read as low usage.
	r.Participants = a.parts && !a.noParts
	r.Entities = []Entity{}
	if r.Participants {
		for _, id := range slices.Sorted(maps.Keys(a.entities)) {
			e := *a.entities[id]
			e.BySeat = slices.Clone(e.BySeat)
			e.Usage = round4(rate(e.Games, a.played))
			e.Rate = rateOf(e.Wins, e.Appearances, r.Level)
			exp := 0.0
			for s, n := range e.BySeat {
				exp += float64(n) * rates[s]
			}
			e.Expected = round4(rate(1, e.Appearances) * exp)
			lo, hi := r.Band.Low, r.Band.High
			if r.Band.Margin > 0 {
				lo, hi = e.Expected-r.Band.Margin, e.Expected+r.Band.Margin
			}
			switch {
			case e.Appearances == 0:
			case e.Low > hi:
				e.Flag = "strong"
			case e.High < lo:
				e.Flag = "weak"
			}
			r.Entities = append(r.Entities, e)
		}
	}
	return r
}

func rateOf(wins, n int, level float64) Rate {
	lo, hi := Wilson(wins, n, level)
	return Rate{WinRate: round4(rate(wins, n)), Low: round4(lo), High: round4(hi)}
}

func (l *lengthAcc) length(played int, hist bool) Length {
	out := Length{Total: l.total, Min: l.min, Max: l.max, Mean: round4(rate(l.total, played))}
	if hist {
		out.Histogram = []Bin{}
		for _, v := range slices.Sorted(maps.Keys(l.hist)) {
			if l.hist[v] > 0 {
				out.Histogram = append(out.Histogram, Bin{Value: v, Games: l.hist[v]})
			}
		}
	}
	return out
}

// Flagged lists the flagged entities.
func (r *Result) Flagged() []Entity {
	var out []Entity
	for _, e := range r.Entities {
		if e.Flag != "" {
			out = append(out, e)
		}
	}
	return out
}

// JSON is the result file's bytes: indented, a final newline.
func (r *Result) JSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Read parses a result file; name is for messages.
func Read(name string, data []byte) (*Result, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var r Result
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("%s: not a sim result file: %v", name, err)
	}
	if r.Version != Version {
		return nil, fmt.Errorf("%s: result file version %d; this build reads version %d", name, r.Version, Version)
	}
	if r.Game == "" || r.Range.End < r.Range.First || r.Range.First < 0 || r.Range.End > r.Games {
		return nil, fmt.Errorf("%s: not a sim result file (no game, or games %d–%d of %d)", name, r.Range.First, r.Range.End, r.Games)
	}
	return &r, nil
}
