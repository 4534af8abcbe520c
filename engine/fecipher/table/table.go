// Package table defines the compiled tables of Fire Emblem Cipher: the
// contract between the compiler and the rules engine. Plain data.
package table

// X marks a cost, attack or support printed as X.
const X = -1

// Emblem is a set of emblems as bits.
type Emblem uint32

// Emblems, in the schema's order.
const (
	Male Emblem = 1 << iota
	Female
	Sword
	Lance
	Axe
	Bow
	Tome
	Staff
	Knife
	Fang
	Brawl
	Dragonstone
	Flier
	Armored
	Beast
	Dragon
	Mirage
	Monster
)

// EmblemNames lists emblem names by bit index.
var EmblemNames = [...]string{"Male", "Female", "Sword", "Lance", "Axe", "Bow", "Tome", "Staff", "Knife", "Fang", "Brawl", "Dragonstone", "Flier", "Armored", "Beast", "Dragon", "Mirage", "Monster"}

// Weapons are the emblems that let a unit do battle.
const Weapons = Sword | Lance | Axe | Bow | Tome | Knife | Fang | Brawl | Dragonstone

// Has reports whether every emblem of o is in e.
func (e Emblem) Has(o Emblem) bool { return e&o == o }

// SkillType is a skill's printed type.
type SkillType uint8

// Skill types.
const (
	Action SkillType = iota
	Permanent
	Auto
	Special
	Bond
	Hand
	AttackSupport
	DefenseSupport
	Support // both attack and defense support
)

// SkillTypeNames are the schema's words by SkillType.
var SkillTypeNames = [...]string{"action", "permanent", "auto", "special", "bond", "hand", "attack-support", "defense-support", "support"}

func (t SkillType) String() string {
	if int(t) < len(SkillTypeNames) {
		return SkillTypeNames[t]
	}
	return "skill?"
}

// Trigger says when an effect happens.
type Trigger uint8

// Triggers.
const (
	Always Trigger = iota
	MyTurn
	Attacking
	Defending
	OnDeploy
	OnClassChange
	Activate
	OnSupport
)

// TriggerNames are the schema's words by Trigger.
var TriggerNames = [...]string{"always", "my-turn", "attacking", "defending", "deploy", "class-change", "activate", "support"}

// Effect is one effect of the base-set vocabulary.
type Effect struct {
	When    Trigger
	Reverse int8 // cost: bonds to flip face down
	Tap     bool // cost: tap this unit
	Attack  int16
	Draw    int8
	Discard int8
}

// Skill is a printed skill.
type Skill struct {
	Name        string
	Type        SkillType
	ClassChange bool
	Formation   bool
	Cost, Text  string
	Effects     []Effect
}

// Printing is one printing of a card.
type Printing struct {
	Set, Number, Rarity string
	Series              int8
}

// Card is a card. Costs, Attack and Support may be X.
type Card struct {
	ID, Title, Unit, Class string
	Cost                   int8
	Promoted               bool
	Promotion              int8
	Symbols                []int16 // indexes into Ruleset.Symbols
	Emblems                Emblem
	MinRange, MaxRange     int8 // 0, 0: cannot attack
	Attack, Support        int16
	Skills                 []Skill
	Printings              []Printing
}

// Name is the card name: "title, unit".
func (c *Card) Name() string { return c.Title + ", " + c.Unit }

// CanAttack reports whether the card has a range.
func (c *Card) CanAttack() bool { return c.MaxRange > 0 }

// Symbol is a series symbol.
type Symbol struct {
	ID, Name, Color string
	Games           []string
}

// DeckEntry is a card of a deck and its copies.
type DeckEntry struct {
	Card  int16
	Count int8
}

// Deck is a deck list.
type Deck struct {
	ID, Name string
	Main     int16
	Cards    []DeckEntry
}

// Ruleset is the compiled content of Fire Emblem Cipher.
type Ruleset struct {
	Symbols []Symbol
	Cards   []Card
	Decks   []Deck
}

// CardIndex returns the index of a card id, or -1.
func (r *Ruleset) CardIndex(id string) int {
	for i := range r.Cards {
		if r.Cards[i].ID == id {
			return i
		}
	}
	return -1
}

// DeckIndex returns the index of a deck id, or -1.
func (r *Ruleset) DeckIndex(id string) int {
	for i := range r.Decks {
		if r.Decks[i].ID == id {
			return i
		}
	}
	return -1
}
