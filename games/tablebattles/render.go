package tablebattles

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"

	tbcontent "github.com/roundtable-dev/roundtable/content/tablebattles"
	tbengine "github.com/roundtable-dev/roundtable/engine/tablebattles"
	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
	"github.com/roundtable-dev/roundtable/games"
)

// render is what Table Battles draws: each formation card with its dice
// area, and each scenario's set-up as a board (the layouts in
// content/tablebattles/layouts).
var render = &games.Render{
	Layouts:  mustSub(tbcontent.Layouts, "layouts"),
	Kinds:    []string{"formation", "scenario"},
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

// PositionView is a match position on the table (layout position): the
// scenario's formations with their units, cubes and dice now.
type PositionView struct {
	ScenarioView
	Turn   int
	Active string // the side to act, by name
	Phase  string // action, reaction, roll or over
	// Status is the line under the title: whose decision, the roll in
	// hand, the attack waiting for a reaction, or who won and why.
	Status string
	Morale map[string]int // by side id
	Pool   map[string]int // by side id
	Live   map[string]LiveFormation
	// Roll is the dice rolled, to be placed on one card of Wing (the roll
	// phase): each die is pointed at by its face, as the place actions
	// name it.
	Roll []int
	Wing string
}

// LiveFormation is a formation in a position.
type LiveFormation struct {
	Units   int // units, or a special formation's cubes
	Dice    []int
	Reserve bool   // still waiting in reserve
	Gone    string // routed, retired or pursued: out of play
}

// position draws a match position (engine/tablebattles.Position as JSON):
// each army's morale and pool, its formations with what is left of them
// and the dice on them, and the decision due.
func position(rules any, mode string, state []byte) (games.Picture, error) {
	rs := rules.(*table.Ruleset)
	var p tbengine.Position
	if err := json.Unmarshal(state, &p); err != nil {
		return games.Picture{}, fmt.Errorf("table-battles position: %v", err)
	}
	var sv *ScenarioView
	for _, pic := range pictures(rs) {
		if v, ok := pic.Data.(ScenarioView); ok && v.ID == p.Scenario {
			sv = &v
		}
	}
	if sv == nil {
		return games.Picture{}, fmt.Errorf("table-battles position: no scenario %q", p.Scenario)
	}
	v := PositionView{ScenarioView: *sv, Turn: p.Turn, Phase: p.Phase, Morale: map[string]int{}, Pool: map[string]int{}, Live: map[string]LiveFormation{}}
	sideName := map[string]string{}
	for _, side := range sv.Sides {
		sideName[side.ID] = side.Name
		if s := p.Sides[side.ID]; s != nil {
			if s.Morale != nil {
				v.Morale[side.ID] = *s.Morale
			}
			if s.Pool != nil {
				v.Pool[side.ID] = *s.Pool
			}
		}
		for _, f := range side.Formations {
			lf := LiveFormation{Gone: "gone"}
			if fp := p.Formations[f.ID]; fp != nil {
				lf = LiveFormation{Dice: fp.Dice, Gone: fp.Gone}
				switch {
				case fp.Units != nil:
					lf.Units = *fp.Units
				case fp.Cubes != nil:
					lf.Units = *fp.Cubes
				}
				lf.Reserve = fp.Reserve != nil && *fp.Reserve
			}
			v.Live[f.ID] = lf
		}
	}
	v.Active = sideName[p.Active]
	if p.Phase == "roll" {
		v.Roll, v.Wing = p.Roll, p.Wing
	}
	formationName := func(id string) string {
		for i := range rs.Formations {
			if rs.Formations[i].ID == id {
				return rs.Formations[i].Name
			}
		}
		return id
	}
	switch {
	case p.Phase == "over" && p.Winner != "":
		v.Status = fmt.Sprintf("%s won: %s", sideName[p.Winner], p.Reason)
	case p.Phase == "over":
		v.Status = "a draw: " + p.Reason
	case p.Phase == "roll":
		v.Status = fmt.Sprintf("%s places the roll %s on the %s wing", v.Active, dice(p.Roll), p.Wing)
	case p.Phase == "reaction" && p.Attack != nil:
		v.Status = fmt.Sprintf("%s attacks %s: the defender may react", formationName(p.Attack.Formation), formationName(p.Attack.Target))
	default:
		v.Status = fmt.Sprintf("%s to act", v.Active)
	}
	return games.Picture{Kind: "scenario", ID: sv.ID, Name: sv.Name, Layout: "position", Board: true, Data: v}, nil
}

func dice(d []int) string {
	s := make([]string, len(d))
	for i, x := range d {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, " ")
}
