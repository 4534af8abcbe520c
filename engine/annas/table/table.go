// Package table defines the compiled tables of Anna's Roundtable: the
// contract between the compiler and the rules engine. Plain data, no logic
// beyond tiny accessors.
//
// Conventions: an index field (int16) is -1 when absent; enums are small
// integer types whose zero value is the YAML default; every id is resolved
// to an index into the matching Ruleset slice. Index and tag-set fields
// carry a struct tag naming that slice (rt:"index=Tags", rt:"bits=Tags"), so
// that generated code shows the ids beside the numbers (compiler/emit).
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

// Tile is a board square: File + 6*Rank, both 0-based, so a1 = 0, f1 = 5,
// a2 = 6, f6 = 35. Rank 0 is the south edge (the first player's side).
type Tile int8

// NoTile marks an absent tile.
const NoTile Tile = -1

// BoardSize is the side of the square board.
const BoardSize = 6

// TileAt returns the tile at 0-based file and rank.
func TileAt(file, rank int) Tile { return Tile(file + BoardSize*rank) }

// File is the 0-based file (a = 0).
func (t Tile) File() int { return int(t) % BoardSize }

// Rank is the 0-based rank (rank 1 = 0).
func (t Tile) Rank() int { return int(t) / BoardSize }

func (t Tile) String() string {
	if t < 0 || t >= BoardSize*BoardSize {
		return "-"
	}
	return string([]byte{byte('a' + t.File()), byte('1' + t.Rank())})
}

// TileSet is a set of tiles as bits (bit t set means tile t).
type TileSet uint64

// Has reports whether tile t is in the set.
func (s TileSet) Has(t Tile) bool { return t >= 0 && t < 64 && s&(1<<uint(t)) != 0 }

// Seat is an edge of the board a player sits at.
type Seat uint8

// Seats. The 1v1 game uses South (first player) and North.
const (
	South Seat = iota
	North
	West
	East
)

// Seats is the number of seats.
const Seats = 4

// Mode is a game mode.
type Mode uint8

// Modes.
const (
	Versus   Mode = iota // the 1v1 game
	BossMode             // co-op against a boss
)

// Tag is a unit tag.
type Tag struct {
	ID, Name string
	Category TagCategory
	Text     string
	// Effectiveness: ATK bonus in combat against units with tag index
	// EffAgainst (-1 when not an effectiveness tag).
	EffAgainst int16 `rt:"index=Tags"`
	EffATK     int8
	// What the tag does: assist tags have Activate effects (the assist
	// action), passive tags have triggered or Always effects.
	Effects []Effect
}

// Terrain is a kind of map tile.
type Terrain struct {
	ID, Name   string
	Glyph      string
	Stop       bool   // entering ends movement
	Blocks     TagSet `rt:"bits=Tags"` // tags that cannot enter
	IgnoredBy  TagSet `rt:"bits=Tags"` // tags that ignore Stop and Blocks, even alongside a blocked tag
	Impassable bool   // nobody enters (Ruins), ignored-by does not help
	WorkCoins  int8   // coins from Work here (1 on ordinary tiles)
	WorkDV     int8   // Dragon Vein from Work here
	Capture    bool   // the Capture action may be taken here (castles)
	Text       string
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
	Tags            TagSet `rt:"bits=Tags"`
	Skill           int16  `rt:"index=Skills"` // index into Ruleset.Skills, -1 for none
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
	Reaction bool // specials only: fired by its trigger, not as the unit action
	Text     string
	Effects  []Effect
}

// Trigger says when an effect applies. Effects of assists, specials, items
// and boss cards use Activate (the moment they are used or flipped);
// reaction specials and reaction shop cards use an event trigger.
type Trigger uint8

// Triggers. The comment says which units the trigger lets an effect see:
// "foe" is the other unit of the combat (TargetFoe, foe conditions),
// "trigger" is the unit the event is about (TargetTrigger).
const (
	Always       Trigger = iota // continuously, while If holds (passives, attachments)
	InCombat                    // during a combat this unit fights; sees foe
	StartOfTurn                 // at the start of its controller's turn (boss: of the boss turn)
	OnDeploy                    // when this unit is deployed
	AfterCombat                 // after a combat this unit fought and survived; sees foe
	OnDefeat                    // when this unit is defeated; sees foe (the defeater) when in combat
	Activate                    // when used as an action, played or flipped
	BeforeCombat                // before the first strike of a combat this unit fights; sees foe
	OnKill                      // when this unit defeats a foe (the foe is gone)
	// Event triggers, for reactions and conditional passives. Effect.About
	// says whose events count and how near.
	WouldBeDefeated // a unit would be reduced to 0 HP; sees trigger (that unit) and foe
	Attacked        // a unit is attacked, before the strikes; sees trigger (the attacked) and foe (the attacker)
	Defeated        // a unit was defeated (it is gone: no trigger unit)
	Moved           // a unit ended a move; sees trigger
	Deployed        // a unit was deployed; sees trigger
	Captured        // a castle was captured; sees trigger (the capturer)
	Damaged         // a unit took damage and survived; sees trigger
	StartOfBossTurn // boss mode: at the start of each boss turn (summons' and tokens' effects)
)

// TriggerCount is the number of triggers.
const TriggerCount = int(StartOfBossTurn) + 1

// Side says whose units count, relative to the effect's controller. For a
// boss, allies are its summons and enemies are the players' units.
type Side uint8

// Sides. New sides go last: generated tables store the numbers.
const (
	SideSelf Side = iota
	SideAlly
	SideEnemy
	SideAny
	// SideOwn is the units the controller controls ("units you control").
	// In boss mode SideAlly is every player's units and SideOwn only the
	// controller's (rulebook VIII, Clarifications); in 1v1 and for the boss
	// they are the same set.
	SideOwn
)

// Scope narrows an event trigger to the units it watches. SideAlly and
// SideOwn never include the source itself; SideAny does.
type Scope struct {
	Side   Side // SideSelf: only the source itself
	Within int8 // distance from the source, 0 = anywhere
}

// TargetKind says what an effect acts on.
type TargetKind uint8

// Target kinds.
const (
	TargetSelf     TargetKind = iota // the source: the unit with the skill/tag, the attached unit, the boss
	TargetFoe                        // the other unit of the current combat
	TargetTrigger                    // the unit the trigger is about
	TargetOne                        // one unit of Side within Within, chosen by the controller
	TargetAll                        // every unit of Side within Within (the boss counts once)
	TargetPlayer                     // the controller (resources, cards)
	TargetOpponent                   // the opposing player (in boss mode: none)
)

// Target is what an effect acts on.
type Target struct {
	Kind        TargetKind
	Side        Side  // TargetOne/TargetAll: ally, own, enemy or any
	Within      int8  // TargetOne/TargetAll: distance from the source, 0 = anywhere
	Tag         int16 `rt:"index=Tags"` // only units with this tag, -1 = any
	IncludeSelf bool  // ally/own targets may pick the source itself
}

// Op is what an effect does. Exactly one per effect.
type Op uint8

// Ops and the Effect fields they read.
const (
	OpNone          Op = iota
	OpModify           // Mods to the target for Duration
	OpHeal             // restore N HP (not above max)
	OpDamage           // deal N damage; NonLethal leaves at least 1 HP
	OpMove             // the target moves up to N spaces (Straight: one direction), obeying terrain
	OpPush             // the target slides N spaces directly away from the source
	OpPull             // the target slides N spaces directly toward the source
	OpSwap             // source and target trade places
	OpReposition       // the target is placed on any open tile adjacent to the source
	OpGrab             // swap, or the source steps 1 and the target takes its former tile
	OpReady            // the target becomes ready
	OpExhaust          // the target becomes exhausted
	OpGrant            // the target gains tag Tag for Duration
	OpCoins            // the target player gains N Anna Coins (negative: loses, never below 0)
	OpDV               // the target player gains N Dragon Vein
	OpVP               // the target player gains N VP tokens
	OpDraw             // the target player draws N cards (hand may exceed its size until refilled)
	OpDiscard          // the target player discards N cards of their choice
	OpPreventDefeat    // the target survives with N HP instead
	OpNoCounter        // the combatant opposing the controller cannot counter attack this combat
	OpNoFollowUp       // the combatant opposing the controller cannot follow up this combat
	OpFollowUp         // the target makes a follow-up regardless of SPD (if in range)
	OpRefresh          // the target regains its Special Ability token
	OpSummon           // boss: place N of summon Summon at rolled (X, Y)
	OpDestroy          // remove one token of summon Summon within Target.Within
	OpBossHeal         // boss: remove N damage from the target corner's HP bar
)

// OpCount is the number of ops.
const OpCount = int(OpBossHeal) + 1

// Duration says how long a Modify or Grant lasts.
type Duration uint8

// Durations.
const (
	ForWhile     Duration = iota // while the trigger and conditions hold (Always/InCombat)
	ForInstant                   // no lasting effect (heal, damage, move...)
	ForCombat                    // until the end of the current or next combat
	ForTurn                      // until the end of the current turn
	ForNextTurn                  // until the start of the controller's next turn
	ForPermanent                 // until the unit leaves the board
)

// Mods are stat changes.
type Mods struct {
	ATK, SPD, DEF, Mov int8
}

// CondKind is one condition an effect requires.
type CondKind uint8

// Conditions; the Cond fields they read.
const (
	CondNear       CondKind = iota // at least N units of Side within Within (1 = adjacent) of the source
	CondAlone                      // no unit of Side within Within of the source
	CondFoeTag                     // the foe has tag Tag (needs a trigger that sees a foe)
	CondFoeColor                   // the foe's color is Color
	CondFoeNoTag                   // the foe lacks tag Tag
	CondHPAtMost                   // the source has at most N HP
	CondHPAtLeast                  // the source has at least N HP
	CondHPFull                     // the source has taken no damage
	CondOnTerrain                  // the source stands on terrain Terrain
	CondMoreUnits                  // its controller has more units deployed than an opponent
	CondFewerUnits                 // its controller has fewer units deployed than an opponent
	CondInitiating                 // the source started the combat
	CondDefending                  // the source was attacked
	CondShapestone                 // the source holds its Shapestone token
	CondRoll                       // a die roll of at least N (rolled when the effect fires)
	CondMode                       // the game mode is Mode
	CondDistance                   // the combat is fought at distance N
	CondTriggerTag                 // the trigger unit has tag Tag
)

// CondCount is the number of condition kinds.
const CondCount = int(CondTriggerTag) + 1

// Cond is one condition; all of an effect's conditions must hold.
type Cond struct {
	Kind    CondKind
	Side    Side
	Within  int8
	N       int8
	Tag     int16 `rt:"index=Tags"` // -1 when unused
	Color   Color
	Terrain int16 `rt:"index=Terrain"` // -1 when unused
	Mode    Mode
}

// Effect is one entry of the effect vocabulary: when it fires, what must
// hold, what it acts on and the one thing it does.
type Effect struct {
	When      Trigger
	About     Scope // event triggers: whose events count
	If        []Cond
	Target    Target
	Op        Op
	Mods      Mods     // OpModify
	N         int8     // amount: HP, damage, spaces, coins, DV, VP, cards
	NonLethal bool     // OpDamage
	Straight  bool     // OpMove
	Tag       int16    `rt:"index=Tags"` // OpGrant: tag index; -1 otherwise
	Summon    int16    // OpSummon/OpDestroy: index into the boss's Summons; -1 otherwise
	Duration  Duration // OpModify/OpGrant
}

// Map is a board layout.
type Map struct {
	ID, Name string
	Mode     Mode
	Tiles    [BoardSize * BoardSize]uint8 // terrain index per Tile
	Deploy   [Seats]TileSet               // deployment zone per seat; empty if the seat is unused
	Castles  TileSet                      // tiles whose terrain allows Capture
}

// Corner is one quarter of a boss's 2x2 tile.
type Corner struct {
	Color Color
	HP    int8
}

// Corner positions of a boss tile, clockwise from north-west. Rotating the
// boss 90° clockwise moves the corner at NW to NE, NE to SE, and so on.
const (
	NW = iota
	NE
	SE
	SW
)

// SummonKind says whether a summon is a token or a minion.
type SummonKind uint8

// Summon kinds.
const (
	Token  SummonKind = iota // an object: blocks its tile, never targeted by enemy effects
	Minion                   // a boss unit with stats that fights
)

// Summon is a token or minion a boss can place.
type Summon struct {
	ID, Name string
	Kind     SummonKind
	Color    Color
	Stats    Stats
	Range    RangeSet
	Mov      int8
	Tags     TagSet `rt:"bits=Tags"`
	Count    int8   // how many exist; none are summoned when all are out
	Text     string
	Effects  []Effect // source = the summon
}

// Occupied says what happens when a summon's rolled tile is taken.
type Occupied uint8

// Occupied rules.
const (
	OccupiedReroll  Occupied = iota // roll again (give up after 6 tries)
	OccupiedNearest                 // the nearest open tile, ties toward the south-west
	OccupiedDamage                  // no summon; the unit there takes OccupiedN damage
	OccupiedSkip                    // nothing is summoned
)

// EndKind is a machine-readable win or lose condition.
type EndKind uint8

// End conditions.
const (
	EndLivesZero   EndKind = iota // the boss has no lives left
	EndSummons                    // at least N of summon Summon are on the board
	EndBossTurns                  // the boss has taken N turns
	EndBossReaches                // the boss block covers a tile of rank N (1-based; 1 = south edge)
	EndNoUnits                    // every player has no unit deployed at the end of a boss turn
)

// EndCond is a win or lose condition with its printed wording.
type EndCond struct {
	Kind   EndKind
	N      int8
	Summon int16 // -1 when unused
	Text   string
}

// BossAction is a boss-specific unit action the players may take.
type BossAction struct {
	Name, Text string
	Effects    []Effect
}

// Boss is a boss board.
type Boss struct {
	ID, Name    string
	Text        string
	Corners     [4]Corner // indexed by NW, NE, SE, SW
	Lives       [5]int8   // by player count; indexes 2..4 are used
	StartOfTurn []Effect  // step 1 of each boss turn; source = the boss
	Summons     []Summon
	Occupied    Occupied
	OccupiedN   int8
	Actions     []BossAction
	Win, Lose   []EndCond
	Cards       []int16 `rt:"index=BossCards"` // indexes into Ruleset.BossCards, in content order
}

// BossCard is one card of a boss deck.
type BossCard struct {
	ID, Name string
	Boss     int16 `rt:"index=Bosses"` // index into Ruleset.Bosses
	Stats    Stats // ATK, SPD, DEF (HP unused)
	Range    RangeSet
	Tags     TagSet `rt:"bits=Tags"`
	Text     string
	Effects  []Effect // resolved when the card is flipped (Activate); source = the boss
	// Move is the mini-map: the destination of the boss block's south-west
	// square for die rolls 1..6 (index roll-1).
	Move [6]Tile
}

// ShopType is the kind of a shop card.
type ShopType uint8

// Shop card types.
const (
	Item ShopType = iota
	Reaction
	Attachment
)

// ShopCard is a card of Anna's Shop deck.
type ShopCard struct {
	ID, Name string
	Cost     int8
	Type     ShopType
	Copies   int8
	Text     string
	// Reactions: the event that allows playing it (copied to each effect's When).
	Trigger Trigger
	About   Scope
	// Items and reactions: Activate/trigger effects resolved once. Attachments:
	// effects whose source is the unit it is attached to.
	Effects []Effect
}

// VPDeck is the Victory Point card deck.
type VPDeck struct {
	Cards       []int8 // values, smallest first (the top of the deck)
	QuickRemove int8   // the quick game removes this many of the largest
}

// Tiebreak decides a tied 1v1 game.
type Tiebreak uint8

// Tiebreaks, tried in order; if all tie, the game is a draw.
const (
	TieMoreVPCards  Tiebreak = iota // more VP cards (castle captures) wins
	TieFewerLost                    // fewer own units defeated wins
	TieSecondPlayer                 // the second player wins
)

// EndTiming says when a game-ending event ends the game.
type EndTiming uint8

// End timings.
const (
	EndOfTurn   EndTiming = iota // at the end of the turn the event happened in
	Immediately                  // at once
)

// ModeRules are the numbers of one mode's procedures. A cost of -1 means the
// action is not available in that mode.
type ModeRules struct {
	HandSize        int8 // cards in hand, refilled after deploy and discard
	MulliganMax     int8 // cards the one setup mulligan may discard
	Mulligans       int8 // how many setup mulligans
	Slots           int8 // unit slots on the player board
	DeploysPerTurn  int8
	MaxLegendary    int8 // legendary units deployed at once
	MaxGray         int8 // gray units deployed at once
	DistinctColors  bool // no two deployed units of one color (boss mode)
	CoinsPerTurn    int8 // start of turn
	DVPerTurn       int8 // start of turn
	DiscardCost     int8 // coins per discard after the free ones
	FreeDiscards    int8 // free discards per turn
	DiscardsPerTurn int8 // 0 = unlimited
	GrayShiftCost   int8 // -1: no shifting
	RetireCost      int8 // -1: no retire
	RetireDV        int8
	WorkCoins       int8 // on ordinary tiles
	WorkDV          int8
	CapturesPerTurn int8 // 0: no capture
	CaptureVPCards  int8 // VP cards the capturer takes
	CaptureDV       int8 // DV the other player gains
	VPPerDefeat     int8
	VPPerLegendary  int8
	DVOnLoss        int8 // DV when your unit is defeated
	DVOnLaterLoss   int8 // ... when it is not your first loss this turn
	DVOnLegendLoss  int8 // ... when the defeated unit is legendary (boss: 0)
	DVTiles         int8 // DV map tiles each player gets at setup
	DVMoveTile      int8 // move/flip the DV map tile; -1 none
	DVBump          int8 // bump any unit 1 tile; -1 none
	DVHasteDeploy   int8 // extra deploy with haste
	DVMoveUnit      int8 // move an own unit up to DVMoveSpaces in a cardinal line; -1 none
	DVMoveSpaces    int8
	DVRemoveUnit    int8 // remove an own unit; -1 none
	Shop            bool // shop cards and coins are used
	ShopRow         int8 // cards face down in Anna's Shop
	// Ending (1v1): the game ends when the VP deck is empty, at EndAt; the
	// most VP (tokens + card values) wins, then Tiebreaks, else a draw.
	// MaxTurns ends it the same way after that many turns in all (0 = none).
	EndAt     EndTiming
	Tiebreaks []Tiebreak
	MaxTurns  int16
}

// Rules are every number the procedures use.
type Rules struct {
	Versus, Boss ModeRules
	HasteTag     int16   `rt:"index=Tags"`      // tag granted by the DV haste deploy
	DVPlain      int16   `rt:"index=Terrain"`   // terrain of the DV map tile's plain side
	DVRuins      int16   `rt:"index=Terrain"`   // terrain of its ruins side
	SecondPlayer int16   `rt:"index=ShopCards"` // shop card given to the second player at setup (Anna's Cheer), -1 none
	BossStart    Tile    // south-west square of the boss block at setup
	BossEvery    [5]int8 // boss turns after every N player turns, by player count
}

// Ruleset is the whole compiled content of Anna's Roundtable.
type Ruleset struct {
	Tags      []Tag
	Terrain   []Terrain
	Units     []Unit
	Skills    []Skill
	Maps      []Map
	Bosses    []Boss
	BossCards []BossCard
	ShopCards []ShopCard
	VPDeck    VPDeck
	Rules     Rules
}

// Index returns the position of the entity with id among a slice of ids, or -1.
func find(n int, id func(int) string, want string) int {
	for i := 0; i < n; i++ {
		if id(i) == want {
			return i
		}
	}
	return -1
}

// UnitIndex returns the index of unit id, or -1.
func (r *Ruleset) UnitIndex(id string) int {
	return find(len(r.Units), func(i int) string { return r.Units[i].ID }, id)
}

// TagIndex returns the index of tag id, or -1.
func (r *Ruleset) TagIndex(id string) int {
	return find(len(r.Tags), func(i int) string { return r.Tags[i].ID }, id)
}

// TerrainIndex returns the index of terrain id, or -1.
func (r *Ruleset) TerrainIndex(id string) int {
	return find(len(r.Terrain), func(i int) string { return r.Terrain[i].ID }, id)
}

// MapIndex returns the index of map id, or -1.
func (r *Ruleset) MapIndex(id string) int {
	return find(len(r.Maps), func(i int) string { return r.Maps[i].ID }, id)
}

// BossIndex returns the index of boss id, or -1.
func (r *Ruleset) BossIndex(id string) int {
	return find(len(r.Bosses), func(i int) string { return r.Bosses[i].ID }, id)
}

// ShopIndex returns the index of shop card id, or -1.
func (r *Ruleset) ShopIndex(id string) int {
	return find(len(r.ShopCards), func(i int) string { return r.ShopCards[i].ID }, id)
}

// ParseTile reads a tile name such as "c4"; ok is false for anything else.
func ParseTile(s string) (Tile, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'f' || s[1] < '1' || s[1] > '6' {
		return NoTile, false
	}
	return TileAt(int(s[0]-'a'), int(s[1]-'1')), true
}
