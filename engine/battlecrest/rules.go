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

// choose asks player p to pick one of labels: from the replay script, the
// look-ahead default (0), or the player's policy.
func (g *Game) choose(p int, what string, labels []string) int {
	var i int
	switch {
	case len(labels) == 1:
		return 0 // no choice: nothing to ask or replay
	case g.cursor < len(g.script):
		i = g.script[g.cursor]
		g.cursor++
	case g.sim:
		i = 0
	default:
		i = g.Pol[p].Choose(g, p, what, labels)
	}
	if i < 0 || i >= len(labels) {
		i = 0
	}
	g.trail = append(g.trail, i)
	return i
}

// Play plays turns until a hero is defeated or MaxTurns pass.
func (g *Game) Play() {
	for !g.Over {
		g.PlayTurn()
	}
}

// PlayTurn plays the active player's turn: two different player actions.
func (g *Game) PlayTurn() {
	if g.Over {
		return
	}
	if g.Turn >= MaxTurns {
		g.Over, g.Reason = true, fmt.Sprintf("no hero defeated in %d turns", MaxTurns)
		return
	}
	g.Turn++
	g.used, g.doneTypes = map[string]bool{}, nil
	p := g.Active
	for range 2 {
		if g.Over {
			return
		}
		if !g.playerAction() {
			g.emit(p, "pass", "no other player action would change the game")
			break
		}
	}
	g.Active = 1 - p
}

type option struct {
	kind    string
	warrior int
	dest    Pos
	card    int
}

func (g *Game) done(kind string) bool { return slices.Contains(g.doneTypes, kind) }

// Options lists the player actions the active player may choose now, each
// one that changes the game (rulebook: Gameplay).
func (g *Game) options() []option {
	p := g.Active
	var out []option
	if !g.done(ActMove) {
		for _, wi := range []int{2 * p, 2*p + 1} {
			for _, d := range g.moveDests(wi) {
				out = append(out, option{kind: ActMove, warrior: wi, dest: d})
			}
		}
	}
	exhausted := false
	for k, c := range g.P[p].Cards {
		exhausted = exhausted || c.Exhausted
		if c.Exhausted {
			continue
		}
		if !g.done(ActActivate) && len(g.plans(p, k)) > 0 {
			out = append(out, option{kind: ActActivate, card: k})
		}
	}
	if !g.done(ActPrime) {
		for k, c := range g.P[p].Cards {
			if !c.Exhausted {
				out = append(out, option{kind: ActPrime, card: k})
			}
		}
	}
	if !g.done(ActRefocus) && exhausted {
		out = append(out, option{kind: ActRefocus})
	}
	return out
}

func (g *Game) label(o option) string {
	switch o.kind {
	case ActMove:
		return fmt.Sprintf("move %s to %s", g.W[o.warrior].Name, o.dest)
	case ActActivate, ActPrime:
		return o.kind + " " + g.side(g.P[g.Active].Cards[o.card]).Name
	}
	return o.kind
}

// playerAction chooses and performs one player action; false when none
// is possible.
func (g *Game) playerAction() bool {
	if !g.sim {
		g.start, g.trail = g.clone(), nil
	}
	p := g.Active
	opts := g.options()
	if len(opts) == 0 {
		return false
	}
	labels := make([]string, len(opts))
	for i, o := range opts {
		labels[i] = g.label(o)
	}
	o := opts[g.choose(p, "action", labels)]
	g.doneTypes = append(g.doneTypes, o.kind)
	switch o.kind {
	case ActMove:
		g.move(o.warrior, o.dest)
		other := 2*p + 1
		if o.warrior == other {
			other = 2 * p
		}
		if g.Over || !g.W[other].Alive {
			return true
		}
		ds := g.moveDests(other)
		if len(ds) == 0 {
			return true
		}
		labels := []string{"done"}
		for _, d := range ds {
			labels = append(labels, fmt.Sprintf("move %s to %s", g.W[other].Name, d))
		}
		if i := g.choose(p, "move", labels); i > 0 {
			g.move(other, ds[i-1])
		}
	case ActActivate:
		g.activate(p, o.card)
	case ActPrime:
		g.P[p].Cards[o.card].Exhausted = true
		g.emit(p, ActPrime, g.side(g.P[p].Cards[o.card]).Name)
	case ActRefocus:
		var names []string
		for k := range g.P[p].Cards {
			c := &g.P[p].Cards[k]
			if c.Exhausted {
				c.Side, c.Exhausted = 1-c.Side, false
				names = append(names, g.side(*c).Name)
			}
		}
		g.emit(p, ActRefocus, strings.Join(names, ", "))
	}
	return true
}

// steps are the spaces one move from p: orthogonal neighbours and the exits
// of shortcuts touching p (rulebook: Map Shortcuts).
func (g *Game) steps(p Pos) []Pos {
	out := make([]Pos, 0, 6)
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
	w := g.W[wi]
	cur := map[Pos]int{w.Pos: 0}
	best := map[Pos]int{}
	for range mv {
		next := map[Pos]int{}
		for p, hz := range cur {
			for _, q := range g.steps(p) {
				if !g.isSpace(q) {
					continue
				}
				if o := g.at(q); o >= 0 && o != wi && !force && g.W[o].Player != w.Player {
					continue
				}
				h := hz + g.hazardAt(q)
				if old, ok := next[q]; !ok || h < old {
					next[q] = h
				}
			}
		}
		for q, h := range next {
			if o := g.at(q); q == w.Pos || (o >= 0 && o != wi) {
				continue
			}
			if old, ok := best[q]; !ok || h < old {
				best[q] = h
			}
		}
		cur = next
	}
	return best
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
		for _, q := range g.steps(p) {
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
// look-ahead's default), then by row and column.
func (g *Game) sorted(wi int, m map[Pos]int) []Pos {
	ds := make([]Pos, 0, len(m))
	for d := range m {
		ds = append(ds, d)
	}
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
	c := g.clone()
	c.sim = true
	mv := c.Movement(wi) + c.bonus(wi, table.MovementBonus)[table.MovementBonus]
	if !c.W[wi].Alive {
		return nil
	}
	return c.sorted(wi, c.Reach(wi, mv, false))
}

// move moves warrior wi to dest with a Move action or march: the movement
// bonus where it starts, then the way with the fewest hazards.
func (g *Game) move(wi int, dest Pos) {
	mv := g.Movement(wi) + g.bonus(wi, table.MovementBonus)[table.MovementBonus]
	g.walk(wi, dest, mv, false, false, ActMove)
}

// walk moves wi to dest by the way with the fewest hazards, or with the
// most when most is set (an enemy forced).
func (g *Game) walk(wi int, dest Pos, mv int, force, most bool, why string) {
	if !g.W[wi].Alive || g.Over {
		return
	}
	ways := g.Reach(wi, mv, force)
	if most {
		ways = g.reachMost(wi, mv)
	}
	hz, ok := ways[dest]
	if !ok {
		g.emit(g.W[wi].Player, why, g.W[wi].Name+" can no longer reach "+dest.String())
		return
	}
	from := g.W[wi].Pos
	g.W[wi].Pos = dest
	g.emit(g.Active, why, fmt.Sprintf("%s %s -> %s", g.W[wi].Name, from, dest))
	for range hz {
		g.Damage(wi, 1, "hazard")
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
	var out []int
	w := g.W[wi]
	for i, t := range g.W {
		if !t.Alive || i == wi || !InRange(ab.Range, reach, w.Pos, t.Pos) {
			continue
		}
		if ab.Keyword == table.Attack && t.Player == w.Player {
			continue
		}
		if ab.Keyword == table.Force && len(g.Reach(i, int(ab.Value)+more, true)) == 0 {
			continue
		}
		out = append(out, i)
	}
	return out
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
		reach, more := int(ab.Reach), 0
		if ab.Range == table.Long {
			reach += g.bonusPeek(wi, table.RangeBonus)
		}
		if ab.Keyword == table.Force {
			more = g.bonusPeek(wi, table.ForceBonus)
		}
		return len(g.targets(wi, ab, reach, more)) > 0
	case table.March:
		return len(g.Reach(wi, int(ab.Value)+g.bonusPeek(wi, table.MovementBonus), false)) > 0
	case table.Star:
		return len(g.stars(p)) > 0
	}
	return false
}

// plans lists which abilities of card k may be resolved: both, or one
// skipped (rulebook: Multiple-Ability Cards); never none.
func (g *Game) plans(p, k int) [][]int {
	abs := g.side(g.P[p].Cards[k]).Abilities
	hero := 2 * p
	var out [][]int
	if g.usable(p, hero, abs[0]) {
		if len(abs) == 2 {
			out = append(out, []int{0, 1})
		}
		out = append(out, []int{0})
	}
	if len(abs) == 2 && g.usable(p, hero, abs[1]) {
		out = append(out, []int{1})
	}
	return out
}

// activate exhausts card k and resolves its abilities (rulebook: Activate).
func (g *Game) activate(p, k int) {
	plans := g.plans(p, k)
	c := &g.P[p].Cards[k]
	side := g.side(*c)
	labels := make([]string, len(plans))
	for i, pl := range plans {
		var ws []string
		for _, a := range pl {
			ws = append(ws, describe(side.Abilities[a]))
		}
		labels[i] = strings.Join(ws, " then ")
	}
	pi := g.choose(p, "abilities", labels)
	plan := plans[pi]
	c.Exhausted = true
	g.emit(p, ActActivate, side.Name+": "+labels[pi])
	for _, a := range plan {
		if g.Over {
			return
		}
		ab := side.Abilities[a]
		if !g.usable(p, 2*p, ab) {
			g.emit(p, "fizzle", describe(ab)+" has nothing to do")
			continue
		}
		if ab.Keyword == table.Star {
			g.star(p)
			continue
		}
		g.resolve(p, 2*p, ab)
	}
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
	performer int
	ability   table.Ability
	landmark  int // placed index for a landmark's ability, or -1
}

// stars lists the star-powered abilities player p may use now, each unused
// this turn (rulebook: Star-Powered Abilities).
func (g *Game) stars(p int) []starAbility {
	var out []starAbility
	s := g.P[p].Set
	add := func(sa starAbility) {
		if !g.used[sa.key] && g.usable(p, sa.performer, sa.ability) {
			out = append(out, sa)
		}
	}
	if s.HeroSpecial.Star {
		add(starAbility{"hero", s.HeroSpecial.Name, 2 * p, s.HeroSpecial.Ability, -1})
	}
	if s.HasMinion && s.MinionSpecial.Star && g.W[2*p+1].Alive {
		add(starAbility{"minion", s.MinionSpecial.Name, 2*p + 1, s.MinionSpecial.Ability, -1})
	}
	hero := g.W[2*p]
	for li, l := range g.Lm {
		lm := &g.RS.Landmarks[l.Landmark]
		if d := Dist(hero.Pos, l.Pos); d >= 2 && d <= int(lm.Ability.Reach) {
			add(starAbility{"landmark:" + lm.ID, lm.Ability.Name, 2 * p, lm.Ability.Ability, li})
		}
	}
	return out
}

func (g *Game) star(p int) {
	sas := g.stars(p)
	labels := make([]string, len(sas))
	for i, sa := range sas {
		labels[i] = sa.name + ": " + describe(sa.ability)
	}
	sa := sas[g.choose(p, "star", labels)]
	g.used[sa.key] = true
	g.emit(p, "star", sa.name)
	g.resolve(p, sa.performer, sa.ability)
	if sa.landmark >= 0 && g.RS.Landmarks[g.Lm[sa.landmark].Landmark].Ability.Flip && !g.Over {
		g.Flip(sa.landmark)
	}
}

// resolve resolves an attack, march or force by warrior wi.
func (g *Game) resolve(p, wi int, ab table.Ability) {
	switch ab.Keyword {
	case table.Attack:
		g.attack(p, wi, ab)
	case table.March:
		mv := int(ab.Value) + g.bonus(wi, table.MovementBonus)[table.MovementBonus]
		ds := g.sorted(wi, g.Reach(wi, mv, false))
		if len(ds) == 0 || !g.W[wi].Alive {
			return
		}
		labels := make([]string, len(ds))
		for i, d := range ds {
			labels[i] = "march to " + d.String()
		}
		g.walk(wi, ds[g.choose(p, "march", labels)], mv, false, false, "march")
	case table.Force:
		g.force(p, wi, ab)
	}
}

// pickTargets asks for the first target (map bonuses included) and up to
// ab.Targets-1 more within the printed range and value; "enough" comes last.
func (g *Game) pickTargets(p, wi int, ab table.Ability, firstReach, firstMore int, verb string) []int {
	first := g.targets(wi, ab, firstReach, firstMore)
	if len(first) == 0 {
		return nil
	}
	labels := make([]string, len(first))
	for i, t := range first {
		labels[i] = verb + " " + g.W[t].Name
	}
	chosen := []int{first[g.choose(p, verb, labels)]}
	for len(chosen) < int(ab.Targets) {
		var more []int
		for _, t := range g.targets(wi, ab, int(ab.Reach), 0) {
			if !slices.Contains(chosen, t) {
				more = append(more, t)
			}
		}
		if len(more) == 0 {
			break
		}
		labels := make([]string, 0, len(more)+1)
		for _, t := range more {
			labels = append(labels, verb+" also "+g.W[t].Name)
		}
		labels = append(labels, "no more targets")
		i := g.choose(p, verb, labels)
		if i == len(more) {
			break
		}
		chosen = append(chosen, more[i])
	}
	return chosen
}

// attack resolves an Attack (rulebook: Attack Resolution).
func (g *Game) attack(p, wi int, ab table.Ability) {
	b := g.bonus(wi, append(longBonus(ab), table.AttackBonus)...)
	if !g.W[wi].Alive || g.Over {
		return
	}
	ts := g.pickTargets(p, wi, ab, int(ab.Reach)+b[table.RangeBonus], 0, "attack")
	value := int(ab.Value) + g.Crests(p, ab.Crest)
	for i, t := range ts {
		if g.Over {
			return
		}
		v := value
		if i == 0 {
			v += b[table.AttackBonus]
		}
		g.emit(p, "attack", fmt.Sprintf("%s attacks %s for %d", g.W[wi].Name, g.W[t].Name, v))
		def := g.defend(t)
		if dmg := v - def; dmg > 0 {
			g.Damage(t, dmg, "attack")
		} else {
			g.emit(g.W[t].Player, "damage", g.W[t].Name+" takes no damage")
		}
	}
}

// defend is the defense step for target t: a hero's player may exhaust one
// active action card; a minion always defends with its card.
func (g *Game) defend(t int) int {
	w := g.W[t]
	q := w.Player
	if w.Minion {
		s := 0
		if w.Wounded {
			s = 1
		}
		d := int(g.P[q].Set.MinionSides[s].Defense) + g.bonus(t, table.DefenseBonus)[table.DefenseBonus]
		g.emit(q, "defend", fmt.Sprintf("%s defends with %d", w.Name, d))
		return d
	}
	var ks []int
	for k, c := range g.P[q].Cards {
		if !c.Exhausted {
			ks = append(ks, k)
		}
	}
	value := func(k int) int {
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
	slices.SortStableFunc(ks, func(a, b int) int { return value(b) - value(a) })
	labels := make([]string, 0, len(ks)+1)
	for _, k := range ks {
		labels = append(labels, fmt.Sprintf("defend with %s (%d)", g.side(g.P[q].Cards[k]).Name, value(k)))
	}
	labels = append(labels, "do not defend")
	i := g.choose(q, "defend", labels)
	if i == len(ks) {
		g.emit(q, "defend", w.Name+" does not defend")
		return 0
	}
	k := ks[i]
	g.P[q].Cards[k].Exhausted = true
	d := int(g.side(g.P[q].Cards[k]).Defense) + g.Crests(q, g.side(g.P[q].Cards[k]).DefenseCrest)
	d += g.bonus(t, table.DefenseBonus)[table.DefenseBonus]
	g.emit(q, "defend", fmt.Sprintf("%s exhausts %s and defends with %d", w.Name, g.side(g.P[q].Cards[k]).Name, d))
	return d
}

// force resolves a Force: move other warriors, through any warrior.
func (g *Game) force(p, wi int, ab table.Ability) {
	b := g.bonus(wi, append(longBonus(ab), table.ForceBonus)...)
	if !g.W[wi].Alive || g.Over {
		return
	}
	ts := g.pickTargets(p, wi, ab, int(ab.Reach)+b[table.RangeBonus], b[table.ForceBonus], "force")
	for i, t := range ts {
		if g.Over {
			return
		}
		mv := int(ab.Value)
		if i == 0 {
			mv += b[table.ForceBonus]
		}
		ds := g.sorted(t, g.Reach(t, mv, true))
		if len(ds) == 0 || !g.W[t].Alive {
			continue
		}
		labels := make([]string, len(ds))
		for j, d := range ds {
			labels[j] = fmt.Sprintf("force %s to %s", g.W[t].Name, d)
		}
		g.walk(t, ds[g.choose(p, "force", labels)], mv, true, g.W[t].Player != p, "force")
	}
}
