package fecipher

import (
	"fmt"
	"strings"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// What a seat sees (play.Viewer; docs/play.md, "What each seat sees").
// The view agrees with Determinize, the engine's reading of what is
// hidden: the other player's hand, the order of both decks, both players'
// orbs ("place the top five cards of their deck into their orb area": face
// down, to their owner too, until one breaks into its owner's hand) and the
// random source. In view are the fields, the bonds (a reversed bond is
// face down but never left the table, so its card is known), the retreat
// and support areas, the decision pending, and the seat's own hand. The
// main character is "set face-down in the vanguard" at setup; the engine
// treats it as known from the start (its deck list is named and says its
// main character). A card seen and then hidden again (retrieved into a
// hand, shuffled back into a deck) is not remembered, as Determinize does
// not remember it.

// View is a Position as one seat sees it: decks and orbs as counts, the
// other player's hand as a count, no random source.
type View struct {
	Seat      int          `json:"seat" yaml:"seat"` // the seat it is seen by; -1 an onlooker
	Turn      int          `json:"turn" yaml:"turn"`
	Phase     string       `json:"phase" yaml:"phase"`
	Active    int          `json:"active" yaml:"active"`
	First     int          `json:"first" yaml:"first"`
	Seats     []PlayerView `json:"players" yaml:"players"`
	Pending   []FrameState `json:"pending,omitempty" yaml:"pending,omitempty"`
	Over      bool         `json:"over,omitempty" yaml:"over,omitempty"`
	Winner    *int         `json:"winner,omitempty" yaml:"winner,omitempty"`
	Reason    string       `json:"reason,omitempty" yaml:"reason,omitempty"`
	NextUID   int          `json:"next-uid,omitempty" yaml:"next-uid,omitempty"`
	EndQueued bool         `json:"end-queued,omitempty" yaml:"end-queued,omitempty"`
}

// PlayerView is a PlayerState as a seat sees it: Hand is the card ids for
// the seat itself, a play.Unseen count otherwise.
type PlayerView struct {
	Name     string      `json:"name" yaml:"name"`
	DeckList string      `json:"deck-list,omitempty" yaml:"deck-list,omitempty"`
	Deck     play.Unseen `json:"deck" yaml:"deck"`
	Hand     any         `json:"hand" yaml:"hand"`
	Retreat  []string    `json:"retreat" yaml:"retreat,flow"`
	Bound    []string    `json:"boundless,omitempty" yaml:"boundless,omitempty,flow"` // the Boundless Area: face up
	Orbs     play.Unseen `json:"orbs" yaml:"orbs"`
	OrbsUp   []string    `json:"orbs-face-up,omitempty" yaml:"orbs-face-up,omitempty,flow"` // the face-up orbs, in view (counted in Orbs)
	Broken   *int        `json:"orbs-broken,omitempty" yaml:"orbs-broken,omitempty"`
	Support  []string    `json:"support,omitempty" yaml:"support,omitempty,flow"`
	Bonds    []BondState `json:"bonds" yaml:"bonds"`
	Field    []UnitState `json:"field" yaml:"field"`
	Spent    int         `json:"spent,omitempty" yaml:"spent,omitempty"`
	Bonded   bool        `json:"bonded,omitempty" yaml:"bonded,omitempty"`
	Played   []string    `json:"played,omitempty" yaml:"played,omitempty,flow"`
}

// View implements play.Viewer.
func (m *Match) View(seat int) any { return m.G.View(seat) }

// Show implements play.Viewer.
func (m *Match) Show(seat int) string { return m.G.Show(seat) }

// Private implements play.Viewer. One action text names a card the other
// seat may not see: a put decision's choice of a card moved between the
// hidden zones ("put a card from your hand on top of your deck"; see
// putSeenBy), which the other seats read as "put a card". No other does:
// a bond, a deploy, a level up and a class change put their card face up
// on the table; a discard, a critical hit and an evasion put it in the
// retreat area; a retrieve takes one from there; a flip turns a bond in
// view; a hand skill's use reveals its card ("|HAND| is used by revealing
// this card from your hand": its event names it), and the legal actions
// that offer it are the mover's own.
func (m *Match) Private(i int) string {
	acts := m.legal()
	if i < 0 || i >= len(acts) || acts[i].Kind != ActChoice {
		return ""
	}
	g, c := m.G, acts[i].Choice
	f := g.top1()
	if f == nil || f.Kind != FramePut || c.Done {
		return ""
	}
	pt, owner := g.putOf(f)
	if g.putSeenBy(pt, owner, c.Card, false) == nil {
		return ""
	}
	return "put a card"
}

// View is the game as seat sees it (seat -1: an onlooker).
func (g *Game) View(seat int) *View {
	p := g.Position()
	v := &View{Seat: seat, Turn: p.Turn, Phase: p.Phase, Active: p.Active, First: p.First, Pending: p.Pending, Over: p.Over,
		Winner: p.Winner, Reason: p.Reason, NextUID: p.NextUID, EndQueued: p.EndQueued}
	for i, ps := range p.Seats {
		for k := range ps.Field {
			if u, _ := g.unit(ps.Field[k].UID); u != nil {
				ps.Field[k].Acquired = g.acquired(u)
			}
		}
		var hand any = play.Unseen{Unseen: len(ps.Hand)}
		if i == seat {
			hand = ps.Hand
		}
		v.Seats = append(v.Seats, PlayerView{Name: ps.Name, DeckList: ps.DeckList, Deck: play.Unseen{Unseen: len(ps.Deck)}, Hand: hand,
			Retreat: ps.Retreat, Bound: ps.Bound, Orbs: play.Unseen{Unseen: len(ps.Orbs)}, OrbsUp: ps.Orbs[:ps.OrbsUp], Broken: ps.Broken, Support: ps.Support, Bonds: ps.Bonds,
			Field: ps.Field, Spent: ps.Spent, Bonded: ps.Bonded, Played: ps.Played})
	}
	return v
}

// Show draws View(seat) for a terminal of 80 columns: the other side at
// the top (its back line, then its front line), the seat's side below
// (front line, then back line), each with its bonds, orbs, deck, retreat
// and support; then the seat's hand and what is being resolved. An
// onlooker sees P2 at the top.
func (g *Game) Show(seat int) string {
	v := g.View(seat)
	var b strings.Builder
	who := "an onlooker"
	if seat >= 0 && seat < len(v.Seats) {
		who = v.Seats[seat].Name
	}
	head := fmt.Sprintf("fe-cipher, turn %d, seen by %s: ", v.Turn, who)
	switch {
	case v.Over && v.Winner != nil:
		head += fmt.Sprintf("over, %s won (%s)", v.Seats[*v.Winner].Name, v.Reason)
	case v.Over:
		head += fmt.Sprintf("over, a draw (%s)", v.Reason)
	case v.Phase == "setup":
		head += "setup"
	default:
		head += fmt.Sprintf("%s's %s phase", v.Seats[v.Active].Name, v.Phase)
	}
	wrap(&b, "", head)
	me := 0
	if seat == 1 {
		me = 1
	}
	top, bottom := 1-me, me
	g.showSide(&b, v, top, true)
	b.WriteString(strings.Repeat("-", 40) + "\n")
	g.showSide(&b, v, bottom, false)
	for _, f := range v.Pending {
		g.showFrame(&b, v, f)
	}
	return b.String()
}

// showSide writes one side: its counts, bonds and the two lines of its
// field, the back line farthest from the middle of the table.
func (g *Game) showSide(b *strings.Builder, v *View, i int, top bool) {
	pv := v.Seats[i]
	pl := g.P[i]
	broken := 0
	if pv.Broken != nil {
		broken = *pv.Broken
	}
	name := pv.Name
	if pv.DeckList != "" {
		name += " (" + pv.DeckList + ")"
	}
	line := fmt.Sprintf("%s: deck %d, orbs %d (%d broken), retreat %d", name, pv.Deck.Unseen, pv.Orbs.Unseen, broken, len(pv.Retreat))
	if hand, ok := pv.Hand.(play.Unseen); ok {
		line += ", hand " + cards(hand.Unseen)
	}
	wrap(b, "", line)
	bonds := make([]string, len(pv.Bonds))
	up := 0
	for k, bd := range pv.Bonds {
		bonds[k] = bd.Card
		if bd.FaceDown {
			bonds[k] += " (face down)"
		} else {
			up++
		}
	}
	field := func(area Area) {
		var us []string
		for _, u := range pl.Field {
			if u.Area == area {
				us = append(us, g.unitText(u))
			}
		}
		name := "front line (vanguard): "
		if area == Rearguard {
			name = "back line (rearguard): "
		}
		if len(us) == 0 {
			us = []string{"none"}
		}
		wrap(b, "  "+name, strings.Join(us, "; "))
	}
	if top {
		wrap(b, fmt.Sprintf("  bonds %d (%d face up): ", len(bonds), up), list(bonds))
		field(Rearguard)
		field(Vanguard)
	} else {
		field(Vanguard)
		field(Rearguard)
		wrap(b, fmt.Sprintf("  bonds %d (%d face up): ", len(bonds), up), list(bonds))
	}
	wrap(b, "  retreat: ", list(pv.Retreat))
	if len(pv.Bound) > 0 {
		wrap(b, "  boundless: ", list(pv.Bound))
	}
	if len(pv.Support) > 0 {
		wrap(b, "  support: ", list(pv.Support))
	}
	if hand, ok := pv.Hand.([]string); ok {
		wrap(b, "  hand: ", list(hand))
	}
}

// unitText is a unit on one line: its card, attack (with what effects
// give it now), range, and state.
func (g *Game) unitText(u *Unit) string {
	c := g.C(u.Card())
	st := g.Stats(u, nil)
	tags := []string{fmt.Sprintf("attack %d", st.Attack)}
	switch {
	case st.MaxRange == 0:
		tags = append(tags, "no range")
	case st.MaxRange == st.MinRange:
		tags = append(tags, fmt.Sprintf("range %d", st.MinRange))
	default:
		tags = append(tags, fmt.Sprintf("range %d-%d", st.MinRange, st.MaxRange))
	}
	if u.Main {
		tags = append(tags, "main")
	}
	if u.Tapped {
		tags = append(tags, "tapped")
	}
	if n := len(u.Stack); n > 1 {
		tags = append(tags, fmt.Sprintf("%d cards", n))
	}
	if a := g.acquired(u); len(a) > 0 {
		tags = append(tags, "acquires "+strings.Join(a, ", "))
	}
	return c.ID + " (" + strings.Join(tags, ", ") + ")"
}

// showFrame writes a pending entry: a battle, a skill, a decision.
func (g *Game) showFrame(b *strings.Builder, v *View, f FrameState) {
	name := func(uid int) string {
		if u, _ := g.unit(uid); u != nil {
			return g.C(u.Card()).ID
		}
		return "?"
	}
	seat := v.Seats[f.Seat].Name
	switch f.Kind {
	case "battle":
		s := fmt.Sprintf("%s attacks %s with %s, attack %+d, defense %+d from support", seat, name(f.Defender), name(f.Attacker), f.ASup, f.DSup)
		if f.Critical {
			s += ", critical hit"
		}
		if f.Evaded {
			s += ", evaded"
		}
		wrap(b, "battle: ", s)
	case "skill":
		sk := g.C(g.RS.CardIndex(f.Card)).Skills[f.Skill]
		wrap(b, "skill: ", fmt.Sprintf("%s's %s, %s resolving", seat, f.Card, sk.Name))
	default:
		s := fmt.Sprintf("%s decides: %s", seat, f.Kind)
		if f.N > 1 {
			s += fmt.Sprintf(" (%d to choose)", f.N)
		}
		wrap(b, "", s)
	}
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

// emitOwn records an event about cards only seat p may see (a draw, an
// orb broken into its hand): p sees it naming them; the other seats see
// it with public in their place ("a card"; "" for nothing) and no Cards.
func (g *Game) emitOwn(p int, kind string, cards []int, public, detail string) {
	if g.quiet {
		return
	}
	names := make([]string, len(cards))
	for i, c := range cards {
		names[i] = g.C(c).Name()
	}
	text, ptext := g.P[p].Name+" "+kind, g.P[p].Name+" "+kind
	if len(names) > 0 {
		text += " " + strings.Join(names, "; ")
	}
	if public != "" {
		ptext += " " + public
	}
	if detail != "" {
		text += " (" + detail + ")"
		ptext += " (" + detail + ")"
	}
	data := EventData{Phase: g.Phase.String(), Detail: detail, Cards: names}
	if len(names) == 1 {
		data.Card, data.Cards = names[0], nil
	}
	e := play.Event{Turn: g.Turn, Seat: p, Kind: kind, Text: text, Data: data}
	g.events = append(g.events, e.Hide(play.Event{Text: ptext, Data: EventData{Phase: data.Phase, Detail: detail}}, p))
}

// emitSeen records that card c of player p moved (detail: where): seen
// by seats only (nil: by every seat); any other seat sees "a card".
func (g *Game) emitSeen(p int, kind string, c int, detail string, seats []int) {
	if seats == nil {
		g.emit(p, kind, g.C(c).Name(), "", detail)
		return
	}
	if g.quiet {
		return
	}
	name := g.C(c).Name()
	data := EventData{Phase: g.Phase.String(), Card: name, Detail: detail}
	e := play.Event{Turn: g.Turn, Seat: p, Kind: kind, Text: fmt.Sprintf("%s %s %s (%s)", g.P[p].Name, kind, name, detail), Data: data}
	public := play.Event{Text: fmt.Sprintf("%s %s a card (%s)", g.P[p].Name, kind, detail), Data: EventData{Phase: data.Phase, Detail: detail}}
	g.events = append(g.events, e.Hide(public, seats...))
}

// drew records that seat p drew the cards of its hand from index from on
// (none: its deck and retreat area were empty).
func (g *Game) drew(p, from int, why string) {
	n := len(g.P[p].Hand) - from
	if g.quiet || n <= 0 {
		return
	}
	public := "a card"
	if n > 1 {
		public = fmt.Sprintf("%d cards", n)
	}
	g.emitOwn(p, "draw", g.P[p].Hand[from:], public, why)
}
