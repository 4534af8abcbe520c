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
	FrameBattle   FrameKind = iota // an attack, from the support check to the damage
	FrameSkill                     // one effect of a skill resolving
	FrameRedraw                    // setup: keep the hand or redraw six
	FrameFlip                      // choose a face-up bond to flip for a reverse cost
	FrameDiscard                   // choose a card of the hand to send to the retreat area
	FrameCritical                  // the attacker may discard a same-name card to double its attack
	FrameEvade                     // the defender may discard a same-name card to evade
)

var frameNames = [...]string{"battle", "skill", "redraw", "flip", "discard", "critical", "evade"}

func (k FrameKind) String() string { return frameNames[k] }

// Frame is one thing being resolved. Fields are used by some kinds only.
type Frame struct {
	Kind FrameKind
	Seat int // who decides (decision frames) or controls it
	Step int // how far a battle or a skill has resolved
	N    int // flips or discards still to choose

	// Battle.
	Attacker, Defender int // unit uids
	ABonus, DBonus     int // support values and support skills, this battle only
	ASup, DSup         int // the printed support values among them
	Critical, Evaded   bool

	// Skill: the effect Card.Skills[Skill].Effects[Effect] of a unit (Unit
	// uid) or of a support card (Unit 0; Target is the supported unit).
	Unit, Card, Skill, Effect int
	Target                    int
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

// battle returns the innermost battle being resolved, or nil.
func (g *Game) battle() *Frame {
	for i := len(g.Pending) - 1; i >= 0; i-- {
		if g.Pending[i].Kind == FrameBattle {
			return g.Pending[i]
		}
	}
	return nil
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
			if !g.P[g.Active].Bonded && len(g.P[g.Active].Hand) > 0 {
				return
			}
			g.Phase = Deployment
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
	pl := g.P[f.Seat]
	switch f.Kind {
	case FrameFlip:
		return f.N > 0 && g.faceUp(f.Seat) > 0
	case FrameDiscard:
		return f.N > 0 && len(pl.Hand) > 0
	case FrameCritical, FrameEvade:
		b := g.battle()
		if b == nil {
			return false
		}
		uid := b.Attacker
		if f.Kind == FrameEvade {
			uid = b.Defender
		}
		u, _ := g.unit(uid)
		return u != nil && g.sameName(f.Seat, u) >= 0
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

// skillStep resolves an effect of the base vocabulary: its reverse cost
// (the player chooses the bonds), tap, then attack, draw and discard (the
// player chooses the cards).
func (g *Game) skillStep(f *Frame) {
	e := g.C(f.Card).Skills[f.Skill].Effects[f.Effect]
	u, _ := g.unit(f.Unit)
	switch f.Step {
	case 0:
		f.Step = 1
		if e.Reverse > 0 {
			g.push(&Frame{Kind: FrameFlip, Seat: f.Seat, N: int(e.Reverse)})
		}
	case 1:
		f.Step = 2
		if e.Tap && u != nil {
			u.Tapped = true
		}
		if e.Attack != 0 {
			if e.When == table.OnSupport {
				if b := g.battle(); b != nil {
					if f.Seat == g.Active {
						b.ABonus += int(e.Attack)
					} else {
						b.DBonus += int(e.Attack)
					}
				}
			} else if u != nil {
				u.Bonus += e.Attack
			}
		}
		g.drawN(f.Seat, int(e.Draw))
		if e.Discard > 0 {
			g.push(&Frame{Kind: FrameDiscard, Seat: f.Seat, N: int(e.Discard)})
		}
	default:
		g.pop()
	}
}

// Choice is one option of a decision frame.
type Choice struct {
	Card int  // the card to flip, discard, use for a critical hit or evasion; -1 for none
	Yes  bool // redraw
}

// choices lists the options of the decision on top of the stack, one per
// distinct card (two copies of a card are the same choice).
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
	case FrameFlip:
		var up []int
		for _, b := range pl.Bonds {
			if !b.Reversed {
				up = append(up, b.Card)
			}
		}
		distinct(up, func(int) bool { return true })
	case FrameDiscard:
		distinct(pl.Hand, func(int) bool { return true })
	case FrameCritical, FrameEvade:
		b := g.battle()
		uid := b.Attacker
		if f.Kind == FrameEvade {
			uid = b.Defender
		}
		u, _ := g.unit(uid)
		name := g.C(u.Card()).Unit
		distinct(pl.Hand, func(c int) bool { return g.C(c).Unit == name })
		out = append(out, Choice{Card: -1})
	}
	return out
}

// choose takes option c of the decision on top of the stack.
func (g *Game) choose(f *Frame, c Choice) {
	pl := g.P[f.Seat]
	switch f.Kind {
	case FrameRedraw:
		g.pop()
		if c.Yes {
			pl.Deck = append(pl.Deck, pl.Hand...)
			pl.Hand = nil
			g.shuffle(pl.Deck)
			g.drawN(f.Seat, HandSize)
			g.emit(f.Seat, "redraw", "", "", fmt.Sprintf("%d cards", HandSize))
		}
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
		}
	case FrameCritical, FrameEvade:
		g.pop()
		if c.Card < 0 {
			return
		}
		b := g.battle()
		if f.Kind == FrameCritical {
			g.discard(f.Seat, slices.Index(pl.Hand, c.Card), "critical")
			b.Critical = true
		} else {
			g.discard(f.Seat, slices.Index(pl.Hand, c.Card), "evade")
			b.Evaded = true
		}
	}
}
