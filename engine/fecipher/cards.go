package fecipher

import (
	"fmt"
	"slices"
	"strings"

	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
)

// Effects and costs that move cards between zones, and the decisions they
// ask: which ally to destroy or bond to send for a cost, which orb (face
// down: by its place), which card an effect puts where.

// destroyable are player p's allies a cost like t may destroy, for unit u:
// never u, never the main character.
func (g *Game) destroyable(p int, u *Unit, t *table.Target) []*Unit {
	var out []*Unit
	for _, a := range g.P[p].Field {
		if a != u && !a.Main && g.matchUnit(t.Of, a, u) && !g.has(a, table.SkillProof) {
			out = append(out, a)
		}
	}
	return out
}

// bondFits reports whether bond b of player p is like f (its face too).
func (g *Game) bondFits(f *table.CardFilter, b Bond, p int) bool {
	if f == nil {
		return true
	}
	if f.FaceUp && b.Reversed || f.FaceDown && !b.Reversed {
		return false
	}
	if b.Reversed && (f.Emblem != 0 || len(f.Colors) > 0 || len(f.Names) > 0) {
		return false // a reversed bond shows nothing
	}
	return g.matchBond(f, b, p)
}

func (g *Game) countBonds(p int, f *table.CardFilter) int {
	n := 0
	for _, b := range g.P[p].Bonds {
		if g.bondFits(f, b, p) {
			n++
		}
	}
	return n
}

// putOf is the put of the effect a decision (on top of the stack) serves,
// and the seat whose zones it moves cards between.
func (g *Game) putOf(f *Frame) (*table.Put, int) {
	pt := g.effectOf(f).Put
	return pt, putOwner(pt, g.below())
}

// putOwner is the seat whose zones a put of skill frame sk moves cards
// between.
func putOwner(pt *table.Put, sk *Frame) int {
	owner := 0
	if sk != nil {
		owner = sk.Seat
		if pt.From == table.Revealed && len(sk.Revealed) > 0 {
			return sk.RevealSeat // the revealed cards' zones
		}
	}
	if pt.Foe {
		owner = Opp(owner)
	}
	return owner
}

// zoneCards are the cards of zone z of player p (revealed: those the
// skill frame sk revealed that are still on top of the deck).
func (g *Game) zoneCards(z table.Zone, p int, sk *Frame) []int {
	pl := g.P[p]
	switch z {
	case table.InHand:
		return pl.Hand
	case table.InDeck:
		return pl.Deck
	case table.InRetreat:
		return pl.Retreat
	case table.InBoundless:
		return pl.Bound
	case table.InSupport:
		if sk != nil && sk.Unit == 0 && slices.Contains(pl.Support, sk.Card) {
			return []int{sk.Card} // "this card": the support card, while kept
		}
		return nil
	case table.InBonds:
		var out []int
		for _, b := range pl.Bonds {
			out = append(out, b.Card)
		}
		return out
	case table.Revealed:
		if sk == nil {
			return nil
		}
		return g.stillRevealed(sk)
	}
	return nil
}

// stillRevealed are the cards frame sk revealed still in its deck.
func (g *Game) stillRevealed(sk *Frame) []int {
	var out []int
	deck := slices.Clone(g.P[sk.RevealSeat].Deck)
	for _, c := range sk.Revealed {
		if i := slices.Index(deck, c); i >= 0 {
			deck = slices.Delete(deck, i, i+1)
			out = append(out, c)
		}
	}
	return out
}

// cardChoices are the options of a cost or put decision.
func (g *Game) cardChoices(f *Frame) []Choice {
	var out []Choice
	pl := g.P[f.Seat]
	switch f.Kind {
	case FrameDestroyCost:
		src := g.source(g.below())
		for _, u := range g.destroyable(f.Seat, src, g.effectOf(f).PayDestroy) {
			if !slices.Contains(f.Chosen, u.UID) {
				out = append(out, Choice{Card: -1, Unit: u.UID})
			}
		}
	case FrameBondCost:
		of := g.effectOf(f).PayBonds
		for _, b := range pl.Bonds {
			c := Choice{Card: b.Card, Yes: b.Reversed}
			if g.bondFits(of, b, f.Seat) && !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	case FrameOrbCost:
		for i := range g.P[g.orbSeat(f)].Orbs {
			out = append(out, Choice{Card: -1, Pick: i})
		}
	case FrameOrbFlip:
		// Face-down orbs are alike to their owner (the first stands for
		// them); a face-up one is its card. A cost flips face-down ones.
		if pl.OrbsUp < len(pl.Orbs) {
			out = append(out, Choice{Card: -1, Pick: pl.OrbsUp})
		}
		for i := 0; i < pl.OrbsUp && !f.Pay; i++ {
			if c := (Choice{Card: pl.Orbs[i], Pick: i}); !slices.ContainsFunc(out, func(o Choice) bool { return o.Card == c.Card }) {
				out = append(out, c)
			}
		}
	case FrameOrbBreak:
		// The defeated player picks the orb: a face-down one (alike to
		// them; the last stands for them) or a face-up one, its card.
		if pl.OrbsUp < len(pl.Orbs) {
			out = append(out, Choice{Card: -1, Pick: len(pl.Orbs) - 1})
		}
		for i := 0; i < pl.OrbsUp; i++ {
			if c := (Choice{Card: pl.Orbs[i], Pick: i}); !slices.ContainsFunc(out, func(o Choice) bool { return o.Card == c.Card }) {
				out = append(out, c)
			}
		}
	case FrameUnflip:
		for _, b := range pl.Bonds {
			c := Choice{Card: b.Card}
			if b.Reversed && !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	case FrameGrowCost:
		if u := g.source(g.below()); u != nil {
			for _, c := range g.growable(f.Seat, u, g.effectOf(f).PayGrowth) {
				if !slices.Contains(out, Choice{Card: c}) {
					out = append(out, Choice{Card: c})
				}
			}
		}
	case FrameBanishCost:
		for _, c := range g.banishable(f.Seat, g.effectOf(f).PayBanish) {
			if !slices.Contains(out, Choice{Card: c}) {
				out = append(out, Choice{Card: c})
			}
		}
	case FramePut:
		pt, owner := g.putOf(f)
		var seen []int
		for _, c := range g.zoneCards(pt.From, owner, g.below()) {
			if slices.Contains(seen, c) || !g.cardFits(pt.Of, c, owner, g.below()) || pt.Self && (g.below() == nil || c != g.below().Card) {
				continue
			}
			if pt.From == table.InBonds && g.bondOf(owner, c, pt.Of) < 0 {
				continue // a bond of that card, but not face up (or down) as asked
			}
			seen = append(seen, c)
			if pt.To != table.OnField {
				out = append(out, Choice{Card: c})
				continue
			}
			if g.onFieldAs(owner, c) != nil && !g.sameNameOK(c) {
				continue // one unit per unit name
			}
			beside := func(a Area) bool { // "in the same area as "N""
				return len(pt.AreaOf) == 0 || slices.ContainsFunc(g.P[owner].Field, func(u *Unit) bool {
					return u.Area == a && g.namedAny(u.Card(), pt.AreaOf)
				})
			}
			if pt.Area != table.BackLine && beside(Vanguard) {
				out = append(out, Choice{Card: c, Area: Vanguard})
			}
			if pt.Area != table.FrontLine && beside(Rearguard) {
				out = append(out, Choice{Card: c, Area: Rearguard})
			}
		}
		if len(out) > 0 && pt.UpTo {
			out = append(out, Choice{Card: -1, Done: true})
		}
	}
	return out
}

// cardText is the action text of a cost or put decision's choice.
func (g *Game) cardText(f *Frame, c Choice) string {
	switch f.Kind {
	case FrameDestroyCost:
		u, _ := g.unit(c.Unit)
		return "destroy " + g.unitRef(u)
	case FrameBondCost:
		if c.Yes {
			return "send " + g.C(c.Card).ID + " face-down"
		}
		return "send " + g.C(c.Card).ID
	case FrameOrbCost:
		if g.orbSeat(f) != f.Seat {
			return fmt.Sprintf("opponent orb %d", c.Pick+1)
		}
		return fmt.Sprintf("orb %d", c.Pick+1)
	case FrameOrbBreak:
		if c.Card >= 0 {
			return "break orb " + g.C(c.Card).ID
		}
		return "break a face-down orb"
	case FrameOrbFlip:
		if c.Card >= 0 {
			return "flip orb " + g.C(c.Card).ID + " face-down"
		}
		return "flip an orb face-up"
	case FrameUnflip:
		return "unflip " + g.C(c.Card).ID
	case FrameGrowCost:
		return "stack " + g.C(c.Card).ID
	case FrameBanishCost:
		return "banish " + g.C(c.Card).ID
	case FramePut:
		if c.Done {
			return "done"
		}
		if pt, _ := g.putOf(f); pt.To == table.OnField {
			return "put " + g.C(c.Card).ID + " " + c.Area.String()
		}
		return "put " + g.C(c.Card).ID
	}
	return "?"
}

// chooseCards takes option c of a cost or put decision f.
func (g *Game) chooseCards(f *Frame, c Choice) {
	pl := g.P[f.Seat]
	switch f.Kind {
	case FrameDestroyCost:
		f.Chosen = append(f.Chosen, c.Unit)
		f.N--
		if f.N == 0 {
			g.pop()
			for _, uid := range f.Chosen {
				if u, _ := g.unit(uid); u != nil {
					g.destroy(u, "for a cost")
				}
			}
			g.flush()
		}
	case FrameBondCost:
		i := slices.IndexFunc(pl.Bonds, func(b Bond) bool { return b.Card == c.Card && b.Reversed == c.Yes })
		pl.Bonds = slices.Delete(pl.Bonds, i, i+1)
		pl.Retreat = append(pl.Retreat, c.Card)
		g.emit(f.Seat, "unbond", g.C(c.Card).Name(), "", "a bond to the retreat area")
		f.N--
		if f.N == 0 {
			g.pop()
		}
	case FrameOrbCost:
		op := g.P[g.orbSeat(f)]
		o := op.Orbs[c.Pick]
		op.Orbs = slices.Delete(op.Orbs, c.Pick, c.Pick+1)
		if c.Pick < op.OrbsUp {
			op.OrbsUp--
		}
		op.Retreat = append(op.Retreat, o)
		op.Broken++
		g.emit(g.orbSeat(f), "orb-destroyed", "", "", fmt.Sprintf("orb %d to the retreat area; %d left", c.Pick+1, len(op.Orbs)))
		g.playerEvent(table.OnOrbLost, g.orbSeat(f), -1)
		f.N--
		if f.N == 0 {
			g.pop()
			if !f.Pay {
				g.flush() // a cost's: what it set off waits for the skill's effect
			}
		}
	case FrameOrbBreak:
		g.breakOrb(f.Seat, c.Pick)
		f.N--
		if f.N == 0 || len(pl.Orbs) == 0 {
			g.pop()
			g.flush()
		}
	case FrameOrbFlip:
		if c.Pick >= pl.OrbsUp {
			// face up: it joins the face-up orbs at the front
			pl.Orbs[c.Pick], pl.Orbs[pl.OrbsUp] = pl.Orbs[pl.OrbsUp], pl.Orbs[c.Pick]
			pl.OrbsUp++
			g.shown = append(g.shown, pl.Orbs[pl.OrbsUp-1])
			g.emit(f.Seat, "orb-up", g.C(pl.Orbs[pl.OrbsUp-1]).Name(), "", fmt.Sprintf("an orb flipped face up; %d face up", pl.OrbsUp))
		} else {
			pl.Orbs[c.Pick], pl.Orbs[pl.OrbsUp-1] = pl.Orbs[pl.OrbsUp-1], pl.Orbs[c.Pick]
			pl.OrbsUp--
			g.emit(f.Seat, "orb-down", g.C(pl.Orbs[pl.OrbsUp]).Name(), "", fmt.Sprintf("an orb flipped face down; %d face up", pl.OrbsUp))
		}
		f.N--
		if f.N == 0 {
			g.pop()
		}
	case FrameGrowCost:
		u := g.source(g.below())
		i := slices.Index(pl.Retreat, c.Card)
		if u == nil || i < 0 {
			g.pop()
			return
		}
		pl.Retreat = slices.Delete(pl.Retreat, i, i+1)
		f.N--
		g.stackUnder(f.Seat, u, c.Card, f.N == 0)
		if f.N == 0 {
			g.pop()
			g.flush()
		}
	case FrameBanishCost:
		i := slices.Index(pl.Retreat, c.Card)
		pl.Retreat = slices.Delete(pl.Retreat, i, i+1)
		pl.Bound = append(pl.Bound, c.Card)
		g.emit(f.Seat, "banish", g.C(c.Card).Name(), "", "from the retreat area to the Boundless Area, for a cost")
		f.N--
		if f.N == 0 {
			g.pop()
		}
	case FrameUnflip:
		i := slices.IndexFunc(pl.Bonds, func(b Bond) bool { return b.Reversed && b.Card == c.Card })
		pl.Bonds[i].Reversed = false
		g.emit(f.Seat, "unflip", g.C(c.Card).Name(), "", "a bond face up")
		f.N--
		if f.N == 0 {
			g.pop()
		}
	case FramePut:
		if c.Done {
			g.pop()
			g.putDone(f)
			return
		}
		pt, owner := g.putOf(f)
		g.move(pt, owner, c.Card, c.Area, g.below())
		f.N--
		if f.N == 0 || len(g.cardChoices(f)) == 0 {
			g.pop()
			g.putDone(f)
		}
	}
}

// dropped is called for a decision taken off the stack because nothing
// is left to choose: a put still shuffles and sends the rest on.
func (g *Game) dropped(f *Frame) {
	if f.Kind == FramePut {
		g.putDone(f)
	}
}

// take removes card c from zone z of player p.
func (g *Game) take(z table.Zone, p, c int, of *table.CardFilter) bool {
	pl := g.P[p]
	cut := func(s *[]int) bool {
		i := slices.Index(*s, c)
		if i < 0 {
			return false
		}
		*s = slices.Delete(*s, i, i+1)
		return true
	}
	switch z {
	case table.InHand:
		return cut(&pl.Hand)
	case table.InDeck, table.Revealed, table.DeckTop:
		return cut(&pl.Deck)
	case table.InRetreat:
		return cut(&pl.Retreat)
	case table.InBoundless:
		return cut(&pl.Bound)
	case table.InSupport:
		return cut(&pl.Support)
	case table.InBonds:
		i := g.bondOf(p, c, of)
		if i < 0 {
			return false
		}
		pl.Bonds = slices.Delete(pl.Bonds, i, i+1)
		return true
	}
	return false
}

// bondOf is the index of a bond of card c of player p whose face f asks
// for (face up or down), or -1.
func (g *Game) bondOf(p, c int, f *table.CardFilter) int {
	return slices.IndexFunc(g.P[p].Bonds, func(b Bond) bool {
		return b.Card == c && (f == nil || !(f.FaceUp && b.Reversed || f.FaceDown && !b.Reversed))
	})
}

// banishable are the cards of player p's retreat area a cost like f may
// send to the Boundless Area.
func (g *Game) banishable(p int, f *table.CardFilter) []int {
	var out []int
	for _, c := range g.P[p].Retreat {
		if g.matchCard(f, c, p) {
			out = append(out, c)
		}
	}
	return out
}

// growable are the cards of player p's retreat area a Growth cost like f
// may stack under unit u.
func (g *Game) growable(p int, u *Unit, f *table.CardFilter) []int {
	var out []int
	for _, c := range g.P[p].Retreat {
		if g.matchCard(f, c, p) {
			out = append(out, c)
		}
	}
	return out
}

// stackUnder puts card c (taken from its zone) at the bottom of player p's
// unit u: it Growths ("treated as if they are Leveled Up"); last says the
// Growth is complete, and sets off its auto skills.
func (g *Game) stackUnder(p int, u *Unit, c int, last bool) {
	u.Stack = append([]int{c}, u.Stack...)
	u.Grown = true
	g.played(p, c)
	g.emit(p, "growth", g.C(u.Card()).Name(), g.C(c).Name(), fmt.Sprintf("stacked under it; %d cards in its stack", len(u.Stack)))
	if last {
		g.event(table.OnGrowth, u)
	}
}

// growthUnit is the unit a put to Under of skill frame sk stacks cards
// under: the effect's target, one of player p's units.
func (g *Game) growthUnit(sk *Frame, p int) *Unit {
	if sk == nil {
		return nil
	}
	for _, u := range g.targets(sk, g.effectOf(sk)) {
		if g.Owner(u) == p {
			return u
		}
	}
	return nil
}

// move puts card c from pt.From to pt.To, both player p's; a card
// deployed goes to area a. sk is the skill frame.
func (g *Game) move(pt *table.Put, p, c int, a Area, sk *Frame) {
	var under *Unit
	if pt.To == table.Under || pt.To == table.OnTop {
		if under = g.growthUnit(sk, p); under == nil {
			return // no unit to stack under: the card stays
		}
	}
	if pt.Self && !g.takeSelf(p, c, pt.From) || !pt.Self && !g.take(pt.From, p, c, pt.Of) {
		return
	}
	if sk != nil && sk.Kind == FrameSkill && slices.ContainsFunc(g.C(sk.Card).Skills[sk.Skill].Effects, func(e table.Effect) bool { return e.AcquireSkills == table.AcquireThatCard }) {
		sk.Moved = append(sk.Moved, c) // "that card" of an effect after (the compiler lets it name a card put in view only)
	}
	pl := g.P[p]
	name := g.C(c).Name()
	seen := g.putSeenBy(pt, p, c, true)
	switch pt.To {
	case table.InHand:
		pl.Hand = append(pl.Hand, c)
		g.emitSeen(p, "put", c, "to the hand", seen)
		if pt.From == table.InRetreat {
			g.playerEvent(table.OnRetrieved, p, c)
		}
	case table.DeckTop:
		pl.Deck = append([]int{c}, pl.Deck...)
		g.emitSeen(p, "put", c, "on top of the deck", seen)
	case table.DeckBottom:
		pl.Deck = append(pl.Deck, c)
		g.emitSeen(p, "put", c, "at the bottom of the deck", seen)
	case table.InDeck:
		pl.Deck = append(pl.Deck, c) // shuffled when the put is done
		g.emitSeen(p, "put", c, "into the deck", seen)
	case table.InRetreat:
		pl.Retreat = append(pl.Retreat, c)
		g.emit(p, "put", name, "", "to the retreat area")
		if pt.From == table.InHand {
			g.playerEvent(table.OnDiscarded, p, c)
		}
	case table.InBoundless:
		pl.Bound = append(pl.Bound, c)
		g.emit(p, "put", name, "", "to the Boundless Area")
	case table.InBonds:
		pl.Bonds = append(pl.Bonds, Bond{Card: c, Reversed: pt.FaceDown})
		g.played(p, c)
		g.emit(p, "bond", name, "", fmt.Sprintf("%d bonds", len(pl.Bonds)))
		g.bonded(p, c)
	case table.InOrbs:
		if len(pl.Orbs) >= OrbCount {
			pl.Retreat = append(pl.Retreat, c)
			g.emit(p, "put", name, "", "to the retreat area: five orbs already")
			return
		}
		pl.Orbs = append(pl.Orbs, c)
		pl.Broken = max(0, pl.Broken-1)
		g.emit(p, "orb-added", "", "", fmt.Sprintf("%d orbs", len(pl.Orbs)))
	case table.Under:
		g.stackUnder(p, under, c, true)
	case table.OnTop:
		// "stack this card on top of an allied "X" to Level Up her": a
		// level up by the skill (no cost paid, no class asked).
		under.Stack = append(under.Stack, c)
		g.played(p, c)
		g.emit(p, "level-up", name, "", "stacked on top by a skill")
		g.event(table.OnLevelUp, under)
	case table.OnField:
		u := g.newUnit(c, a)
		u.Tapped = pt.Tapped
		pl.Field = append(pl.Field, u)
		g.played(p, c)
		g.emit(p, "deploy", name, "", "to "+a.String()+" by a skill")
		g.event(table.OnDeploy, u)
		g.triggerAllies(p, u)
	}
}

// sendUnit takes unit u off the field by an effect (not destroyed): its
// card to zone z of its owner (face down in the bond area when down), the
// cards under it to the retreat area. A main character stays.
func (g *Game) sendUnit(u *Unit, z table.Zone, down bool, why string) {
	p := g.Owner(u)
	if p < 0 {
		return
	}
	if u.Main {
		g.emit(p, "stays", g.C(u.Card()).Name(), "", "a main character is not sent off the field by a skill")
		return
	}
	pl := g.P[p]
	top := u.Card()
	pl.Field = slices.DeleteFunc(pl.Field, func(x *Unit) bool { return x == u })
	pl.Retreat = append(pl.Retreat, u.Stack[:len(u.Stack)-1]...)
	name := g.C(top).Name()
	switch z {
	case table.InRetreat:
		pl.Retreat = append(pl.Retreat, top)
		g.emit(p, "sent", name, "", "to the retreat area ("+why+")")
	case table.InBoundless:
		pl.Bound = append(pl.Bound, top)
		g.emit(p, "sent", name, "", "to the Boundless Area ("+why+")")
	case table.InHand:
		pl.Hand = append(pl.Hand, top)
		g.emit(p, "sent", name, "", "to the hand ("+why+")")
	case table.DeckTop:
		pl.Deck = append([]int{top}, pl.Deck...)
		g.emit(p, "sent", name, "", "on top of the deck ("+why+")")
	case table.DeckBottom:
		pl.Deck = append(pl.Deck, top)
		g.emit(p, "sent", name, "", "to the bottom of the deck ("+why+")")
	case table.InBonds:
		pl.Bonds = append(pl.Bonds, Bond{Card: top, Reversed: down})
		g.emit(p, "bond", name, "", fmt.Sprintf("%d bonds (%s)", len(pl.Bonds), why))
		g.bonded(p, top)
	default:
		pl.Retreat = append(pl.Retreat, top)
	}
	g.march()
}

// putDone finishes a put, its decision off the stack (the skill frame on
// top): the deck shuffled, and what the cards moved set off put on the
// stack.
func (g *Game) putDone(f *Frame) {
	sk := g.top1()
	pt := g.effectOf(f).Put
	owner := putOwner(pt, sk)
	if pt.Shuffle {
		g.shuffle(g.P[owner].Deck)
		g.emit(owner, "shuffle", "", "", "the deck")
	}
	g.flush()
}

// applyPut starts the put of effect e of skill frame sk: moved at once
// when there is nothing to choose (the top cards of a deck, every card of
// a zone), else by the chooser's decisions.
func (g *Game) applyPut(sk *Frame, e *table.Effect) {
	pt := e.Put
	owner := putOwner(pt, sk)
	d := &Frame{Kind: FramePut, Seat: sk.Seat, N: int(pt.Count), Unit: sk.Unit, Card: sk.Card, Skill: sk.Skill, Start: sk.Start, Effect: sk.Effect}
	if pt.FoeChooses {
		d.Seat = Opp(sk.Seat)
	}
	switch {
	case pt.Self:
		// "Deploy this card", "Add this card to your hand": the skill's own
		// card, if it is still there (and, deployed, the player chooses
		// the area unless the text names one).
		c := sk.Card
		if sk.From == pt.From && g.selfIn(owner, c, pt.From) {
			if !g.selfPutOK(owner, c, pt) {
				g.emit(owner, "stays", g.C(c).Name(), "", "a unit of its unit name is on the field")
				break
			}
			if pt.To == table.OnField && pt.Area == table.AnyArea {
				d.N = 1
				g.push(d)
				return
			}
			a := Vanguard
			if pt.Area == table.BackLine {
				a = Rearguard
			}
			g.move(pt, owner, c, a, sk)
		}
	case pt.From == table.DeckTop:
		for range max(1, int(pt.Count)) {
			c, ok := g.peek(owner)
			if !ok {
				break
			}
			g.move(pt, owner, c, Vanguard, sk)
		}
	case pt.Count == 0 && pt.To != table.DeckTop && pt.To != table.DeckBottom:
		for _, c := range slices.Clone(g.zoneCards(pt.From, owner, sk)) {
			if g.cardFits(pt.Of, c, owner, sk) {
				g.move(pt, owner, c, Vanguard, sk)
			}
		}
	default:
		if d.N == 0 {
			d.N = len(g.zoneCards(pt.From, owner, sk))
		}
		g.push(d)
		return
	}
	// Nothing to decide: finish as the decision would have.
	g.push(d)
	g.pop()
	g.putDone(d)
}

// putSeenBy are the seats that see which card c of player p a put like
// pt moves, nil for every seat. A card moved from or to a zone in view
// (the retreat and Boundless Areas, the bonds, the field, a unit's
// stack), a card the action revealed ("reveal the top card": Game.shown,
// read when shown is true) and a skill's own card (a hand skill's is revealed to use it) are
// public. Otherwise, between the hand, the deck and the orbs, the card is
// seen by its owner when it comes from the hand or is chosen from the
// deck, or is taken from the top of the deck into the hand (as a draw);
// by no one when the top card goes, unseen, to another place in the deck
// ("put the top card of your deck on the bottom" says no "reveal").
func (g *Game) putSeenBy(pt *table.Put, p, c int, shown bool) []int {
	public := func(z table.Zone) bool {
		switch z {
		case table.InRetreat, table.InBoundless, table.InBonds, table.Revealed, table.Under, table.OnTop, table.OnField:
			return true
		}
		return false
	}
	switch {
	case pt.Self || public(pt.From) || public(pt.To) || shown && slices.Contains(g.shown, c):
		return nil
	case pt.From == table.DeckTop && pt.To != table.InHand:
		return []int{}
	}
	return []int{p}
}

// peek is the top card of player p's deck, the retreat area shuffled in
// first when the deck is empty ("there is no deck out").
func (g *Game) peek(p int) (int, bool) {
	c, ok := g.top(p)
	if ok {
		g.P[p].Deck = append([]int{c}, g.P[p].Deck...)
	}
	return c, ok
}

// reveal shows the top n cards of player p's deck for the effects after
// (they stay on top).
func (g *Game) reveal(sk *Frame, p, n int) {
	if _, ok := g.peek(p); !ok {
		return
	}
	deck := g.P[p].Deck
	sk.Revealed = slices.Clone(deck[:min(n, len(deck))])
	sk.RevealSeat = p
	var names []string
	for _, c := range sk.Revealed {
		names = append(names, g.C(c).Name())
	}
	g.shown = append(g.shown, sk.Revealed...) // "reveal": both players see them
	g.emit(p, "reveal", strings.Join(names, "; "), "", fmt.Sprintf("the top %d of the deck", len(sk.Revealed)))
	card := -1
	if len(sk.Revealed) == 1 {
		card = sk.Revealed[0] // "reveals a card with ...": that card
	}
	g.playerEvent(table.OnRevealed, p, card)
}

// cardFits reports whether card c (of player p) is like filter f for the
// skill of frame sk: "with the same Unit Name as that ally" reads the
// units the skill chose, "as this unit" its own.
func (g *Game) cardFits(f *table.CardFilter, c, p int, sk *Frame) bool {
	if !g.matchCard(f, c, p) {
		return false
	}
	if f == nil || f.NameOf == table.NameOfNone {
		return true
	}
	var of []int // the cards whose unit names it asks for
	if f.NameOf == table.NameOfThis {
		if u := g.source(sk); u != nil {
			of = append(of, u.Card())
		}
	} else if sk != nil {
		for _, uid := range sk.Chosen {
			if u, _ := g.unit(uid); u != nil {
				of = append(of, u.Card())
			}
		}
	}
	return slices.ContainsFunc(of, func(o int) bool { return g.sharesName(o, c) })
}

// orbSeat is whose orbs an orb decision destroys: the chooser's, or for
// an effect on the opponent's orbs, the opponent's.
func (g *Game) orbSeat(f *Frame) int {
	if !f.Pay && g.effectOf(f).OrbsFoe {
		return Opp(f.Seat)
	}
	return f.Seat
}

// intercept makes the unit of skill frame f the unit attacked, in place
// of its ally ("this unit is attacked instead of that ally").
func (g *Game) intercept(f *Frame) {
	b := g.battle()
	u := g.source(f)
	if b == nil || u == nil || g.Owner(u) != Opp(b.Seat) || u.UID == b.Defender {
		return
	}
	old, _ := g.unit(b.Defender)
	b.Defender = u.UID
	if old != nil {
		g.emit(g.Owner(u), "intercept", g.C(u.Card()).Name(), g.C(old.Card()).Name(), "attacked instead")
	}
}
