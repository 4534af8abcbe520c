package annas

import (
	"fmt"
	"strconv"
	"strings"

	annasengine "github.com/roundtable-dev/roundtable/engine/annas"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
	"github.com/roundtable-dev/roundtable/games"
)

// The studio's tools for Anna's Roundtable run the engine's own movement
// and combat (engine/annas), as `roundtable reach` and `forecast` do.

func unitChoices(rs *table.Ruleset) []games.Choice {
	var out []games.Choice
	for _, u := range rs.Units {
		out = append(out, games.Choice{Value: u.ID, Label: u.Name + " (" + colorWord(u.Color) + ", MOV " + strconv.Itoa(int(u.Mov)) + ")"})
	}
	return out
}

func first(cs []games.Choice) string {
	if len(cs) == 0 {
		return ""
	}
	return cs[0].Value
}

var reachTool = &games.Tool{
	Name: "Reach",
	Inputs: func(rules any) []games.Input {
		rs := rules.(*table.Ruleset)
		var maps []games.Choice
		for _, m := range rs.Maps {
			maps = append(maps, games.Choice{Value: m.ID, Label: m.Name})
		}
		units := unitChoices(rs)
		return []games.Input{
			{Name: "map", Label: "Map", Choices: maps, Default: first(maps)},
			{Name: "unit", Label: "Unit", Choices: units, Default: first(units)},
			{Name: "at", Label: "Standing on", Default: "c1", Help: "a tile, a1 to f6"},
			{Name: "seat", Label: "Seat", Choices: []games.Choice{{Value: "south", Label: "south"}, {Value: "north", Label: "north"}}, Default: "south"},
			{Name: "allies", Label: "Allies on", Help: "tiles, space-separated: passed through, never ended on"},
			{Name: "enemies", Label: "Enemies on", Help: "tiles, space-separated: never entered"},
		}
	},
	Run: func(rules any, v map[string]string) (games.Answer, error) {
		rs := rules.(*table.Ruleset)
		m := rs.MapIndex(v["map"])
		if m < 0 {
			return games.Answer{}, fmt.Errorf("no map %q", v["map"])
		}
		u := rs.UnitIndex(v["unit"])
		if u < 0 {
			return games.Answer{}, fmt.Errorf("no unit %q", v["unit"])
		}
		at, ok := table.ParseTile(strings.TrimSpace(v["at"]))
		if !ok {
			return games.Answer{}, fmt.Errorf("standing on %q: not a tile (a1 to f6)", v["at"])
		}
		set := func(what, s string) (table.TileSet, error) {
			var out table.TileSet
			for _, f := range strings.Fields(strings.ReplaceAll(s, ",", " ")) {
				t, ok := table.ParseTile(f)
				if !ok {
					return 0, fmt.Errorf("%s: %q is not a tile (a1 to f6)", what, f)
				}
				out |= 1 << uint(t)
			}
			return out, nil
		}
		allies, err := set("allies", v["allies"])
		if err != nil {
			return games.Answer{}, err
		}
		enemies, err := set("enemies", v["enemies"])
		if err != nil {
			return games.Answer{}, err
		}
		if (allies | enemies).Has(at) || allies&enemies != 0 {
			return games.Answer{}, fmt.Errorf("the unit's tile, the allies' and the enemies' must all differ")
		}
		mp := &rs.Maps[m]
		var terr [annasengine.Tiles]int16
		for i := range terr {
			terr[i] = int16(mp.Tiles[i])
		}
		closed := mp.Deploy[table.North]
		if v["seat"] == "north" {
			closed = mp.Deploy[table.South]
		}
		f := annasengine.Field{Rules: rs, Terrain: &terr, Allies: allies, Enemies: enemies, Closed: closed}
		unit := &rs.Units[u]
		tiles := annasengine.Names(f.Reach(at, int(unit.Mov), unit.Tags))
		return games.Answer{
			Text:  []string{fmt.Sprintf("%s (MOV %d) from %s on %s can end its move on %d tiles: %s", unit.Name, unit.Mov, at, mp.Name, len(tiles), strings.Join(tiles, " "))},
			Map:   games.Picture{Kind: "map", ID: mp.ID}.File(),
			Tiles: tiles,
		}, nil
	},
}

var forecastTool = &games.Tool{
	Name: "Combat forecast",
	Inputs: func(rules any) []games.Input {
		rs := rules.(*table.Ruleset)
		units := unitChoices(rs)
		def := first(units)
		if len(units) > 1 {
			def = units[1].Value
		}
		return []games.Input{
			{Name: "attacker", Label: "Attacker", Choices: units, Default: first(units)},
			{Name: "defender", Label: "Defender", Choices: units, Default: def},
			{Name: "distance", Label: "Distance", Choices: []games.Choice{{Value: "1", Label: "1"}, {Value: "2", Label: "2"}, {Value: "3", Label: "3"}}, Default: "1"},
			{Name: "attacker-hp", Label: "Attacker HP", Help: "empty: full"},
			{Name: "defender-hp", Label: "Defender HP", Help: "empty: full"},
		}
	},
	Run: func(rules any, v map[string]string) (games.Answer, error) {
		rs := rules.(*table.Ruleset)
		ai, di := rs.UnitIndex(v["attacker"]), rs.UnitIndex(v["defender"])
		if ai < 0 || di < 0 {
			return games.Answer{}, fmt.Errorf("pick two units")
		}
		dist, err := strconv.Atoi(v["distance"])
		if err != nil || dist < 1 {
			return games.Answer{}, fmt.Errorf("distance %q: want 1 or more", v["distance"])
		}
		hp := func(key string, u int) (int, error) {
			full := int(rs.Units[u].Stats.HP)
			s := strings.TrimSpace(v[key])
			if s == "" {
				return full, nil
			}
			n, err := strconv.Atoi(s)
			if err != nil || n < 1 || n > full {
				return 0, fmt.Errorf("%s %q: want 1 to %d", key, s, full)
			}
			return n, nil
		}
		aHP, err := hp("attacker-hp", ai)
		if err != nil {
			return games.Answer{}, err
		}
		dHP, err := hp("defender-hp", di)
		if err != nil {
			return games.Answer{}, err
		}
		if !rs.Units[ai].Range.Has(dist) {
			return games.Answer{}, fmt.Errorf("%s cannot attack at distance %d", rs.Units[ai].Name, dist)
		}
		o := annasengine.Forecast(rs, ai, di, aHP, dHP, false, false, dist)
		names := [2]string{rs.Units[ai].Name, rs.Units[di].Name}
		var lines []string
		for _, s := range o.Strikes {
			lines = append(lines, fmt.Sprintf("%s: %s deals %d", s.Kind, names[s.By], s.Damage))
		}
		before := [2]int{aHP, dHP}
		for i, who := range []string{"attacker", "defender"} {
			end := ""
			if o.Defeated[i] {
				end = ", defeated"
			}
			lines = append(lines, fmt.Sprintf("%s %s: HP %d → %d%s", who, names[i], before[i], o.HP[i], end))
		}
		return games.Answer{Text: lines}, nil
	},
}
