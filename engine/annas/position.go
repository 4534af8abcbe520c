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
)

// Position is a game's whole state as a designer reads and writes it
// (docs/annas-engine.md, "Positions and actions"): ids instead of indexes,
// tiles by name, decks top first, seats as 0-based indexes. Written by
// Game.Position and read back by Load, it plays on identically.
type Position struct {
	Map      string      `json:"map" yaml:"map"`
	Phase    string      `json:"phase" yaml:"phase"` // mulligan, turn or over
	Turn     int         `json:"turn" yaml:"turn"`
	Current  int         `json:"current" yaml:"current"`                       // the seat whose turn it is
	Mulligan int         `json:"mulligan,omitempty" yaml:"mulligan,omitempty"` // phase mulligan: the seat deciding
	MaxTurns int         `json:"max-turns,omitempty" yaml:"max-turns,omitempty"`
	ThisTurn TurnPos     `json:"this-turn" yaml:"this-turn"`
	Deck     *[]string   `json:"deck,omitempty" yaml:"deck,omitempty"` // unit cards, top first; omitted: every card not elsewhere, in content order
	Discard  []string    `json:"discard" yaml:"discard"`
	ShopDeck *[]string   `json:"shop-deck,omitempty" yaml:"shop-deck,omitempty"` // omitted: every copy not elsewhere, in content order
	ShopDisc []string    `json:"shop-discard" yaml:"shop-discard"`
	ShopRow  []string    `json:"shop-row" yaml:"shop-row"` // "-" for an empty place
	Spent    []string    `json:"spent" yaml:"spent"`
	VPDeck   *[]int      `json:"vp-deck,omitempty" yaml:"vp-deck,omitempty"` // top first; omitted: the standard deck less the cards players hold
	Players  []PlayerPos `json:"players" yaml:"players"`
	Units    []UnitPos   `json:"units" yaml:"units"`
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
}

// UnitPos is a deployed unit.
type UnitPos struct {
	Unit       string   `json:"unit" yaml:"unit"`
	Owner      int      `json:"owner" yaml:"owner"`
	Slot       string   `json:"slot" yaml:"slot"` // versus: red, green or blue
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
	Until string   `json:"until" yaml:"until"` // combat, turn-end, next-turn or removed
	By    int      `json:"by" yaml:"by"`       // the seat that applied it
}

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
	if len(g.windows) > 0 && g.cp != nil {
		p := g.cp.position()
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
		p.Phase, p.Mulligan = "mulligan", g.Mulligan
	case PhaseOver:
		p.Phase = "over"
		p.Result = &ResultPos{Winners: []int{}, Reason: g.Reason}
		if g.Winner >= 0 {
			p.Result.Winners = []int{g.Winner}
		}
	default:
		p.Phase = "turn"
	}
	if g.num.MaxTurns != g.Rules.Rules.Versus.MaxTurns {
		p.MaxTurns = int(g.num.MaxTurns)
	}
	p.ThisTurn = TurnPos{Deploys: g.Deploys, HasteDeploys: g.HasteDeploys, Captures: g.Captures, Discards: g.Discards, VPOut: g.VPOut}
	deck := units(top(g.Deck))
	p.Deck = &deck
	shopDeck := shop(top(g.ShopDeck))
	p.ShopDeck = &shopDeck
	vp := make([]int, 0, len(g.VPDeck))
	for _, v := range g.VPDeck {
		vp = append(vp, int(v))
	}
	p.VPDeck = &vp
	for i := range g.Players {
		pl := &g.Players[i]
		pp := PlayerPos{Hand: units(pl.Hand), Shop: shop(pl.Shop), Coins: pl.Coins, DV: pl.DV, VPTokens: pl.VPTokens,
			VPCards: []int{}, DVRuins: pl.DVRuins, Lost: pl.Lost, LostThisTurn: pl.LostTurn}
		for _, v := range pl.VPCards {
			pp.VPCards = append(pp.VPCards, int(v))
		}
		if pl.DVTile != NoTile {
			pp.DVTile = pl.DVTile.String()
		}
		p.Players = append(p.Players, pp)
	}
	for _, q := range g.Pieces {
		u := UnitPos{Unit: rs.Units[q.Card].ID, Owner: int(q.Owner), Slot: g.slotName(q.Slot), At: q.Tile.String(),
			Damage: int(q.Damage), Exhausted: q.Exhausted, Special: ptr(q.Special), Shapestone: ptr(q.Shapestone), Acts: int(q.Acts)}
		if q.Attached >= 0 {
			u.Attached = rs.ShopCards[q.Attached].ID
		}
		for _, m := range q.Mods {
			mp := ModPos{ATK: int(m.ATK), SPD: int(m.SPD), DEF: int(m.DEF), MOV: int(m.Mov), Until: untilNames[m.Expiry], By: int(m.By)}
			for i := range rs.Tags {
				if m.Tags.Has(i) {
					mp.Tags = append(mp.Tags, rs.Tags[i].ID)
				}
			}
			u.Mods = append(u.Mods, mp)
		}
		p.Units = append(p.Units, u)
	}
	if b, err := g.src.MarshalBinary(); err == nil {
		p.RNG = hex.EncodeToString(b)
	}
	return p
}

func ptr(b bool) *bool { return &b }

func (g *Game) mapID() string {
	if g.Map < 0 || g.Map >= len(g.Rules.Maps) {
		return ""
	}
	return g.Rules.Maps[g.Map].ID
}

// pendingPos describes the open window.
func (g *Game) pendingPos() *PendingPos {
	if len(g.windows) == 0 {
		return nil
	}
	w := g.windows[0]
	p := &PendingPos{Seat: w.player, Decision: "react"}
	if w.choice != nil {
		p.Decision = "choose"
	}
	for _, a := range g.LegalActions() {
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
	return -1, perr(fmt.Sprintf("unknown unit %q", id), path...)
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
	return -1, perr(fmt.Sprintf("unknown shop card %q", id), path...)
}

func (l *loader) tag(id string, path ...any) (int, *posErr) {
	for i := range l.rs.Tags {
		if l.rs.Tags[i].ID == id {
			return i, nil
		}
	}
	return -1, perr(fmt.Sprintf("unknown tag %q", id), path...)
}

func tileOf(s string, path ...any) (Tile, *posErr) {
	t, ok := table.ParseTile(s)
	if !ok {
		return NoTile, perr(fmt.Sprintf("%q is not a tile (a1 to f6)", s), path...)
	}
	return t, nil
}

// LoadVersus reads a versus game back from a position's state node.
func LoadVersus(rs *table.Ruleset, state *yaml.Node) (*Game, error) {
	var p Position
	if err := play.Decode(state, &p); err != nil {
		return nil, err
	}
	g, e := loadVersus(rs, &p)
	if e != nil {
		return nil, e.at(state)
	}
	if err := g.replayInFlight(p.InFlight); err != nil {
		return nil, err
	}
	return g, nil
}

func loadVersus(rs *table.Ruleset, p *Position) (*Game, *posErr) {
	l := &loader{rs: rs}
	g := &Game{Rules: rs, Winner: -1, num: rs.Rules.Versus}
	g.Map = rs.MapIndex(p.Map)
	if g.Map < 0 || rs.Maps[g.Map].Mode != table.Versus {
		var ids []string
		for _, m := range rs.Maps {
			if m.Mode == table.Versus {
				ids = append(ids, m.ID)
			}
		}
		return nil, perr(fmt.Sprintf("no versus map %q (versus maps: %s)", p.Map, strings.Join(ids, ", ")), "map")
	}
	if p.MaxTurns < 0 {
		return nil, perr("negative", "max-turns")
	}
	if p.MaxTurns > 0 {
		g.num.MaxTurns = int16(p.MaxTurns)
	}
	if len(p.Players) != 2 {
		return nil, perr(fmt.Sprintf("a versus game has 2 players, not %d", len(p.Players)), "players")
	}
	if p.Current < 0 || p.Current > 1 {
		return nil, perr("not a seat (0 or 1)", "current")
	}
	if p.Turn < 0 {
		return nil, perr("negative", "turn")
	}
	g.Turn, g.Current = p.Turn, p.Current
	switch p.Phase {
	case "mulligan":
		g.Phase = PhaseMulligan
		if p.Mulligan < 0 || p.Mulligan > 1 {
			return nil, perr("not a seat (0 or 1)", "mulligan")
		}
		g.Mulligan = p.Mulligan
	case "turn":
		g.Phase = PhaseTurn
	case "over":
		g.Phase = PhaseOver
		if p.Result == nil {
			return nil, perr("a finished game needs its result", "phase")
		}
		g.Reason = p.Result.Reason
		switch len(p.Result.Winners) {
		case 0:
		case 1:
			if w := p.Result.Winners[0]; w < 0 || w > 1 {
				return nil, perr("not a seat", "result", "winners", 0)
			}
			g.Winner = p.Result.Winners[0]
		default:
			return nil, perr("a versus game has one winner or none", "result", "winners")
		}
	default:
		return nil, perr(fmt.Sprintf("unknown phase %q (mulligan, turn or over)", p.Phase), "phase")
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
		if pp.Coins < 0 || pp.DV < 0 || pp.VPTokens < 0 || pp.Lost < 0 || pp.LostThisTurn < 0 {
			return nil, perr("negative resources", "players", i)
		}
		pl.Coins, pl.DV, pl.VPTokens, pl.Lost, pl.LostTurn, pl.DVRuins = pp.Coins, pp.DV, pp.VPTokens, pp.Lost, pp.LostThisTurn, pp.DVRuins
		for j, v := range pp.VPCards {
			if v < 0 || v > 127 {
				return nil, perr("not a VP card value", "players", i, "vp-cards", j)
			}
			pl.VPCards = append(pl.VPCards, int8(v))
		}
		pl.DVTile = NoTile
		if pp.DVTile != "" {
			if pl.DVTile, e = tileOf(pp.DVTile, "players", i, "dv-tile"); e != nil {
				return nil, e
			}
		}
	}
	if a, b := g.Players[0].DVTile, g.Players[1].DVTile; a != NoTile && a == b {
		return nil, perr("both DV tiles on "+a.String(), "players", 1, "dv-tile")
	}
	var occupied TileSet
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
			return nil, perr("two units on "+at.String(), "units", i, "at")
		}
		occupied = with(occupied, at)
		if up.Owner < 0 || up.Owner > 1 {
			return nil, perr("not a seat (0 or 1)", "units", i, "owner")
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
			return nil, perr(fmt.Sprintf("no slot %q", up.Slot), "units", i, "slot")
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
		for j, mp := range up.Mods {
			m := Mod{Mods: table.Mods{ATK: int8(mp.ATK), SPD: int8(mp.SPD), DEF: int8(mp.DEF), Mov: int8(mp.MOV)}, By: int8(mp.By)}
			k := slices.Index(untilNames[:], mp.Until)
			if k < 0 {
				return nil, perr(fmt.Sprintf("unknown until %q (combat, turn-end, next-turn or removed)", mp.Until), "units", i, "mods", j, "until")
			}
			m.Expiry = Expiry(k)
			if mp.By < 0 || mp.By > 1 {
				return nil, perr("not a seat", "units", i, "mods", j, "by")
			}
			for k, id := range mp.Tags {
				ti, e := l.tag(id, "units", i, "mods", j, "tags", k)
				if e != nil {
					return nil, e
				}
				m.Tags |= 1 << uint(ti)
			}
			q.Mods = append(q.Mods, m)
		}
	}
	// Slots: one unit per slot and player.
	for i, q := range g.Pieces {
		for _, o := range g.Pieces[:i] {
			if o.Owner == q.Owner && o.Slot == q.Slot {
				return nil, perr("slot "+g.slotName(q.Slot)+" holds two units", "units", i, "slot")
			}
		}
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
	} else {
		for c := len(rs.Units) - 1; c >= 0; c-- {
			if seen[c] == "" {
				g.Deck = append(g.Deck, int16(c))
			}
		}
	}
	for c, s := range seen {
		if s == "" && p.Deck != nil {
			return nil, perr(fmt.Sprintf("unit %s is nowhere (deck, discard, hands or board)", rs.Units[c].ID), "deck")
		}
	}
	// Shop cards.
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
	if g.ShopDiscard, e = shops(p.ShopDisc, "shop-discard"); e != nil {
		return nil, e
	}
	if g.ShopRow, e = shops(p.ShopRow, "shop-row"); e != nil {
		return nil, e
	}
	if g.Spent, e = shops(p.Spent, "spent"); e != nil {
		return nil, e
	}
	for _, c := range slices.Concat(g.ShopDiscard, g.Spent) {
		if c < 0 {
			return nil, perr(`"-" is only for an empty place of the shop row`, "shop-discard")
		}
	}
	if p.ShopDeck != nil {
		d, e := shops(*p.ShopDeck, "shop-deck")
		if e != nil {
			return nil, e
		}
		if slices.Contains(d, -1) {
			return nil, perr(`"-" is only for an empty place of the shop row`, "shop-deck")
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
	// VP cards.
	if p.VPDeck != nil {
		for i, v := range *p.VPDeck {
			if v < 0 || v > 127 {
				return nil, perr("not a VP card value", "vp-deck", i)
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

// replayInFlight applies a position's in-flight actions.
func (g *Game) replayInFlight(texts []string) error {
	if len(texts) > 0 && len(g.windows) > 0 {
		return fmt.Errorf("in-flight: the game already waits for a decision")
	}
	for i, s := range texts {
		legal := g.LegalActions()
		k := slices.IndexFunc(legal, func(a Action) bool { return g.Text(a) == play.Normalize(s) })
		if k < 0 {
			return fmt.Errorf("in-flight[%d]: %q is not legal here", i, s)
		}
		if err := g.Apply(legal[k]); err != nil {
			return fmt.Errorf("in-flight[%d]: %v", i, err)
		}
	}
	if len(texts) > 0 && len(g.windows) == 0 {
		return fmt.Errorf("in-flight: the actions end with no decision pending; write the position after them instead")
	}
	return nil
}
