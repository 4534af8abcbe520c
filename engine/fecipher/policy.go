package fecipher

import (
	"slices"

	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
)

// ActionKind is what an Action does.
type ActionKind uint8

// Kinds of actions a player chooses among.
const (
	ActBond ActionKind = iota
	ActDeploy
	ActStack
	ActMove
	ActSkill
	ActAttack
)

// Action is one legal choice of the active player.
type Action struct {
	Kind          ActionKind
	Hand          int
	Area          Area
	Unit, Target  *Unit
	Skill, Effect int
}

// Policy makes a player's choices.
type Policy interface {
	// Redraw says whether to shuffle the opening hand back and draw six anew.
	Redraw(g *Game, p int) bool
	// Choose picks one of acts, or -1 to end the phase.
	Choose(g *Game, p int, acts []Action) int
	// Critical says whether to discard a same-name card to double attack.
	Critical(g *Game, p int, a, t *Unit, atk, def int) bool
	// Evade says whether to discard a same-name card to nullify the attack.
	Evade(g *Game, p int, t, a *Unit, atk, def int) bool
	// Discard picks the hand index to send to the retreat area.
	Discard(g *Game, p int) int
}

// Legal lists the active player's choices in the current phase.
func (g *Game) Legal() []Action {
	p := g.Active
	pl := g.P[p]
	var out []Action
	switch g.Phase {
	case BondPhase:
		if !pl.Bonded {
			for i := range pl.Hand {
				out = append(out, Action{Kind: ActBond, Hand: i})
			}
		}
	case Deployment:
		for i, c := range pl.Hand {
			card := g.C(c)
			if u := g.OnField(p, card.Unit); u != nil {
				if cost, _, err := g.stackCost(c, u); err == nil && g.CanPay(p, c, int(cost)) == nil {
					out = append(out, Action{Kind: ActStack, Hand: i, Unit: u})
				}
				continue
			}
			if card.Cost >= 0 && g.CanPay(p, c, int(card.Cost)) == nil {
				out = append(out, Action{Kind: ActDeploy, Hand: i, Area: Vanguard}, Action{Kind: ActDeploy, Hand: i, Area: Rearguard})
			}
		}
		for _, u := range pl.Field {
			if !u.Tapped {
				out = append(out, Action{Kind: ActMove, Unit: u})
			}
		}
	case ActionPhase:
		for _, u := range pl.Field {
			for si, s := range g.skills(u) {
				for ei, e := range s.Effects {
					// A free effect could repeat forever; the vocabulary's always cost something.
					paid := e.Reverse > 0 || e.Tap
					if e.When == table.Activate && paid && g.faceUp(p) >= int(e.Reverse) && (!e.Tap || !u.Tapped) {
						out = append(out, Action{Kind: ActSkill, Unit: u, Skill: si, Effect: ei})
					}
				}
			}
		}
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
	}
	return out
}

// Do performs a legal action.
func (g *Game) Do(a Action) error {
	p := g.Active
	switch a.Kind {
	case ActBond:
		return g.PlaceBond(p, a.Hand)
	case ActDeploy:
		return g.Deploy(p, a.Hand, a.Area)
	case ActStack:
		return g.Stack(p, a.Hand, a.Unit)
	case ActMove:
		return g.Move(p, a.Unit)
	case ActSkill:
		return g.Activate(p, a.Unit, a.Skill, a.Effect)
	default:
		_, err := g.Attack(p, a.Unit, a.Target)
		return err
	}
}

// Play runs turns until a main character falls with no orbs left or the
// turn limit passes (a draw).
func (g *Game) Play() {
	for !g.Over {
		if g.Turn >= TurnLimit {
			g.Over, g.Reason = true, "turn limit reached"
			break
		}
		g.StartTurn()
		for _, ph := range []Phase{BondPhase, Deployment, ActionPhase} {
			g.Phase = ph
			for steps := 0; !g.Over && steps < 200; steps++ {
				acts := g.Legal()
				if len(acts) == 0 {
					break
				}
				i := g.Pol[g.Active].Choose(g, g.Active, acts)
				if i < 0 || i >= len(acts) {
					break
				}
				if err := g.Do(acts[i]); err != nil {
					break // a policy chose what Legal offered; an error here is an engine bug surfaced by the tests
				}
				if ph == BondPhase {
					break
				}
			}
		}
		if !g.Over {
			g.EndTurn()
		}
	}
}

// Greedy deploys and attacks as much as it can: it bonds its cheapest card,
// class changes and deploys the costliest units it can pay for, and attacks
// with every unit, the main character first.
type Greedy struct{}

// Random picks uniformly among the legal choices, ending a phase as one of them.
type Random struct{}

// Redraw redraws a hand without a cost-1 unit.
func (Greedy) Redraw(g *Game, p int) bool {
	return !slices.ContainsFunc(g.P[p].Hand, func(c int) bool { return g.C(c).Cost == 1 })
}

// Choose scores the choices and takes the best.
func (Greedy) Choose(g *Game, p int, acts []Action) int {
	best, bestScore := -1, 0
	pl := g.P[p]
	for i, a := range acts {
		score := 0
		switch a.Kind {
		case ActBond:
			c := g.C(pl.Hand[a.Hand])
			score = 100 - 10*int(c.Cost)
			if !g.hasSymbol(p, pl.Hand[a.Hand]) {
				score += 50 // unlocks its symbol
			}
			if g.OnField(p, c.Unit) != nil && !c.Promoted {
				score += 20 // a copy of a unit already out
			}
		case ActStack:
			c := g.C(pl.Hand[a.Hand])
			score = 300 + 10*int(c.Cost)
			if c.Promoted {
				score += 100
			}
			if value(c.Attack) <= value(g.C(a.Unit.Card()).Attack) {
				score = 0 // no stronger: keep the card for critical hits and evasion
			}
		case ActDeploy:
			c := g.C(pl.Hand[a.Hand])
			score = 200 + 10*int(c.Cost)
			want := Vanguard
			if !c.CanAttack() || c.MinRange >= 2 {
				want = Rearguard
			}
			if a.Area != want {
				score = 0
			}
		case ActSkill:
			if !a.Unit.Tapped && a.Unit.Bonus == 0 && g.CanAttack(a.Unit) {
				score = 400
			}
		case ActAttack:
			atk := g.Power(p, a.Unit, true, false)
			def := g.Power(Opp(p), a.Target, false, true)
			score = 100 + atk/10
			if atk >= def {
				score += 200
			}
			if a.Target.Main {
				score += 150
			}
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

// Critical doubles when that turns a loss into a win.
func (Greedy) Critical(_ *Game, _ int, _, _ *Unit, atk, def int) bool {
	return atk < def && 2*atk >= def
}

// Evade saves the main character and units of cost 3 or more.
func (Greedy) Evade(g *Game, _ int, t, _ *Unit, atk, def int) bool {
	return def <= atk && (t.Main || g.C(t.Card()).Cost >= 3)
}

// Discard sends the cheapest card.
func (Greedy) Discard(g *Game, p int) int {
	h := g.P[p].Hand
	best := 0
	for i, c := range h {
		if g.C(c).Cost < g.C(h[best]).Cost {
			best = i
		}
	}
	return best
}

// Redraw flips a coin.
func (Random) Redraw(g *Game, _ int) bool { return g.Rng.IntN(2) == 0 }

// Choose picks uniformly among the choices and ending the phase.
func (Random) Choose(g *Game, _ int, acts []Action) int { return g.Rng.IntN(len(acts)+1) - 1 }

// Critical flips a coin.
func (Random) Critical(g *Game, _ int, _, _ *Unit, _, _ int) bool { return g.Rng.IntN(2) == 0 }

// Evade flips a coin.
func (Random) Evade(g *Game, _ int, _, _ *Unit, _, _ int) bool { return g.Rng.IntN(2) == 0 }

// Discard picks any card.
func (Random) Discard(g *Game, p int) int { return g.Rng.IntN(len(g.P[p].Hand)) }
