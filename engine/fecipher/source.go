package fecipher

import (
	"errors"
	"fmt"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
)

// Skills whose source is a card, not a unit: bond skills, used (|ACT|) or
// set off (|AUTO|, "When this card is placed in your Bond Area") while
// their card is face up in the bond area ("|BOND| can only be used while
// this card is face-up in your Bond Area"), and hand skills, used in the
// action phase by revealing their card from the hand ("|HAND| is used by
// revealing this card from your hand"). Their frames have no unit (Unit
// 0) and From, the card's zone: "this unit" means nothing to them, and
// "this card" is Card in that zone: a cost flips it (FlipSelf) or sends it
// away (SendSelf), an effect deploys it or adds it to the hand (Put.Self).

// ErrNotThere: the card of a bond or hand skill is not where it is used from.
var ErrNotThere = errors.New("the card is not face up in the bond area (a bond skill) or in the hand (a hand skill)")

// cardSkillType is the skill type used from zone z.
func cardSkillType(z table.Zone) (table.SkillType, bool) {
	switch z {
	case table.InBonds:
		return table.Bond, true
	case table.InHand:
		return table.Hand, true
	}
	return 0, false
}

// upBond is the index of a face-up bond of card c of player p, or -1.
func (g *Game) upBond(p, c int) int {
	return slices.IndexFunc(g.P[p].Bonds, func(b Bond) bool { return b.Card == c && !b.Reversed })
}

// selfAt reports whether card c of player p is in zone z as its skill
// needs it: face up in the bond area, or in the hand.
func (g *Game) selfAt(p, c int, z table.Zone) bool {
	switch z {
	case table.InBonds:
		return g.upBond(p, c) >= 0
	case table.InHand:
		return slices.Contains(g.P[p].Hand, c)
	}
	return false
}

// selfIn reports whether card c of player p is still in zone z (a bond
// of it, face up or down), for an effect moving it.
func (g *Game) selfIn(p, c int, z table.Zone) bool {
	if z == table.InBonds {
		return slices.ContainsFunc(g.P[p].Bonds, func(b Bond) bool { return b.Card == c })
	}
	return g.selfAt(p, c, z)
}

// selfAffordable reports whether the costs of effect e on the card of a
// bond or hand skill frame f can be paid: it is still where it was used
// from (face up, to be flipped face down). Other frames have none.
func (g *Game) selfAffordable(f *Frame, e *table.Effect) bool {
	if f.From == table.InHand && e.PayDiscard != nil && e.SendSelf == table.NoZone {
		// "[Send 1 <Brown> card from your hand ...]" of a hand skill: not
		// the card revealed for it (see revealedPays).
		n := 0
		for _, c := range g.P[f.Seat].Hand {
			if g.matchCard(e.PayDiscard, c, f.Seat) {
				n++
			}
		}
		if g.matchCard(e.PayDiscard, f.Card, f.Seat) {
			n--
		}
		if n < int(e.PayDiscard.Count) {
			return false
		}
	}
	if !e.FlipSelf && e.SendSelf == table.NoZone {
		return true
	}
	return f.From != table.NoZone && g.selfAt(f.Seat, f.Card, f.From)
}

// revealedPays reports whether card c may be sent from the hand for the
// discard cost of decision f: not the card a hand skill reveals (still in
// the hand) unless another copy of it is there. Reading: the rules do not
// say; the card being used pays only by "Send this card".
func (g *Game) revealedPays(f *Frame, c int) bool {
	if !f.Pay || f.From != table.InHand || c != f.Card || g.effectOf(f).SendSelf != table.NoZone {
		return true
	}
	n := 0
	for _, h := range g.P[f.Seat].Hand {
		if h == c {
			n++
		}
	}
	return n > 1
}

// paySelf pays the costs of effect e on the card of frame f: "Flip this
// card face-down", "Send this card to the Retreat Area", "Place this card
// at the top of your Deck".
func (g *Game) paySelf(f *Frame, e *table.Effect) {
	if f.From == table.NoZone {
		return
	}
	p, c := f.Seat, f.Card
	pl := g.P[p]
	name := g.C(c).Name()
	if e.FlipSelf {
		if i := g.upBond(p, c); i >= 0 {
			pl.Bonds[i].Reversed = true
			g.emit(p, "flip", name, "", fmt.Sprintf("this card, for a cost; %d face-up bonds left", g.faceUp(p)))
		}
	}
	if e.SendSelf == table.NoZone || !g.takeSelf(p, c, f.From) {
		return
	}
	switch e.SendSelf {
	case table.InBoundless:
		pl.Bound = append(pl.Bound, c)
		g.emit(p, "sent", name, "", "this card to the Boundless Area, for a cost")
	case table.DeckTop:
		pl.Deck = append([]int{c}, pl.Deck...)
		g.emit(p, "sent", name, "", "this card on top of the deck, for a cost")
	default:
		pl.Retreat = append(pl.Retreat, c)
		g.emit(p, "sent", name, "", "this card to the retreat area, for a cost")
	}
}

// takeSelf removes card c of player p from zone z (of the bond area, a
// face-up bond of it first).
func (g *Game) takeSelf(p, c int, z table.Zone) bool {
	pl := g.P[p]
	switch z {
	case table.InBonds:
		i := g.upBond(p, c)
		if i < 0 {
			i = slices.IndexFunc(pl.Bonds, func(b Bond) bool { return b.Card == c })
		}
		if i < 0 {
			return false
		}
		pl.Bonds = slices.Delete(pl.Bonds, i, i+1)
		return true
	case table.InHand:
		i := slices.Index(pl.Hand, c)
		if i < 0 {
			return false
		}
		pl.Hand = slices.Delete(pl.Hand, i, i+1)
		return true
	}
	return false
}

// selfPut is the effect of a skill of card c that moves the card itself
// away (deploys it, adds it to the hand), from start on, or nil.
func (g *Game) selfPut(c, skill, start int) *table.Effect {
	es := g.C(c).Skills[skill].Effects
	for i := start; i < len(es) && es[i].When == es[start].When; i++ {
		if es[i].Put != nil && es[i].Put.Self {
			return &es[i]
		}
	}
	return nil
}

// selfPutOK reports whether player p's card c can go where put pt takes
// it now: a unit deployed needs no unit of its unit name on the field.
func (g *Game) selfPutOK(p, c int, pt *table.Put) bool {
	return pt.To != table.OnField || g.OnField(p, g.C(c).Unit) == nil || g.sameNameOK(c)
}

// cardUsable reports why the bond or hand skill skill of card c (its
// effect effect, of timing activate) cannot be used now by player p from
// zone z, or nil.
func (g *Game) cardUsable(p int, z table.Zone, c, skill, effect int) error {
	want, ok := cardSkillType(z)
	if !ok || c < 0 || c >= len(g.RS.Cards) {
		return fmt.Errorf("no such card skill")
	}
	ss := g.C(c).Skills
	if skill < 0 || skill >= len(ss) || effect < 0 || effect >= len(ss[skill].Effects) {
		return fmt.Errorf("no such skill")
	}
	s := ss[skill]
	e := &s.Effects[effect]
	if s.Type != want || e.When != table.Activate {
		return fmt.Errorf("%s is not a %s skill used in the action phase", s.Name, table.SkillTypeNames[want])
	}
	if !g.selfAt(p, c, z) {
		return ErrNotThere
	}
	// As for a unit's action skill (usable), a free skill could repeat
	// forever: it must cost something, or move its own card away (and be
	// able to).
	pt := g.selfPut(c, skill, effect)
	if !costly(e) && !e.OncePerTurn && pt == nil {
		return fmt.Errorf("%s costs nothing and its card stays", s.Name)
	}
	if pt != nil && !g.selfPutOK(p, c, pt.Put) {
		return ErrSameName // "Deploy this card" with a unit of its unit name on the field: it would not happen
	}
	if e.OncePerTurn && e.SendSelf == table.NoZone {
		return fmt.Errorf("%s: once per turn of a card that stays is not kept", s.Name)
	}
	if !g.affordable(p, nil, e, false) || !g.selfAffordable(&Frame{Seat: p, Card: c, From: z}, e) {
		return ErrReverse
	}
	if !g.holds(e.If, nil, p, nil, nil) {
		return ErrCondition
	}
	return nil
}

// UseCard uses the bond or hand skill skill of player p's card c from
// zone z (InBonds, InHand): a hand skill reveals the card (the event
// names it: it is public from then on); its costs are paid (the player
// chooses what is chosen), then it resolves.
func (g *Game) UseCard(p int, z table.Zone, c, skill, effect int) error {
	if err := g.may(p, ActionPhase); err != nil {
		return err
	}
	if err := g.cardUsable(p, z, c, skill, effect); err != nil {
		return err
	}
	s := g.C(c).Skills[skill]
	detail := s.Name + "; from the bond area"
	if z == table.InHand {
		detail = s.Name + "; revealed from the hand"
	}
	g.emit(p, "skill", g.C(c).Name(), "", detail)
	g.fired = 0
	g.push(&Frame{Kind: FrameSkill, Seat: p, Card: c, Skill: skill, Start: effect, Effect: effect, Step: stepCost, From: z})
	g.Run()
	return nil
}

// cardActions appends the bond and hand skills player p can use now: one
// per distinct card of each zone and skill.
func (g *Game) cardActions(p int, out []Action) []Action {
	pl := g.P[p]
	var bonds []int
	for _, b := range pl.Bonds {
		if !b.Reversed && !slices.Contains(bonds, b.Card) {
			bonds = append(bonds, b.Card)
		}
	}
	var hand []int
	for _, c := range pl.Hand {
		if !slices.Contains(hand, c) {
			hand = append(hand, c)
		}
	}
	for _, zc := range []struct {
		z     table.Zone
		cards []int
	}{{table.InBonds, bonds}, {table.InHand, hand}} {
		want, _ := cardSkillType(zc.z)
		for _, c := range zc.cards {
			for si, s := range g.C(c).Skills {
				if s.Type != want {
					continue
				}
				for ei := range s.Effects {
					if ei > 0 && s.Effects[ei-1].When == table.Activate {
						continue // one action per skill: its first effect of the timing
					}
					if s.Effects[ei].When == table.Activate && g.cardUsable(p, zc.z, c, si, ei) == nil {
						out = append(out, Action{Kind: ActCardSkill, From: zc.z, Card: c, Skill: si, Effect: ei})
					}
				}
			}
		}
	}
	return out
}

// cardSkillText is the text of a bond or hand skill's action: "use bond
// b08-086 inherited-talent", "use hand b18-001 will-of-the-goddess".
func (g *Game) cardSkillText(a Action) string {
	zone := "bond"
	if a.From == table.InHand {
		zone = "hand"
	}
	card := g.C(a.Card)
	t := "use " + zone + " " + card.ID + " " + Slug(card.Skills[a.Skill].Name)
	for j, s := range card.Skills {
		if j != a.Skill && Slug(s.Name) == Slug(card.Skills[a.Skill].Name) {
			return t + fmt.Sprintf(" %d", a.Skill+1)
		}
	}
	return t
}

// noFlip reports whether card c, face up in a bond area, cannot be
// flipped face down by a skill's cost or effect (its bond skill says so).
func (g *Game) noFlip(c int) bool {
	for _, s := range g.C(c).Skills {
		if s.Type == table.Bond && slices.ContainsFunc(s.Effects, func(e table.Effect) bool { return e.When == table.Always && e.NoFlip }) {
			return true
		}
	}
	return false
}

// matchBond is matchCard for bond b of player p: a face-up bond whose
// bond skill says "This card acquires the same Unit Name of your Main
// Character" has that unit name too.
func (g *Game) matchBond(f *table.CardFilter, b Bond, p int) bool {
	var also []string
	if m := g.P[p].Main(); m != nil && !b.Reversed && g.bondAlways(b.Card, func(e *table.Effect) bool { return e.MainName }) {
		also = []string{g.C(m.Card()).Unit}
	}
	return g.matchCardNamed(f, b.Card, p, also)
}

// bondAlways reports whether card c has a bond skill of timing always
// (|CONT|) with an effect like has.
func (g *Game) bondAlways(c int, has func(*table.Effect) bool) bool {
	for _, s := range g.C(c).Skills {
		if s.Type != table.Bond {
			continue
		}
		for i := range s.Effects {
			if s.Effects[i].When == table.Always && has(&s.Effects[i]) {
				return true
			}
		}
	}
	return false
}

// critBonds are player p's face-up bonds (one per distinct card) whose
// bond skill lets an ally's critical hit be paid by flipping them face
// down ("you may flip this card face-down instead of sending 1 card with
// the same Unit Name as that ally to the Retreat Area").
func (g *Game) critBonds(p int) []int {
	var out []int
	for _, b := range g.P[p].Bonds {
		if b.Reversed || slices.Contains(out, b.Card) || g.noFlip(b.Card) {
			continue
		}
		for _, s := range g.C(b.Card).Skills {
			if s.Type == table.Bond && slices.ContainsFunc(s.Effects, func(e table.Effect) bool { return e.When == table.Always && e.CritFlip }) {
				out = append(out, b.Card)
				break
			}
		}
	}
	return out
}

// placed sets off the bond skills of card c, just placed in player p's
// bond area, whose timing is its placing ("When this card is placed in
// your Bond Area"): only when it lies face up (a bond skill is active
// only so).
func (g *Game) placed(p, c int) {
	bs := g.P[p].Bonds
	if len(bs) == 0 || bs[len(bs)-1].Card != c || bs[len(bs)-1].Reversed {
		return
	}
	for si, s := range g.C(c).Skills {
		if s.Type != table.Bond && s.Type != table.Auto {
			continue // a bond skill's, or a unit card's auto skill "When this card is placed in your Bond Area"
		}
		k := slices.IndexFunc(s.Effects, func(e table.Effect) bool { return e.When == table.OnPlaced })
		if k < 0 {
			continue
		}
		e := &s.Effects[k]
		f := &Frame{Kind: FrameSkill, Seat: p, Card: c, Skill: si, Start: k, Effect: k, From: table.InBonds}
		g.causedBy(f)
		if !g.holds(e.If, nil, p, g.ctx(), f) || !g.affordable(p, nil, e, false) || !g.selfAffordable(f, e) {
			continue
		}
		if g.fired >= maxTriggers {
			g.emit(p, "loop-guard", g.C(c).Name(), "", s.Name+": too many skills set off by one action")
			continue
		}
		g.fired++
		g.emit(p, "skill", g.C(c).Name(), "", s.Name+"; placed in the bond area")
		g.queue = append(g.queue, f)
	}
}
