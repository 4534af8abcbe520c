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
	Effective []int16 `rt:"index=Feats"`
	Natural   bool
	// Inflicts is the status a hit inflicts (Frost: Slowed).
	Inflicts Status
	// Hostile staves target foes and start Attack Sequences; other staves
	// heal allies.
	Hostile bool
	// Chain: the attack jumps to up to Chain more foes, each within
	// ChainReach spaces of the one before (Chain Lightning).
	Chain      int8
	ChainReach int8
	// Siege weapons are fired by whoever embarks on their space; they need
	// no proficiency.
	Siege bool
	Text  string // as written: the human wording
}

// Status is a condition on a unit (none, or one of the rulebook's).
type Status uint8

// Statuses a weapon or staff can inflict.
const (
	NoStatus Status = iota
	Slowed
)

// StatusNames are the schema's words by Status.
var StatusNames = [...]string{"", "slowed"}

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

	// Movement and actions on a map.
	Flies      bool // unimpeded by difficult and impassable terrain but walls
	Mounted    bool // difficult terrain costs 3
	PassFoes   bool // moves through spaces foes hold (Thief)
	Canto      bool // leftover movement after a main action
	Rescue     int8 // 1: picks up any adjacent ally; 2: allies not Armored
	Armored    bool // Flying Mount cannot carry this character
	Sentinel   bool // Defend as a bonus action; +1 strike on counters while defending
	Cleave     int8 // free attack on another adjacent foe at -this accuracy, stacking
	Trample    bool
	Multishot  bool
	Grapple    bool
	GuardBreak bool
	QuickDraw  bool
	FastHealer bool
	QuickSalve bool // medicinal items as a bonus action
	Medic      bool // medicinal items on adjacent allies (Battle Medic)
	Steal      bool // the Steal and Pick Locks actions (Thief)
	Overload   bool // the Overload action
	Provoke    bool // the Provoke action
	Shade      bool // the Shade action
	Ailment    int8 // Avoid bonus against staves that inflict ailments (Resistant: 15)
}

// Feat is a feat or an origin (laguz, manakete).
type Feat struct {
	ID, Name    string
	Origin      bool
	Requires    []int16 `rt:"index=Feats"`
	RequiresAny []int16 `rt:"index=Feats"`
	Excludes    []int16 `rt:"index=Feats"`
	NeedsProf   Prof    // NoProf: none
	Ranks       int8
	Slots       int8
	Natural     []int16 `rt:"index=Weapons"` // weapon indexes
	Choose      int8    // the character picks this many of Natural
	// Spread: the ranks go to this many different proficiencies (Versatile: 3).
	Spread int8
	// Negates lists feats this one replaces when taken later (Mounted and
	// Flying Mount).
	Negates []int16 `rt:"index=Feats"`
	// Beast: the feat's combat applies only in beast form (laguz origins).
	Beast bool
	// Keeps, per laguz origin, what the humanoid form keeps of the beast
	// (Anthropomorph).
	Keeps  []Keep
	Combat Combat
	Text   string
}

// Keep is what Anthropomorph keeps of one origin in humanoid form.
type Keep struct {
	Origin  int16 `rt:"index=Feats"`
	Natural bool  // natural weapons usable in humanoid form
	Flies   bool
	Halve   bool // half physical damage
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
	// Boost raises stats on use (Pure Water: Res 7), fading by Fade a turn.
	Boost Stats
	Fade  int8
	// Stats are a relic's bonus while carried.
	Stats Stats
	// Opens doors (a key).
	Opens bool
	Text  string
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
	Glyph        string // one character in map grids
	Move         Move
	Avoid        int8
	Defense      int8
	Healing      int8
	Destructible bool
	Wall         bool
	Cliff        bool   // Guerilla cannot cross it
	Door         bool   // a key or Pick Locks opens it
	HP           int8   // hit points of a destructible tile
	Becomes      int16  `rt:"index=Terrain"` // the terrain left when destroyed or opened; -1: none
	Text         string // as written: the human wording
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
	Gains    Stats   // from level-ups
	Feats    []int16 `rt:"index=Feats"`
	Skills   []Skill
	Weapons  []int16 `rt:"index=Weapons"`
	Items    []int16 `rt:"index=Items"`
	Relic    int16   `rt:"index=Items"`   // -1: none
	Natural  []int16 `rt:"index=Weapons"` // natural weapons picked from feats that let it choose
	Focus    Prof    // NoProf: none
	Alt      bool
	// Performances known (Perform proficiency).
	Performances []int16 `rt:"index=Performances"`
	// Negated feats: taken, then replaced by a later feat (no effect).
	Negated []int16 `rt:"index=Feats"`
	Text    string  // as written: the human wording
}

// Performance is one performance of the Perform proficiency.
type Performance struct {
	ID, Name string
	Rank     Rank
	// Within: the allies within this many spaces are its audience (1:
	// adjacent).
	Within int8
	// Boost is what each ally gains until the performer's next phase: Hit
	// (the rulebook's Perform Bonus), Avoid, Crit, Might, Def, Res, Move.
	Boost Boost
	// Refresh: one adjacent ally who has ended its turn acts again.
	Refresh bool
	Text    string
}

// Boost is a temporary bonus.
type Boost struct {
	Hit   int8 `json:"hit,omitempty" yaml:"hit,omitempty"`
	Avoid int8 `json:"avoid,omitempty" yaml:"avoid,omitempty"`
	Crit  int8 `json:"crit,omitempty" yaml:"crit,omitempty"`
	Might int8 `json:"might,omitempty" yaml:"might,omitempty"`
	Def   int8 `json:"def,omitempty" yaml:"def,omitempty"`
	Res   int8 `json:"res,omitempty" yaml:"res,omitempty"`
	Move  int8 `json:"move,omitempty" yaml:"move,omitempty"`
}

// Map is a battle map: a grid of terrain, rank 1 (south) first.
type Map struct {
	ID, Name      string
	Width, Height int8
	// Tiles holds a terrain index per tile: index rank*Width + file.
	Tiles []int16
	// Deploy are the deployment zones: Party (0) and Enemy (1).
	Deploy [2][]int16
	Houses []House
	Siege  []Siege
	Text   string // as written: the human wording
}

// House is a searchable space and what it holds.
type House struct {
	Tile   int16
	Item   int16 `rt:"index=Items"`   // -1: none
	Weapon int16 `rt:"index=Weapons"` // -1: none
}

// Siege is a siege space (a ballista, a mage tower) and its weapon.
type Siege struct {
	Tile   int16
	Weapon int16 `rt:"index=Weapons"`
}

// Level is an enemy's level of training.
type Level uint8

// Enemy levels.
const (
	Mob Level = iota
	Army
	Elite
)

// LevelNames are the schema's words by Level.
var LevelNames = [...]string{"mob", "army", "elite"}

func (l Level) String() string {
	if int(l) < len(LevelNames) {
		return LevelNames[l]
	}
	return "level?"
}

// Placed is one unit a battle puts on the map.
type Placed struct {
	Character int16 `rt:"index=Characters"`
	Number    int8  // enemies: their number, 1 and up
	Level     Level // enemies
	Tile      int16 // -1: the party places it in its deployment zone
	Weapon    int16 `rt:"index=Weapons"` // equipped
	Beast     bool  // starts in beast form
	// Weapons and Items replace the character's own when not nil (enemies).
	Weapons []int16 `rt:"index=Weapons"`
	Items   []int16 `rt:"index=Items"`
}

// Objective is how a battle is won.
type Objective uint8

// Objectives.
const (
	Rout Objective = iota
	Seize
	Defend
	Escape
)

// ObjectiveNames are the schema's words by Objective.
var ObjectiveNames = [...]string{"rout", "seize", "defend", "escape"}

// Weather is a battle's weather.
type Weather uint8

// Weathers.
const (
	Clear Weather = iota
	Adverse
)

// Battle is a battle on a map: the party, the numbered enemies and the
// objective.
type Battle struct {
	ID, Name  string
	Map       int16 `rt:"index=Maps"`
	Party     []Placed
	Enemies   []Placed
	Objective Objective
	// Tiles of the objective: the seize tile, the escape tiles, the tiles
	// to defend (none: survive).
	Tiles []int16
	// Hold is the rounds to hold out (defend).
	Hold    int8
	Rounds  int8 // the round limit: after it the battle is a draw
	Weather Weather
	Text    string // as written: the human wording
}

// Ruleset is everything compiled from the packs.
type Ruleset struct {
	Weapons      []Weapon
	Feats        []Feat
	Items        []Item
	Terrain      []Terrain
	Characters   []Character
	Performances []Performance
	Maps         []Map
	Battles      []Battle
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

// BattleIndex returns the index of a battle id, or -1.
func (rs *Ruleset) BattleIndex(id string) int {
	for i := range rs.Battles {
		if rs.Battles[i].ID == id {
			return i
		}
	}
	return -1
}

// ItemIndex returns the index of an item id, or -1.
func (rs *Ruleset) ItemIndex(id string) int {
	for i := range rs.Items {
		if rs.Items[i].ID == id {
			return i
		}
	}
	return -1
}

// FeatIndex returns the index of a feat id, or -1.
func (rs *Ruleset) FeatIndex(id string) int {
	for i := range rs.Feats {
		if rs.Feats[i].ID == id {
			return i
		}
	}
	return -1
}

// PerformanceIndex returns the index of a performance id, or -1.
func (rs *Ruleset) PerformanceIndex(id string) int {
	for i := range rs.Performances {
		if rs.Performances[i].ID == id {
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
