package annas

import (
	"strconv"
	"strings"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// Text is the stable text of action a in the game's current state (the
// state in which a is legal): lower-case words naming units by id and tiles
// by name, as docs/annas-engine.md lists them. The texts of the actions
// legal at one moment are distinct.
func (g *Game) Text(a Action) string {
	var b strings.Builder
	w := func(s ...string) {
		for _, x := range s {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(x)
		}
	}
	unit := func(c int16) string {
		if c < 0 || int(c) >= len(g.Rules.Units) {
			return "unit-" + strconv.Itoa(int(c))
		}
		return g.Rules.Units[c].ID
	}
	shop := func(c int16) string {
		if c < 0 || int(c) >= len(g.Rules.ShopCards) {
			return "shop-" + strconv.Itoa(int(c))
		}
		return g.Rules.ShopCards[c].ID
	}
	at := func(t Tile) string {
		if q := g.PieceAt(t); q != nil {
			return g.pieceName(q) + " " + t.String()
		}
		return t.String()
	}
	switch a.Kind {
	case EndTurn:
		w("end", "turn")
	case Mulligan:
		hand := g.Players[a.Player].Hand
		if a.Mask == 0 {
			w("keep")
			break
		}
		w("mulligan")
		for i, c := range hand {
			if a.Mask&(1<<uint(i)) != 0 {
				w(unit(c))
			}
		}
	case Deploy:
		w("deploy", unit(a.Card), a.To.String())
		if g.slotInText(a.Card) {
			w("slot", g.slotName(a.Slot))
		}
		if a.Haste {
			w("haste")
		}
	case Activate:
		q := g.PieceAt(a.From)
		name := "unit"
		if q != nil {
			name = g.pieceName(q)
		}
		w("activate", name, a.From.String(), a.To.String())
		switch a.Do {
		case Attack:
			w("attack", a.Target.String())
			if b := g.Boss; b != nil {
				if pos := b.PosAt(a.Target); pos >= 0 {
					w(b.def.Corners[b.Corner(pos)].Color.String())
				}
			}
		case BossAct:
			name := "action"
			if g.Boss != nil && int(a.Opt) < len(g.Boss.def.Actions) {
				name = Slug(g.Boss.def.Actions[a.Opt].Name)
			}
			w(name)
			g.targetText(w, a, nil)
		case Special:
			w("special")
			g.targetText(w, a, g.specialEffects(q))
		case AssistDo:
			w("assist")
			es, slug := g.assistOf(q, int(a.Opt))
			w(slug)
			g.targetText(w, a, es)
		default:
			w(a.Do.String())
		}
	case DiscardAct:
		w("discard", unit(a.Card))
	case ShiftGray:
		name := "unit"
		if q := g.PieceAt(a.From); q != nil {
			name = g.pieceName(q)
		}
		w("shift", name, a.From.String(), "slot", g.slotName(a.Slot))
	case Buy:
		card := "none"
		if a.Slot >= 0 && int(a.Slot) < len(g.ShopRow) && g.ShopRow[a.Slot] >= 0 {
			card = shop(g.ShopRow[a.Slot])
		}
		w("buy", card, strconv.Itoa(int(a.Slot)+1))
	case UseShop:
		w("use", shop(a.Card))
		if a.Target != NoTile {
			w(at(a.Target))
		}
		if a.Dest != NoTile {
			w("to", a.Dest.String())
		}
	case MoveDVTile:
		side := "plain"
		if a.Opt == 1 {
			side = "ruins"
		}
		w("dv-tile", a.To.String(), side)
	case Bump:
		w("bump", at(a.From), "to", a.To.String())
	case React:
		if a.Card >= 0 {
			w("react", shop(a.Card))
		} else {
			w("react", at(a.From))
		}
	case Pass:
		w("pass")
	case DVMove:
		w("dv-move", at(a.From), "to", a.To.String())
	case DVRemove:
		w("dv-remove", at(a.From))
	case Order:
		w("next", at(a.Target))
	case Corner:
		w("corner", g.cornerText(a))
	case Bar:
		w("bar", g.cornerText(a))
	case Range:
		w("range", strconv.Itoa(int(a.Opt)))
	case Choose:
		switch {
		case a.Card >= 0:
			w("choose", "discard", unit(a.Card))
		case a.Target != NoTile:
			w("choose", at(a.Target))
		case a.Dest != NoTile:
			w("choose", "move", a.Dest.String())
		default:
			w("choose", "stay")
		}
	default:
		w(a.Kind.String())
	}
	return b.String()
}

// pieceName is a piece's id: its unit's, its summon's, its boss's.
func (g *Game) pieceName(q *Piece) string {
	switch q.Kind {
	case SummonPiece:
		return g.Boss.def.Summons[q.Card].ID
	case BossPiece:
		return g.Boss.def.ID
	}
	return g.Rules.Units[q.Card].ID
}

// cornerText names a boss corner by its color and square.
func (g *Game) cornerText(a Action) string {
	if g.Boss == nil || a.Opt < 0 || a.Opt > 3 {
		return "?"
	}
	return g.Boss.def.Corners[a.Opt].Color.String() + " " + a.Target.String()
}

// slotInText reports whether a deploy of card names its slot: only a gray
// unit in versus chooses among slots (boss mode's are interchangeable).
func (g *Game) slotInText(card int16) bool {
	return g.Boss == nil && card >= 0 && int(card) < len(g.Rules.Units) && g.Rules.Units[card].Color == table.Gray
}

// slotName is a slot by name: versus by its color, boss mode 1 or 2.
func (g *Game) slotName(s int8) string {
	if g.Boss == nil && s >= 0 && s < int8(table.Gray) {
		return table.Color(s).String()
	}
	return strconv.Itoa(int(s) + 1)
}

// targetText writes an activated effect's target and destination: the
// target unit and tile, "to" and the destination, or "swap" for a grab
// that swaps.
func (g *Game) targetText(w func(...string), a Action, es []table.Effect) {
	if a.Target != NoTile {
		if t := g.PieceAt(a.Target); t != nil {
			w(g.pieceName(t), a.Target.String())
		} else {
			w(a.Target.String())
		}
	}
	switch {
	case a.Dest != NoTile:
		w("to", a.Dest.String())
	case a.Target != NoTile && hasOp(es, table.OpGrab):
		w("swap")
	}
}

func hasOp(es []table.Effect, op table.Op) bool {
	for i := range es {
		if es[i].When == table.Activate && es[i].Op == op {
			return true
		}
	}
	return false
}

// specialEffects is the effect list of q's special, nil for none.
func (g *Game) specialEffects(q *Piece) []table.Effect {
	if q == nil {
		return nil
	}
	for _, s := range g.sources(q) {
		if s.kind == srcSpecial {
			return s.effects
		}
	}
	return nil
}

// assistOf is q's k-th assist effect list and its name in action texts:
// the tag's id, or the skill's name as a slug.
func (g *Game) assistOf(q *Piece, k int) ([]table.Effect, string) {
	if q == nil {
		return nil, "?"
	}
	rs := g.Rules
	n := 0
	u := &rs.Units[q.Card]
	if u.Skill >= 0 && rs.Skills[u.Skill].Kind == table.SkillAssist {
		if n == k {
			return rs.Skills[u.Skill].Effects, Slug(rs.Skills[u.Skill].Name)
		}
		n++
	}
	tags := g.baseTags(q)
	for i := range rs.Tags {
		if !tags.Has(i) || len(rs.Tags[i].Effects) == 0 || rs.Tags[i].Category != table.Assist {
			continue
		}
		if n == k {
			return rs.Tags[i].Effects, rs.Tags[i].ID
		}
		n++
	}
	return nil, "?"
}

// Slug is a name as one lower-case word: letters and digits, other runs
// of characters as one hyphen ("Seal Rift" is seal-rift).
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
	}
	if b.Len() == 0 {
		return "x"
	}
	return b.String()
}
