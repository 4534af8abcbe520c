package fecipher

import (
	"fmt"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
)

// FrameKind is what a frame of the resolution stack is.
type FrameKind uint8

// Frames. Battle and Skill resolve by themselves, step by step; the others
// are decisions a player takes as an action.
const (
	FrameBattle      FrameKind = iota // an attack, from its announcement to its end
	FrameSkill                        // a skill's effects resolving
	FrameRedraw                       // setup: keep the hand or redraw six
	FrameFlip                         // choose a face-up bond to flip for a reverse cost
	FrameDiscard                      // choose a card of the hand to send to the retreat area
	FrameCritical                     // the attacker may discard a same-name card to double its attack
	FrameEvade                        // the defender may discard a same-name card to evade
	FrameMay                          // use an optional effect (and pay its cost) or not
	FrameTarget                       // choose a unit an effect applies to
	FrameTapCost                      // choose an ally to tap for a cost
	FrameRetrieve                     // choose a card of the retreat area to add to the hand
	FrameOrder                        // choose which of the auto skills set off together resolves next
	FramePut                          // choose a card an effect moves (and, deploying it, its area)
	FrameDestroyCost                  // choose an ally to destroy for a cost
	FrameBondCost                     // choose a bond to send to the retreat area for a cost
	FrameOrbCost                      // choose one of your (face-down) orbs to destroy for a cost (or an effect\'s)
	FrameUnflip                       // choose a face-down bond to flip face up
	FrameGrowCost                     // choose a card of the retreat area to stack under this unit for a cost (it Growths)
	FrameOrbFlip                      // choose one of your orbs to flip (a cost: a face-down one, face up)
	FrameOrbBreak                     // your main character was defeated in battle: choose which orb breaks to the hand
	FrameBanishCost                   // choose a card of the retreat area to send to the Boundless Area for a cost
	FrameOrbLook                      // look at up to N of your face-down orbs: one more, or stop
	FrameRevealCost                   // choose a card of the hand to reveal and place on top of the deck for a cost
	FrameSendOrder                    // the owner of units an effect puts on top of their deck: which goes next (the last is the top card)
)

var frameNames = [...]string{"battle", "skill", "redraw", "flip", "discard", "critical", "evade", "may", "target", "tap", "retrieve",
	"order", "put", "destroy", "send-bond", "orb", "unflip", "grow", "orb-flip", "orb-break", "banish", "orb-look", "reveal", "deck-order"}

func (k FrameKind) String() string { return frameNames[k] }

// Frame is one thing being resolved. Fields are used by some kinds only.
type Frame struct {
	Kind FrameKind
	Seat int // who decides (decision frames) or controls it
	Step int // how far a battle or a skill has resolved
	N    int // flips, discards, targets still to choose

	// Battle.
	Attacker, Defender int // unit uids
	ASup, DSup         int // the printed support values added
	ASupCard, DSupCard int // the support cards (-1: none), for conditions
	Critical, Evaded   bool
	Defeated           bool
	Kept               []int // support cards kept in the support area to the end of the combat (a skill's "instead of sending it to the Retreat Area")

	// Skill: the effects of Card.Skills[Skill] from Start, now at Effect,
	// of a unit (Unit uid) or of a support card (Unit 0; Target is the
	// supported unit). Decision frames of a skill copy these to find their
	// filters; Pay says a discard is a cost.
	Unit, Card, Skill int
	Start, Effect     int
	Target            int
	Chosen            []int  // uids chosen by the skill's effects
	Cause             int    // the unit whose deployment triggered it
	BySkill           int    // the event that set it off was a skill's doing: 1 + the seat of that skill (0: not)
	ByUnit            int    // ... of the skill of this unit (uid; 0: a support skill)
	ByName            string // ... of the skill of this name
	// BattleHeld: an auto skill set off by its unit's attack destroying
	// the enemy, whose conditions on the enemy in battle held when it was
	// set off: the enemy has left the field when it resolves.
	BattleHeld bool
	Pay        bool
	// From is the zone of the card whose skill it is (Card, Unit 0): a
	// bond skill's (InBonds) or a hand skill's (InHand); NoZone otherwise.
	From table.Zone
	// Revealed are the cards an effect of the skill revealed, on top of
	// the deck of seat RevealSeat.
	Revealed   []int
	RevealSeat int
	// Moved are the cards the skill's puts moved, in order ("that card"
	// of "acquires all skills possessed by that card").
	Moved []int
}

// decision reports whether the frame waits for a player's action.
func (f *Frame) decision() bool { return f.Kind >= FrameRedraw }

func (g *Game) push(f *Frame) { g.Pending = append(g.Pending, f) }

func (g *Game) pop() { g.Pending = g.Pending[:len(g.Pending)-1] }

func (g *Game) top1() *Frame {
	if len(g.Pending) == 0 {
		return nil
	}
	return g.Pending[len(g.Pending)-1]
}

// below is the frame under the top one (the skill a decision serves).
func (g *Game) below() *Frame {
	if len(g.Pending) < 2 {
		return nil
	}
	return g.Pending[len(g.Pending)-2]
}

// battle returns the innermost battle being resolved, or nil.
func (g *Game) battle() *Frame {
	for i := len(g.Pending) - 1; i >= 0; i-- {
		if g.Pending[i].Kind == FrameBattle {
			return g.Pending[i]
		}
	}
	return nil
}

// effectOf is the effect a skill frame (or a decision copying it) is at.
func (g *Game) effectOf(f *Frame) *table.Effect {
	return &g.C(f.Card).Skills[f.Skill].Effects[f.Effect]
}

// Run resolves everything that needs no decision: frames, and the phases
// that pass by themselves (beginning, end, a bond phase with nothing to
// bond). It stops at the next decision or when the game is over.
func (g *Game) Run() {
	for !g.Over {
		if f := g.top1(); f != nil {
			if f.decision() {
				if g.hasChoice(f) {
					return
				}
				g.pop()
				g.dropped(f)
				continue
			}
			g.step(f)
			continue
		}
		switch g.Phase {
		case Setup:
			g.finishSetup()
		case Beginning:
			if g.Turn >= TurnLimit {
				g.Over, g.Reason = true, "turn limit reached"
				g.emit(-1, "draw", "", "", g.Reason)
				return
			}
			g.StartTurn()
		case BondPhase:
			if !g.P[g.Active].Bonded && slices.ContainsFunc(g.P[g.Active].Hand, func(c int) bool { return !g.noBond(c) }) {
				return
			}
			g.startDeployment()
		case Deployment, ActionPhase:
			return
		case End:
			g.EndTurn()
		}
	}
}

// hasChoice reports whether a decision frame still has something to decide;
// one that has not (nothing left to discard) is dropped.
func (g *Game) hasChoice(f *Frame) bool {
	switch f.Kind {
	case FrameFlip, FrameDiscard, FrameTapCost, FrameRetrieve, FrameTarget, FrameRevealCost:
		return f.N > 0 && len(g.choices(f)) > 0
	case FrameCritical, FrameEvade:
		return g.battle() != nil && len(g.choices(f)) > 1
	case FrameOrder:
		return f.N > 1 && len(g.batch(f)) == f.N
	case FramePut, FrameDestroyCost, FrameBondCost, FrameOrbCost, FrameUnflip, FrameGrowCost, FrameOrbFlip, FrameOrbBreak, FrameBanishCost, FrameOrbLook, FrameSendOrder:
		return f.N > 0 && len(g.choices(f)) > 0
	}
	return true
}

// step advances a frame that resolves by itself.
func (g *Game) step(f *Frame) {
	switch f.Kind {
	case FrameBattle:
		g.battleStep(f)
	case FrameSkill:
		g.skillStep(f)
	}
}

// Choice is one option of a decision frame.
type Choice struct {
	Card int  // a card to flip, discard, retrieve, use for a critical hit or evasion; -1 for none
	Unit int  // a unit to target or tap (uid); 0 for none
	Yes  bool // redraw; use an optional effect
	Done bool // stop choosing targets
	Pick int  // an order decision: the skill (0 is the next); an orb decision: the orb's place
	Area Area // a put decision deploying Card: where
}

// choices lists the options of a decision, one per distinct card (two
// copies of a card are the same choice).
func (g *Game) choices(f *Frame) []Choice {
	pl := g.P[f.Seat]
	var out []Choice
	distinct := func(cards []int, keep func(int) bool) {
		var seen []int
		for _, c := range cards {
			if keep(c) && !slices.Contains(seen, c) {
				seen = append(seen, c)
				out = append(out, Choice{Card: c})
			}
		}
	}
	switch f.Kind {
	case FrameRedraw:
		return []Choice{{Card: -1}, {Card: -1, Yes: true}}
	case FrameMay:
		return []Choice{{Card: -1, Yes: true}, {Card: -1}}
	case FrameFlip:
		var of *table.CardFilter
		if f.Pay {
			of = g.effectOf(f).ReverseOf
		}
		var up []int
		for _, b := range pl.Bonds {
			if !b.Reversed && g.matchBond(of, b, f.Seat) && !g.noFlip(b.Card) {
				up = append(up, b.Card)
			}
		}
		distinct(up, func(int) bool { return true })
	case FrameDiscard:
		var of *table.CardFilter
		if f.Pay {
			of = g.effectOf(f).PayDiscard
		}
		distinct(pl.Hand, func(c int) bool { return g.matchCard(of, c, f.Seat) && g.revealedPays(f, c) })
	case FrameRevealCost:
		of := g.effectOf(f).PayReveal
		if of == nil {
			of = g.effectOf(f).PayShow
		}
		distinct(pl.Hand, func(c int) bool { return g.matchCard(of, c, f.Seat) })
	case FrameRetrieve:
		of := g.effectOf(f).Retrieve
		distinct(pl.Retreat, func(c int) bool { return g.matchCard(of, c, f.Seat) })
	case FrameTarget, FrameTapCost:
		for _, u := range g.candidates(f) {
			out = append(out, Choice{Card: -1, Unit: u.UID})
		}
		if f.Kind == FrameTarget && len(out) > 0 && g.effectOf(f).Target.Any {
			out = append(out, Choice{Card: -1, Done: true})
		}
	case FrameOrder:
		for i := range g.batch(f) {
			out = append(out, Choice{Card: -1, Pick: i})
		}
	case FramePut, FrameDestroyCost, FrameBondCost, FrameOrbCost, FrameUnflip, FrameGrowCost, FrameOrbFlip, FrameOrbBreak, FrameBanishCost, FrameOrbLook, FrameSendOrder:
		out = g.cardChoices(f)
	case FrameCritical, FrameEvade:
		b := g.battle()
		uid := b.Attacker
		if f.Kind == FrameEvade {
			uid = b.Defender
		}
		u, _ := g.unit(uid)
		if u == nil {
			return nil
		}
		distinct(pl.Hand, func(c int) bool { return g.sharesName(c, u.Card()) })
		if f.Kind == FrameCritical {
			for _, c := range g.critBonds(f.Seat) {
				out = append(out, Choice{Card: c, Yes: true}) // a face-up bond flipped instead
			}
		}
		for i := range g.altCosts(f.Seat, u, f.Kind == FrameCritical) {
			out = append(out, Choice{Card: -1, Pick: i + 1}) // a skill's other cost
		}
		out = append(out, Choice{Card: -1})
	}
	return out
}

// candidates are the units a target or tap-cost decision may still take.
func (g *Game) candidates(f *Frame) []*Unit {
	e := g.effectOf(f)
	t := e.Target
	if f.Kind == FrameTapCost {
		t = e.PayTap
	}
	src := g.source(g.below())
	side := f.Seat
	if t.Enemy {
		side = Opp(f.Seat)
	}
	var chosen []int
	if b := g.below(); b != nil {
		chosen = b.Chosen
	}
	var out []*Unit
	for _, u := range g.P[side].Field {
		if slices.Contains(chosen, u.UID) || !g.matchUnit(t.Of, u, src) {
			continue
		}
		if f.Kind == FrameTapCost && (u == src || u.Tapped) {
			continue
		}
		out = append(out, u)
	}
	return out
}

// source is the unit whose skill a frame resolves: the unit, or for a
// support skill the supported unit.
func (g *Game) source(f *Frame) *Unit {
	if f == nil {
		return nil
	}
	uid := f.Unit
	if uid == 0 {
		uid = f.Target
	}
	u, _ := g.unit(uid)
	return u
}

// choose takes option c of the decision on top of the stack.
func (g *Game) choose(f *Frame, c Choice) {
	pl := g.P[f.Seat]
	parent := g.below()
	switch f.Kind {
	case FrameRedraw:
		g.pop()
		if c.Yes {
			pl.Deck = append(pl.Deck, pl.Hand...)
			pl.Hand = nil
			g.shuffle(pl.Deck)
			g.drawN(f.Seat, HandSize)
			g.emitOwn(f.Seat, "redraw", pl.Hand, "", fmt.Sprintf("%d cards", HandSize))
		}
	case FrameMay:
		g.pop()
		if !c.Yes {
			g.emit(f.Seat, "decline", g.C(g.actor(f)).Name(), "", g.C(f.Card).Skills[f.Skill].Name)
			if parent.Effect == parent.Start {
				parent.Step = stepDone
			} else {
				g.skipped(parent)
			}
			return
		}
		parent.Step = stepCost
	case FrameFlip:
		i := slices.IndexFunc(pl.Bonds, func(b Bond) bool { return !b.Reversed && b.Card == c.Card })
		pl.Bonds[i].Reversed = true
		f.N--
		g.emit(f.Seat, "flip", g.C(c.Card).Name(), "", fmt.Sprintf("%d face-up bonds left", g.faceUp(f.Seat)))
		if f.N == 0 {
			g.pop()
		}
	case FrameDiscard:
		g.discard(f.Seat, slices.Index(pl.Hand, c.Card), "discard")
		f.N--
		if f.N == 0 {
			g.pop()
			if !f.Pay {
				g.flush() // a cost's: what it set off waits for the skill's effect
			}
		}
	case FrameRevealCost:
		g.shown = append(g.shown, c.Card) // shown to both players
		if g.effectOf(f).PayReveal == nil {
			g.emit(f.Seat, "reveal", g.C(c.Card).Name(), "", "from the hand (a cost)")
		} else {
			// Shown to both players, then the top card of the deck (not
			// remembered once there, as the engine remembers no deck's order).
			i := slices.Index(pl.Hand, c.Card)
			pl.Hand = slices.Delete(pl.Hand, i, i+1)
			pl.Deck = slices.Insert(pl.Deck, 0, c.Card)
			g.emit(f.Seat, "reveal", g.C(c.Card).Name(), "", "from the hand, placed on top of the deck (a cost)")
		}
		f.N--
		if f.N == 0 {
			g.pop()
		}
	case FrameRetrieve:
		i := slices.Index(pl.Retreat, c.Card)
		pl.Retreat = slices.Delete(pl.Retreat, i, i+1)
		pl.Hand = append(pl.Hand, c.Card)
		g.emit(f.Seat, "retrieve", g.C(c.Card).Name(), "", "from the retreat area to the hand")
		g.playerEvent(table.OnRetrieved, f.Seat, c.Card)
		f.N--
		if f.N == 0 {
			g.pop()
			g.flush()
		}
	case FrameTapCost:
		u, _ := g.unit(c.Unit)
		u.Tapped = true
		g.emit(f.Seat, "tap", g.C(u.Card()).Name(), "", "for a cost")
		g.event(table.OnTapped, u)
		f.N--
		if f.N == 0 {
			g.pop()
		}
	case FrameTarget:
		if c.Done {
			g.pop()
			return
		}
		u, _ := g.unit(c.Unit)
		parent.Chosen = append(parent.Chosen, c.Unit)
		g.emit(f.Seat, "choose", g.C(u.Card()).Name(), "", g.C(f.Card).Skills[f.Skill].Name)
		f.N--
		if f.N == 0 {
			g.pop()
		}
	case FrameCritical, FrameEvade:
		g.pop()
		if c.Card < 0 && c.Pick == 0 {
			return
		}
		b := g.battle()
		a, _ := g.unit(b.Attacker)
		t, _ := g.unit(b.Defender)
		u, why := a, "critical"
		if f.Kind == FrameEvade {
			u, why = t, "evade"
		}
		var pay []*Frame
		switch {
		case c.Card >= 0 && c.Yes && f.Kind == FrameCritical:
			pl.Bonds[g.upBond(f.Seat, c.Card)].Reversed = true
			g.emit(f.Seat, "critical", g.C(c.Card).Name(), "", "a bond flipped face down instead of a card of the unit name")
		case c.Card >= 0:
			g.discard(f.Seat, slices.Index(pl.Hand, c.Card), why)
		default:
			// A skill's other cost: its decisions are paid first.
			alt := g.altCosts(f.Seat, u, f.Kind == FrameCritical)[c.Pick-1]
			s := g.skill(alt.ref)
			g.emit(f.Seat, why, g.C(u.Card()).Name(), "", "paying "+s.Name+"'s cost instead")
			g.payNow(f.Seat, &s.Effects[alt.effect])
			pay = g.costFrames(&s.Effects[alt.effect])
			for _, d := range pay {
				d.Seat, d.Unit, d.Card, d.Skill, d.Start, d.Effect, d.Pay = f.Seat, alt.src.UID, alt.ref.Card, alt.ref.Skill, alt.effect, alt.effect, true
			}
		}
		if f.Kind == FrameCritical {
			b.Critical = true
			g.event(table.OnCritical, a)
		} else {
			b.Evaded = true
			g.event(table.OnEvade, t)
			g.event(table.OnEvaded, a)
		}
		g.flush()
		for i := len(pay) - 1; i >= 0; i-- {
			g.push(pay[i])
		}
	case FrameOrder:
		g.order(f, c.Pick)
	default:
		g.chooseCards(f, c)
	}
}

// Skill steps, per effect.
const (
	stepMay    = iota // an optional effect: ask
	stepCost          // the first effect: pay the skill's costs
	stepCond          // check the effect's conditions
	stepTarget        // choose its targets
	stepApply         // do it
	stepNext          // go to the skill's next effect of the same timing
	stepDone          // the skill is over
)

// skillStep resolves a skill frame one step.
func (g *Game) skillStep(f *Frame) {
	effects := g.C(f.Card).Skills[f.Skill].Effects
	e := &effects[f.Effect]
	switch f.Step {
	case stepMay:
		f.Step = stepCost
		if f.Unit == 0 && f.Effect == f.Start {
			if u := g.source(f); u != nil && g.has(u, table.NoSupportSkills) {
				// "Support skills ... are unable to come into effect"
				g.emit(f.Seat, "support-skill-sealed", g.C(f.Card).Name(), g.C(u.Card()).Name(), g.C(f.Card).Skills[f.Skill].Name)
				f.Step = stepDone
				return
			}
		}
		if f.Effect != f.Start && costly(e) && (!g.affordable(f.Seat, g.source(f), e, f.Unit == 0) || !g.selfAffordable(f, e)) {
			g.skipped(f) // "you may [pay a cost]. If you do, ...": it cannot be paid
			return
		}
		if e.May {
			g.push(&Frame{Kind: FrameMay, Seat: f.Seat, Unit: f.Unit, Card: f.Card, Skill: f.Skill, Start: f.Start, Effect: f.Effect, From: f.From})
		}
	case stepCost:
		f.Step = stepCond
		if f.Effect != f.Start && !costly(e) {
			return
		}
		if !g.affordable(f.Seat, g.source(f), e, f.Unit == 0) || !g.selfAffordable(f, e) {
			f.Step = stepDone // a cost that can no longer be paid: nothing happens
			return
		}
		if u, _ := g.unit(f.Unit); u != nil && e.Tap {
			u.Tapped = true
			g.event(table.OnTapped, u)
		}
		g.paySelf(f, e)
		g.payNow(f.Seat, e)
		pay := g.costFrames(e)
		for i := len(pay) - 1; i >= 0; i-- {
			d := pay[i]
			d.Seat, d.Unit, d.Card, d.Skill, d.Start, d.Effect, d.Pay, d.From = f.Seat, f.Unit, f.Card, f.Skill, f.Start, f.Effect, true, f.From
			g.push(d)
		}
	case stepCond:
		f.Step = stepTarget
		if u, _ := g.unit(f.Unit); u != nil && e.DestroySelf && (f.Effect == f.Start || costly(e)) && f.Unit > 0 {
			g.destroy(u, "for a cost") // the last part of the cost: after the decisions paying the rest
			g.flush()
			f.Step = stepCond // what it set off resolves first; the conditions are checked after
			return
		}
		k := e.If
		if f.BattleHeld && f.Effect == f.Start && k != nil {
			held := *k
			held.Attacking, held.Battling = nil, nil
			k = &held
		}
		if !g.holds(k, g.source(f), f.Seat, g.ctx(), f) {
			g.skipped(f)
		}
	case stepTarget:
		f.Step = stepApply
		if t := e.Target; t != nil && (t.Choose > 0 || t.Any) && !t.That {
			f.Chosen = nil
			n := int(t.Choose)
			if t.Any && n == 0 {
				n = 1 << 10
			}
			g.push(&Frame{Kind: FrameTarget, Seat: f.Seat, N: n, Unit: f.Unit, Card: f.Card, Skill: f.Skill, Start: f.Start, Effect: f.Effect, From: f.From})
		}
	case stepApply:
		f.Step = stepNext
		g.apply(f, e)
	case stepNext:
		if f.Effect+1 < len(effects) && effects[f.Effect+1].When == effects[f.Start].When {
			f.Effect++
			f.Step = stepMay
			return
		}
		f.Step = stepDone
	default:
		if u, _ := g.unit(f.Unit); u != nil && f.Unit > 0 && g.C(f.Card).Skills[f.Skill].Type == table.Action {
			g.event(table.OnUse, u) // "When this unit uses "N"": set off by the skill, once it has resolved
		}
		g.pop()
		g.flush() // what the skill set off and has not yet put on the stack (its costs')
	}
}

// skipped moves a skill frame past an effect that did not happen (its
// conditions did not hold, it was declined or its cost could not be paid)
// and the effects after it that happen only "if you do".
func (g *Game) skipped(f *Frame) {
	effects := g.C(f.Card).Skills[f.Skill].Effects
	for f.Effect+1 < len(effects) && effects[f.Effect+1].When == effects[f.Start].When && effects[f.Effect+1].IfDone {
		f.Effect++
	}
	f.Step = stepNext
}

// targets are the units an effect applies to now.
func (g *Game) targets(f *Frame, e *table.Effect) []*Unit {
	src := g.source(f)
	t := e.Target
	if t == nil {
		if src == nil {
			return nil
		}
		return []*Unit{src}
	}
	var out []*Unit
	switch {
	case t.That || t.Choose > 0 || t.Any:
		if t.Self && src != nil {
			out = append(out, src) // "this unit and that ally"
		}
		for _, uid := range f.Chosen {
			if u, _ := g.unit(uid); u != nil && !(t.Self && u == src) {
				out = append(out, u)
			}
		}
	case t.Foe:
		if c := g.ctx(); c != nil && src != nil {
			foe := c.D
			if c.D == src {
				foe = c.A
			}
			if foe != nil && g.matchUnit(t.Of, foe, src) {
				out = append(out, foe)
			}
		}
	default:
		for p := range g.P {
			for _, u := range g.P[p].Field {
				if g.affects(t, src, f.Seat, u) {
					out = append(out, u)
				}
			}
		}
	}
	return out
}

// apply does what an effect does.
func (g *Game) apply(f *Frame, e *table.Effect) {
	p := f.Seat
	name := g.C(f.Card).Skills[f.Skill].Name
	per := 1
	if e.PerRevealed != nil {
		per = 0 // "for each "Scathach" among the revealed cards"
		for _, c := range f.Revealed {
			if g.matchCard(e.PerRevealed, c, f.RevealSeat) {
				per++
			}
		}
	}
	if lasting(e) && per > 0 {
		m := modOf(e)
		// "per <T> ally", "per card stacked under this unit": counted as
		// it resolves.
		if src := g.source(f); e.Per != nil {
			m.Attack *= int16(g.countUnits(p, src, e.Per))
		}
		m.Attack *= int16(per)
		if src := g.source(f); e.PerStack && src != nil {
			m.Attack *= int16(len(src.Stack) - 1)
		} else if e.PerStack {
			m.Attack = 0
		}
		switch {
		case e.Until == table.EndOfBattle || e.Until == table.Instant && e.When == table.OnSupport:
			m.Battle = true
		case e.Until == table.OpponentEnd && g.Active == p:
			m.Ends = g.Turn + 1
		case e.Until == table.OpponentEnd:
			m.Ends = g.Turn + 2
		default:
			m.Ends = g.Turn
		}
		if m.Battle && g.battle() == nil {
			m.Battle, m.Ends = false, g.Turn
		}
		if e.Grant > 0 {
			m.Grant = acquiredKey(f.Card, int(e.Grant)-1) // the skill is written on the card whose effect gives it
		}
		if e.AcquireSkills == table.AcquireThatCard {
			// "acquires all skills possessed by that card": the card the
			// skill's put moved last (none moved: nothing acquired).
			if len(f.Moved) > 0 {
				m.GrantCard = f.Moved[len(f.Moved)-1] + 1
			}
		}
		for _, u := range g.targets(f, e) {
			u.Mods = append(u.Mods, m)
			g.emit(p, "effect", g.C(u.Card()).Name(), "", name)
		}
	}
	ordered := false // "in any order they wish": their owner decides, one at a time
	if us := g.targets(f, e); e.SendOrdered && len(us) > 1 {
		g.push(&Frame{Kind: FrameSendOrder, Seat: g.Owner(us[0]), N: len(us), Unit: f.Unit, Card: f.Card, Skill: f.Skill, Start: f.Start, Effect: f.Effect})
		ordered = true
	}
	for _, u := range g.targets(f, e) {
		switch {
		case e.Move:
			g.moveUnit(u, p)
		case e.Untap:
			if u.Tapped && !g.has(u, table.NoUntap) {
				u.Tapped = false
				g.emit(g.Owner(u), "untap", g.C(u.Card()).Name(), "", name)
				g.event(table.OnUntapped, u)
			}
		case e.TapIt:
			wasUp := !u.Tapped
			u.Tapped = true
			g.emit(g.Owner(u), "tap", g.C(u.Card()).Name(), "", name)
			if wasUp {
				g.event(table.OnTapped, u)
			}
		case e.Destroy && g.Owner(u) != p && g.has(u, table.EnemySkillProof):
			g.emit(g.Owner(u), "survives", g.C(u.Card()).Name(), "", "it cannot be destroyed by enemy skills")
		case e.Destroy:
			g.destroy(u, name)
		case e.Send != table.NoZone && !ordered:
			g.sendUnit(u, e.Send, e.SendFaceDown, name)
		case e.TakeMain:
			g.takeMain(u, name)
		}
	}
	g.flush()
	if e.Reveal > 0 {
		seat := p
		if e.RevealFoe {
			seat = Opp(p)
		}
		g.reveal(f, seat, int(e.Reveal))
	}
	if e.Intercept {
		g.intercept(f)
	}
	for _, n := range e.Lock {
		if pl := g.P[p]; !slices.Contains(pl.Locked, n) {
			pl.Locked = append(slices.Clip(pl.Locked), n)
			g.emit(p, "lock", n, "", "not usable until the end of the turn ("+name+")")
		}
	}
	if e.FlipAll {
		for i, b := range g.P[p].Bonds {
			g.P[p].Bonds[i].Reversed = b.Reversed || !g.noFlip(b.Card)
		}
		g.emit(p, "flip", "", "", "every bond face down ("+name+")")
	}
	if n := int(e.DrawTo) - len(g.P[p].Hand); e.DrawTo > 0 && n > 0 {
		from := len(g.P[p].Hand)
		g.drawN(p, n)
		g.emitOwn(p, "draw", g.P[p].Hand[from:], "", fmt.Sprintf("%d cards, to %d in hand (%s)", len(g.P[p].Hand)-from, e.DrawTo, name))
		g.flush()
	}
	if e.Draw > 0 {
		from := len(g.P[p].Hand)
		g.drawN(p, int(e.Draw))
		g.emitOwn(p, "draw", g.P[p].Hand[from:], "", fmt.Sprintf("%d cards (%s)", e.Draw, name))
		g.flush()
	}
	if e.FoeDraw > 0 {
		op := Opp(p)
		from := len(g.P[op].Hand)
		g.drawN(op, int(e.FoeDraw))
		g.emitOwn(op, "draw", g.P[op].Hand[from:], "", fmt.Sprintf("%d cards (%s)", e.FoeDraw, name))
		g.flush()
	}
	// Choices of cards: pushed last first, so they resolve in order.
	var fs []*Frame
	if e.Discard > 0 {
		fs = append(fs, &Frame{Kind: FrameDiscard, Seat: p, N: int(e.Discard)})
	}
	if e.FoeDiscard > 0 {
		fs = append(fs, &Frame{Kind: FrameDiscard, Seat: Opp(p), N: int(e.FoeDiscard)})
	}
	if e.Retrieve != nil {
		fs = append(fs, &Frame{Kind: FrameRetrieve, Seat: p, N: int(e.Retrieve.Count)})
	}
	if e.DestroyOrbs > 0 {
		fs = append(fs, &Frame{Kind: FrameOrbCost, Seat: p, N: int(e.DestroyOrbs)})
	}
	if e.SendOrbs > 0 {
		fs = append(fs, &Frame{Kind: FrameOrbCost, Seat: p, N: int(e.SendOrbs)})
	}
	if e.FlipBonds > 0 {
		fs = append(fs, &Frame{Kind: FrameFlip, Seat: p, N: int(e.FlipBonds)})
	}
	if e.UnflipBonds > 0 {
		fs = append(fs, &Frame{Kind: FrameUnflip, Seat: p, N: int(e.UnflipBonds)})
	}
	if e.FlipOrbs > 0 {
		fs = append(fs, &Frame{Kind: FrameOrbFlip, Seat: p, N: int(e.FlipOrbs)})
	}
	if e.FlipOrbsUp > 0 {
		fs = append(fs, &Frame{Kind: FrameOrbFlip, Seat: p, N: int(e.FlipOrbsUp)})
	}
	switch pl := g.P[p]; {
	case e.LookAll:
		g.lookOrbs(p, len(pl.Orbs))
	case e.LookOrbs > 0 && !e.LookUpTo:
		g.lookOrbs(p, int(e.LookOrbs)) // face-down orbs not looked at are alike: no choice among them
	case e.LookOrbs > 0:
		fs = append(fs, &Frame{Kind: FrameOrbLook, Seat: p, N: int(e.LookOrbs)})
	}
	for i := len(fs) - 1; i >= 0; i-- {
		d := fs[i]
		d.Unit, d.Card, d.Skill, d.Start, d.Effect, d.From = f.Unit, f.Card, f.Skill, f.Start, f.Effect, f.From
		g.push(d)
	}
	if e.Keep {
		if b := g.battle(); b != nil && f.Unit == 0 && slices.Contains(g.P[p].Support, f.Card) && !slices.Contains(b.Kept, f.Card) {
			b.Kept = append(b.Kept, f.Card)
			g.emit(p, "kept", g.C(f.Card).Name(), "", "in the support area to the end of the combat")
		}
	}
	if e.Put != nil {
		g.applyPut(f, e)
	}
}

// takeMain makes unit u its owner's main character ("Transfer Main
// Character status ... to this unit"); the old one stays on the field as
// an ally.
func (g *Game) takeMain(u *Unit, why string) {
	p := g.Owner(u)
	if p < 0 || u.Main {
		return
	}
	if old := g.P[p].Main(); old != nil {
		old.Main = false
		g.emit(p, "main", g.C(u.Card()).Name(), g.C(old.Card()).Name(), "main character status transferred ("+why+")")
	}
	u.Main = true
}

// moveUnit moves a unit to the other area by an effect (it does not tap).
// by is the seat whose skill moves it.
func (g *Game) moveUnit(u *Unit, by int) {
	if g.has(u, table.NoMove|table.NoSkillMove) {
		g.emit(g.Owner(u), "stays", g.C(u.Card()).Name(), "", "it cannot be moved by skills")
		return
	}
	if by != g.Owner(u) && g.has(u, table.NoEnemySkillMove) {
		g.emit(g.Owner(u), "stays", g.C(u.Card()).Name(), "", "it cannot be moved by enemy skills")
		return
	}
	u.Area = 1 - u.Area
	p := g.Owner(u)
	g.emit(p, "move", g.C(u.Card()).Name(), "", "to "+u.Area.String())
	g.march()
	g.event(table.OnMoved, u)
}

// destroy removes a unit by an effect (not by battle): an ally goes to the
// retreat area; "the main character will never be sent to the retreat
// area", and an effect that "simply says destroyed" breaks no orb.
func (g *Game) destroy(u *Unit, why string) {
	p := g.Owner(u)
	if u.Main {
		g.emit(p, "survives", g.C(u.Card()).Name(), "", "a main character is not destroyed by a skill")
		return
	}
	if g.has(u, table.SkillProof) {
		g.emit(p, "survives", g.C(u.Card()).Name(), "", "it cannot be destroyed by skills")
		return
	}
	pl := g.P[p]
	g.emit(p, "destroyed", g.C(u.Card()).Name(), "", why)
	g.event(table.OnDestroyed, u)
	pl.Field = slices.DeleteFunc(pl.Field, func(x *Unit) bool { return x == u })
	pl.Retreat = append(pl.Retreat, u.Stack...)
	g.march()
}

// affordable reports whether player p can pay an effect's costs now, for
// unit u (nil for a support card).
func (g *Game) affordable(p int, u *Unit, e *table.Effect, support bool) bool {
	pl := g.P[p]
	if e.Tap && (u == nil || u.Tapped) {
		return false
	}
	if e.Reverse > 0 {
		n := 0
		for _, b := range pl.Bonds {
			if !b.Reversed && g.matchBond(e.ReverseOf, b, p) && !g.noFlip(b.Card) {
				n++
			}
		}
		if n < int(e.Reverse) {
			return false
		}
	}
	if e.PayDiscard != nil {
		n := 0
		for _, c := range pl.Hand {
			if g.matchCard(e.PayDiscard, c, p) {
				n++
			}
		}
		if n < int(e.PayDiscard.Count) {
			return false
		}
	}
	if e.PayTap != nil {
		n := 0
		for _, a := range pl.Field {
			if a != u && !a.Tapped && g.matchUnit(e.PayTap.Of, a, u) {
				n++
			}
		}
		if n < int(e.PayTap.Choose) {
			return false
		}
	}
	if e.DestroySelf && (u == nil || u.Main || g.has(u, table.SkillProof)) {
		return false // a main character is never destroyed by a skill: it cannot pay
	}
	if e.PayDestroy != nil && len(g.destroyable(p, u, e.PayDestroy)) < int(e.PayDestroy.Choose) {
		return false
	}
	if e.PayBonds != nil && g.countBonds(p, e.PayBonds) < int(e.PayBonds.Count) {
		return false
	}
	if e.PayOrbs > 0 && len(pl.Orbs) < int(e.PayOrbs) {
		return false
	}
	if e.PayGrowth != nil && (u == nil || len(g.growable(p, u, e.PayGrowth)) < int(e.PayGrowth.Count)) {
		return false
	}
	for _, of := range []*table.CardFilter{e.PayReveal, e.PayShow} {
		n := 0
		for _, c := range pl.Hand {
			if of != nil && g.matchCard(of, c, p) {
				n++
			}
		}
		if of != nil && n < int(of.Count) {
			return false
		}
	}
	if e.PayMill > 0 && len(pl.Deck)+len(pl.Retreat) < int(e.PayMill) {
		return false // the retreat area is shuffled in when the deck runs out
	}
	if e.PayOrbsUp > 0 && len(pl.Orbs)-pl.OrbsUp < int(e.PayOrbsUp) {
		return false
	}
	if e.PayBanish != nil && len(g.banishable(p, e.PayBanish)) < int(e.PayBanish.Count) {
		return false
	}
	return true
}

// costly reports whether an effect has a cost to pay.
func costly(e *table.Effect) bool {
	return e.Reverse > 0 || e.Tap || e.PayDiscard != nil || e.PayTap != nil || e.DestroySelf || e.PayDestroy != nil ||
		e.PayBonds != nil || e.PayOrbs > 0 || e.PayGrowth != nil || e.PayOrbsUp > 0 || e.PayMill > 0 || e.PayReveal != nil || e.PayShow != nil || e.PayHand ||
		e.FlipSelf || e.SendSelf != table.NoZone || e.PayBanish != nil
}

// special reports whether card c has a special skill with a permission.
func (g *Game) special(c int, has func(e *table.Effect) bool) bool {
	for _, s := range g.C(c).Skills {
		for i := range s.Effects {
			if s.Effects[i].When == table.SpecialRule && has(&s.Effects[i]) {
				return true
			}
		}
	}
	return false
}

func (g *Game) noBond(c int) bool {
	return g.special(c, func(e *table.Effect) bool { return e.NoBond })
}

func (g *Game) sameNameOK(c int) bool {
	return g.special(c, func(e *table.Effect) bool { return e.SameName })
}

// costFrames are the decisions paying effect e's costs, the first on top
// once pushed in reverse: bonds flipped, allies tapped, cards discarded,
// allies destroyed, bonds sent, orbs destroyed, cards stacked, orbs
// flipped.
func (g *Game) costFrames(e *table.Effect) []*Frame {
	var pay []*Frame
	if e.Reverse > 0 {
		pay = append(pay, &Frame{Kind: FrameFlip, N: int(e.Reverse)})
	}
	if e.PayTap != nil {
		pay = append(pay, &Frame{Kind: FrameTapCost, N: int(e.PayTap.Choose)})
	}
	if e.PayDiscard != nil {
		pay = append(pay, &Frame{Kind: FrameDiscard, N: int(e.PayDiscard.Count)})
	}
	if e.PayReveal != nil {
		pay = append(pay, &Frame{Kind: FrameRevealCost, N: int(e.PayReveal.Count)})
	}
	if e.PayShow != nil {
		pay = append(pay, &Frame{Kind: FrameRevealCost, N: int(e.PayShow.Count)})
	}
	if e.PayDestroy != nil {
		pay = append(pay, &Frame{Kind: FrameDestroyCost, N: int(e.PayDestroy.Choose)})
	}
	if e.PayBonds != nil {
		pay = append(pay, &Frame{Kind: FrameBondCost, N: int(e.PayBonds.Count)})
	}
	if e.PayOrbs > 0 {
		pay = append(pay, &Frame{Kind: FrameOrbCost, N: int(e.PayOrbs)})
	}
	if e.PayGrowth != nil {
		pay = append(pay, &Frame{Kind: FrameGrowCost, N: int(e.PayGrowth.Count)})
	}
	if e.PayOrbsUp > 0 {
		pay = append(pay, &Frame{Kind: FrameOrbFlip, N: int(e.PayOrbsUp)})
	}
	if e.PayBanish != nil {
		pay = append(pay, &Frame{Kind: FrameBanishCost, N: int(e.PayBanish.Count)})
	}
	return pay
}

// payNow pays the costs of effect e that player p pays with no decision:
// every card of the hand to the retreat area (none: nothing to send), the
// top cards of the deck to the Boundless Area.
func (g *Game) payNow(p int, e *table.Effect) {
	if e.PayHand {
		for pl := g.P[p]; len(pl.Hand) > 0; {
			g.discard(p, len(pl.Hand)-1, "discard")
		}
	}
	for range e.PayMill {
		if c, ok := g.top(p); ok {
			g.P[p].Bound = append(g.P[p].Bound, c)
			g.emit(p, "sent", g.C(c).Name(), "", "the top card of the deck to the Boundless Area (a cost)")
		}
	}
}
