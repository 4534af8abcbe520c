// Package table defines the compiled tables of Fire Emblem Tropera: the
// contract between the compiler and the rules engine. Plain data.
package table

// Stat indexes a character's eight assignable stats.
type Stat uint8

// Stats, in the rulebook's order.
const (
	HP Stat = iota
	Str
	Mag
	Skl
	Spd
	Lck
	Def
	Res
	NumStats
)

// StatNames are the schema's keys by Stat.
var StatNames = [NumStats]string{"hp", "str", "mag", "skl", "spd", "lck", "def", "res"}

func (s Stat) String() string {
	if s < NumStats {
		return StatNames[s]
	}
	return "stat?"
}

// Stats holds one value per stat.
type Stats [NumStats]int8

// Rank is a proficiency rank: D=1 … S=5, S+=6 … S+4=9; 0 is no rank.
type Rank uint8

// Ranks.
const (
	NoRank Rank = iota
	RankD
	RankC
	RankB
	RankA
	RankS
	RankS1
	RankS2
	RankS3
	RankS4
)

// RankNames are the schema's words by Rank.
var RankNames = [...]string{"-", "D", "C", "B", "A", "S", "S+", "S+2", "S+3", "S+4"}

func (r Rank) String() string {
	if int(r) < len(RankNames) {
		return RankNames[r]
	}
	return "rank?"
}

// Prof is a weapon or magic proficiency.
type Prof uint8

// Proficiencies, in the schema's order.
const (
	Swords Prof = iota
	Lances
	Axes
	Bows
	Light
	Anima
	Dark
	Staves
	Perform
	Clips
	NoProf // natural weapons that need no proficiency
)

// ProfNames are the schema's words by Prof.
var ProfNames = [...]string{"swords", "lances", "axes", "bows", "light", "anima", "dark", "staves", "perform", "clips", "none"}

func (p Prof) String() string {
	if int(p) < len(ProfNames) {
		return ProfNames[p]
	}
	return "prof?"
}

// WeaponType is a weapon's type.
type WeaponType uint8

// Weapon types, in the schema's order.
const (
	Sword WeaponType = iota
	Lance
	Axe
	Bow
	LightTome
	AnimaTome
	DarkTome
	Staff
	Talons
	Claws
	Bite
	Unarmed
	Breath
)

// WeaponTypeNames are the schema's words by WeaponType.
var WeaponTypeNames = [...]string{"sword", "lance", "axe", "bow", "light", "anima", "dark", "staff", "talons", "claws", "bite", "unarmed", "breath"}

func (t WeaponType) String() string {
	if int(t) < len(WeaponTypeNames) {
		return WeaponTypeNames[t]
	}
	return "weapon?"
}

// Prof is the proficiency that uses the type.
func (t WeaponType) Prof() Prof {
	switch t {
	case Sword:
		return Swords
	case Lance:
		return Lances
	case Axe:
		return Axes
	case Bow:
		return Bows
	case LightTome:
		return Light
	case AnimaTome:
		return Anima
	case DarkTome:
		return Dark
	case Staff:
		return Staves
	case Talons, Claws, Bite:
		return Clips
	}
	return NoProf
}

// Magical reports whether the type deals magical damage by default.
func (t WeaponType) Magical() bool { return t == LightTome || t == AnimaTome || t == DarkTome }

// Weapon is a weapon, tome, staff or natural weapon.
type Weapon struct {
	ID, Name string
	Type     WeaponType
	Rank     Rank // NoRank for natural weapons
	Might    int8
	Accuracy int16
	Crit     int8
	MinRange int8
	MaxRange int8
	Weight   int8
	Charges  int8 // 0: unlimited
	Magical  bool // damage targets Resistance and uses Magic
	Brave    bool
	Heavy    bool
	Slows    int8
	// Effective lists feat indexes whose bearers take triple Might.
	Effective []int16
	Natural   bool
}

// Combat is what the engine applies of a feat.
type Combat struct {
	Move        int8
	HP          int8
	SkillHit    int8 // 0: the default of 2
	LuckAvoid   int8 // 0: the default of 1
	Survive     bool
	HalvePhys   bool
	HalveMag    bool
	Extra       int8
	FoeExtra    int8
	Wary        int8
	Adept       int8 // 0: none
	Vantage     bool
	Pierce      bool
	Gamble      bool
	NoTriangle  bool
	NoTerrain   bool
	TerrainBack bool
	WarMage     bool
	MageArmor   bool
	Guerilla    bool
	Silencer    bool
	HalveHeal   bool
	Shield      bool
	Focus       int8 // per rank in the character's focus proficiency
}

// Feat is a feat or an origin (laguz, manakete).
type Feat struct {
	ID, Name    string
	Origin      bool
	Requires    []int16
	RequiresAny []int16
	Excludes    []int16
	NeedsProf   Prof // NoProf: none
	Ranks       int8
	Slots       int8
	Natural     []int16 // weapon indexes
	Choose      int8    // the character picks this many of Natural
	Combat      Combat
	Text        string
}

// Slot is where an item is carried.
type Slot uint8

// Slots.
const (
	ItemSlot Slot = iota
	RelicSlot
)

// Item is a carried item or relic.
type Item struct {
	ID, Name string
	Slot     Slot
	Heal     int8
	Charges  int8
	Text     string
}

// Move is a terrain's movement cost class.
type Move uint8

// Movement classes.
const (
	Normal Move = iota
	Difficult
	Impassable
)

// MoveNames are the schema's words by Move.
var MoveNames = [...]string{"normal", "difficult", "impassable"}

// Terrain is a terrain type.
type Terrain struct {
	ID, Name     string
	Move         Move
	Avoid        int8
	Defense      int8
	Healing      int8
	Destructible bool
	Wall         bool
}

// Skill is one proficiency at a rank.
type Skill struct {
	Prof Prof
	Rank Rank
}

// Character is a player character.
type Character struct {
	ID, Name string
	Level    int8
	Points   Stats // creation points
	Growths  Stats
	Gains    Stats // from level-ups
	Feats    []int16
	Skills   []Skill
	Weapons  []int16
	Items    []int16
	Relic    int16   // -1: none
	Natural  []int16 // natural weapons picked from feats that let it choose
	Focus    Prof    // NoProf: none
	Alt      bool
}

// Deployed is one unit of a skirmish side.
type Deployed struct {
	Character int16
	Weapon    int16
	Terrain   int16 // -1: plain ground without bonuses
}

// Side is one side of a skirmish.
type Side struct {
	Name  string
	Units []Deployed
}

// Skirmish is a fight between two sides.
type Skirmish struct {
	ID, Name string
	Sides    [2]Side
	Rounds   int8
}

// Ruleset is everything compiled from the packs.
type Ruleset struct {
	Weapons    []Weapon
	Feats      []Feat
	Items      []Item
	Terrain    []Terrain
	Characters []Character
	Skirmishes []Skirmish
}

// CharacterIndex returns the index of a character id, or -1.
func (rs *Ruleset) CharacterIndex(id string) int {
	for i := range rs.Characters {
		if rs.Characters[i].ID == id {
			return i
		}
	}
	return -1
}

// SkirmishIndex returns the index of a skirmish id, or -1.
func (rs *Ruleset) SkirmishIndex(id string) int {
	for i := range rs.Skirmishes {
		if rs.Skirmishes[i].ID == id {
			return i
		}
	}
	return -1
}

// WeaponIndex returns the index of a weapon id, or -1.
func (rs *Ruleset) WeaponIndex(id string) int {
	for i := range rs.Weapons {
		if rs.Weapons[i].ID == id {
			return i
		}
	}
	return -1
}

// TerrainIndex returns the index of a terrain id, or -1.
func (rs *Ruleset) TerrainIndex(id string) int {
	for i := range rs.Terrain {
		if rs.Terrain[i].ID == id {
			return i
		}
	}
	return -1
}
