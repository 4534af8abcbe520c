// Package table defines the compiled tables of Table Battles: the contract
// between the compiler and the rules engine. Plain data, tiny accessors.
package table

// Wing is the color band of a formation; a player places dice on at most one
// formation per wing each roll phase.
type Wing uint8

// WingNames are the wing colors in the order of the Wing values.
var WingNames = [...]string{"red", "pink", "blue", "light-blue", "green", "orange", "yellow", "purple", "gray", "black", "white", "brown"}

func (w Wing) String() string {
	if int(w) < len(WingNames) {
		return WingNames[w]
	}
	return "wing?"
}

// ActionType is what an action or reaction does.
type ActionType uint8

// Action types. Screen, Counterattack and Absorb are reactions.
const (
	Attack ActionType = iota
	Bombard
	Command
	Screen
	Counterattack
	Absorb
)

// ActionNames are the content words of the action types.
var ActionNames = [...]string{"attack", "bombard", "command", "screen", "counterattack", "absorb"}

func (a ActionType) String() string {
	if int(a) < len(ActionNames) {
		return ActionNames[a]
	}
	return "action?"
}

// Reaction reports whether the type is taken during the opponent's action phase.
func (a ActionType) Reaction() bool { return a >= Screen }

// Requirement is what the dice on a card must show for an action to happen.
type Requirement uint8

// Requirements; None always holds once at least one die is removed.
const (
	None Requirement = iota
	Pair
	TwoPairs
	Triplet
	TwoTriplets
	FullHouse
	FiveDice
)

// RequirementNames are the content words of the requirements.
var RequirementNames = [...]string{"", "pair", "two-pairs", "triplet", "two-triplets", "full-house", "five-dice"}

func (r Requirement) String() string {
	if int(r) < len(RequirementNames) {
		return RequirementNames[r]
	}
	return "requirement?"
}

// MetBy reports whether dice with these counts per face (counts[f] for face
// f, 1 to 6) meet the requirement (Reading a Formation Card, Requirements).
func (r Requirement) MetBy(counts *[7]int) bool {
	sets := func(least int) int {
		n := 0
		for f := 1; f <= 6; f++ {
			if counts[f] >= least {
				n++
			}
		}
		return n
	}
	switch r {
	case None:
		return sets(1) >= 1
	case Pair:
		return sets(2) >= 1
	case TwoPairs:
		return sets(2) >= 2
	case Triplet:
		return sets(3) >= 1
	case TwoTriplets:
		return sets(3) >= 2
	case FullHouse:
		return sets(3) >= 1 && sets(2) >= 2
	case FiveDice:
		return counts[1]+counts[2]+counts[3]+counts[4]+counts[5]+counts[6] >= 5
	}
	return false
}

// NeverMet is Action.Needs of a requirement no number of dice a side can
// have meets on its card.
const NeverMet = 127

// DiceArea says which dice may be placed on a card in one roll phase.
type DiceArea struct {
	Src string // as written on the card
	// Faces has bit f set when single faces f (1..6) may be placed; only one
	// face value per turn.
	Faces uint8
	// Single: the numbers were bracketed, at most one die per turn.
	Single  bool
	Doubles bool // exactly two identical dice
	Triples bool // exactly three identical dice
	// Straights has bit n set when a straight of n dice may be placed.
	Straights uint8
}

// HasFace reports whether face f is in the numbers of the area.
func (d DiceArea) HasFace(f int) bool { return f >= 1 && f <= 6 && d.Faces&(1<<uint(f)) != 0 }

// Reserve says how a formation starts.
type Reserve uint8

// Reserve kinds.
const (
	NotReserve Reserve = iota
	Behind             // released when the Behind formation leaves play
	Commanded          // released by a command action
)

// Action is one action or reaction printed on a formation card.
type Action struct {
	Type        ActionType
	Requirement Requirement
	// Targets are formation indexes in the order they become available.
	Targets []int16 `rt:"index=Formations"`
	Any     bool    // the target is "any" triggering enemy formation
	Hits    int8    // fixed hits
	PerDie  bool    // one hit per die on the acting card
	Self    int8    // units the acting formation loses
	// Voluntary reactions may be declined.
	Voluntary bool
	// Needs is the fewest dice the card must hold before the requirement
	// can be met, dice gathering over turns as the dice area lets them;
	// a side with fewer dice can never take the action. NeverMet when no
	// side can; 0 when any die will do.
	Needs int8
	Text  string
}

// Formation is one side of a formation card.
type Formation struct {
	ID, Name string
	Card     string // "14A"
	Wing     Wing
	// Strength is the starting units, or for a special formation the most
	// cubes its card may hold.
	Strength int8
	Special  bool
	Star     bool // counts double for morale when it routs
	Dice     DiceArea
	Actions  []Action
	Reserve  Reserve
	Behind   int16 `rt:"index=Formations"` // formation index, when Reserve is Behind; else -1
	Retire   bool
	Pursuit  bool
	Text     string
}

// Side is one army of a scenario.
type Side struct {
	ID, Name   string
	Formations []int16 `rt:"index=Formations"`
	Morale     int8
	Dice       int8 // dice in the side's pool (6 unless a special rule says)
}

// Special is a scenario special rule: its text, and the effects the engine
// applies while it plays. Its dice and cubes are already folded into the
// scenario and its sides.
type Special struct {
	Text    string
	Effects []Effect
}

// EffectKind is what a special rule's effect changes.
type EffectKind uint8

// Effect kinds.
const (
	Forbid     EffectKind = iota + 1 // the actions cannot be taken
	MustReact                        // the reactions are mandatory
	MayDecline                       // the reactions may be declined
	RoutMorale                       // a rout gives Value cubes
)

// EffectNames are the content words of the effect kinds, from Forbid.
var EffectNames = [...]string{"", "forbid", "react: must", "react: may", "rout-morale"}

func (k EffectKind) String() string {
	if int(k) < len(EffectNames) {
		return EffectNames[k]
	}
	return "effect?"
}

// RetireBit is the Effect.Actions bit of retiring; the action types use
// bit 1<<ActionType.
const RetireBit = 1 << 6

// Effect is one effect of a special rule: whom, which actions, which turns,
// and what changes.
type Effect struct {
	Kind EffectKind
	// Sides has bit s set for side s; 0 for both.
	Sides uint8
	// Formations are ruleset indexes; nil for every formation.
	Formations []int16 `rt:"index=Formations"`
	// Actions has bit 1<<t for action type t and RetireBit; 0 for all.
	Actions uint8
	// From and To are player turns, both included; 0 leaves that end open.
	From, To int16
	Value    int8 // RoutMorale: the cubes given
}

// Covers reports whether e concerns formation fi of side s, doing the
// action whose bit is act (1<<ActionType, RetireBit; 0 for any), on turn.
func (e *Effect) Covers(s int, fi int16, act uint8, turn int) bool {
	if e.Sides != 0 && e.Sides&(1<<s) == 0 || e.Actions != 0 && act != 0 && e.Actions&act == 0 {
		return false
	}
	if e.From != 0 && turn < int(e.From) || e.To != 0 && turn > int(e.To) {
		return false
	}
	if e.Formations == nil {
		return true
	}
	for _, f := range e.Formations {
		if f == fi {
			return true
		}
	}
	return false
}

// Scenario is a set-up card.
type Scenario struct {
	ID, Name, Date string
	Sides          [2]Side
	First          int8 // index of the side that goes first
	Cubes          int8 // cubes in the box: morale plus special formations (10)
	Special        []Special
	Text           string // as written: the human wording
}

// Ruleset is the compiled content of Table Battles.
type Ruleset struct {
	Formations []Formation
	Scenarios  []Scenario
}

// Scenario returns the index of the scenario id, or -1.
func (r *Ruleset) Scenario(id string) int {
	for i := range r.Scenarios {
		if r.Scenarios[i].ID == id {
			return i
		}
	}
	return -1
}
