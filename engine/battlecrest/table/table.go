// Package table defines the compiled tables of Battlecrest: the contract
// between the compiler and the rules engine. Plain data.
package table

import "fmt"

// Edge is a side of a landmark card; every card lies the same way.
type Edge int8

// Edges, clockwise from north.
const (
	North Edge = iota
	East
	South
	West
)

// EdgeNames are the schema's words by Edge.
var EdgeNames = [...]string{"north", "east", "south", "west"}

func (e Edge) String() string {
	if e >= 0 && int(e) < len(EdgeNames) {
		return EdgeNames[e]
	}
	return "edge?"
}

// Step is the row and column offset of the space across an edge.
func (e Edge) Step() (dr, dc int) {
	switch e {
	case North:
		return -1, 0
	case East:
		return 0, 1
	case South:
		return 1, 0
	}
	return 0, -1
}

// Keyword is what an ability does.
type Keyword int8

// Keywords.
const (
	Attack Keyword = iota
	March
	Force
	Star
)

// KeywordNames are the schema's words by Keyword.
var KeywordNames = [...]string{"attack", "march", "force", "star"}

func (k Keyword) String() string {
	if k >= 0 && int(k) < len(KeywordNames) {
		return KeywordNames[k]
	}
	return "keyword?"
}

// Range is an ability's targeting range.
type Range int8

// Ranges. NoRange is for march and star.
const (
	NoRange Range = iota
	Short
	Medium
	Long
)

// RangeNames are the schema's words by Range ("" for NoRange).
var RangeNames = [...]string{"", "short", "medium", "long"}

// NoCrest marks an absent crest reference.
const NoCrest = -1

// Ability is one ability or star.
type Ability struct {
	Keyword Keyword
	Value   int8  // attack, march or force value
	Range   Range // attack and force
	Reach   int8  // long range's number
	Targets int8  // at least 1
	Crest   int16 `rt:"index=Crests"` // crest bonus: index into Crests, or NoCrest
}

// Special is a special ability of a hero, minion or landmark card: star-
// powered, conditional (When set), or kept as text (neither).
type Special struct {
	Name, Text string
	Star       bool     // star-powered
	When       Timing   // conditional: when its conditions are checked
	Who        Subject  // an event timing: whose event it is
	Near       Region   // an event timing: how far from this warrior it happens
	Aim        Aim      // attack and force: the warrior its effect targets
	If         []Clause // conditional: what must hold then, all of it
	Ability    Ability  // when Star or When
	Reach      int8     // landmarks: usable by heroes 2..Reach spaces away
	Flip       bool     // landmarks: the card flips after the ability
}

// Timing is when a conditional special ability may be used.
type Timing int8

// Timings. NoTiming: the special is not conditional. From Moves on, the
// timing is an event of another warrior (Special.Who), on either player's
// turn, as far from the warrior whose card holds it as Special.Near says.
const (
	NoTiming    Timing = iota
	StartOfTurn        // at the start of its player's turn
	EndOfTurn          // at the end of its player's turn
	WhenDamaged        // when the warrior whose card holds it takes damage and stands
	Moves              // the other warrior ends any movement (a Move, a march, a force)
	EndsMove           // it ends a movement of its own (a Move or a march)
	Attacks            // it has attacked (every target resolved)
	IsAttacked         // it was attacked (its damage step resolved)
	IsDefeated         // it was defeated (a minion removed)
	Enters             // a movement took it from outside Near to inside
	Leaves             // a movement took it from inside Near to outside
)

// TimingNames are the vocabulary's words by Timing; an event's verb from
// Moves on.
var TimingNames = [...]string{"", "start of turn", "end of turn", "when damaged", "moves", "ends a move", "attacks", "is attacked", "is defeated", "enters", "leaves"}

// Event reports whether t is an event of another warrior.
func (t Timing) Event() bool { return t >= Moves }

// Subject is whose event an event timing is, seen from the warrior whose
// card holds the special.
type Subject int8

// Subjects.
const (
	NoSubject   Subject = iota
	AnEnemy             // any enemy warrior
	EnemyHero           // the enemy hero
	EnemyMinion         // an enemy minion
	AnAlly              // another warrior of its player
	AnyOther            // any other warrior
)

// SubjectNames are the vocabulary's words by Subject.
var SubjectNames = [...]string{"", "an enemy", "the enemy hero", "an enemy minion", "an ally", "another warrior"}

// RegionOp is how a Region compares a distance.
type RegionOp int8

// Region comparisons. AnyDistance: no distance named.
const (
	AnyDistance RegionOp = iota
	Within               // N or fewer spaces
	AtLeast              // N or more spaces
	Exactly              // exactly N spaces
)

// Region is a distance from the warrior whose card holds the special,
// counted orthogonally as ranges are (rulebook: Ability Targeting).
type Region struct {
	Op RegionOp
	N  int8
}

// Holds reports whether distance d is in the region.
func (r Region) Holds(d int) bool {
	switch r.Op {
	case Within:
		return d <= int(r.N)
	case AtLeast:
		return d >= int(r.N)
	case Exactly:
		return d == int(r.N)
	}
	return true
}

func (r Region) String() string {
	switch r.Op {
	case Within:
		return fmt.Sprintf("within %d", r.N)
	case AtLeast:
		return fmt.Sprintf("%d or more", r.N)
	case Exactly:
		return fmt.Sprintf("exactly %d", r.N)
	}
	return ""
}

// Aim is the warrior an event special's attack or force targets.
type Aim int8

// Aims. AimAny: any warrior in range, as for any ability.
const (
	AimAny      Aim = iota
	AimTrigger      // the warrior whose event it was ("that enemy")
	AimAttacker     // is attacked: the attacker
)

// AimNames are the content's words by Aim, the subject's word aside
// ("that enemy", "that ally", "that warrior" are all AimTrigger).
var AimNames = [...]string{"", "that warrior", "the attacker"}

// Trigger is the timing as the vocabulary writes it: "start of turn",
// "an enemy ends a move 3 or more spaces away".
func (s *Special) Trigger() string {
	if !s.When.Event() {
		if s.When >= 0 && int(s.When) < len(TimingNames) {
			return TimingNames[s.When]
		}
		return ""
	}
	t := SubjectNames[0]
	if s.Who >= 0 && int(s.Who) < len(SubjectNames) {
		t = SubjectNames[s.Who]
	}
	if int(s.When) < len(TimingNames) {
		t += " " + TimingNames[s.When]
	}
	if s.Near.Op != AnyDistance {
		t += " " + s.Near.String()
	}
	return t
}

// ClauseKind is a condition of a conditional special ability, about the
// warrior performing it.
type ClauseKind int8

// Clause kinds.
const (
	Wounded             ClauseKind = iota // it is wounded
	Healthy                               // it is healthy
	AdjacentEnemy                         // an enemy is adjacent to it
	AdjacentAlly                          // another warrior of its player is adjacent
	AdjacentEnemyHero                     // the enemy hero is adjacent
	AdjacentEnemyMinion                   // an enemy minion is adjacent
	AdjacentLandmark                      // landmark Arg (index into Landmarks) is adjacent
	AdjacentMapSet                        // a landmark card of map set Arg is adjacent
	NoAdjacentEnemy                       // no enemy is adjacent
	OwnTurn                               // it is its player's turn
	OtherTurn                             // it is the other player's turn
)

// Clause is one condition.
type Clause struct {
	Kind ClauseKind
	Arg  int16
}

// Bonus is a map bonus icon.
type Bonus int8

// Map bonuses.
const (
	AttackBonus Bonus = iota
	DefenseBonus
	RangeBonus
	MovementBonus
	ForceBonus
)

// BonusNames are the schema's words by Bonus.
var BonusNames = [...]string{"attack", "defense", "range", "movement", "force"}

// EffectType is the kind of a map effect.
type EffectType int8

// Map effects.
const (
	Shortcut EffectType = iota
	MapBonus
	Hazard
)

// Effect is a map effect on one edge of a landmark side.
type Effect struct {
	Type  EffectType
	Edge  Edge
	To    []Edge  // shortcut arrows
	Bonus []Bonus // map bonus icons
}

// Crest is a crest type.
type Crest struct{ ID, Name string }

// Cell is one position of a map diagram.
type Cell int8

// Cells of a map diagram.
const (
	Void Cell = iota
	Space
	LandmarkPos
	HeroStart
	MinionStart
)

// MapSet is a map set: the diagram and its landmark cards.
type MapSet struct {
	ID, Name      string
	Width, Height int8
	Cells         []Cell  // row-major, north row first
	Landmarks     []int16 `rt:"index=Landmarks"` // indices into Landmarks
}

// At returns the cell at row r, column c, Void outside the diagram.
func (m *MapSet) At(r, c int) Cell {
	if r < 0 || c < 0 || r >= int(m.Height) || c >= int(m.Width) {
		return Void
	}
	return m.Cells[r*int(m.Width)+c]
}

// Landmark is a landmark card.
type Landmark struct {
	ID, Name string
	Set      int16
	Number   int8
	Sides    [2][]Effect // START side, flipped side: the effects active on each
	Ability  Special
}

// MinionSide is a minion card side: healthy (0) or wounded (1).
type MinionSide struct{ Movement, Defense int8 }

// Health is a health card: positions on the health-tracking diagram.
type Health struct {
	HealthyStart, Flip  int8
	WoundedStart, Skull int8
	Crest               int16 `rt:"index=Crests"` // primed on the wounded side
}

// HeroSet is a player's hero set.
type HeroSet struct {
	ID, Name      string
	Hero          string
	HeroSpecial   Special
	HasMinion     bool
	Minion        string
	MinionSpecial Special
	MinionSides   [2]MinionSide
	Health        Health
	Actions       []int16 `rt:"index=Actions"` // indices into Actions
}

// ActionSide is one side of an action card.
type ActionSide struct {
	Name         string
	Abilities    []Ability
	Crest        int16 `rt:"index=Crests"`
	Defense      int8
	DefenseCrest int16 `rt:"index=Crests"` // or NoCrest
	Movement     int8
}

// Action is an action card: START side, back side.
type Action struct {
	ID    string
	Set   int16
	Sides [2]ActionSide
}

// Ruleset is everything the engine needs.
type Ruleset struct {
	Crests    []Crest
	MapSets   []MapSet
	Landmarks []Landmark
	HeroSets  []HeroSet
	Actions   []Action
}

// HeroSetIndex returns the index of a hero set by id, or -1.
func (rs *Ruleset) HeroSetIndex(id string) int {
	for i := range rs.HeroSets {
		if rs.HeroSets[i].ID == id {
			return i
		}
	}
	return -1
}

// MapSetIndex returns the index of a map set by id, or -1.
func (rs *Ruleset) MapSetIndex(id string) int {
	for i := range rs.MapSets {
		if rs.MapSets[i].ID == id {
			return i
		}
	}
	return -1
}
