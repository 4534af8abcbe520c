package fecipher

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
	"github.com/roundtable-dev/roundtable/engine/play"
)

// ActionKind is what an Action does.
type ActionKind uint8

// Kinds of actions.
const (
	ActBond          ActionKind = iota // bond phase: a card of the hand to the bond area
	ActNoBond                          // bond phase: place no bond
	ActDeploy                          // deployment: a card of the hand to an area
	ActStack                           // deployment: level up or class change a unit
	ActMove                            // deployment: move a unit to the other area
	ActEndDeployment                   // deployment: go to the action phase
	ActSkill                           // action phase: use an action skill
	ActAttack                          // action phase: attack
	ActEndTurn                         // action phase: end the turn
	ActChoice                          // a decision of the frame on top of the stack
	ActCardSkill                       // action phase: use a bond skill (of a face-up bond) or a hand skill (revealing the card)
)

// Action is one legal choice of the player to move.
type Action struct {
	Kind          ActionKind
	Hand          int // index in the hand (bond, deploy, stack)
	Area          Area
	Unit, Target  *Unit
	Skill, Effect int
	Choice        Choice
	// A bond or hand skill's card (ActCardSkill) and its zone.
	Card int
	From table.Zone
}

// Actions lists the legal actions of the player to move.
func (g *Game) Actions() []Action { return g.AppendActions(nil) }

// AppendActions appends Actions to out (a simulation lists the actions of
// every state: it reuses one list's memory).
func (g *Game) AppendActions(out []Action) []Action {
	if g.Over {
		return out
	}
	if f := g.top1(); f != nil {
		if !f.decision() {
			return out
		}
		for _, c := range g.choices(f) {
			out = append(out, Action{Kind: ActChoice, Choice: c})
		}
		return out
	}
	p := g.Active
	pl := g.P[p]
	// firsts are the hand indexes of the first copy of each card.
	var buf [16]int
	firsts := buf[:0]
	for i, c := range pl.Hand {
		if !slices.Contains(pl.Hand[:i], c) {
			firsts = append(firsts, i)
		}
	}
	switch g.Phase {
	case BondPhase:
		for _, i := range firsts {
			if !g.noBond(pl.Hand[i]) {
				out = append(out, Action{Kind: ActBond, Hand: i})
			}
		}
		out = append(out, Action{Kind: ActNoBond})
	case Deployment:
		for _, i := range firsts {
			c := pl.Hand[i]
			card := g.C(c)
			for _, u := range pl.Field {
				// levelling up an ally of another unit name (a special skill)
				if !g.sharesName(u.Card(), c) {
					if cost, _, err := g.stackCost(c, u); err == nil && g.CanPay(p, c, int(cost)) == nil {
						out = append(out, Action{Kind: ActStack, Hand: i, Unit: u})
					}
				}
			}
			if g.onFieldAs(p, c) != nil {
				for _, u := range pl.Field {
					if !g.sharesName(u.Card(), c) {
						continue
					}
					if cost, _, err := g.stackCost(c, u); err == nil && g.CanPay(p, c, int(cost)) == nil {
						out = append(out, Action{Kind: ActStack, Hand: i, Unit: u})
					}
				}
				if !g.sameNameOK(c) {
					continue
				}
			}
			if card.Cost >= 0 {
				for _, a := range []Area{Vanguard, Rearguard} {
					if g.canDeploy(p, c, int(g.handCost(p, c, "")), a) == nil {
						out = append(out, Action{Kind: ActDeploy, Hand: i, Area: a})
					}
				}
			}
		}
		for _, u := range pl.Field {
			if !u.Tapped && !g.has(u, table.NoMove) {
				out = append(out, Action{Kind: ActMove, Unit: u})
			}
		}
		out = append(out, Action{Kind: ActEndDeployment})
	case ActionPhase:
		for _, u := range pl.Field {
			for r := range g.skills(u) {
				s := g.skill(r)
				if s.Type != table.Action || !g.skillActive(u, r) {
					continue
				}
				for ei := range s.Effects {
					if ei > 0 && s.Effects[ei-1].When == table.Activate {
						continue // one action per skill: its first effect of the timing
					}
					if g.usable(p, u, r.Key, ei) == nil {
						out = append(out, Action{Kind: ActSkill, Unit: u, Skill: r.Key, Effect: ei})
					}
				}
			}
		}
		out = g.cardActions(p, out)
		if g.Turn > 1 {
			for _, u := range pl.Field {
				if u.Tapped || !g.CanAttack(u) {
					continue
				}
				for _, t := range g.P[Opp(p)].Field {
					if g.InRange(u, t) {
						out = append(out, Action{Kind: ActAttack, Unit: u, Target: t})
					}
				}
			}
		}
		out = append(out, Action{Kind: ActEndTurn})
	}
	return out
}

// Do performs a legal action and resolves up to the next decision.
func (g *Game) Do(a Action) error {
	p := g.Active
	g.shown = g.shown[:0]
	var err error
	switch a.Kind {
	case ActChoice:
		f := g.top1()
		if f == nil || !f.decision() {
			return fmt.Errorf("no decision is pending")
		}
		g.fired = 0
		g.choose(f, a.Choice)
	case ActBond:
		err = g.PlaceBond(p, a.Hand)
	case ActNoBond:
		if err = g.may(p, BondPhase); err == nil {
			g.startDeployment()
		}
	case ActDeploy:
		err = g.Deploy(p, a.Hand, a.Area)
	case ActStack:
		err = g.Stack(p, a.Hand, a.Unit)
	case ActMove:
		err = g.Move(p, a.Unit)
	case ActEndDeployment:
		if err = g.may(p, Deployment); err == nil {
			g.startAction()
		}
	case ActSkill:
		err = g.Activate(p, a.Unit, a.Skill, a.Effect)
	case ActCardSkill:
		err = g.UseCard(p, a.From, a.Card, a.Skill, a.Effect)
	case ActAttack:
		err = g.Attack(p, a.Unit, a.Target)
	case ActEndTurn:
		if err = g.may(p, ActionPhase); err == nil {
			g.Phase = End
		}
	}
	if err != nil {
		return err
	}
	g.Run()
	return nil
}

// unitRef is how actions name a unit: its top card's id, and ":2", ":3"
// when several units of one side show the same card.
func (g *Game) unitRef(u *Unit) string {
	p := g.Owner(u)
	id := g.C(u.Card()).ID
	if p < 0 {
		return id
	}
	k := 1
	for _, x := range g.P[p].Field {
		if x == u {
			break
		}
		if x.Card() == u.Card() {
			k++
		}
	}
	if k > 1 {
		return fmt.Sprintf("%s:%d", id, k)
	}
	return id
}

// Slug is a skill name as an action word: lower case, words joined by "-".
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	if b.Len() == 0 {
		return "skill"
	}
	return b.String()
}

// Text is the stable text of an action.
func (g *Game) Text(a Action) string {
	pl := g.P[g.Active]
	switch a.Kind {
	case ActBond:
		return "bond " + g.C(pl.Hand[a.Hand]).ID
	case ActNoBond:
		return "no bond"
	case ActDeploy:
		return "deploy " + g.C(pl.Hand[a.Hand]).ID + " " + a.Area.String()
	case ActStack:
		verb := "level up"
		if g.C(pl.Hand[a.Hand]).Promoted {
			verb = "class change"
		}
		return verb + " " + g.unitRef(a.Unit) + " to " + g.C(pl.Hand[a.Hand]).ID
	case ActMove:
		return "move " + g.unitRef(a.Unit)
	case ActEndDeployment:
		return "end deployment"
	case ActSkill:
		r, _ := g.skillByKey(a.Unit, a.Skill)
		t := "use " + g.unitRef(a.Unit) + " " + Slug(g.skill(r).Name)
		if n := g.sameSlug(a.Unit, a.Skill); n > 0 {
			t += fmt.Sprintf(" %d", n)
		}
		return t
	case ActCardSkill:
		return g.cardSkillText(a)
	case ActAttack:
		return "attack " + g.unitRef(a.Target) + " with " + g.unitRef(a.Unit)
	case ActEndTurn:
		return "end turn"
	}
	f := g.top1()
	c := a.Choice
	switch f.Kind {
	case FrameRedraw:
		if c.Yes {
			return "redraw"
		}
		return "keep hand"
	case FrameFlip:
		return "flip " + g.C(c.Card).ID
	case FrameDiscard:
		return "discard " + g.C(c.Card).ID
	case FrameRevealCost:
		return "reveal " + g.C(c.Card).ID
	case FrameCritical:
		if c.Pick > 0 {
			return "critical by " + g.altSlug(f, c.Pick)
		}
		if c.Card < 0 {
			return "no critical"
		}
		if c.Yes {
			return "critical flip " + g.C(c.Card).ID
		}
		return "critical " + g.C(c.Card).ID
	case FrameEvade:
		if c.Pick > 0 {
			return "evade by " + g.altSlug(f, c.Pick)
		}
		if c.Card < 0 {
			return "no evasion"
		}
		return "evade " + g.C(c.Card).ID
	case FrameMay:
		slug := Slug(g.C(f.Card).Skills[f.Skill].Name)
		if c.Yes {
			return "use " + slug
		}
		return "skip " + slug
	case FrameTarget:
		if c.Done {
			return "done"
		}
		u, _ := g.unit(c.Unit)
		return "choose " + g.unitRef(u)
	case FrameTapCost:
		u, _ := g.unit(c.Unit)
		return "tap " + g.unitRef(u)
	case FrameRetrieve:
		return "retrieve " + g.C(c.Card).ID
	case FrameOrder:
		return g.orderText(f, c.Pick)
	default:
		return g.cardText(f, c)
	}
}

// sameSlug is 1 + the place among the unit's skills (skills) of the skill
// of key key when another of them has the same action word, else 0.
func (g *Game) sameSlug(u *Unit, key int) int {
	r, _ := g.skillByKey(u, key)
	slug, at, same := Slug(g.skill(r).Name), 0, false
	i := 0
	for o := range g.skills(u) {
		if o.Key == key {
			at = i + 1
		} else if Slug(g.skill(o).Name) == slug {
			same = true
		}
		i++
	}
	if !same {
		return 0
	}
	return at
}

// Match is a game played through the game contract (engine/play).
type Match struct {
	G    *Game
	acts []Action
	ok   bool
}

// NewMatch wraps a game whose state is resolved up to a decision.
func NewMatch(g *Game) *Match {
	g.Run()
	return &Match{G: g}
}

func (m *Match) legal() []Action {
	if !m.ok {
		m.acts, m.ok = m.G.AppendActions(m.acts[:0]), true
	}
	return m.acts
}

// Acts are the legal actions, structured (for policies), valid until the
// next Apply.
func (m *Match) Acts() []Action { return m.legal() }

// Seats implements play.Match.
func (m *Match) Seats() []play.Seat {
	return []play.Seat{{Index: 0, Name: m.G.P[0].Name}, {Index: 1, Name: m.G.P[1].Name}}
}

// ToMove implements play.Match.
func (m *Match) ToMove() int {
	g := m.G
	if g.Over {
		return -1
	}
	if f := g.top1(); f != nil {
		return f.Seat
	}
	return g.Active
}

// Legal implements play.Match.
func (m *Match) Legal() int { return len(m.legal()) }

// Action implements play.Match.
func (m *Match) Action(i int) string { return m.G.Text(m.legal()[i]) }

// Apply implements play.Match.
func (m *Match) Apply(i int) error {
	acts := m.legal()
	if i < 0 || i >= len(acts) {
		return fmt.Errorf("no legal action %d (%d legal)", i, len(acts))
	}
	m.ok = false
	return m.G.Do(acts[i])
}

// Over implements play.Match.
func (m *Match) Over() bool { return m.G.Over }

// Result implements play.Match: the winner, and the orbs each side has left.
func (m *Match) Result() play.Result {
	g := m.G
	r := play.Draw(g.Reason)
	if g.Winner >= 0 {
		r = play.Win(g.Reason, g.Winner)
	}
	r.Scores = []int{len(g.P[0].Orbs), len(g.P[1].Orbs)}
	return r
}

// Turn implements play.Match.
func (m *Match) Turn() int { return m.G.Turn }

// Events implements play.Match.
func (m *Match) Events() []play.Event {
	e := m.G.events
	m.G.events = nil
	return e
}

// Clone implements play.Match.
func (m *Match) Clone() play.Match { return &Match{G: m.G.Clone()} }

// Determinize implements play.Determinizer (information-set search): a
// copy of the match as seat may believe it to be. Hidden from seat are
// the other player's hand, both decks' order and both players' orbs (face
// down: "place the top five cards of their deck into their orb area"), and
// the random source (it reshuffles decks). So the other player's hand,
// deck and orbs are dealt anew from their cards, the hand and orbs
// keeping their sizes; seat's own deck and orbs likewise; and the random
// source is drawn from rng. What seat sees stays: its hand, both fields,
// bonds, retreat areas, supports and the decision pending, and the
// cards a pending skill revealed on top of a deck ("reveal the top card
// of your deck": both players saw them there; they stay on top). A card
// once seen and hidden again (an orb taken into the other hand, a card
// put back into a deck) is not remembered.
func (m *Match) Determinize(seat int, rng *rand.Rand) play.Match {
	c := m.G.Clone()
	for i, p := range c.P {
		down := p.Orbs[p.OrbsUp:] // face-up orbs are in view
		deck := p.Deck[c.revealedTop(i):]
		if i == seat {
			down = p.Orbs[p.OrbsUp+p.OrbsSeen:] // and so are, to their owner, those it looked at
			redeal(rng, &deck, &down)
		} else {
			redeal(rng, &deck, &p.Hand, &down)
		}
	}
	*c.pcg = *rand.NewPCG(rng.Uint64(), rng.Uint64())
	return &Match{G: c}
}

// revealedTop is how many cards on top of player p's deck a pending
// skill revealed (and both players saw there).
func (g *Game) revealedTop(p int) int {
	var known []int
	for _, f := range g.Pending {
		if f.RevealSeat == p {
			known = append(known, f.Revealed...)
		}
	}
	n := 0
	for _, c := range g.P[p].Deck {
		k := slices.Index(known, c)
		if k < 0 {
			break
		}
		known = slices.Delete(known, k, k+1)
		n++
	}
	return n
}

// redeal shuffles the cards of zones together and deals them back, each
// zone keeping its size.
func redeal(rng *rand.Rand, zones ...*[]int) {
	var pool []int
	for _, z := range zones {
		pool = append(pool, *z...)
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for _, z := range zones {
		n := copy(*z, pool)
		pool = pool[n:]
	}
}

// Participants implements play.Participants for roundtable sim: per seat,
// the cards that entered play for it (Player.Played): its main character,
// every card deployed, levelled up or class changed onto, and every card
// placed as a bond. A card drawn, discarded or held is not counted (it did
// nothing); nor is a support card (turned from the deck at random, not
// chosen) or an orb. A bond counts because it is a use of the card: it
// pays for the others (docs/sim.md, "fe-cipher").
func (m *Match) Participants() [][]string {
	out := make([][]string, len(m.G.P))
	for i, p := range m.G.P {
		out[i] = m.G.ids(p.Played)
	}
	return out
}

// Clone is an independent copy of the game.
func (g *Game) Clone() *Game {
	c := *g
	c.events = nil
	c.shown = slices.Clone(g.shown)
	pcg := *g.pcg
	c.pcg = &pcg
	c.Rng = rand.New(c.pcg)
	for i, p := range g.P {
		q := *p
		q.Deck = slices.Clone(p.Deck)
		q.Hand = slices.Clone(p.Hand)
		q.Retreat = slices.Clone(p.Retreat)
		q.Bound = slices.Clone(p.Bound)
		q.Orbs = slices.Clone(p.Orbs)
		q.Support = slices.Clone(p.Support)
		q.Bonds = slices.Clone(p.Bonds)
		q.Field = make([]*Unit, len(p.Field))
		for k, u := range p.Field {
			v := *u
			v.Stack = slices.Clone(u.Stack)
			v.Mods = slices.Clone(u.Mods)
			v.Used = slices.Clone(u.Used)
			q.Field[k] = &v
		}
		c.P[i] = &q
	}
	c.Pending = make([]*Frame, len(g.Pending))
	for i, f := range g.Pending {
		x := *f
		x.Chosen = slices.Clone(f.Chosen)
		x.Revealed = slices.Clone(f.Revealed)
		x.Kept = slices.Clone(f.Kept)
		x.Moved = slices.Clone(f.Moved)
		c.Pending[i] = &x
	}
	if g.Last != nil {
		l := *g.Last
		c.Last = &l
	}
	return &c
}

// altSlug names the skill whose cost choice pick (1 and up) of a
// critical-hit or evasion decision f pays.
func (g *Game) altSlug(f *Frame, pick int) string {
	b := g.battle()
	uid := b.Attacker
	if f.Kind == FrameEvade {
		uid = b.Defender
	}
	u, _ := g.unit(uid)
	alt := g.altCosts(f.Seat, u, f.Kind == FrameCritical)[pick-1]
	return Slug(g.skill(alt.ref).Name)
}
