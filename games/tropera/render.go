package tropera

import (
	"encoding/json"
	"fmt"
	"io/fs"

	trocontent "github.com/roundtable-dev/roundtable/content/tropera"
	troengine "github.com/roundtable-dev/roundtable/engine/tropera"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
	"github.com/roundtable-dev/roundtable/games"
)

// render is what Fire Emblem Tropera draws: each character's sheet, each
// battle map, and each battle on its map with the units placed (the
// layouts in content/tropera/layouts).
var render = &games.Render{
	Layouts:  mustSub(trocontent.Layouts, "layouts"),
	Kinds:    []string{"character", "map", "battle"},
	Pictures: func(rules any) []games.Picture { return pictures(rules.(*table.Ruleset)) },
	Position: position,
}

func mustSub(f fs.FS, dir string) fs.FS {
	s, err := fs.Sub(f, dir)
	if err != nil {
		panic(err)
	}
	return s
}

// SheetView is a character sheet (layout character; docs/render.md).
type SheetView struct {
	ID, Name string
	Level    int
	Move     int
	// Stats are in play (creation points, level-up gains, base HP and the
	// feats' bonuses), one per stat in the rulebook's order.
	Stats   []StatView
	Feats   []NamedText
	Skills  []string // "swords D"
	Weapons []WeaponView
	Items   []NamedText
	Relic   string
	Focus   string
}

// StatView is one stat with its growth.
type StatView struct {
	Name          string // "HP", "Str"
	Value, Growth int
}

// NamedText is a feat or item.
type NamedText struct{ Name, Text string }

// WeaponView is a weapon a character carries.
type WeaponView struct {
	Name, Type, Rank, Range string
	Might, Hit, Crit        int
}

var statLabels = [table.NumStats]string{"HP", "Str", "Mag", "Skl", "Spd", "Lck", "Def", "Res"}

// sheet is character ci's sheet at its level.
func sheet(rs *table.Ruleset, ci int) SheetView {
	c := &rs.Characters[ci]
	v := SheetView{ID: c.ID, Name: c.Name, Level: int(c.Level)}
	// A laguz's sheet shows its fighting form, the beast's.
	stats, move := troengine.FormStats(rs, ci, rs.Laguz(c) >= 0)
	v.Move = move
	for s := range table.NumStats {
		v.Stats = append(v.Stats, StatView{Name: statLabels[s], Value: int(stats[s]), Growth: int(c.Growths[s])})
	}
	for _, f := range c.Feats {
		v.Feats = append(v.Feats, NamedText{Name: rs.Feats[f].Name, Text: rs.Feats[f].Text})
	}
	for _, s := range c.Skills {
		v.Skills = append(v.Skills, s.Prof.String()+" "+s.Rank.String())
	}
	for _, w := range append(append([]int16{}, c.Weapons...), c.Natural...) {
		wp := &rs.Weapons[w]
		rng := itoa(int(wp.MinRange))
		if wp.MaxRange != wp.MinRange {
			rng += "-" + itoa(int(wp.MaxRange))
		}
		v.Weapons = append(v.Weapons, WeaponView{Name: wp.Name, Type: wp.Type.String(), Rank: wp.Rank.String(), Range: rng,
			Might: int(wp.Might), Hit: int(wp.Accuracy), Crit: int(wp.Crit)})
	}
	for _, it := range c.Items {
		v.Items = append(v.Items, NamedText{Name: rs.Items[it].Name, Text: rs.Items[it].Text})
	}
	if c.Relic >= 0 {
		v.Relic = rs.Items[c.Relic].Name
	}
	if c.Focus != table.NoProf {
		v.Focus = c.Focus.String()
	}
	return v
}

func pictures(rs *table.Ruleset) []games.Picture {
	var out []games.Picture
	for ci := range rs.Characters {
		c := &rs.Characters[ci]
		v := sheet(rs, ci)
		out = append(out, games.Picture{Kind: "character", ID: c.ID, Name: c.Name, Layout: "character", Board: true, Facets: v.Skills, Data: v})
	}
	for mi := range rs.Maps {
		v := mapView(rs, mi)
		out = append(out, games.Picture{Kind: "map", ID: v.ID, Name: v.Name, Layout: "map", Board: true, Data: v})
	}
	for bi := range rs.Battles {
		if v, ok := battleView(rs, bi); ok {
			out = append(out, games.Picture{Kind: "battle", ID: v.ID, Name: v.Battle, Layout: "battle", Board: true, Facets: []string{v.Objective}, Data: v})
		}
	}
	return out
}

// MapView is a battle map (layout map), or a battle on its map (layout
// battle).
type MapView struct {
	ID, Name      string
	Width, Height int
	Tiles         []TileView // north rank first
	Legend        []TerrainView
	// Battles only.
	Battle    string
	Objective string
	Rounds    int
	Party     []string // characters placed by the party in its zone
	// Positions only.
	Round int
	Phase string
	// Waiting are the units in play off the map: not yet placed, or
	// carried by another.
	Waiting []WaitingUnit
}

// WaitingUnit is a unit in play off the map (positions).
type WaitingUnit struct {
	ID, Name, Side string
	Why            string // "to place", "carried"
}

// TileView is one space of a map.
type TileView struct {
	Name        string // "c4": file a (west) onward, rank 1 in the south
	Col, Row    int    // 0-based; row 0 is the north rank (the top of the picture)
	Terrain     string // terrain id
	TerrainName string
	Glyph       string
	Deploy      string // "party", "enemy" or ""
	House       bool
	Siege       string // the siege weapon's name
	Objective   bool   // battles: a tile of the objective
	Unit        *UnitView
}

// UnitView is a unit placed on a battle's map.
type UnitView struct {
	ID         string // positions: the unit's id, as action texts name it
	Name, Side string // side: party or enemy
	Number     int    // enemies
	Level      string
	HP         int // positions: hit points left
}

// TerrainView is a terrain of a map's legend.
type TerrainView struct {
	ID, Name, Glyph string
	Move            string
	Avoid, Defense  int
}

var levelNames = []string{"mob", "army", "elite"}

func mapView(rs *table.Ruleset, mi int) MapView {
	m := &rs.Maps[mi]
	w, h := int(m.Width), int(m.Height)
	v := MapView{ID: m.ID, Name: m.Name, Width: w, Height: h}
	deploy := map[int16]string{}
	for side, word := range []string{"party", "enemy"} {
		for _, t := range m.Deploy[side] {
			deploy[t] = word
		}
	}
	houses := map[int16]bool{}
	for _, hs := range m.Houses {
		houses[hs.Tile] = true
	}
	siege := map[int16]string{}
	for _, sg := range m.Siege {
		if int(sg.Weapon) < len(rs.Weapons) && sg.Weapon >= 0 {
			siege[sg.Tile] = rs.Weapons[sg.Weapon].Name
		}
	}
	seen := map[int16]bool{}
	for row := range h {
		rank := h - 1 - row
		for file := range w {
			t := int16(rank*w + file)
			tr := &rs.Terrain[m.Tiles[t]]
			seen[m.Tiles[t]] = true
			v.Tiles = append(v.Tiles, TileView{Name: m.TileName(int(t)), Col: file, Row: row, Terrain: tr.ID, TerrainName: tr.Name, Glyph: tr.Glyph,
				Deploy: deploy[t], House: houses[t], Siege: siege[t]})
		}
	}
	for ti := range rs.Terrain {
		if seen[int16(ti)] {
			tr := &rs.Terrain[ti]
			v.Legend = append(v.Legend, TerrainView{ID: tr.ID, Name: tr.Name, Glyph: tr.Glyph, Move: table.MoveNames[tr.Move], Avoid: int(tr.Avoid), Defense: int(tr.Defense)})
		}
	}
	return v
}

// at is the index in v.Tiles of map tile t (rank*Width + file).
func (v *MapView) at(t int16) int {
	rank, file := int(t)/v.Width, int(t)%v.Width
	return (v.Height-1-rank)*v.Width + file
}

func battleView(rs *table.Ruleset, bi int) (MapView, bool) {
	b := &rs.Battles[bi]
	if b.Map < 0 || int(b.Map) >= len(rs.Maps) {
		return MapView{}, false
	}
	v := mapView(rs, int(b.Map))
	v.ID, v.Battle, v.Objective, v.Rounds = b.ID, b.Name, table.ObjectiveNames[b.Objective], int(b.Rounds)
	place := func(p table.Placed, side string) {
		name := rs.Characters[p.Character].Name
		if p.Tile < 0 || int(p.Tile) >= len(v.Tiles) {
			if side == "party" {
				v.Party = append(v.Party, name)
			}
			return
		}
		u := &UnitView{Name: name, Side: side}
		if side == "enemy" {
			u.Number = int(p.Number)
			if int(p.Level) < len(levelNames) {
				u.Level = levelNames[p.Level]
			}
		}
		v.Tiles[v.at(p.Tile)].Unit = u
	}
	for _, p := range b.Party {
		place(p, "party")
	}
	for _, p := range b.Enemies {
		place(p, "enemy")
	}
	for _, t := range b.Tiles {
		if int(t) < len(v.Tiles) {
			v.Tiles[v.at(t)].Objective = true
		}
	}
	return v, true
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// positionState is the part of a battle position (docs/tropera.md) a board
// picture reads.
type positionState struct {
	Battle string `json:"battle"`
	Round  int    `json:"round"`
	Phase  string `json:"phase"`
	Units  []struct {
		ID        string `json:"id"`
		Character string `json:"character"`
		Side      string `json:"side"`
		Number    int    `json:"number"`
		At        string `json:"at"`
		Unplaced  bool   `json:"unplaced"`
		Out       string `json:"out"`
		HP        int    `json:"hp"`
	} `json:"units"`
}

// position draws a battle position: every unit where it stands, with its
// HP; a unit off the map (defeated, carried) is not drawn.
func position(rules any, mode string, state []byte) (games.Picture, error) {
	rs := rules.(*table.Ruleset)
	if mode == troengine.LevelUpMode.Name {
		return leveling(rs, state)
	}
	var p positionState
	if err := json.Unmarshal(state, &p); err != nil {
		return games.Picture{}, fmt.Errorf("tropera position: %v", err)
	}
	bi := -1
	for i := range rs.Battles {
		if rs.Battles[i].ID == p.Battle {
			bi = i
		}
	}
	if bi < 0 {
		return games.Picture{}, fmt.Errorf("tropera position: no battle %q (the %s mode draws battles only)", p.Battle, mode)
	}
	v, ok := battleView(rs, bi)
	if !ok {
		return games.Picture{}, fmt.Errorf("tropera position: battle %q has no map", p.Battle)
	}
	at := map[string]int{}
	for i := range v.Tiles {
		v.Tiles[i].Unit = nil
		at[v.Tiles[i].Name] = i
	}
	v.Party = nil
	for _, u := range p.Units {
		ci := rs.CharacterIndex(u.Character)
		if ci < 0 {
			continue
		}
		i, ok := at[u.At]
		switch {
		case ok:
			v.Tiles[i].Unit = &UnitView{ID: u.ID, Name: rs.Characters[ci].Name, Side: u.Side, Number: u.Number, HP: u.HP}
		case u.Out != "":
		case u.Unplaced:
			v.Waiting = append(v.Waiting, WaitingUnit{ID: u.ID, Name: rs.Characters[ci].Name, Side: u.Side, Why: "to place"})
		default:
			v.Waiting = append(v.Waiting, WaitingUnit{ID: u.ID, Name: rs.Characters[ci].Name, Side: u.Side, Why: "carried"})
		}
	}
	v.Round, v.Phase = p.Round, p.Phase
	return games.Picture{Kind: "battle", ID: v.ID, Name: v.Battle, Layout: "position", Board: true, Data: v}, nil
}

// LevelUpView is a level-up in progress (layout levelup): the character's
// sheet with the gains so far added to its stats, and the d20s of the
// level being gained.
type LevelUpView struct {
	SheetView
	Target int // the level to reach; Level is the level reached so far
	// Gains are per stat, in the rulebook's order, beside SheetView.Stats.
	Gains []int
	Rolls []RollView
	// Status says what is being decided.
	Status string
}

// RollView is one stat's d20 of the level being gained.
type RollView struct {
	Stat            string // "Str"
	Natural, Result int
	Rerolls         []int
	Eligible        bool // among the best, that may be raised
}

// leveling draws a level-up position (engine/tropera.LevelingPos).
func leveling(rs *table.Ruleset, state []byte) (games.Picture, error) {
	var p troengine.LevelingPos
	if err := json.Unmarshal(state, &p); err != nil {
		return games.Picture{}, fmt.Errorf("tropera level-up position: %v", err)
	}
	ci := rs.CharacterIndex(p.Character)
	if ci < 0 {
		return games.Picture{}, fmt.Errorf("tropera level-up position: no character %q", p.Character)
	}
	label := map[string]string{}
	for s := range table.NumStats {
		label[table.StatNames[s]] = statLabels[s]
	}
	v := LevelUpView{SheetView: sheet(rs, ci), Target: p.Target}
	v.Level = p.Level
	for s := range table.NumStats {
		g := p.Gains[table.StatNames[s]]
		v.Stats[s].Value += g
		v.Gains = append(v.Gains, g)
	}
	eligible := map[string]bool{}
	for _, e := range p.Eligible {
		eligible[e] = true
	}
	for _, r := range p.Rolls {
		v.Rolls = append(v.Rolls, RollView{Stat: label[r.Stat], Natural: r.Natural, Result: r.Result, Rerolls: r.Rerolls, Eligible: eligible[r.Stat]})
	}
	switch {
	case p.Level >= p.Target:
		v.Status = fmt.Sprintf("level %d reached", p.Level)
	case len(p.Assigned) > 0 || len(p.Rolls) == 0:
		v.Status = fmt.Sprintf("level %d: free points to assign", p.Level+1)
	default:
		v.Status = fmt.Sprintf("level %d: choose among the best rolls", p.Level+1)
	}
	return games.Picture{Kind: "character", ID: v.ID, Name: v.Name, Layout: "levelup", Board: true, Data: v}, nil
}
