package fecipher

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	feccontent "github.com/roundtable-dev/roundtable/content/fecipher"
	fecengine "github.com/roundtable-dev/roundtable/engine/fecipher"
	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/games"
)

// render is what Fire Emblem Cipher draws: every card (the layout in
// content/fecipher/layouts).
var render = &games.Render{
	Layouts:  mustSub(feccontent.Layouts, "layouts"),
	Kinds:    []string{"card"},
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
			if s.Granted {
				continue // written in the text of the skill that gives it
			}
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

// FieldView is a match position (layout position): both players' fields,
// the second player's across the top, and what each holds.
type FieldView struct {
	Turn   int
	Status string // whose phase, or who won and why
	// Players are the first player (seat 0) and the second, each with its
	// rows in the order drawn from the top of the picture.
	Players []PlayerView
	// Zones are the cards in view off the field, under it: the cards a
	// skill revealed, each hand the position names (a seat's view names
	// only the seat's own), each player's bonds, support and retreat
	// area. Height is the picture's, with them.
	Zones  []ZoneView
	Height int
}

// ZoneView is a labelled row of cards at Y, eight to a line.
type ZoneView struct {
	Label string
	Y     int
	Cards []CardChip
}

// CardChip is a card of a zone at X, Y within it.
type CardChip struct {
	ID, Name, Class, Color string
	FaceDown               bool // a reversed bond
	Count                  int  // copies (a retreat area shows each card once)
	X, Y                   int
}

// PlayerView is one player's side of the table.
type PlayerView struct {
	Name, Deck                            string
	Active                                bool
	Hand, DeckLeft, Retreat, Orbs, Broken int
	Bonds                                 []string // the colours of the face-up bonds; "face-down" for the others
	Y                                     int      // the top of its half
	Rows                                  []RowView
}

// RowView is a line of the field (the front line is the vanguard).
type RowView struct {
	Label string // "front line", "back line"
	Y     int    // from the top of the player's half
	Units []UnitView
}

// UnitView is a unit on the field, laid out at X in its row.
type UnitView struct {
	X                  int
	Pick               string // how action texts name it: its top card's id, "id:2" for a second unit of the side showing it
	Name, Class, Color string
	Attack             string // printed attack with what effects add: "70", "70+20"
	Stack              int    // cards in the stack (levelled up when more than one)
	Main, Tapped       bool
}

// position draws a match position (engine/fecipher.Position as JSON), or
// a seat's view of one: the hidden zones ({"unseen": n}) are counted.
func position(rules any, mode string, state []byte) (games.Picture, error) {
	rs := rules.(*table.Ruleset)
	var p fecengine.Position
	state, err := play.Unhide(state)
	if err != nil {
		return games.Picture{}, fmt.Errorf("fe-cipher position: %v", err)
	}
	if err := json.Unmarshal(state, &p); err != nil {
		return games.Picture{}, fmt.Errorf("fe-cipher position: %v", err)
	}
	if len(p.Seats) != 2 {
		return games.Picture{}, fmt.Errorf("fe-cipher position: %d players, want 2", len(p.Seats))
	}
	colorOf := func(c *table.Card) string {
		if len(c.Symbols) > 0 && int(c.Symbols[0]) < len(rs.Symbols) {
			return rs.Symbols[c.Symbols[0]].Color
		}
		return "colorless"
	}
	v := FieldView{Turn: p.Turn}
	for seat, ps := range p.Seats {
		pv := PlayerView{Name: ps.Name, Deck: ps.DeckList, Active: seat == p.Active, Hand: len(ps.Hand), DeckLeft: len(ps.Deck),
			Retreat: len(ps.Retreat), Orbs: len(ps.Orbs), Broken: 5 - len(ps.Orbs)}
		if ps.Broken != nil {
			pv.Broken = *ps.Broken
		}
		for _, b := range ps.Bonds {
			col := "face-down"
			if i := rs.CardIndex(b.Card); i >= 0 && !b.FaceDown {
				col = colorOf(&rs.Cards[i])
			}
			pv.Bonds = append(pv.Bonds, col)
		}
		front, back := RowView{Label: "front line"}, RowView{Label: "back line"}
		shown := map[string]int{}
		for _, u := range ps.Field {
			if len(u.Stack) == 0 {
				continue
			}
			top := u.Stack[len(u.Stack)-1]
			i := rs.CardIndex(top)
			if i < 0 {
				return games.Picture{}, fmt.Errorf("fe-cipher position: no card %q", top)
			}
			c := &rs.Cards[i]
			shown[top]++
			pick := top
			if shown[top] > 1 {
				pick = fmt.Sprintf("%s:%d", top, shown[top])
			}
			uv := UnitView{Pick: pick, Name: c.Unit, Class: c.Class, Color: colorOf(c), Attack: xnum(c.Attack), Stack: len(u.Stack), Main: u.Main, Tapped: u.Tapped}
			add := 0
			for _, m := range u.Mods {
				add += m.Attack
			}
			if add > 0 {
				uv.Attack += fmt.Sprintf("+%d", add)
			} else if add < 0 {
				uv.Attack += fmt.Sprint(add)
			}
			if u.Area == "rearguard" {
				back.Units = append(back.Units, uv)
			} else {
				front.Units = append(front.Units, uv)
			}
		}
		for _, r := range []*RowView{&front, &back} {
			// Up to eight units at full width; more squeeze together.
			step := 128
			if n := len(r.Units); n > 8 {
				step = (1028 - 118) / (n - 1)
			}
			for k := range r.Units {
				r.Units[k].X = k * step
			}
		}
		// The second player sits across the table: back line on top.
		if seat == 0 {
			pv.Y, front.Y, back.Y = 470, 44, 204
			pv.Rows = []RowView{front, back}
		} else {
			pv.Y, back.Y, front.Y = 100, 44, 204
			pv.Rows = []RowView{back, front}
		}
		v.Players = append(v.Players, pv)
	}
	// The zones under the field, from y 840.
	y := 840
	chip := func(id string) (CardChip, bool) {
		i := rs.CardIndex(id)
		if id == "" || i < 0 {
			return CardChip{}, false // a card not in view, or none
		}
		c := &rs.Cards[i]
		return CardChip{ID: c.ID, Name: c.Unit, Class: c.Class, Color: colorOf(c), Count: 1}, true
	}
	zone := func(label string, ids []string, once bool) {
		var cards []CardChip
		for _, id := range ids {
			if once {
				if k := slices.IndexFunc(cards, func(c CardChip) bool { return c.ID == id }); k >= 0 {
					cards[k].Count++
					continue
				}
			}
			if c, ok := chip(id); ok {
				cards = append(cards, c)
			}
		}
		if len(cards) == 0 {
			return
		}
		for k := range cards {
			cards[k].X, cards[k].Y = 128*(k%8), 34+64*(k/8)
		}
		v.Zones = append(v.Zones, ZoneView{Label: label, Y: y, Cards: cards})
		y += 34 + 64*((len(cards)+7)/8) + 8
	}
	var revealed []string
	for _, f := range p.Pending {
		revealed = append(revealed, f.Revealed...)
	}
	zone("revealed", revealed, true)
	for _, seat := range []int{0, 1} {
		ps := &p.Seats[seat]
		zone(ps.Name+"'s hand", ps.Hand, false)
		bonds := len(v.Zones)
		var ids []string
		for _, b := range ps.Bonds {
			ids = append(ids, b.Card)
		}
		zone(ps.Name+"'s bonds", ids, false)
		if len(v.Zones) > bonds {
			k := 0
			for _, b := range ps.Bonds {
				if _, ok := chip(b.Card); ok {
					v.Zones[bonds].Cards[k].FaceDown = b.FaceDown
					k++
				}
			}
		}
		zone(ps.Name+"'s support", ps.Support, false)
		zone(ps.Name+"'s retreat area", ps.Retreat, true)
	}
	v.Height = y + 16
	switch {
	case p.Over && p.Winner != nil && *p.Winner >= 0 && *p.Winner < 2:
		v.Status = fmt.Sprintf("%s won: %s", p.Seats[*p.Winner].Name, p.Reason)
	case p.Over:
		v.Status = "a draw: " + p.Reason
	case p.Active >= 0 && p.Active < 2:
		v.Status = fmt.Sprintf("%s's %s phase", p.Seats[p.Active].Name, p.Phase)
	}
	return games.Picture{Kind: "match", ID: "field", Name: "The field", Layout: "position", Board: true, Data: v}, nil
}
