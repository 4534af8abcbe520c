package tropera

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/source"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

type mapDoc struct {
	ID     string `yaml:"id"`
	Name   string `yaml:"name"`
	Tiles  string `yaml:"tiles"`
	Deploy struct {
		Party []string `yaml:"party"`
		Enemy []string `yaml:"enemy"`
	} `yaml:"deploy"`
	Houses []struct {
		At     string `yaml:"at"`
		Item   string `yaml:"item"`
		Weapon string `yaml:"weapon"`
	} `yaml:"houses"`
	Siege []struct {
		At     string `yaml:"at"`
		Weapon string `yaml:"weapon"`
	} `yaml:"siege"`
	Text string `yaml:"text"`
}

type placedDoc struct {
	Number    int8     `yaml:"number"`
	Character string   `yaml:"character"`
	Level     string   `yaml:"level"`
	Weapon    string   `yaml:"weapon"`
	At        string   `yaml:"at"`
	Weapons   []string `yaml:"weapons"`
	Items     []string `yaml:"items"`
	Form      string   `yaml:"form"`
}

type battleDoc struct {
	ID        string      `yaml:"id"`
	Name      string      `yaml:"name"`
	Map       string      `yaml:"map"`
	Party     []placedDoc `yaml:"party"`
	Enemies   []placedDoc `yaml:"enemies"`
	Objective struct {
		Rout   bool   `yaml:"rout"`
		Seize  string `yaml:"seize"`
		Defend *struct {
			Rounds int8     `yaml:"rounds"`
			Tiles  []string `yaml:"tiles"`
		} `yaml:"defend"`
		Escape []string `yaml:"escape"`
	} `yaml:"objective"`
	Rounds  int8   `yaml:"rounds" cue:"default=30"` // DefaultRounds
	Weather string `yaml:"weather"`
	Text    string `yaml:"text"`
}

// grid reads a map's tiles text (northernmost row first) into terrain
// indexes, rank 1 first, reporting each bad glyph where it is written.
func (b *builder) grid(d *compiler.Doc, id string, glyphs map[string]int) (w, h int, tiles []int16, ok bool) {
	n := source.Path(d.PosTree(), "tiles")
	if n == nil {
		return 0, 0, nil, false
	}
	lines := strings.Split(strings.TrimRight(n.Value, "\n"), "\n")
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	// A literal block (tiles: |) keeps its lines verbatim, so each glyph's
	// column can be found in the source; other styles point at the value.
	var src []string
	first := -1
	if n.Style&yaml.LiteralStyle != 0 {
		src = strings.Split(string(d.Pack.Set.Source(d.File)), "\n")
		for i := n.Line; i < len(src); i++ {
			if strings.TrimSpace(src[i]) != "" {
				first = i
				break
			}
		}
	}
	at := func(r, off int) diag.Pos {
		if first >= 0 && first+r < len(src) {
			if indent := len(strings.TrimRight(src[first+r], "\r")) - len(lines[r]); indent >= 0 {
				return diag.Pos{File: d.File, Line: first + r + 1, Col: indent + off + 1}
			}
		}
		return source.NodePos(d.File, n)
	}
	h = len(lines)
	ok = true
	if h > table.MaxHeight {
		b.diags.Add(CodeMapGrid, source.NodePos(d.File, n), "map %q has %d rows; at most %d", id, h, table.MaxHeight)
		return 0, 0, nil, false
	}
	rows := make([][]int16, h)
	for r, line := range lines {
		cols, fields := compiler.GridRow(line)
		rank := h - r
		switch {
		case r == 0:
			w = len(fields)
			if w == 0 || w > table.MaxWidth {
				b.diags.Add(CodeMapGrid, at(0, 0), "map %q: rank %d has %d glyphs; a row has 1 to %d", id, rank, w, table.MaxWidth).Hint = "write one glyph per file, separated by spaces"
				return 0, 0, nil, false
			}
		case len(fields) != w:
			b.diags.Add(CodeMapGrid, at(r, len(line)-len(strings.TrimLeft(line, " \t"))), "map %q: rank %d has %d glyphs; the first row has %d", id, rank, len(fields), w).Hint = "every row is as long as the first"
			ok = false
			continue
		}
		rows[r] = make([]int16, w)
		for c, g := range fields {
			ti, known := glyphs[g]
			if !known {
				var list []string
				for k := range glyphs {
					list = append(list, k)
				}
				slices.Sort(list)
				dd := b.diags.Add(CodeMapGlyph, at(r, cols[c]), "map %q: glyph %q at %s is not any terrain's glyph", id, g, table.TileName((rank-1)*w+c, w))
				dd.Hint = "terrain glyphs: " + strings.Join(list, " ")
				ok = false
				continue
			}
			rows[r][c] = int16(ti)
		}
	}
	if !ok {
		return w, h, nil, false
	}
	tiles = make([]int16, 0, w*h)
	for r := h - 1; r >= 0; r-- {
		tiles = append(tiles, rows[r]...)
	}
	return w, h, tiles, true
}

// tile reads a tile name of map m written at path; -1 when it is not on m.
func (b *builder) tile(d *compiler.Doc, m *table.Map, name string, path ...string) int {
	t, ok := m.Tile(name)
	if !ok {
		dd := b.diags.Add(CodeTile, pos(d, path...), "%s %q: tile %q is not on map %q (%dx%d: a1 to %s)", d.Kind, d.ID, name, m.ID, m.Width, m.Height, m.TileName(int(m.Width)*int(m.Height)-1))
		dd.Hint = "files a to the last letter west to east, ranks 1 up south to north"
		return -1
	}
	return t
}

// enterable reports whether ground units can stand on terrain t.
func (b *builder) enterable(t int16) bool { return b.rs.Terrain[t].Move != table.Impassable }

func (b *builder) maps() {
	glyphs := map[string]int{}
	for i, t := range b.rs.Terrain {
		if _, dup := glyphs[t.Glyph]; !dup && t.Glyph != "" {
			glyphs[t.Glyph] = i
		}
	}
	for _, d := range b.p.Valid("map") {
		md, ok := compiler.Decode[mapDoc](d, &b.diags)
		tm := table.Map{ID: d.ID}
		if !ok {
			b.rs.Maps = append(b.rs.Maps, tm)
			continue
		}
		tm.Name, tm.Text = md.Name, md.Text
		w, h, tiles, gridOK := b.grid(d, md.ID, glyphs)
		if !gridOK {
			b.rs.Maps = append(b.rs.Maps, tm)
			continue
		}
		tm.Width, tm.Height, tm.Tiles = int8(w), int8(h), tiles
		for side, zone := range [2][]string{md.Deploy.Party, md.Deploy.Enemy} {
			key := []string{"party", "enemy"}[side]
			seen := map[int]bool{}
			for i, name := range zone {
				t := b.tile(d, &tm, name, "deploy", key, strconv.Itoa(i))
				switch {
				case t < 0:
					continue
				case seen[t]:
					b.diags.Add(CodeDeploy, pos(d, "deploy", key, strconv.Itoa(i)), "map %q: the %s zone lists %s twice", md.ID, key, name)
					continue
				case !b.enterable(tiles[t]):
					b.diags.Add(CodeDeploy, pos(d, "deploy", key, strconv.Itoa(i)), "map %q: %s zone tile %s is %s, which no unit on foot can enter", md.ID, key, name, b.rs.Terrain[tiles[t]].Name).Hint = "deploy on ground units can stand on"
					continue
				}
				seen[t] = true
				tm.Deploy[side] = append(tm.Deploy[side], int16(t))
			}
		}
		for i, hs := range md.Houses {
			p := []string{"houses", strconv.Itoa(i)}
			t := b.tile(d, &tm, hs.At, append(p, "at")...)
			house := table.House{Tile: int16(t), Item: -1, Weapon: -1}
			if hs.Item != "" {
				house.Item = int16(b.p.Resolve("item", hs.Item, pos(d, append(p, "item")...), "item", &b.diags))
			}
			if hs.Weapon != "" {
				house.Weapon = int16(b.p.Resolve("weapon", hs.Weapon, pos(d, append(p, "weapon")...), "weapon", &b.diags))
			}
			if (hs.Item == "") == (hs.Weapon == "") {
				b.diags.Add(CodeSpace, pos(d, append(p, "at")...), "map %q: the house at %s finds %s; a house holds one item or one weapon", md.ID, hs.At, map[bool]string{true: "nothing", false: "two things"}[hs.Item == ""])
			}
			if t >= 0 && !b.enterable(tiles[t]) {
				b.diags.Add(CodeSpace, pos(d, append(p, "at")...), "map %q: the house at %s stands on %s, which no unit on foot can enter to search", md.ID, hs.At, b.rs.Terrain[tiles[t]].Name)
			}
			if t >= 0 {
				tm.Houses = append(tm.Houses, house)
			}
		}
		for i, sg := range md.Siege {
			p := []string{"siege", strconv.Itoa(i)}
			t := b.tile(d, &tm, sg.At, append(p, "at")...)
			wi := b.p.Resolve("weapon", sg.Weapon, pos(d, append(p, "weapon")...), "weapon", &b.diags)
			if wi >= 0 && !b.rs.Weapons[wi].Siege {
				b.diags.Add(CodeSpace, pos(d, append(p, "weapon")...), "map %q: the siege space at %s fires %q, which is not a siege weapon", md.ID, sg.At, sg.Weapon).Hint = "give the weapon siege: true"
			}
			if t >= 0 && !b.enterable(tiles[t]) {
				b.diags.Add(CodeSpace, pos(d, append(p, "at")...), "map %q: the siege space at %s stands on %s, which no unit on foot can enter", md.ID, sg.At, b.rs.Terrain[tiles[t]].Name)
			}
			if t >= 0 && wi >= 0 {
				tm.Siege = append(tm.Siege, table.Siege{Tile: int16(t), Weapon: int16(wi)})
			}
		}
		b.rs.Maps = append(b.rs.Maps, tm)
	}
}

// ground is every tile reachable on foot from the starts, doors and
// destructible tiles counted as open (they can be opened).
func (b *builder) ground(m *table.Map, starts []int16) []bool {
	w, h := int(m.Width), int(m.Height)
	seen := make([]bool, w*h)
	queue := []int{}
	for _, s := range starts {
		if !seen[s] {
			seen[s] = true
			queue = append(queue, int(s))
		}
	}
	open := func(t int) bool {
		tr := &b.rs.Terrain[m.Tiles[t]]
		return tr.Move != table.Impassable || (tr.Destructible || tr.Door) && tr.Becomes >= 0 && b.rs.Terrain[tr.Becomes].Move != table.Impassable
	}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		x, y := t%w, t/w
		for _, n := range [4][2]int{{x + 1, y}, {x - 1, y}, {x, y + 1}, {x, y - 1}} {
			if n[0] < 0 || n[1] < 0 || n[0] >= w || n[1] >= h {
				continue
			}
			k := n[1]*w + n[0]
			if !seen[k] && open(k) {
				seen[k] = true
				queue = append(queue, k)
			}
		}
	}
	return seen
}

func (b *builder) battles() {
	for d, bd := range compiler.Decoded[battleDoc](b.p, "battle", &b.diags, nil) {
		tb := table.Battle{ID: bd.ID, Name: bd.Name, Rounds: bd.Rounds, Text: bd.Text}
		if tb.Rounds == 0 {
			tb.Rounds = DefaultRounds // the schema's default; CUE defaults do not reach the YAML
		}
		if bd.Weather == "adverse" {
			tb.Weather = table.Adverse
		}
		mi := b.p.Resolve("map", bd.Map, pos(d, "map"), "map", &b.diags)
		if mi < 0 || b.rs.Maps[mi].Tiles == nil {
			continue // the map's own problems are reported there
		}
		tb.Map = int16(mi)
		m := &b.rs.Maps[mi]
		taken := map[int]diag.Pos{}
		place := func(p diag.Pos, ci int, t int, beast bool, who string) {
			if t < 0 {
				return
			}
			if first, dup := taken[t]; dup {
				dd := b.diags.Add(CodeTileTaken, p, "battle %q: %s starts on %s, where another unit stands", bd.ID, who, m.TileName(t))
				dd.Related = []diag.Related{{Pos: first, Message: "the first unit there"}}
				return
			}
			taken[t] = p
			if !b.canStand(ci, m.Tiles[t], beast) {
				b.diags.Add(CodeTileTaken, p, "battle %q: %s starts on %s (%s), which it cannot enter", bd.ID, who, m.TileName(t), b.rs.Terrain[m.Tiles[t]].Name)
			}
		}
		// Enemies first: they hold their tiles before the party picks.
		numbers := map[int8]diag.Pos{}
		zone := 0
		for i, e := range bd.Enemies {
			path := []string{"enemies", strconv.Itoa(i)}
			np := pos(d, append(path, "number")...)
			if first, dup := numbers[e.Number]; dup {
				dd := b.diags.Add(CodeNumber, np, "battle %q: two enemies are number %d", bd.ID, e.Number)
				dd.Related = []diag.Related{{Pos: first, Message: "the first number " + strconv.Itoa(int(e.Number))}}
				dd.Hint = "Mob and Army enemies act in numerical order; give each its own number"
			} else {
				numbers[e.Number] = np
			}
			u, _, ok := b.placed(d, bd.ID, m, e, path, true)
			if !ok {
				continue
			}
			if e.At == "" {
				for zone < len(m.Deploy[1]) {
					if _, busy := taken[int(m.Deploy[1][zone])]; !busy {
						break
					}
					zone++
				}
				if zone == len(m.Deploy[1]) {
					b.diags.Add(CodeDeploy, np, "battle %q: enemy %d has no tile and the enemy zone of map %q is full", bd.ID, e.Number, m.ID).Hint = "give it at:, or more tiles in the map's enemy zone"
					continue
				}
				u.Tile = m.Deploy[1][zone]
			}
			place(np, int(u.Character), int(u.Tile), u.Beast, fmt.Sprintf("enemy %d", e.Number))
			tb.Enemies = append(tb.Enemies, u)
		}
		slices.SortStableFunc(tb.Enemies, func(a, b table.Placed) int { return int(a.Number) - int(b.Number) })
		seen := map[int16]diag.Pos{}
		free := 0
		for i, pu := range bd.Party {
			path := []string{"party", strconv.Itoa(i)}
			cp := pos(d, append(path, "character")...)
			u, ci, ok := b.placed(d, bd.ID, m, pu, path, false)
			if ci >= 0 {
				if first, dup := seen[int16(ci)]; dup {
					dd := b.diags.Add(CodeDeployTwice, cp, "battle %q deploys %q twice", bd.ID, pu.Character)
					dd.Related = []diag.Related{{Pos: first, Message: "first deployed here"}}
					continue
				}
				seen[int16(ci)] = cp
			}
			if !ok {
				continue
			}
			if pu.At == "" {
				free++
			} else {
				place(cp, int(u.Character), int(u.Tile), u.Beast, pu.Character)
			}
			tb.Party = append(tb.Party, u)
		}
		open := 0
		for _, t := range m.Deploy[0] {
			if _, ok := taken[int(t)]; !ok {
				open++
			}
		}
		if free > open {
			b.diags.Add(CodeDeploy, keyPos(d, "party"), "battle %q places %s in the zone of map %q, which has %s", bd.ID, plural(free, "party unit"), m.ID, plural(open, "free tile")).Hint = "give some units at:, or the map more party deployment tiles"
		}
		b.objective(d, bd, &tb, m)
		b.rs.Battles = append(b.rs.Battles, tb)
	}
}

// canStand reports whether character ci can stand on terrain t: on foot,
// anything but impassable ground; flying, anything but walls.
func (b *builder) canStand(ci int, t int16, beast bool) bool {
	tr := &b.rs.Terrain[t]
	if tr.Move != table.Impassable {
		return true
	}
	if tr.Wall {
		return false
	}
	return b.rs.FormCombat(&b.rs.Characters[ci], beast).Flies
}

// placed reads one unit of a battle: its character, tile, form, carried
// weapons and items, and the weapon it equips.
func (b *builder) placed(d *compiler.Doc, battle string, m *table.Map, u placedDoc, path []string, enemy bool) (_ table.Placed, ci int, _ bool) {
	p := func(k ...string) diag.Pos { return pos(d, append(slices.Clone(path), k...)...) }
	ci = b.p.Resolve("character", u.Character, p("character"), "character", &b.diags)
	form, _ := table.ParseForm(u.Form) // the schema allows only its words
	out := table.Placed{Number: u.Number, Tile: -1, Weapon: -1}
	if enemy {
		out.Level = table.Level(levelOf[u.Level])
	}
	if u.At != "" {
		out.Tile = int16(b.tile(d, m, u.At, append(slices.Clone(path), "at")...))
	}
	// nil: the character's own; a list (maybe empty): instead of them.
	if u.Weapons != nil {
		out.Weapons = append([]int16{}, b.refs(d, "weapon", u.Weapons, "weapon", append(slices.Clone(path), "weapons")...)...)
	}
	if u.Items != nil {
		out.Items = append([]int16{}, b.refs(d, "item", u.Items, "item", append(slices.Clone(path), "items")...)...)
	}
	if ci < 0 {
		return out, ci, false
	}
	out.Character = int16(ci)
	c := &b.rs.Characters[ci]
	who := u.Character
	if enemy {
		who = fmt.Sprintf("enemy %d (%s)", u.Number, u.Character)
	}
	if _, why := b.rs.FormFor(c, -1, form); why != "" {
		b.diags.Add(CodeEquip, p("form"), "battle %q: %s starts in beast form but is not a laguz", battle, who).Hint = "only laguz transform; remove form:"
		form = table.Humanoid
	}
	carried := c.Weapons
	if out.Weapons != nil {
		carried = out.Weapons
	}
	if u.Weapon == "" {
		// The first weapon it can wield, carried first, then natural, in
		// the form given or the one that weapon implies.
		w, beast := b.rs.FirstWieldable(c, carried, nil, form)
		out.Weapon, out.Beast = w, beast
		if out.Weapon < 0 {
			if b.gearBroken[u.Character] || slices.ContainsFunc(u.Weapons, func(w string) bool { return b.p.BrokenID("weapon", w) }) {
				return out, ci, false // follows from a broken weapon or feat
			}
			b.diags.Add(CodeDeployWeapon, p("character"), "battle %q: %s has no weapon it can wield%s", battle, who, map[bool]string{true: " in beast form", false: ""}[form == table.BeastForm]).Hint = "give it a weapon it has the proficiency for (weapons:), or a form it fights in (form:)"
			return out, ci, false
		}
		return out, ci, true
	}
	wi := b.p.Resolve("weapon", u.Weapon, p("weapon"), "weapon", &b.diags)
	if wi < 0 {
		return out, ci, false
	}
	out.Weapon = int16(wi)
	out.Beast, _ = b.rs.FormFor(c, int16(wi), form)
	w := &b.rs.Weapons[wi]
	if !slices.Contains(carried, int16(wi)) && (!w.Natural || b.rs.NaturalFrom(c, int16(wi)) < 0) {
		if b.gearBroken[u.Character] {
			return out, ci, false // it may carry it, in the broken document's list
		}
		dd := b.diags.Add(CodeDeployWeapon, p("weapon"), "battle %q: %s neither carries %q nor has it from a feat", battle, who, u.Weapon)
		dd.Hint = "equip one of its weapons or natural weapons"
		return out, ci, false
	}
	if ok, why := b.rs.Wields(c, int16(wi), out.Beast); !ok {
		b.diags.Add(CodeEquip, p("weapon"), "battle %q: %s cannot wield %q: %s", battle, who, u.Weapon, why).Hint = "equip a weapon within its proficiency ranks, or set form:"
		return out, ci, false
	}
	return out, ci, true
}

// objective reads the battle's objective: exactly one kind, its tiles on
// the map and reachable on foot from the party's deployment zone.
func (b *builder) objective(d *compiler.Doc, bd battleDoc, tb *table.Battle, m *table.Map) {
	o := bd.Objective
	var kinds []string
	var names []string
	var path []string
	if o.Rout {
		kinds = append(kinds, "rout")
	}
	if o.Seize != "" {
		kinds = append(kinds, "seize")
		tb.Objective, names, path = table.Seize, []string{o.Seize}, []string{"objective", "seize"}
	}
	if o.Defend != nil {
		kinds = append(kinds, "defend")
		tb.Objective, names, path = table.Defend, o.Defend.Tiles, []string{"objective", "defend", "tiles"}
		tb.Hold = o.Defend.Rounds
		if tb.Hold > tb.Rounds {
			b.diags.Add(CodeObjective, pos(d, "objective", "defend", "rounds"), "battle %q: holding out %d rounds takes longer than its round limit of %d", bd.ID, tb.Hold, tb.Rounds).Hint = "raise rounds: or lower the rounds to defend"
		}
	}
	if o.Escape != nil {
		kinds = append(kinds, "escape")
		tb.Objective, names, path = table.Escape, o.Escape, []string{"objective", "escape"}
	}
	if len(kinds) != 1 {
		b.diags.Add(CodeObjective, keyPos(d, "objective"), "battle %q has %d objectives (%s); a battle has one of rout, seize, defend and escape", bd.ID, len(kinds), strings.Join(kinds, ", "))
		return
	}
	reach := b.ground(m, m.Deploy[0])
	for _, pu := range tb.Party {
		if pu.Tile >= 0 {
			for t, r := range b.ground(m, []int16{pu.Tile}) {
				reach[t] = reach[t] || r
			}
		}
	}
	// A rout needs every enemy within reach: its tile or one next to it
	// reachable on foot from the party's zone.
	if tb.Objective == table.Rout {
		w := int(m.Width)
		for i, e := range tb.Enemies {
			t := int(e.Tile)
			if t < 0 {
				continue
			}
			ok := reach[t]
			x, y := t%w, t/w
			for _, n := range [4][2]int{{x + 1, y}, {x - 1, y}, {x, y + 1}, {x, y - 1}} {
				if n[0] >= 0 && n[1] >= 0 && n[0] < w && n[1] < int(m.Height) {
					ok = ok || reach[n[1]*w+n[0]]
				}
			}
			if !ok {
				b.diags.Add(CodeUnreachable, b.enemyPos(d, bd, e.Number), "battle %q: enemy %d at %s cannot be reached on foot from the party's deployment zone: the rout cannot be won", bd.ID, tb.Enemies[i].Number, m.TileName(t)).Hint = "place it where the party can reach it, or open a path"
			}
		}
	}
	for i, name := range names {
		p := path
		if len(path) > 2 || tb.Objective == table.Escape {
			p = append(slices.Clone(path), strconv.Itoa(i))
		}
		t := b.tile(d, m, name, p...)
		if t < 0 {
			continue
		}
		if !reach[t] {
			b.diags.Add(CodeUnreachable, pos(d, p...), "battle %q: %s tile %s cannot be reached on foot from the party's deployment zone", bd.ID, kinds[0], name).Hint = "open a path on map " + strconv.Quote(m.ID) + ", or pick another tile"
		}
		tb.Tiles = append(tb.Tiles, int16(t))
	}
}

// enemyPos is where enemy number n of a battle is written.
func (b *builder) enemyPos(d *compiler.Doc, bd battleDoc, n int8) diag.Pos {
	for i, e := range bd.Enemies {
		if e.Number == n {
			return pos(d, "enemies", strconv.Itoa(i), "number")
		}
	}
	return keyPos(d, "enemies")
}
