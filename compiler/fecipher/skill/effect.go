// Package skill is Fire Emblem Cipher's skill-text compiler: it reads the
// regular English of printed skills ("Until the end of the turn, this unit
// gains +20 attack.") into effects of the game's vocabulary (schema/fecipher
// #Effect), clause by clause: a timing, costs, conditions, a target and
// operations compose freely, so the grammar is a product of small parts,
// not a list of whole sentences. What it cannot read it reports, with the
// clause's place in the text and its shape (names, numbers and tags
// replaced), so the next grammar rule to write is the most frequent shape.
package skill

// Effect is one effect as content writes it (the #Effect of
// schema/fecipher). The effects of a skill with the same timing resolve
// together, in order: the first carries the skill's costs, once-per-turn
// and "you may"; each has its own conditions, checked when it resolves (the
// first's also decide whether the skill can be used or triggers at all).
type Effect struct {
	When string `yaml:"when"`

	// Costs, paid before anything else.
	OncePerTurn bool        `yaml:"once-per-turn,omitempty"`
	OnceUnless  *Cond       `yaml:"once-per-turn-unless,omitempty"` // ... except while this holds ("this skill loses [Once per Turn]")
	Reverse     int         `yaml:"reverse,omitempty"`              // bonds to flip face down (the player chooses)
	ReverseOf   *CardFilter `yaml:"reverse-of,omitempty"`           // ... of these cards only
	Tap         bool        `yaml:"tap,omitempty"`                  // tap this unit
	PayDiscard  *CardFilter `yaml:"pay-discard,omitempty"`
	PayTap      *Target     `yaml:"pay-tap,omitempty"` // tap other untapped allies (chosen)
	DestroySelf bool        `yaml:"destroy-self,omitempty"`
	PayDestroy  *Target     `yaml:"pay-destroy,omitempty"`         // destroy other allies (chosen)
	PayBonds    *CardFilter `yaml:"pay-bonds,omitempty"`           // send bonds like these to the retreat area (chosen)
	PayOrbs     int         `yaml:"pay-orbs,omitempty"`            // destroy this many of your orbs (chosen, face down)
	PayGrowth   *CardFilter `yaml:"pay-growth,omitempty"`          // stack cards like these from the retreat area under this unit (chosen): it Growths
	PayBanish   *CardFilter `yaml:"pay-banish,omitempty"`          // send cards like these from the retreat area to the Boundless Area (chosen)
	PayOrbsUp   int         `yaml:"pay-orbs-up,omitempty"`         // flip this many of your face-down orbs face up (chosen)
	FlipSelf    bool        `yaml:"flip-self,omitempty"`           // a bond skill: flip this card face down
	SendSelf    string      `yaml:"send-self,omitempty"`           // a bond or hand skill: send this card from its zone to retreat, boundless, deck-top
	PayMill     int         `yaml:"pay-mill,omitempty"`            // send this many cards from the top of your deck to the boundless area
	PayReveal   *CardFilter `yaml:"pay-reveal,omitempty"`          // reveal cards like these from your hand (chosen) and place them on top of your deck
	PayShow     *CardFilter `yaml:"pay-show,omitempty"`            // reveal cards like these from your hand (chosen); they stay in the hand
	PayBondsOut bool        `yaml:"pay-bonds-boundless,omitempty"` // pay-bonds go to the boundless area, not the retreat area
	PayHand     bool        `yaml:"pay-hand,omitempty"`            // send every card of your hand to the retreat area
	May         bool        `yaml:"may,omitempty"`                 // optional: the player decides

	// Watch: whose event sets an auto skill off (absent: this unit's).
	Watch *Watch `yaml:"trigger-of,omitempty"`

	IfDone bool    `yaml:"if-done,omitempty"` // "If you do": only if the effect before it happened
	If     *Cond   `yaml:"if,omitempty"`
	Target *Target `yaml:"target,omitempty"` // absent: this unit (support: the supported unit)

	// Operations on the target.
	Attack        int         `yaml:"attack,omitempty"`
	Per           *UnitFilter `yaml:"per,omitempty"`          // attack is per ally like this
	PerStack      bool        `yaml:"per-stacked,omitempty"`  // attack is per card stacked under this unit (the skill's)
	PerBonds      *Count      `yaml:"per-bond,omitempty"`     // ... per bond like this (permanent)
	PerShown      *CardFilter `yaml:"per-revealed,omitempty"` // ... per card the skill revealed like this (action and auto)
	Double        bool        `yaml:"double,omitempty"`       // its attack is doubled
	Range         *Range      `yaml:"range,omitempty"`
	Acquire       []string    `yaml:"acquire,omitempty,flow"`        // emblems
	AcquireColors []string    `yaml:"acquire-colors,omitempty,flow"` // permanent, this unit: it is also of these colors
	Unevadable    bool        `yaml:"unevadable,omitempty"`          // its attacks cannot be evaded (by non-main enemies when NonMainOnly)
	UnevadableBy  string      `yaml:"unevadable-by,omitempty"`
	UnevCost      int         `yaml:"unevadable-cost,omitempty"` // ... by enemies of this deployment cost or lower
	NoEvade       bool        `yaml:"no-evade,omitempty"`        // it cannot evade
	NoCritical    bool        `yaml:"no-critical,omitempty"`     // it cannot critical hit
	Shielded      bool        `yaml:"indestructible,omitempty"`  // it cannot be destroyed by battle
	ShieldCost    int         `yaml:"shield-cost,omitempty"`     // ... by attacks of enemies of this cost or lower
	BackLine      bool        `yaml:"reach-back-line,omitempty"`
	SkillProof    bool        `yaml:"skill-proof,omitempty"`         // it cannot be destroyed by a skill's cost or effect
	NoMove        bool        `yaml:"no-move,omitempty"`             // it cannot be moved
	NoSkillMove   bool        `yaml:"no-skill-move,omitempty"`       // it cannot be moved by skills
	NoFoeMove     bool        `yaml:"no-enemy-skill-move,omitempty"` // ... by the skills (or support skills) of its owner's opponent
	FoeProof      bool        `yaml:"enemy-skill-proof,omitempty"`   // it cannot be destroyed by the effect of its owner's opponent's skills
	NoAttack      bool        `yaml:"no-attack,omitempty"`
	Unattackable  bool        `yaml:"unattackable,omitempty"`
	NoUntap       bool        `yaml:"no-untap,omitempty"`
	NoSupSkills   bool        `yaml:"no-support-skills,omitempty"` // the support skills of the cards supporting it do not come into effect
	CritProof     bool        `yaml:"critical-proof,omitempty"`    // it cannot be destroyed by an enemy's critical hit
	ReachAll      bool        `yaml:"reach-any,omitempty"`         // it can attack any enemy regardless of range
	ReachMain     bool        `yaml:"reach-main,omitempty"`        // ... the enemy main character
	Orbs          int         `yaml:"orbs,omitempty"`              // its attack destroys this many orbs
	Move          bool        `yaml:"move,omitempty"`
	Untap         bool        `yaml:"untap,omitempty"`
	TapIt         bool        `yaml:"tap-target,omitempty"`
	Destroy       bool        `yaml:"destroy,omitempty"`
	TakeMain      bool        `yaml:"take-main,omitempty"`       // it becomes the main character (the old one an ally)
	NoSupport     *CardFilter `yaml:"no-support,omitempty"`      // permanent: cards like these fail to support it
	ReachOf       *UnitFilter `yaml:"reach,omitempty"`           // permanent: it can attack enemies like these regardless of range
	UnattackBy    *UnitFilter `yaml:"unattackable-by,omitempty"` // permanent: enemies like these cannot attack it
	Send          string      `yaml:"send,omitempty"`            // the target leaves the field to this zone: retreat, boundless, hand, deck-top, deck-bottom, bonds
	SendDown      bool        `yaml:"send-face-down,omitempty"`  // ... face down in the bond area
	SendOrdered   bool        `yaml:"send-ordered,omitempty"`    // ... on top of the deck, in the order their owner chooses
	Until         string      `yaml:"until,omitempty"`           // turn, opponent-turn, battle; absent for permanent skills

	// Operations on the player.
	Draw          int         `yaml:"draw,omitempty"`
	FoeDraw       int         `yaml:"opponent-draw,omitempty"` // the opponent draws this many cards
	DrawTo        int         `yaml:"draw-to,omitempty"`       // draw until the hand holds this many cards
	Discard       int         `yaml:"discard,omitempty"`       // from the hand, chosen
	Retrieve      *CardFilter `yaml:"retrieve,omitempty"`
	FoeDiscard    int         `yaml:"opponent-discard,omitempty"` // the opponent sends cards of their choice from their hand
	Reveal        int         `yaml:"reveal,omitempty"`           // the top cards of the deck, for the effects after
	RevealFoe     bool        `yaml:"reveal-opponent,omitempty"`  // ... of the opponent's deck
	Put           *Put        `yaml:"put,omitempty"`
	DestroyOrbs   int         `yaml:"destroy-orbs,omitempty"`          // chosen (face down) by the player, to the retreat area
	OrbsFoe       bool        `yaml:"opponent-orbs,omitempty"`         // ... of the opponent's orbs
	SendOrbs      int         `yaml:"send-orbs,omitempty"`             // orbs chosen (face down), sent (not destroyed) to SendOrbsTo
	SendOrbsTo    string      `yaml:"send-orbs-to,omitempty"`          // retreat, boundless
	OrbsShown     bool        `yaml:"send-orbs-revealed,omitempty"`    // ... revealed to both players as they go
	FlipBonds     int         `yaml:"flip-bonds,omitempty"`            // face-up bonds chosen and flipped face down
	UnflipBonds   int         `yaml:"unflip-bonds,omitempty"`          // face-down bonds chosen and flipped face up
	FlipAll       bool        `yaml:"flip-all-bonds,omitempty"`        // every bond flipped face down
	FlipOrbs      int         `yaml:"flip-orbs,omitempty"`             // orbs chosen and flipped over (face up, or face down)
	FlipOrbsUp    int         `yaml:"flip-orbs-up,omitempty"`          // face-down orbs chosen and flipped face up
	LookOrbs      int         `yaml:"look-orbs,omitempty"`             // the player looks at this many of their face-down orbs (known to them after)
	LookUpTo      bool        `yaml:"look-up-to,omitempty"`            // ... or fewer: they may stop
	LookAll       bool        `yaml:"look-all-orbs,omitempty"`         // ... at all of them
	Intercept     bool        `yaml:"intercept,omitempty"`             // this unit is attacked instead (of the ally attacked)
	Lock          []string    `yaml:"lock,omitempty,flow"`             // until the end of the turn, the player may not use skills of these names
	FoeNoDeploy   *CardFilter `yaml:"opponent-no-deploy,omitempty"`    // permanent: the opponent cannot deploy cards like these
	FoeNoOrbs     bool        `yaml:"opponent-no-orbs,omitempty"`      // permanent: the opponent cannot add cards to their orbs
	FoeNoDeployIn string      `yaml:"opponent-no-deploy-in,omitempty"` // ... into this line only: front, back
	CritAlt       bool        `yaml:"critical-cost,omitempty"`         // permanent: its costs may be paid instead of a card of this unit's name for its critical hit
	SupportUp     int         `yaml:"support-bonus,omitempty"`         // permanent: the support of the card supporting it (when it succeeds) gains this
	EvadeAlt      bool        `yaml:"evade-cost,omitempty"`            // ... for its evasion
	NoFlip        bool        `yaml:"no-flip,omitempty"`               // a bond skill: this card, face up, cannot be flipped face down by a skill's cost or effect
	CritFlip      bool        `yaml:"critical-flip,omitempty"`         // a bond skill: an ally's critical hit may be paid by flipping this card face down
	MainName      bool        `yaml:"main-name,omitempty"`             // a bond skill: this card, face up, has the unit name of your main character too
	// Skills acquired: "dragon-blood", every [DB] skill of the other allies
	// (permanent); OnePerName: of the skills it then has with one name, one only.
	AcquireSkills string `yaml:"acquire-skills,omitempty"`
	OnePerName    bool   `yaml:"one-per-name,omitempty"`
	// Keep: a support skill's card stays in the support area to the end of
	// the combat ("instead of sending it to the Retreat Area"), for a put
	// from "support" at the end of the combat to place it.
	Keep bool `yaml:"keep,omitempty"`
	// Lose: permanent: the target has no skill of these names (its own or
	// acquired) while the skill holds.
	Lose    []string `yaml:"lose,omitempty,flow"`
	LoseAll bool     `yaml:"lose-all,omitempty"` // ... every skill but its special skills
	// Grant: a skill the target acquires, for the effect's duration.
	Grant *Grant `yaml:"grant,omitempty"`
	// Deck-building and deployment permissions (special skills).
	Copies     bool     `yaml:"copies,omitempty"`          // any number of this card name in a deck
	SameName   bool     `yaml:"same-name,omitempty"`       // deployable beside a unit of its unit name
	NoBond     bool     `yaml:"no-bond,omitempty"`         // cannot be placed in the bond area
	HandCost   *int     `yaml:"hand-cost,omitempty"`       // while its conditions hold, its deployment cost in the hand becomes this
	CostLess   int      `yaml:"hand-cost-less,omitempty"`  // ... or is reduced by this
	CCCost     *int     `yaml:"cc-cost,omitempty"`         // its class change cost becomes this
	CCLess     int      `yaml:"cc-cost-less,omitempty"`    // ... or is reduced by this
	StackOn    []string `yaml:"stack-on,omitempty,flow"`   // it may also level up or class change allies of these unit names
	LevelOn    []string `yaml:"level-on,omitempty,flow"`   // its hand cost only when levelling up allies of these unit names
	DeployOnly bool     `yaml:"deploy-only,omitempty"`     // it can only be deployed while its conditions hold
	NotBeside  []string `yaml:"not-beside,omitempty,flow"` // not deployed in the area of allies of these unit names
	WithMain   bool     `yaml:"with-main,omitempty"`       // deployed only in the main character's area
	NoSymbol   bool     `yaml:"no-symbol,omitempty"`       // deployed without a face-up bond of its symbol
	AlsoNamed  []string `yaml:"also-named,omitempty,flow"` // its unit name is also these, wherever it is
}

// Watch is whose event sets an auto skill off: this unit (Self), other
// allies, enemies, each like Of.
type Watch struct {
	Self  bool        `yaml:"self,omitempty"`
	Ally  bool        `yaml:"ally,omitempty"`
	Enemy bool        `yaml:"enemy,omitempty"`
	Of    *UnitFilter `yaml:"of,omitempty"`
	Foe   *UnitFilter `yaml:"foe,omitempty"` // the enemy in battle with it is like this
}

// Put moves cards from one zone to another: chosen by the player (the
// opponent when Chooser is "opponent") where there is a choice.
type Put struct {
	From     string      `yaml:"from"`               // hand, deck, deck-top, retreat, bonds, revealed, boundless
	To       string      `yaml:"to"`                 // hand, deck (into it: shuffled afterwards), deck-top, deck-bottom, retreat, bonds, orbs, field, under (the target's stack: it Growths)
	Opponent bool        `yaml:"opponent,omitempty"` // the opponent's zones
	Count    int         `yaml:"count,omitempty"`    // absent: every card that matches
	UpTo     bool        `yaml:"up-to,omitempty"`    // the player may take fewer
	Of       *CardFilter `yaml:"of,omitempty"`
	Tapped   bool        `yaml:"tapped,omitempty"`       // deployed tapped
	Area     string      `yaml:"area,omitempty"`         // deployed in this area only: front, back
	AreaOf   []string    `yaml:"area-of,omitempty,flow"` // deployed only in the area of an ally of one of these unit names
	FaceDown bool        `yaml:"face-down,omitempty"`    // placed in the bond area face down
	Shuffle  bool        `yaml:"shuffle,omitempty"`      // the deck is shuffled afterwards
	Chooser  string      `yaml:"chooser,omitempty"`      // opponent: the opponent chooses
	Self     bool        `yaml:"self,omitempty"`         // the card moved is the skill's own card (a bond or hand skill's), from its zone
}

// Range is a range acquired.
type Range struct {
	Min int `yaml:"min"`
	Max int `yaml:"max"`
}

// Cond is what must hold: every field set.
type Cond struct {
	Turn string `yaml:"turn,omitempty"` // mine, theirs
	// SupDestroyed: a support skill's "if your defending unit is
	// destroyed": the unit this card supports was destroyed in this combat.
	SupDestroyed bool        `yaml:"supported-destroyed,omitempty"`
	Attacking    *UnitFilter `yaml:"attacking,omitempty"` // this unit attacks a unit like this
	Defending    *UnitFilter `yaml:"defending,omitempty"` // this unit is attacked by a unit like this
	Bonds        *Count      `yaml:"bonds,omitempty"`     // bonds in the bond area
	Allies       *Count      `yaml:"allies,omitempty"`    // allies on the field (other: not this unit)
	Enemies      *Count      `yaml:"enemies,omitempty"`
	Supported    *CardFilter `yaml:"supported-by,omitempty"` // the card supporting this unit
	Area         string      `yaml:"area,omitempty"`         // front, back: where this unit stands
	SameArea     *UnitFilter `yaml:"same-area,omitempty"`    // an ally like this in this unit's area
	Hand         *Count      `yaml:"hand,omitempty"`
	FoeHand      *Count      `yaml:"opponent-hand,omitempty"`
	MoreHand     bool        `yaml:"more-hand,omitempty"` // more cards in hand than the opponent
	LessHand     bool        `yaml:"less-hand,omitempty"`
	Orbs         *Count      `yaml:"orbs,omitempty"`
	FewerOrbs    bool        `yaml:"fewer-orbs,omitempty"`
	Untapped     bool        `yaml:"untapped,omitempty"` // this unit
	Stack        int         `yaml:"stack,omitempty"`    // cards in this unit's stack, at least
	Main         *UnitFilter `yaml:"main,omitempty"`     // your main character is like this
	IsMain       bool        `yaml:"is-main,omitempty"`  // this unit is the main character
	NotMain      bool        `yaml:"not-main,omitempty"`
	ClassChang   bool        `yaml:"class-changed,omitempty"`
	Battling     *UnitFilter `yaml:"battling,omitempty"`        // this unit is in battle (attacking or attacked) with a unit like this
	AlliesAll    []string    `yaml:"allies-all,omitempty,flow"` // an ally of each of these unit names
	Outnumber    bool        `yaml:"outnumber,omitempty"`       // more allies than enemies
	Self         *UnitFilter `yaml:"self,omitempty"`            // this unit (support: the supported unit) is like this
	Trigger      *UnitFilter `yaml:"trigger-unit,omitempty"`    // the unit whose deployment triggered the skill is like this
	Revealed     *CardFilter `yaml:"revealed,omitempty"`        // the cards the skill revealed are like this (at least one)
	FoeOrbs      *Count      `yaml:"opponent-orbs,omitempty"`
	FoeBonds     *Count      `yaml:"opponent-bonds,omitempty"`
	Retreat      *Count      `yaml:"retreat,omitempty"` // cards in your retreat area
	Compare      *Compare    `yaml:"compare,omitempty"`
	Used         []string    `yaml:"used,omitempty,flow"`  // this unit used a skill of these names this turn
	Power        *Bound      `yaml:"power,omitempty"`      // this unit's attack
	Tapped       bool        `yaml:"tapped,omitempty"`     // this unit is tapped
	Critical     bool        `yaml:"critical,omitempty"`   // the attack under way is a critical hit
	BySkill      string      `yaml:"by-skill,omitempty"`   // the event was a skill's doing: any, ally (a skill of yours), enemy; none: it was not
	UsedTimes    int         `yaml:"used-times,omitempty"` // ... Used this many times or more (in all) this turn
	UsedEach     bool        `yaml:"used-each,omitempty"`  // ... each of Used (not any), so many times
	Units        *Count      `yaml:"units,omitempty"`      // units on the field, both players'
	Boundless    *Count      `yaml:"boundless,omitempty"`  // cards in your Boundless Area
	FoeBound     *Count      `yaml:"opponent-boundless,omitempty"`
	NotLevel     bool        `yaml:"not-levelled,omitempty"`       // this unit's stack is one card (not levelled up or class changed)
	MainAttack   *UnitFilter `yaml:"main-attacked,omitempty"`      // your main character is being attacked by a unit like this
	Defender     *UnitFilter `yaml:"defender,omitempty"`           // the unit attacked in the battle under way is an enemy like this
	Chosen       *UnitFilter `yaml:"chosen,omitempty"`             // the units the skill chose are like this (one at least)
	ShownAny     *CardFilter `yaml:"revealed-any,omitempty"`       // one at least of the cards the skill revealed is like this
	ByName       []string    `yaml:"by-skill-name,omitempty,flow"` // ... of a skill of one of these names
	ByOwn        bool        `yaml:"by-own-skill,omitempty"`       // ... of this unit's own skill
	ByOther      bool        `yaml:"by-other-ally,omitempty"`      // ... of another ally's skill
	ByAttack     bool        `yaml:"by-own-attack,omitempty"`      // the event was this unit's attack's doing
}

// Bound is a range of a value: at least, at most.
type Bound struct {
	AtLeast int  `yaml:"at-least,omitempty"`
	AtMost  *int `yaml:"at-most,omitempty"`
}

// Compare compares a number of yours with your opponent's: more, fewer,
// same, not-more, not-fewer.
type Compare struct {
	Of  string `yaml:"of"`  // hand, orbs, bonds, units
	Rel string `yaml:"rel"` // more, fewer, same, not-more, not-fewer
}

// Count is a number of things that match.
type Count struct {
	FaceUp   bool        `yaml:"face-up,omitempty"`   // bonds: face-up only
	FaceDown bool        `yaml:"face-down,omitempty"` // bonds: face-down only
	AsMain   bool        `yaml:"as-main,omitempty"`   // bonds: of the unit name of your main character
	Parity   string      `yaml:"parity,omitempty"`    // odd, even: the number is
	Each     bool        `yaml:"each,omitempty"`      // bonds: the bound holds for each emblem and color of Of apart
	AtLeast  int         `yaml:"at-least,omitempty"`
	AtMost   *int        `yaml:"at-most,omitempty"`
	Of       *UnitFilter `yaml:"of,omitempty"` // allies, enemies: which; bonds: emblem, color, name
}

// UnitFilter says which units (or, for bonds, cards) count.
type UnitFilter struct {
	Other     bool      `yaml:"other,omitempty"` // not this unit
	Emblem    []string  `yaml:"emblem,omitempty,flow"`
	NoEmb     []string  `yaml:"not-emblem,omitempty,flow"`
	Color     []string  `yaml:"color,omitempty,flow"`
	Name      []string  `yaml:"name,omitempty,flow"`
	NotName   []string  `yaml:"not-name,omitempty,flow"`
	Main      bool      `yaml:"main,omitempty"`
	NonMain   bool      `yaml:"non-main,omitempty"`
	Area      string    `yaml:"area,omitempty"` // front, back
	CostMin   int       `yaml:"cost-min,omitempty"`
	CostMax   *int      `yaml:"cost-max,omitempty"`
	Tapped    bool      `yaml:"tapped,omitempty"`
	Untap     bool      `yaml:"untapped,omitempty"`
	Attacked  bool      `yaml:"attacked,omitempty"`  // it attacked this turn
	SameArea  bool      `yaml:"same-area,omitempty"` // in the same area as this unit
	Changed   bool      `yaml:"class-changed,omitempty"`
	Levelled  bool      `yaml:"levelled-up,omitempty"` // two or more cards in its stack (levelled up, class changed or Growthed)
	AllOf     bool      `yaml:"all-of,omitempty"`      // every emblem and color listed, not any ("who is both <Flier> and <Dragon>")
	AtkMin    int       `yaml:"attack-min,omitempty"`
	AtkMax    *int      `yaml:"attack-max,omitempty"`
	Colorless bool      `yaml:"colorless,omitempty"`     // its symbols are colorless ("Symbol-less")
	Colored   bool      `yaml:"colored,omitempty"`       // it has a symbol of a color ("with a Color"); a face-down bond has none
	StackMin  int       `yaml:"stack-min,omitempty"`     // cards in its stack, at least
	SupSkill  bool      `yaml:"support-skill,omitempty"` // its card has a support skill
	Support   int       `yaml:"support,omitempty"`       // its card's support is this
	Battle    *InBattle `yaml:"in-battle,omitempty"`     // it is in the battle under way, so
	OtherArea bool      `yaml:"other-area,omitempty"`    // not in the area of the unit whose skill it is
}

// InBattle is what a unit in the battle under way is doing there: its role
// (attacking, defending; absent: either), the unit it battles, the card
// supporting it.
type InBattle struct {
	Role string      `yaml:"role,omitempty"`
	Foe  *UnitFilter `yaml:"foe,omitempty"`
	By   *CardFilter `yaml:"supported-by,omitempty"`
}

// CardFilter says which cards (of the hand, the retreat area, the support).
type CardFilter struct {
	Count    int      `yaml:"count,omitempty"`
	Emblem   []string `yaml:"emblem,omitempty,flow"`
	Color    []string `yaml:"color,omitempty,flow"`
	Name     []string `yaml:"name,omitempty,flow"`
	NotName  []string `yaml:"not-name,omitempty,flow"`
	CostMin  int      `yaml:"cost-min,omitempty"`
	CostMax  *int     `yaml:"cost-max,omitempty"`
	AsMain   bool     `yaml:"as-main,omitempty"`         // the unit name of your main character
	NameOf   string   `yaml:"name-of,omitempty"`         // the unit name of that ally (the units chosen, or whose event it was) or this unit
	AllOf    bool     `yaml:"all-of,omitempty"`          // every emblem and color listed, not any ("a card that is both <White> and <Black>")
	HandSk   bool     `yaml:"hand-skill,omitempty"`      // a card with a hand skill ("a card that possesses a [CP]")
	NoEmb    []string `yaml:"not-emblem,omitempty,flow"` // none of these
	NotColor []string `yaml:"not-color,omitempty,flow"`
	SupSkill bool     `yaml:"support-skill,omitempty"` // it has a support skill
	Support  int      `yaml:"support,omitempty"`       // its support is this
	// Bonds only.
	FaceUp   bool `yaml:"face-up,omitempty"`
	FaceDown bool `yaml:"face-down,omitempty"`
}

// Target is who an effect's operations apply to.
type Target struct {
	Choose int         `yaml:"choose,omitempty"` // the controller chooses this many (fewer if fewer match)
	Any    bool        `yaml:"any,omitempty"`    // as many as the controller wishes
	All    bool        `yaml:"all,omitempty"`    // every unit that matches
	Side   string      `yaml:"side,omitempty"`   // ally, enemy
	Of     *UnitFilter `yaml:"of,omitempty"`
	Main   bool        `yaml:"main,omitempty"`       // your main character
	Self   bool        `yaml:"self,omitempty"`       // this unit, beside named allies
	Named  []string    `yaml:"named,omitempty,flow"` // allied units of these unit names
	That   bool        `yaml:"that,omitempty"`       // the units an earlier effect of the skill chose
	Foe    bool        `yaml:"foe,omitempty"`        // the enemy in battle with this unit
}

// Grant is a skill an effect gives ("acquires "Anti-Fliers": ("Anti-Fliers"
// |CONT| ...)"): written out in the text, compiled as a skill of its own.
type Grant struct {
	Name    string   `yaml:"name,omitempty"`
	Type    string   `yaml:"type"` // action, permanent or auto
	Cost    string   `yaml:"cost,omitempty"`
	Text    string   `yaml:"text"`
	Effects []Effect `yaml:"effects"`
}
