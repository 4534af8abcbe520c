package battlecrest

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	bccontent "github.com/roundtable-dev/roundtable/content/battlecrest"
	bcengine "github.com/roundtable-dev/roundtable/engine/battlecrest"
	"github.com/roundtable-dev/roundtable/engine/battlecrest/table"
	"github.com/roundtable-dev/roundtable/games"
)

// render is what Battlecrest draws: hero, minion and health cards of each
// hero set, both sides of each action and landmark card, and each map set's
// layout with its landmarks' shortcuts, bonuses and hazards (the layouts in
// content/battlecrest/layouts).
var render = &games.Render{
	Layouts:  mustSub(bccontent.Layouts, "layouts"),
	Kinds:    []string{"hero-set", "action", "landmark", "map-set"},
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

// AbilityView is an ability as a card prints it: "attack 2, long 4".
type AbilityView struct {
	Keyword, Text string
}

// SpecialView is a special ability.
type SpecialView struct {
	Name, Text, Ability string
	Star                bool
	When                string // conditional: "start of turn", "an enemy enters within 3"
	// Line is all of it as one text: "Hawk's Eye (star): With a star, … [attack 1, long 5]".
	Line string
}

// HeroCard is a hero set's hero card (layout hero; docs/render.md).
type HeroCard struct {
	ID, Set, Name string
	Special       SpecialView
	Crest         string // the crest its wounded side primes
}

// MinionCard is a hero set's minion card (layout minion).
type MinionCard struct {
	ID, Set, Name           string
	Special                 SpecialView
	HealthyMove, HealthyDef int
	WoundedMove, WoundedDef int
}

// HealthCard is a hero's health card (layout health): the tracking
// diagram's positions on each side.
type HealthCard struct {
	ID, Set, Name       string
	HealthyStart, Flip  int
	WoundedStart, Skull int
	Crest               string
	Healthy, Wounded    []int // the diagram's positions of each side, 0..Flip and 0..Skull
}

// ActionCard is one side of an action card (layout action).
type ActionCard struct {
	ID, Set, Side, Name string
	Abilities           []AbilityView
	Crest, DefenseCrest string
	Defense, Movement   int
}

// LandmarkCard is one side of a landmark card (layout landmark).
type LandmarkCard struct {
	ID, Set, Side, Name string
	Number              int
	Edges               []EdgeView
	Special             SpecialView
	Reach               int
}

// EdgeView is a map effect on one edge of a landmark side.
type EdgeView struct {
	Edge  string // north, east, south, west
	Kind  string // shortcut, bonus, hazard
	Label string // "to south", "attack, defense", "hazard"
}

// MapSetView is a map set's layout (layout map-set), and a position's board
// (layout position).
type MapSetView struct {
	ID, Name      string
	Width, Height int
	Cells         []CellView // north row first
	// Positions only.
	Turn   int
	Active string
	Seats  []SeatView
	Over   bool
	Result string
}

// CellView is one cell of a map diagram.
type CellView struct {
	Name     string // "b2": column letter, row counted from the north
	Col, Row int
	Kind     string // void, space, landmark, hero, minion
	Landmark *LandmarkCard
	Warrior  *WarriorView
}

// WarriorView is a warrior standing on a cell (positions).
type WarriorView struct {
	ID, Name string
	Seat     int
	Minion   bool
	Wounded  bool
	Health   int
}

// SeatView is a player's side in a position.
type SeatView struct {
	Name  string
	Cards []string // "Longbow (exhausted)"
	// Row is the same action cards, each with the word action texts name
	// it by (data-pick).
	Row []RowCard
}

// RowCard is an action card of a player's row in a position.
type RowCard struct {
	Pick      string // "longbow", or the card's id when two of the row share a name
	Name      string // the side it shows
	Exhausted bool
}

func rangeText(a table.Ability) string {
	switch a.Range {
	case table.Short:
		return "short"
	case table.Medium:
		return "medium"
	case table.Long:
		return fmt.Sprintf("long %d", a.Reach)
	}
	return ""
}

func ability(rs *table.Ruleset, a table.Ability) AbilityView {
	kw := a.Keyword.String()
	var parts []string
	switch a.Keyword {
	case table.Star:
		return AbilityView{Keyword: kw, Text: "star"}
	default:
		parts = append(parts, fmt.Sprintf("%s %d", kw, a.Value))
	}
	if r := rangeText(a); r != "" {
		parts = append(parts, r)
	}
	if a.Targets > 1 {
		parts = append(parts, fmt.Sprintf("%d targets", a.Targets))
	}
	if a.Crest != table.NoCrest && int(a.Crest) < len(rs.Crests) {
		parts = append(parts, "+1 per "+rs.Crests[a.Crest].Name)
	}
	return AbilityView{Keyword: kw, Text: strings.Join(parts, ", ")}
}

func special(rs *table.Ruleset, s table.Special) SpecialView {
	v := SpecialView{Name: s.Name, Text: s.Text, Star: s.Star}
	if s.When != table.NoTiming {
		v.When = s.Trigger() // "start of turn", "an enemy enters within 3"
	}
	if s.Star || s.When != table.NoTiming {
		v.Ability = ability(rs, s.Ability).Text
	}
	if s.Name != "" {
		v.Line = s.Name
		switch {
		case v.Star:
			v.Line += " (star)"
		case v.When != "":
			v.Line += " (" + v.When + ")"
		}
		v.Line += ": " + s.Text
		if v.Ability != "" {
			v.Line += " [" + v.Ability + "]"
		}
	}
	return v
}

func crest(rs *table.Ruleset, i int16) string {
	if i >= 0 && int(i) < len(rs.Crests) {
		return rs.Crests[i].Name
	}
	return ""
}

func edges(side []table.Effect) []EdgeView {
	var out []EdgeView
	for _, e := range side {
		v := EdgeView{Edge: e.Edge.String()}
		switch e.Type {
		case table.Shortcut:
			v.Kind = "shortcut"
			var to []string
			for _, t := range e.To {
				to = append(to, t.String())
			}
			v.Label = "to " + strings.Join(to, ", ")
		case table.MapBonus:
			v.Kind = "bonus"
			var bs []string
			for _, b := range e.Bonus {
				bs = append(bs, table.BonusNames[b])
			}
			v.Label = strings.Join(bs, ", ")
		case table.Hazard:
			v.Kind, v.Label = "hazard", "hazard"
		}
		out = append(out, v)
	}
	return out
}

var sideWords = [2]string{"start", "flipped"}

func landmark(rs *table.Ruleset, i int, side int) *LandmarkCard {
	l := &rs.Landmarks[i]
	set := ""
	if l.Set >= 0 && int(l.Set) < len(rs.MapSets) {
		set = rs.MapSets[l.Set].Name
	}
	return &LandmarkCard{ID: l.ID, Set: set, Side: sideWords[side], Name: l.Name, Number: int(l.Number), Edges: edges(l.Sides[side]),
		Special: special(rs, l.Ability), Reach: int(l.Ability.Reach)}
}

var cellKinds = map[table.Cell]string{table.Void: "void", table.Space: "space", table.LandmarkPos: "landmark", table.HeroStart: "hero", table.MinionStart: "minion"}

// board is map set m's diagram with its landmarks in number order, START
// side up, on the L positions in reading order.
func board(rs *table.Ruleset, m int) MapSetView {
	ms := &rs.MapSets[m]
	v := MapSetView{ID: ms.ID, Name: ms.Name, Width: int(ms.Width), Height: int(ms.Height)}
	lms := slices.Clone(ms.Landmarks)
	slices.SortStableFunc(lms, func(a, b int16) int { return int(rs.Landmarks[a].Number) - int(rs.Landmarks[b].Number) })
	k := 0
	for r := 0; r < int(ms.Height); r++ {
		for c := 0; c < int(ms.Width); c++ {
			cell := ms.At(r, c)
			cv := CellView{Name: bcengine.Tile(bcengine.Pos{R: int8(r), C: int8(c)}), Col: c, Row: r, Kind: cellKinds[cell]}
			if cell == table.LandmarkPos && k < len(lms) {
				cv.Landmark = landmark(rs, int(lms[k]), 0)
				k++
			}
			v.Cells = append(v.Cells, cv)
		}
	}
	return v
}

func pictures(rs *table.Ruleset) []games.Picture {
	var out []games.Picture
	for i := range rs.HeroSets {
		h := &rs.HeroSets[i]
		out = append(out, games.Picture{Kind: "hero-set", ID: h.ID, Part: "hero", Name: h.Hero, Layout: "hero", Facets: []string{h.ID},
			Data: HeroCard{ID: h.ID, Set: h.Name, Name: h.Hero, Special: special(rs, h.HeroSpecial), Crest: crest(rs, h.Health.Crest)}})
		if h.HasMinion {
			out = append(out, games.Picture{Kind: "hero-set", ID: h.ID, Part: "minion", Name: h.Minion, Layout: "minion", Facets: []string{h.ID},
				Data: MinionCard{ID: h.ID, Set: h.Name, Name: h.Minion, Special: special(rs, h.MinionSpecial),
					HealthyMove: int(h.MinionSides[0].Movement), HealthyDef: int(h.MinionSides[0].Defense),
					WoundedMove: int(h.MinionSides[1].Movement), WoundedDef: int(h.MinionSides[1].Defense)}})
		}
		hc := HealthCard{ID: h.ID, Set: h.Name, Name: h.Hero, HealthyStart: int(h.Health.HealthyStart), Flip: int(h.Health.Flip),
			WoundedStart: int(h.Health.WoundedStart), Skull: int(h.Health.Skull), Crest: crest(rs, h.Health.Crest)}
		for p := 0; p <= hc.Flip; p++ {
			hc.Healthy = append(hc.Healthy, p)
		}
		for p := 0; p <= hc.Skull; p++ {
			hc.Wounded = append(hc.Wounded, p)
		}
		out = append(out, games.Picture{Kind: "hero-set", ID: h.ID, Part: "health", Name: h.Hero + " (health)", Layout: "health", Facets: []string{h.ID}, Data: hc})
	}
	for i := range rs.Actions {
		a := &rs.Actions[i]
		set := ""
		if a.Set >= 0 && int(a.Set) < len(rs.HeroSets) {
			set = rs.HeroSets[a.Set].ID
		}
		for s, word := range [2]string{"start", "back"} {
			side := &a.Sides[s]
			v := ActionCard{ID: a.ID, Set: set, Side: word, Name: side.Name, Crest: crest(rs, side.Crest), DefenseCrest: crest(rs, side.DefenseCrest),
				Defense: int(side.Defense), Movement: int(side.Movement)}
			for _, ab := range side.Abilities {
				v.Abilities = append(v.Abilities, ability(rs, ab))
			}
			out = append(out, games.Picture{Kind: "action", ID: a.ID, Part: word, Name: side.Name, Layout: "action", Facets: []string{set, word}, Data: v})
		}
	}
	for i := range rs.Landmarks {
		for s := range 2 {
			v := landmark(rs, i, s)
			out = append(out, games.Picture{Kind: "landmark", ID: v.ID, Part: v.Side, Name: v.Name, Layout: "landmark", Facets: []string{v.Set, v.Side}, Data: *v})
		}
	}
	for i := range rs.MapSets {
		v := board(rs, i)
		out = append(out, games.Picture{Kind: "map-set", ID: v.ID, Name: v.Name, Layout: "map-set", Board: true, Data: v})
	}
	return out
}

// positionState is the part of a position (docs/battlecrest.md) a board
// picture reads.
type positionState struct {
	MapSet string `json:"map-set"`
	Turn   int    `json:"turn"`
	Active int    `json:"active"`
	Over   bool   `json:"over"`
	Winner *int   `json:"winner"`
	Reason string `json:"reason"`
	Seats  []struct {
		HeroSet string `json:"hero-set"`
		Cards   []struct {
			ID        string `json:"id"`
			Side      string `json:"side"`
			Exhausted bool   `json:"exhausted"`
		} `json:"cards"`
	} `json:"seats"`
	Landmarks []struct {
		ID      string `json:"id"`
		At      string `json:"at"`
		Flipped bool   `json:"flipped"`
	} `json:"landmarks"`
	Warriors []struct {
		ID      string `json:"id"`
		At      string `json:"at"`
		Wounded bool   `json:"wounded"`
		Health  *int   `json:"health"`
	} `json:"warriors"`
}

// position draws a match position on its map set: landmarks where they
// lie, the side they show, and the warriors.
func position(rules any, mode string, state []byte) (games.Picture, error) {
	rs := rules.(*table.Ruleset)
	var p positionState
	if err := json.Unmarshal(state, &p); err != nil {
		return games.Picture{}, fmt.Errorf("battlecrest position: %v", err)
	}
	m := rs.MapSetIndex(p.MapSet)
	if m < 0 {
		return games.Picture{}, fmt.Errorf("battlecrest position: no map set %q", p.MapSet)
	}
	v := board(rs, m)
	at := map[string]int{}
	for i, c := range v.Cells {
		at[c.Name] = i
		if c.Landmark != nil {
			v.Cells[i].Landmark = nil
		}
	}
	for _, l := range p.Landmarks {
		i, ok := at[l.At]
		li := slices.IndexFunc(rs.Landmarks, func(x table.Landmark) bool { return x.ID == l.ID })
		if !ok || li < 0 {
			continue
		}
		side := 0
		if l.Flipped {
			side = 1
		}
		v.Cells[i].Landmark = landmark(rs, li, side)
	}
	// The position lists warriors in seat order, each hero before its
	// minion (docs/battlecrest.md).
	var order []WarriorView
	for s, seat := range p.Seats {
		hi := rs.HeroSetIndex(seat.HeroSet)
		if hi < 0 {
			continue
		}
		h := &rs.HeroSets[hi]
		sv := SeatView{Name: h.Hero}
		for _, c := range seat.Cards {
			ai := slices.IndexFunc(rs.Actions, func(a table.Action) bool { return a.ID == c.ID })
			if ai < 0 {
				continue
			}
			side := 0
			if c.Side == "back" {
				side = 1
			}
			label := rs.Actions[ai].Sides[side].Name
			sv.Row = append(sv.Row, RowCard{Pick: rs.Actions[ai].ID, Name: label, Exhausted: c.Exhausted})
			if c.Exhausted {
				label += " (exhausted)"
			}
			sv.Cards = append(sv.Cards, label)
		}
		ids, names := make([]string, len(sv.Row)), make([]string, len(sv.Row))
		for k, c := range sv.Row {
			ids[k], names[k] = c.Pick, c.Name
		}
		for k, w := range bcengine.CardWords(ids, names) {
			sv.Row[k].Pick = w
		}
		v.Seats = append(v.Seats, sv)
		order = append(order, WarriorView{Name: h.Hero, Seat: s})
		if h.HasMinion {
			order = append(order, WarriorView{Name: h.Minion, Seat: s, Minion: true})
		}
	}
	for k, w := range p.Warriors {
		i, ok := at[w.At]
		if !ok {
			continue
		}
		wv := WarriorView{Name: w.ID, Seat: -1}
		if k < len(order) && len(order) == len(p.Warriors) {
			wv = order[k]
		}
		wv.ID, wv.Wounded = w.ID, w.Wounded
		if w.Health != nil {
			wv.Health = *w.Health
		}
		v.Cells[i].Warrior = &wv
	}
	v.Turn, v.Over = p.Turn, p.Over
	if p.Active >= 0 && p.Active < len(v.Seats) {
		v.Active = v.Seats[p.Active].Name
	}
	if p.Over {
		v.Result = p.Reason
		if p.Winner != nil && *p.Winner < len(v.Seats) {
			v.Result = v.Seats[*p.Winner].Name + " wins: " + p.Reason
		}
	}
	return games.Picture{Kind: "map-set", ID: v.ID, Name: v.Name, Layout: "position", Board: true, Data: v}, nil
}
