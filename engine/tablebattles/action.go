package tablebattles

import (
	"fmt"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
)

// Move is a choice of the action phase.
type Move struct {
	F      int // index into Game.F
	Action int // index into the formation's actions; Retire for retiring
	Null   bool
}

// Retire is the Move.Action of retiring.
const Retire = -1

// Reaction is a choice of the defender during an attack.
type Reaction struct {
	F      int // index into Game.F
	Action int
}

// ActionMoves lists the legal actions of the active player.
func (g *Game) ActionMoves() []Move {
	var out []Move
	for i, f := range g.F {
		if f.Side != g.Active || !f.active() || !f.ready() {
			continue
		}
		for ai := range f.Def.Actions {
			a := &f.Def.Actions[ai]
			if a.Type.Reaction() || g.forbidden(f, bit(a.Type)) {
				continue
			}
			if !f.meets(a) {
				if !f.Def.Special {
					out = append(out, Move{F: i, Action: ai, Null: true})
				}
				continue
			}
			switch a.Type {
			case table.Attack:
				if g.target(a) == nil {
					continue
				}
			case table.Bombard:
				// cannot remove the opponent's last morale cube
				if g.S[1-g.Active].Morale <= 1 {
					continue
				}
			case table.Command:
				if g.commandTarget(a) == nil {
					continue
				}
			}
			out = append(out, Move{F: i, Action: ai})
		}
		if f.Def.Retire && len(f.Dice) > 0 && !g.forbidden(f, table.RetireBit) {
			out = append(out, Move{F: i, Action: Retire})
		}
	}
	return out
}

// spend removes the dice (or one cube) of f for an action and returns how
// many dice were removed.
func (g *Game) spend(f *Formation) int {
	if f.Def.Special {
		f.Units-- // the cube returns to the box
		return 1
	}
	n := len(f.Dice)
	g.S[f.Side].Pool += n
	f.Dice = nil
	return n
}

// act performs a move of the active player. An attack that the defender
// can react to waits for his reaction (PhaseReaction); everything else is
// resolved at once.
func (g *Game) act(m Move) {
	f := g.F[m.F]
	dice := sorted(f.Dice)
	if m.Action == Retire {
		g.returnDice(f)
		if !g.quiet {
			g.emit(f.Side, "retire", fmt.Sprintf("%s retires", g.name(f)), &Data{Formation: f.Def.ID, Dice: dice})
		}
		g.remove(f, "retired")
		return
	}
	a := &f.Def.Actions[m.Action]
	if m.Null || !f.meets(a) {
		g.spend(f)
		if !g.quiet {
			g.emit(f.Side, "null", fmt.Sprintf("%s removes %v without meeting %s: no action", g.name(f), dice, a.Requirement), &Data{Formation: f.Def.ID, Dice: dice})
		}
		return
	}
	g.spend(f)
	switch a.Type {
	case table.Bombard:
		enemy := 1 - f.Side
		g.S[enemy].Morale-- // removed from the game, free for special formations
		if !g.quiet {
			g.emit(f.Side, "bombard", fmt.Sprintf("%s bombards: %s morale %d", g.name(f), g.sideID(enemy), g.S[enemy].Morale), &Data{Formation: f.Def.ID, Dice: dice, Morale: g.morale()})
		}
	case table.Command:
		t := g.commandTarget(a)
		t.Reserve = false
		if !g.quiet {
			g.emit(f.Side, "command", fmt.Sprintf("%s commands %s out of reserve", g.name(f), g.name(t)), &Data{Formation: f.Def.ID, Target: t.Def.ID, Dice: dice})
		}
	case table.Attack:
		t := g.target(a)
		if t == nil { // not a legal move: the dice are spent for nothing
			if !g.quiet {
				g.emit(f.Side, "null", fmt.Sprintf("%s has no target left", g.name(f)), &Data{Formation: f.Def.ID, Dice: dice})
			}
			return
		}
		if !g.quiet {
			g.emit(f.Side, "attack", fmt.Sprintf("%s attacks %s with %v", g.name(f), g.name(t), dice), &Data{Formation: f.Def.ID, Target: t.Def.ID, Dice: dice})
		}
		at := &Attack{F: m.F, Action: m.Action, Target: g.byIndex[t.Index], Dice: dice}
		if len(g.Reactions(f, t)) > 0 {
			g.attack = at
			return
		}
		g.resolve(at, nil)
	}
}

// returnDice puts the dice on f's card back in its side's pool.
func (g *Game) returnDice(f *Formation) {
	g.S[f.Side].Pool += len(f.Dice)
	f.Dice = nil
}

// hitsOf is an attack's or counterattack's hits with n dice removed.
func hitsOf(a *table.Action, n int) int {
	if a.PerDie {
		return n
	}
	return int(a.Hits)
}

// Reactions lists the defender's possible reactions to attacker attacking
// target.
func (g *Game) Reactions(attacker, target *Formation) []Reaction {
	var out []Reaction
	for i, r := range g.F {
		if r.Side != target.Side || !r.active() || !r.ready() {
			continue
		}
		for ai := range r.Def.Actions {
			a := &r.Def.Actions[ai]
			if !a.Type.Reaction() || !r.meets(a) || g.forbidden(r, bit(a.Type)) {
				continue
			}
			ok := false
			switch a.Type {
			case table.Screen:
				ok = a.Any || listed(a, attacker.Index)
			case table.Counterattack:
				// a special formation cannot be attacked, so not counterattacked
				ok = r == target && !attacker.Def.Special && (a.Any || g.first(a) == attacker)
			case table.Absorb:
				ok = r != target && g.first(a) == target
			}
			if ok {
				out = append(out, Reaction{F: i, Action: ai})
			}
		}
	}
	return out
}

// first is the first listed target of a counterattack or absorb still in
// play: as with attacks, a later target becomes available only once those
// before it are removed (only Screen ignores the order).
func (g *Game) first(a *table.Action) *Formation {
	for _, t := range a.Targets {
		if f := g.Formation(t); f != nil && !f.Gone {
			return f
		}
	}
	return nil
}

func listed(a *table.Action, i int16) bool {
	for _, t := range a.Targets {
		if t == i {
			return true
		}
	}
	return false
}

// resolve ends an attack: the defender's reaction r (nil for none), then
// the hits, applied at once.
func (g *Game) resolve(at *Attack, r *Reaction) {
	f, t := g.F[at.F], g.F[at.Target]
	a := &f.Def.Actions[at.Action]
	hits := map[*Formation]int{}
	victim := t
	if r != nil {
		rf := g.F[r.F]
		ra := &rf.Def.Actions[r.Action]
		rdice := sorted(rf.Dice)
		rn := g.spend(rf)
		g.S[rf.Side].Skip = true
		switch ra.Type {
		case table.Screen:
			if !g.quiet {
				g.emit(rf.Side, "screen", fmt.Sprintf("%s screens the attack: no losses", g.name(rf)), &Data{Formation: rf.Def.ID, Target: f.Def.ID, Dice: rdice})
			}
			return
		case table.Counterattack:
			hits[f] += hitsOf(ra, rn)
			hits[rf] += int(ra.Self)
			if !g.quiet {
				g.emit(rf.Side, "counterattack", fmt.Sprintf("%s counterattacks %s", g.name(rf), g.name(f)), &Data{Formation: rf.Def.ID, Target: f.Def.ID, Dice: rdice, Hits: hitsOf(ra, rn)})
			}
		case table.Absorb:
			victim = rf
			if !g.quiet {
				g.emit(rf.Side, "absorb", fmt.Sprintf("%s takes the hits meant for %s", g.name(rf), g.name(t)), &Data{Formation: rf.Def.ID, Target: t.Def.ID, Dice: rdice})
			}
		}
	}
	h := hitsOf(a, at.n(g))
	hits[victim] += h
	hits[f] += int(a.Self)
	if !g.quiet {
		g.emit(f.Side, "hits", fmt.Sprintf("%s takes %s", g.name(victim), hitWord(h)), &Data{Formation: f.Def.ID, Target: victim.Def.ID, Hits: h})
	}
	g.applyHits(hits)
}

// MustReact reports whether the defender must take one of the reactions
// opts (Reactions are mandatory unless the card says Voluntary, or a
// special rule changes it).
func (g *Game) MustReact(opts []Reaction) bool {
	return slices.ContainsFunc(opts, func(o Reaction) bool { return !g.voluntary(g.F[o.F], &g.F[o.F].Def.Actions[o.Action]) })
}

// applyHits removes units simultaneously and routs every formation left
// with none. Morale is given only when routs fall on one side alone.
// Special formations have cubes, not units: hits do not touch them.
func (g *Game) applyHits(hits map[*Formation]int) []*Formation {
	var routed []*Formation
	for _, f := range g.F { // g.F order keeps the log deterministic
		h := hits[f]
		if h == 0 || f.Gone || f.Def.Special {
			continue
		}
		f.Units -= h
		if f.Units <= 0 {
			f.Units = 0
			routed = append(routed, f)
		}
	}
	sides := map[int]bool{}
	for _, f := range routed {
		sides[f.Side] = true
	}
	pursuers := g.pursuers(routed)
	// Take every routed formation off first: the routs are simultaneous.
	for _, f := range routed {
		g.returnDice(f)
		f.Gone, f.How = true, "routed"
	}
	for _, f := range routed {
		give := 0
		if len(sides) == 1 {
			give = min(g.routMorale(f), g.S[f.Side].Morale)
			g.S[f.Side].Morale -= give
			g.S[1-f.Side].Morale += give
		}
		if !g.quiet {
			g.emit(f.Side, "rout", fmt.Sprintf("%s routs: %s gives %d morale (%d-%d)", g.name(f), g.sideID(f.Side), give, g.S[0].Morale, g.S[1].Morale), &Data{Formation: f.Def.ID, Morale: g.morale()})
		}
	}
	for _, f := range routed {
		g.release(f)
	}
	for _, p := range pursuers {
		g.returnDice(p.f)
		g.remove(p.f, "pursued")
		if !g.quiet {
			g.emit(p.f.Side, "pursuit", fmt.Sprintf("%s pursues %s off the field", g.name(p.f), g.name(p.target)), &Data{Formation: p.f.Def.ID, Target: p.target.Def.ID})
		}
	}
	return routed
}

type pursuit struct{ f, target *Formation }

// pursuers lists the pursuing formations (Pursuit) whose attack's current
// target is among routed, whoever routed it; it must run before the routed
// formations leave play, as the next listed target would then take their
// place. A formation in reserve has not engaged and does not pursue; one
// routed at the same instance has routed instead.
func (g *Game) pursuers(routed []*Formation) []pursuit {
	var out []pursuit
	for _, p := range g.F {
		if !p.Def.Pursuit || !p.active() || slices.Contains(routed, p) {
			continue
		}
		for ai := range p.Def.Actions {
			a := &p.Def.Actions[ai]
			if t := g.target(a); a.Type == table.Attack && t != nil && slices.Contains(routed, t) {
				out = append(out, pursuit{p, t})
				break
			}
		}
	}
	return out
}

// remove takes f out of play and releases the reserves waiting behind it.
func (g *Game) remove(f *Formation, how string) {
	f.Gone, f.How = true, how
	g.release(f)
}

// release brings out the reserves waiting behind f, which has left play.
func (g *Game) release(f *Formation) {
	for _, r := range g.F {
		if r.Reserve && !r.Gone && r.Def.Reserve == table.Behind && r.Def.Behind == f.Index {
			r.Reserve = false
			if !g.quiet {
				g.emit(r.Side, "release", fmt.Sprintf("%s comes out of reserve", g.name(r)), &Data{Formation: r.Def.ID, Target: f.Def.ID})
			}
		}
	}
}

func hitWord(n int) string {
	if n == 1 {
		return "1 hit"
	}
	return fmt.Sprintf("%d hits", n)
}
