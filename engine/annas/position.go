package annas

import (
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// Position is a game's whole state as a designer reads and writes it
// (docs/annas-engine.md, "Positions and actions"): ids instead of indexes,
// tiles by name, decks top first, seats as 0-based indexes. Written by
// Game.Position and read back by Load, it plays on identically.
type Position struct {
	Map      string      `json:"map" yaml:"map" pos:"required"`
	Phase    string      `json:"phase" yaml:"phase" pos:"required"` // mulligan, turn or over
	Turn     int         `json:"turn" yaml:"turn" pos:"required"`
	Current  int         `json:"current" yaml:"current"`                                   // the seat whose turn it is
	Mulligan int         `json:"mulligan,omitempty" yaml:"mulligan,omitempty"`             // phase mulligan: the seat deciding
	MulLeft  int         `json:"mulligans-left,omitempty" yaml:"mulligans-left,omitempty"` // phase mulligan: the decisions left (omitted: one for each seat from mulligan on)
	MaxTurns int         `json:"max-turns,omitempty" yaml:"max-turns,omitempty"`
	ThisTurn TurnPos     `json:"this-turn" yaml:"this-turn"`
	Deck     *[]string   `json:"deck,omitempty" yaml:"deck,omitempty"` // unit cards, top first; omitted: every card not elsewhere, in content order
	Discard  []string    `json:"discard" yaml:"discard"`
	ShopDeck *[]string   `json:"shop-deck,omitempty" yaml:"shop-deck,omitempty"` // omitted: every copy not elsewhere, in content order
	ShopDisc []string    `json:"shop-discard,omitempty" yaml:"shop-discard,omitempty"`
	ShopRow  []string    `json:"shop-row,omitempty" yaml:"shop-row,omitempty"` // "-" for an empty place
	Spent    []string    `json:"spent,omitempty" yaml:"spent,omitempty"`
	VPDeck   *[]int      `json:"vp-deck,omitempty" yaml:"vp-deck,omitempty"` // top first; omitted: the standard deck less the cards players hold
	Players  []PlayerPos `json:"players" yaml:"players" pos:"required"`
	Units    []UnitPos   `json:"units" yaml:"units"`
	Boss     *BossPos    `json:"boss,omitempty" yaml:"boss,omitempty"`       // boss mode
	Summons  []SummonPos `json:"summons,omitempty" yaml:"summons,omitempty"` // boss mode
	Guest    string      `json:"guest,omitempty" yaml:"guest,omitempty"`     // boss mode: the tile of the unit a dancer readied for its owner
	Result   *ResultPos  `json:"result,omitempty" yaml:"result,omitempty"`
	RNG      string      `json:"rng,omitempty" yaml:"rng,omitempty"`             // the random source's state; omitted: seed 0
	InFlight []string    `json:"in-flight,omitempty" yaml:"in-flight,omitempty"` // see Pending
	Pending  *PendingPos `json:"pending,omitempty" yaml:"pending,omitempty"`
}

// TurnPos are the current player's counters for this turn.
type TurnPos struct {
	Deploys      int  `json:"deploys" yaml:"deploys"`
	HasteDeploys int  `json:"haste-deploys" yaml:"haste-deploys"`
	Captures     int  `json:"captures" yaml:"captures"`
	Discards     int  `json:"discards" yaml:"discards"`
	VPOut        bool `json:"vp-out,omitempty" yaml:"vp-out,omitempty"` // the VP deck ran out this turn
}

// PlayerPos is one player's hand and resources.
type PlayerPos struct {
	Hand         []string `json:"hand" yaml:"hand" pos:"required"`
	Shop         []string `json:"shop" yaml:"shop"`
	Coins        int      `json:"coins" yaml:"coins"`
	DV           int      `json:"dv" yaml:"dv"`
	VPTokens     int      `json:"vp-tokens" yaml:"vp-tokens"`
	VPCards      []int    `json:"vp-cards" yaml:"vp-cards"`
	DVTile       string   `json:"dv-tile,omitempty" yaml:"dv-tile,omitempty"` // omitted while in hand
	DVRuins      bool     `json:"dv-ruins,omitempty" yaml:"dv-ruins,omitempty"`
	Lost         int      `json:"lost" yaml:"lost"`
	LostThisTurn int      `json:"lost-this-turn" yaml:"lost-this-turn"`
	Turns        int      `json:"turns" yaml:"turns"` // turns taken
	// Deployed are the units the player deployed in this game, in the
	// order of their first deployment (sim's participants); left out: the
	// player's units on the board. A unit on the board counts whether
	// listed or not.
	Deployed []string `json:"deployed,omitempty" yaml:"deployed,omitempty"`
}

// UnitPos is a deployed unit.
type UnitPos struct {
	Unit       string   `json:"unit" yaml:"unit" pos:"required"`
	Owner      int      `json:"owner" yaml:"owner" pos:"required"`
	Slot       string   `json:"slot" yaml:"slot" pos:"required"` // versus: red, green or blue; boss mode: 1 or 2
	At         string   `json:"at" yaml:"at" pos:"required"`
	Damage     int      `json:"damage" yaml:"damage"`
	Exhausted  bool     `json:"exhausted" yaml:"exhausted"`
	Special    *bool    `json:"special,omitempty" yaml:"special,omitempty"`       // holds its Special token; omitted: as deployed
	Shapestone *bool    `json:"shapestone,omitempty" yaml:"shapestone,omitempty"` // holds its Shapestone token; omitted: as deployed
	Attached   string   `json:"attached,omitempty" yaml:"attached,omitempty"`
	Acts       int      `json:"acts,omitempty" yaml:"acts,omitempty"` // activations this turn
	Mods       []ModPos `json:"mods,omitempty" yaml:"mods,omitempty"`
}

// ModPos is a lasting effect on a unit.
type ModPos struct {
	ATK   int      `json:"atk,omitempty" yaml:"atk,omitempty"`
	SPD   int      `json:"spd,omitempty" yaml:"spd,omitempty"`
	DEF   int      `json:"def,omitempty" yaml:"def,omitempty"`
	MOV   int      `json:"mov,omitempty" yaml:"mov,omitempty"`
	Tags  []string `json:"tags,omitempty" yaml:"tags,omitempty"`
	Until string   `json:"until" yaml:"until" pos:"required"`    // combat, turn-end, next-turn or removed
	By    int      `json:"by" yaml:"by" pos:"required"`          // the seat that applied it
	From  string   `json:"from,omitempty" yaml:"from,omitempty"` // the passive that applied it (skill:UNIT, tag:TAG, attachment:CARD): it does not stack
}

// BossPos is boss mode's boss.
type BossPos struct {
	ID       string      `json:"id" yaml:"id" pos:"required"`
	At       string      `json:"at" yaml:"at" pos:"required"`            // the block's south-west square
	Corners  []CornerPos `json:"corners" yaml:"corners"`                 // in the boss board's order; omitted: unturned, no damage
	Lives    *int        `json:"lives,omitempty" yaml:"lives,omitempty"` // omitted: the boss board's for the player count
	Deck     *[]string   `json:"deck,omitempty" yaml:"deck,omitempty"`   // boss cards, the current card first; omitted: every card not discarded, in content order
	Discard  []string    `json:"discard" yaml:"discard"`
	Turns    int         `json:"turns" yaml:"turns"`       // boss turns taken
	Round    int         `json:"round" yaml:"round"`       // passes through the turn order, 1-based
	OrderAt  int         `json:"order-at" yaml:"order-at"` // the current turn's place in the turn order, -1 before the first
	MaxTurns int         `json:"max-turns,omitempty" yaml:"max-turns,omitempty"`
	Mods     []ModPos    `json:"mods,omitempty" yaml:"mods,omitempty"`
}

// CornerPos is one corner of the boss block: where it stands now and the
// damage on its HP bar.
type CornerPos struct {
	Color  string `json:"color" yaml:"color" pos:"required"` // for people; checked against the boss board
	At     string `json:"at" yaml:"at" pos:"required"`       // nw, ne, se or sw
	Damage int    `json:"damage" yaml:"damage"`
}

// SummonPos is a boss's token or minion on the board.
type SummonPos struct {
	Summon string   `json:"summon" yaml:"summon" pos:"required"`
	At     string   `json:"at" yaml:"at" pos:"required"`
	Damage int      `json:"damage" yaml:"damage"`
	Mods   []ModPos `json:"mods,omitempty" yaml:"mods,omitempty"`
}

var cornerNames = [4]string{"nw", "ne", "se", "sw"}

// ResultPos is the end of a finished game.
type ResultPos struct {
	Winners []int  `json:"winners" yaml:"winners" pos:"required"`
	Reason  string `json:"reason" yaml:"reason" pos:"required"`
}

// PendingPos describes the decision the game waits for inside an action
// (a reaction window, a choice an effect asks for). Such a position is the
// state before that action plus InFlight, the action and the decisions
// taken since; Load replays them. Pending is written for people and
// recomputed on load.
type PendingPos struct {
	Seat     int      `json:"seat" yaml:"seat"`
	Decision string   `json:"decision" yaml:"decision"`
	Options  []string `json:"options" yaml:"options"`
}

var untilNames = [...]string{UntilCombat: "combat", UntilTurnEnd: "turn-end", UntilNextTurn: "next-turn", Permanent: "removed"}

// Position is the game's position (see Position): while a decision is
// pending inside an action, the state before that action and the actions
// since.
func (g *Game) Position() *Position {
	if g.pending != nil {
		c := g.cloneState()
		c.cp = g.cp.fresh()
		c.restore()
		p := c.position()
		p.InFlight = slices.Clone(g.inflight)
		p.Pending = g.pendingPos()
		return p
	}
	return g.position()
}

func (g *Game) position() *Position {
	rs := g.Rules
	units := func(cs []int16) []string {
		out := make([]string, 0, len(cs))
		for _, c := range cs {
			out = append(out, rs.Units[c].ID)
		}
		return out
	}
	shop := func(cs []int16) []string {
		out := make([]string, 0, len(cs))
		for _, c := range cs {
			if c < 0 {
				out = append(out, "-")
			} else {
				out = append(out, rs.ShopCards[c].ID)
			}
		}
		return out
	}
	top := func(cs []int16) []int16 { // stacks draw from the end: top first
		out := slices.Clone(cs)
		slices.Reverse(out)
		return out
	}
	p := &Position{Map: g.mapID(), Turn: g.Turn, Current: g.Current, Discard: units(g.Discard),
		ShopDisc: shop(g.ShopDiscard), ShopRow: shop(g.ShopRow), Spent: shop(g.Spent),
		Players: []PlayerPos{}, Units: []UnitPos{}}
	switch g.Phase {
	case PhaseMulligan:
		p.Phase, p.Mulligan, p.MulLeft = "mulligan", g.Mulligan, g.mulligans
	case PhaseOver:
		p.Phase = "over"
		p.Result = &ResultPos{Winners: g.Winners(), Reason: g.Reason}
	default:
		p.Phase = "turn"
	}
	if g.Boss == nil && g.num.MaxTurns != g.Rules.Rules.Versus.MaxTurns {
		p.MaxTurns = int(g.num.MaxTurns)
	}
	p.ThisTurn = TurnPos{Deploys: g.Deploys, HasteDeploys: g.HasteDeploys, Captures: g.Captures, Discards: g.Discards, VPOut: g.VPOut}
	deck := units(top(g.Deck))
	p.Deck = &deck
	if g.Boss == nil {
		shopDeck := shop(top(g.ShopDeck))
		p.ShopDeck = &shopDeck
		vp := make([]int, 0, len(g.VPDeck))
		for _, v := range g.VPDeck {
			vp = append(vp, int(v))
		}
		p.VPDeck = &vp
	}
	if q := g.guest(); q != nil {
		p.Guest = q.Tile.String()
	}
	for i := range g.Players {
		pl := &g.Players[i]
		pp := PlayerPos{Hand: units(pl.Hand), Shop: shop(pl.Shop), Coins: pl.Coins, DV: pl.DV, VPTokens: pl.VPTokens,
			VPCards: []int{}, DVRuins: pl.DVRuins, Lost: pl.Lost, LostThisTurn: pl.LostTurn, Turns: pl.Turns, Deployed: units(pl.Deployed)}
		for _, v := range pl.VPCards {
			pp.VPCards = append(pp.VPCards, int(v))
		}
		if pl.DVTile != NoTile {
			pp.DVTile = pl.DVTile.String()
		}
		p.Players = append(p.Players, pp)
	}
	for _, q := range g.Pieces {
		switch q.Kind {
		case UnitPiece:
			u := UnitPos{Unit: rs.Units[q.Card].ID, Owner: int(q.Owner), Slot: g.slotName(q.Slot), At: q.Tile.String(),
				Damage: int(q.Damage), Exhausted: q.Exhausted, Special: ptr(q.Special), Shapestone: ptr(q.Shapestone), Acts: int(q.Acts),
				Mods: g.modsPos(q.Mods)}
			if q.Attached >= 0 {
				u.Attached = rs.ShopCards[q.Attached].ID
			}
			p.Units = append(p.Units, u)
		case SummonPiece:
			p.Summons = append(p.Summons, SummonPos{Summon: g.Boss.def.Summons[q.Card].ID, At: q.Tile.String(), Damage: int(q.Damage), Mods: g.modsPos(q.Mods)})
		}
	}
	if b := g.Boss; b != nil {
		lives := b.Lives
		bp := &BossPos{ID: b.def.ID, At: b.piece.Tile.String(), Lives: &lives, Turns: b.Turns, Round: b.Round, OrderAt: b.Pos,
			Discard: []string{}, Mods: g.modsPos(b.piece.Mods)}
		deck := []string{}
		if b.MaxTurns != g.defaultBossTurns() {
			bp.MaxTurns = b.MaxTurns
		}
		for c := range 4 {
			bp.Corners = append(bp.Corners, CornerPos{Color: b.def.Corners[c].Color.String(), At: cornerNames[g.posOf(c)], Damage: int(b.CornerDmg[c])})
		}
		for i := len(b.Deck) - 1; i >= 0; i-- {
			deck = append(deck, rs.BossCards[b.Deck[i]].ID)
		}
		bp.Deck = &deck
		for _, c := range b.Discard {
			bp.Discard = append(bp.Discard, rs.BossCards[c].ID)
		}
		p.Boss = bp
	}
	if b, err := g.src.MarshalBinary(); err == nil {
		p.RNG = hex.EncodeToString(b)
	}
	return p
}

func ptr(b bool) *bool { return &b }

// modsPos writes a piece's lasting effects.
func (g *Game) modsPos(ms []Mod) []ModPos {
	var out []ModPos
	for _, m := range ms {
		mp := ModPos{ATK: int(m.ATK), SPD: int(m.SPD), DEF: int(m.DEF), MOV: int(m.Mov), Until: untilNames[m.Expiry], By: int(m.By), From: g.keyName(m.From)}
		for i := range g.Rules.Tags {
			if m.Tags.Has(i) {
				mp.Tags = append(mp.Tags, g.Rules.Tags[i].ID)
			}
		}
		out = append(out, mp)
	}
	return out
}

// keyName is a passive source key as text: skill:UNIT, tag:TAG or
// attachment:CARD ("" for none).
func (g *Game) keyName(k int32) string {
	rs := g.Rules
	switch {
	case k == 0:
		return ""
	case k >= keyAttachment:
		if i := int(k - keyAttachment); i < len(rs.ShopCards) {
			return "attachment:" + rs.ShopCards[i].ID
		}
	case k >= keyTag:
		if i := int(k - keyTag); i < len(rs.Tags) {
			return "tag:" + rs.Tags[i].ID
		}
	default:
		s := int16(k - keySkill)
		for i := range rs.Units {
			if rs.Units[i].Skill == s {
				return "skill:" + rs.Units[i].ID
			}
		}
	}
	return ""
}

// keyOf reads keyName back; ok is false for an unknown name.
func (g *Game) keyOf(s string) (int32, bool) {
	rs := g.Rules
	kind, id, _ := strings.Cut(s, ":")
	switch kind {
	case "":
		return 0, s == ""
	case "skill":
		if i := rs.UnitIndex(id); i >= 0 && rs.Units[i].Skill >= 0 {
			return keySkill + int32(rs.Units[i].Skill), true
		}
	case "tag":
		if i := rs.TagIndex(id); i >= 0 {
			return keyTag + int32(i), true
		}
	case "attachment":
		if i := rs.ShopIndex(id); i >= 0 {
			return keyAttachment + int32(i), true
		}
	}
	return 0, false
}

// defaultBossTurns is the boss-turn cap a new boss game gets.
func (g *Game) defaultBossTurns() int {
	if n := int(g.Rules.Rules.Boss.MaxTurns); n > 0 {
		return n
	}
	return 200
}

func (g *Game) mapID() string {
	if g.Map < 0 || g.Map >= len(g.Rules.Maps) {
		return ""
	}
	return g.Rules.Maps[g.Map].ID
}

// pendingPos describes the pending decision.
func (g *Game) pendingPos() *PendingPos {
	d := g.pending
	if d == nil {
		return nil
	}
	p := &PendingPos{Seat: d.seat, Decision: d.kind}
	for _, a := range d.options {
		p.Options = append(p.Options, g.Text(a))
	}
	return p
}

// Bounds on a position's counters. Turns are the rules data's (or the
// position's own max-turns, itself at most maxTurnLimit); the rest no rule
// bounds, so each is far above any game and low enough not to overflow.
const (
	maxTurnLimit = 10000 // a position's max-turns
	maxCounter   = 10000 // coins, DV, VP tokens, units lost
	maxActs      = 100   // a unit's activations this turn
	maxMod       = 99    // a lasting effect's stat change, either way
)

// loader builds a game from a decoded position, one field at a time; its
// errors name the field's path, line and column (play.Errorf).
type loader struct {
	rs    *table.Ruleset
	n     *yaml.Node
	p     *Position
	g     *Game
	boss  bool
	seats int      // the seats a mod's "by" may name: the players, and the boss
	seen  []string // where each unit card is
	board TileSet  // the squares pieces stand on
}

func (l *loader) errf(path play.Path, format string, args ...any) error {
	return play.Errorf(l.n, path, format, args...)
}

func (l *loader) unit(id string, path play.Path) (int16, error) {
	if i := l.rs.UnitIndex(id); i >= 0 {
		return int16(i), nil
	}
	return -1, l.errf(path, "unknown unit %s", phrase.Quote(id))
}

func (l *loader) shop(id string, path play.Path) (int16, error) {
	if id == "-" {
		return -1, nil
	}
	if i := l.rs.ShopIndex(id); i >= 0 {
		return int16(i), nil
	}
	return -1, l.errf(path, "unknown shop card %s", phrase.Quote(id))
}

func (l *loader) tile(s string, path play.Path) (Tile, error) {
	t, ok := table.ParseTile(s)
	if !ok {
		return NoTile, l.errf(path, "%s is not a tile (a1 to f6)", phrase.Quote(s))
	}
	return t, nil
}

// place puts unit card c in where: a card is in one place only.
func (l *loader) place(c int16, where string, path play.Path) error {
	if l.seen[c] != "" {
		return l.errf(path, "unit %s is also in %s", l.rs.Units[c].ID, l.seen[c])
	}
	l.seen[c] = where
	return nil
}

// cards reads a list of unit cards that are all in where.
func (l *loader) cards(ids []string, where string, path play.Path) ([]int16, error) {
	out := make([]int16, 0, len(ids))
	for i, id := range ids {
		c, err := l.unit(id, path.With(i))
		if err != nil {
			return nil, err
		}
		if err := l.place(c, where, path.With(i)); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// Load reads a game of mode back from a position's state node (see
// Position). A broken position is an error naming the field and its line.
func Load(rs *table.Ruleset, mode table.Mode, state *yaml.Node) (*Game, error) {
	return loadRecording(rs, mode, state, false)
}

// loadRecording is Load, the game recording events when record; the
// events of the actions in flight are counted as reported.
func loadRecording(rs *table.Ruleset, mode table.Mode, state *yaml.Node, record bool) (*Game, error) {
	var p Position
	if err := play.Decode(state, &p); err != nil {
		return nil, err
	}
	l := &loader{rs: rs, n: state, p: &p, boss: mode == table.BossMode, seen: make([]string, len(rs.Units)),
		g: &Game{Rules: rs, Mode: mode, Winner: -1}}
	for _, check := range []func() error{
		l.mapAndPlayers, l.turns, l.phase, l.thisTurn, l.discard, l.hands, l.resources, l.dvTiles,
		l.bossBlock, l.units, l.slots, l.summons, l.deployed, l.guest, l.ruins, l.deck, l.shopCards, l.vpCards,
		l.result, l.rng,
	} {
		if err := check(); err != nil {
			return nil, err
		}
	}
	g := l.g
	g.record = record
	if err := l.replayInFlight(); err != nil {
		return nil, err
	}
	// The boss's seat is current only once the game is over or while a
	// decision is pending: it never takes a turn of its own.
	if g.Current >= len(g.Players) && g.Phase != PhaseOver && g.pending == nil && g.guest() == nil {
		return nil, l.errf(play.Path{"current"}, "%d is the boss's seat, which never has a turn (players: 0 to %d)", g.Current, len(g.Players)-1)
	}
	g.emitted = len(g.events)
	return g, nil
}

func (l *loader) mapAndPlayers() error {
	rs, g, p := l.rs, l.g, l.p
	g.num = rs.Rules.Versus
	if l.boss {
		g.num = rs.Rules.Boss
	}
	g.Map = rs.MapIndex(p.Map)
	if g.Map < 0 || rs.Maps[g.Map].Mode != g.Mode {
		var ids []string
		for _, m := range rs.Maps {
			if m.Mode == g.Mode {
				ids = append(ids, m.ID)
			}
		}
		return l.errf(play.Path{"map"}, "no %s map %s (maps: %s)", modeName(g.Mode), phrase.Quote(p.Map), strings.Join(ids, ", "))
	}
	n := len(p.Players)
	switch {
	case !l.boss && n != 2:
		return l.errf(play.Path{"players"}, "a versus game has 2 players, not %d", n)
	case l.boss && (n < 2 || n > 4):
		return l.errf(play.Path{"players"}, "a boss game has 2 to 4 players, not %d", n)
	}
	l.seats = n
	if l.boss {
		l.seats++
	}
	g.Players = make([]Player, n)
	for i := range g.Players {
		g.Players[i].Seat = table.Seat(i)
		if l.boss {
			g.Players[i].Seat = bossSeats[n][i]
		}
	}
	return nil
}

// turns: the turn counter within the game's turn limit, and whose turn.
func (l *loader) turns() error {
	g, p := l.g, l.p
	if p.MaxTurns < 0 || p.MaxTurns > maxTurnLimit {
		return l.errf(play.Path{"max-turns"}, "%d is not 1 to %d (0 or left out: the rules data's %d)", p.MaxTurns, maxTurnLimit, g.num.MaxTurns)
	}
	if p.MaxTurns > 0 && !l.boss {
		g.num.MaxTurns = int16(p.MaxTurns)
	}
	if p.Current < 0 || p.Current >= l.seats {
		return l.errf(play.Path{"current"}, "%d is not a seat (0 to %d)", p.Current, l.seats-1)
	}
	// Versus ends when the turn after the limit begins (turn.go); boss
	// mode's turns are bounded by its rounds (bossBlock).
	if limit := int(g.num.MaxTurns) + 1; p.Turn < 0 || !l.boss && limit > 1 && p.Turn > limit {
		return l.errf(play.Path{"turn"}, "%d is not 0 to %d (the game ends after turn %d)", p.Turn, limit, limit-1)
	}
	g.Turn, g.Current = p.Turn, p.Current
	return nil
}

func (l *loader) phase() error {
	g, p := l.g, l.p
	n := len(p.Players)
	switch p.Phase {
	case "mulligan":
		g.Phase = PhaseMulligan
		if p.Mulligan < 0 || p.Mulligan >= n {
			return l.errf(play.Path{"mulligan"}, "%d is not a player's seat", p.Mulligan)
		}
		g.Mulligan = p.Mulligan
		// The mulligans left: as written, else one each from this seat on.
		g.mulligans = n - p.Mulligan
		if p.MulLeft != 0 {
			if p.MulLeft < 1 || p.MulLeft > n*int(max(1, g.num.Mulligans)) {
				return l.errf(play.Path{"mulligans-left"}, "%d is not 1 to %d", p.MulLeft, n*int(max(1, g.num.Mulligans)))
			}
			g.mulligans = p.MulLeft
		}
	case "turn":
		g.Phase = PhaseTurn
	case "over":
		g.Phase = PhaseOver
		if p.Result == nil {
			return l.errf(play.Path{"phase"}, "a finished game needs its result")
		}
		g.Reason = p.Result.Reason
	default:
		return l.errf(play.Path{"phase"}, "unknown phase %s (mulligan, turn or over)", phrase.Quote(p.Phase))
	}
	if p.Phase != "over" && p.Result != nil {
		return l.errf(play.Path{"result"}, "a game in phase %s has no result yet", p.Phase)
	}
	return nil
}

func (l *loader) thisTurn() error {
	t := l.p.ThisTurn
	for _, c := range []struct {
		name string
		v    int
	}{{"deploys", t.Deploys}, {"haste-deploys", t.HasteDeploys}, {"captures", t.Captures}, {"discards", t.Discards}} {
		if c.v < 0 || c.v > maxCounter {
			return l.errf(play.Path{"this-turn", c.name}, "%d is not 0 to %d", c.v, maxCounter)
		}
	}
	g := l.g
	g.Deploys, g.HasteDeploys, g.Captures, g.Discards, g.VPOut = t.Deploys, t.HasteDeploys, t.Captures, t.Discards, t.VPOut
	return nil
}

func (l *loader) discard() error {
	var err error
	l.g.Discard, err = l.cards(l.p.Discard, "the discard pile", play.Path{"discard"})
	return err
}

func (l *loader) hands() error {
	for i := range l.p.Players {
		pp, pl := &l.p.Players[i], &l.g.Players[i]
		var err error
		if pl.Hand, err = l.cards(pp.Hand, fmt.Sprintf("P%d's hand", i+1), play.Path{"players", i, "hand"}); err != nil {
			return err
		}
		if l.boss && len(pp.Shop) > 0 {
			return l.errf(play.Path{"players", i, "shop"}, "boss mode has no shop cards")
		}
		for j, id := range pp.Shop {
			path := play.Path{"players", i, "shop", j}
			c, err := l.shop(id, path)
			if err != nil {
				return err
			}
			if c < 0 {
				return l.errf(path, "not a card")
			}
			pl.Shop = append(pl.Shop, c)
		}
	}
	return nil
}

func (l *loader) resources() error {
	for i := range l.p.Players {
		pp, pl := &l.p.Players[i], &l.g.Players[i]
		path := play.Path{"players", i}
		for _, c := range []struct {
			name string
			v    int
		}{{"coins", pp.Coins}, {"dv", pp.DV}, {"vp-tokens", pp.VPTokens}, {"lost", pp.Lost}, {"lost-this-turn", pp.LostThisTurn}} {
			if c.v < 0 || c.v > maxCounter {
				return l.errf(path.With(c.name), "%d is not 0 to %d", c.v, maxCounter)
			}
		}
		if pp.Turns < 0 || pp.Turns > l.p.Turn {
			return l.errf(path.With("turns"), "%d turns taken, but the game is at turn %d", pp.Turns, l.p.Turn)
		}
		pl.Coins, pl.DV, pl.VPTokens, pl.Lost, pl.LostTurn, pl.DVRuins, pl.Turns = pp.Coins, pp.DV, pp.VPTokens, pp.Lost, pp.LostThisTurn, pp.DVRuins, pp.Turns
		for j, v := range pp.VPCards {
			if v < 0 || v > 127 {
				return l.errf(path.With("vp-cards", j), "%d is not a VP card value", v)
			}
			pl.VPCards = append(pl.VPCards, int8(v))
		}
	}
	return nil
}

func (l *loader) dvTiles() error {
	g := l.g
	for i := range l.p.Players {
		pp, pl := &l.p.Players[i], &g.Players[i]
		pl.DVTile = NoTile
		if pp.DVTile == "" {
			continue
		}
		if l.boss {
			return l.errf(play.Path{"players", i, "dv-tile"}, "boss mode has no DV tiles")
		}
		var err error
		if pl.DVTile, err = l.tile(pp.DVTile, play.Path{"players", i, "dv-tile"}); err != nil {
			return err
		}
	}
	if !l.boss {
		if a, b := g.Players[0].DVTile, g.Players[1].DVTile; a != NoTile && a == b {
			return l.errf(play.Path{"players", 1, "dv-tile"}, "both DV tiles on %s", a)
		}
	}
	return nil
}

// mods reads a piece's lasting effects.
func (l *loader) mods(ms []ModPos, path play.Path) ([]Mod, error) {
	var out []Mod
	for j, mp := range ms {
		at := path.With(j)
		for _, c := range []struct {
			name string
			v    int
		}{{"atk", mp.ATK}, {"spd", mp.SPD}, {"def", mp.DEF}, {"mov", mp.MOV}} {
			if c.v < -maxMod || c.v > maxMod {
				return nil, l.errf(at.With(c.name), "%d is not -%d to %d", c.v, maxMod, maxMod)
			}
		}
		m := Mod{Mods: table.Mods{ATK: int8(mp.ATK), SPD: int8(mp.SPD), DEF: int8(mp.DEF), Mov: int8(mp.MOV)}, By: int8(mp.By)}
		k := slices.Index(untilNames[:], mp.Until)
		if k < 0 {
			return nil, l.errf(at.With("until"), "unknown until %s (combat, turn-end, next-turn or removed)", phrase.Quote(mp.Until))
		}
		m.Expiry = Expiry(k)
		if mp.By < 0 || mp.By >= l.seats {
			return nil, l.errf(at.With("by"), "%d is not a seat (0 to %d)", mp.By, l.seats-1)
		}
		for k, id := range mp.Tags {
			ti := l.rs.TagIndex(id)
			if ti < 0 {
				return nil, l.errf(at.With("tags", k), "unknown tag %s", phrase.Quote(id))
			}
			m.Tags |= 1 << uint(ti)
		}
		from, ok := l.g.keyOf(mp.From)
		if !ok {
			return nil, l.errf(at.With("from"), "unknown passive %s (skill:UNIT, tag:TAG or attachment:CARD)", phrase.Quote(mp.From))
		}
		m.From = from
		out = append(out, m)
	}
	return out, nil
}

// bossBlock reads boss mode's boss first: it holds four squares.
func (l *loader) bossBlock() error {
	p := l.p
	if !l.boss {
		if p.Boss != nil || len(p.Summons) > 0 || p.Guest != "" {
			return l.errf(play.Path{"boss"}, "boss, summons and guest are boss mode's")
		}
		return nil
	}
	if p.Boss == nil {
		return l.errf(play.Path{"boss"}, "a boss game needs its boss")
	}
	if err := l.loadBoss(); err != nil {
		return err
	}
	l.board = l.g.Boss.Squares()
	return nil
}

func (l *loader) units() error {
	rs, g := l.rs, l.g
	for i, up := range l.p.Units {
		path := play.Path{"units", i}
		c, err := l.unit(up.Unit, path.With("unit"))
		if err != nil {
			return err
		}
		if err := l.place(c, "units["+strconv.Itoa(i)+"]", path.With("unit")); err != nil {
			return err
		}
		at, err := l.tile(up.At, path.With("at"))
		if err != nil {
			return err
		}
		if l.board.Has(at) {
			return l.errf(path.With("at"), "two pieces on %s", at)
		}
		l.board = with(l.board, at)
		if up.Owner < 0 || up.Owner >= len(g.Players) {
			return l.errf(path.With("owner"), "%d is not a player's seat", up.Owner)
		}
		u := &rs.Units[c]
		if up.Damage < 0 || up.Damage >= int(u.Stats.HP) {
			return l.errf(path.With("damage"), "%d damage on a unit of %d HP (0 to %d)", up.Damage, u.Stats.HP, u.Stats.HP-1)
		}
		if up.Acts < 0 || up.Acts > maxActs {
			return l.errf(path.With("acts"), "%d activations this turn (0 to %d)", up.Acts, maxActs)
		}
		q := g.place(c, up.Owner, at)
		q.Damage, q.Exhausted, q.Acts = int8(up.Damage), up.Exhausted, int8(up.Acts)
		slot := -1
		for s := range int(g.num.Slots) {
			if g.slotName(int8(s)) == up.Slot {
				slot = s
			}
		}
		if slot < 0 {
			return l.errf(path.With("slot"), "no slot %s", phrase.Quote(up.Slot))
		}
		q.Slot = int8(slot)
		if up.Special != nil {
			q.Special = *up.Special && g.hasSpecial(q)
		}
		if up.Shapestone != nil {
			q.Shapestone = *up.Shapestone && u.HasShapestone
		}
		if up.Attached != "" {
			a, err := l.shop(up.Attached, path.With("attached"))
			if err != nil {
				return err
			}
			if a < 0 || rs.ShopCards[a].Type != table.Attachment {
				return l.errf(path.With("attached"), "not an attachment")
			}
			q.Attached = a
		}
		if q.Mods, err = l.mods(up.Mods, path.With("mods")); err != nil {
			return err
		}
	}
	return nil
}

// slots: one unit per slot and player.
func (l *loader) slots() error {
	g := l.g
	for i, q := range g.Pieces {
		for _, o := range g.Pieces[:i] {
			if q.Kind == UnitPiece && o.Kind == UnitPiece && o.Owner == q.Owner && o.Slot == q.Slot {
				return l.errf(play.Path{"units", slices.Index(g.unitPieces(), q), "slot"}, "slot %s holds two units", g.slotName(q.Slot))
			}
		}
	}
	return nil
}

func (l *loader) summons() error {
	g := l.g
	for i, sp := range l.p.Summons {
		path := play.Path{"summons", i}
		k := slices.IndexFunc(g.Boss.def.Summons, func(s table.Summon) bool { return s.ID == sp.Summon })
		if k < 0 {
			return l.errf(path.With("summon"), "%s has no summon %s", g.Boss.def.ID, phrase.Quote(sp.Summon))
		}
		at, err := l.tile(sp.At, path.With("at"))
		if err != nil {
			return err
		}
		if l.board.Has(at) {
			return l.errf(path.With("at"), "two pieces on %s", at)
		}
		l.board = with(l.board, at)
		sm := &g.Boss.def.Summons[k]
		if sp.Damage < 0 || sp.Damage > 0 && sp.Damage >= int(sm.Stats.HP) {
			return l.errf(path.With("damage"), "%d damage on a summon of %d HP", sp.Damage, sm.Stats.HP)
		}
		if g.SummonCount(k) >= int(sm.Count) {
			return l.errf(path.With("summon"), "more than the %d %s the boss has", sm.Count, sm.ID)
		}
		g.nextID++
		q := &Piece{ID: g.nextID, Kind: SummonPiece, Card: int16(k), Owner: int8(len(g.Players)), Slot: -1, Tile: at, Damage: int8(sp.Damage), Attached: -1}
		if q.Mods, err = l.mods(sp.Mods, path.With("mods")); err != nil {
			return err
		}
		g.Pieces = append(g.Pieces, q)
	}
	return nil
}

// deployed: the units deployed in the game, as listed, and those on the
// board.
func (l *loader) deployed() error {
	g := l.g
	for i := range l.p.Players {
		pl := &g.Players[i]
		for j, id := range l.p.Players[i].Deployed {
			path := play.Path{"players", i, "deployed", j}
			c, err := l.unit(id, path)
			if err != nil {
				return err
			}
			if slices.Contains(pl.Deployed, c) {
				return l.errf(path, "unit %s is listed twice", id)
			}
			pl.Deployed = append(pl.Deployed, c)
		}
	}
	for _, q := range g.Pieces {
		if q.Kind == UnitPiece && !slices.Contains(g.Players[q.Owner].Deployed, q.Card) {
			g.Players[q.Owner].Deployed = append(g.Players[q.Owner].Deployed, q.Card)
		}
	}
	return nil
}

func (l *loader) guest() error {
	if l.p.Guest == "" {
		return nil
	}
	at, err := l.tile(l.p.Guest, play.Path{"guest"})
	if err != nil {
		return err
	}
	q := l.g.PieceAt(at)
	if q == nil || q.Kind != UnitPiece {
		return l.errf(play.Path{"guest"}, "no unit on %s", at)
	}
	l.g.Guest = q.ID
	return nil
}

func (l *loader) ruins() error {
	for i := range l.g.Players {
		if t := l.g.Players[i].DVTile; t != NoTile && l.g.Players[i].DVRuins && l.board.Has(t) {
			return l.errf(play.Path{"players", i, "dv-tile"}, "a unit stands on the ruins at %s", t)
		}
	}
	return nil
}

// deck: the unit deck as given (then every card is somewhere), or every
// card not elsewhere.
func (l *loader) deck() error {
	rs, g := l.rs, l.g
	if l.p.Deck == nil {
		for c := len(rs.Units) - 1; c >= 0; c-- {
			if l.seen[c] == "" {
				g.Deck = append(g.Deck, int16(c))
			}
		}
		return nil
	}
	d, err := l.cards(*l.p.Deck, "the deck", play.Path{"deck"})
	if err != nil {
		return err
	}
	slices.Reverse(d)
	g.Deck = d
	for c, s := range l.seen {
		if s == "" {
			return l.errf(play.Path{"deck"}, "unit %s is nowhere (deck, discard, hands or board)", rs.Units[c].ID)
		}
	}
	return nil
}

// vpCards: the VP cards in the deck and the players' hands are the
// content's VP deck, or part of it (the quick game's).
func (l *loader) vpCards() error {
	if l.boss {
		return nil
	}
	g := l.g
	left := slices.Clone(l.rs.VPDeck.Cards)
	slices.Sort(left)
	take := func(v int8, path play.Path) error {
		k := slices.Index(left, v)
		if k < 0 {
			return l.errf(path, "a VP card of %d is one more than the VP deck holds (%v)", v, l.rs.VPDeck.Cards)
		}
		left = slices.Delete(left, k, k+1)
		return nil
	}
	for i := range g.Players {
		for j, v := range g.Players[i].VPCards {
			if err := take(v, play.Path{"players", i, "vp-cards", j}); err != nil {
				return err
			}
		}
	}
	if l.p.VPDeck == nil {
		g.VPDeck = left
		return nil
	}
	for i, v := range *l.p.VPDeck {
		path := play.Path{"vp-deck", i}
		if v < 0 || v > 127 {
			return l.errf(path, "%d is not a VP card value", v)
		}
		if err := take(int8(v), path); err != nil {
			return err
		}
		g.VPDeck = append(g.VPDeck, int8(v))
	}
	return nil
}

func (l *loader) result() error {
	g := l.g
	if g.Phase != PhaseOver {
		return nil
	}
	n := len(g.Players)
	path := play.Path{"result", "winners"}
	w := l.p.Result.Winners
	switch {
	case l.boss && len(w) == 1 && w[0] == n:
		g.Boss.Result, g.Winner = BossWins, n
	case l.boss && len(w) == n:
		for i, s := range w {
			if s != i {
				return l.errf(path, "the players win together: list every player's seat")
			}
		}
		g.Boss.Result = PlayersWin
	case l.boss:
		return l.errf(path, "the boss's seat or every player's")
	case len(w) == 0:
	case len(w) == 1 && w[0] >= 0 && w[0] < 2:
		g.Winner = w[0]
	default:
		return l.errf(path, "a versus game has one winner or none")
	}
	return nil
}

func (l *loader) rng() error {
	g := l.g
	g.src = rand.NewPCG(0, 0x9e3779b97f4a7c15)
	if l.p.RNG != "" {
		b, err := hex.DecodeString(l.p.RNG)
		if err == nil {
			err = g.src.UnmarshalBinary(b)
		}
		if err != nil {
			return l.errf(play.Path{"rng"}, "not a random state written by this engine")
		}
	}
	g.rng = rand.New(g.src)
	return nil
}

func modeName(m table.Mode) string {
	if m == table.BossMode {
		return "boss-mode"
	}
	return "versus"
}

// unitPieces are the game's units in board order.
func (g *Game) unitPieces() []*Piece {
	var out []*Piece
	for _, q := range g.Pieces {
		if q.Kind == UnitPiece {
			out = append(out, q)
		}
	}
	return out
}

// loadBoss reads boss mode's boss.
func (l *loader) loadBoss() error {
	rs, g := l.rs, l.g
	bp, n := l.p.Boss, len(g.Players)
	bi := rs.BossIndex(bp.ID)
	if bi < 0 {
		var ids []string
		for _, b := range rs.Bosses {
			ids = append(ids, b.ID)
		}
		return l.errf(play.Path{"boss", "id"}, "no boss %s (bosses: %s)", phrase.Quote(bp.ID), strings.Join(ids, ", "))
	}
	def := &rs.Bosses[bi]
	at, err := l.tile(bp.At, play.Path{"boss", "at"})
	if err != nil {
		return err
	}
	if !ValidBossTile(at) {
		return l.errf(play.Path{"boss", "at"}, "a block with its south-west square on %s does not fit the board", at)
	}
	lives := int(def.Lives[n])
	if bp.Lives != nil {
		lives = *bp.Lives
	}
	if lives < 0 || lives > int(def.Lives[n]) {
		return l.errf(play.Path{"boss", "lives"}, "%d lives (0 to %d for %d players)", lives, def.Lives[n], n)
	}
	b := &BossState{Index: bi, def: def, Lives: lives, Turns: bp.Turns, Round: max(1, bp.Round), Pos: bp.OrderAt}
	b.Order = TurnOrder(n, int(rs.Rules.BossEvery[n]))
	if b.Pos < -1 || b.Pos >= len(b.Order) {
		return l.errf(play.Path{"boss", "order-at"}, "not a place in the turn order (-1 to %d)", len(b.Order)-1)
	}
	if bp.MaxTurns < 0 || bp.MaxTurns > maxTurnLimit {
		return l.errf(play.Path{"boss", "max-turns"}, "%d is not 1 to %d (0 or left out: the rules data's %d)", bp.MaxTurns, maxTurnLimit, g.defaultBossTurns())
	}
	b.MaxTurns = g.defaultBossTurns()
	if bp.MaxTurns > 0 {
		b.MaxTurns = bp.MaxTurns
	}
	// The boss wins when its turns reach the cap; every round has a boss
	// turn, so rounds and turns are bounded by it too.
	if bp.Turns < 0 || bp.Turns > b.MaxTurns {
		return l.errf(play.Path{"boss", "turns"}, "%d is not 0 to %d (the boss wins at its turn %d)", bp.Turns, b.MaxTurns, b.MaxTurns)
	}
	if bp.Round < 0 || bp.Round > b.MaxTurns+1 {
		return l.errf(play.Path{"boss", "round"}, "%d is not 1 to %d (each round has a boss turn, and the boss wins at its turn %d)", bp.Round, b.MaxTurns+1, b.MaxTurns)
	}
	if last := b.Round * len(b.Order); l.p.Turn > last {
		return l.errf(play.Path{"turn"}, "%d, but round %d ends with turn %d", l.p.Turn, b.Round, last)
	}
	if bp.Corners == nil {
		for c := range 4 {
			bp.Corners = append(bp.Corners, CornerPos{Color: def.Corners[c].Color.String(), At: cornerNames[c]})
		}
	}
	if len(bp.Corners) != 4 {
		return l.errf(play.Path{"boss", "corners"}, "a boss has 4 corners, not %d", len(bp.Corners))
	}
	used := [4]bool{}
	for c, cp := range bp.Corners {
		path := play.Path{"boss", "corners", c}
		pos := slices.Index(cornerNames[:], cp.At)
		if pos < 0 || used[pos] {
			return l.errf(path.With("at"), "%s is not a free position (nw, ne, se, sw)", phrase.Quote(cp.At))
		}
		used[pos] = true
		b.Rot[pos] = int8(c)
		if cp.Color != def.Corners[c].Color.String() {
			return l.errf(path.With("color"), "%s's corner %d is %s", def.ID, c+1, def.Corners[c].Color)
		}
		if cp.Damage < 0 || cp.Damage > int(def.Corners[c].HP) {
			return l.errf(path.With("damage"), "%d damage on a bar of %d", cp.Damage, def.Corners[c].HP)
		}
		b.CornerDmg[c] = int8(cp.Damage)
	}
	card := func(ids []string, path play.Path) ([]int16, error) {
		var out []int16
		for i, id := range ids {
			k := slices.IndexFunc(def.Cards, func(c int16) bool { return rs.BossCards[c].ID == id })
			if k < 0 {
				return nil, l.errf(path.With(i), "%s has no card %s", def.ID, phrase.Quote(id))
			}
			out = append(out, def.Cards[k])
		}
		return out, nil
	}
	if b.Discard, err = card(bp.Discard, play.Path{"boss", "discard"}); err != nil {
		return err
	}
	if bp.Deck != nil {
		if b.Deck, err = card(*bp.Deck, play.Path{"boss", "deck"}); err != nil {
			return err
		}
	} else {
		for _, c := range def.Cards {
			if !slices.Contains(b.Discard, c) {
				b.Deck = append(b.Deck, c)
			}
		}
	}
	slices.Reverse(b.Deck)
	all := slices.Concat(b.Deck, b.Discard)
	slices.Sort(all)
	want := slices.Clone(def.Cards)
	slices.Sort(want)
	if !slices.Equal(all, want) {
		return l.errf(play.Path{"boss", "deck"}, "the deck and discard hold each of %s's %d cards once", def.ID, len(def.Cards))
	}
	if len(b.Deck) == 0 {
		return l.errf(play.Path{"boss", "deck"}, "the deck needs its current card")
	}
	g.Boss = b
	g.nextID++
	b.piece = &Piece{ID: g.nextID, Kind: BossPiece, Card: -1, Owner: int8(n), Slot: -1, Tile: at, Attached: -1}
	if b.piece.Mods, err = l.mods(bp.Mods, play.Path{"boss", "mods"}); err != nil {
		return err
	}
	g.Pieces = append(g.Pieces, b.piece)
	return nil
}

// shopCards reads versus's shop: each card in as many places as it has
// copies; the deck as given, or every copy not elsewhere.
func (l *loader) shopCards() error {
	rs, g, p := l.rs, l.g, l.p
	if g.Boss != nil {
		if len(p.ShopDisc)+len(p.ShopRow)+len(p.Spent) > 0 || p.ShopDeck != nil && len(*p.ShopDeck) > 0 || p.VPDeck != nil && len(*p.VPDeck) > 0 {
			return l.errf(play.Path{"shop-deck"}, "boss mode has no shop and no VP cards")
		}
		return nil
	}
	shops := func(ids []string, path play.Path) ([]int16, error) {
		out := make([]int16, 0, len(ids))
		for i, id := range ids {
			c, err := l.shop(id, path.With(i))
			if err != nil {
				return nil, err
			}
			out = append(out, c)
		}
		return out, nil
	}
	var err error
	if g.ShopDiscard, err = shops(p.ShopDisc, play.Path{"shop-discard"}); err != nil {
		return err
	}
	if len(p.ShopRow) > int(g.num.ShopRow) {
		return l.errf(play.Path{"shop-row"}, "%d places; the shop row has %d", len(p.ShopRow), g.num.ShopRow)
	}
	if g.ShopRow, err = shops(p.ShopRow, play.Path{"shop-row"}); err != nil {
		return err
	}
	if g.Spent, err = shops(p.Spent, play.Path{"spent"}); err != nil {
		return err
	}
	for _, z := range []struct {
		name string
		cs   []int16
	}{{"shop-discard", g.ShopDiscard}, {"spent", g.Spent}} {
		if k := slices.Index(z.cs, -1); k >= 0 {
			return l.errf(play.Path{z.name, k}, `"-" is only for an empty place of the shop row`)
		}
	}
	second := rs.Rules.SecondPlayer // dealt to the second player, not in the deck
	copies := func(c int16) int {
		if c == second {
			return max(int(rs.ShopCards[c].Copies), 1)
		}
		return int(rs.ShopCards[c].Copies)
	}
	left := make([]int, len(rs.ShopCards)) // copies not yet placed
	for i := range left {
		left[i] = copies(int16(i))
	}
	count := func(c int16, path play.Path) error {
		if c < 0 {
			return nil
		}
		if left[c]--; left[c] < 0 {
			return l.errf(path, "shop card %s is in more places than its %d copies", rs.ShopCards[c].ID, copies(c))
		}
		return nil
	}
	for _, z := range []struct {
		path play.Path
		cs   []int16
	}{{play.Path{"shop-discard"}, g.ShopDiscard}, {play.Path{"shop-row"}, g.ShopRow}, {play.Path{"spent"}, g.Spent},
		{play.Path{"players", 0, "shop"}, g.Players[0].Shop}, {play.Path{"players", 1, "shop"}, g.Players[1].Shop}} {
		for k, c := range z.cs {
			if err := count(c, z.path.With(k)); err != nil {
				return err
			}
		}
	}
	for i, q := range g.unitPieces() {
		if err := count(q.Attached, play.Path{"units", i, "attached"}); err != nil {
			return err
		}
	}
	if p.ShopDeck != nil {
		d, err := shops(*p.ShopDeck, play.Path{"shop-deck"})
		if err != nil {
			return err
		}
		for k, c := range d {
			if c < 0 {
				return l.errf(play.Path{"shop-deck", k}, `"-" is only for an empty place of the shop row`)
			}
			if err := count(c, play.Path{"shop-deck", k}); err != nil {
				return err
			}
		}
		slices.Reverse(d)
		g.ShopDeck = d
		return nil
	}
	if !g.num.Shop {
		return nil
	}
	if second >= 0 {
		left[second] = 0 // dealt, never drawn
	}
	for c := len(left) - 1; c >= 0; c-- {
		for range left[c] {
			g.ShopDeck = append(g.ShopDeck, int16(c))
		}
	}
	return nil
}

// replayInFlight applies a position's in-flight actions: the action that
// was under way and the decisions taken in it.
func (l *loader) replayInFlight() error {
	g, texts := l.g, l.p.InFlight
	for i, s := range texts {
		path := play.Path{"in-flight", i}
		legal := g.LegalActions()
		k := slices.IndexFunc(legal, func(a Action) bool { return g.Text(a) == play.Normalize(s) })
		if k < 0 {
			return l.errf(path, "%s is not legal here", phrase.Quote(s))
		}
		if err := g.Apply(legal[k]); err != nil {
			return l.errf(path, "%v", err)
		}
		if g.pending == nil && i < len(texts)-1 {
			return l.errf(path, "%s ends its action; only its decisions may follow", phrase.Quote(s))
		}
	}
	if len(texts) > 0 && g.pending == nil {
		return l.errf(play.Path{"in-flight"}, "the actions end with no decision pending; write the position after them instead")
	}
	return nil
}
