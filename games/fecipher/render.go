package fecipher

import (
	"fmt"
	"io/fs"
	"strings"

	content "github.com/roundtable-dev/roundtable/content/fecipher"
	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
	"github.com/roundtable-dev/roundtable/games"
)

// render is what Fire Emblem Cipher draws: every card (the layout in
// content/fecipher/layouts).
var render = &games.Render{
	Layouts:  mustSub(content.Layouts, "layouts"),
	Kinds:    []string{"card"},
	Pictures: func(rules any) []games.Picture { return pictures(rules.(*table.Ruleset)) },
}

func mustSub(f fs.FS, dir string) fs.FS {
	s, err := fs.Sub(f, dir)
	if err != nil {
		panic(err)
	}
	return s
}

// CardView is a card as printed (layout card; docs/render.md).
type CardView struct {
	ID, Title, Unit, Class string
	Cost, Promotion        string // "X" or a number; Promotion "" when none
	Promoted               bool
	Color                  string   // the first symbol's colour word ("colorless" without)
	Symbols                []string // symbol names
	Emblems                []string
	Range                  string // "1", "1-2", "" when it cannot attack
	Attack, Support        string
	Skills                 []SkillView
	Printing               string // "B03-001 SR" of its first printing
}

// SkillView is one printed skill.
type SkillView struct {
	Name, Type, Cost, Text string
}

func xnum[T ~int8 | ~int16](v T) string {
	if v == table.X {
		return "X"
	}
	return fmt.Sprint(v)
}

func pictures(rs *table.Ruleset) []games.Picture {
	out := make([]games.Picture, 0, len(rs.Cards))
	for i := range rs.Cards {
		c := &rs.Cards[i]
		v := CardView{ID: c.ID, Title: c.Title, Unit: c.Unit, Class: c.Class, Cost: xnum(c.Cost), Promoted: c.Promoted,
			Attack: xnum(c.Attack), Support: xnum(c.Support), Color: "colorless"}
		if c.Promotion != 0 {
			v.Promotion = xnum(c.Promotion)
		}
		for k, s := range c.Symbols {
			if int(s) < len(rs.Symbols) {
				sym := &rs.Symbols[s]
				v.Symbols = append(v.Symbols, sym.Name)
				if k == 0 {
					v.Color = sym.Color
				}
			}
		}
		for b, name := range table.EmblemNames {
			if c.Emblems&(1<<b) != 0 {
				v.Emblems = append(v.Emblems, name)
			}
		}
		switch {
		case !c.CanAttack():
		case c.MinRange == c.MaxRange:
			v.Range = fmt.Sprint(c.MinRange)
		default:
			v.Range = fmt.Sprintf("%d-%d", c.MinRange, c.MaxRange)
		}
		for _, s := range c.Skills {
			v.Skills = append(v.Skills, SkillView{Name: s.Name, Type: s.Type.String(), Cost: s.Cost, Text: s.Text})
		}
		if len(c.Printings) > 0 {
			p := c.Printings[0]
			v.Printing = strings.TrimSpace(p.Number + " " + p.Rarity)
		}
		facets := []string{v.Color, strings.ToLower(c.Class)}
		for _, e := range v.Emblems {
			facets = append(facets, strings.ToLower(e))
		}
		out = append(out, games.Picture{Kind: "card", ID: c.ID, Name: c.Name(), Layout: "card", Facets: facets, Data: v})
	}
	return out
}
