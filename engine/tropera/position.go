package tropera

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/quote"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// Position is a battle's whole state as written in a position file
// (docs/tropera.md, "Positions and actions"): ids, not indexes; tiles by
// name.
type Position struct {
	Battle string `json:"battle" yaml:"battle"`
	Round  int    `json:"round" yaml:"round"`
	// Phase: deploy (the party is placing its units), party or enemy.
	Phase string `json:"phase" yaml:"phase"`
	// Active is the unit in mid-turn.
	Active string `json:"active,omitempty" yaml:"active,omitempty"`
	// Pending is a decision the rules wait for (a Cleave target).
	Pending *PendingPos `json:"pending,omitempty" yaml:"pending,omitempty"`
	// Trigger is a prepared attack waiting for the mover's next action.
	Trigger *TriggerPos `json:"trigger,omitempty" yaml:"trigger,omitempty"`
	// Over is the result once the battle has ended.
	Over *OverPos `json:"over,omitempty" yaml:"over,omitempty"`
	// RNG is the random source's state (hex).
	RNG   string    `json:"rng" yaml:"rng"`
	Units []UnitPos `json:"units" yaml:"units"`
	// Tiles are the tiles no longer as the map has them (destroyed,
	// opened, damaged).
	Tiles []TilePos `json:"tiles,omitempty" yaml:"tiles,omitempty"`
	// Searched are the houses searched; Siege the siege spaces' charges
	// left (limited ones); Storage what was found with no room to carry it.
	Searched []string   `json:"searched,omitempty" yaml:"searched,omitempty"`
	Siege    []SiegePos `json:"siege,omitempty" yaml:"siege,omitempty"`
	Storage  []string   `json:"storage,omitempty" yaml:"storage,omitempty"`
}

// UnitPos is one unit.
type UnitPos struct {
	ID        string `json:"id" yaml:"id"`
	Character string `json:"character" yaml:"character"`
	Side      string `json:"side" yaml:"side"`
	Number    int    `json:"number,omitempty" yaml:"number,omitempty"`
	Level     string `json:"level,omitempty" yaml:"level,omitempty"`
	// At is its tile; empty when off the map (carried, escaped, defeated,
	// not yet placed).
	At       string `json:"at,omitempty" yaml:"at,omitempty"`
	Unplaced bool   `json:"unplaced,omitempty" yaml:"unplaced,omitempty"`
	// Out: escaped, defeated or lost (fell with its carrier and found no ground).
	Off   string `json:"out,omitempty" yaml:"out,omitempty"`
	HP    int    `json:"hp" yaml:"hp"`
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
	ID   string `json:"id" yaml:"id"`
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
	Kind  string       `json:"kind" yaml:"kind"`
	By    string       `json:"by,omitempty" yaml:"by,omitempty"`
	Value int          `json:"value,omitempty" yaml:"value,omitempty"`
	Stat  string       `json:"stat,omitempty" yaml:"stat,omitempty"`
	Boost *table.Boost `json:"boost,omitempty" yaml:"boost,omitempty"`
	Fade  int          `json:"fade,omitempty" yaml:"fade,omitempty"`
	From  string       `json:"from" yaml:"from"`
	Until string       `json:"until,omitempty" yaml:"until,omitempty"`
}

// PreparedPos is a Prepare Attack.
type PreparedPos struct {
	Weapon string   `json:"weapon" yaml:"weapon"`
	Tiles  []string `json:"tiles" yaml:"tiles"`
}

// PendingPos is a decision waited for.
type PendingPos struct {
	Kind    string   `json:"kind" yaml:"kind"`
	Unit    string   `json:"unit" yaml:"unit"`
	Penalty int      `json:"penalty" yaml:"penalty"`
	Struck  []string `json:"struck" yaml:"struck"`
}

// TriggerPos is a prepared attack waiting to fire.
type TriggerPos struct {
	Preparer string `json:"preparer" yaml:"preparer"`
	Mover    string `json:"mover" yaml:"mover"`
}

// OverPos is how the battle ended.
type OverPos struct {
	Winner string `json:"winner" yaml:"winner"` // party, enemy or draw
	Reason string `json:"reason" yaml:"reason"`
}

// TilePos is a tile changed from the map.
type TilePos struct {
	At      string `json:"at" yaml:"at"`
	Terrain string `json:"terrain" yaml:"terrain"`
	HP      int    `json:"hp,omitempty" yaml:"hp,omitempty"`
}

// SiegePos is a siege space's charges left.
type SiegePos struct {
	At   string `json:"at" yaml:"at"`
	Uses int    `json:"uses" yaml:"uses"`
}

func phaseName(p int) string {
	return fmt.Sprintf("round %d %s", p/2+1, SideNames[p%2])
}

func parsePhase(s string) (int, bool) {
	f := strings.Fields(s)
	if len(f) != 3 || f[0] != "round" {
		return 0, false
	}
	r, err := strconv.Atoi(f[1])
	if err != nil || r < 1 {
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

// LoadBattle reads a battle back from a position's state, checking every
// value: a broken position is an error naming the field, never a panic.
func LoadBattle(rs *table.Ruleset, n *yaml.Node) (*Battle, error) {
	var p Position
	if err := play.Decode(n, &p); err != nil {
		return nil, err
	}
	at := func(path ...string) *yaml.Node { return find(n, path...) }
	bi := rs.BattleIndex(p.Battle)
	if bi < 0 {
		var ids []string
		for _, x := range rs.Battles {
			ids = append(ids, x.ID)
		}
		return nil, play.PosError(at("battle"), "no battle %s (battles: %s)", quote.Quote(p.Battle), strings.Join(ids, ", "))
	}
	b := newShell(rs, bi)
	b.dice = NewSeeded(0)
	if err := b.dice.SetState(p.RNG); err != nil {
		return nil, play.PosError(at("rng"), "%v", err)
	}
	if p.Round < 1 || p.Round > int(b.def.Rounds)+1 {
		return nil, play.PosError(at("round"), "round %d: the battle runs rounds 1 to %d", p.Round, b.def.Rounds)
	}
	b.round = p.Round
	switch p.Phase {
	case "deploy":
		b.deploying = true
	case "party":
		b.phase = Party
	case "enemy":
		b.phase = Enemy
	default:
		return nil, play.PosError(at("phase"), "phase %s: want deploy, party or enemy", quote.Quote(p.Phase))
	}
	tile := func(name string, path ...string) (int, error) {
		t, ok := b.m.Tile(name)
		if !ok {
			return 0, play.PosError(at(path...), "tile %s is not on map %s (%dx%d)", quote.Quote(name), b.m.ID, b.m.Width, b.m.Height)
		}
		return t, nil
	}
	ids := map[string]int{}
	for i, up := range p.Units {
		if _, dup := ids[up.ID]; dup || up.ID == "" {
			return nil, play.PosError(at("units", strconv.Itoa(i), "id"), "unit id %s is empty or used twice", quote.Quote(up.ID))
		}
		ids[up.ID] = i
	}
	numbers := map[int]bool{}
	for i, up := range p.Units {
		path := func(k string) *yaml.Node { return at("units", strconv.Itoa(i), k) }
		ci := rs.CharacterIndex(up.Character)
		if ci < 0 {
			return nil, play.PosError(path("character"), "no character %s", quote.Quote(up.Character))
		}
		c := &rs.Characters[ci]
		u := &BUnit{ci: int16(ci), ID: up.ID, At: -1, Equip: -1, Carrier: -1, Passenger: -1, Embarked: -1, Off: up.Off,
			Revived: up.Revived, Refreshed: up.Refreshed, Placed: !up.Unplaced}
		u.Char, u.Wounds, u.Countdown, u.Crippled, u.miracle, u.shield = c, up.Wounds, up.Countdown, up.Crippled, up.Miracle, up.Shield
		switch up.Side {
		case "party":
			u.Side = Party
			if up.Number != 0 || up.Level != "" {
				return nil, play.PosError(path("number"), "unit %s: only enemies have a number and a level", up.ID)
			}
		case "enemy":
			u.Side = Enemy
			if up.Number < 1 || numbers[up.Number] {
				return nil, play.PosError(path("number"), "enemy %s: number %d is not 1 or more, or is used twice", up.ID, up.Number)
			}
			numbers[up.Number] = true
			u.Number = up.Number
			k := slices.Index(table.LevelNames[:], up.Level)
			if k < 0 {
				return nil, play.PosError(path("level"), "enemy %s: level %s (want mob, army or elite)", up.ID, quote.Quote(up.Level))
			}
			u.Level = table.Level(k)
		default:
			return nil, play.PosError(path("side"), "unit %s: side %s (want party or enemy)", up.ID, quote.Quote(up.Side))
		}
		switch up.Form {
		case "":
		case "beast":
			if rs.Laguz(c) < 0 {
				return nil, play.PosError(path("form"), "unit %s: only laguz take beast form", up.ID)
			}
			u.Beast = true
		default:
			return nil, play.PosError(path("form"), "unit %s: form %s (want beast, or none)", up.ID, quote.Quote(up.Form))
		}
		switch up.Off {
		case "", "escaped", "defeated", "lost":
		default:
			return nil, play.PosError(path("out"), "unit %s: out %s (want escaped, defeated or lost)", up.ID, quote.Quote(up.Off))
		}
		if up.At != "" {
			t, err := tile(up.At, "units", strconv.Itoa(i), "at")
			if err != nil {
				return nil, err
			}
			if up.Off != "" {
				return nil, play.PosError(path("at"), "unit %s is %s but stands at %s", up.ID, up.Off, up.At)
			}
			u.At = t
		}
		for k, cp := range up.Weapons {
			w := rs.WeaponIndex(cp.ID)
			if w < 0 {
				return nil, play.PosError(at("units", strconv.Itoa(i), "weapons", strconv.Itoa(k)), "no weapon %s", quote.Quote(cp.ID))
			}
			uses, err := usesOf(cp, int(rs.Weapons[w].Charges), at("units", strconv.Itoa(i), "weapons", strconv.Itoa(k)))
			if err != nil {
				return nil, err
			}
			u.Weapons = append(u.Weapons, Carry{ID: int16(w), Uses: uses})
		}
		for k, cp := range up.Items {
			it := rs.ItemIndex(cp.ID)
			if it < 0 {
				return nil, play.PosError(at("units", strconv.Itoa(i), "items", strconv.Itoa(k)), "no item %s", quote.Quote(cp.ID))
			}
			uses, err := usesOf(cp, int(rs.Items[it].Charges), at("units", strconv.Itoa(i), "items", strconv.Itoa(k)))
			if err != nil {
				return nil, err
			}
			if uses == 0 {
				return nil, play.PosError(at("units", strconv.Itoa(i), "items", strconv.Itoa(k)), "item %s has no uses left; a used-up item is gone", cp.ID)
			}
			u.Items = append(u.Items, Carry{ID: int16(it), Uses: uses})
		}
		b.Units = append(b.Units, u)
		b.rederive(len(b.Units) - 1)
		if up.HP < 0 || up.HP > int(u.Stats[table.HP]) {
			return nil, play.PosError(path("hp"), "unit %s: hp %d is not 0 to its maximum %d", up.ID, up.HP, u.Stats[table.HP])
		}
		u.HP = up.HP
		if up.Equip != "" {
			w := rs.WeaponIndex(up.Equip)
			if w < 0 {
				return nil, play.PosError(path("equip"), "no weapon %s", quote.Quote(up.Equip))
			}
			carried := slices.ContainsFunc(u.Weapons, func(c Carry) bool { return c.ID == int16(w) })
			if ok, why := rs.Wields(c, int16(w), u.Beast); !ok || !carried && !rs.Weapons[w].Natural {
				if ok {
					why = fmt.Sprintf("%s does not carry %s", up.ID, up.Equip)
				}
				return nil, play.PosError(path("equip"), "unit %s cannot wield %s: %s", up.ID, up.Equip, why)
			}
			u.Equip = int16(w)
		}
		if up.Turn != nil {
			u.T = Turn(*up.Turn)
		}
		if up.Prepared != nil {
			w := rs.WeaponIndex(up.Prepared.Weapon)
			if w < 0 {
				return nil, play.PosError(path("prepared"), "no weapon %s", quote.Quote(up.Prepared.Weapon))
			}
			pr := &Prepared{Weapon: int16(w)}
			for _, name := range up.Prepared.Tiles {
				t, err := tile(name, "units", strconv.Itoa(i), "prepared")
				if err != nil {
					return nil, err
				}
				pr.Tiles = append(pr.Tiles, t)
			}
			u.Prepared = pr
		}
		if up.Embarked != "" {
			t, err := tile(up.Embarked, "units", strconv.Itoa(i), "embarked")
			if err != nil {
				return nil, err
			}
			u.Embarked = slices.IndexFunc(b.m.Siege, func(s table.Siege) bool { return int(s.Tile) == t })
			if u.Embarked < 0 || u.At != t {
				return nil, play.PosError(path("embarked"), "unit %s: %s is not a siege space it stands on", up.ID, up.Embarked)
			}
		}
	}
	// References between units, once all are known.
	ref := func(id string, node *yaml.Node) (int, error) {
		k, ok := ids[id]
		if !ok {
			return 0, play.PosError(node, "no unit %s", quote.Quote(id))
		}
		return k, nil
	}
	for i, up := range p.Units {
		u := b.Units[i]
		if up.Carrier != "" {
			k, err := ref(up.Carrier, at("units", strconv.Itoa(i), "carrier"))
			if err != nil {
				return nil, err
			}
			if p.Units[k].Passenger != up.ID || u.At >= 0 || k == i {
				return nil, play.PosError(at("units", strconv.Itoa(i), "carrier"), "unit %s: carrier %s does not carry it (or it stands on the map)", up.ID, up.Carrier)
			}
			u.Carrier = k
		}
		if up.Passenger != "" {
			k, err := ref(up.Passenger, at("units", strconv.Itoa(i), "passenger"))
			if err != nil {
				return nil, err
			}
			if p.Units[k].Carrier != up.ID {
				return nil, play.PosError(at("units", strconv.Itoa(i), "passenger"), "unit %s: passenger %s is not carried by it", up.ID, up.Passenger)
			}
			u.Passenger = k
		}
		for k, sp := range up.Statuses {
			node := at("units", strconv.Itoa(i), "statuses", strconv.Itoa(k))
			s := Status{Kind: sp.Kind, By: -1, Value: sp.Value, Fade: sp.Fade}
			if sp.Kind == "" {
				return nil, play.PosError(node, "a status needs a kind")
			}
			if sp.By != "" {
				by, err := ref(sp.By, node)
				if err != nil {
					return nil, err
				}
				s.By = by
			}
			if sp.Stat != "" {
				s.Stat = slices.Index(table.StatNames[:], sp.Stat)
				if s.Stat <= 0 {
					return nil, play.PosError(node, "status %s: stat %s (want str, mag, skl, spd, lck, def or res)", sp.Kind, quote.Quote(sp.Stat))
				}
			}
			if sp.Boost != nil {
				s.Boost = *sp.Boost
			}
			var ok bool
			if s.From, ok = parsePhase(sp.From); !ok {
				return nil, play.PosError(node, "status %s: from %s (want \"round N party\" or \"round N enemy\")", sp.Kind, quote.Quote(sp.From))
			}
			if sp.Until != "" {
				if s.Until, ok = parsePhase(sp.Until); !ok || s.Until <= s.From {
					return nil, play.PosError(node, "status %s: until %s (want a later \"round N party|enemy\")", sp.Kind, quote.Quote(sp.Until))
				}
			}
			u.Statuses = append(u.Statuses, s)
		}
	}
	// No two units on a tile; nobody on ground it cannot stand on.
	seen := map[int]string{}
	for i, u := range b.Units {
		if u.At < 0 {
			continue
		}
		if other, dup := seen[u.At]; dup {
			return nil, play.PosError(at("units", strconv.Itoa(i), "at"), "units %s and %s both stand on %s", other, u.ID, b.tileName(u.At))
		}
		seen[u.At] = u.ID
	}
	for k, tp := range p.Tiles {
		t, err := tile(tp.At, "tiles", strconv.Itoa(k), "at")
		if err != nil {
			return nil, err
		}
		tr := rs.TerrainIndex(tp.Terrain)
		if tr < 0 {
			return nil, play.PosError(at("tiles", strconv.Itoa(k), "terrain"), "no terrain %s", quote.Quote(tp.Terrain))
		}
		if tp.HP < 0 || tp.HP > int(rs.Terrain[tr].HP) {
			return nil, play.PosError(at("tiles", strconv.Itoa(k), "hp"), "tile %s: hp %d is not 0 to the terrain's %d", tp.At, tp.HP, rs.Terrain[tr].HP)
		}
		b.tiles[t], b.tileHP[t] = int16(tr), int8(tp.HP)
	}
	for i, u := range b.Units {
		if u.At >= 0 && !b.CanStand(u, u.At) {
			return nil, play.PosError(at("units", strconv.Itoa(i), "at"), "unit %s stands on %s (%s), which it cannot enter", u.ID, b.tileName(u.At), b.Terrain(u.At).Name)
		}
	}
	for k, name := range p.Searched {
		t, err := tile(name, "searched", strconv.Itoa(k))
		if err != nil {
			return nil, err
		}
		h := slices.IndexFunc(b.m.Houses, func(x table.House) bool { return int(x.Tile) == t })
		if h < 0 {
			return nil, play.PosError(at("searched", strconv.Itoa(k)), "no house at %s", name)
		}
		b.searched[h] = true
	}
	for k, sp := range p.Siege {
		t, err := tile(sp.At, "siege", strconv.Itoa(k), "at")
		if err != nil {
			return nil, err
		}
		s := slices.IndexFunc(b.m.Siege, func(x table.Siege) bool { return int(x.Tile) == t })
		if s < 0 || sp.Uses < 0 {
			return nil, play.PosError(at("siege", strconv.Itoa(k)), "no siege space at %s, or negative uses", sp.At)
		}
		b.siege[s] = sp.Uses
	}
	b.storage = p.Storage
	for i, u := range b.Units {
		if u.Side == Enemy && u.HP <= 0 && u.Off == "" {
			return nil, play.PosError(at("units", strconv.Itoa(i), "hp"), "enemy %s has 0 HP but is not out (an enemy at 0 HP is defeated)", u.ID)
		}
		if u.Off == "" && u.At < 0 && u.Carrier < 0 && u.Placed {
			return nil, play.PosError(at("units", strconv.Itoa(i)), "unit %s is neither on the map, carried nor out", u.ID)
		}
	}
	if p.Active != "" {
		k, err := ref(p.Active, at("active"))
		if err != nil {
			return nil, err
		}
		if u := b.Units[k]; u.Side != b.phase || !u.Standing() || b.deploying {
			return nil, play.PosError(at("active"), "unit %s cannot be in mid-turn: it is not the %s side's, or not standing", u.ID, SideNames[b.phase])
		}
		b.active = k
	}
	if p.Pending != nil {
		k, err := ref(p.Pending.Unit, at("pending", "unit"))
		if err != nil {
			return nil, err
		}
		if p.Pending.Kind != "cleave" {
			return nil, play.PosError(at("pending", "kind"), "pending %s (want cleave)", quote.Quote(p.Pending.Kind))
		}
		if u := b.Units[k]; u.Side != b.phase || !u.Standing() || u.At < 0 {
			return nil, play.PosError(at("pending", "unit"), "unit %s cannot cleave: it is not the %s side's, or not standing on the map", u.ID, SideNames[b.phase])
		}
		pd := &pending{Kind: "cleave", Unit: k, Penalty: p.Pending.Penalty}
		for _, id := range p.Pending.Struck {
			s, err := ref(id, at("pending", "struck"))
			if err != nil {
				return nil, err
			}
			pd.Struck = append(pd.Struck, s)
		}
		b.pending = pd
	}
	if p.Trigger != nil {
		f, err := ref(p.Trigger.Preparer, at("trigger", "preparer"))
		if err != nil {
			return nil, err
		}
		m, err := ref(p.Trigger.Mover, at("trigger", "mover"))
		if err != nil {
			return nil, err
		}
		b.trigger = &trigger{Preparer: f, Mover: m}
	}
	if p.Over != nil {
		switch p.Over.Winner {
		case "party":
			b.result = play.Win(p.Over.Reason, Party)
		case "enemy":
			b.result = play.Win(p.Over.Reason, Enemy)
		case "draw":
			b.result = play.Draw(p.Over.Reason)
		default:
			return nil, play.PosError(at("over", "winner"), "winner %s (want party, enemy or draw)", quote.Quote(p.Over.Winner))
		}
		b.over = true
	}
	if !b.deploying {
		for i, u := range b.Units {
			if !u.Placed {
				return nil, play.PosError(at("units", strconv.Itoa(i)), "unit %s is unplaced after deployment", u.ID)
			}
		}
	}
	return b, nil
}

func usesOf(cp CarryPos, charges int, node *yaml.Node) (int, error) {
	if cp.Uses == nil {
		if charges > 0 {
			return charges, nil
		}
		return -1, nil
	}
	if *cp.Uses < 0 || charges > 0 && *cp.Uses > charges || charges == 0 {
		return 0, play.PosError(node, "%s: uses %d (it has %d charges; unlimited ones take no uses)", cp.ID, *cp.Uses, charges)
	}
	return *cp.Uses, nil
}

// find walks a node by mapping keys and sequence indexes (for positions in
// errors); nil when the path is not there.
func find(n *yaml.Node, path ...string) *yaml.Node {
	for n != nil && n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	for _, k := range path {
		if n == nil {
			return nil
		}
		switch n.Kind {
		case yaml.MappingNode:
			var next *yaml.Node
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == k {
					next = n.Content[i+1]
				}
			}
			n = next
		case yaml.SequenceNode:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(n.Content) {
				return nil
			}
			n = n.Content[i]
		default:
			return nil
		}
	}
	return n
}
