package tablebattles

import (
	"fmt"
	"io/fs"
	"strings"

	content "github.com/roundtable-dev/roundtable/content/tablebattles"
	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
	"github.com/roundtable-dev/roundtable/games"
)

// render is what Table Battles draws: each formation card with its dice
// area, and each scenario's set-up as a board (the layouts in
// content/tablebattles/layouts).
var render = &games.Render{
	Layouts:  mustSub(content.Layouts, "layouts"),
	Kinds:    []string{"formation", "scenario"},
	Pictures: func(rules any) []games.Picture { return pictures(rules.(*table.Ruleset)) },
}

func mustSub(f fs.FS, dir string) fs.FS {
	s, err := fs.Sub(f, dir)
	if err != nil {
		panic(err)
	}
	return s
}

// FormationView is one side of a formation card (layout formation;
// docs/render.md).
type FormationView struct {
	ID, Name, Card, Wing string
	Strength             int
	Special, Star        bool
	Dice                 DiceView
	Actions              []ActionView
	Reserve              string // "", "behind NAME", "commanded"
	Retire, Pursuit      bool
	Text                 string
}

// DiceView is a formation's dice area.
type DiceView struct {
	Src   string // as written on the card: "4-6", "Doubles", "[5]"
	Faces []int  // single faces that may be placed
	Kind  string // "faces", "single", "doubles", "triples", "straight"
}

// ActionView is an action or reaction of a formation.
type ActionView struct {
	Type, Requires, Effect, Text string
	Reaction, Voluntary          bool
	Targets                      []string // formation names
}

// ScenarioView is a scenario's set-up card (layout scenario).
type ScenarioView struct {
	ID, Name, Date string
	Sides          []SideView
	First          string
	Special        []string
}

// SideView is an army of a scenario.
type SideView struct {
	ID, Name   string
	Morale     int
	Dice       int
	Formations []FormationView
}

func formation(rs *table.Ruleset, i int) FormationView {
	f := &rs.Formations[i]
	v := FormationView{ID: f.ID, Name: f.Name, Card: f.Card, Wing: f.Wing.String(), Strength: int(f.Strength), Special: f.Special,
		Star: f.Star, Retire: f.Retire, Pursuit: f.Pursuit, Text: f.Text}
	d := f.Dice
	v.Dice = DiceView{Src: d.Src, Kind: "faces"}
	for face := 1; face <= 6; face++ {
		if d.HasFace(face) {
			v.Dice.Faces = append(v.Dice.Faces, face)
		}
	}
	switch {
	case d.Doubles:
		v.Dice.Kind = "doubles"
	case d.Triples:
		v.Dice.Kind = "triples"
	case d.Straights != 0:
		v.Dice.Kind = "straight"
	case d.Single:
		v.Dice.Kind = "single"
	}
	switch f.Reserve {
	case table.Behind:
		if f.Behind >= 0 {
			v.Reserve = "behind " + rs.Formations[f.Behind].Name
		}
	case table.Commanded:
		v.Reserve = "commanded"
	}
	for _, a := range f.Actions {
		av := ActionView{Type: a.Type.String(), Requires: a.Requirement.String(), Reaction: a.Type.Reaction(), Voluntary: a.Voluntary, Text: a.Text}
		switch {
		case a.PerDie:
			av.Effect = "1 hit per die"
		case a.Hits > 0:
			av.Effect = fmt.Sprintf("%d hit%s", a.Hits, plural(int(a.Hits)))
		}
		if a.Self > 0 {
			av.Effect = strings.TrimPrefix(av.Effect+fmt.Sprintf(", loses %d", a.Self), ", ")
		}
		for _, t := range a.Targets {
			if int(t) < len(rs.Formations) {
				av.Targets = append(av.Targets, rs.Formations[t].Name)
			}
		}
		if a.Any {
			av.Targets = append(av.Targets, "any")
		}
		v.Actions = append(v.Actions, av)
	}
	return v
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func pictures(rs *table.Ruleset) []games.Picture {
	var out []games.Picture
	for i := range rs.Formations {
		v := formation(rs, i)
		facets := []string{v.Wing}
		if v.Special {
			facets = append(facets, "special")
		}
		out = append(out, games.Picture{Kind: "formation", ID: v.ID, Name: v.Name, Layout: "formation", Facets: facets, Data: v})
	}
	for i := range rs.Scenarios {
		s := &rs.Scenarios[i]
		v := ScenarioView{ID: s.ID, Name: s.Name, Date: s.Date}
		for k, side := range s.Sides {
			sv := SideView{ID: side.ID, Name: side.Name, Morale: int(side.Morale), Dice: int(side.Dice)}
			for _, f := range side.Formations {
				sv.Formations = append(sv.Formations, formation(rs, int(f)))
			}
			v.Sides = append(v.Sides, sv)
			if k == int(s.First) {
				v.First = side.Name
			}
		}
		for _, sp := range s.Special {
			v.Special = append(v.Special, sp.Text)
		}
		out = append(out, games.Picture{Kind: "scenario", ID: s.ID, Name: s.Name, Layout: "scenario", Board: true, Data: v})
	}
	return out
}
