package tropera

import (
	"fmt"
	"slices"
	"strings"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// BattleView is a battle as one seat sees it: its position (Position) but
// the random source's state, the GM's dice to come; and the houses not yet
// searched, with what each holds for the enemy's seat only. The rulebook's
// Search ("inspect a house … for items, people, etc.") finds what a house
// holds; it is in the GM's notes (the battle's content), so the enemy seat,
// the GM's, knows it, and the party and an onlooker learn it from the
// search. Units, stats, weapons and their uses, statuses, prepared attacks
// and terrain are in plain view (Determinize).
type BattleView struct {
	Battle   string      `json:"battle" yaml:"battle"`
	Round    int         `json:"round" yaml:"round"`
	Phase    string      `json:"phase" yaml:"phase"`
	Active   string      `json:"active,omitempty" yaml:"active,omitempty"`
	Pending  *PendingPos `json:"pending,omitempty" yaml:"pending,omitempty"`
	Trigger  *TriggerPos `json:"trigger,omitempty" yaml:"trigger,omitempty"`
	Over     *OverPos    `json:"over,omitempty" yaml:"over,omitempty"`
	Units    []UnitPos   `json:"units" yaml:"units"`
	Tiles    []TilePos   `json:"tiles,omitempty" yaml:"tiles,omitempty"`
	Searched []string    `json:"searched,omitempty" yaml:"searched,omitempty"`
	Siege    []SiegePos  `json:"siege,omitempty" yaml:"siege,omitempty"`
	Storage  []string    `json:"storage,omitempty" yaml:"storage,omitempty"`
	Houses   []HouseView `json:"houses,omitempty" yaml:"houses,omitempty"`
}

// HouseView is a house not yet searched.
type HouseView struct {
	At string `json:"at" yaml:"at"`
	// Holds is the item's or weapon's id, or "nothing"; only in the
	// enemy's (the GM's) view.
	Holds string `json:"holds,omitempty" yaml:"holds,omitempty"`
}

// View implements play.Viewer (see BattleView).
func (b *Battle) View(seat int) any {
	p := b.Position().(Position)
	v := BattleView{Battle: p.Battle, Round: p.Round, Phase: p.Phase, Active: p.Active, Pending: p.Pending,
		Trigger: p.Trigger, Over: p.Over, Units: p.Units, Tiles: p.Tiles, Searched: p.Searched, Siege: p.Siege,
		Storage: p.Storage}
	for h, x := range b.m.Houses {
		if b.searched[h] {
			continue
		}
		hv := HouseView{At: b.tileName(int(x.Tile))}
		if seat == Enemy {
			hv.Holds = b.houseHolds(x, false)
		}
		v.Houses = append(v.Houses, hv)
	}
	return v
}

// houseHolds is what a house holds: an id, or the name when named.
func (b *Battle) houseHolds(h table.House, named bool) string {
	switch {
	case h.Item >= 0 && named:
		return b.rs.Items[h.Item].Name
	case h.Item >= 0:
		return b.rs.Items[h.Item].ID
	case h.Weapon >= 0 && named:
		return b.rs.Weapons[h.Weapon].Name
	case h.Weapon >= 0:
		return b.rs.Weapons[h.Weapon].ID
	}
	return "nothing"
}

// Private implements play.Viewer: no action text names anything hidden
// ("lyn search" does not say what the house holds).
func (b *Battle) Private(int) string { return "" }

// width is the terminal Show writes for.
const width = play.ShowWidth

// Show implements play.Viewer: the round and the objective, the map with
// the units on it as the battle's board events draw it (Board), each
// side's units, the terrain on the map (damaged tiles, siege spaces), the
// houses not yet searched (what they hold for the enemy's seat only),
// storage and who moves.
func (b *Battle) Show(seat int) string {
	var sb strings.Builder
	side := func(s int) string {
		if s == seat {
			return SideNames[s] + " (you)"
		}
		return SideNames[s]
	}
	phase := side(b.phase) + " phase"
	if b.deploying {
		phase = "deployment"
	}
	wrap(&sb, "", "    ", fmt.Sprintf("%s (%s), round %d of %d, %s", b.def.Name, b.def.ID, b.round, b.def.Rounds, phase))
	wrap(&sb, "", "    ", fmt.Sprintf("%s (%dx%d); objective: %s", b.m.Name, b.m.Width, b.m.Height, b.objectiveText()))
	marks := b.markers()
	for _, r := range b.grid(marks) {
		sb.WriteString(r + "\n")
	}
	entries := b.unitEntries(marks)
	for s := range 2 {
		sb.WriteString(side(s) + ":\n")
		for _, e := range entries {
			if b.Units[e.unit].Side == s {
				wrap(&sb, "  ", "      ", e.text+b.unitExtra(e.unit))
			}
		}
	}
	var unplaced []string
	for _, u := range b.Units {
		if !u.Placed && u.Present() {
			unplaced = append(unplaced, u.ID)
		}
	}
	if len(unplaced) > 0 {
		var tiles []string
		for _, t := range b.m.Deploy[Party] {
			tiles = append(tiles, b.tileName(int(t)))
		}
		wrap(&sb, "", "    ", fmt.Sprintf("to place: %s (on %s)", strings.Join(unplaced, ", "), strings.Join(tiles, " ")))
	}
	var gone []string
	for _, u := range b.Units {
		if u.Off != "" {
			gone = append(gone, u.ID+" ("+u.Off+")")
		}
	}
	if len(gone) > 0 {
		wrap(&sb, "", "    ", "gone: "+strings.Join(gone, ", "))
	}
	wrap(&sb, "", "  ", "terrain: "+b.terrainLegend())
	var hurt []string
	for t, tr := range b.tiles {
		if hp := b.tileHP[t]; hp != b.rs.Terrain[tr].HP {
			hurt = append(hurt, fmt.Sprintf("%s %s %d/%d", b.tileName(t), b.rs.Terrain[tr].Name, hp, b.rs.Terrain[tr].HP))
		}
	}
	if len(hurt) > 0 {
		wrap(&sb, "", "    ", "damaged: "+strings.Join(hurt, ", "))
	}
	var siege []string
	for k, s := range b.m.Siege {
		x := b.tileName(int(s.Tile)) + " " + b.rs.Weapons[s.Weapon].ID
		if n := b.siege[k]; n >= 0 {
			x += fmt.Sprintf(" (%d)", n)
		}
		siege = append(siege, x)
	}
	if len(siege) > 0 {
		wrap(&sb, "", "    ", "siege: "+strings.Join(siege, ", "))
	}
	var houses []string
	for h, x := range b.m.Houses {
		if b.searched[h] {
			continue
		}
		s := b.tileName(int(x.Tile))
		if seat == Enemy {
			s += " holds " + b.houseHolds(x, true)
		}
		houses = append(houses, s)
	}
	if len(houses) > 0 {
		wrap(&sb, "", "    ", "houses not searched: "+strings.Join(houses, ", "))
	}
	if len(b.storage) > 0 {
		wrap(&sb, "", "    ", "storage: "+strings.Join(b.storage, ", "))
	}
	switch {
	case b.over:
		won := "a draw"
		if len(b.result.Winners) > 0 {
			won = side(b.result.Winners[0]) + " wins"
		}
		wrap(&sb, "", "    ", "over, "+won+": "+b.result.Reason)
	case b.pending != nil:
		wrap(&sb, "", "    ", fmt.Sprintf("%s to move: %s's %s", side(b.ToMove()), b.Units[b.pending.Unit].ID, b.pending.Kind))
	case b.active >= 0:
		wrap(&sb, "", "    ", fmt.Sprintf("%s to move: %s in mid-turn", side(b.ToMove()), b.Units[b.active].ID))
	default:
		wrap(&sb, "", "    ", side(b.ToMove())+" to move")
	}
	return sb.String()
}

// unitExtra is what a unit's legend entry adds to the board's: its
// weapons (the equipped one first) and items with their uses, statuses,
// a prepared attack and its turn done.
func (b *Battle) unitExtra(i int) string {
	u := b.Units[i]
	var parts []string
	uses := func(c Carry) string {
		if c.Uses >= 0 {
			return fmt.Sprintf(" (%d)", c.Uses)
		}
		return ""
	}
	var ws []string
	for _, c := range u.Weapons {
		w := b.rs.Weapons[c.ID].ID + uses(c)
		if c.ID == u.Equip {
			ws = slices.Insert(ws, 0, w+" equipped")
		} else {
			ws = append(ws, w)
		}
	}
	if len(ws) > 0 {
		parts = append(parts, strings.Join(ws, ", "))
	}
	var its []string
	for _, c := range u.Items {
		its = append(its, b.rs.Items[c.ID].ID+uses(c))
	}
	if len(its) > 0 {
		parts = append(parts, "items "+strings.Join(its, ", "))
	}
	if u.Beast {
		parts = append(parts, "beast form")
	}
	var st []string
	for _, s := range u.Statuses {
		st = append(st, s.Kind)
	}
	if len(st) > 0 {
		parts = append(parts, "statuses "+strings.Join(st, ", "))
	}
	if u.Prepared != nil {
		var tiles []string
		for _, t := range u.Prepared.Tiles {
			tiles = append(tiles, b.tileName(t))
		}
		parts = append(parts, "prepared on "+strings.Join(tiles, " "))
	}
	if u.Passenger >= 0 {
		parts = append(parts, "carrying "+b.Units[u.Passenger].ID)
	}
	if u.Embarked >= 0 {
		parts = append(parts, "embarked")
	}
	if u.T.Done && u.Side == b.phase && !b.deploying {
		parts = append(parts, "done")
	}
	if len(parts) == 0 {
		return ""
	}
	return "; " + strings.Join(parts, "; ")
}

// terrainLegend names the glyphs on the map now, in the order of the
// ruleset's terrain, with what each does: ". Plains; T Forest (difficult,
// avoid 20, def 1)".
func (b *Battle) terrainLegend() string {
	on := map[int16]bool{}
	for _, t := range b.tiles {
		on[t] = true
	}
	var out []string
	for i := range b.rs.Terrain {
		if !on[int16(i)] {
			continue
		}
		tr := &b.rs.Terrain[i]
		var what []string
		switch {
		case tr.Wall:
			what = append(what, "wall")
		case tr.Door:
			what = append(what, "door")
		case tr.Move == table.Difficult:
			what = append(what, "difficult")
		case tr.Move == table.Impassable:
			what = append(what, "impassable")
		}
		for _, x := range []struct {
			name string
			v    int8
		}{{"avoid", tr.Avoid}, {"def", tr.Defense}, {"heals", tr.Healing}, {"hp", tr.HP}} {
			if x.v != 0 {
				what = append(what, fmt.Sprintf("%s %d", x.name, x.v))
			}
		}
		s := tr.Glyph + " " + tr.Name
		if len(what) > 0 {
			s += " (" + strings.Join(what, ", ") + ")"
		}
		out = append(out, s)
	}
	return strings.Join(out, "; ")
}

// LevelingView is a level-up match as its player (and an onlooker) sees
// it: the position (LevelingPos) but the random source's state. The GM's
// d20s of the level-up in progress are rolled in view (the player chooses
// among them); only the d20s of the level-ups to come are hidden.
type LevelingView struct {
	Character string         `json:"character" yaml:"character"`
	Level     int            `json:"level" yaml:"level"`
	Target    int            `json:"target" yaml:"target"`
	Gains     map[string]int `json:"gains" yaml:"gains"`
	Rolls     []RollPos      `json:"rolls,omitempty" yaml:"rolls,omitempty"`
	Eligible  []string       `json:"eligible,omitempty" yaml:"eligible,omitempty"`
	Assigned  map[string]int `json:"assigned,omitempty" yaml:"assigned,omitempty"`
}

// View implements play.Viewer (see LevelingView).
func (l *Leveling) View(seat int) any {
	p := l.Position().(LevelingPos)
	return LevelingView{Character: p.Character, Level: p.Level, Target: p.Target, Gains: p.Gains, Rolls: p.Rolls,
		Eligible: p.Eligible, Assigned: p.Assigned}
}

// Private implements play.Viewer: a pick names stats only.
func (l *Leveling) Private(int) string { return "" }

// Show implements play.Viewer: the character's level and stats, the
// level-up in progress (its d20s and the five best, or the free points
// assigned) and what the player chooses.
func (l *Leveling) Show(seat int) string {
	var sb strings.Builder
	stats := func(s table.Stats) string {
		var out []string
		for i, v := range s {
			out = append(out, fmt.Sprintf("%s %d", table.Stat(i), v))
		}
		return strings.Join(out, ", ")
	}
	wrap(&sb, "", "    ", fmt.Sprintf("%s (%s), level %d, levelling up to %d", l.c.Name, l.c.ID, l.level, l.target))
	wrap(&sb, "", "    ", "stats: "+stats(l.stats()))
	wrap(&sb, "", "    ", "growths: "+stats(l.c.Growths))
	player := "player"
	if seat == 0 {
		player += " (you)"
	}
	switch {
	case l.Over():
		wrap(&sb, "", "    ", fmt.Sprintf("over: %s reached level %d", l.c.ID, l.level))
	case l.lu.Milestone():
		sum, given := 0, "none"
		var as []string
		for s, v := range l.lu.Gains {
			if v > 0 {
				as = append(as, fmt.Sprintf("%s+%d", table.Stat(s), v))
				sum += int(v)
			}
		}
		if len(as) > 0 {
			given = strings.Join(as, " ")
		}
		wrap(&sb, "", "    ", fmt.Sprintf("level %d: %d free points, at most %d a stat, and %d HP; %d assigned: %s",
			l.lu.Level, table.MilestonePoints, table.MilestonePerStat, table.MilestoneHP, sum, given))
		wrap(&sb, "", "    ", player+" to add a point")
	default:
		var rolls []string
		for _, r := range l.lu.Rolls {
			x := fmt.Sprintf("%s %d", r.Stat, r.Result)
			switch r.Natural {
			case 20:
				x += " (nat 20)"
			case 1:
				x += " (nat 1)"
			}
			rolls = append(rolls, x)
		}
		wrap(&sb, "", "    ", fmt.Sprintf("level %d rolls: %s", l.lu.Level, strings.Join(rolls, ", ")))
		if len(l.lu.Natural) > 0 {
			wrap(&sb, "", "    ", "a free point (natural 20): "+statList(l.lu.Natural))
		}
		wrap(&sb, "", "    ", fmt.Sprintf("%s to raise %d of %s", player, min(table.LevelUpRaises, len(l.lu.Eligible)), statList(l.lu.Eligible)))
	}
	return sb.String()
}

// wrap writes s as lines of at most width columns: the first after first,
// the others after rest.
func wrap(b *strings.Builder, first, rest, s string) { play.Wrap(b, width, first, rest, s) }
