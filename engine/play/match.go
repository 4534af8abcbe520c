package play

import "math/rand/v2"

// Match is one game in progress. A Match is not safe for concurrent use.
type Match interface {
	// Seats are the players at the table, in seat order. A seat that never
	// decides (Boss Mode's boss) is listed too: it can win.
	Seats() []Seat
	// ToMove is the seat that must decide now, -1 once the match is over.
	ToMove() int
	// Legal is the number of legal actions now; 0 once the match is over.
	Legal() int
	// Action is the stable text of legal action i (0 <= i < Legal()). The
	// texts of the actions legal at one moment are distinct, lower case,
	// single-spaced words: "activate chrom c3 d4 attack d5".
	Action(i int) string
	// Apply takes legal action i and resolves it up to the next decision.
	Apply(i int) error
	// Over reports whether the match has ended.
	Over() bool
	// Result is the outcome; meaningful once Over.
	Result() Result
	// Turn is the game's own turn (or round) counter.
	Turn() int
	// Events returns what happened since the previous call, oldest first,
	// and forgets it. Decisions are not among them: the runner records each
	// action it applies (see Run), so games report only consequences.
	Events() []Event
	// Position is the whole state as a value that marshals to the game's
	// documented position shape (json and yaml tags); reading it back with
	// the Mode's Load gives a match that plays on identically.
	Position() any
	// Clone is an independent copy that plays on identically.
	Clone() Match
}

// Seat is one place at the table.
type Seat struct {
	Index int    `json:"index" yaml:"index"`
	Name  string `json:"name" yaml:"name"` // "P1", a side's or hero's name, "boss"
	// Auto marks a seat the rules play (Boss Mode's boss): it never moves,
	// so it takes no policy.
	Auto bool `json:"auto,omitempty" yaml:"auto,omitempty"`
}

// Event is one thing that happened, in the one envelope every game uses.
type Event struct {
	N    int    `json:"n"`    // 1-based position in the match's stream (set by the runner)
	Turn int    `json:"turn"` // the match's Turn when it happened
	Seat int    `json:"seat"` // the seat that acted or is concerned, -1 for none
	Kind string `json:"kind"` // "action" for a decision; otherwise the game's word: "combat", "draw", "roll", …
	// Action is the stable text of the action taken (kind "action" only).
	Action string `json:"action,omitempty"`
	Text   string `json:"text"`           // one line for people
	Data   any    `json:"data,omitempty"` // game-specific detail, documented per game
	// Only, when not nil, are the seats that see this event as it is (the
	// player who draws a card sees which); every other seat sees Public in
	// its place, or nothing when Public is nil (see Hide and Seen). A log
	// is the whole truth and writes neither.
	Only   []int  `json:"-"`
	Public *Event `json:"-"`
}

// Result is how a match ended.
type Result struct {
	// Winners are the seats that won: one seat, or a team (Boss Mode's
	// players win together); empty for a draw.
	Winners []int  `json:"winners"`
	Reason  string `json:"reason"`
	// Capped says the match was stopped by a turn or action cap, not by the
	// rules (it counts as a draw).
	Capped bool `json:"capped,omitempty"`
	// Scores are per seat, where the game keeps a score (VP, morale, orbs
	// left, damage dealt); nil where it does not.
	Scores []int `json:"scores,omitempty"`
}

// Draw is a Result with no winner.
func Draw(reason string) Result { return Result{Winners: []int{}, Reason: reason} }

// Win is a Result won by the given seats.
func Win(reason string, seats ...int) Result { return Result{Winners: seats, Reason: reason} }

// Participants is implemented by matches that can say which content
// entities took part for each seat: units deployed, cards played,
// formations, hero sets, characters. Simulation reads it for per-entity
// win rates. Ids are the content's ids; each seat's list has no repeats.
type Participants interface {
	Participants() [][]string
}

// Determinizer is implemented by matches that hide something from a seat:
// other players' hands, the order of decks, the future of the random
// source. A Clone copies all of that, so a search policy playing on clones
// would read cards and dice it cannot know; it plays on determinizations
// instead (information-set search). Matches with nothing hidden need not
// implement it.
type Determinizer interface {
	// Determinize returns an independent copy of the match as seat may
	// believe it to be: everything seat has not seen (other players'
	// hands, deck orders, the state of the random source) redrawn from rng,
	// consistently with what seat has seen; everything seat knows kept.
	// Seat's own legal actions (their texts, in order) are those of the
	// match. The receiver is not changed.
	Determinize(seat int, rng *rand.Rand) Match
}
