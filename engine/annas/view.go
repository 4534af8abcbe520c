package annas

import (
	"fmt"
	"strings"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
	"github.com/roundtable-dev/roundtable/engine/play"
)

// What a seat sees (play.Viewer; docs/play.md, "What each seat sees").
// The view agrees with Determinize, which is the engine's reading of what
// is hidden: the other players' unit hands (rulebook I, Setup 2), the
// order of the unit deck and of the shop deck (I.1, I.7), the boss cards
// under the current one (VIII, Setup 3: only the current card shows) and
// the random source. Everything else is in view: the board, the discard
// piles, the face-up VP deck (I.3), coins, DV, VP, the shop row and every
// player's shop cards. The rulebook deals the shop row face down (I.7),
// but the engine's buy actions name their card, so every seat is taken to
// know the row, and so the cards bought from it.

// View is a Position as one seat sees it: the same fields, with the decks
// and the other players' hands as counts, no random source, and the
// decision pending described as it stands (the Position of a pending
// decision is the state before the action in flight; the view is the
// board as it is now).
type View struct {
	Seat     int          `json:"seat" yaml:"seat"` // the seat it is seen by; -1 an onlooker
	Map      string       `json:"map" yaml:"map"`
	Phase    string       `json:"phase" yaml:"phase"`
	Turn     int          `json:"turn" yaml:"turn"`
	Current  int          `json:"current" yaml:"current"`
	Mulligan int          `json:"mulligan,omitempty" yaml:"mulligan,omitempty"`
	MulLeft  int          `json:"mulligans-left,omitempty" yaml:"mulligans-left,omitempty"`
	MaxTurns int          `json:"max-turns,omitempty" yaml:"max-turns,omitempty"`
	ThisTurn TurnPos      `json:"this-turn" yaml:"this-turn"`
	Deck     play.Unseen  `json:"deck" yaml:"deck"`
	Discard  []string     `json:"discard" yaml:"discard"`
	ShopDeck *play.Unseen `json:"shop-deck,omitempty" yaml:"shop-deck,omitempty"` // versus
	ShopDisc []string     `json:"shop-discard,omitempty" yaml:"shop-discard,omitempty"`
	ShopRow  []string     `json:"shop-row,omitempty" yaml:"shop-row,omitempty"`
	Spent    []string     `json:"spent,omitempty" yaml:"spent,omitempty"`
	VPDeck   *[]int       `json:"vp-deck,omitempty" yaml:"vp-deck,omitempty"` // versus: face up, top first
	Players  []PlayerView `json:"players" yaml:"players"`
	Units    []UnitPos    `json:"units" yaml:"units"`
	Boss     *BossView    `json:"boss,omitempty" yaml:"boss,omitempty"`
	Summons  []SummonPos  `json:"summons,omitempty" yaml:"summons,omitempty"`
	Guest    string       `json:"guest,omitempty" yaml:"guest,omitempty"`
	Result   *ResultPos   `json:"result,omitempty" yaml:"result,omitempty"`
	Pending  *PendingView `json:"pending,omitempty" yaml:"pending,omitempty"`
}

// PlayerView is a PlayerPos as a seat sees it: Hand is the unit ids for
// the seat itself, a play.Unseen count for everyone else.
type PlayerView struct {
	Hand         any      `json:"hand" yaml:"hand"`
	Shop         []string `json:"shop" yaml:"shop"`
	Coins        int      `json:"coins" yaml:"coins"`
	DV           int      `json:"dv" yaml:"dv"`
	VPTokens     int      `json:"vp-tokens" yaml:"vp-tokens"`
	VPCards      []int    `json:"vp-cards" yaml:"vp-cards"`
	DVTile       string   `json:"dv-tile,omitempty" yaml:"dv-tile,omitempty"`
	DVRuins      bool     `json:"dv-ruins,omitempty" yaml:"dv-ruins,omitempty"`
	Lost         int      `json:"lost" yaml:"lost"`
	LostThisTurn int      `json:"lost-this-turn" yaml:"lost-this-turn"`
	Turns        int      `json:"turns" yaml:"turns"`
	Deployed     []string `json:"deployed,omitempty" yaml:"deployed,omitempty"`
}

// BossView is a BossPos as the table sees it: the current card (mini-map
// side up) and a count of the cards under it.
type BossView struct {
	ID       string      `json:"id" yaml:"id"`
	At       string      `json:"at" yaml:"at"`
	Corners  []CornerPos `json:"corners" yaml:"corners"`
	Lives    int         `json:"lives" yaml:"lives"`
	Card     string      `json:"card" yaml:"card"` // the current boss card
	Deck     play.Unseen `json:"deck" yaml:"deck"` // the cards under it
	Discard  []string    `json:"discard" yaml:"discard"`
	Turns    int         `json:"turns" yaml:"turns"`
	Round    int         `json:"round" yaml:"round"`
	OrderAt  int         `json:"order-at" yaml:"order-at"`
	MaxTurns int         `json:"max-turns,omitempty" yaml:"max-turns,omitempty"`
	Mods     []ModPos    `json:"mods,omitempty" yaml:"mods,omitempty"`
}

// PendingView is the decision the game waits for inside an action: who
// decides and what kind of decision; the options for the deciding seat
// only (a discard choice names the cards of its hand), a count for the
// others.
type PendingView struct {
	Seat     int    `json:"seat" yaml:"seat"`
	Decision string `json:"decision" yaml:"decision"`
	Options  any    `json:"options" yaml:"options"`
}

// View implements play.Viewer.
func (m *Match) View(seat int) any { return m.G.View(seat) }

// Show implements play.Viewer.
func (m *Match) Show(seat int) string { return m.G.Show(seat) }

// Private implements play.Viewer. No action text of this game names a card
// another seat may not see: a mulligan and a discard put the cards they
// name face up on the discard pile, a deploy puts its unit on the board,
// and shop cards are known (see View). A discard whose draw back up finds
// the unit deck empty shuffles the pile, the card just shown in it, into
// the deck: the card was seen and is then hidden again, as any card
// shuffled back is.
func (m *Match) Private(int) string { return "" }

// View is the game as seat sees it (seat -1: an onlooker).
func (g *Game) View(seat int) *View {
	p := g.position()
	v := &View{Seat: seat, Map: p.Map, Phase: p.Phase, Turn: p.Turn, Current: p.Current, Mulligan: p.Mulligan, MulLeft: p.MulLeft,
		MaxTurns: p.MaxTurns, ThisTurn: p.ThisTurn, Deck: play.Unseen{Unseen: len(g.Deck)}, Discard: p.Discard,
		ShopDisc: p.ShopDisc, ShopRow: p.ShopRow, Spent: p.Spent, VPDeck: p.VPDeck, Players: make([]PlayerView, len(p.Players)),
		Units: p.Units, Summons: p.Summons, Guest: p.Guest, Result: p.Result}
	if p.ShopDeck != nil {
		v.ShopDeck = &play.Unseen{Unseen: len(g.ShopDeck)}
	}
	for i, pp := range p.Players {
		var hand any = play.Unseen{Unseen: len(pp.Hand)}
		if i == seat {
			hand = pp.Hand
		}
		v.Players[i] = PlayerView{Hand: hand, Shop: pp.Shop, Coins: pp.Coins, DV: pp.DV, VPTokens: pp.VPTokens, VPCards: pp.VPCards,
			DVTile: pp.DVTile, DVRuins: pp.DVRuins, Lost: pp.Lost, LostThisTurn: pp.LostThisTurn, Turns: pp.Turns, Deployed: pp.Deployed}
	}
	if b := p.Boss; b != nil {
		bv := &BossView{ID: b.ID, At: b.At, Corners: b.Corners, Lives: *b.Lives, Discard: b.Discard, Turns: b.Turns, Round: b.Round,
			OrderAt: b.OrderAt, MaxTurns: b.MaxTurns, Mods: b.Mods}
		if d := *b.Deck; len(d) > 0 {
			bv.Card, bv.Deck = d[0], play.Unseen{Unseen: len(d) - 1}
		}
		v.Boss = bv
	}
	if d := g.pending; d != nil {
		pv := &PendingView{Seat: d.seat, Decision: d.kind, Options: play.Unseen{Unseen: len(d.options)}}
		if d.seat == seat {
			opts := make([]string, len(d.options))
			for i, a := range d.options {
				opts[i] = g.Text(a)
			}
			pv.Options = opts
		}
		v.Pending = pv
	}
	return v
}

// Show draws View(seat) for a terminal of 80 columns: a header, the board
// as a grid with a legend, the boss, then each player's hand and
// resources, the decks and piles, and the decision pending.
func (g *Game) Show(seat int) string {
	v := g.View(seat)
	var b strings.Builder
	mode := "versus"
	if v.Boss != nil {
		mode = "boss " + v.Boss.ID
	}
	who := "an onlooker"
	if seat >= 0 && seat < len(v.Players) {
		who = fmt.Sprintf("P%d", seat+1)
	} else if v.Boss != nil && seat == len(v.Players) {
		who = "the boss"
	}
	wrap(&b, "", fmt.Sprintf("annas %s, map %s, turn %d, seen by %s: %s", mode, v.Map, v.Turn, who, g.stage(v)))
	g.showBoard(&b, v)
	if bv := v.Boss; bv != nil {
		lives := ""
		if bv.Lives == 1 {
			lives = "1 life"
		} else {
			lives = fmt.Sprintf("%d lives", bv.Lives)
		}
		fmt.Fprintf(&b, "boss %s: %s, boss turn %d of %d, round %d\n", bv.ID, lives, bv.Turns, g.Boss.MaxTurns, bv.Round)
		if bv.Card != "" {
			c := &g.Rules.BossCards[g.Boss.Deck[len(g.Boss.Deck)-1]]
			wrap(&b, "  current card: ", fmt.Sprintf("%s (ATK %d, SPD %d, DEF %d, range %s; moves on 1-6 to %s), %d under it",
				c.ID, c.Stats.ATK, c.Stats.SPD, c.Stats.DEF, rangeText(c.Range), moveText(c.Move), bv.Deck.Unseen))
		}
		wrap(&b, "  discard: ", list(bv.Discard))
	}
	for i, pl := range v.Players {
		g.showPlayer(&b, v, i, &pl)
	}
	fmt.Fprintf(&b, "unit deck: %s\n", cards(v.Deck.Unseen))
	wrap(&b, "unit discard: ", list(v.Discard))
	if v.ShopDeck != nil {
		row := make([]string, len(v.ShopRow))
		for i, c := range v.ShopRow {
			row[i] = fmt.Sprintf("%d %s", i+1, c)
			if k := g.ShopRow[i]; k >= 0 {
				coins := "coins"
				if g.Rules.ShopCards[k].Cost == 1 {
					coins = "coin"
				}
				row[i] += fmt.Sprintf(" (%d %s)", g.Rules.ShopCards[k].Cost, coins)
			}
		}
		wrap(&b, "shop row: ", strings.Join(row, ", "))
		fmt.Fprintf(&b, "shop deck: %s\n", cards(v.ShopDeck.Unseen))
		wrap(&b, "shop discard: ", list(v.ShopDisc))
	}
	if v.VPDeck != nil {
		vp := make([]string, len(*v.VPDeck))
		for i, n := range *v.VPDeck {
			vp[i] = fmt.Sprint(n)
		}
		wrap(&b, "VP deck (top first): ", list(vp))
	}
	if t := v.ThisTurn; v.Phase == "turn" {
		fmt.Fprintf(&b, "this turn: %d deploys, %d haste deploys, %d captures, %d discards\n", t.Deploys, t.HasteDeploys, t.Captures, t.Discards)
	}
	if pv := v.Pending; pv != nil {
		if opts, ok := pv.Options.([]string); ok {
			wrap(&b, fmt.Sprintf("P%d decides (%s): ", pv.Seat+1, pv.Decision), strings.Join(opts, " | "))
		} else {
			fmt.Fprintf(&b, "P%d decides (%s, %d options)\n", pv.Seat+1, pv.Decision, pv.Options.(play.Unseen).Unseen)
		}
	}
	return b.String()
}

// stage is the header's "whose turn, who decides" part.
func (g *Game) stage(v *View) string {
	seatName := func(s int) string {
		if s == g.BossSeat() {
			return "the boss"
		}
		return fmt.Sprintf("P%d", s+1)
	}
	switch v.Phase {
	case "mulligan":
		return fmt.Sprintf("mulligan, %s decides", seatName(v.Mulligan))
	case "over":
		if r := v.Result; r != nil && len(r.Winners) > 0 {
			ws := make([]string, len(r.Winners))
			for i, w := range r.Winners {
				ws[i] = seatName(w)
			}
			return fmt.Sprintf("over, %s won (%s)", strings.Join(ws, ", "), r.Reason)
		}
		return fmt.Sprintf("over, a draw (%s)", v.Result.Reason)
	}
	s := seatName(v.Current) + "'s turn"
	if a := g.Actor(); a != v.Current {
		s += ", " + seatName(a) + " to act"
	}
	return s
}

var seatEdges = [...]string{"south", "north", "west", "east"}

// showBoard draws the grid, north (rank 6) first: a terrain glyph on each
// empty tile, three characters for a piece (two letters of its id and its
// owner's number, "!" for the boss's summons; "@" and a corner's colour on
// the boss's squares), then a legend of the pieces.
func (g *Game) showBoard(b *strings.Builder, v *View) {
	terr := g.TerrainNow()
	marks := g.markers()
	var hb strings.Builder
	hb.WriteString("    ")
	for f := range Size {
		fmt.Fprintf(&hb, "  %c ", 'a'+f)
	}
	header := strings.TrimRight(hb.String(), " ")
	b.WriteString(header + "\n")
	for r := Size - 1; r >= 0; r-- {
		fmt.Fprintf(b, " %d  ", r+1)
		for f := range Size {
			t := table.TileAt(f, r)
			cell := " " + g.Rules.Terrain[terr[t]].Glyph + " "
			if q := g.PieceAt(t); q != nil {
				cell = marks[q.ID]
				if q.Kind == BossPiece {
					cell = "@" + colorMark(g.Boss.def.Corners[g.Boss.Corner(g.Boss.PosAt(t))].Color.String()) + " "
				}
			}
			b.WriteByte(' ')
			b.WriteString(cell)
		}
		fmt.Fprintf(b, "  %d\n", r+1)
	}
	b.WriteString(header + "\n")
	zones := make([]string, len(g.Players))
	for i := range g.Players {
		zones[i] = fmt.Sprintf("P%d %s", i+1, seatEdges[g.Players[i].Seat])
	}
	wrap(b, "deployment zones: ", strings.Join(zones, ", "))
	var glyphs []string
	seen := map[int16]bool{}
	for _, t := range terr {
		if !seen[t] {
			seen[t] = true
			tr := &g.Rules.Terrain[t]
			glyphs = append(glyphs, tr.Glyph+" "+strings.ToLower(tr.Name))
		}
	}
	wrap(b, "terrain: ", strings.Join(glyphs, ", "))
	for i, pl := range v.Players {
		if pl.DVTile != "" {
			side := "plain"
			if pl.DVRuins {
				side = "ruins"
			}
			fmt.Fprintf(b, "P%d's DV tile: %s, %s side up\n", i+1, pl.DVTile, side)
		}
	}
	for _, q := range g.Pieces {
		wrap(b, "", g.pieceLine(q, marks[q.ID], terr))
	}
}

// colorMark is a colour's letter on the board: r, g, b, and x for gray
// (colorless).
func colorMark(c string) string {
	if c == "gray" {
		return "x"
	}
	return c[:1]
}

// pieceLine is a piece's legend line.
func (g *Game) pieceLine(q *Piece, mark string, terr [Tiles]int16) string {
	rs := g.Rules
	var parts []string
	where := q.Tile.String()
	if tr := &rs.Terrain[terr[q.Tile]]; q.Kind != BossPiece && tr.Glyph != "." {
		where += " (" + strings.ToLower(tr.Name) + ")"
	}
	switch q.Kind {
	case BossPiece:
		bs := g.Boss
		var cs []string
		for pos := range 4 {
			c := bs.Corner(pos)
			cs = append(cs, fmt.Sprintf("%s %s %d/%d", strings.ToUpper(cornerNames[pos]), bs.def.Corners[c].Color, bs.CornerLeft(c), bs.def.Corners[c].HP))
		}
		return fmt.Sprintf("@ %s on %s-%s: %s", bs.def.ID, bs.Square(table.SW).String(), bs.Square(table.NE).String(), strings.Join(cs, ", ")) + g.modsText(q.Mods)
	case SummonPiece:
		sm := &g.Boss.def.Summons[q.Card]
		parts = append(parts, fmt.Sprintf("%s %s (boss, %s) at %s: HP %d/%d", mark, sm.ID, sm.Color, where, g.HP(q), sm.Stats.HP))
	default:
		u := &rs.Units[q.Card]
		slot := ""
		if s := g.slotName(q.Slot); s != u.Color.String() {
			slot = ", slot " + s
		}
		parts = append(parts, fmt.Sprintf("%s %s (P%d, %s%s) at %s: HP %d/%d", mark, u.ID, q.Owner+1, u.Color, slot, where, g.HP(q), u.Stats.HP))
		if q.Exhausted {
			parts = append(parts, "exhausted")
		} else {
			parts = append(parts, "ready")
		}
		if q.Special {
			parts = append(parts, "special")
		}
		if q.Shapestone {
			parts = append(parts, "shapestone")
		}
		if q.Attached >= 0 {
			parts = append(parts, "attached "+rs.ShopCards[q.Attached].ID)
		}
	}
	return strings.Join(parts, ", ") + g.modsText(q.Mods)
}

// modsText is a piece's lasting changes, ", mods ..." or "".
func (g *Game) modsText(ms []Mod) string {
	var out []string
	for _, m := range g.modsPos(ms) {
		var s []string
		for _, f := range []struct {
			n    int
			name string
		}{{m.ATK, "ATK"}, {m.SPD, "SPD"}, {m.DEF, "DEF"}, {m.MOV, "MOV"}} {
			if f.n != 0 {
				s = append(s, fmt.Sprintf("%+d %s", f.n, f.name))
			}
		}
		s = append(s, m.Tags...)
		if len(s) == 0 {
			continue
		}
		out = append(out, strings.Join(s, " ")+" until "+m.Until)
	}
	if len(out) == 0 {
		return ""
	}
	return "; " + strings.Join(out, "; ")
}

// markers gives every piece on the board three characters: two letters of
// its id (the first capitalised) and its owner's number, "!" for a summon.
func (g *Game) markers() map[int32]string {
	out := map[int32]string{}
	used := map[string]bool{}
	for _, q := range g.Pieces {
		if q.Kind == BossPiece {
			continue
		}
		id := []rune(strings.ReplaceAll(g.pieceName(q), "-", ""))
		suffix := "!"
		if q.Kind == UnitPiece {
			suffix = fmt.Sprint(q.Owner + 1)
		}
		m := ""
		for k := 1; k < len(id) && m == ""; k++ {
			if c := strings.ToUpper(string(id[0])) + string(id[k]); !used[strings.ToLower(c)] {
				m = c
			}
		}
		for d := 0; m == "" && d < 10; d++ {
			if c := strings.ToUpper(string(id[0])) + fmt.Sprint(d); !used[strings.ToLower(c)] {
				m = c
			}
		}
		used[strings.ToLower(m)] = true
		out[q.ID] = m + suffix
	}
	return out
}

// showPlayer writes one player's line and hand.
func (g *Game) showPlayer(b *strings.Builder, v *View, i int, pl *PlayerView) {
	edge := seatEdges[g.Players[i].Seat]
	if v.Boss != nil {
		fmt.Fprintf(b, "P%d (%s): DV %d, lost %d\n", i+1, edge, pl.DV, pl.Lost)
	} else {
		vp := pl.VPTokens
		cards := make([]string, len(pl.VPCards))
		for k, c := range pl.VPCards {
			vp += c
			cards[k] = fmt.Sprint(c)
		}
		line := fmt.Sprintf("P%d (%s): coins %d, DV %d, VP %d (tokens %d", i+1, edge, pl.Coins, pl.DV, vp, pl.VPTokens)
		if len(cards) > 0 {
			line += ", cards " + strings.Join(cards, "+")
		}
		line += fmt.Sprintf("), lost %d", pl.Lost)
		if pl.DVTile == "" && g.num.DVTiles > 0 {
			line += ", DV tile held"
		}
		wrap(b, "", line)
	}
	if hand, ok := pl.Hand.([]string); ok {
		wrap(b, "  hand: ", list(hand))
	} else {
		fmt.Fprintf(b, "  hand: %s\n", cards(pl.Hand.(play.Unseen).Unseen))
	}
	if v.ShopDeck != nil || len(pl.Shop) > 0 {
		wrap(b, "  shop cards: ", list(pl.Shop))
	}
}

// rangeText is a range set as "1", "1-2" or "1, 3".
func rangeText(r table.RangeSet) string {
	var ds []string
	for d := range 8 {
		if r.Has(d) {
			ds = append(ds, fmt.Sprint(d))
		}
	}
	if len(ds) == 2 && ds[1][0] == ds[0][0]+1 {
		return ds[0] + "-" + ds[1]
	}
	return list(ds)
}

// moveText is a boss card's mini-map: the square for each roll.
func moveText(m [6]Tile) string {
	out := make([]string, len(m))
	for i, t := range m {
		out[i] = "-"
		if t != NoTile {
			out[i] = t.String()
		}
	}
	return strings.Join(out, " ")
}

// cards is "1 card" or "n cards".
func cards(n int) string { return play.Cards(n) }

// list joins ids with ", ", "none" when there are none.
func list(s []string) string { return play.List(s) }

// wrap writes prefix and text, wrapped so that no line is wider than 79
// columns, the lines after the first indented.
func wrap(b *strings.Builder, prefix, text string) {
	rest := "    "
	if prefix != "" {
		rest = strings.Repeat(" ", min(len(prefix), 8)+2)
	}
	play.Wrap(b, play.ShowWidth-1, prefix, rest, text)
}
