package annas

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	annascontent "github.com/roundtable-dev/roundtable/content/annas"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/games"
)

// render is what Anna's Roundtable draws: unit, boss and shop cards, each
// map, and each boss's tile (the layouts in content/annas/layouts).
var render = &games.Render{
	Layouts:  mustSub(annascontent.Layouts, "layouts"),
	Kinds:    []string{"unit", "map", "boss", "boss-card", "shop-card"},
	Pictures: func(rules any) []games.Picture { return pictures(rules.(*table.Ruleset)) },
	Position: position,
	Reach:    reachTool,
	Forecast: forecastTool,
}

func mustSub(f fs.FS, dir string) fs.FS {
	s, err := fs.Sub(f, dir)
	if err != nil {
		panic(err)
	}
	return s
}

// The views below are what the layouts see (docs/render.md): names and
// numbers as printed, ids resolved to names, colours as their words.

// StatsView are printed stats.
type StatsView struct{ HP, ATK, SPD, DEF int }

// TagView is a tag as a card prints it.
type TagView struct{ ID, Name, Category string }

// SkillView is a unit's skill.
type SkillView struct {
	Name, Kind, Text string
	Reaction         bool
}

// UnitCard is a unit card (layout unit).
type UnitCard struct {
	ID, Name, Title, Color string
	Legendary              bool
	Stats                  StatsView
	Shapestone             *StatsView // ATK, SPD, DEF with the Shapestone; nil without
	Range                  string     // "1", "1-2", "1, 3"
	Mov                    int
	Tags                   []TagView
	Skill                  *SkillView
}

// BossCardView is a card of a boss deck (layout boss-card).
type BossCardView struct {
	ID, Name, Boss, Text string
	Stats                StatsView // ATK, SPD, DEF
	Range                string
	Tags                 []TagView
	// Move is the mini-map: for die rolls 1..6, where the boss block's
	// south-west square goes.
	Move []MoveView
}

// MoveView is one roll of a boss card's mini-map.
type MoveView struct {
	Roll       int
	Tile       string // "c3"
	Col, Row   int    // 0-based; row 0 is the north rank (the top of the picture)
	Stays, Off bool
}

// ShopCardView is a card of Anna's Shop (layout shop-card).
type ShopCardView struct {
	ID, Name, Type, Text string
	Cost, Copies         int
}

// TileView is one square of a board.
type TileView struct {
	Name            string // "c4"
	Col, Row        int    // 0-based; row 0 is the north rank (the top of the picture)
	Terrain         string // terrain id
	TerrainName     string
	Glyph           string
	Deploy          string // the seat deploying here ("south"), or ""
	Castle          bool
	Piece           *PieceView // positions only
	Boss            bool       // positions only: under the boss block
	BossCornerColor string     // positions only
	BossID          string     // positions only: the boss's id, under its block
}

// PieceView is a unit or summon on a tile (positions).
type PieceView struct {
	ID, Name, Color, Seat string
	HP, MaxHP             int
	Exhausted             bool
}

// MapView is a board (layout map).
type MapView struct {
	ID, Name, Mode string
	Size           int
	Tiles          []TileView // north rank first, a to f
	Legend         []TerrainView
	Seats          []string // seats that deploy on it
}

// TerrainView is a terrain of a map's legend.
type TerrainView struct{ ID, Name, Glyph, Text string }

// BossView is a boss's tile (layout boss).
type BossView struct {
	ID, Name, Text string
	Corners        []CornerView // NW, NE, SE, SW
	Lives          []LivesView
	Summons        []SummonView
	Actions        []ActionView
	Win, Lose      []string
	Occupied       string
	Cards          int
}

// CornerView is a quarter of the boss tile.
type CornerView struct {
	At    string // nw, ne, se, sw
	Color string
	HP    int
}

// LivesView is the boss's lives at a player count.
type LivesView struct{ Players, Lives int }

// SummonView is a token or minion of a boss.
type SummonView struct {
	ID, Name, Kind, Color, Text string
	Count                       int
	Stats                       StatsView
	Range                       string
	Mov                         int
}

// ActionView is a boss-specific action of the players.
type ActionView struct{ Name, Text string }

var colorWords = []string{"red", "green", "blue", "gray"}

func colorWord(c table.Color) string {
	if int(c) < len(colorWords) {
		return colorWords[c]
	}
	return "gray"
}

func rangeText(r table.RangeSet) string {
	var ds []int
	for d := 0; d < 8; d++ {
		if r.Has(d) {
			ds = append(ds, d)
		}
	}
	if len(ds) == 0 {
		return "-"
	}
	contiguous := ds[len(ds)-1]-ds[0] == len(ds)-1
	if len(ds) > 1 && contiguous {
		return fmt.Sprintf("%d-%d", ds[0], ds[len(ds)-1])
	}
	var parts []string
	for _, d := range ds {
		parts = append(parts, fmt.Sprint(d))
	}
	return strings.Join(parts, ", ")
}

var categoryWords = []string{"assist", "movement", "passive", "effectiveness"}

func tags(rs *table.Ruleset, s table.TagSet) []TagView {
	var out []TagView
	for i := range rs.Tags {
		if s.Has(i) {
			t := &rs.Tags[i]
			cat := "tag"
			if int(t.Category) < len(categoryWords) {
				cat = categoryWords[t.Category]
			}
			out = append(out, TagView{ID: t.ID, Name: t.Name, Category: cat})
		}
	}
	return out
}

func stats(s table.Stats) StatsView {
	return StatsView{HP: int(s.HP), ATK: int(s.ATK), SPD: int(s.SPD), DEF: int(s.DEF)}
}

var skillKinds = []string{"passive", "assist", "special"}

func pictures(rs *table.Ruleset) []games.Picture {
	var out []games.Picture
	for i := range rs.Units {
		u := &rs.Units[i]
		v := UnitCard{ID: u.ID, Name: u.Name, Title: u.Title, Color: colorWord(u.Color), Legendary: u.Legendary,
			Stats: stats(u.Stats), Range: rangeText(u.Range), Mov: int(u.Mov), Tags: tags(rs, u.Tags)}
		if u.HasShapestone {
			s := stats(u.Shapestone)
			v.Shapestone = &s
		}
		if u.Skill >= 0 {
			sk := &rs.Skills[u.Skill]
			v.Skill = &SkillView{Name: sk.Name, Kind: skillKinds[min(int(sk.Kind), 2)], Text: sk.Text, Reaction: sk.Reaction}
		}
		facets := []string{v.Color}
		if u.Legendary {
			facets = append(facets, "legendary")
		}
		for _, t := range v.Tags {
			facets = append(facets, t.ID)
		}
		out = append(out, games.Picture{Kind: "unit", ID: u.ID, Name: u.Name, Layout: "unit", Facets: facets, Data: v})
	}
	for i := range rs.Maps {
		m := mapView(rs, i)
		out = append(out, games.Picture{Kind: "map", ID: m.ID, Name: m.Name, Layout: "map", Board: true, Facets: []string{m.Mode}, Data: m})
	}
	for i := range rs.Bosses {
		b := &rs.Bosses[i]
		v := BossView{ID: b.ID, Name: b.Name, Text: b.Text, Cards: len(b.Cards)}
		for c, at := range []string{"nw", "ne", "se", "sw"} {
			v.Corners = append(v.Corners, CornerView{At: at, Color: colorWord(b.Corners[c].Color), HP: int(b.Corners[c].HP)})
		}
		for p := 2; p <= 4; p++ {
			v.Lives = append(v.Lives, LivesView{Players: p, Lives: int(b.Lives[p])})
		}
		for _, s := range b.Summons {
			kind := "token"
			if s.Kind == table.Minion {
				kind = "minion"
			}
			v.Summons = append(v.Summons, SummonView{ID: s.ID, Name: s.Name, Kind: kind, Color: colorWord(s.Color), Text: s.Text,
				Count: int(s.Count), Stats: stats(s.Stats), Range: rangeText(s.Range), Mov: int(s.Mov)})
		}
		for _, a := range b.Actions {
			v.Actions = append(v.Actions, ActionView{Name: a.Name, Text: a.Text})
		}
		for _, w := range b.Win {
			v.Win = append(v.Win, w.Text)
		}
		for _, l := range b.Lose {
			v.Lose = append(v.Lose, l.Text)
		}
		out = append(out, games.Picture{Kind: "boss", ID: b.ID, Name: b.Name, Layout: "boss", Board: true, Facets: []string{"boss"}, Data: v})
	}
	for i := range rs.BossCards {
		c := &rs.BossCards[i]
		boss := ""
		if c.Boss >= 0 && int(c.Boss) < len(rs.Bosses) {
			boss = rs.Bosses[c.Boss].Name
		}
		v := BossCardView{ID: c.ID, Name: c.Name, Boss: boss, Text: c.Text, Stats: stats(c.Stats), Range: rangeText(c.Range), Tags: tags(rs, c.Tags)}
		for r, t := range c.Move {
			mv := MoveView{Roll: r + 1, Tile: t.String(), Off: t < 0}
			if t >= 0 {
				mv.Col, mv.Row = t.File(), table.BoardSize-1-t.Rank()
			}
			v.Move = append(v.Move, mv)
		}
		out = append(out, games.Picture{Kind: "boss-card", ID: c.ID, Name: c.Name, Layout: "boss-card", Facets: []string{strings.ToLower(boss)}, Data: v})
	}
	shopTypes := []string{"item", "reaction", "attachment"}
	for i := range rs.ShopCards {
		c := &rs.ShopCards[i]
		v := ShopCardView{ID: c.ID, Name: c.Name, Type: shopTypes[min(int(c.Type), 2)], Text: c.Text, Cost: int(c.Cost), Copies: int(c.Copies)}
		out = append(out, games.Picture{Kind: "shop-card", ID: c.ID, Name: c.Name, Layout: "shop-card", Facets: []string{v.Type}, Data: v})
	}
	return out
}

var seatWords = []string{"south", "north", "west", "east"}

// mapView is map i as a board picture sees it.
func mapView(rs *table.Ruleset, i int) MapView {
	m := &rs.Maps[i]
	mode := "versus"
	if m.Mode == table.BossMode {
		mode = "boss"
	}
	v := MapView{ID: m.ID, Name: m.Name, Mode: mode, Size: table.BoardSize}
	for s := range table.Seats {
		if m.Deploy[s] != 0 {
			v.Seats = append(v.Seats, seatWords[s])
		}
	}
	seen := map[int]bool{}
	for row := 0; row < table.BoardSize; row++ {
		rank := table.BoardSize - 1 - row
		for file := 0; file < table.BoardSize; file++ {
			t := table.TileAt(file, rank)
			tr := &rs.Terrain[m.Tiles[t]]
			tv := TileView{Name: t.String(), Col: file, Row: row, Terrain: tr.ID, TerrainName: tr.Name, Glyph: tr.Glyph, Castle: m.Castles.Has(t)}
			for s := range table.Seats {
				if m.Deploy[s].Has(t) {
					tv.Deploy = seatWords[s]
				}
			}
			v.Tiles = append(v.Tiles, tv)
			seen[int(m.Tiles[t])] = true
		}
	}
	for ti := range rs.Terrain {
		if seen[ti] {
			tr := &rs.Terrain[ti]
			v.Legend = append(v.Legend, TerrainView{ID: tr.ID, Name: tr.Name, Glyph: tr.Glyph, Text: tr.Text})
		}
	}
	slices.SortStableFunc(v.Legend, func(a, b TerrainView) int { return strings.Compare(a.Name, b.Name) })
	return v
}

// PositionView is a match position on its map (layout position).
type PositionView struct {
	MapView
	Turn    int
	ToMove  string
	Players []PlayerView
	Boss    string // the boss's name in Boss Mode
	Lives   int
	// Rows are the cards in view off the board, under the players' lines:
	// the hand of the seat the position is seen by (a seat's view only),
	// the shop row (versus), each player's shop cards. Height is the
	// picture's, with them.
	Rows   []CardRow
	Height int
}

// PlayerView is a player's resources in a position.
type PlayerView struct {
	Name        string
	Coins, DV   int
	VP, VPCards int
	Hand        int // cards in hand
}

// CardRow is a labelled row of cards of a position, at Y.
type CardRow struct {
	Label string
	Y     int
	Cards []CardChip
}

// CardChip is a card of a CardRow, at X, Y within it: a unit (Color its
// colour word) or a shop card (Color "shop", Cost its price).
type CardChip struct {
	ID, Name, Color string
	Kind            string // "unit" or "shop"
	Cost            int
	X, Y            int
}

// positionState is the part of a position (docs/annas-engine.md) a board
// picture reads.
type positionState struct {
	Seat    *int     `json:"seat"` // a seat's view: the seat it is seen by
	Map     string   `json:"map"`
	Turn    int      `json:"turn"`
	Current int      `json:"current"`
	ShopRow []string `json:"shop-row"`
	Players []struct {
		Hand    []string `json:"hand"` // "" for a card the seat may not see
		Shop    []string `json:"shop"`
		Coins   int      `json:"coins"`
		DV      int      `json:"dv"`
		VP      int      `json:"vp-tokens"`
		VPCards []int    `json:"vp-cards"`
	} `json:"players"`
	Units []struct {
		Unit      string `json:"unit"`
		Owner     int    `json:"owner"`
		At        string `json:"at"`
		Damage    int    `json:"damage"`
		Exhausted bool   `json:"exhausted"`
	} `json:"units"`
	Boss *struct {
		ID      string `json:"id"`
		At      string `json:"at"`
		Lives   int    `json:"lives"`
		Corners []struct {
			Color  string `json:"color"`
			At     string `json:"at"`
			Damage int    `json:"damage"`
		} `json:"corners"`
	} `json:"boss"`
	Summons []struct {
		Summon string `json:"summon"`
		At     string `json:"at"`
		Damage int    `json:"damage"`
	} `json:"summons"`
}

// position draws a match position: units on their tiles (colour, HP left,
// exhausted), the boss block and summons in Boss Mode, and each player's
// resources.
func position(rules any, mode string, state []byte) (games.Picture, error) {
	rs := rules.(*table.Ruleset)
	var p positionState
	state, err := play.Unhide(state)
	if err != nil {
		return games.Picture{}, fmt.Errorf("annas position: %v", err)
	}
	if err := json.Unmarshal(state, &p); err != nil {
		return games.Picture{}, fmt.Errorf("annas position: %v", err)
	}
	mi := rs.MapIndex(p.Map)
	if mi < 0 {
		return games.Picture{}, fmt.Errorf("annas position: no map %q", p.Map)
	}
	v := PositionView{MapView: mapView(rs, mi), Turn: p.Turn}
	at := map[string]int{}
	for i, t := range v.Tiles {
		at[t.Name] = i
	}
	seat := func(i int) string {
		if mode == "boss" {
			return fmt.Sprintf("P%d", i+1)
		}
		if i < len(seatWords) {
			return seatWords[i]
		}
		return fmt.Sprint(i)
	}
	for _, u := range p.Units {
		i, ok := at[u.At]
		ui := rs.UnitIndex(u.Unit)
		if !ok || ui < 0 {
			continue
		}
		card := &rs.Units[ui]
		v.Tiles[i].Piece = &PieceView{ID: card.ID, Name: card.Name, Color: colorWord(card.Color), Seat: seat(u.Owner),
			HP: int(card.Stats.HP) - u.Damage, MaxHP: int(card.Stats.HP), Exhausted: u.Exhausted}
	}
	if b := p.Boss; b != nil {
		if bi := rs.BossIndex(b.ID); bi >= 0 {
			v.Boss, v.Lives = rs.Bosses[bi].Name, b.Lives
		}
		if sw, ok := table.ParseTile(b.At); ok {
			for _, c := range b.Corners {
				df, dr := 0, 0
				switch c.At {
				case "se":
					df = 1
				case "nw":
					dr = 1
				case "ne":
					df, dr = 1, 1
				}
				t := table.TileAt(sw.File()+df, sw.Rank()+dr)
				if i, ok := at[t.String()]; ok {
					v.Tiles[i].Boss, v.Tiles[i].BossCornerColor, v.Tiles[i].BossID = true, c.Color, b.ID
				}
			}
		}
		for _, s := range p.Summons {
			if i, ok := at[s.At]; ok {
				v.Tiles[i].Piece = &PieceView{ID: s.Summon, Name: s.Summon, Color: "gray", Seat: "boss", HP: -s.Damage}
			}
		}
	}
	for i, pl := range p.Players {
		vp := pl.VP
		for _, c := range pl.VPCards {
			vp += c
		}
		v.Players = append(v.Players, PlayerView{Name: seat(i), Coins: pl.Coins, DV: pl.DV, VP: vp, VPCards: len(pl.VPCards), Hand: len(pl.Hand)})
	}
	// The cards off the board, under the players' lines (two players a
	// line, 60 apart from 760): five cards a line.
	y := 760 + 60*((len(v.Players)+1)/2)
	addRow := func(label string, cards []CardChip) {
		if len(cards) == 0 {
			return
		}
		for k := range cards {
			cards[k].X, cards[k].Y = 120*(k%5), 34+80*(k/5)
		}
		v.Rows = append(v.Rows, CardRow{Label: label, Y: y, Cards: cards})
		y += 34 + 80*((len(cards)+4)/5) + 6
	}
	unitChip := func(id string) (CardChip, bool) {
		ui := rs.UnitIndex(id)
		if ui < 0 {
			return CardChip{}, false
		}
		u := &rs.Units[ui]
		return CardChip{ID: u.ID, Name: u.Name, Color: colorWord(u.Color), Kind: "unit"}, true
	}
	shopChips := func(ids []string) []CardChip {
		var out []CardChip
		for _, id := range ids {
			for k := range rs.ShopCards {
				if c := &rs.ShopCards[k]; c.ID == id {
					out = append(out, CardChip{ID: c.ID, Name: c.Name, Color: "shop", Kind: "shop", Cost: int(c.Cost)})
					break
				}
			}
		}
		return out
	}
	if p.Seat != nil && *p.Seat >= 0 && *p.Seat < len(p.Players) {
		var hand []CardChip
		for _, id := range p.Players[*p.Seat].Hand {
			if c, ok := unitChip(id); ok {
				hand = append(hand, c)
			}
		}
		addRow(v.Players[*p.Seat].Name+"'s hand", hand)
	}
	addRow("the shop row", shopChips(p.ShopRow))
	for i, pl := range p.Players {
		addRow(v.Players[i].Name+"'s shop cards", shopChips(pl.Shop))
	}
	v.Height = max(912, y+20)
	if p.Current >= 0 && p.Current < len(v.Players) {
		v.ToMove = v.Players[p.Current].Name
	}
	return games.Picture{Kind: "map", ID: v.ID, Name: v.Name, Layout: "position", Board: true, Data: v}, nil
}
