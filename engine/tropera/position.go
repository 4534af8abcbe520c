package tropera

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// Position is a battle's whole state as written in a position file
// (docs/tropera.md, "Positions and actions"): ids, not indexes; tiles by
// name.
type Position struct {
	Battle string `json:"battle" yaml:"battle" pos:"required"`
	Round  int    `json:"round" yaml:"round" pos:"required"`
	// Phase: deploy (the party is placing its units), party or enemy.
	Phase string `json:"phase" yaml:"phase" pos:"required"`
	// Active is the unit in mid-turn.
	Active string `json:"active,omitempty" yaml:"active,omitempty"`
	// Pending is a decision the rules wait for (a Cleave target).
	Pending *PendingPos `json:"pending,omitempty" yaml:"pending,omitempty"`
	// Trigger is a prepared attack waiting for the mover's next action.
	Trigger *TriggerPos `json:"trigger,omitempty" yaml:"trigger,omitempty"`
	// Over is the result once the battle has ended.
	Over  *OverPos  `json:"over,omitempty" yaml:"over,omitempty"`
	Units []UnitPos `json:"units" yaml:"units" pos:"required"`
	// Tiles are the tiles no longer as the map has them (destroyed,
	// opened, damaged).
	Tiles []TilePos `json:"tiles,omitempty" yaml:"tiles,omitempty"`
	// Searched are the houses searched; Siege the siege spaces' charges
	// left (limited ones); Storage what was found with no room to carry it.
	Searched []string   `json:"searched,omitempty" yaml:"searched,omitempty"`
	Siege    []SiegePos `json:"siege,omitempty" yaml:"siege,omitempty"`
	Storage  []string   `json:"storage,omitempty" yaml:"storage,omitempty"`
	// RNG is the random source's state (hex). Written last and required:
	// a state cut short anywhere lacks it, even when its file is written
	// version first.
	RNG string `json:"rng" yaml:"rng" pos:"required"`
}

// UnitPos is one unit.
type UnitPos struct {
	ID        string `json:"id" yaml:"id" pos:"required"`
	Character string `json:"character" yaml:"character" pos:"required"`
	Side      string `json:"side" yaml:"side" pos:"required"`
	Number    int    `json:"number,omitempty" yaml:"number,omitempty"`
	Level     string `json:"level,omitempty" yaml:"level,omitempty"`
	// At is its tile; empty when off the map (carried, escaped, defeated,
	// not yet placed).
	At       string `json:"at,omitempty" yaml:"at,omitempty"`
	Unplaced bool   `json:"unplaced,omitempty" yaml:"unplaced,omitempty"`
	// Out: escaped, defeated or lost (fell with its carrier and found no ground).
	Off   string `json:"out,omitempty" yaml:"out,omitempty"`
	HP    int    `json:"hp" yaml:"hp" pos:"required"`
	Form  string `json:"form,omitempty" yaml:"form,omitempty"`
	Equip string `json:"equip,omitempty" yaml:"equip,omitempty"`
	// Weapons and Items carried, in order; uses left when limited.
	Weapons []CarryPos `json:"weapons,omitempty" yaml:"weapons,omitempty"`
	Items   []CarryPos `json:"items,omitempty" yaml:"items,omitempty"`
	// Critical wounds this map, the rounds left on the current one, and
	// Crippled; Revived is the round it was healed from a critical wound.
	Wounds    int  `json:"wounds,omitempty" yaml:"wounds,omitempty"`
	Countdown int  `json:"countdown,omitempty" yaml:"countdown,omitempty"`
	Crippled  bool `json:"crippled,omitempty" yaml:"crippled,omitempty"`
	Revived   int  `json:"revived,omitempty" yaml:"revived,omitempty"`
	// Miracle spent this round, Shield this phase; acting again this phase
	// (a performance).
	Miracle   bool `json:"miracle,omitempty" yaml:"miracle,omitempty"`
	Shield    bool `json:"shield,omitempty" yaml:"shield,omitempty"`
	Refreshed bool `json:"refreshed,omitempty" yaml:"refreshed,omitempty"`
	// Carrier and Passenger are unit ids; Embarked the siege space's tile.
	Carrier   string       `json:"carrier,omitempty" yaml:"carrier,omitempty"`
	Passenger string       `json:"passenger,omitempty" yaml:"passenger,omitempty"`
	Embarked  string       `json:"embarked,omitempty" yaml:"embarked,omitempty"`
	Turn      *TurnPos     `json:"turn,omitempty" yaml:"turn,omitempty"`
	Statuses  []StatusPos  `json:"statuses,omitempty" yaml:"statuses,omitempty"`
	Prepared  *PreparedPos `json:"prepared,omitempty" yaml:"prepared,omitempty"`
}

// CarryPos is a carried weapon or item; Uses is left out when unlimited.
type CarryPos struct {
	ID   string `json:"id" yaml:"id" pos:"required"`
	Uses *int   `json:"uses,omitempty" yaml:"uses,omitempty"`
}

// TurnPos is what the unit has done on its turn this phase.
type TurnPos struct {
	Acted  bool `json:"acted,omitempty" yaml:"acted,omitempty"`
	Moved  bool `json:"moved,omitempty" yaml:"moved,omitempty"`
	Extra  bool `json:"extra,omitempty" yaml:"extra,omitempty"`
	Spent  int  `json:"spent,omitempty" yaml:"spent,omitempty"`
	Dashed bool `json:"dashed,omitempty" yaml:"dashed,omitempty"`
	Main   bool `json:"main,omitempty" yaml:"main,omitempty"`
	Bonus  bool `json:"bonus,omitempty" yaml:"bonus,omitempty"`
	Done   bool `json:"done,omitempty" yaml:"done,omitempty"`
}

// StatusPos is a status: it holds from the phase From until the start of
// the phase Until, each written "round N party" or "round N enemy" (Until
// left out: until its value fades to nothing).
type StatusPos struct {
	Kind  string       `json:"kind" yaml:"kind" pos:"required"`
	By    string       `json:"by,omitempty" yaml:"by,omitempty"`
	Value int          `json:"value,omitempty" yaml:"value,omitempty"`
	Stat  string       `json:"stat,omitempty" yaml:"stat,omitempty"`
	Boost *table.Boost `json:"boost,omitempty" yaml:"boost,omitempty"`
	Fade  int          `json:"fade,omitempty" yaml:"fade,omitempty"`
	From  string       `json:"from" yaml:"from" pos:"required"`
	Until string       `json:"until,omitempty" yaml:"until,omitempty"`
}

// PreparedPos is a Prepare Attack.
type PreparedPos struct {
	Weapon string   `json:"weapon" yaml:"weapon" pos:"required"`
	Tiles  []string `json:"tiles" yaml:"tiles" pos:"required"`
}

// PendingPos is a decision waited for.
type PendingPos struct {
	Kind    string   `json:"kind" yaml:"kind" pos:"required"`
	Unit    string   `json:"unit" yaml:"unit" pos:"required"`
	Penalty int      `json:"penalty" yaml:"penalty"`
	Struck  []string `json:"struck" yaml:"struck"`
}

// TriggerPos is a prepared attack waiting to fire.
type TriggerPos struct {
	Preparer string `json:"preparer" yaml:"preparer" pos:"required"`
	Mover    string `json:"mover" yaml:"mover" pos:"required"`
}

// OverPos is how the battle ended.
type OverPos struct {
	Winner string `json:"winner" yaml:"winner" pos:"required"` // party, enemy or draw
	Reason string `json:"reason" yaml:"reason"`
}

// TilePos is a tile changed from the map.
type TilePos struct {
	At      string `json:"at" yaml:"at" pos:"required"`
	Terrain string `json:"terrain" yaml:"terrain" pos:"required"`
	HP      int    `json:"hp,omitempty" yaml:"hp,omitempty"`
}

// SiegePos is a siege space's charges left.
type SiegePos struct {
	At   string `json:"at" yaml:"at" pos:"required"`
	Uses int    `json:"uses" yaml:"uses" pos:"required"`
}

func phaseName(p int) string {
	return fmt.Sprintf("round %d %s", p/2+1, SideNames[p%2])
}

// Position implements play.Match.
func (b *Battle) Position() any {
	p := Position{Battle: b.def.ID, Round: b.round, Phase: SideNames[b.phase], RNG: b.dice.State(), Storage: slices.Clone(b.storage)}
	if b.deploying {
		p.Phase = "deploy"
	}
	if b.active >= 0 {
		p.Active = b.Units[b.active].ID
	}
	if b.pending != nil {
		pp := &PendingPos{Kind: b.pending.Kind, Unit: b.Units[b.pending.Unit].ID, Penalty: b.pending.Penalty, Struck: []string{}}
		for _, k := range b.pending.Struck {
			pp.Struck = append(pp.Struck, b.Units[k].ID)
		}
		p.Pending = pp
	}
	if b.trigger != nil {
		p.Trigger = &TriggerPos{Preparer: b.Units[b.trigger.Preparer].ID, Mover: b.Units[b.trigger.Mover].ID}
	}
	if b.over {
		w := "draw"
		if len(b.result.Winners) > 0 {
			w = SideNames[b.result.Winners[0]]
		}
		p.Over = &OverPos{Winner: w, Reason: b.result.Reason}
	}
	for t, tr := range b.tiles {
		if tr != b.m.Tiles[t] || b.tileHP[t] != b.rs.Terrain[tr].HP {
			p.Tiles = append(p.Tiles, TilePos{At: b.tileName(t), Terrain: b.rs.Terrain[tr].ID, HP: int(b.tileHP[t])})
		}
	}
	for h, done := range b.searched {
		if done {
			p.Searched = append(p.Searched, b.tileName(int(b.m.Houses[h].Tile)))
		}
	}
	for s, n := range b.siege {
		if n >= 0 {
			p.Siege = append(p.Siege, SiegePos{At: b.tileName(int(b.m.Siege[s].Tile)), Uses: n})
		}
	}
	for _, u := range b.Units {
		p.Units = append(p.Units, b.unitPos(u))
	}
	return p
}

func (b *Battle) unitPos(u *BUnit) UnitPos {
	x := UnitPos{ID: u.ID, Character: u.Char.ID, Side: SideNames[u.Side], HP: u.HP, Off: u.Off,
		Wounds: u.Wounds, Countdown: u.Countdown, Crippled: u.Crippled, Revived: u.Revived,
		Miracle: u.miracle, Shield: u.shield, Refreshed: u.Refreshed, Unplaced: !u.Placed}
	if u.Side == Enemy {
		x.Number, x.Level = u.Number, u.Level.String()
	}
	if u.At >= 0 {
		x.At = b.tileName(u.At)
	}
	if u.Beast {
		x.Form = "beast"
	}
	if u.Equip >= 0 {
		x.Equip = b.rs.Weapons[u.Equip].ID
	}
	carry := func(c Carry, id string) CarryPos {
		cp := CarryPos{ID: id}
		if c.Uses >= 0 {
			n := c.Uses
			cp.Uses = &n
		}
		return cp
	}
	for _, c := range u.Weapons {
		x.Weapons = append(x.Weapons, carry(c, b.rs.Weapons[c.ID].ID))
	}
	for _, c := range u.Items {
		x.Items = append(x.Items, carry(c, b.rs.Items[c.ID].ID))
	}
	if u.Carrier >= 0 {
		x.Carrier = b.Units[u.Carrier].ID
	}
	if u.Passenger >= 0 {
		x.Passenger = b.Units[u.Passenger].ID
	}
	if u.Embarked >= 0 {
		x.Embarked = b.tileName(int(b.m.Siege[u.Embarked].Tile))
	}
	if u.T != (Turn{}) {
		t := TurnPos(u.T)
		x.Turn = &t
	}
	for _, s := range u.Statuses {
		sp := StatusPos{Kind: s.Kind, Value: s.Value, Fade: s.Fade, From: phaseName(s.From)}
		if s.By >= 0 {
			sp.By = b.Units[s.By].ID
		}
		if s.Stat > 0 {
			sp.Stat = table.StatNames[s.Stat]
		}
		if s.Boost != (table.Boost{}) {
			bo := s.Boost
			sp.Boost = &bo
		}
		if s.Until > 0 {
			sp.Until = phaseName(s.Until)
		}
		x.Statuses = append(x.Statuses, sp)
	}
	if u.Prepared != nil {
		pp := &PreparedPos{Weapon: b.rs.Weapons[u.Prepared.Weapon].ID, Tiles: []string{}}
		for _, t := range u.Prepared.Tiles {
			pp.Tiles = append(pp.Tiles, b.tileName(t))
		}
		x.Prepared = pp
	}
	return x
}

// Bounds of a unit's counters that no rule gives: far above any battle,
// low enough that no sum of them overflows a stat.
const (
	maxNumber      = 999 // an enemy's number
	maxStatusValue = 99  // a status's value and fade
	maxWounds      = 99  // critical wounds this map
)

// LoadBattle reads a battle back from a position's state: decode (every
// field of the right type, the required ones there), then check each field
// against the rules and the battle's definition. A broken position is a
// *play.Error naming the field, its line and column, never a panic.
func LoadBattle(rs *table.Ruleset, n *yaml.Node) (*Battle, error) {
	l := &battleLoader{rs: rs, n: n, ids: map[string]int{}}
	if err := play.Decode(n, &l.p); err != nil {
		return nil, err
	}
	for _, check := range []func() error{
		l.battle, l.round, l.phase, l.unitIDs, l.units, l.links, l.statuses, l.tileChanges,
		l.standing, l.searched, l.siege, l.outs, l.active, l.pending, l.trigger, l.over, l.deployment,
	} {
		if err := check(); err != nil {
			return nil, err
		}
	}
	l.b.storage = l.p.Storage
	return l.b, nil
}

// battleLoader builds a battle from a decoded position, one field at a time.
type battleLoader struct {
	rs  *table.Ruleset
	n   *yaml.Node
	p   Position
	b   *Battle
	ids map[string]int // unit id → index
}

func (l *battleLoader) errf(path play.Path, format string, args ...any) error {
	return play.Errorf(l.n, path, format, args...)
}

func (l *battleLoader) battle() error {
	bi := l.rs.BattleIndex(l.p.Battle)
	if bi < 0 {
		var ids []string
		for _, x := range l.rs.Battles {
			ids = append(ids, x.ID)
		}
		return l.errf(play.Path{"battle"}, "no battle %s (battles: %s)", phrase.Quote(l.p.Battle), strings.Join(ids, ", "))
	}
	l.b = newShell(l.rs, bi)
	l.b.dice = NewSeeded(0)
	if err := l.b.dice.SetState(l.p.RNG); err != nil {
		return l.errf(play.Path{"rng"}, "%v", err)
	}
	return nil
}

func (l *battleLoader) round() error {
	if r := l.p.Round; r < 1 || r > l.maxRound() {
		return l.errf(play.Path{"round"}, "%d is not 1 to %d (the battle's round limit is %d)", r, l.maxRound(), l.b.def.Rounds)
	}
	l.b.round = l.p.Round
	return nil
}

// maxRound is the last round a position can be in: the one after the
// round limit, in which the battle is over.
func (l *battleLoader) maxRound() int { return int(l.b.def.Rounds) + 1 }

func (l *battleLoader) phase() error {
	switch l.p.Phase {
	case "deploy":
		l.b.deploying = true
		if l.p.Round != 1 {
			return l.errf(play.Path{"phase"}, "the party deploys before round 1, not in round %d", l.p.Round)
		}
	case "party":
		l.b.phase = Party
	case "enemy":
		l.b.phase = Enemy
	default:
		return l.errf(play.Path{"phase"}, "phase %s: want deploy, party or enemy", phrase.Quote(l.p.Phase))
	}
	return nil
}

// tile is a tile of the battle's map by name.
func (l *battleLoader) tile(name string, path play.Path) (int, error) {
	t, ok := l.b.m.Tile(name)
	if !ok {
		return 0, l.errf(path, "tile %s is not on map %s (%dx%d)", phrase.Quote(name), l.b.m.ID, l.b.m.Width, l.b.m.Height)
	}
	return t, nil
}

// ref is a unit by id, for the fields that name another unit.
func (l *battleLoader) ref(id string, path play.Path) (int, error) {
	k, ok := l.ids[id]
	if !ok {
		return 0, l.errf(path, "no unit %s", phrase.Quote(id))
	}
	return k, nil
}

func (l *battleLoader) unitIDs() error {
	enemies := 0
	for i, up := range l.p.Units {
		if _, dup := l.ids[up.ID]; dup || up.ID == "" {
			return l.errf(play.Path{"units", i, "id"}, "unit id %s is empty or used twice", phrase.Quote(up.ID))
		}
		l.ids[up.ID] = i
		if up.Side == "enemy" {
			enemies++
		}
	}
	// A battle lists its enemies as long as it lasts (a defeated one as
	// out: defeated): none at all is a list cut short.
	if d := len(l.b.def.Enemies); d > 0 && enemies == 0 {
		return l.errf(play.Path{"units"}, "no enemy: battle %s fields %d (a defeated enemy stays listed, with out: defeated)", l.b.def.ID, d)
	}
	return nil
}

func (l *battleLoader) units() error {
	numbers := map[int]bool{}
	for i, up := range l.p.Units {
		u, err := l.unit(i, up, numbers)
		if err != nil {
			return err
		}
		l.b.Units = append(l.b.Units, u)
		l.b.rederive(i)
		if up.HP < 0 || up.HP > int(u.Stats[table.HP]) {
			return l.errf(play.Path{"units", i, "hp"}, "unit %s: hp %d is not 0 to its maximum %d", phrase.Quote(up.ID), up.HP, u.Stats[table.HP])
		}
		u.HP = up.HP
		if err := l.equip(i, up, u); err != nil {
			return err
		}
		if err := l.prepared(i, up, u); err != nil {
			return err
		}
		if err := l.embarked(i, up, u); err != nil {
			return err
		}
	}
	return nil
}

// unit reads one unit's own fields (not those that name other units).
func (l *battleLoader) unit(i int, up UnitPos, numbers map[int]bool) (*BUnit, error) {
	path := play.Path{"units", i}
	ci := l.rs.CharacterIndex(up.Character)
	if ci < 0 {
		return nil, l.errf(path.With("character"), "no character %s", phrase.Quote(up.Character))
	}
	c := &l.rs.Characters[ci]
	u := &BUnit{ci: int16(ci), ID: up.ID, At: -1, Equip: -1, Carrier: -1, Passenger: -1, Embarked: -1, Off: up.Off,
		Revived: up.Revived, Refreshed: up.Refreshed, Placed: !up.Unplaced}
	u.Char, u.Wounds, u.Countdown, u.Crippled, u.miracle, u.shield = c, up.Wounds, up.Countdown, up.Crippled, up.Miracle, up.Shield
	id := phrase.Quote(up.ID)
	switch up.Side {
	case "party":
		u.Side = Party
		if up.Number != 0 || up.Level != "" {
			return nil, l.errf(path.With("number"), "unit %s: only enemies have a number and a level", id)
		}
	case "enemy":
		u.Side = Enemy
		if up.Number < 1 || up.Number > maxNumber || numbers[up.Number] {
			return nil, l.errf(path.With("number"), "enemy %s: number %d is not 1 to %d, or is used twice", id, up.Number, maxNumber)
		}
		numbers[up.Number] = true
		u.Number = up.Number
		k := slices.Index(table.LevelNames[:], up.Level)
		if k < 0 {
			return nil, l.errf(path.With("level"), "enemy %s: level %s (want mob, army or elite)", id, phrase.Quote(up.Level))
		}
		u.Level = table.Level(k)
	default:
		return nil, l.errf(path.With("side"), "unit %s: side %s (want party or enemy)", id, phrase.Quote(up.Side))
	}
	switch up.Form {
	case "":
	case "beast":
		if l.rs.Laguz(c) < 0 {
			return nil, l.errf(path.With("form"), "unit %s: only laguz take beast form", id)
		}
		u.Beast = true
	default:
		return nil, l.errf(path.With("form"), "unit %s: form %s (want beast, or none)", id, phrase.Quote(up.Form))
	}
	switch up.Off {
	case "", "escaped", "defeated", "lost":
	default:
		return nil, l.errf(path.With("out"), "unit %s: out %s (want escaped, defeated or lost)", id, phrase.Quote(up.Off))
	}
	switch {
	case up.Wounds < 0 || up.Wounds > maxWounds:
		return nil, l.errf(path.With("wounds"), "unit %s: %d critical wounds (0 to %d)", id, up.Wounds, maxWounds)
	case up.Countdown < 0 || up.Countdown > 2:
		return nil, l.errf(path.With("countdown"), "unit %s: a critical wound's countdown is 0 to 2 rounds, not %d", id, up.Countdown)
	case up.Revived < 0 || up.Revived > l.p.Round:
		return nil, l.errf(path.With("revived"), "unit %s: revived in round %d, but this is round %d", id, up.Revived, l.p.Round)
	}
	if up.At != "" {
		t, err := l.tile(up.At, path.With("at"))
		if err != nil {
			return nil, err
		}
		if up.Off != "" {
			return nil, l.errf(path.With("at"), "unit %s is %s but stands at %s", id, up.Off, up.At)
		}
		u.At = t
	}
	for k, cp := range up.Weapons {
		at := path.With("weapons", k)
		w := l.rs.WeaponIndex(cp.ID)
		if w < 0 {
			return nil, l.errf(at, "no weapon %s", phrase.Quote(cp.ID))
		}
		uses, err := l.uses(cp, int(l.rs.Weapons[w].Charges), at)
		if err != nil {
			return nil, err
		}
		u.Weapons = append(u.Weapons, Carry{ID: int16(w), Uses: uses})
	}
	for k, cp := range up.Items {
		at := path.With("items", k)
		it := l.rs.ItemIndex(cp.ID)
		if it < 0 {
			return nil, l.errf(at, "no item %s", phrase.Quote(cp.ID))
		}
		uses, err := l.uses(cp, int(l.rs.Items[it].Charges), at)
		if err != nil {
			return nil, err
		}
		if uses == 0 {
			return nil, l.errf(at, "item %s has no uses left; a used-up item is gone", cp.ID)
		}
		u.Items = append(u.Items, Carry{ID: int16(it), Uses: uses})
	}
	if up.Turn != nil {
		if up.Turn.Spent < 0 || up.Turn.Spent > 99 {
			return nil, l.errf(path.With("turn", "spent"), "unit %s: %d movement spent (0 to 99)", id, up.Turn.Spent)
		}
		u.T = Turn(*up.Turn)
	}
	return u, nil
}

// uses is a carried weapon's or item's uses left: its charges when not
// written, -1 for an unlimited one.
func (l *battleLoader) uses(cp CarryPos, charges int, path play.Path) (int, error) {
	if cp.Uses == nil {
		if charges > 0 {
			return charges, nil
		}
		return -1, nil
	}
	if *cp.Uses < 0 || charges > 0 && *cp.Uses > charges || charges == 0 {
		return 0, l.errf(path, "%s: uses %d (it has %d charges; unlimited ones take no uses)", cp.ID, *cp.Uses, charges)
	}
	return *cp.Uses, nil
}

func (l *battleLoader) equip(i int, up UnitPos, u *BUnit) error {
	if up.Equip == "" {
		return nil
	}
	path := play.Path{"units", i, "equip"}
	w := l.rs.WeaponIndex(up.Equip)
	if w < 0 {
		return l.errf(path, "no weapon %s", phrase.Quote(up.Equip))
	}
	carried := slices.ContainsFunc(u.Weapons, func(c Carry) bool { return c.ID == int16(w) })
	if ok, why := l.rs.Wields(u.Char, int16(w), u.Beast); !ok || !carried && !l.rs.Weapons[w].Natural {
		if ok {
			why = fmt.Sprintf("%s does not carry %s", phrase.Quote(up.ID), up.Equip)
		}
		return l.errf(path, "unit %s cannot wield %s: %s", phrase.Quote(up.ID), up.Equip, why)
	}
	u.Equip = int16(w)
	return nil
}

func (l *battleLoader) prepared(i int, up UnitPos, u *BUnit) error {
	if up.Prepared == nil {
		return nil
	}
	path := play.Path{"units", i, "prepared"}
	w := l.rs.WeaponIndex(up.Prepared.Weapon)
	if w < 0 {
		return l.errf(path.With("weapon"), "no weapon %s", phrase.Quote(up.Prepared.Weapon))
	}
	pr := &Prepared{Weapon: int16(w)}
	for k, name := range up.Prepared.Tiles {
		t, err := l.tile(name, path.With("tiles", k))
		if err != nil {
			return err
		}
		pr.Tiles = append(pr.Tiles, t)
	}
	u.Prepared = pr
	return nil
}

func (l *battleLoader) embarked(i int, up UnitPos, u *BUnit) error {
	if up.Embarked == "" {
		return nil
	}
	path := play.Path{"units", i, "embarked"}
	t, err := l.tile(up.Embarked, path)
	if err != nil {
		return err
	}
	u.Embarked = slices.IndexFunc(l.b.m.Siege, func(s table.Siege) bool { return int(s.Tile) == t })
	if u.Embarked < 0 || u.At != t {
		return l.errf(path, "unit %s: %s is not a siege space it stands on", phrase.Quote(up.ID), up.Embarked)
	}
	return nil
}

// links are the fields naming other units: carrier and passenger.
func (l *battleLoader) links() error {
	for i, up := range l.p.Units {
		u := l.b.Units[i]
		if up.Carrier != "" {
			path := play.Path{"units", i, "carrier"}
			k, err := l.ref(up.Carrier, path)
			if err != nil {
				return err
			}
			if l.p.Units[k].Passenger != up.ID || u.At >= 0 || k == i {
				return l.errf(path, "unit %s: carrier %s does not carry it (or it stands on the map)", phrase.Quote(up.ID), phrase.Quote(up.Carrier))
			}
			u.Carrier = k
		}
		if up.Passenger != "" {
			path := play.Path{"units", i, "passenger"}
			k, err := l.ref(up.Passenger, path)
			if err != nil {
				return err
			}
			if l.p.Units[k].Carrier != up.ID {
				return l.errf(path, "unit %s: passenger %s is not carried by it", phrase.Quote(up.ID), phrase.Quote(up.Passenger))
			}
			u.Passenger = k
		}
	}
	return nil
}

// parsePhase reads "round N party" or "round N enemy" (N up to last) as
// a phase number.
func parsePhase(s string, last int) (int, bool) {
	f := strings.Fields(s)
	if len(f) != 3 || f[0] != "round" {
		return 0, false
	}
	r, err := strconv.Atoi(f[1])
	if err != nil || r < 1 || r > last {
		return 0, false
	}
	switch f[2] {
	case "party":
		return 2 * (r - 1), true
	case "enemy":
		return 2*(r-1) + 1, true
	}
	return 0, false
}

func (l *battleLoader) statuses() error {
	for i, up := range l.p.Units {
		for k, sp := range up.Statuses {
			path := play.Path{"units", i, "statuses", k}
			s := Status{Kind: sp.Kind, By: -1, Value: sp.Value, Fade: sp.Fade}
			kind := phrase.Quote(sp.Kind)
			if sp.Kind == "" {
				return l.errf(path.With("kind"), "a status needs a kind")
			}
			if sp.By != "" {
				by, err := l.ref(sp.By, path.With("by"))
				if err != nil {
					return err
				}
				s.By = by
			}
			if sp.Stat != "" {
				s.Stat = slices.Index(table.StatNames[:], sp.Stat)
				if s.Stat <= 0 {
					return l.errf(path.With("stat"), "status %s: stat %s (want str, mag, skl, spd, lck, def or res)", kind, phrase.Quote(sp.Stat))
				}
			}
			if sp.Value < -maxStatusValue || sp.Value > maxStatusValue || sp.Fade < 0 || sp.Fade > maxStatusValue {
				return l.errf(path.With("value"), "status %s: value %d and fade %d (value -%d to %d, fade 0 to %d)", kind, sp.Value, sp.Fade, maxStatusValue, maxStatusValue, maxStatusValue)
			}
			if sp.Boost != nil {
				s.Boost = *sp.Boost
			}
			var ok bool
			if s.From, ok = parsePhase(sp.From, l.maxRound()); !ok {
				return l.errf(path.With("from"), "status %s: from %s (want \"round N party\" or \"round N enemy\", N 1 to %d)", kind, phrase.Quote(sp.From), l.maxRound())
			}
			if sp.Until != "" {
				if s.Until, ok = parsePhase(sp.Until, l.maxRound()+1); !ok || s.Until <= s.From {
					return l.errf(path.With("until"), "status %s: until %s (want a later \"round N party|enemy\", N up to %d)", kind, phrase.Quote(sp.Until), l.maxRound()+1)
				}
			}
			l.b.Units[i].Statuses = append(l.b.Units[i].Statuses, s)
		}
	}
	return nil
}

// tileChanges are the tiles no longer as the map has them.
func (l *battleLoader) tileChanges() error {
	for k, tp := range l.p.Tiles {
		path := play.Path{"tiles", k}
		t, err := l.tile(tp.At, path.With("at"))
		if err != nil {
			return err
		}
		tr := l.rs.TerrainIndex(tp.Terrain)
		if tr < 0 {
			return l.errf(path.With("terrain"), "no terrain %s", phrase.Quote(tp.Terrain))
		}
		if tp.HP < 0 || tp.HP > int(l.rs.Terrain[tr].HP) {
			return l.errf(path.With("hp"), "tile %s: hp %d is not 0 to the terrain's %d", tp.At, tp.HP, l.rs.Terrain[tr].HP)
		}
		l.b.tiles[t], l.b.tileHP[t] = int16(tr), int8(tp.HP)
	}
	return nil
}

// standing: no two units on a tile, nobody on ground it cannot stand on.
func (l *battleLoader) standing() error {
	seen := map[int]string{}
	for i, u := range l.b.Units {
		if u.At < 0 {
			continue
		}
		if other, dup := seen[u.At]; dup {
			return l.errf(play.Path{"units", i, "at"}, "units %s and %s both stand on %s", phrase.Quote(other), phrase.Quote(u.ID), l.b.tileName(u.At))
		}
		seen[u.At] = u.ID
	}
	for i, u := range l.b.Units {
		if u.At >= 0 && !l.b.CanStand(u, u.At) {
			return l.errf(play.Path{"units", i, "at"}, "unit %s stands on %s (%s), which it cannot enter", phrase.Quote(u.ID), l.b.tileName(u.At), l.b.Terrain(u.At).Name)
		}
	}
	return nil
}

func (l *battleLoader) searched() error {
	for k, name := range l.p.Searched {
		path := play.Path{"searched", k}
		t, err := l.tile(name, path)
		if err != nil {
			return err
		}
		h := slices.IndexFunc(l.b.m.Houses, func(x table.House) bool { return int(x.Tile) == t })
		if h < 0 {
			return l.errf(path, "no house at %s", name)
		}
		l.b.searched[h] = true
	}
	return nil
}

func (l *battleLoader) siege() error {
	for k, sp := range l.p.Siege {
		path := play.Path{"siege", k}
		t, err := l.tile(sp.At, path.With("at"))
		if err != nil {
			return err
		}
		s := slices.IndexFunc(l.b.m.Siege, func(x table.Siege) bool { return int(x.Tile) == t })
		if s < 0 {
			return l.errf(path.With("at"), "no siege space at %s", sp.At)
		}
		if max := int(l.rs.Weapons[l.b.m.Siege[s].Weapon].Charges); sp.Uses < 0 || max > 0 && sp.Uses > max {
			return l.errf(path.With("uses"), "siege space %s: uses %d (0 to its weapon's %d charges)", sp.At, sp.Uses, max)
		}
		l.b.siege[s] = sp.Uses
	}
	return nil
}

// outs: where each unit is, and that the battle's story adds up.
func (l *battleLoader) outs() error {
	for i, u := range l.b.Units {
		if u.Side == Enemy && u.HP <= 0 && u.Off == "" {
			return l.errf(play.Path{"units", i, "hp"}, "enemy %s has 0 HP but is not out (an enemy at 0 HP is defeated)", phrase.Quote(u.ID))
		}
		if u.Off == "" && u.At < 0 && u.Carrier < 0 && u.Placed {
			return l.errf(play.Path{"units", i}, "unit %s is neither on the map, carried nor out", phrase.Quote(u.ID))
		}
	}
	return nil
}

func (l *battleLoader) active() error {
	if l.p.Active == "" {
		return nil
	}
	k, err := l.ref(l.p.Active, play.Path{"active"})
	if err != nil {
		return err
	}
	if u := l.b.Units[k]; u.Side != l.b.phase || !u.Standing() || l.b.deploying {
		return l.errf(play.Path{"active"}, "unit %s cannot be in mid-turn: it is not the %s side's, or not standing", phrase.Quote(u.ID), SideNames[l.b.phase])
	}
	l.b.active = k
	return nil
}

func (l *battleLoader) pending() error {
	pp := l.p.Pending
	if pp == nil {
		return nil
	}
	k, err := l.ref(pp.Unit, play.Path{"pending", "unit"})
	if err != nil {
		return err
	}
	if pp.Kind != "cleave" {
		return l.errf(play.Path{"pending", "kind"}, "pending %s (want cleave)", phrase.Quote(pp.Kind))
	}
	if u := l.b.Units[k]; u.Side != l.b.phase || !u.Standing() || u.At < 0 || l.b.deploying {
		return l.errf(play.Path{"pending", "unit"}, "unit %s cannot cleave: it is not the %s side's, or not standing on the map", phrase.Quote(u.ID), SideNames[l.b.phase])
	}
	if pp.Penalty < 0 || pp.Penalty > 99 {
		return l.errf(play.Path{"pending", "penalty"}, "penalty %d (0 to 99)", pp.Penalty)
	}
	pd := &pending{Kind: "cleave", Unit: k, Penalty: pp.Penalty}
	for j, id := range pp.Struck {
		s, err := l.ref(id, play.Path{"pending", "struck", j})
		if err != nil {
			return err
		}
		pd.Struck = append(pd.Struck, s)
	}
	l.b.pending = pd
	return nil
}

func (l *battleLoader) trigger() error {
	tp := l.p.Trigger
	if tp == nil {
		return nil
	}
	f, err := l.ref(tp.Preparer, play.Path{"trigger", "preparer"})
	if err != nil {
		return err
	}
	m, err := l.ref(tp.Mover, play.Path{"trigger", "mover"})
	if err != nil {
		return err
	}
	l.b.trigger = &trigger{Preparer: f, Mover: m}
	return nil
}

func (l *battleLoader) over() error {
	op := l.p.Over
	if op == nil {
		if l.p.Round > int(l.b.def.Rounds) {
			return l.errf(play.Path{"round"}, "round %d is past the battle's %d rounds, but the battle is not over", l.p.Round, l.b.def.Rounds)
		}
		return nil
	}
	switch op.Winner {
	case "party":
		l.b.result = play.Win(op.Reason, Party)
	case "enemy":
		l.b.result = play.Win(op.Reason, Enemy)
	case "draw":
		l.b.result = play.Draw(op.Reason)
	default:
		return l.errf(play.Path{"over", "winner"}, "winner %s (want party, enemy or draw)", phrase.Quote(op.Winner))
	}
	l.b.over = true
	return nil
}

// deployment: while the party deploys some party unit waits to be placed
// and nothing else goes on; after it, every unit is placed.
func (l *battleLoader) deployment() error {
	b := l.b
	if !b.deploying {
		for i, u := range b.Units {
			if !u.Placed {
				return l.errf(play.Path{"units", i}, "unit %s is unplaced after deployment", phrase.Quote(u.ID))
			}
		}
		return nil
	}
	if b.over || b.active >= 0 || b.pending != nil || b.trigger != nil {
		return l.errf(play.Path{"phase"}, "in the deploy phase no unit acts and the battle is not over")
	}
	waiting := false
	for i, u := range b.Units {
		if !u.Placed && u.Side != Party {
			return l.errf(play.Path{"units", i, "unplaced"}, "enemy %s is unplaced: only the party deploys", phrase.Quote(u.ID))
		}
		waiting = waiting || !u.Placed
	}
	if !waiting {
		return l.errf(play.Path{"phase"}, "phase deploy, but every party unit is placed (the battle is in round 1, party phase)")
	}
	return nil
}
