package fecipher

import (
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// Position is the whole state of a match as a designer reads and writes it
// (docs/fecipher.md, "Positions and actions"): cards by id, zones in order.
type Position struct {
	Turn   int    `json:"turn" yaml:"turn" pos:"required"`   // turns begun; 0 during setup
	Phase  string `json:"phase" yaml:"phase" pos:"required"` // setup, beginning, bond, deployment, action, end
	Active int    `json:"active" yaml:"active"`              // the seat whose turn it is
	First  int    `json:"first" yaml:"first"`                // the seat that went first
	// Pending is what is being resolved, innermost last; the last entry is
	// the decision the seat to move takes (when it is one). It is written
	// before the players: a state cut inside it lacks them, and is refused.
	Pending []FrameState  `json:"pending,omitempty" yaml:"pending,omitempty"`
	Seats   []PlayerState `json:"players" yaml:"players" pos:"required"`
	Over    bool          `json:"over,omitempty" yaml:"over,omitempty"`
	Winner  *int          `json:"winner,omitempty" yaml:"winner,omitempty"`
	Reason  string        `json:"reason,omitempty" yaml:"reason,omitempty"`
	NextUID int           `json:"next-uid,omitempty" yaml:"next-uid,omitempty"`
	// EndQueued says the end phase's auto skills were already queued.
	EndQueued bool `json:"end-queued,omitempty" yaml:"end-queued,omitempty"`
	// RNG is the random source's state (hex of math/rand/v2's PCG); absent,
	// a fixed source is used.
	RNG string `json:"rng,omitempty" yaml:"rng,omitempty"`
}

// PlayerState is one side.
type PlayerState struct {
	Name     string      `json:"name" yaml:"name"`
	DeckList string      `json:"deck-list,omitempty" yaml:"deck-list,omitempty"` // the deck id played (information)
	Deck     []string    `json:"deck" yaml:"deck,flow"`                          // top first
	Hand     []string    `json:"hand" yaml:"hand,flow"`
	Retreat  []string    `json:"retreat" yaml:"retreat,flow"`
	Bound    []string    `json:"boundless,omitempty" yaml:"boundless,omitempty,flow"` // the Boundless Area
	Orbs     []string    `json:"orbs" yaml:"orbs,flow"`
	Broken   *int        `json:"orbs-broken,omitempty" yaml:"orbs-broken,omitempty"`   // absent: 5 - orbs
	OrbsUp   int         `json:"orbs-face-up,omitempty" yaml:"orbs-face-up,omitempty"` // the first this many orbs are face up
	OrbsSeen int         `json:"orbs-seen,omitempty" yaml:"orbs-seen,omitempty"`       // the next this many are face down, looked at by their owner
	Support  []string    `json:"support,omitempty" yaml:"support,omitempty,flow"`
	Bonds    []BondState `json:"bonds" yaml:"bonds"`
	Field    []UnitState `json:"field" yaml:"field" pos:"required"`
	Spent    int         `json:"spent,omitempty" yaml:"spent,omitempty"`        // bonds' worth paid this turn
	Bonded   bool        `json:"bonded,omitempty" yaml:"bonded,omitempty"`      // a bond was placed this turn
	Locked   []string    `json:"locked,omitempty" yaml:"locked,omitempty,flow"` // skill names the player may not use until the end of the turn
	// Played are the cards that entered play for the player in this game
	// (its main character, cards deployed, levelled up or class changed
	// onto, placed as bonds), in order, each once: roundtable sim's
	// participants. Left out: the cards of its field and bonds; those count
	// whether listed or not.
	Played []string `json:"played,omitempty" yaml:"played,omitempty,flow"`
}

// BondState is a card in the bond area.
type BondState struct {
	Card     string `json:"card" yaml:"card" pos:"required"`
	FaceDown bool   `json:"face-down" yaml:"face-down"` // reversed: no symbol
}

// UnitState is a unit on the field.
type UnitState struct {
	UID          int        `json:"uid,omitempty" yaml:"uid,omitempty"`     // absent: numbered on load
	Stack        []string   `json:"stack" yaml:"stack,flow" pos:"required"` // bottom first; the last card is the unit
	Area         string     `json:"area" yaml:"area" pos:"required"`        // vanguard or rearguard
	Tapped       bool       `json:"tapped" yaml:"tapped"`
	Main         bool       `json:"main,omitempty" yaml:"main,omitempty"`
	ClassChanged bool       `json:"class-changed,omitempty" yaml:"class-changed,omitempty"`
	Grown        bool       `json:"grown,omitempty" yaml:"grown,omitempty"`       // it Growthed: its class change skills are usable
	Mods         []ModState `json:"mods,omitempty" yaml:"mods,omitempty"`         // what effects gave it, for a while
	Used         []int      `json:"used,omitempty" yaml:"used,omitempty,flow"`    // skills used this turn (indexes on its top card; acquired skills by key, skills.go), once per use: once-per-turn and use counts
	Attacked     bool       `json:"attacked,omitempty" yaml:"attacked,omitempty"` // it attacked this turn
	// UsedAcquired are the acquired skills it used this turn, for
	// once-per-turn: each "card-id:index", the card the skill is printed
	// on and its index there.
	UsedAcquired []string `json:"used-acquired,omitempty" yaml:"used-acquired,omitempty,flow"`
	// Acquired, in a view only (a position derives it): the skills it has
	// now from other cards, each "name (card id)".
	Acquired []string `json:"acquired,omitempty" yaml:"acquired,omitempty,flow"`
}

// ModState is what an effect gave a unit, until the end of turn ends (or
// of the battle).
type ModState struct {
	Attack         int      `json:"attack,omitempty" yaml:"attack,omitempty"`
	Double         bool     `json:"double,omitempty" yaml:"double,omitempty"`
	MinRange       int      `json:"min-range,omitempty" yaml:"min-range,omitempty"`
	MaxRange       int      `json:"max-range,omitempty" yaml:"max-range,omitempty"`
	Acquire        []string `json:"acquire,omitempty" yaml:"acquire,omitempty,flow"`
	Unevadable     bool     `json:"unevadable,omitempty" yaml:"unevadable,omitempty"`
	UnevadableMain bool     `json:"main-may-evade,omitempty" yaml:"main-may-evade,omitempty"`
	UnevadableCost int      `json:"unevadable-cost,omitempty" yaml:"unevadable-cost,omitempty"` // enemies costing more may still evade
	NoEvade        bool     `json:"no-evade,omitempty" yaml:"no-evade,omitempty"`
	NoCritical     bool     `json:"no-critical,omitempty" yaml:"no-critical,omitempty"`
	Indestructible bool     `json:"indestructible,omitempty" yaml:"indestructible,omitempty"`
	ShieldCost     int      `json:"shield-cost,omitempty" yaml:"shield-cost,omitempty"`
	BackLine       bool     `json:"reach-back-line,omitempty" yaml:"reach-back-line,omitempty"`
	Orbs           int      `json:"orbs,omitempty" yaml:"orbs,omitempty"`
	Flags          []string `json:"flags,omitempty" yaml:"flags,omitempty,flow"`      // skill-proof, no-move, no-attack, unattackable, no-untap, reach-any, ...
	Ends           int      `json:"ends,omitempty" yaml:"ends,omitempty"`             // the turn at whose end it ends
	Battle         bool     `json:"battle,omitempty" yaml:"battle,omitempty"`         // it ends with the battle
	Grant          string   `json:"grant,omitempty" yaml:"grant,omitempty"`           // a skill it has meanwhile: "card-id:index", the card it is written on and its index there
	GrantCard      string   `json:"grant-card,omitempty" yaml:"grant-card,omitempty"` // a card all of whose skills it has meanwhile
	Lose           []string `json:"lose,omitempty" yaml:"lose,omitempty,flow"`        // skills of these names it has not meanwhile
	LoseAll        bool     `json:"lose-all,omitempty" yaml:"lose-all,omitempty"`     // ... nor any but its special skills
}

// FrameState is one entry of the pending stack.
type FrameState struct {
	Kind string `json:"kind" yaml:"kind" pos:"required"` // battle, skill, redraw, flip, discard, critical, evade
	Seat int    `json:"seat" yaml:"seat" pos:"required"`
	Step int    `json:"step,omitempty" yaml:"step,omitempty"`
	N    int    `json:"n,omitempty" yaml:"n,omitempty"` // flip, discard: how many still to choose
	// battle
	Attacker int      `json:"attacker,omitempty" yaml:"attacker,omitempty"` // unit uids
	Defender int      `json:"defender,omitempty" yaml:"defender,omitempty"`
	ASup     int      `json:"attack-support,omitempty" yaml:"attack-support,omitempty"` // printed support values added
	DSup     int      `json:"defense-support,omitempty" yaml:"defense-support,omitempty"`
	ASupCard string   `json:"attack-support-card,omitempty" yaml:"attack-support-card,omitempty"` // the support cards
	DSupCard string   `json:"defense-support-card,omitempty" yaml:"defense-support-card,omitempty"`
	Critical bool     `json:"critical,omitempty" yaml:"critical,omitempty"`
	Evaded   bool     `json:"evaded,omitempty" yaml:"evaded,omitempty"`
	Defeated bool     `json:"defeated,omitempty" yaml:"defeated,omitempty"`
	Kept     []string `json:"kept,omitempty" yaml:"kept,omitempty,flow"` // support cards kept in the support area to the end of the combat
	// skill
	Unit   int    `json:"unit,omitempty" yaml:"unit,omitempty"` // uid of the unit whose skill it is
	Card   string `json:"card,omitempty" yaml:"card,omitempty"` // the card whose skill it is
	Skill  int    `json:"skill,omitempty" yaml:"skill,omitempty"`
	Start  int    `json:"start,omitempty" yaml:"start,omitempty"`   // its first effect of this timing
	Effect int    `json:"effect,omitempty" yaml:"effect,omitempty"` // the effect resolving
	Target int    `json:"target,omitempty" yaml:"target,omitempty"` // support: the supported unit
	Chosen []int  `json:"chosen,omitempty" yaml:"chosen,omitempty,flow"`
	Cause  int    `json:"cause,omitempty" yaml:"cause,omitempty"` // the unit whose deployment set it off
	Pay    bool   `json:"pay,omitempty" yaml:"pay,omitempty"`     // a decision paying the skill's cost
	// from: the zone of the card whose skill it is, for a bond or hand
	// skill (bonds, hand); absent for a unit's or a support card's
	From string `json:"from,omitempty" yaml:"from,omitempty"`
	// by-skill: 1 + the seat whose skill set this one off (0: not a skill)
	BySkill int `json:"by-skill,omitempty" yaml:"by-skill,omitempty"`
	// by-unit, by-name: the unit (uid, 0: a support card) and the name of
	// that skill
	ByUnit int    `json:"by-unit,omitempty" yaml:"by-unit,omitempty"`
	ByName string `json:"by-name,omitempty" yaml:"by-name,omitempty"`
	// battle-held: set off by its unit's attack destroying an enemy that
	// its conditions on the enemy in battle read then (it has left since)
	BattleHeld bool `json:"battle-held,omitempty" yaml:"battle-held,omitempty"`
	// Revealed are the cards the skill revealed, on top of the deck of
	// seat revealed-seat.
	Revealed   []string `json:"revealed,omitempty" yaml:"revealed,omitempty,flow"`
	RevealSeat int      `json:"revealed-seat,omitempty" yaml:"revealed-seat,omitempty"`
	// Moved are the cards the skill's puts moved ("that card").
	Moved []string `json:"moved,omitempty" yaml:"moved,omitempty,flow"`
}

// flow writes v as one YAML line.
func flow(v any) (any, error) {
	var n yaml.Node
	if err := n.Encode(v); err != nil {
		return nil, err
	}
	n.Style = yaml.FlowStyle
	return &n, nil
}

type bondState BondState
type unitState UnitState
type frameState FrameState

// MarshalYAML writes a bond on one line.
func (b BondState) MarshalYAML() (any, error) { return flow(bondState(b)) }

// MarshalYAML writes a unit on one line.
func (u UnitState) MarshalYAML() (any, error) { return flow(unitState(u)) }

// MarshalYAML writes a pending frame on one line.
func (f FrameState) MarshalYAML() (any, error) { return flow(frameState(f)) }

func flagNames(f table.Flag) []string {
	var out []string
	for i, n := range table.FlagNames {
		if f&(1<<uint(i)) != 0 {
			out = append(out, n)
		}
	}
	return out
}

func emblemNames(e table.Emblem) []string {
	var out []string
	for i, n := range table.EmblemNames {
		if e&(1<<uint(i)) != 0 {
			out = append(out, n)
		}
	}
	return out
}

func (g *Game) ids(cs []int) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = g.C(c).ID
	}
	return out
}

// Position implements play.Match.
func (m *Match) Position() any { return m.G.Position() }

// Position is the game's state as a Position.
func (g *Game) Position() *Position {
	pos := &Position{Turn: g.Turn, Phase: g.Phase.String(), Active: g.Active, First: g.First,
		Over: g.Over, Reason: g.Reason, NextUID: g.NextUID}
	if g.Over && g.Winner >= 0 {
		w := g.Winner
		pos.Winner = &w
	}
	if b, err := g.pcg.MarshalBinary(); err == nil {
		pos.RNG = hex.EncodeToString(b)
	}
	for _, p := range g.P {
		broken := p.Broken
		ps := PlayerState{Name: p.Name, DeckList: p.DeckID, Deck: g.ids(p.Deck), Hand: g.ids(p.Hand), Retreat: g.ids(p.Retreat), Bound: g.ids(p.Bound),
			Orbs: g.ids(p.Orbs), OrbsUp: p.OrbsUp, OrbsSeen: p.OrbsSeen, Broken: &broken, Spent: p.Spent, Bonded: p.Bonded, Locked: slices.Clone(p.Locked), Bonds: []BondState{}, Field: []UnitState{},
			Played: g.ids(p.Played)}
		if len(p.Support) > 0 {
			ps.Support = g.ids(p.Support)
		}
		for _, b := range p.Bonds {
			ps.Bonds = append(ps.Bonds, BondState{Card: g.C(b.Card).ID, FaceDown: b.Reversed})
		}
		for _, u := range p.Field {
			us := UnitState{UID: u.UID, Stack: g.ids(u.Stack), Area: u.Area.String(), Tapped: u.Tapped,
				Main: u.Main, ClassChanged: u.ClassChanged, Grown: u.Grown, Attacked: u.Attacked}
			for _, k := range u.Used {
				if t := g.keyText(k); t != "" {
					us.UsedAcquired = append(us.UsedAcquired, t)
				} else {
					us.Used = append(us.Used, k)
				}
			}
			for _, m := range u.Mods {
				us.Mods = append(us.Mods, ModState{Attack: int(m.Attack), Double: m.Double, MinRange: int(m.MinRange), MaxRange: int(m.MaxRange),
					Acquire: emblemNames(m.Acquire), Unevadable: m.Unevadable, UnevadableMain: m.UnevadableMain, UnevadableCost: int(m.UnevadableCost), NoEvade: m.NoEvade,
					NoCritical: m.NoCrit, Indestructible: m.Shield, ShieldCost: int(m.ShieldCost), BackLine: m.BackLine, Orbs: int(m.Orbs), Flags: flagNames(m.Flags), Grant: g.keyText(m.Grant),
					Ends: m.Ends, Battle: m.Battle, Lose: slices.Clone(m.Lose), LoseAll: m.LoseAll, GrantCard: g.cardID(m.GrantCard)})
			}
			ps.Field = append(ps.Field, us)
		}
		pos.Seats = append(pos.Seats, ps)
	}
	for _, f := range g.Pending {
		fs := FrameState{Kind: f.Kind.String(), Seat: f.Seat, Step: f.Step, N: f.N, Attacker: f.Attacker, Defender: f.Defender,
			ASup: f.ASup, DSup: f.DSup, Critical: f.Critical, Evaded: f.Evaded, Defeated: f.Defeated}
		if f.Kind == FrameBattle {
			if f.ASupCard >= 0 {
				fs.ASupCard = g.C(f.ASupCard).ID
			}
			if f.DSupCard >= 0 {
				fs.DSupCard = g.C(f.DSupCard).ID
			}
			if len(f.Kept) > 0 {
				fs.Kept = g.ids(f.Kept)
			}
		}
		withCard := f.Kind == FrameSkill || f.Kind >= FrameMay && f.Kind != FrameOrder || (f.Kind == FrameFlip || f.Kind == FrameDiscard) && f.Card >= 0
		if withCard {
			fs.Unit, fs.Card, fs.Skill, fs.Start, fs.Effect, fs.Target = f.Unit, g.C(f.Card).ID, f.Skill, f.Start, f.Effect, f.Target
			fs.Chosen, fs.Cause, fs.Pay, fs.BySkill, fs.ByUnit, fs.ByName = slices.Clone(f.Chosen), f.Cause, f.Pay, f.BySkill, f.ByUnit, f.ByName
			fs.BattleHeld = f.BattleHeld
			if f.From != table.NoZone {
				fs.From = table.ZoneNames[f.From]
			}
		}
		if f.Kind == FrameSkill && len(f.Revealed) > 0 {
			fs.Revealed, fs.RevealSeat = g.ids(f.Revealed), f.RevealSeat
		}
		if f.Kind == FrameSkill && len(f.Moved) > 0 {
			fs.Moved = g.ids(f.Moved)
		}
		pos.Pending = append(pos.Pending, fs)
	}
	pos.EndQueued = g.EndQueued
	return pos
}

// Bounds no rule gives: far above any match, low enough for the engine's
// own types.
const (
	maxUID     = 1 << 20 // a unit's uid, and the last one given
	maxPending = 64      // the entries of the pending stack
)

// Load reads a match back from a position's state.
func Load(rs *table.Ruleset, state *yaml.Node) (*Match, error) {
	var pos Position
	if err := play.Decode(state, &pos); err != nil {
		return nil, err
	}
	g, err := FromPosition(rs, &pos, state)
	if err != nil {
		return nil, err
	}
	return &Match{G: g}, nil
}

// loader checks a position while building a game; its errors name the
// field's path and, through the state's node, its line and column.
type loader struct {
	rs   *table.Ruleset
	node *yaml.Node
	pos  *Position
	g    *Game
}

func (l *loader) errf(path play.Path, format string, args ...any) error {
	return play.Errorf(l.node, path, format, args...)
}

func (l *loader) cards(path play.Path, ids []string) ([]int, error) {
	out := make([]int, 0, len(ids))
	for i, id := range ids {
		c := l.rs.CardIndex(id)
		if c < 0 {
			return nil, l.errf(path.With(i), "unknown card %s", phrase.Quote(id))
		}
		out = append(out, c)
	}
	return out, nil
}

func phaseOf(s string) (Phase, bool) {
	for i, n := range phaseNames {
		if n == s {
			return Phase(i), true
		}
	}
	return 0, false
}

// FromPosition builds a game from a position: decode, then check each
// field. node, when not nil, is the state's YAML, for lines in errors.
func FromPosition(rs *table.Ruleset, pos *Position, node *yaml.Node) (*Game, error) {
	l := &loader{rs: rs, node: node, pos: pos,
		g: &Game{RS: rs, Turn: pos.Turn, Active: pos.Active, First: pos.First, Over: pos.Over, Reason: pos.Reason, Winner: -1, NextUID: pos.NextUID, EndQueued: pos.EndQueued}}
	if err := l.header(); err != nil {
		return nil, err
	}
	uids := map[int]bool{}
	for i := range pos.Seats {
		if err := l.player(i, uids); err != nil {
			return nil, err
		}
	}
	g := l.g
	// Number units written without a uid.
	for _, p := range g.P {
		for _, u := range p.Field {
			g.NextUID = max(g.NextUID, u.UID)
		}
	}
	for _, p := range g.P {
		for _, u := range p.Field {
			if u.UID == 0 {
				g.NextUID++
				u.UID = g.NextUID
			}
		}
		p.Size = p.Cards()
	}
	if len(pos.Pending) > maxPending {
		return nil, l.errf(play.Path{"pending"}, "%d entries (at most %d)", len(pos.Pending), maxPending)
	}
	for k, fs := range pos.Pending {
		f, err := l.frame(g, k, fs)
		if err != nil {
			return nil, err
		}
		g.Pending = append(g.Pending, f)
	}
	if g.Over {
		g.Pending = nil
	}
	g.Run()
	return g, nil
}

// header: the turn, phase, seats, result and random source.
func (l *loader) header() error {
	g, pos := l.g, l.pos
	ph, ok := phaseOf(pos.Phase)
	if !ok {
		return l.errf(play.Path{"phase"}, "unknown phase %s (setup, beginning, bond, deployment, action, end)", phrase.Quote(pos.Phase))
	}
	g.Phase = ph
	if pos.Turn < 0 || pos.Turn > TurnLimit {
		return l.errf(play.Path{"turn"}, "%d is not 0 to %d", pos.Turn, TurnLimit)
	}
	for _, s := range []struct {
		name string
		v    int
	}{{"active", pos.Active}, {"first", pos.First}} {
		if s.v != 0 && s.v != 1 {
			return l.errf(play.Path{s.name}, "seat %d is not 0 or 1", s.v)
		}
	}
	if pos.NextUID < 0 || pos.NextUID > maxUID {
		return l.errf(play.Path{"next-uid"}, "%d is not 0 to %d", pos.NextUID, maxUID)
	}
	if len(pos.Seats) != 2 {
		return l.errf(play.Path{"players"}, "a match has 2 players, not %d", len(pos.Seats))
	}
	if pos.Winner != nil {
		if !pos.Over || *pos.Winner < 0 || *pos.Winner > 1 {
			return l.errf(play.Path{"winner"}, "a winner is seat 0 or 1 of a match that is over")
		}
		g.Winner = *pos.Winner
	}
	if pos.RNG == "" {
		g.pcg = rand.NewPCG(1, 0x9e3779b97f4a7c15)
	} else {
		b, err := hex.DecodeString(pos.RNG)
		g.pcg = &rand.PCG{}
		if err == nil {
			err = g.pcg.UnmarshalBinary(b)
		}
		if err != nil {
			return l.errf(play.Path{"rng"}, "not a random source's state written by this engine")
		}
	}
	g.Rng = rand.New(g.pcg)
	return nil
}

// player reads seat i: its zones, bonds, field and the cards it played.
func (l *loader) player(i int, uids map[int]bool) error {
	rs, g, ps := l.rs, l.g, l.pos.Seats[i]
	path := play.Path{"players", i}
	p := &Player{Name: ps.Name, DeckID: ps.DeckList, Spent: ps.Spent, Bonded: ps.Bonded, Locked: slices.Clone(ps.Locked)}
	if p.Name == "" {
		p.Name = fmt.Sprintf("P%d", i+1)
	}
	var err error
	for _, z := range []struct {
		key string
		ids []string
		dst *[]int
	}{{"deck", ps.Deck, &p.Deck}, {"hand", ps.Hand, &p.Hand}, {"retreat", ps.Retreat, &p.Retreat}, {"boundless", ps.Bound, &p.Bound}, {"orbs", ps.Orbs, &p.Orbs}, {"support", ps.Support, &p.Support}} {
		if *z.dst, err = l.cards(path.With(z.key), z.ids); err != nil {
			return err
		}
	}
	if len(p.Orbs) > OrbCount {
		return l.errf(path.With("orbs"), "%d orbs; a player has at most %d", len(p.Orbs), OrbCount)
	}
	if ps.OrbsUp < 0 || ps.OrbsUp > len(p.Orbs) {
		return l.errf(path.With("orbs-face-up"), "%d face-up orbs of %d", ps.OrbsUp, len(p.Orbs))
	}
	p.OrbsUp = ps.OrbsUp
	if ps.OrbsSeen < 0 || ps.OrbsUp+ps.OrbsSeen > len(p.Orbs) {
		return l.errf(path.With("orbs-seen"), "%d looked-at orbs of %d face down", ps.OrbsSeen, len(p.Orbs)-ps.OrbsUp)
	}
	p.OrbsSeen = ps.OrbsSeen
	p.Broken = max(0, OrbCount-len(p.Orbs))
	if g.Phase == Setup {
		p.Broken = 0
	}
	if ps.Broken != nil {
		p.Broken = *ps.Broken
		if p.Broken < 0 || p.Broken > OrbCount || len(p.Orbs)+p.Broken != OrbCount && g.Phase != Setup {
			return l.errf(path.With("orbs-broken"), "%d orbs broken with %d left; they make %d", p.Broken, len(p.Orbs), OrbCount)
		}
	}
	for k, b := range ps.Bonds {
		c := rs.CardIndex(b.Card)
		if c < 0 {
			return l.errf(path.With("bonds", k, "card"), "unknown card %s", phrase.Quote(b.Card))
		}
		p.Bonds = append(p.Bonds, Bond{Card: c, Reversed: b.FaceDown})
	}
	// A cost may send bonds away after others were spent, so spent can
	// pass the bonds left; it never passes the bonds a player had this
	// turn, which are at most the bonds and the cards they left for.
	if most := len(p.Bonds) + len(p.Retreat) + len(p.Hand); p.Spent < 0 || p.Spent > most {
		return l.errf(path.With("spent"), "%d bonds' worth spent, with %d bonds (and %d cards they could have gone to)", p.Spent, len(p.Bonds), most-len(p.Bonds))
	}
	for k, us := range ps.Field {
		u, err := l.unit(g, path.With("field", k), us, uids)
		if err != nil {
			return err
		}
		if j := slices.IndexFunc(p.Field, func(o *Unit) bool { return g.sharesName(o.Card(), u.Card()) }); j >= 0 && !g.sameNameOK(u.Card()) {
			return l.errf(path.With("field", k), "a second unit named %s (the first is field[%d]): one unit per unit name", g.C(u.Card()).Unit, j)
		}
		p.Field = append(p.Field, u)
	}
	mains := 0
	for _, u := range p.Field {
		if u.Main {
			mains++
		}
	}
	if mains != 1 {
		return l.errf(path.With("field"), "%d units are marked main; a player has exactly one main character", mains)
	}
	if err := l.deckList(p, path); err != nil {
		return err
	}
	// The cards that entered play: as listed, and those of the field and
	// the bonds.
	if p.Played, err = l.cards(path.With("played"), ps.Played); err != nil {
		return err
	}
	for k, c := range p.Played {
		if slices.Contains(p.Played[:k], c) {
			return l.errf(path.With("played", k), "card %s is listed twice", ps.Played[k])
		}
	}
	for _, u := range p.Field {
		for _, c := range u.Stack {
			if !slices.Contains(p.Played, c) {
				p.Played = append(p.Played, c)
			}
		}
	}
	for _, b := range p.Bonds {
		if !slices.Contains(p.Played, b.Card) {
			p.Played = append(p.Played, b.Card)
		}
	}
	g.P[i] = p
	return nil
}

func (l *loader) unit(g *Game, path play.Path, us UnitState, uids map[int]bool) (*Unit, error) {
	if len(us.Stack) == 0 {
		return nil, l.errf(path.With("stack"), "a unit is a stack of at least one card")
	}
	st, err := l.cards(path.With("stack"), us.Stack)
	if err != nil {
		return nil, err
	}
	u := &Unit{UID: us.UID, Stack: st, Tapped: us.Tapped, Main: us.Main, ClassChanged: us.ClassChanged, Grown: us.Grown, Used: slices.Clone(us.Used), Attacked: us.Attacked}
	for mi, ms := range us.Mods {
		m := Mod{Attack: int16(ms.Attack), Double: ms.Double, MinRange: int8(ms.MinRange), MaxRange: int8(ms.MaxRange),
			Unevadable: ms.Unevadable, UnevadableMain: ms.UnevadableMain, UnevadableCost: int8(ms.UnevadableCost), NoEvade: ms.NoEvade, NoCrit: ms.NoCritical,
			Shield: ms.Indestructible, ShieldCost: int8(ms.ShieldCost), BackLine: ms.BackLine, Orbs: int8(ms.Orbs), Ends: ms.Ends, Battle: ms.Battle, Lose: slices.Clone(ms.Lose), LoseAll: ms.LoseAll}
		if ms.GrantCard != "" {
			c := l.rs.CardIndex(ms.GrantCard)
			if c < 0 {
				return nil, l.errf(path.With("mods", mi, "grant-card"), "unknown card %s", phrase.Quote(ms.GrantCard))
			}
			m.GrantCard = c + 1
		}
		if ms.Grant != "" {
			k, ok := l.keyOf(ms.Grant)
			if !ok || !g.skill(skillRef{Card: (k - acquiredBase) / skillSpan, Skill: (k - acquiredBase) % skillSpan}).Granted {
				return nil, l.errf(path.With("mods", mi, "grant"), "%s is not a card id and one of its granted skills (card-id:index)", phrase.Quote(ms.Grant))
			}
			m.Grant = k
		}
		for fi, n := range ms.Flags {
			b := slices.Index(table.FlagNames[:], n)
			if b < 0 {
				return nil, l.errf(path.With("mods", mi, "flags", fi), "unknown flag %s (%v)", phrase.Quote(n), table.FlagNames)
			}
			m.Flags |= 1 << uint(b)
		}
		for ai, n := range ms.Acquire {
			k := slices.Index(table.EmblemNames[:], n)
			if k < 0 {
				return nil, l.errf(path.With("mods", mi, "acquire", ai), "unknown emblem %s", phrase.Quote(n))
			}
			m.Acquire |= 1 << uint(k)
		}
		if ms.Attack < -200 || ms.Attack > 200 || ms.MinRange < 0 || ms.MaxRange > 3 || ms.MinRange > ms.MaxRange || ms.Orbs < 0 || ms.Orbs > 5 ||
			ms.Ends < 0 || ms.Ends > TurnLimit+1 || ms.ShieldCost < 0 || ms.ShieldCost > 99 || ms.UnevadableCost < 0 || ms.UnevadableCost > 99 {
			return nil, l.errf(path.With("mods", mi), "a mod out of range (attack -200..200, range 1..3, orbs 0..5, shield cost 0..99, ends a turn)")
		}
		u.Mods = append(u.Mods, m)
	}
	for k, s := range us.UsedAcquired {
		key, ok := l.keyOf(s)
		if !ok {
			return nil, l.errf(path.With("used-acquired", k), "%s is not a card id and one of its skills (card-id:index)", phrase.Quote(s))
		}
		u.Used = append(u.Used, key)
	}
	for k, si := range us.Used {
		if si < 0 || si >= len(g.C(u.Card()).Skills) || g.C(u.Card()).Skills[si].Granted {
			return nil, l.errf(path.With("used", k), "card %s has no skill %d (of its own)", us.Stack[len(us.Stack)-1], si)
		}
	}
	switch us.Area {
	case "vanguard":
		u.Area = Vanguard
	case "rearguard":
		u.Area = Rearguard
	default:
		return nil, l.errf(path.With("area"), "area %s is not vanguard or rearguard", phrase.Quote(us.Area))
	}
	if u.UID < 0 || u.UID > maxUID || uids[u.UID] {
		return nil, l.errf(path.With("uid"), "uid %d is not 0 to %d, or is taken by another unit", u.UID, maxUID)
	}
	if u.UID > 0 {
		uids[u.UID] = true
	}
	return u, nil
}

// deckList: a player's cards, in every zone, are the deck list it plays
// (when named), each card once; without one, no more than the largest deck
// list of the content holds.
func (l *loader) deckList(p *Player, path play.Path) error {
	all := slices.Concat(p.Deck, p.Hand, p.Retreat, p.Bound, p.Orbs, p.Support)
	for _, b := range p.Bonds {
		all = append(all, b.Card)
	}
	for _, u := range p.Field {
		all = append(all, u.Stack...)
	}
	if p.DeckID == "" {
		most := 0
		for _, d := range l.rs.Decks {
			n := 0
			for _, e := range d.Cards {
				n += int(e.Count)
			}
			most = max(most, n)
		}
		if len(l.rs.Decks) > 0 && len(all) > most {
			return l.errf(path, "%d cards, but the largest deck list of the content has %d", len(all), most)
		}
		return nil
	}
	di := l.rs.DeckIndex(p.DeckID)
	if di < 0 {
		var ids []string
		for _, d := range l.rs.Decks {
			ids = append(ids, d.ID)
		}
		return l.errf(path.With("deck-list"), "no deck %s (decks: %s)", phrase.Quote(p.DeckID), strings.Join(ids, ", "))
	}
	left := map[int]int{}
	n := 0
	for _, e := range l.rs.Decks[di].Cards {
		left[int(e.Card)] += int(e.Count)
		n += int(e.Count)
	}
	for _, c := range all {
		if left[c]--; left[c] < 0 {
			return l.errf(path, "card %s is in more places than deck %s has copies of it", l.rs.Cards[c].ID, p.DeckID)
		}
	}
	if len(all) != n {
		return l.errf(path, "%d cards in all, but deck %s has %d: %s", len(all), p.DeckID, n, missing(l.rs, left))
	}
	return nil
}

// missing lists the cards a deck has left over (for messages), at most a
// few.
func missing(rs *table.Ruleset, left map[int]int) string {
	var ids []string
	for c, k := range left {
		for range k {
			ids = append(ids, rs.Cards[c].ID)
		}
	}
	slices.Sort(ids)
	if len(ids) > 5 {
		return strings.Join(ids[:5], ", ") + fmt.Sprintf(" and %d more are nowhere", len(ids)-5)
	}
	return strings.Join(ids, ", ") + " nowhere"
}

func (l *loader) frame(g *Game, k int, fs FrameState) (*Frame, error) {
	path := func(key string) play.Path { return play.Path{"pending", k, key} }
	f := &Frame{Seat: fs.Seat, Step: fs.Step, N: fs.N, Attacker: fs.Attacker, Defender: fs.Defender, ASup: fs.ASup, DSup: fs.DSup,
		ASupCard: -1, DSupCard: -1, Critical: fs.Critical, Evaded: fs.Evaded, Defeated: fs.Defeated, Unit: fs.Unit, Skill: fs.Skill,
		Start: fs.Start, Effect: fs.Effect, Target: fs.Target, Chosen: slices.Clone(fs.Chosen), Cause: fs.Cause, Pay: fs.Pay, BySkill: fs.BySkill,
		ByUnit: fs.ByUnit, ByName: fs.ByName, BattleHeld: fs.BattleHeld}
	kind := slices.Index(frameNames[:], fs.Kind)
	if kind < 0 {
		return nil, l.errf(path("kind"), "unknown kind %s (%v)", phrase.Quote(fs.Kind), frameNames)
	}
	f.Kind = FrameKind(kind)
	if fs.Seat != 0 && fs.Seat != 1 {
		return nil, l.errf(path("seat"), "seat %d is not 0 or 1", fs.Seat)
	}
	if fs.Step < 0 || fs.N < 0 || fs.N > 99 {
		return nil, l.errf(path("step"), "step is not negative and n is 0 to 99")
	}
	if fs.ASup < 0 || fs.ASup > 999 || fs.DSup < 0 || fs.DSup > 999 {
		return nil, l.errf(path("attack-support"), "support values are 0 to 999")
	}
	if fs.BySkill < 0 || fs.BySkill > 2 {
		return nil, l.errf(path("by-skill"), "by-skill is 0 (not a skill), 1 or 2 (1 + the seat)")
	}
	if fs.ByUnit < 0 || fs.ByUnit > g.NextUID {
		return nil, l.errf(path("by-unit"), "no unit has uid %d (the last uid given is %d)", fs.ByUnit, g.NextUID)
	}
	if len(fs.Chosen) > 64 {
		return nil, l.errf(path("chosen"), "%d units chosen (at most 64)", len(fs.Chosen))
	}
	for j, uid := range fs.Chosen {
		if uid < 0 || uid > g.NextUID {
			return nil, l.errf(play.Path{"pending", k, "chosen", j}, "no unit has uid %d (the last uid given is %d)", uid, g.NextUID)
		}
	}
	// A unit a frame names may have left the field since (a defender
	// destroyed before its battle ends); need says it must be there.
	unit := func(key string, uid int, need bool) error {
		if uid < 0 || uid > g.NextUID {
			return l.errf(path(key), "no unit has uid %d (the last uid given is %d)", uid, g.NextUID)
		}
		if u, _ := g.unit(uid); u == nil && need {
			return l.errf(path(key), "no unit has uid %d", uid)
		}
		return nil
	}
	card := func(key, id string) (int, error) {
		c := g.RS.CardIndex(id)
		if c < 0 {
			return 0, l.errf(path(key), "unknown card %s", phrase.Quote(id))
		}
		return c, nil
	}
	switch f.Kind {
	case FrameBattle:
		if err := unit("attacker", fs.Attacker, fs.Step < battleAfter); err != nil {
			return nil, err
		}
		if err := unit("defender", fs.Defender, fs.Step < battleDamage); err != nil {
			return nil, err
		}
		if a, p := g.unit(fs.Attacker); a != nil && p != fs.Seat {
			return nil, l.errf(path("attacker"), "the attacker is not seat %d's unit", fs.Seat)
		}
		if d, p := g.unit(fs.Defender); d != nil && p != Opp(fs.Seat) {
			return nil, l.errf(path("defender"), "the defender is not the other seat's unit")
		}
		if fs.Step > battleEnd {
			return nil, l.errf(path("step"), "a battle has steps 0 to %d", battleEnd)
		}
		var err error
		if fs.ASupCard != "" {
			if f.ASupCard, err = card("attack-support-card", fs.ASupCard); err != nil {
				return nil, err
			}
		}
		if fs.DSupCard != "" {
			if f.DSupCard, err = card("defense-support-card", fs.DSupCard); err != nil {
				return nil, err
			}
		}
		for _, id := range fs.Kept {
			c, err := card("kept", id)
			if err != nil {
				return nil, err
			}
			if !slices.Contains(g.P[0].Support, c) && !slices.Contains(g.P[1].Support, c) {
				return nil, l.errf(path("kept"), "card %s is kept and not in a support area", phrase.Quote(id))
			}
			f.Kept = append(f.Kept, c)
		}
	case FrameCritical, FrameEvade:
		if g.battle() == nil {
			return nil, l.errf(path("kind"), "a %s decision needs a battle before it in pending", fs.Kind)
		}
	case FrameRedraw:
	case FrameOrbBreak:
		if fs.N < 1 || fs.N > len(g.P[fs.Seat].Orbs) {
			return nil, l.errf(path("n"), "an orb-break decision breaks 1 to %d orbs (seat %d's), not %d", len(g.P[fs.Seat].Orbs), fs.Seat, fs.N)
		}
	case FrameOrder:
		if fs.N < 2 || fs.N > len(g.Pending) {
			return nil, l.errf(path("n"), "an order decision orders 2 or more skills waiting under it, not %d (%d frames under it)", fs.N, len(g.Pending))
		}
		for _, b := range g.Pending[len(g.Pending)-fs.N:] {
			if b.Kind != FrameSkill || b.Seat != fs.Seat {
				return nil, l.errf(path("n"), "an order decision orders seat %d's skill frames: the %d frames under it must be", fs.Seat, fs.N)
			}
		}
	default:
		if fs.Card == "" && !fs.Pay && (f.Kind == FrameFlip || f.Kind == FrameDiscard) {
			f.Card = -1
			return f, nil // a flip or discard of its own
		}
		c, err := card("card", fs.Card)
		if err != nil {
			return nil, err
		}
		f.Card = c
		ss := g.C(c).Skills
		if fs.Skill < 0 || fs.Skill >= len(ss) || fs.Effect < 0 || fs.Effect >= len(ss[fs.Skill].Effects) || fs.Start < 0 || fs.Start > fs.Effect {
			return nil, l.errf(path("skill"), "card %s has no skill %d effect %d (from %d)", fs.Card, fs.Skill, fs.Effect, fs.Start)
		}
		if fs.Step > stepDone {
			return nil, l.errf(path("step"), "a skill has steps 0 to %d", stepDone)
		}
		if err := unit("unit", fs.Unit, false); err != nil {
			return nil, err
		}
		switch fs.From {
		case "":
		case "bonds", "hand":
			f.From = table.InBonds
			if fs.From == "hand" {
				f.From = table.InHand
			}
			// A unit card's auto skill "When this card is placed in your
			// Bond Area" resolves from there too.
			placedAuto := f.From == table.InBonds && ss[fs.Skill].Type == table.Auto
			if want := map[table.Zone]table.SkillType{table.InBonds: table.Bond, table.InHand: table.Hand}[f.From]; ss[fs.Skill].Type != want && !placedAuto || fs.Unit != 0 {
				return nil, l.errf(path("from"), "from %s: a %s skill of no unit, not %s's %s skill", fs.From, table.SkillTypeNames[want], fs.Card, ss[fs.Skill].Type)
			}
		default:
			return nil, l.errf(path("from"), "from is bonds or hand (a bond or hand skill's card), not %s", phrase.Quote(fs.From))
		}
		if err := unit("target", fs.Target, false); err != nil {
			return nil, err
		}
		if err := unit("cause", fs.Cause, false); err != nil {
			return nil, err
		}
		e := &ss[fs.Skill].Effects[fs.Effect]
		needs := map[FrameKind]bool{FrameTarget: e.Target != nil, FrameTapCost: e.PayTap != nil, FrameRetrieve: e.Retrieve != nil,
			FramePut: e.Put != nil, FrameDestroyCost: e.PayDestroy != nil, FrameBondCost: e.PayBonds != nil, FrameOrbCost: e.PayOrbs > 0 || e.DestroyOrbs > 0 || e.SendOrbs > 0,
			FrameUnflip: e.UnflipBonds > 0, FrameGrowCost: e.PayGrowth != nil, FrameBanishCost: e.PayBanish != nil,
			FrameOrbFlip: e.PayOrbsUp > 0 || e.FlipOrbs > 0 || e.FlipOrbsUp > 0, FrameOrbLook: e.LookOrbs > 0 && e.LookUpTo, FrameRevealCost: e.PayReveal != nil || e.PayShow != nil, FrameSendOrder: e.SendOrdered}
		if ok, has := needs[f.Kind]; has && !ok {
			return nil, l.errf(path("kind"), "a %s decision for an effect of %s that has none", fs.Kind, fs.Card)
		}
		if f.Kind != FrameSkill && !g.servesSkill(f, fs.Pay, e.CritAlt || e.EvadeAlt) && f.Kind != FrameDiscard {
			return nil, l.errf(path("kind"), "a %s decision needs the skill it serves before it in pending", fs.Kind)
		}
		if len(fs.Revealed) > 0 {
			if f.Kind != FrameSkill || fs.RevealSeat < 0 || fs.RevealSeat > 1 {
				return nil, l.errf(path("revealed"), "cards are revealed by a skill frame, on seat 0's or 1's deck")
			}
			var err error
			if f.Revealed, err = l.cards(path("revealed"), fs.Revealed); err != nil {
				return nil, err
			}
			f.RevealSeat = fs.RevealSeat
		}
		if len(fs.Moved) > 0 {
			if f.Kind != FrameSkill {
				return nil, l.errf(path("moved"), "cards are moved by a skill frame")
			}
			var err error
			if f.Moved, err = l.cards(path("moved"), fs.Moved); err != nil {
				return nil, err
			}
		}
	}
	return f, nil
}

// servesSkill reports whether decision frame f sits on the skill frame it
// serves: directly, or (a cost, pay) over the other cost decisions of the
// same skill, which the engine pushes together (a flip over a discard); a
// permanent skill's other cost of a critical hit or evasion (alt) is paid
// over the battle.
func (g *Game) servesSkill(f *Frame, pay, alt bool) bool {
	for i := len(g.Pending) - 1; i >= 0; i-- {
		b := g.Pending[i]
		if b.Kind == FrameSkill || alt && pay && b.Kind == FrameBattle {
			return true
		}
		if !pay || !b.Pay || b.Unit != f.Unit || b.Card != f.Card || b.Skill != f.Skill || b.Effect != f.Effect {
			return false
		}
	}
	return false
}

// keyText is an acquired skill's key as a position writes it,
// "card-id:index" ("" for none).
func (g *Game) keyText(key int) string {
	if c, s, ok := g.splitKey(key); ok {
		return fmt.Sprintf("%s:%d", g.C(c).ID, s)
	}
	return ""
}

// keyOf reads "card-id:index" as an acquired skill's key.
func (l *loader) keyOf(s string) (int, bool) {
	id, n, ok := strings.Cut(s, ":")
	c := l.rs.CardIndex(id)
	si, err := strconv.Atoi(n)
	if !ok || c < 0 || err != nil || si < 0 || si >= len(l.rs.Cards[c].Skills) || si >= skillSpan {
		return 0, false
	}
	return acquiredKey(c, si), true
}

// cardID is the id of card c-1 ("" for 0).
func (g *Game) cardID(c int) string {
	if c <= 0 {
		return ""
	}
	return g.C(c - 1).ID
}
