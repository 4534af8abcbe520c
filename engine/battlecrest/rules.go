package battlecrest

import (
	"fmt"
	"slices"
	"strings"

	"github.com/roundtable-dev/roundtable/engine/battlecrest/table"
)

// Player action types (rulebook: Player Actions).
const (
	ActMove     = "move"
	ActActivate = "activate"
	ActPrime    = "prime"
	ActRefocus  = "refocus"
)

// Steps: what is left to resolve of a player action, innermost last. A
// step whose next part needs a decision offers it (see decide); the rest
// resolves by itself (see advance).
const (
	stepMore    = "more-moves" // a Move action: another warrior may move
	stepPlan    = "abilities"  // an Activate: which abilities of the card
	stepResolve = "resolve"    // the chosen abilities, in order
	stepStar    = "star"       // a star: which star-powered ability
	stepFlip    = "flip"       // a landmark ability's flip icon
	stepAttack  = "attack"
	stepMarch   = "march"
	stepForce   = "force"
	stepEndTurn = "end-turn"
	stepSpecial = "special" // a conditional special ability: use it or not
)

// Phases of attack and force steps.
const (
	phaseFirst  = iota // choose the first target (map bonuses counted)
	phaseMore          // choose further targets
	phaseNext          // attack: announce the next target
	phaseDefend        // attack: the target defends
	phaseDest          // force: where the next target goes
)

var phaseNames = map[int]string{phaseFirst: "first-target", phaseMore: "more-targets", phaseNext: "next-target", phaseDefend: "defend", phaseDest: "destination"}

// step is one part of a player action still to resolve.
type step struct {
	Kind    string
	Seat    int             // the player resolving it
	W       int             // the performing warrior; more-moves: the warrior that may move
	Card    int             // abilities: the activated card
	Abs     []table.Ability // resolve: the abilities left
	Ab      table.Ability   // attack, force: the ability
	Bonus   bonuses         // attack, force: map bonuses for the first target
	Move    int             // march: movement value
	Targets []int           // attack, force: chosen targets
	Next    int             // attack, force: the target resolving
	Phase   int
	Value   int    // attack: value before map bonuses
	Lm      int    // flip: the placed landmark
	Src     string // special: hero, minion or landmark:<id>
}

// clone is a copy of s for another game. Its lists are shared, not
// copied: Abs is only ever resliced, never written into, and Targets only
// appended to, which the cap makes copy (a copy per step per look-ahead
// was most of what a look-ahead allocated).
func (s step) clone() step {
	s.Targets = s.Targets[:len(s.Targets):len(s.Targets)]
	return s
}

// opt is one option of a decision: a few small numbers and no text, so a
// list of them is a few bytes an option and holds no pointer. Action builds
// the texts when asked (optTexts), from the decision they belong to.
type opt struct {
	kind int8 // top level: the player action; more-moves: move or end
	w    int8 // the warrior moving or forced
	card int8 // activate, prime, defend: the card
	i    int8 // an index into the step's list, a warrior, or -1
	plan int8 // abilities: the plan (planAbs)
	to   Pos
}

// Option kinds: the player actions, and the end of a Move.
const (
	kindNone int8 = iota
	kindMove
	kindActivate
	kindPrime
	kindRefocus
	kindEnd
)

// kindActs are the player actions of the option kinds, as g.done lists them.
var kindActs = [...]string{kindMove: ActMove, kindActivate: ActActivate, kindPrime: ActPrime, kindRefocus: ActRefocus}

// Plans: which abilities of a card resolve (rulebook: Multiple-Ability
// Cards), indexes into planAbs.
const (
	planBoth int8 = iota
	planFirst
	planSecond
)

var planAbs = [...][]int{planBoth: {0, 1}, planFirst: {0}, planSecond: {1}}

// planList is the plans of a card, in the order decide offers them.
type planList struct {
	p [3]int8
	n int
}

func (l *planList) add(p int8) { l.p[l.n] = p; l.n++ }

func (g *Game) push(s step) { g.stack = append(g.stack, s) }
func (g *Game) pop()        { g.stack = g.stack[:len(g.stack)-1] }

func (g *Game) top() *step {
	if len(g.stack) == 0 {
		return nil
	}
	return &g.stack[len(g.stack)-1]
}

// beginTurn starts the next turn of the active player; after MaxTurns the
// game is a draw.
func (g *Game) beginTurn() {
	if g.turn >= MaxTurns {
		g.over, g.Winner = true, -1
		g.Reason = fmt.Sprintf("no hero defeated in %d turns", MaxTurns)
		return
	}
	g.turn++
	// Emptied, not dropped: nothing else holds them (clone and copyInto
	// copy), so each turn reuses the memory of the last.
	g.used, g.done = g.used[:0], g.done[:0]
	g.pushSpecials(table.StartOfTurn)
}

// advance resolves everything that needs no decision, up to the next
// decision with two or more options (a decision with one option takes it)
// or the end of the game. A look-ahead (sim) stops when the current player
// action is resolved.
func (g *Game) advance(sim bool) {
	g.setOpts(nil, -1)
	for {
		for i := len(g.triggers) - 1; i >= 0; i-- {
			g.push(g.triggers[i])
		}
		g.triggers = g.triggers[:0]
		if g.over {
			g.stack = nil
			return
		}
		if sim {
			if t := g.top(); t == nil || t.Kind == stepEndTurn {
				return
			}
		}
		seat, opts := g.decide()
		switch len(opts) {
		case 0: // decide did some resolving
		case 1:
			g.choose(opts[0])
		default:
			g.setOpts(opts, seat)
			return
		}
	}
}

// decide returns the decision the game waits for, or resolves one part of
// what needs none and returns no options.
func (g *Game) decide() (int, []opt) {
	s := g.top()
	if s == nil {
		p := g.Active
		if len(g.done) == 2 {
			g.endTurn()
			return p, nil
		}
		opts := g.options()
		if len(opts) == 0 {
			g.emit(p, "pass", "no other player action would change the game", nil)
			g.endTurn()
		}
		return p, opts
	}
	p := s.Seat
	switch s.Kind {
	case stepEndTurn:
		g.pop()
		g.Active = 1 - g.Active
		g.beginTurn()
	case stepMore:
		var ds []Pos
		if g.W[s.W].Alive {
			ds = g.moveDests(s.W)
		}
		if len(ds) == 0 {
			g.pop()
			return p, nil
		}
		opts := append(g.ob[:0], opt{kind: kindEnd, i: -1})
		for _, d := range ds {
			opts = append(opts, opt{kind: kindMove, w: int8(s.W), to: d})
		}
		return p, g.keep(opts)
	case stepPlan:
		pl := g.plans(p, s.Card)
		opts := g.ob[:0]
		for _, k := range pl.p[:pl.n] {
			opts = append(opts, opt{plan: k})
		}
		if len(opts) == 0 {
			g.pop()
		}
		return p, g.keep(opts)
	case stepResolve:
		if len(s.Abs) == 0 {
			g.pop()
			return p, nil
		}
		ab := s.Abs[0]
		s.Abs = s.Abs[1:]
		switch {
		case !g.usable(p, 2*p, ab):
			if !g.quiet {
				g.emit(p, "fizzle", describe(ab)+" has nothing to do", map[string]any{"ability": describe(ab)})
			}
		case ab.Keyword == table.Star:
			g.push(step{Kind: stepStar, Seat: p})
		default:
			g.resolve(p, 2*p, ab)
		}
	case stepStar:
		var buf [4]starAbility
		sas := g.appendStars(buf[:0], p)
		if len(sas) == 0 {
			g.pop()
			return p, nil
		}
		opts := g.ob[:0]
		for i := range sas {
			opts = append(opts, opt{i: int8(i)})
		}
		return p, g.keep(opts)
	case stepFlip:
		li := s.Lm
		g.pop()
		g.Flip(li)
	case stepMarch:
		var ds []Pos
		if g.W[s.W].Alive {
			ds = g.sorted(s.W, g.reach(s.W, s.Move, false).ps)
		}
		if len(ds) == 0 {
			g.pop()
			return p, nil
		}
		opts := g.ob[:0]
		for _, d := range ds {
			opts = append(opts, opt{to: d})
		}
		return p, g.keep(opts)
	case stepAttack, stepForce:
		return g.decideAimed(s)
	case stepSpecial:
		sp, performer, key, li := g.special(p, s.Src)
		if sp == nil || slices.Contains(g.used, key) || !g.W[performer].Alive || !g.holds(performer, sp.If) ||
			li >= 0 && !inReach(g.W[performer].Pos, g.Lm[li].Pos, sp.Reach) || !g.usable(p, performer, sp.Ability) ||
			sp.Aim != table.AimAny && !g.canAim(performer, s.W, sp.Ability) {
			g.pop()
			return p, nil
		}
		return p, g.keep(append(g.ob[:0], opt{i: 1}, opt{i: 0}))
	}
	return p, nil
}

// endTurn ends the active player's turn: first the specials of the end of
// the turn, then the turn passes.
func (g *Game) endTurn() {
	g.push(step{Kind: stepEndTurn, Seat: g.Active})
	g.pushSpecials(table.EndOfTurn)
}

// pushSpecials queues the active player's conditional specials of a
// timing: the hero's, the minion's, then the landmarks'. Whether each can
// be used is decided when its turn to resolve comes.
func (g *Game) pushSpecials(t table.Timing) {
	p := g.Active
	var ss []step
	set := g.P[p].Set
	if set.HeroSpecial.When == t {
		ss = append(ss, step{Kind: stepSpecial, Seat: p, Src: "hero"})
	}
	if set.HasMinion && set.MinionSpecial.When == t {
		ss = append(ss, step{Kind: stepSpecial, Seat: p, Src: "minion"})
	}
	for _, l := range g.Lm {
		if lm := &g.RS.Landmarks[l.Landmark]; lm.Ability.When == t {
			ss = append(ss, step{Kind: stepSpecial, Seat: p, Src: "landmark:" + lm.ID})
		}
	}
	for i := len(ss) - 1; i >= 0; i-- {
		g.push(ss[i])
	}
}

// special finds the special ability of seat p's source (hero, minion,
// landmark:<id>): the ability, the warrior performing it, its once-a-turn
// key and, for a landmark, its placed index (else -1).
func (g *Game) special(p int, src string) (*table.Special, int, string, int) {
	set := g.P[p].Set
	switch src {
	case "hero":
		return &set.HeroSpecial, 2 * p, useKey(p, src), -1
	case "minion":
		if set.HasMinion {
			return &set.MinionSpecial, 2*p + 1, useKey(p, src), -1
		}
		return nil, 0, "", -1
	}
	id, _ := strings.CutPrefix(src, "landmark:")
	for li, l := range g.Lm {
		if lm := &g.RS.Landmarks[l.Landmark]; lm.ID == id {
			return &lm.Ability, 2 * p, useKey(p, src), li
		}
	}
	return nil, 0, "", -1
}

// inReach reports whether a hero at p may use the ability of a landmark
// at l: long range from the card, 2 to reach spaces.
func inReach(p, l Pos, reach int8) bool {
	d := Dist(p, l)
	return d >= 2 && d <= int(reach)
}

// holds reports whether every clause of a conditional special holds for
// warrior wi.
func (g *Game) holds(wi int, cs []table.Clause) bool {
	w := g.W[wi]
	near := func(ok func(i int, o Warrior) bool) bool {
		for i, o := range g.W {
			if i != wi && o.Alive && Adjacent(w.Pos, o.Pos) && ok(i, o) {
				return true
			}
		}
		return false
	}
	enemy := func(_ int, o Warrior) bool { return o.Player != w.Player }
	for _, c := range cs {
		var ok bool
		switch c.Kind {
		case table.Wounded:
			ok = w.Wounded
		case table.Healthy:
			ok = !w.Wounded
		case table.AdjacentEnemy:
			ok = near(enemy)
		case table.NoAdjacentEnemy:
			ok = !near(enemy)
		case table.AdjacentAlly:
			ok = near(func(_ int, o Warrior) bool { return o.Player == w.Player })
		case table.AdjacentEnemyHero:
			ok = near(func(_ int, o Warrior) bool { return o.Player != w.Player && !o.Minion })
		case table.AdjacentEnemyMinion:
			ok = near(func(_ int, o Warrior) bool { return o.Player != w.Player && o.Minion })
		case table.OwnTurn:
			ok = g.Active == w.Player
		case table.OtherTurn:
			ok = g.Active != w.Player
		case table.AdjacentLandmark, table.AdjacentMapSet:
			for _, l := range g.Lm {
				lm := int16(l.Landmark)
				if c.Kind == table.AdjacentMapSet {
					lm = g.RS.Landmarks[l.Landmark].Set
				}
				if lm == c.Arg && Adjacent(w.Pos, l.Pos) {
					ok = true
				}
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// decideAimed is decide for an attack or a force.
func (g *Game) decideAimed(s *step) (int, []opt) {
	p := s.Seat
	switch s.Phase {
	case phaseFirst:
		more := 0
		if s.Kind == stepForce {
			more = s.Bonus[table.ForceBonus]
		}
		var buf [4]int
		first := g.appendTargets(buf[:0], s.W, s.Ab, int(s.Ab.Reach)+s.Bonus[table.RangeBonus], more)
		if len(first) == 0 {
			g.pop()
			return p, nil
		}
		opts := g.ob[:0]
		for _, t := range first {
			opts = append(opts, opt{i: int8(t)})
		}
		return p, g.keep(opts)
	case phaseMore:
		opts := g.ob[:0]
		if len(s.Targets) < int(s.Ab.Targets) {
			var buf [4]int
			for _, t := range g.appendTargets(buf[:0], s.W, s.Ab, int(s.Ab.Reach), 0) {
				if !slices.Contains(s.Targets, t) {
					opts = append(opts, opt{i: int8(t)})
				}
			}
		}
		if len(opts) == 0 {
			g.startTargets(s)
			return p, nil
		}
		return p, g.keep(append(opts, opt{i: -1}))
	case phaseNext:
		if s.Next >= len(s.Targets) {
			if w := s.W; g.W[w].Alive {
				g.event(happening{kind: table.Attacks, subj: w, by: -1, at: g.W[w].Pos})
			}
			g.pop()
			return p, nil
		}
		t := s.Targets[s.Next]
		v := s.hit()
		if !g.quiet {
			g.emit(p, "attack", fmt.Sprintf("%s attacks %s for %d", g.W[s.W].Name, g.W[t].Name, v), map[string]any{"attacker": g.W[s.W].ID, "target": g.W[t].ID, "value": v})
		}
		s.Phase = phaseDefend
	case phaseDefend:
		t := s.Targets[s.Next]
		w := g.W[t]
		q := w.Player
		if w.Minion {
			side := 0
			if w.Wounded {
				side = 1
			}
			d := int(g.P[q].Set.MinionSides[side].Defense) + g.bonus(t, table.DefenseBonus)[table.DefenseBonus]
			if !g.quiet {
				g.emit(q, "defend", fmt.Sprintf("%s defends with %d", w.Name, d), map[string]any{"warrior": w.ID, "value": d})
			}
			g.strike(s, d)
			return p, nil
		}
		opts := g.ob[:0]
		for k, c := range g.P[q].Cards {
			if !c.Exhausted {
				opts = append(opts, opt{card: int8(k), i: int8(k)})
			}
		}
		slices.SortStableFunc(opts, func(a, b opt) int { return g.defenseValue(q, int(b.card)) - g.defenseValue(q, int(a.card)) })
		return q, g.keep(append(opts, opt{i: -1}))
	case phaseDest:
		if s.Next >= len(s.Targets) {
			g.pop()
			return p, nil
		}
		t := s.Targets[s.Next]
		mv := int(s.Ab.Value)
		if s.Next == 0 {
			mv += s.Bonus[table.ForceBonus]
		}
		var ds []Pos
		if g.W[t].Alive {
			ds = g.sorted(t, g.reach(t, mv, true).ps)
		}
		if len(ds) == 0 {
			s.Next++
			return p, nil
		}
		opts := g.ob[:0]
		for _, d := range ds {
			opts = append(opts, opt{w: int8(t), to: d})
		}
		return p, g.keep(opts)
	}
	return p, nil
}

// hit is the attack value against the current target: map bonuses only
// for the first (rulebook: Multiple Targets).
func (s *step) hit() int {
	v := s.Value
	if s.Next == 0 {
		v += s.Bonus[table.AttackBonus]
	}
	return v
}

// startTargets ends the choice of targets: an attack's value is fixed
// (crest bonuses counted now), then each target resolves in order.
func (g *Game) startTargets(s *step) {
	if s.Kind == stepAttack {
		s.Value = int(s.Ab.Value) + g.Crests(s.Seat, s.Ab.Crest)
		s.Phase = phaseNext
		return
	}
	s.Phase = phaseDest
}

// strike is the damage step against the current target, defended with d.
func (g *Game) strike(s *step, d int) {
	t := s.Targets[s.Next]
	at := g.W[t].Pos
	v := s.hit()
	s.Next++
	s.Phase = phaseNext
	if dmg := v - d; dmg > 0 {
		g.Damage(t, dmg, "attack")
	} else {
		if !g.quiet {
			g.emit(g.W[t].Player, "damage", g.W[t].Name+" takes no damage", map[string]any{"warrior": g.W[t].ID, "amount": 0, "cause": "attack"})
		}
	}
	g.event(happening{kind: table.IsAttacked, subj: t, by: s.W, at: at})
}

// defenseValue is what exhausting card k would defend with, before map
// bonuses: its defense and crest bonus, its own crest counted.
func (g *Game) defenseValue(q, k int) int {
	s := g.side(g.P[q].Cards[k])
	n := int(s.Defense)
	if s.DefenseCrest >= 0 {
		n += g.Crests(q, s.DefenseCrest)
		if s.Crest == s.DefenseCrest {
			n++ // exhausting it to defend primes its own crest
		}
	}
	return n
}

// choose takes option o of the decision the game waits for.
func (g *Game) choose(o opt) {
	s := g.top()
	if s == nil {
		g.chooseAction(o)
		return
	}
	p := s.Seat
	switch s.Kind {
	case stepMore:
		w := s.W
		g.pop()
		if o.kind == kindMove {
			g.move(w, o.to)
		}
	case stepPlan:
		c := &g.P[p].Cards[s.Card]
		side := g.side(*c)
		c.Exhausted = true
		// The plan's abilities are the card side's own, shared: a
		// resolve step only reslices them.
		var abs []table.Ability
		switch o.plan {
		case planBoth:
			abs = side.Abilities[0:2:2]
		case planFirst:
			abs = side.Abilities[0:1:1]
		case planSecond:
			abs = side.Abilities[1:2:2]
		}
		if !g.quiet {
			g.emit(p, ActActivate, fmt.Sprintf("%s activates %s: %s", g.W[2*p].Name, side.Name, planText(side, o.plan)), map[string]any{"card": g.RS.Actions[c.Action].ID, "side": side.Name})
		}
		g.pop()
		g.push(step{Kind: stepResolve, Seat: p, Abs: abs})
	case stepStar:
		var buf [4]starAbility
		sa := g.appendStars(buf[:0], p)[o.i]
		g.pop()
		g.used = append(g.used, sa.key)
		if !g.quiet {
			g.emit(p, "star", fmt.Sprintf("%s uses %s: %s", g.W[sa.performer].Name, sa.name, describe(sa.ability)), map[string]any{"ability": sa.name, "by": g.W[sa.performer].ID})
		}
		if sa.landmark >= 0 && g.RS.Landmarks[g.Lm[sa.landmark].Landmark].Ability.Flip {
			g.push(step{Kind: stepFlip, Seat: p, Lm: sa.landmark})
		}
		g.resolve(p, sa.performer, sa.ability)
	case stepMarch:
		w, mv := s.W, s.Move
		g.pop()
		g.walk(w, o.to, mv, false, false, "march")
	case stepSpecial:
		sp, performer, key, li := g.special(p, s.Src)
		aim := s.W
		g.pop()
		if o.i == 0 {
			return
		}
		g.used = append(g.used, key)
		if !g.quiet {
			when := sp.Trigger()
			g.emit(p, "special", fmt.Sprintf("%s uses %s (%s): %s", g.W[performer].Name, sp.Name, when, describe(sp.Ability)),
				map[string]any{"ability": sp.Name, "by": g.W[performer].ID, "when": when})
		}
		if li >= 0 && sp.Flip {
			g.push(step{Kind: stepFlip, Seat: p, Lm: li})
		}
		depth := len(g.stack)
		g.resolve(p, performer, sp.Ability)
		if sp.Aim != table.AimAny {
			g.aimAt(depth, aim)
		}
	case stepAttack, stepForce:
		switch s.Phase {
		case phaseFirst:
			s.Targets = []int{int(o.i)}
			s.Phase = phaseMore
		case phaseMore:
			if o.i < 0 {
				g.startTargets(s)
			} else {
				s.Targets = append(s.Targets, int(o.i))
			}
		case phaseDefend:
			t := s.Targets[s.Next]
			w := g.W[t]
			q := w.Player
			if o.i < 0 {
				if !g.quiet {
					g.emit(q, "defend", w.Name+" does not defend", map[string]any{"warrior": w.ID, "value": 0})
				}
				g.strike(s, 0)
				return
			}
			c := &g.P[q].Cards[o.i]
			c.Exhausted = true
			cs := g.side(*c)
			d := int(cs.Defense) + g.Crests(q, cs.DefenseCrest)
			d += g.bonus(t, table.DefenseBonus)[table.DefenseBonus]
			if !g.quiet {
				g.emit(q, "defend", fmt.Sprintf("%s exhausts %s and defends with %d", w.Name, cs.Name, d), map[string]any{"warrior": w.ID, "card": g.RS.Actions[c.Action].ID, "value": d})
			}
			g.strike(s, d)
		case phaseDest:
			mv := int(s.Ab.Value)
			if s.Next == 0 {
				mv += s.Bonus[table.ForceBonus]
			}
			s.Next++
			g.walk(int(o.w), o.to, mv, true, g.W[o.w].Player != p, "force")
		}
	}
}

// chooseAction performs the player action of option o.
func (g *Game) chooseAction(o opt) {
	p := g.Active
	g.done = append(g.done, kindActs[o.kind])
	switch o.kind {
	case kindMove:
		g.move(int(o.w), o.to)
		other := 2*p + 1
		if int(o.w) == other {
			other = 2 * p
		}
		if g.W[other].Alive {
			g.push(step{Kind: stepMore, Seat: p, W: other})
		}
	case kindActivate:
		g.push(step{Kind: stepPlan, Seat: p, Card: int(o.card)})
	case kindPrime:
		g.P[p].Cards[o.card].Exhausted = true
		c := g.P[p].Cards[o.card]
		if !g.quiet {
			g.emit(p, ActPrime, fmt.Sprintf("%s primes %s", g.W[2*p].Name, g.side(c).Name), map[string]any{"card": g.RS.Actions[c.Action].ID})
		}
	case kindRefocus:
		var names, ids []string
		for k := range g.P[p].Cards {
			c := &g.P[p].Cards[k]
			if c.Exhausted {
				c.Side, c.Exhausted = 1-c.Side, false
				names = append(names, g.side(*c).Name)
				ids = append(ids, g.RS.Actions[c.Action].ID)
			}
		}
		if !g.quiet {
			g.emit(p, ActRefocus, fmt.Sprintf("%s refocuses: %s", g.W[2*p].Name, strings.Join(names, ", ")), map[string]any{"cards": ids})
		}
	}
}

func (g *Game) did(kind string) bool { return slices.Contains(g.done, kind) }

// options lists the player actions the active player may choose now, each
// one that changes the game (rulebook: Gameplay).
func (g *Game) options() []opt {
	p := g.Active
	out := g.ob[:0]
	if !g.did(ActMove) {
		for _, wi := range [2]int{2 * p, 2*p + 1} {
			for _, d := range g.moveDests(wi) {
				out = append(out, opt{kind: kindMove, w: int8(wi), to: d})
			}
		}
	}
	exhausted := false
	for k, c := range g.P[p].Cards {
		exhausted = exhausted || c.Exhausted
		if c.Exhausted {
			continue
		}
		if !g.did(ActActivate) && g.plans(p, k).n > 0 {
			out = append(out, opt{kind: kindActivate, card: int8(k)})
		}
	}
	if !g.did(ActPrime) {
		for k, c := range g.P[p].Cards {
			if !c.Exhausted {
				out = append(out, opt{kind: kindPrime, card: int8(k)})
			}
		}
	}
	if !g.did(ActRefocus) && exhausted {
		out = append(out, opt{kind: kindRefocus})
	}
	return g.keep(out)
}

// keep makes opts, a list built in the game's option memory, that
// memory (it may have grown) and returns it.
func (g *Game) keep(opts []opt) []opt {
	g.ob = opts
	return opts
}

// setOpts sets the decision the game waits for; the texts of the last
// one are dropped.
func (g *Game) setOpts(opts []opt, seat int) {
	g.opts, g.toMove, g.texts = opts, seat, nil
}

// optTexts are the texts of the options of the decision the game waits
// for, built when first asked for (Action) from the decision itself: the
// game has not changed since decide listed them.
func (g *Game) optTexts() []string {
	if g.texts != nil || len(g.opts) == 0 {
		return g.texts
	}
	out := make([]string, len(g.opts))
	s := g.top()
	for i, o := range g.opts {
		out[i] = g.optText(s, o)
	}
	if s != nil && s.Kind == stepStar {
		// Two star abilities of one name are told apart by their source.
		var buf [4]starAbility
		sas := g.appendStars(buf[:0], s.Seat)
		for i := range out {
			for j := range out {
				if i != j && out[i] == out[j] {
					out[i] += " " + sas[g.opts[i].i].source
				}
			}
		}
	}
	g.texts = out
	return out
}

// optText is the text of option o of the decision of step s (nil: the
// player action).
func (g *Game) optText(s *step, o opt) string {
	// Concatenated, not Sprintf'd (the same texts).
	if s == nil {
		switch o.kind {
		case kindMove:
			return "move " + g.W[o.w].ID + " to " + Tile(o.to)
		case kindActivate:
			return "activate " + g.cardWord(g.Active, int(o.card))
		case kindPrime:
			return "prime " + g.cardWord(g.Active, int(o.card))
		}
		return ActRefocus
	}
	p := s.Seat
	switch s.Kind {
	case stepMore:
		if o.kind == kindEnd {
			return "end move"
		}
		return "move " + g.W[s.W].ID + " to " + Tile(o.to)
	case stepPlan:
		return "resolve " + planText(g.side(g.P[p].Cards[s.Card]), o.plan)
	case stepStar:
		var buf [4]starAbility
		return "star " + slug(g.appendStars(buf[:0], p)[o.i].name)
	case stepMarch:
		return "march to " + Tile(o.to)
	case stepSpecial:
		sp, _, _, _ := g.special(p, s.Src)
		if o.i == 1 {
			return "use " + slug(sp.Name)
		}
		return "skip " + slug(sp.Name)
	}
	// An attack or a force.
	switch s.Phase {
	case phaseFirst:
		return s.Kind + " " + g.W[o.i].ID
	case phaseMore:
		if o.i < 0 {
			return "no more targets"
		}
		return "also " + s.Kind + " " + g.W[o.i].ID
	case phaseDefend:
		if o.i < 0 {
			return "do not defend"
		}
		return "defend with " + g.cardWord(g.W[s.Targets[s.Next]].Player, int(o.card))
	}
	return "force " + g.W[o.w].ID + " to " + Tile(o.to)
}

// planText names the abilities of a plan of a card side: "attack 2 medium
// then march 1".
func planText(side *table.ActionSide, plan int8) string {
	var ws []string
	for _, a := range planAbs[plan] {
		ws = append(ws, describe(side.Abilities[a]))
	}
	return strings.Join(ws, " then ")
}

// cardWord names player p's card k in action texts: the showing side's
// name, or the card's id when another card of p shows a side of that name.
func (g *Game) cardWord(p, k int) string {
	w := slug(g.side(g.P[p].Cards[k]).Name)
	for j, c := range g.P[p].Cards {
		if j != k && slug(g.side(c).Name) == w {
			return g.RS.Actions[g.P[p].Cards[k].Action].ID
		}
	}
	return w
}

// appendSteps appends to out the spaces one move from p: orthogonal
// neighbours and the exits of shortcuts touching p (rulebook: Map
// Shortcuts). Callers pass a small array of their own: no allocation.
func (g *Game) appendSteps(out []Pos, p Pos) []Pos {
	for e := table.North; e <= table.West; e++ {
		out = append(out, p.add(e))
	}
	for _, l := range g.Lm {
		for _, e := range g.effects(l) {
			if e.Type == table.Shortcut && l.Pos.add(e.Edge) == p {
				for _, t := range e.To {
					out = append(out, l.Pos.add(t))
				}
			}
		}
	}
	return out
}

// Reach maps each space warrior wi may end on within mv moves to the fewest
// hazards on a way there (rulebook: Movement Rules). A forced warrior
// passes through any warrior; otherwise only through allies.
func (g *Game) Reach(wi, mv int, force bool) map[Pos]int {
	r := g.reach(wi, mv, force)
	out := make(map[Pos]int, len(r.ps))
	for k, p := range r.ps {
		out[p] = r.hz[k]
	}
	return out
}

// reach is Reach in the game's own memory (a map per call was the largest
// allocation of a battlecrest game): valid until the next reach on g.
func (g *Game) reach(wi, mv int, force bool) *posSet {
	if g.rb == nil || len(g.rb.sets[0].idx) != int(g.Map.Width)*int(g.Map.Height) {
		g.rb = &reachMem{hz: make([]int8, int(g.Map.Width)*int(g.Map.Height))}
		for k := range g.rb.sets {
			g.rb.sets[k].init(g.Map)
		}
	}
	cur, next, best := &g.rb.sets[0], &g.rb.sets[1], &g.rb.sets[2]
	cur.reset()
	next.reset()
	best.reset()
	// The hazards touching each space, counted once per reach rather than
	// for every step onto it (hazardAt).
	grid := g.rb.hz
	clear(grid)
	for _, l := range g.Lm {
		for _, e := range g.effects(l) {
			if e.Type == table.Hazard {
				if c := cur.cell(l.Pos.add(e.Edge)); c >= 0 {
					grid[c]++
				}
			}
		}
	}
	w := g.W[wi]
	// The start may be off the map (a defeated warrior): it is only
	// walked from, never looked up.
	cur.ps, cur.hz = append(cur.ps, w.Pos), append(cur.hz, 0)
	var buf [8]Pos
	for range mv {
		next.reset()
		for k, p := range cur.ps {
			hz := cur.hz[k]
			for _, q := range g.appendSteps(buf[:0], p) {
				if !g.isSpace(q) {
					continue
				}
				if o := g.at(q); o >= 0 && o != wi && !force && g.W[o].Player != w.Player {
					continue
				}
				next.lower(q, hz+int(grid[next.cell(q)]))
			}
		}
		for k, q := range next.ps {
			if o := g.at(q); q == w.Pos || (o >= 0 && o != wi) {
				continue
			}
			best.lower(q, next.hz[k])
		}
		cur, next = next, cur
	}
	return best
}

// reachMem is reach's memory: the sets it alternates and the hazard
// count of each cell.
type reachMem struct {
	sets [3]posSet
	hz   []int8
}

// posSet maps spaces of the map to a count (hazards): a slot per cell
// and the list of the spaces set, in the order first set. Reach's result
// does not depend on the order (each space keeps its minimum; callers
// sort or look up).
type posSet struct {
	width int8
	idx   []int16 // per cell: its index in ps, -1 when not set
	ps    []Pos
	hz    []int
}

func (s *posSet) init(m *table.MapSet) {
	s.width = m.Width
	s.idx = make([]int16, int(m.Width)*int(m.Height))
	for i := range s.idx {
		s.idx[i] = -1
	}
}

// cell is p's slot, -1 off the map.
func (s *posSet) cell(p Pos) int {
	if p.R < 0 || p.C < 0 || p.C >= s.width || int(p.R)*int(s.width)+int(p.C) >= len(s.idx) {
		return -1
	}
	return int(p.R)*int(s.width) + int(p.C)
}

func (s *posSet) reset() {
	for _, p := range s.ps {
		if c := s.cell(p); c >= 0 {
			s.idx[c] = -1
		}
	}
	s.ps, s.hz = s.ps[:0], s.hz[:0]
}

// lower sets p to h when p is not set or set higher; p is on the map.
func (s *posSet) lower(p Pos, h int) {
	c := s.cell(p)
	if k := s.idx[c]; k >= 0 {
		s.hz[k] = min(s.hz[k], h)
		return
	}
	s.idx[c] = int16(len(s.ps))
	s.ps, s.hz = append(s.ps, p), append(s.hz, h)
}

func (s *posSet) get(p Pos) (int, bool) {
	if c := s.cell(p); c >= 0 && s.idx[c] >= 0 {
		return s.hz[s.idx[c]], true
	}
	return 0, false
}

// reachMost maps each space a forced warrior wi may end on within mv moves
// to the most hazards on a way there that enters no space twice: the
// forcing player chooses the way, and forces an enemy through the most.
func (g *Game) reachMost(wi, mv int) map[Pos]int {
	best := map[Pos]int{}
	start := g.W[wi].Pos
	seen := map[Pos]bool{start: true}
	var dfs func(p Pos, left, hz int)
	dfs = func(p Pos, left, hz int) {
		if left == 0 {
			return
		}
		var buf [8]Pos
		for _, q := range g.appendSteps(buf[:0], p) {
			if !g.isSpace(q) || seen[q] {
				continue
			}
			h := hz + g.hazardAt(q)
			if o := g.at(q); o < 0 || o == wi {
				if old, ok := best[q]; !ok || h > old {
					best[q] = h
				}
			}
			seen[q] = true
			dfs(q, left-1, h)
			seen[q] = false
		}
	}
	dfs(start, mv, 0)
	return best
}

// sorted orders destinations nearest the warrior's enemies first (the
// look-ahead's default), then by row and column. The list is the game's
// own memory (ds), valid until the next sorted on g.
func (g *Game) sorted(wi int, ps []Pos) []Pos {
	g.ds = sortInto(g.ds, g, wi, ps)
	return g.ds
}

// sortInto is ps sorted for warrior wi of game g (see sorted), in dst's
// memory.
func sortInto(dst []Pos, g *Game, wi int, ps []Pos) []Pos {
	ds := append(dst[:0], ps...)
	near := func(p Pos) int {
		n := 99
		for i, w := range g.W {
			if w.Alive && i != wi && w.Player != g.W[wi].Player {
				n = min(n, Dist(p, w.Pos))
			}
		}
		return n
	}
	slices.SortFunc(ds, func(a, b Pos) int {
		if x, y := near(a), near(b); x != y {
			return x - y
		}
		if a.R != b.R {
			return int(a.R - b.R)
		}
		return int(a.C - b.C)
	})
	return ds
}

// moveDests lists where a Move action takes warrior wi, its movement bonus
// and the flips it causes included.
func (g *Game) moveDests(wi int) []Pos {
	if !g.W[wi].Alive {
		return nil
	}
	c := g.lookAhead()
	mv := c.Movement(wi) + c.bonus(wi, table.MovementBonus)[table.MovementBonus]
	if !c.W[wi].Alive {
		return nil
	}
	// Into g's memory, not the spare's: the next look-ahead overwrites the
	// spare while a caller may still read the list.
	g.ds = sortInto(g.ds, c, wi, c.reach(wi, mv, false).ps)
	return g.ds
}

// move moves warrior wi to dest with a Move action: the movement bonus
// where it starts, then the way with the fewest hazards.
func (g *Game) move(wi int, dest Pos) {
	mv := g.Movement(wi) + g.bonus(wi, table.MovementBonus)[table.MovementBonus]
	g.walk(wi, dest, mv, false, false, ActMove)
}

// walk moves wi to dest by the way with the fewest hazards, or with the
// most when most is set (an enemy forced).
func (g *Game) walk(wi int, dest Pos, mv int, force, most bool, why string) {
	if !g.W[wi].Alive || g.over {
		return
	}
	var hz int
	var ok bool
	if most {
		hz, ok = g.reachMost(wi, mv)[dest]
	} else {
		hz, ok = g.reach(wi, mv, force).get(dest)
	}
	if !ok {
		if !g.quiet {
			g.emit(g.W[wi].Player, why, g.W[wi].Name+" can no longer reach "+Tile(dest), map[string]any{"warrior": g.W[wi].ID, "from": Tile(g.W[wi].Pos), "to": Tile(g.W[wi].Pos)})
		}
		return
	}
	from := g.W[wi].Pos
	g.W[wi].Pos = dest
	if !g.quiet {
		g.emit(g.Active, why, fmt.Sprintf("%s %s -> %s", g.W[wi].Name, Tile(from), Tile(dest)), map[string]any{"warrior": g.W[wi].ID, "from": Tile(from), "to": Tile(dest)})
	}
	for range hz {
		g.Damage(wi, 1, "hazard")
	}
	if g.W[wi].Alive && !g.over {
		g.event(happening{kind: table.Moves, own: why != "force", subj: wi, by: -1, from: from, at: dest})
	}
}

// InRange reports whether target t is in range of an ability from p
// (rulebook: Ability Targeting).
func InRange(r table.Range, reach int, p, t Pos) bool {
	switch r {
	case table.Short:
		return Dist(p, t) == 1
	case table.Medium:
		return Adjacent(p, t)
	case table.Long:
		d := Dist(p, t)
		return d >= 2 && d <= reach
	}
	return false
}

// targets lists the warriors an attack or force by wi may target; a forced
// warrior must be able to move ab.Value+more spaces (more: force icons).
func (g *Game) targets(wi int, ab table.Ability, reach, more int) []int {
	return g.appendTargets(nil, wi, ab, reach, more)
}

// appendTargets is targets appended to out (callers pass a small array of
// their own: no allocation).
func (g *Game) appendTargets(out []int, wi int, ab table.Ability, reach, more int) []int {
	w := g.W[wi]
	for i, t := range g.W {
		if !t.Alive || i == wi || !InRange(ab.Range, reach, w.Pos, t.Pos) {
			continue
		}
		if ab.Keyword == table.Attack && t.Player == w.Player {
			continue
		}
		if ab.Keyword == table.Force && len(g.reach(i, int(ab.Value)+more, true).ps) == 0 {
			continue
		}
		out = append(out, i)
	}
	return out
}

// firstTargets is appendTargets for an attack or force wi would start now:
// its map bonuses (range, force) counted before they flip.
func (g *Game) firstTargets(out []int, wi int, ab table.Ability) []int {
	reach, more := int(ab.Reach), 0
	if ab.Range == table.Long {
		reach += g.bonusPeek(wi, table.RangeBonus)
	}
	if ab.Keyword == table.Force {
		more = g.bonusPeek(wi, table.ForceBonus)
	}
	return g.appendTargets(out, wi, ab, reach, more)
}

// canAim reports whether warrior wi's attack or force could target
// warrior t now (an event special aimed at the warrior whose event it was).
func (g *Game) canAim(wi, t int, ab table.Ability) bool {
	if t < 0 || t >= len(g.W) || (ab.Keyword != table.Attack && ab.Keyword != table.Force) {
		return false
	}
	var buf [4]int
	return slices.Contains(g.firstTargets(buf[:0], wi, ab), t)
}

// aimAt makes the attack or force an aimed event special just started (the
// step above depth) target warrior t alone: the choice of targets is made.
// If its map bonuses flipped the map so that t is out of reach, it fizzles.
func (g *Game) aimAt(depth, t int) {
	if len(g.stack) <= depth {
		return // nothing started: the performer fell to a hazard turning active
	}
	a := g.top()
	if a.Kind != stepAttack && a.Kind != stepForce {
		return
	}
	more := 0
	if a.Kind == stepForce {
		more = a.Bonus[table.ForceBonus]
	}
	var buf [4]int
	if !slices.Contains(g.appendTargets(buf[:0], a.W, a.Ab, int(a.Ab.Reach)+a.Bonus[table.RangeBonus], more), t) {
		g.pop()
		if !g.quiet {
			g.emit(a.Seat, "fizzle", describe(a.Ab)+" has nothing to do", map[string]any{"ability": describe(a.Ab)})
		}
		return
	}
	a.Targets = []int{t}
	g.startTargets(a)
}

func longBonus(ab table.Ability) []table.Bonus {
	if ab.Range == table.Long {
		return []table.Bonus{table.RangeBonus}
	}
	return nil
}

// usable reports whether warrior wi could resolve ability ab now.
func (g *Game) usable(p, wi int, ab table.Ability) bool {
	if !g.W[wi].Alive {
		return false
	}
	switch ab.Keyword {
	case table.Attack, table.Force:
		var buf [4]int
		return len(g.firstTargets(buf[:0], wi, ab)) > 0
	case table.March:
		return len(g.reach(wi, int(ab.Value)+g.bonusPeek(wi, table.MovementBonus), false).ps) > 0
	case table.Star:
		return g.hasStar(p)
	}
	return false
}

// plans lists which abilities of card k may be resolved: both, or one
// skipped (rulebook: Multiple-Ability Cards); never none. When both
// abilities are the same, skipping either is one option.
func (g *Game) plans(p, k int) planList {
	abs := g.side(g.P[p].Cards[k]).Abilities
	hero := 2 * p
	var out planList
	if g.usable(p, hero, abs[0]) {
		if len(abs) == 2 {
			out.add(planBoth)
		}
		out.add(planFirst)
	}
	if len(abs) == 2 && abs[1] != abs[0] && g.usable(p, hero, abs[1]) {
		out.add(planSecond)
	}
	return out
}

func describe(a table.Ability) string {
	s := fmt.Sprintf("%s %d", a.Keyword, a.Value)
	switch a.Keyword {
	case table.Star:
		return "star"
	case table.March:
		return s
	}
	s += " " + table.RangeNames[a.Range]
	if a.Range == table.Long {
		s += fmt.Sprint(" ", a.Reach)
	}
	if a.Targets > 1 {
		s += fmt.Sprintf(" x%d", a.Targets)
	}
	return s
}

type starAbility struct {
	key       string
	name      string
	source    string // the warrior's or landmark's id, to tell equal names apart
	performer int
	ability   table.Ability
	landmark  int // placed index for a landmark's ability, or -1
}

// useKey names a special ability for the once-a-turn rule: "p1:hero",
// "p2:minion", "landmark:<id>".
func useKey(p int, source string) string {
	if strings.HasPrefix(source, "landmark:") {
		return source
	}
	if p == 0 || p == 1 {
		switch source {
		case "hero":
			return seatKeys[p][0]
		case "minion":
			return seatKeys[p][1]
		}
	}
	return fmt.Sprintf("p%d:%s", p+1, source)
}

// seatKeys are the use keys of the seats' hero and minion, built once.
var seatKeys = [2][2]string{{"p1:hero", "p1:minion"}, {"p2:hero", "p2:minion"}}

// stars lists the star-powered abilities player p may use now, each unused
// this turn (rulebook: Star-Powered Abilities).
func (g *Game) stars(p int) []starAbility { return g.appendStars(nil, p) }

// appendStars is stars appended to out (callers pass a small array of
// their own: no allocation).
func (g *Game) appendStars(out []starAbility, p int) []starAbility {
	for slot := range 2 + len(g.Lm) {
		if sa, ok := g.starCandidate(p, slot); ok && g.starReady(p, sa.key, sa.performer, sa.ability) {
			out = append(out, sa)
		}
	}
	return out
}

// hasStar reports whether stars(p) lists any: usable's question, without
// the list (usable and the star checks call each other, so a list passed
// through them would have to live on the heap).
func (g *Game) hasStar(p int) bool {
	for slot := range 2 + len(g.Lm) {
		if sa, ok := g.starCandidate(p, slot); ok && g.starReady(p, sa.key, sa.performer, sa.ability) {
			return true
		}
	}
	return false
}

// starCandidate is the star-powered ability of slot 0 (the hero), 1 (the
// minion) or 2+li (placed landmark li) of player p, when it has one that
// p may reach, before the once-a-turn rule and usable.
func (g *Game) starCandidate(p, slot int) (starAbility, bool) {
	s := g.P[p].Set
	switch slot {
	case 0:
		if s.HeroSpecial.Star {
			return starAbility{useKey(p, "hero"), s.HeroSpecial.Name, g.W[2*p].ID, 2 * p, s.HeroSpecial.Ability, -1}, true
		}
		return starAbility{}, false
	case 1:
		if s.HasMinion && s.MinionSpecial.Star && g.W[2*p+1].Alive {
			return starAbility{useKey(p, "minion"), s.MinionSpecial.Name, g.W[2*p+1].ID, 2*p + 1, s.MinionSpecial.Ability, -1}, true
		}
		return starAbility{}, false
	}
	li := slot - 2
	l := g.Lm[li]
	lm := &g.RS.Landmarks[l.Landmark]
	if !lm.Ability.Star {
		return starAbility{}, false
	}
	if d := Dist(g.W[2*p].Pos, l.Pos); d >= 2 && d <= int(lm.Ability.Reach) {
		return starAbility{g.landmarkKey(li), lm.Ability.Name, lm.ID, 2 * p, lm.Ability.Ability, li}, true
	}
	return starAbility{}, false
}

// starReady reports whether a star ability is unused this turn and usable
// now.
func (g *Game) starReady(p int, key string, performer int, ab table.Ability) bool {
	return !slices.Contains(g.used, key) && g.usable(p, performer, ab)
}

// landmarkKey is the use key of placed landmark li, "landmark:<id>": the
// game's list of them is built once and shared by its copies (read-only:
// a list that no longer names the landmark placed there is replaced, not
// written into).
func (g *Game) landmarkKey(li int) string {
	const prefix = "landmark:"
	if id := g.RS.Landmarks[g.Lm[li].Landmark].ID; len(g.lmKeys) != len(g.Lm) || g.lmKeys[li][len(prefix):] != id {
		keys := make([]string, len(g.Lm))
		for i, l := range g.Lm {
			keys[i] = prefix + g.RS.Landmarks[l.Landmark].ID
		}
		g.lmKeys = keys
	}
	return g.lmKeys[li]
}

// resolve starts an attack, march or force by warrior wi for player p: its
// map bonuses are added (their cards flip), then the step that asks where
// and whom.
func (g *Game) resolve(p, wi int, ab table.Ability) {
	switch ab.Keyword {
	case table.Attack, table.Force:
		kind, icon := stepAttack, table.AttackBonus
		if ab.Keyword == table.Force {
			kind, icon = stepForce, table.ForceBonus
		}
		b := g.bonus(wi, append(longBonus(ab), icon)...)
		if !g.W[wi].Alive || g.over {
			return
		}
		g.push(step{Kind: kind, Seat: p, W: wi, Ab: ab, Bonus: b})
	case table.March:
		mv := int(ab.Value) + g.bonus(wi, table.MovementBonus)[table.MovementBonus]
		g.push(step{Kind: stepMarch, Seat: p, W: wi, Move: mv})
	}
}

// damaged is called when warrior wi took damage and still stands: its
// card's "when damaged" special is offered as soon as the damage is dealt
// (before the rest of what dealt it resolves).
func (g *Game) damaged(wi int) {
	w := g.W[wi]
	set := g.P[w.Player].Set
	sp, src := &set.HeroSpecial, "hero"
	if w.Minion {
		sp, src = &set.MinionSpecial, "minion"
	}
	if sp.When == table.WhenDamaged {
		g.triggers = append(g.triggers, step{Kind: stepSpecial, Seat: w.Player, Src: src})
	}
}

// happening is something a warrior did or underwent that event specials
// answer (docs/battlecrest.md, "Triggers").
type happening struct {
	kind table.Timing // Moves (any movement), Attacks, IsAttacked or IsDefeated
	own  bool         // Moves: a movement of its own (a Move or a march), not a force
	subj int          // the warrior it happened to
	by   int          // IsAttacked: the attacker; else -1
	from Pos          // Moves: where the movement started
	at   Pos          // where subj is (Moves: ended; IsDefeated: stood)
}

// event queues the specials that happening h triggers: each warrior's
// (not subj's) whose timing, subject and distance match, the active
// player's first, hero before minion. Each is queued for its own player
// on either turn; whether it may be used is decided when its turn to
// resolve comes (decide), as for every conditional special.
func (g *Game) event(h happening) {
	for k := range 2 {
		p := g.Active ^ k
		set := g.P[p].Set
		for m := range 2 {
			wi := 2*p + m
			sp, src := &set.HeroSpecial, "hero"
			if m == 1 {
				if !set.HasMinion {
					break
				}
				sp, src = &set.MinionSpecial, "minion"
			}
			if !sp.When.Event() || wi == h.subj || !g.W[wi].Alive || !g.answers(sp, wi, h) {
				continue
			}
			aim := h.subj
			if sp.Aim == table.AimAttacker {
				aim = h.by
			}
			g.triggers = append(g.triggers, step{Kind: stepSpecial, Seat: p, Src: src, W: aim})
		}
	}
}

// answers reports whether warrior wi's event special sp answers h: its
// subject is h's warrior, and its timing and distance (from wi, counted
// orthogonally) fit.
func (g *Game) answers(sp *table.Special, wi int, h happening) bool {
	me, o := g.W[wi], g.W[h.subj]
	switch sp.Who {
	case table.AnEnemy:
		if o.Player == me.Player {
			return false
		}
	case table.EnemyHero:
		if o.Player == me.Player || o.Minion {
			return false
		}
	case table.EnemyMinion:
		if o.Player == me.Player || !o.Minion {
			return false
		}
	case table.AnAlly:
		if o.Player != me.Player {
			return false
		}
	}
	near := sp.Near.Holds(Dist(h.at, me.Pos))
	switch sp.When {
	case table.Moves:
		return h.kind == table.Moves && near
	case table.EndsMove:
		return h.kind == table.Moves && h.own && near
	case table.Enters:
		return h.kind == table.Moves && near && !sp.Near.Holds(Dist(h.from, me.Pos))
	case table.Leaves:
		return h.kind == table.Moves && !near && sp.Near.Holds(Dist(h.from, me.Pos))
	}
	return h.kind == sp.When && near
}
