package tropera

import (
	"fmt"
	"slices"
	"strings"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// Sides of a battle: the seats of its match.
const (
	Party = 0
	Enemy = 1
)

// SideNames are the seats' names.
var SideNames = [2]string{"party", "enemy"}

// Battle is a battle on a map in progress: a play.Match with two seats,
// the party (the players) and the enemy (the GM, whose choices the
// rulebook's enemy levels govern).
type Battle struct {
	rs    *table.Ruleset
	bi    int
	def   *table.Battle
	m     *table.Map
	nbrs  [][]int  // each tile's neighbours (moves.go), shared by clones
	names []string // the tiles' names (shared by clones)
	Units []*BUnit
	// The map as it is now: terrain per tile (destroyed walls, opened
	// doors), hit points left on destructible tiles, searched houses,
	// charges left on siege weapons.
	tiles    []int16
	tileHP   []int8
	searched []bool
	siege    []int
	// Storage holds what was found with no room to carry it.
	storage []string

	round     int
	phase     int // the side acting
	deploying bool
	active    int // the unit in mid-turn, -1 for none
	pending   *pending
	trigger   *trigger
	over      bool
	result    play.Result

	dice   *Seeded
	quiet  bool
	events []play.Event
	legal  []act
	fresh  bool     // legal is current
	sc     *scratch // moves.go; never shared with a clone
}

// BUnit is one unit on a battle's map.
type BUnit struct {
	Unit
	ID     string
	ci     int16
	Number int         // enemies: 1 and up
	Level  table.Level // enemies
	At     int         // tile; -1 off the map (carried, escaped, defeated)
	// Carried weapons and items with their charges left (-1: unlimited).
	Weapons []Carry
	Items   []Carry
	Equip   int16 // the equipped weapon (rs.Weapons index); -1: none
	Off     string
	// Carrier and Passenger are unit indexes, -1 for none; Embarked the
	// siege space, -1 for none.
	Carrier, Passenger, Embarked int
	T                            Turn
	Statuses                     []Status
	Prepared                     *Prepared
	Revived                      int // the round it was healed from a critical wound
	Placed                       bool
	Refreshed                    bool // acted again this phase (a performance)
	base                         table.Stats
}

// Carry is one carried weapon or item.
type Carry struct {
	ID   int16
	Uses int // -1: unlimited
}

// Turn is what a unit has done on its turn this phase.
type Turn struct {
	Acted  bool // took an action
	Moved  bool
	Extra  bool // may move again: after Dash, or (Canto) after a main action
	Spent  int  // movement spent
	Dashed bool
	Main   bool
	Bonus  bool
	Done   bool
}

// Status is a condition with its time: it holds from phase From (counted
// from 0: round r's party phase is 2(r-1), its enemy phase 2(r-1)+1) until
// the start of phase Until.
type Status struct {
	Kind  string // defend, guard-break, grappled, slowed, overload, provoked, shade, boost:PERFORMANCE, ITEM:STAT
	By    int    // the unit that caused it, -1
	Value int
	Boost table.Boost
	Stat  int // a stat it raises by Value (items), 0 for none
	Fade  int // lost at the start of each of the bearer's phases (Pure Water)
	From  int
	Until int // 0: until its value fades to nothing
}

// Prepared is a Prepare Attack: the weapon and the designated tiles.
type Prepared struct {
	Weapon int16
	Tiles  []int
}

// pending is a decision the rules ask for in the middle of an action.
type pending struct {
	Kind    string // "cleave"
	Unit    int
	Penalty int
	Struck  []int // units struck in this chain
}

// trigger is a prepared attack waiting for its moment: the foe entered a
// designated tile; it fires after the foe's next action if that is an
// attack, before it otherwise.
type trigger struct{ Preparer, Mover int }

// phaseNo is the number of the current phase.
func (b *Battle) phaseNo() int { return 2*(b.round-1) + b.phase }

// nextPhase is the first phase of side s after phase p.
func nextPhase(p, s int) int {
	if p%2 == s {
		return p + 2
	}
	return p + 1
}

// Rules is the ruleset the battle plays.
func (b *Battle) Rules() *table.Ruleset { return b.rs }

// Def is the battle's definition.
func (b *Battle) Def() *table.Battle { return b.def }

// Map is the battle's map.
func (b *Battle) Map() *table.Map { return b.m }

// Round is the round being played.
func (b *Battle) Round() int { return b.round }

// Phase is the side acting.
func (b *Battle) Phase() int { return b.phase }

// Active is the unit in mid-turn, or nil.
func (b *Battle) Active() *BUnit {
	if b.active < 0 {
		return nil
	}
	return b.Units[b.active]
}

// Terrain is the terrain of tile t now.
func (b *Battle) Terrain(t int) *table.Terrain { return &b.rs.Terrain[b.tiles[t]] }

// TileHP is what is left of a destructible tile.
func (b *Battle) TileHP(t int) int { return int(b.tileHP[t]) }

// UnitAt is the unit on tile t, or -1.
func (b *Battle) UnitAt(t int) int {
	for i, u := range b.Units {
		if u.At == t {
			return i
		}
	}
	return -1
}

// Unit finds a unit by id.
func (b *Battle) Unit(id string) *BUnit {
	for _, u := range b.Units {
		if u.ID == id {
			return u
		}
	}
	return nil
}

// Standing reports whether u is on the map (or carried) and above 0 HP.
func (u *BUnit) Standing() bool { return u.Off == "" && u.HP > 0 }

// Present reports whether u is still in the battle: on the map or carried.
func (u *BUnit) Present() bool { return u.Off == "" }

// NewBattle sets battle bi up with the given seed: enemies on their tiles,
// the party to be placed (units with a tile of their own are placed).
func NewBattle(rs *table.Ruleset, bi int, seed uint64, quiet bool) (*Battle, error) {
	if bi < 0 || bi >= len(rs.Battles) {
		return nil, fmt.Errorf("no battle %d", bi)
	}
	b := newShell(rs, bi)
	b.dice = NewSeeded(int64(seed))
	b.quiet = quiet
	used := map[string]int{}
	add := func(p table.Placed, side int) {
		c := &rs.Characters[p.Character]
		u := &BUnit{ci: p.Character, Number: int(p.Number), Level: p.Level, At: int(p.Tile), Equip: p.Weapon,
			Carrier: -1, Passenger: -1, Embarked: -1}
		u.Char, u.Side, u.Beast = c, side, p.Beast
		u.ID = c.ID
		if side == Enemy {
			u.ID = fmt.Sprintf("%s-%d", c.ID, p.Number)
		}
		used[u.ID]++
		weapons, items := c.Weapons, c.Items
		if p.Weapons != nil {
			weapons = p.Weapons
		}
		if p.Items != nil {
			items = p.Items
		}
		for _, w := range weapons {
			u.Weapons = append(u.Weapons, Carry{ID: w, Uses: table.Charges(rs.Weapons[w].Charges)})
		}
		for _, it := range items {
			u.Items = append(u.Items, Carry{ID: it, Uses: table.Charges(rs.Items[it].Charges)})
		}
		b.Units = append(b.Units, u)
		b.rederive(len(b.Units) - 1)
		u.HP = int(u.Stats[table.HP])
		u.Placed = u.At >= 0
	}
	for _, p := range b.def.Party {
		add(p, Party)
	}
	for _, p := range b.def.Enemies {
		add(p, Enemy)
	}
	for id, n := range used {
		if n > 1 {
			return nil, fmt.Errorf("battle %s: two units are called %s", b.def.ID, id)
		}
	}
	b.round, b.phase = 1, Party
	b.deploying = true
	b.note(-1, "battle", "%s on %s (%dx%d): %s; round limit %d", b.def.Name, b.m.Name, b.m.Width, b.m.Height, b.objectiveText(), b.def.Rounds)
	b.afterDeploy()
	return b, nil
}

func newShell(rs *table.Ruleset, bi int) *Battle {
	b := &Battle{rs: rs, bi: bi, def: &rs.Battles[bi], active: -1}
	b.m = &rs.Maps[b.def.Map]
	b.nbrs = sharedNeighbourLists(int(b.m.Width), int(b.m.Height))
	for t := range b.m.Tiles {
		b.names = append(b.names, b.m.TileName(t))
	}
	b.tiles = slices.Clone(b.m.Tiles)
	b.tileHP = make([]int8, len(b.tiles))
	for t, tr := range b.tiles {
		b.tileHP[t] = rs.Terrain[tr].HP
	}
	b.searched = make([]bool, len(b.m.Houses))
	for _, s := range b.m.Siege {
		b.siege = append(b.siege, table.Charges(rs.Weapons[s.Weapon].Charges))
	}
	return b
}

// rederive works unit i's stats out again (its form changed).
func (b *Battle) rederive(i int) {
	u := b.Units[i]
	u.derive(b.rs)
	u.base = u.Stats
}

// afterDeploy starts round 1 once every party unit is placed.
func (b *Battle) afterDeploy() {
	if !b.deploying {
		return
	}
	for _, u := range b.Units {
		if !u.Placed {
			return
		}
	}
	b.deploying = false
	b.startRound()
}

func (b *Battle) objectiveText() string {
	var tiles []string
	for _, t := range b.def.Tiles {
		tiles = append(tiles, b.m.TileName(int(t)))
	}
	switch b.def.Objective {
	case table.Seize:
		return "seize " + strings.Join(tiles, " ")
	case table.Defend:
		if len(tiles) == 0 {
			return fmt.Sprintf("hold out %d rounds", b.def.Hold)
		}
		return fmt.Sprintf("defend %s for %d rounds", strings.Join(tiles, " "), b.def.Hold)
	case table.Escape:
		return "escape by " + strings.Join(tiles, " ")
	}
	return "rout the enemy"
}

// note records an event (unless quiet).
func (b *Battle) note(seat int, kind, format string, args ...any) {
	if b.quiet {
		return
	}
	b.events = append(b.events, play.Event{Turn: b.round, Seat: seat, Kind: kind, Text: fmt.Sprintf(format, args...)})
}

// noteData records an event with structured detail.
func (b *Battle) noteData(seat int, kind string, data any, format string, args ...any) {
	if b.quiet {
		return
	}
	b.events = append(b.events, play.Event{Turn: b.round, Seat: seat, Kind: kind, Text: fmt.Sprintf(format, args...), Data: data})
}

// startRound begins a round: critical wounds count down, Miracle readies,
// and the party's phase begins; past the round limit the battle is a draw.
func (b *Battle) startRound() {
	if b.over {
		return
	}
	if b.round > int(b.def.Rounds) {
		b.end(play.Draw(fmt.Sprintf("the round limit of %d passed", b.def.Rounds)))
		return
	}
	for _, u := range b.Units {
		if !u.Present() {
			continue
		}
		was := u.Crippled
		u.NewRound()
		if u.Crippled && !was {
			b.note(u.Side, "crippled", "%s was not healed in time: Crippled for the rest of the battle", u.ID)
		}
	}
	b.phase = Party
	if !b.quiet {
		b.events = append(b.events, play.Event{Turn: b.round, Seat: -1, Kind: "board", Text: b.Board(), Data: b.boardData()})
	}
	b.startPhase(Party)
}

// startPhase begins side's phase: statuses run out, Shield readies, the
// side's units heal on healing terrain and ready their turns.
func (b *Battle) startPhase(side int) {
	b.phase = side
	p := b.phaseNo()
	b.note(side, "phase", "round %d: %s phase", b.round, SideNames[side])
	for i, u := range b.Units {
		u.NewPhase()
		u.Refreshed = false
		kept := u.Statuses[:0]
		for _, s := range u.Statuses {
			switch {
			case s.Fade > 0 && u.Side == side:
				s.Value -= s.Fade
				if s.Value > 0 {
					kept = append(kept, s)
				}
			case s.Until > 0 && p >= s.Until:
			default:
				kept = append(kept, s)
			}
		}
		u.Statuses = kept
		if u.Side != side {
			continue
		}
		if u.Prepared != nil {
			u.Prepared = nil
		}
		u.T = Turn{}
		if u.At >= 0 && u.HP > 0 {
			if h := int(b.Terrain(u.At).Healing); h > 0 {
				if u.Combat.Guerilla {
					h++
				}
				if n := b.heal(i, h+u.fastHealing()); n > 0 {
					b.note(side, "heal", "%s recovers %d HP on %s (%d/%d)", u.ID, n, b.Terrain(u.At).Name, u.HP, u.Stats[table.HP])
				}
			}
		}
	}
	b.active = -1
	b.fresh = false
	if !b.anyCanStart() {
		b.endPhase()
	}
}

// endPhase ends the acting side's phase: the defended tiles are judged
// after the enemy's, and the next phase (or round) begins.
func (b *Battle) endPhase() {
	if b.over {
		return
	}
	b.fireTrigger()
	b.active = -1
	b.pending = nil
	if b.phase == Party {
		b.startPhase(Enemy)
		return
	}
	if b.def.Objective == table.Defend {
		for _, t := range b.def.Tiles {
			if k := b.UnitAt(int(t)); k >= 0 && b.Units[k].Side == Enemy {
				b.end(play.Win(fmt.Sprintf("%s holds %s", b.Units[k].ID, b.m.TileName(int(t))), Enemy))
				return
			}
		}
		if b.round >= int(b.def.Hold) {
			b.end(play.Win(fmt.Sprintf("the party held out %d rounds", b.def.Hold), Party))
			return
		}
	}
	b.round++
	b.startRound()
}

func (b *Battle) end(r play.Result) {
	if b.over {
		return
	}
	b.over, b.result = true, r
	b.active, b.pending, b.trigger = -1, nil, nil
	b.fresh = false
	won := "draw"
	if len(r.Winners) > 0 {
		won = SideNames[r.Winners[0]] + " wins"
	}
	b.note(-1, "over", "%s: %s", won, r.Reason)
	if !b.quiet {
		b.events = append(b.events, play.Event{Turn: b.round, Seat: -1, Kind: "board", Text: b.Board(), Data: b.boardData()})
	}
}

// judge ends the battle when a side has won by the objective or the party
// has fallen.
func (b *Battle) judge() {
	if b.over || b.deploying {
		return
	}
	standing, escaped := 0, 0
	enemies := 0
	for _, u := range b.Units {
		switch {
		case u.Side == Party && u.Off == "escaped":
			escaped++
		case u.Side == Party && u.Standing():
			standing++
		case u.Side == Enemy && u.Standing():
			enemies++
		}
	}
	if standing == 0 {
		if b.def.Objective == table.Escape && escaped > 0 {
			b.end(play.Win(fmt.Sprintf("%d escaped; the rest lie wounded", escaped), Party))
			return
		}
		b.end(play.Win("the party has fallen", Enemy))
		return
	}
	if b.def.Objective == table.Rout && enemies == 0 {
		b.end(play.Win("every enemy is defeated", Party))
	}
}

// heal restores up to n HP to unit i; it returns what was restored.
func (b *Battle) heal(i, n int) int {
	u := b.Units[i]
	n = max(0, min(n, int(u.Stats[table.HP])-u.HP))
	if n == 0 {
		return 0
	}
	if u.HP <= 0 {
		u.Revived = b.round
		b.note(u.Side, "revive", "%s is healed from a critical wound; it may move but not act this turn", u.ID)
	}
	u.HP += n
	return n
}

// fastHealing is Fast Healer's bonus to healing received: a quarter of the
// level, at least 1.
func (u *BUnit) fastHealing() int {
	if !u.Combat.FastHealer {
		return 0
	}
	return max(1, int(u.Char.Level)/4)
}

// Seats implements play.Match.
func (b *Battle) Seats() []play.Seat {
	return []play.Seat{{Index: Party, Name: "party"}, {Index: Enemy, Name: "enemy"}}
}

// ToMove implements play.Match.
func (b *Battle) ToMove() int {
	if b.over {
		return -1
	}
	if b.deploying {
		return Party
	}
	return b.phase
}

// Over implements play.Match.
func (b *Battle) Over() bool { return b.over }

// Result implements play.Match.
func (b *Battle) Result() play.Result { return b.result }

// Turn implements play.Match: the round.
func (b *Battle) Turn() int { return b.round }

// Events implements play.Match.
func (b *Battle) Events() []play.Event {
	e := b.events
	b.events = nil
	return e
}

// Clone implements play.Match.
func (b *Battle) Clone() play.Match { return b.clone() }

func (b *Battle) clone() *Battle {
	c := *b
	c.Units = make([]*BUnit, len(b.Units))
	for i, u := range b.Units {
		x := *u
		x.Feats = slices.Clone(u.Feats)
		x.Weapons = slices.Clone(u.Weapons)
		x.Items = slices.Clone(u.Items)
		x.Statuses = slices.Clone(u.Statuses)
		if u.Prepared != nil {
			p := *u.Prepared
			p.Tiles = slices.Clone(p.Tiles)
			x.Prepared = &p
		}
		c.Units[i] = &x
	}
	c.tiles = slices.Clone(b.tiles)
	c.tileHP = slices.Clone(b.tileHP)
	c.searched = slices.Clone(b.searched)
	c.siege = slices.Clone(b.siege)
	c.storage = slices.Clone(b.storage)
	if b.pending != nil {
		p := *b.pending
		p.Struck = slices.Clone(p.Struck)
		c.pending = &p
	}
	if b.trigger != nil {
		t := *b.trigger
		c.trigger = &t
	}
	c.dice = b.dice.Clone()
	c.events = nil
	c.legal, c.fresh = nil, false
	c.sc = nil
	return &c
}
