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
	"github.com/roundtable-dev/roundtable/engine/play/quote"
)

// Position is a game's whole state as a designer reads and writes it
// (docs/annas-engine.md, "Positions and actions"): ids instead of indexes,
// tiles by name, decks top first, seats as 0-based indexes. Written by
// Game.Position and read back by Load, it plays on identically.
type Position struct {
	Map      string      `json:"map" yaml:"map"`
	Phase    string      `json:"phase" yaml:"phase"` // mulligan, turn or over
	Turn     int         `json:"turn" yaml:"turn"`
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
	Players  []PlayerPos `json:"players" yaml:"players"`
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
	Hand         []string `json:"hand" yaml:"hand"`
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
	Unit       string   `json:"unit" yaml:"unit"`
	Owner      int      `json:"owner" yaml:"owner"`
	Slot       string   `json:"slot" yaml:"slot"` // versus: red, green or blue; boss mode: 1 or 2
	At         string   `json:"at" yaml:"at"`
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
	Until string   `json:"until" yaml:"until"`                   // combat, turn-end, next-turn or removed
	By    int      `json:"by" yaml:"by"`                         // the seat that applied it
	From  string   `json:"from,omitempty" yaml:"from,omitempty"` // the passive that applied it (skill:UNIT, tag:TAG, attachment:CARD): it does not stack
}

// BossPos is boss mode's boss.
type BossPos struct {
	ID       string      `json:"id" yaml:"id"`
	At       string      `json:"at" yaml:"at"`                           // the block's south-west square
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
	Color  string `json:"color" yaml:"color"` // for people; checked against the boss board
	At     string `json:"at" yaml:"at"`       // nw, ne, se or sw
	Damage int    `json:"damage" yaml:"damage"`
}

// SummonPos is a boss's token or minion on the board.
type SummonPos struct {
	Summon string   `json:"summon" yaml:"summon"`
	At     string   `json:"at" yaml:"at"`
	Damage int      `json:"damage" yaml:"damage"`
	Mods   []ModPos `json:"mods,omitempty" yaml:"mods,omitempty"`
}

var cornerNames = [4]string{"nw", "ne", "se", "sw"}

// ResultPos is the end of a finished game.
type ResultPos struct {
	Winners []int  `json:"winners" yaml:"winners"`
	Reason  string `json:"reason" yaml:"reason"`
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

// posErr is a problem at a path of a position's state, with the line of
// the value when it can be found.
type posErr struct {
	path []any
	msg  string
}

func perr(msg string, path ...any) *posErr { return &posErr{path: path, msg: msg} }

func (e *posErr) at(root *yaml.Node) error {
	var b strings.Builder
	for i, p := range e.path {
		switch v := p.(type) {
		case int:
			fmt.Fprintf(&b, "[%d]", v)
		default:
			if i > 0 {
				b.WriteByte('.')
			}
			fmt.Fprint(&b, v)
		}
	}
	return play.PosError(nodeAt(root, e.path), "%s: %s", b.String(), e.msg)
}

// nodeAt is the node at path (keys and list indexes) under n, or nil.
func nodeAt(n *yaml.Node, path []any) *yaml.Node {
	for n != nil && n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	for _, p := range path {
		if n == nil {
			return nil
		}
		switch v := p.(type) {
		case int:
			if n.Kind != yaml.SequenceNode || v >= len(n.Content) {
				return n
			}
			n = n.Content[v]
		case string:
			var next *yaml.Node
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == v {
					next = n.Content[i+1]
				}
			}
			if next == nil {
				return n
			}
			n = next
		}
	}
	return n
}

// loader resolves a position's ids against a ruleset.
type loader struct {
	rs *table.Ruleset
}

func (l *loader) unit(id string, path ...any) (int16, *posErr) {
	for i := range l.rs.Units {
		if l.rs.Units[i].ID == id {
			return int16(i), nil
		}
	}
	return -1, perr(fmt.Sprintf("unknown unit %s", quote.Quote(id)), path...)
}

func (l *loader) shop(id string, path ...any) (int16, *posErr) {
	if id == "-" {
		return -1, nil
	}
	for i := range l.rs.ShopCards {
		if l.rs.ShopCards[i].ID == id {
			return int16(i), nil
		}
	}
	return -1, perr(fmt.Sprintf("unknown shop card %s", quote.Quote(id)), path...)
}

func (l *loader) tag(id string, path ...any) (int, *posErr) {
	for i := range l.rs.Tags {
		if l.rs.Tags[i].ID == id {
			return i, nil
		}
	}
	return -1, perr(fmt.Sprintf("unknown tag %s", quote.Quote(id)), path...)
}

func tileOf(s string, path ...any) (Tile, *posErr) {
	t, ok := table.ParseTile(s)
	if !ok {
		return NoTile, perr(fmt.Sprintf("%s is not a tile (a1 to f6)", quote.Quote(s)), path...)
	}
	return t, nil
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
	g, e := load(rs, mode, &p)
	if e != nil {
		return nil, e.at(state)
	}
	g.record = record
	if err := g.replayInFlight(p.InFlight); err != nil {
		return nil, err
	}
	g.emitted = len(g.events)
	return g, nil
}

func load(rs *table.Ruleset, mode table.Mode, p *Position) (*Game, *posErr) {
	l := &loader{rs: rs}
	g := &Game{Rules: rs, Mode: mode, Winner: -1}
	boss := mode == table.BossMode
	g.num = rs.Rules.Versus
	if boss {
		g.num = rs.Rules.Boss
	}
	g.Map = rs.MapIndex(p.Map)
	if g.Map < 0 || rs.Maps[g.Map].Mode != mode {
		var ids []string
		for _, m := range rs.Maps {
			if m.Mode == mode {
				ids = append(ids, m.ID)
			}
		}
		return nil, perr(fmt.Sprintf("no %s map %s (maps: %s)", modeName(mode), quote.Quote(p.Map), strings.Join(ids, ", ")), "map")
	}
	n := len(p.Players)
	switch {
	case !boss && n != 2:
		return nil, perr(fmt.Sprintf("a versus game has 2 players, not %d", n), "players")
	case boss && (n < 2 || n > 4):
		return nil, perr(fmt.Sprintf("a boss game has 2 to 4 players, not %d", n), "players")
	}
	seats := n // the seats a mod's "by" may name: the players, and the boss
	if boss {
		seats++
	}
	if p.MaxTurns < 0 {
		return nil, perr("negative", "max-turns")
	}
	if p.MaxTurns > 0 && !boss {
		g.num.MaxTurns = int16(p.MaxTurns)
	}
	if p.Current < 0 || p.Current >= seats {
		return nil, perr("not a seat", "current")
	}
	if p.Turn < 0 {
		return nil, perr("negative", "turn")
	}
	g.Turn, g.Current = p.Turn, p.Current
	g.Players = make([]Player, n)
	for i := range g.Players {
		g.Players[i].Seat = table.Seat(i)
		if boss {
			g.Players[i].Seat = bossSeats[n][i]
		}
	}
	switch p.Phase {
	case "mulligan":
		g.Phase = PhaseMulligan
		if p.Mulligan < 0 || p.Mulligan >= n {
			return nil, perr("not a player's seat", "mulligan")
		}
		g.Mulligan = p.Mulligan
		// The mulligans left: as written, else one each from this seat on.
		g.mulligans = n - p.Mulligan
		if p.MulLeft > 0 {
			g.mulligans = p.MulLeft
		}
	case "turn":
		g.Phase = PhaseTurn
	case "over":
		g.Phase = PhaseOver
		if p.Result == nil {
			return nil, perr("a finished game needs its result", "phase")
		}
		g.Reason = p.Result.Reason
	default:
		return nil, perr(fmt.Sprintf("unknown phase %s (mulligan, turn or over)", quote.Quote(p.Phase)), "phase")
	}
	t := p.ThisTurn
	if t.Deploys < 0 || t.HasteDeploys < 0 || t.Captures < 0 || t.Discards < 0 {
		return nil, perr("negative counter", "this-turn")
	}
	g.Deploys, g.HasteDeploys, g.Captures, g.Discards, g.VPOut = t.Deploys, t.HasteDeploys, t.Captures, t.Discards, t.VPOut

	seen := make([]string, len(rs.Units)) // where each unit card is
	place := func(c int16, where string, path ...any) *posErr {
		if seen[c] != "" {
			return perr(fmt.Sprintf("unit %s is also in %s", rs.Units[c].ID, seen[c]), path...)
		}
		seen[c] = where
		return nil
	}
	cards := func(ids []string, where string, path ...any) ([]int16, *posErr) {
		out := make([]int16, 0, len(ids))
		for i, id := range ids {
			c, e := l.unit(id, append(path, i)...)
			if e != nil {
				return nil, e
			}
			if e := place(c, where, append(path, i)...); e != nil {
				return nil, e
			}
			out = append(out, c)
		}
		return out, nil
	}
	var e *posErr
	if g.Discard, e = cards(p.Discard, "the discard pile", "discard"); e != nil {
		return nil, e
	}
	for i := range p.Players {
		pp := &p.Players[i]
		pl := &g.Players[i]
		if pl.Hand, e = cards(pp.Hand, fmt.Sprintf("P%d's hand", i+1), "players", i, "hand"); e != nil {
			return nil, e
		}
		if boss && len(pp.Shop) > 0 {
			return nil, perr("boss mode has no shop cards", "players", i, "shop")
		}
		for j, id := range pp.Shop {
			c, e := l.shop(id, "players", i, "shop", j)
			if e != nil || c < 0 {
				if e == nil {
					e = perr("not a card", "players", i, "shop", j)
				}
				return nil, e
			}
			pl.Shop = append(pl.Shop, c)
		}
		if pp.Coins < 0 || pp.DV < 0 || pp.VPTokens < 0 || pp.Lost < 0 || pp.LostThisTurn < 0 || pp.Turns < 0 {
			return nil, perr("negative resources", "players", i)
		}
		pl.Coins, pl.DV, pl.VPTokens, pl.Lost, pl.LostTurn, pl.DVRuins, pl.Turns = pp.Coins, pp.DV, pp.VPTokens, pp.Lost, pp.LostThisTurn, pp.DVRuins, pp.Turns
		for j, v := range pp.VPCards {
			if v < 0 || v > 127 {
				return nil, perr("not a VP card value", "players", i, "vp-cards", j)
			}
			pl.VPCards = append(pl.VPCards, int8(v))
		}
		pl.DVTile = NoTile
		if pp.DVTile != "" {
			if boss {
				return nil, perr("boss mode has no DV tiles", "players", i, "dv-tile")
			}
			if pl.DVTile, e = tileOf(pp.DVTile, "players", i, "dv-tile"); e != nil {
				return nil, e
			}
		}
	}
	if !boss {
		if a, b := g.Players[0].DVTile, g.Players[1].DVTile; a != NoTile && a == b {
			return nil, perr("both DV tiles on "+a.String(), "players", 1, "dv-tile")
		}
	}
	mods := func(ms []ModPos, path ...any) ([]Mod, *posErr) {
		var out []Mod
		for j, mp := range ms {
			m := Mod{Mods: table.Mods{ATK: int8(mp.ATK), SPD: int8(mp.SPD), DEF: int8(mp.DEF), Mov: int8(mp.MOV)}, By: int8(mp.By)}
			k := slices.Index(untilNames[:], mp.Until)
			if k < 0 {
				return nil, perr(fmt.Sprintf("unknown until %s (combat, turn-end, next-turn or removed)", quote.Quote(mp.Until)), append(path, j, "until")...)
			}
			m.Expiry = Expiry(k)
			if mp.By < 0 || mp.By >= seats {
				return nil, perr("not a seat", append(path, j, "by")...)
			}
			for k, id := range mp.Tags {
				ti, e := l.tag(id, append(path, j, "tags", k)...)
				if e != nil {
					return nil, e
				}
				m.Tags |= 1 << uint(ti)
			}
			from, ok := g.keyOf(mp.From)
			if !ok {
				return nil, perr(fmt.Sprintf("unknown passive %s (skill:UNIT, tag:TAG or attachment:CARD)", quote.Quote(mp.From)), append(path, j, "from")...)
			}
			m.From = from
			out = append(out, m)
		}
		return out, nil
	}
	var occupied TileSet
	// The boss first: it holds four squares.
	if boss {
		if p.Boss == nil {
			return nil, perr("a boss game needs its boss", "boss")
		}
		if e := g.loadBoss(l, p, n, mods); e != nil {
			return nil, e
		}
		occupied = g.Boss.Squares()
	} else if p.Boss != nil || len(p.Summons) > 0 || p.Guest != "" {
		return nil, perr("boss, summons and guest are boss mode's", "boss")
	}
	for i, up := range p.Units {
		c, e := l.unit(up.Unit, "units", i, "unit")
		if e != nil {
			return nil, e
		}
		if e := place(c, "units["+strconv.Itoa(i)+"]", "units", i, "unit"); e != nil {
			return nil, e
		}
		at, e := tileOf(up.At, "units", i, "at")
		if e != nil {
			return nil, e
		}
		if occupied.Has(at) {
			return nil, perr("two pieces on "+at.String(), "units", i, "at")
		}
		occupied = with(occupied, at)
		if up.Owner < 0 || up.Owner >= n {
			return nil, perr("not a player's seat", "units", i, "owner")
		}
		u := &rs.Units[c]
		if up.Damage < 0 || up.Damage >= int(u.Stats.HP) {
			return nil, perr(fmt.Sprintf("%d damage on a unit of %d HP (0 to %d)", up.Damage, u.Stats.HP, u.Stats.HP-1), "units", i, "damage")
		}
		q := g.place(c, up.Owner, at)
		q.Damage, q.Exhausted, q.Acts = int8(up.Damage), up.Exhausted, int8(max(0, min(up.Acts, 100)))
		slot := -1
		for s := range int(g.num.Slots) {
			if g.slotName(int8(s)) == up.Slot {
				slot = s
			}
		}
		if slot < 0 {
			return nil, perr(fmt.Sprintf("no slot %s", quote.Quote(up.Slot)), "units", i, "slot")
		}
		q.Slot = int8(slot)
		if up.Special != nil {
			q.Special = *up.Special && g.hasSpecial(q)
		}
		if up.Shapestone != nil {
			q.Shapestone = *up.Shapestone && u.HasShapestone
		}
		if up.Attached != "" {
			a, e := l.shop(up.Attached, "units", i, "attached")
			if e != nil || a < 0 || rs.ShopCards[a].Type != table.Attachment {
				if e == nil {
					e = perr("not an attachment", "units", i, "attached")
				}
				return nil, e
			}
			q.Attached = a
		}
		if q.Mods, e = mods(up.Mods, "units", i, "mods"); e != nil {
			return nil, e
		}
	}
	// Slots: one unit per slot and player.
	for i, q := range g.Pieces {
		for _, o := range g.Pieces[:i] {
			if q.Kind == UnitPiece && o.Kind == UnitPiece && o.Owner == q.Owner && o.Slot == q.Slot {
				return nil, perr("slot "+g.slotName(q.Slot)+" holds two units", "units", slices.Index(g.unitPieces(), q), "slot")
			}
		}
	}
	for i, sp := range p.Summons {
		k := slices.IndexFunc(g.Boss.def.Summons, func(s table.Summon) bool { return s.ID == sp.Summon })
		if k < 0 {
			return nil, perr(fmt.Sprintf("%s has no summon %s", g.Boss.def.ID, quote.Quote(sp.Summon)), "summons", i, "summon")
		}
		at, e := tileOf(sp.At, "summons", i, "at")
		if e != nil {
			return nil, e
		}
		if occupied.Has(at) {
			return nil, perr("two pieces on "+at.String(), "summons", i, "at")
		}
		occupied = with(occupied, at)
		sm := &g.Boss.def.Summons[k]
		if sp.Damage < 0 || sp.Damage > 0 && sp.Damage >= int(sm.Stats.HP) {
			return nil, perr(fmt.Sprintf("%d damage on a summon of %d HP", sp.Damage, sm.Stats.HP), "summons", i, "damage")
		}
		if g.SummonCount(k) >= int(sm.Count) {
			return nil, perr(fmt.Sprintf("more than the %d %s the boss has", sm.Count, sm.ID), "summons", i, "summon")
		}
		g.nextID++
		q := &Piece{ID: g.nextID, Kind: SummonPiece, Card: int16(k), Owner: int8(n), Slot: -1, Tile: at, Damage: int8(sp.Damage), Attached: -1}
		if q.Mods, e = mods(sp.Mods, "summons", i, "mods"); e != nil {
			return nil, e
		}
		g.Pieces = append(g.Pieces, q)
	}
	// The units deployed in the game: as listed, and those on the board.
	for i := range p.Players {
		pl := &g.Players[i]
		for j, id := range p.Players[i].Deployed {
			c, e := l.unit(id, "players", i, "deployed", j)
			if e != nil {
				return nil, e
			}
			if slices.Contains(pl.Deployed, c) {
				return nil, perr(fmt.Sprintf("unit %s is listed twice", id), "players", i, "deployed", j)
			}
			pl.Deployed = append(pl.Deployed, c)
		}
	}
	for _, q := range g.Pieces {
		if q.Kind == UnitPiece && !slices.Contains(g.Players[q.Owner].Deployed, q.Card) {
			g.Players[q.Owner].Deployed = append(g.Players[q.Owner].Deployed, q.Card)
		}
	}
	if p.Guest != "" {
		at, e := tileOf(p.Guest, "guest")
		if e != nil {
			return nil, e
		}
		q := g.PieceAt(at)
		if q == nil || q.Kind != UnitPiece {
			return nil, perr("no unit on "+at.String(), "guest")
		}
		g.Guest = q.ID
	}
	for i := range g.Players {
		if t := g.Players[i].DVTile; t != NoTile && g.Players[i].DVRuins && occupied.Has(t) {
			return nil, perr("a unit stands on the ruins at "+t.String(), "players", i, "dv-tile")
		}
	}
	// The unit deck: as given, or every card not elsewhere.
	if p.Deck != nil {
		d, e := cards(*p.Deck, "the deck", "deck")
		if e != nil {
			return nil, e
		}
		slices.Reverse(d)
		g.Deck = d
		for c, s := range seen {
			if s == "" {
				return nil, perr(fmt.Sprintf("unit %s is nowhere (deck, discard, hands or board)", rs.Units[c].ID), "deck")
			}
		}
	} else {
		for c := len(rs.Units) - 1; c >= 0; c-- {
			if seen[c] == "" {
				g.Deck = append(g.Deck, int16(c))
			}
		}
	}
	if e := g.loadShop(l, p); e != nil {
		return nil, e
	}
	// The result.
	if g.Phase == PhaseOver {
		w := p.Result.Winners
		switch {
		case boss && len(w) == 1 && w[0] == n:
			g.Boss.Result, g.Winner = BossWins, n
		case boss && len(w) == n:
			for i, s := range w {
				if s != i {
					return nil, perr("the players win together: list every player's seat", "result", "winners")
				}
			}
			g.Boss.Result = PlayersWin
		case boss:
			return nil, perr("the boss's seat or every player's", "result", "winners")
		case len(w) == 0:
		case len(w) == 1 && w[0] >= 0 && w[0] < 2:
			g.Winner = w[0]
		default:
			return nil, perr("a versus game has one winner or none", "result", "winners")
		}
	}
	// The random source.
	g.src = rand.NewPCG(0, 0x9e3779b97f4a7c15)
	if p.RNG != "" {
		b, err := hex.DecodeString(p.RNG)
		if err == nil {
			err = g.src.UnmarshalBinary(b)
		}
		if err != nil {
			return nil, perr("not a random state written by this engine", "rng")
		}
	}
	g.rng = rand.New(g.src)
	return g, nil
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
func (g *Game) loadBoss(l *loader, p *Position, n int, mods func([]ModPos, ...any) ([]Mod, *posErr)) *posErr {
	rs := g.Rules
	bp := p.Boss
	bi := rs.BossIndex(bp.ID)
	if bi < 0 {
		var ids []string
		for _, b := range rs.Bosses {
			ids = append(ids, b.ID)
		}
		return perr(fmt.Sprintf("no boss %s (bosses: %s)", quote.Quote(bp.ID), strings.Join(ids, ", ")), "boss", "id")
	}
	def := &rs.Bosses[bi]
	at, e := tileOf(bp.At, "boss", "at")
	if e != nil {
		return e
	}
	if !ValidBossTile(at) {
		return perr(fmt.Sprintf("a block with its south-west square on %s does not fit the board", at), "boss", "at")
	}
	lives := int(def.Lives[n])
	if bp.Lives != nil {
		lives = *bp.Lives
	}
	if lives < 0 || lives > int(def.Lives[n]) {
		return perr(fmt.Sprintf("%d lives (0 to %d for %d players)", lives, def.Lives[n], n), "boss", "lives")
	}
	b := &BossState{Index: bi, def: def, Lives: lives, Turns: bp.Turns, Round: max(1, bp.Round), Pos: bp.OrderAt}
	b.Order = TurnOrder(n, int(rs.Rules.BossEvery[n]))
	if b.Pos < -1 || b.Pos >= len(b.Order) {
		return perr(fmt.Sprintf("not a place in the turn order (-1 to %d)", len(b.Order)-1), "boss", "order-at")
	}
	if bp.Turns < 0 {
		return perr("negative", "boss", "turns")
	}
	b.MaxTurns = g.defaultBossTurns()
	if bp.MaxTurns > 0 {
		b.MaxTurns = bp.MaxTurns
	}
	if bp.Corners == nil {
		for c := range 4 {
			bp.Corners = append(bp.Corners, CornerPos{Color: def.Corners[c].Color.String(), At: cornerNames[c]})
		}
	}
	if len(bp.Corners) != 4 {
		return perr("a boss has 4 corners", "boss", "corners")
	}
	used := [4]bool{}
	for c, cp := range bp.Corners {
		pos := slices.Index(cornerNames[:], cp.At)
		if pos < 0 || used[pos] {
			return perr(fmt.Sprintf("%s is not a free position (nw, ne, se, sw)", quote.Quote(cp.At)), "boss", "corners", c, "at")
		}
		used[pos] = true
		b.Rot[pos] = int8(c)
		if cp.Color != def.Corners[c].Color.String() {
			return perr(fmt.Sprintf("%s's corner %d is %s", def.ID, c+1, def.Corners[c].Color), "boss", "corners", c, "color")
		}
		if cp.Damage < 0 || cp.Damage > int(def.Corners[c].HP) {
			return perr(fmt.Sprintf("%d damage on a bar of %d", cp.Damage, def.Corners[c].HP), "boss", "corners", c, "damage")
		}
		b.CornerDmg[c] = int8(cp.Damage)
	}
	card := func(ids []string, path ...any) ([]int16, *posErr) {
		var out []int16
		for i, id := range ids {
			k := slices.IndexFunc(def.Cards, func(c int16) bool { return rs.BossCards[c].ID == id })
			if k < 0 {
				return nil, perr(fmt.Sprintf("%s has no card %s", def.ID, quote.Quote(id)), append(path, i)...)
			}
			out = append(out, def.Cards[k])
		}
		return out, nil
	}
	var err *posErr
	if b.Discard, err = card(bp.Discard, "boss", "discard"); err != nil {
		return err
	}
	if bp.Deck != nil {
		if b.Deck, err = card(*bp.Deck, "boss", "deck"); err != nil {
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
		return perr(fmt.Sprintf("the deck and discard hold each of %s's %d cards once", def.ID, len(def.Cards)), "boss", "deck")
	}
	if len(b.Deck) == 0 {
		return perr("the deck needs its current card", "boss", "deck")
	}
	g.Boss = b
	g.nextID++
	b.piece = &Piece{ID: g.nextID, Kind: BossPiece, Card: -1, Owner: int8(n), Slot: -1, Tile: at, Attached: -1}
	if b.piece.Mods, err = mods(bp.Mods, "boss", "mods"); err != nil {
		return err
	}
	g.Pieces = append(g.Pieces, b.piece)
	return nil
}

// loadShop reads versus's shop and VP cards.
func (g *Game) loadShop(l *loader, p *Position) *posErr {
	rs := g.Rules
	if g.Boss != nil {
		if len(p.ShopDisc)+len(p.ShopRow)+len(p.Spent) > 0 || p.ShopDeck != nil && len(*p.ShopDeck) > 0 || p.VPDeck != nil && len(*p.VPDeck) > 0 {
			return perr("boss mode has no shop and no VP cards", "shop-deck")
		}
		return nil
	}
	shops := func(ids []string, path ...any) ([]int16, *posErr) {
		out := make([]int16, 0, len(ids))
		for i, id := range ids {
			c, e := l.shop(id, append(path, i)...)
			if e != nil {
				return nil, e
			}
			out = append(out, c)
		}
		return out, nil
	}
	var e *posErr
	if g.ShopDiscard, e = shops(p.ShopDisc, "shop-discard"); e != nil {
		return e
	}
	if g.ShopRow, e = shops(p.ShopRow, "shop-row"); e != nil {
		return e
	}
	if g.Spent, e = shops(p.Spent, "spent"); e != nil {
		return e
	}
	for _, c := range slices.Concat(g.ShopDiscard, g.Spent) {
		if c < 0 {
			return perr(`"-" is only for an empty place of the shop row`, "shop-discard")
		}
	}
	if p.ShopDeck != nil {
		d, e := shops(*p.ShopDeck, "shop-deck")
		if e != nil {
			return e
		}
		if slices.Contains(d, -1) {
			return perr(`"-" is only for an empty place of the shop row`, "shop-deck")
		}
		slices.Reverse(d)
		g.ShopDeck = d
	} else if g.num.Shop {
		left := make([]int, len(rs.ShopCards))
		for i, c := range rs.ShopCards {
			if int16(i) != rs.Rules.SecondPlayer {
				left[i] = int(c.Copies)
			}
		}
		for _, cs := range [][]int16{g.ShopDiscard, g.ShopRow, g.Spent, g.Players[0].Shop, g.Players[1].Shop} {
			for _, c := range cs {
				if c >= 0 {
					left[c]--
				}
			}
		}
		for _, q := range g.Pieces {
			if q.Attached >= 0 {
				left[q.Attached]--
			}
		}
		for c := len(left) - 1; c >= 0; c-- {
			for range max(0, left[c]) {
				g.ShopDeck = append(g.ShopDeck, int16(c))
			}
		}
	}
	if p.VPDeck != nil {
		for i, v := range *p.VPDeck {
			if v < 0 || v > 127 {
				return perr("not a VP card value", "vp-deck", i)
			}
			g.VPDeck = append(g.VPDeck, int8(v))
		}
	} else {
		deck := slices.Clone(rs.VPDeck.Cards)
		slices.Sort(deck)
		for i := range g.Players {
			for _, v := range g.Players[i].VPCards {
				if k := slices.Index(deck, v); k >= 0 {
					deck = slices.Delete(deck, k, k+1)
				}
			}
		}
		g.VPDeck = deck
	}
	return nil
}

// replayInFlight applies a position's in-flight actions: the action that
// was under way and the decisions taken in it.
func (g *Game) replayInFlight(texts []string) error {
	for i, s := range texts {
		legal := g.LegalActions()
		k := slices.IndexFunc(legal, func(a Action) bool { return g.Text(a) == play.Normalize(s) })
		if k < 0 {
			return fmt.Errorf("in-flight[%d]: %s is not legal here", i, quote.Quote(s))
		}
		if err := g.Apply(legal[k]); err != nil {
			return fmt.Errorf("in-flight[%d]: %v", i, err)
		}
		if g.pending == nil && i < len(texts)-1 {
			return fmt.Errorf("in-flight[%d]: %s ends its action; only its decisions may follow", i, quote.Quote(s))
		}
	}
	if len(texts) > 0 && g.pending == nil {
		return fmt.Errorf("in-flight: the actions end with no decision pending; write the position after them instead")
	}
	return nil
}
