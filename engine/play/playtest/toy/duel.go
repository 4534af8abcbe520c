package toy

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// Duel is a card game for two: twelve cards are shuffled and each player
// gets three, unseen by the other. Each round the leader lays a card face
// up and the other answers with one; the higher power takes the round (the
// leader takes a tie) and leads the next. Two rounds win the match. The
// cards played are the match's participants; the other hand and the deck
// are hidden (Determinize redeals them).
type Duel struct {
	S      DuelState
	power  Powers
	quiet  bool
	events []play.Event
}

// DuelState is Duel's position.
type DuelState struct {
	Hands  [2][]string `json:"hands" yaml:"hands"` // sorted
	Deck   []string    `json:"deck" yaml:"deck"`   // the undealt cards
	Table  string      `json:"table,omitempty" yaml:"table,omitempty"`
	Leader int         `json:"leader" yaml:"leader"`
	ToMove int         `json:"to-move" yaml:"to-move"`
	Wins   [2]int      `json:"wins" yaml:"wins"`
	Played [2][]string `json:"played" yaml:"played"`
	Round  int         `json:"round" yaml:"round"`
}

// Powers are the cards of a Duel and their power: the game's "content".
type Powers map[string]int

// Cards are Duel's cards, in order; their base power is their place (1–12).
var Cards = []string{"ash", "birch", "cedar", "elm", "fir", "hazel", "larch", "maple", "oak", "pine", "rowan", "yew"}

// BasePowers are the cards at their base power.
func BasePowers() Powers {
	p := Powers{}
	for i, c := range Cards {
		p[c] = i + 1
	}
	return p
}

// NewDuel deals a match from seed.
func NewDuel(p Powers, seed uint64, quiet bool) *Duel {
	deck := slices.Clone(Cards)
	rng := rand.New(rand.NewPCG(seed, 1))
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	d := &Duel{power: p, quiet: quiet}
	d.S.Hands[0] = slices.Sorted(slices.Values(deck[:3]))
	d.S.Hands[1] = slices.Sorted(slices.Values(deck[3:6]))
	d.S.Deck = slices.Clone(deck[6:])
	d.S.Played = [2][]string{{}, {}}
	d.S.Round = 1
	return d
}

// Seats implements play.Match.
func (d *Duel) Seats() []play.Seat {
	return []play.Seat{{Index: 0, Name: "P1"}, {Index: 1, Name: "P2"}}
}

// ToMove implements play.Match.
func (d *Duel) ToMove() int {
	if d.Over() {
		return -1
	}
	return d.S.ToMove
}

// Legal implements play.Match.
func (d *Duel) Legal() int {
	if d.Over() {
		return 0
	}
	return len(d.S.Hands[d.S.ToMove])
}

// Action implements play.Match.
func (d *Duel) Action(i int) string { return "play " + d.S.Hands[d.S.ToMove][i] }

// Over implements play.Match.
func (d *Duel) Over() bool { return d.S.Wins[0] == 2 || d.S.Wins[1] == 2 }

// Turn implements play.Match.
func (d *Duel) Turn() int { return d.S.Round }

// Position implements play.Match.
func (d *Duel) Position() any { return d.S }

// Events implements play.Match.
func (d *Duel) Events() []play.Event { e := d.events; d.events = nil; return e }

// Clone implements play.Match.
func (d *Duel) Clone() play.Match {
	c := &Duel{S: d.S, power: d.power, quiet: d.quiet}
	c.S.Hands = [2][]string{slices.Clone(d.S.Hands[0]), slices.Clone(d.S.Hands[1])}
	c.S.Deck = slices.Clone(d.S.Deck)
	c.S.Played = [2][]string{slices.Clone(d.S.Played[0]), slices.Clone(d.S.Played[1])}
	return c
}

// Apply implements play.Match.
func (d *Duel) Apply(i int) error {
	if i < 0 || i >= d.Legal() {
		return fmt.Errorf("no action %d", i)
	}
	s := &d.S
	me := s.ToMove
	card := s.Hands[me][i]
	s.Hands[me] = slices.Delete(s.Hands[me], i, i+1)
	s.Played[me] = append(s.Played[me], card)
	if s.Table == "" {
		s.Table = card
		s.ToMove = 1 - me
		return nil
	}
	winner := s.Leader
	if d.power[card] > d.power[s.Table] {
		winner = me
	}
	if !d.quiet {
		d.events = append(d.events, play.Event{Turn: s.Round, Seat: winner, Kind: "round",
			Text: fmt.Sprintf("%s (%d) against %s (%d): P%d takes the round", s.Table, d.power[s.Table], card, d.power[card], winner+1)})
	}
	s.Wins[winner]++
	s.Table = ""
	s.Leader, s.ToMove = winner, winner
	if !d.Over() {
		s.Round++
	}
	return nil
}

// Result implements play.Match.
func (d *Duel) Result() play.Result {
	for seat, w := range d.S.Wins {
		if w == 2 {
			return play.Win("took two rounds", seat)
		}
	}
	return play.Draw("not over")
}

// Participants implements play.Participants: the cards each seat played.
func (d *Duel) Participants() [][]string {
	return [][]string{d.S.Played[0], d.S.Played[1]}
}

// Determinize implements play.Determinizer: the other hand and the deck are
// redealt from the cards seat has not seen.
func (d *Duel) Determinize(seat int, rng *rand.Rand) play.Match {
	c := d.Clone().(*Duel)
	other := 1 - seat
	unseen := append(slices.Clone(c.S.Hands[other]), c.S.Deck...)
	rng.Shuffle(len(unseen), func(i, j int) { unseen[i], unseen[j] = unseen[j], unseen[i] })
	n := len(c.S.Hands[other])
	c.S.Hands[other] = slices.Sorted(slices.Values(unseen[:n]))
	c.S.Deck = unseen[n:]
	return c
}

// DuelView is a Duel as one seat sees it: its own hand, the other's as a
// count, the deck as a count; everything on the table is public.
type DuelView struct {
	Hands  [2]any      `json:"hands" yaml:"hands"`
	Deck   play.Unseen `json:"deck" yaml:"deck"`
	Table  string      `json:"table,omitempty" yaml:"table,omitempty"`
	Leader int         `json:"leader" yaml:"leader"`
	ToMove int         `json:"to-move" yaml:"to-move"`
	Wins   [2]int      `json:"wins" yaml:"wins"`
	Played [2][]string `json:"played" yaml:"played"`
	Round  int         `json:"round" yaml:"round"`
}

// View implements play.Viewer: the other hand and the deck are counts.
func (d *Duel) View(seat int) any {
	s := d.S
	v := DuelView{Deck: play.Unseen{Unseen: len(s.Deck)}, Table: s.Table, Leader: s.Leader, ToMove: s.ToMove,
		Wins: s.Wins, Played: s.Played, Round: s.Round}
	for p, h := range s.Hands {
		if p == seat {
			v.Hands[p] = h
		} else {
			v.Hands[p] = play.Unseen{Unseen: len(h)}
		}
	}
	return v
}

// Show implements play.Viewer.
func (d *Duel) Show(seat int) string {
	v := d.View(seat).(DuelView)
	var b strings.Builder
	fmt.Fprintf(&b, "round %d, wins %d-%d, table: %s\n", v.Round, v.Wins[0], v.Wins[1], cmp.Or(v.Table, "empty"))
	for p, h := range v.Hands {
		if cards, ok := h.([]string); ok {
			fmt.Fprintf(&b, "P%d hand: %s\n", p+1, strings.Join(cards, ", "))
		} else {
			fmt.Fprintf(&b, "P%d hand: %d cards\n", p+1, h.(play.Unseen).Unseen)
		}
	}
	return b.String()
}

// Private implements play.Viewer: a card is played face up.
func (d *Duel) Private(int) string { return "" }

// Greedy leads its strongest card and answers with the weakest card that
// takes the round, or its weakest card.
func Greedy(uint64, int) play.Policy {
	return play.FuncPolicy(func(m play.Match) int {
		d := m.(*Duel)
		p := d.power
		hand := d.S.Hands[d.S.ToMove]
		best := 0
		if d.S.Table == "" {
			for i, c := range hand {
				if p[c] > p[hand[best]] {
					best = i
				}
			}
			return best
		}
		beat, low := -1, 0
		for i, c := range hand {
			if p[c] < p[hand[low]] {
				low = i
			}
			if p[c] > p[d.S.Table] && (beat < 0 || p[c] < p[hand[beat]]) {
				beat = i
			}
		}
		if beat >= 0 {
			return beat
		}
		return low
	})
}

// powersOf is the ruleset (a Powers, nil for the base) with the --power
// overrides (ID=N) of the options.
func powersOf(rules any, o play.Options) (Powers, error) {
	p := BasePowers()
	if r, ok := rules.(Powers); ok && r != nil {
		p = Powers{}
		for k, v := range r {
			p[k] = v
		}
	}
	for _, kv := range o.List("power") {
		id, n, ok := strings.Cut(kv, "=")
		v, err := strconv.Atoi(n)
		if _, known := p[id]; !ok || err != nil || !known {
			return nil, fmt.Errorf("--power %q: want CARD=N with a card of the game", kv)
		}
		p[id] = v
	}
	return p, nil
}

// DuelMode plays Duel; rules is a Powers (nil: the base powers), and
// --power CARD=N changes a card's power.
var DuelMode = play.Mode{
	Name:    "duel",
	Summary: "three cards each, best of three rounds",
	Flags:   []play.Flag{{Name: "power", Usage: "CARD=N: play with this card's power changed", Kind: play.Strings}},
	New: func(rules any, o play.Options) (play.Match, error) {
		p, err := powersOf(rules, o)
		if err != nil {
			return nil, err
		}
		return NewDuel(p, o.Seed, o.Quiet), nil
	},
	Load: func(rules any, st *yaml.Node) (play.Match, error) {
		p, err := powersOf(rules, play.Options{})
		if err != nil {
			return nil, err
		}
		d := &Duel{power: p}
		if err := play.Decode(st, &d.S); err != nil {
			return nil, err
		}
		for i := range d.S.Played {
			if d.S.Played[i] == nil {
				d.S.Played[i] = []string{}
			}
		}
		return d, nil
	},
	Policies: map[string]play.PolicyMaker{"random": play.NewRandom, "greedy": Greedy},
}
