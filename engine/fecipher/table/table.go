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

// Triggers. The first four are permanent timings (always, or only during
// its owner's turn, or while attacking or defending); the auto triggers
// follow; then action, support and special skills.
const (
	Always Trigger = iota
	MyTurn
	Attacking
	Defending
	OnDeploy
	OnClassChange
	Activate
	OnSupport
	OnAttack     // this unit attacks (after it taps, before the support check)
	OnAttacked   // this unit is attacked
	OnDestroys   // this unit's attack destroys its target
	OnAttackEnd  // this unit's attack ends
	OnLevelUp    // this unit levels up
	OnTurnStart  // the start of its owner's turn (after the draw)
	OnTurnEnd    // the end of its owner's turn
	OnDestroyed  // this unit is destroyed
	OnMoved      // this unit is moved
	OnUntapped   // this unit is untapped
	OnAllyDeploy // another ally is deployed
	SpecialRule  // a deck-building or deployment permission
	OnCritical   // this unit critical hits (its critical hit is declared)
	OnEvade      // this unit evades an attack
	OnEvaded     // this unit's attack is evaded
	OnMissed     // this unit's attack does not destroy its target
	OnBond       // a card is placed in its owner's bond area
	OnFoeTurnStart
	OnFoeTurnEnd
	OnActionStart // the start of its owner's action phase
	OnDeployStart // the start of its owner's deployment phase
	OnDefeated    // this unit is destroyed by an attack
	OnGrowth      // this unit Growths: a card is stacked under it by a skill
	OnDraw        // its owner draws a card (after the setup)
	OnPlaced      // this card is placed face up in its owner's bond area (its own skill, not a unit's)
	OnTapped      // this unit is tapped by a skill's cost or effect
	OnOrbLost     // one of its owner's orbs is destroyed (by an attack or a skill)
	OnDiscarded   // a card of its owner's hand is sent to the retreat area
	OnRetrieved   // a card is added to its owner's hand from the retreat area
	OnSurvived    // this unit is attacked and not destroyed
	OnSupportFail // the support card revealed for this unit fails to support it
	OnUse         // this unit uses an action skill (once it has resolved)
	OnSupported   // a card supports this unit (it does not fail)
	OnRevealed    // a skill reveals cards of its owner's deck
	OnBondStart   // the start of its owner's bond phase
)

// TriggerNames are the schema's words by Trigger.
var TriggerNames = [...]string{"always", "my-turn", "attacking", "defending", "deploy", "class-change", "activate", "support",
	"attack", "attacked", "destroys", "attack-end", "level-up", "turn-start", "turn-end", "destroyed", "moved", "untapped", "ally-deploy", "special",
	"critical", "evade", "evaded", "missed", "bond", "opponent-turn-start", "opponent-turn-end", "action-start", "deployment-start", "defeated", "growth", "draw",
	"placed", "tapped", "orb-destroyed", "discarded", "retrieved", "survived", "support-failed", "uses",
	"supported", "revealed", "bond-start"}

// None marks an unset bound (a cost or attack limit, a count's at-most).
const None = -1

// Until says how long an effect lasts.
type Until uint8

// Durations.
const (
	Instant     Until = iota // a permanent skill's effect, or one that happens once
	EndOfTurn                // until the end of the turn
	OpponentEnd              // until the end of the opponent's next turn
	EndOfBattle              // until the end of this battle
)

// UntilNames are the schema's words by Until.
var UntilNames = [...]string{"", "turn", "opponent-turn", "battle"}

// Area filters: where a unit stands.
const (
	AnyArea int8 = iota
	FrontLine
	BackLine
)

// UnitFilter says which units count. Zero fields do not filter.
type UnitFilter struct {
	Other            bool   // not the unit whose skill it is
	Emblem, NoEmblem Emblem // any of; none of
	Colors           []string
	Names, NotNames  []string
	Main, NonMain    bool
	Area             int8
	CostMin, CostMax int8 // CostMax None: no bound
	AtkMin, AtkMax   int16
	Tapped, Untapped bool
	Attacked         bool // it attacked this turn
	SameArea         bool // in the same area as the unit whose skill it is (not that unit)
	ClassChanged     bool
	Levelled         bool // two or more cards in its stack
	AllOf            bool // Emblem and Colors: every one, not any
	Colorless        bool // its symbols are colorless
	Colored          bool // it has a symbol of a color (a face-down bond has none)
	StackMin         int8 // cards in its stack, at least
	SupSkill         bool // its card has a support skill
	Support          int16
	Battle           *InBattle // it is in the battle under way, so
	OtherArea        bool      // not in the area of the unit whose skill it is
}

// InBattle is what a unit in the battle under way does there.
type InBattle struct {
	Role uint8 // AnyRole, AttackingRole, DefendingRole
	Foe  *UnitFilter
	By   *CardFilter // the card supporting it
}

// Roles of a unit in battle.
const (
	AnyRole uint8 = iota
	AttackingRole
	DefendingRole
)

// CardFilter says which cards count.
type CardFilter struct {
	Count            int8
	Emblem           Emblem
	Colors           []string
	Names, NotNames  []string
	CostMin, CostMax int8
	AsMain           bool  // the unit name of its owner's main character
	SupSkill         bool  // it has a support skill
	Support          int16 // its support is this (0: any)
	NoEmblem         Emblem
	NotColors        []string
	NameOf           uint8 // NameOfThat, NameOfThis: the unit name of the skill's chosen units, or its own
	FaceUp, FaceDown bool  // bonds only
	AllOf            bool  // Emblem and Colors: every one, not any
	HandSkill        bool  // a card with a hand skill ("a card that possesses a [CP]")
}

// Whose unit name a card filter asks for.
const (
	NameOfNone uint8 = iota
	NameOfThat       // the units the skill chose (or whose event set it off)
	NameOfThis       // the skill's own unit
)

// Zone is where cards are, for effects that move them: a player's areas,
// and the cards an earlier effect of the skill revealed.
type Zone uint8

// Zones.
const (
	NoZone      Zone = iota
	InHand           // the hand
	InDeck           // the whole deck, searched
	DeckTop          // the top of the deck: its top cards, in order
	DeckBottom       // the bottom of the deck
	InRetreat        // the retreat area
	InBonds          // the bond area
	InOrbs           // the orb area
	Revealed         // the cards an earlier effect of the skill revealed
	OnField          // deployed as a unit
	Under            // stacked under the effect's target (it Growths)
	InBoundless      // the Boundless Area: face up, out of play, not shuffled back
	OnTop            // stacked on top of the effect's target: it levels up (a bond or hand skill's own card)
	InSupport        // the support area: the support card whose skill it is, kept there to the end of the combat
)

// ZoneNames are the schema's words by Zone.
var ZoneNames = [...]string{"", "hand", "deck", "deck-top", "deck-bottom", "retreat", "bonds", "orbs", "revealed", "field", "under", "boundless", "over", "support"}

// Put moves cards from a zone to another.
type Put struct {
	From, To         Zone
	Foe              bool // the opponent's zones
	Count            int8 // 0: every card that matches
	UpTo             bool // the chooser may take fewer
	Of               *CardFilter
	Tapped, FaceDown bool     // deployed tapped; bonded face down
	Area             int8     // deployed in this area only (AnyArea: either)
	AreaOf           []string // deployed only in the area of an ally of one of these unit names
	Shuffle          bool     // the deck is shuffled afterwards
	FoeChooses       bool     // the opponent chooses
	Self             bool     // the card moved is the skill's own card (a bond or hand skill's), from its zone
}

// What an effect's AcquireSkills acquires.
const (
	AcquireNone        uint8 = iota
	AcquireDragonBlood       // every DragonBlood skill of the other allies
	AcquireThatCard          // for the effect's duration, every skill of the card the skill's put moved
)

// AcquireNames are the schema's words by AcquireSkills.
var AcquireNames = [...]string{"", "dragon-blood", "that-card"}

// Flag is a set of things a unit cannot do, or can regardless of range.
type Flag uint16

// Flags an effect gives.
const (
	SkillProof       Flag = 1 << iota // cannot be destroyed by a skill's cost or effect
	NoMove                            // cannot be moved (by the move action or skills)
	NoSkillMove                       // cannot be moved by skills
	NoAttack                          // cannot attack
	Unattackable                      // cannot be attacked
	NoUntap                           // cannot be untapped
	ReachAll                          // can attack any enemy regardless of range
	ReachMain                         // can attack the enemy main character regardless of range
	NoSupportSkills                   // the support skills of the cards supporting it do not come into effect
	CritProof                         // cannot be destroyed by an enemy's critical hit
	NoEnemySkillMove                  // cannot be moved by the skills of its owner's opponent
	EnemySkillProof                   // cannot be destroyed by the effect of its owner's opponent's skills
)

// FlagNames are the schema's words for the flags, by bit.
var FlagNames = [...]string{"skill-proof", "no-move", "no-skill-move", "no-attack", "unattackable", "no-untap", "reach-any", "reach-main", "no-support-skills", "critical-proof", "no-enemy-skill-move", "enemy-skill-proof"}

// Watch is whose event sets an auto skill off: this unit (Self), other
// allies (Ally), enemies (Enemy), each like Of.
type Watch struct {
	Self, Ally, Enemy bool
	Of                *UnitFilter
	Foe               *UnitFilter // the enemy in battle with it is like this
}

// Count is a number of things that match a filter.
type Count struct {
	AtLeast, AtMost  int8  // AtMost None: no bound
	FaceUp, FaceDown bool  // bonds only
	AsMain           bool  // bonds: of the unit name of the owner's main character
	Parity           uint8 // Odd, Even: the number is; 0 any
	Each             bool  // bonds: the bound holds for each emblem and color of Of apart
	Of               *UnitFilter
}

// Parities a Count may ask for.
const (
	AnyParity uint8 = iota
	Odd
	Even
)

// Turns a condition may ask for.
const (
	AnyTurn int8 = iota
	OwnTurn
	TheirTurn
)

// Cond is what must hold: every field set.
type Cond struct {
	Turn                           int8
	Attacking, Defending, Battling *UnitFilter // the enemy in battle with this unit
	Bonds, Allies, Enemies         *Count
	Hand, FoeHand, Orbs            *Count
	Supported                      *CardFilter
	Area                           int8
	SameArea                       *UnitFilter
	MoreHand, LessHand, FewerOrbs  bool
	Untapped                       bool
	Stack                          int8
	Main                           *UnitFilter // its owner's main character
	IsMain, NotMain, ClassChanged  bool
	Self, Trigger                  *UnitFilter
	AlliesAll                      []string
	Outnumber                      bool
	Revealed                       *CardFilter // every card the skill revealed (one at least)
	FoeOrbs, FoeBonds, Retreat     *Count
	Compare                        *Compare
	Used                           []string    // skill names this unit used this turn (any of)
	Power                          *Bound      // this unit's attack
	Tapped, Critical               bool        // this unit is tapped; the attack under way is a critical hit
	BySkill                        uint8       // the event was a skill's doing: BySkillAny, BySkillAlly (its owner's), BySkillEnemy
	UsedTimes                      int8        // Used: this many uses or more in all this turn
	UsedEach                       bool        // Used: each of them (not any), UsedTimes each
	Units, Boundless, FoeBound     *Count      // units on the field (both players'); cards in the Boundless Areas
	NotLevelled                    bool        // this unit's stack is one card
	MainAttacked                   *UnitFilter // its owner's main character is being attacked by a unit like this
	Defender                       *UnitFilter // the unit attacked in the battle under way is an enemy like this
	Chosen                         *UnitFilter // the units the skill chose are like this (one at least)
	RevealedAny                    *CardFilter // one at least of the cards the skill revealed is like this
	ByName                         []string    // ... of a skill of one of these names
	ByOwn, ByOther                 bool        // ... of this unit's own skill; of another ally's (not a support skill)
	ByAttack                       bool        // the event was this unit's attack's doing
	SupportedDestroyed             bool        // a support skill's: the unit its card supports was destroyed in this combat
}

// Whose skill an event must be the doing of (Cond.BySkill).
const (
	BySkillNone uint8 = iota
	BySkillAny
	BySkillAlly
	BySkillEnemy
	BySkillNot // not a skill's doing ("will not trigger if this unit Class Changes by a skill's effect")
)

// Bound is a range of a value; Max None: no bound.
type Bound struct{ Min, Max int16 }

// Compare compares a number of a player's with the opponent's.
type Compare struct {
	Of  uint8 // CompareHand, ...
	Rel uint8 // More, ...
}

// What a Compare counts, and how.
const (
	CompareHand uint8 = iota
	CompareOrbs
	CompareBonds
	CompareUnits
)

// Relations of a Compare.
const (
	More uint8 = iota
	Fewer
	Same
	NotMore
	NotFewer
)

// CompareNames and RelNames are the schema's words.
var (
	CompareNames = [...]string{"hand", "orbs", "bonds", "units"}
	RelNames     = [...]string{"more", "fewer", "same", "not-more", "not-fewer"}
)

// Target is who an effect's operations apply to; nil is the unit whose
// skill it is (for a support skill, the supported unit).
type Target struct {
	Choose     int8 // chosen by the skill's controller
	Any, All   bool // as many as wished; every unit that matches
	Enemy      bool // the side chosen from (false: allies)
	Of         *UnitFilter
	Main, Self bool
	Named      []string
	That, Foe  bool // units chosen earlier by the skill; the enemy in battle
}

// Effect is one effect of a skill (see schema/fecipher #Effect). The
// effects of a skill with the same timing resolve together; the first
// carries the costs.
type Effect struct {
	When Trigger
	// Costs.
	OncePerTurn bool
	OnceUnless  *Cond // not once per turn while this holds
	Reverse     int8  // bonds to flip face down
	ReverseOf   *CardFilter
	Tap         bool
	PayDiscard  *CardFilter
	PayTap      *Target
	DestroySelf bool
	PayDestroy  *Target
	PayBonds    *CardFilter
	PayOrbs     int8
	PayGrowth   *CardFilter // cards stacked from the retreat area under this unit (it Growths)
	PayOrbsUp   int8        // face-down orbs flipped face up
	PayMill     int8        // cards from the top of the deck to the boundless area
	PayReveal   *CardFilter // cards of the hand revealed and placed on top of the deck (chosen)
	PayShow     *CardFilter // cards of the hand revealed (chosen); they stay there
	PayBondsOut bool        // PayBonds to the boundless area
	PayHand     bool        // every card of the hand to the retreat area
	PayBanish   *CardFilter // cards sent from the retreat area to the Boundless Area
	// A bond or hand skill's own card: flipped face down (FlipSelf), or
	// sent from its zone to SendSelf (retreat, boundless, deck-top).
	FlipSelf bool
	SendSelf Zone
	May      bool
	Watch    *Watch // nil: this unit's own event

	IfDone bool // only if the effect before it happened
	If     *Cond
	Target *Target

	Attack                     int16
	Per                        *UnitFilter
	PerStack                   bool        // attack per card stacked under the skill's unit
	PerBonds                   *Count      // attack per bond like this (permanent)
	PerRevealed                *CardFilter // attack per card the skill revealed like this
	Double                     bool
	MinRange, MaxRange         int8 // 0: unchanged
	Acquire                    Emblem
	Unevadable, UnevadableMain bool // UnevadableMain: main characters may still evade
	UnevadableCost             int8 // not 0: enemies costing more may still evade
	NoEvade, NoCritical        bool
	Shielded                   bool
	ShieldCost                 int8 // 0: against any attacker; else attackers of this cost or lower
	BackLine                   bool
	Orbs                       int8
	Flags                      Flag // what it cannot do, or can regardless
	Move, Untap, TapIt         bool
	Send                       Zone        // the target leaves the field: its card to this zone (the cards under it to the retreat area)
	SendFaceDown               bool        // ... placed in the bond area face down
	SendOrdered                bool        // ... on top of the deck, in the order their owner chooses
	TakeMain                   bool        // it becomes its owner's main character
	NoSupport                  *CardFilter // permanent: cards like these fail to support it
	UnattackableBy             *UnitFilter // permanent: enemies like these cannot attack it
	Reach                      *UnitFilter // permanent: it can attack enemies like these regardless of range
	Destroy                    bool
	Until                      Until

	Draw, Discard, FoeDiscard int8
	DrawTo                    int8 // draw until the hand holds this many
	Retrieve                  *CardFilter
	Reveal                    int8 // top cards of the deck revealed for the effects after
	RevealFoe                 bool // ... of the opponent's deck
	Put                       *Put
	DestroyOrbs               int8 // orbs chosen face down, to the retreat area
	OrbsFoe                   bool // ... the opponent's
	SendOrbs                  int8 // orbs chosen face down, sent (not destroyed) to SendOrbsTo
	SendOrbsTo                Zone
	OrbsShown                 bool // ... revealed as they go
	FlipBonds, UnflipBonds    int8 // bonds chosen and flipped face down, face up
	FlipAll                   bool
	FlipOrbs                  int8        // orbs chosen and flipped over
	FlipOrbsUp                int8        // face-down orbs chosen and flipped face up
	FoeDraw                   int8        // cards the opponent draws
	LookOrbs                  int8        // face-down orbs the player looks at (they stay face down, known to their owner)
	LookUpTo, LookAll         bool        // ... or fewer, by choice; all of them
	Lock                      []string    // skill names the player may not use until the end of the turn
	FoeNoDeploy               *CardFilter // permanent: the opponent cannot deploy cards like these
	FoeNoDeployIn             int8        // ... into this line only (AnyArea: either)
	FoeNoOrbs                 bool        // permanent: the opponent cannot add cards to their orbs
	Intercept                 bool        // this unit becomes the attacked unit
	CritAlt, EvadeAlt         bool        // permanent: its costs may be paid instead of a same-name card for this unit's critical hit, evasion
	SupportUp                 int8        // permanent: the support of the card supporting it (when it succeeds) gains this
	NoFlip                    bool        // a bond skill (always): its card, face up, is not flipped face down by a skill's cost or effect
	CritFlip                  bool        // a bond skill (always): an ally's critical hit may be paid by flipping its card face down
	MainName                  bool        // a bond skill (always): its card, face up, has the unit name of its owner's main character too
	// AcquireSkills: skills this unit has besides its own (permanent:
	// AcquireDragonBlood, the DragonBlood skills of the other allies);
	// OnePerName: of the skills it then has with one name, one only.
	AcquireSkills uint8
	AcquireColors []string // permanent, this unit: it is also of these colors
	OnePerName    bool
	// Grant: 1 + the index in the card's Skills of a Granted skill the
	// target has for the effect's duration (0: none).
	Grant int8
	// Keep: a support skill's card stays in the support area to the end
	// of the combat (for a put from InSupport then).
	Keep bool
	// Lose: permanent: the target has no skill of these names, its own or
	// acquired, while the skill holds.
	Lose    []string
	LoseAll bool // ... every skill but its special skills

	Copies, SameName, NoBond bool
	// Special: while If holds, the deployment cost of the card in the hand
	// becomes HandCost (HasHandCost) or is reduced by HandCostLess.
	HasHandCost            bool
	HandCost, HandCostLess int8
	// ... and its class change cost (HasCCCost: becomes CCCost).
	HasCCCost          bool
	CCCost, CCCostLess int8
	// StackOn: the unit names of the allies it may also level up or
	// class change (while If holds).
	StackOn []string
	LevelOn []string // HandCost and HandCostLess only for levelling up units of these unit names
	// Deployment from the hand: only while If holds (DeployOnly), not in
	// the area of allies of these unit names, only in the main character's
	// area, without a face-up bond of its symbol.
	DeployOnly, WithMain, NoSymbol bool
	NotBeside                      []string
	// AlsoNamed: the card's unit name is also these, wherever it is (a
	// special skill: "Treat this card as if its Unit Name is also "Marth"").
	AlsoNamed []string
}

// Skill is a printed skill.
type Skill struct {
	Name        string
	Type        SkillType
	ClassChange bool
	Formation   bool
	DragonBlood bool // a [DB] skill: acquired by allies with an AcquireDragonBlood effect
	Granted     bool // not the card's own: an effect's Grant gives it (after the card's own skills)
	Cost, Text  string
	Effects     []Effect
}

// Printing is one printing of a card.
type Printing struct {
	Set, Number, Rarity string
	Series              int8
}

// Code is the printing's code as printed on it: its number and rarity
// (B01-001 and SR+: B01-001SR+). A deck names a printing by it.
func (p Printing) Code() string { return p.Number + p.Rarity }

// Card is a card. Costs, Attack and Support may be X.
type Card struct {
	ID, Title, Unit, Class string
	Cost                   int8
	Promoted               bool
	Promotion              int8
	Symbols                []int16 `rt:"index=Symbols"` // indexes into Ruleset.Symbols
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
	// Printing is 1 + the index in the card's Printings of the printing the
	// deck names (B01-001SR+), or 0 where it names the card by id. The
	// rules do not look at it: every printing of a card is the card.
	Printing int8
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
