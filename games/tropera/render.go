package tropera

import (
	"io/fs"

	content "github.com/roundtable-dev/roundtable/content/tropera"
	engine "github.com/roundtable-dev/roundtable/engine/tropera"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
	"github.com/roundtable-dev/roundtable/games"
)

// render is what Fire Emblem Tropera draws: each character's sheet (the
// layout in content/tropera/layouts).
var render = &games.Render{
	Layouts:  mustSub(content.Layouts, "layouts"),
	Kinds:    []string{"character"},
	Pictures: func(rules any) []games.Picture { return pictures(rules.(*table.Ruleset)) },
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

func pictures(rs *table.Ruleset) []games.Picture {
	var out []games.Picture
	for ci := range rs.Characters {
		c := &rs.Characters[ci]
		v := SheetView{ID: c.ID, Name: c.Name, Level: int(c.Level)}
		wi := 0
		switch {
		case len(c.Weapons) > 0:
			wi = int(c.Weapons[0])
		case len(c.Natural) > 0:
			wi = int(c.Natural[0])
		}
		stats := c.Points
		for i := range stats {
			stats[i] += c.Gains[i]
		}
		if u, err := engine.NewUnit(rs, ci, wi, -1); err == nil {
			stats, v.Move = u.Stats, u.Move
		}
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
		out = append(out, games.Picture{Kind: "character", ID: c.ID, Name: c.Name, Layout: "character", Board: true, Facets: v.Skills, Data: v})
	}
	return out
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
