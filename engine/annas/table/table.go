// Package table defines the compiled tables of Anna's Roundtable: the
// contract between the compiler and the rules engine. Plain data, no logic
// beyond tiny accessors.
package table

// Color is a unit or boss-corner color.
type Color uint8

// Colors of the weapon triangle; Gray sits outside it.
const (
	Red Color = iota
	Green
	Blue
	Gray
)

var colorNames = [...]string{"red", "green", "blue", "gray"}

func (c Color) String() string {
	if int(c) < len(colorNames) {
		return colorNames[c]
	}
	return "color?"
}

// TagCategory groups tags as the rulebook's tag table does.
type TagCategory uint8

// Tag categories.
const (
	Assist TagCategory = iota
	Movement
	Passive
	Effectiveness
)

// TagSet is a set of tag indexes as bits. The compiler rejects more than 64 tags.
type TagSet uint64

// Has reports whether tag index i is in the set.
func (s TagSet) Has(i int) bool { return i >= 0 && i < 64 && s&(1<<uint(i)) != 0 }

// Stats are a unit's combat stats.
type Stats struct {
	HP, ATK, SPD, DEF int8
}

// RangeSet holds attack distances as bits: bit d set means distance d.
type RangeSet uint8

// Has reports whether distance d is in range.
func (r RangeSet) Has(d int) bool { return d >= 0 && d < 8 && r&(1<<uint(d)) != 0 }

// Tag is a unit tag.
type Tag struct {
	ID, Name string
	Category TagCategory
	Text     string
	// Effectiveness: ATK bonus against units with tag index EffAgainst.
	EffAgainst int16
	EffATK     int8
	Effects    []Effect
}

// Terrain is a kind of map tile.
type Terrain struct {
	ID, Name   string
	Glyph      string
	Stop       bool   // entering ends movement
	Blocks     TagSet // tags that cannot enter
	IgnoredBy  TagSet // tags that ignore Stop and Blocks
	Impassable bool
	WorkCoins  int8 // coins from Work here (1 on ordinary tiles)
	WorkDV     int8
}

// Unit is a unit card.
type Unit struct {
	ID, Name, Title string
	Color           Color
	Legendary       bool
	Stats           Stats
	HasShapestone   bool
	Shapestone      Stats // HP unused
	Range           RangeSet
	Mov             int8
	Tags            TagSet
	Skill           int16 // index into Ruleset.Skills, -1 for none
}

// SkillKind says how a skill is used.
type SkillKind uint8

// Skill kinds.
const (
	SkillPassive SkillKind = iota
	SkillAssist
	SkillSpecial
)

// Skill is a unit's printed skill.
type Skill struct {
	Name     string
	Kind     SkillKind
	Reaction bool
	Text     string
	Effects  []Effect
}

// Trigger says when an effect applies.
type Trigger uint8

// Triggers.
const (
	Always Trigger = iota
	InCombat
	StartOfTurn
	OnDeploy
	AfterCombat
	OnDefeat
)

// Side says whom an effect targets.
type Side uint8

// Sides.
const (
	SideSelf Side = iota
	SideAlly
	SideEnemy
	SideAny
)

// Effect is one entry of the effect vocabulary.
type Effect struct {
	When          Trigger
	ATK, SPD, DEF int8
	Heal          int8
	Target        Side
	Within        int8
}

// Ruleset is the whole compiled content of Anna's Roundtable.
type Ruleset struct {
	Tags    []Tag
	Terrain []Terrain
	Units   []Unit
	Skills  []Skill
}
