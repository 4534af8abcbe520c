package tropera

import (
	"slices"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// Greedy is the built-in player of either seat. For the enemy it is the
// rulebook's enemy levels ("Enemy Actions"), unit by unit:
//   - Mob: "solely prioritize the easiest targets to hit above all other
//     concerns": the attack with the highest hit chance;
//   - Army: "consider both chance to hit and chance to be hit by
//     counterattacks ... but take less notice of how much damage": its hit
//     chance less the counterattack's (0 when none can come);
//   - Elite: "prioritize targets based on a trade off of their likelihood
//     to defeat the target with their turn, and the likelihood of being
//     defeated themself", and picks which Elite acts first the same way.
//
// Mob and Army units act in numerical order because only that order is
// legal. The party plays like an Elite that also heals, searches and
// goes for its objective.
type Greedy struct{ seat int }

// NewGreedy is a play.PolicyMaker for Greedy.
func NewGreedy(_ uint64, seat int) play.Policy { return &Greedy{seat: seat} }

// plan is one way a unit can spend its turn: where to stand and what to
// do there.
type plan struct {
	score float64
	tile  int    // where to stand
	text  string // the main action from there ("" none)
}

// Choose implements play.Policy.
func (g *Greedy) Choose(m play.Match) int {
	b := m.(*Battle)
	acts := b.acts()
	index := func(text string) int {
		return b.indexText(acts, text)
	}
	switch {
	case b.deploying:
		return b.placeChoice(acts)
	case b.pending != nil:
		// Cleave: the foe it is likeliest to finish.
		best, bestHP := 0, 1<<30
		for k, a := range acts {
			if hp := b.Units[int(a.t)].HP; hp < bestHP {
				best, bestHP = k, hp
			}
		}
		return best
	}
	u := b.active
	if u < 0 {
		// Who acts: the candidate with the best plan (for Mob and Army the
		// order leaves one).
		var cands []int
		for _, a := range acts {
			if int(a.u) >= 0 && !slices.Contains(cands, int(a.u)) {
				cands = append(cands, int(a.u))
			}
		}
		if len(cands) == 0 {
			return index("end phase")
		}
		u = cands[0]
		if len(cands) > 1 {
			best := -1e18
			for _, c := range cands {
				if p := b.bestPlan(c); p.score > best {
					best, u = p.score, c
				}
			}
		}
	}
	if k := b.bonusChoice(u, index); k >= 0 {
		return k
	}
	p := b.bestPlan(u)
	me := b.Units[u]
	if p.tile != me.At && me.At >= 0 {
		if k := index(me.ID + " move " + b.tileName(p.tile)); k >= 0 {
			return k
		}
	}
	if p.text != "" {
		if k := index(p.text); k >= 0 {
			return k
		}
	}
	if k := index(me.ID + " defend"); k >= 0 && me.HP > 0 && !me.T.Main {
		return k
	}
	if k := index(me.ID + " wait"); k >= 0 {
		return k
	}
	return 0
}

// placeChoice puts fighters nearest the enemy and healers farthest.
func (b *Battle) placeChoice(acts []act) int {
	if len(acts) == 1 {
		return 0
	}
	u := b.Units[acts[0].u]
	healer := slices.ContainsFunc(u.Weapons, func(c Carry) bool { return b.rs.Weapons[c.ID].Type == table.Staff })
	best, bestD := 0, 0
	for k, a := range acts {
		d := 1 << 20
		for _, o := range b.Units {
			if o.Side == Enemy && o.At >= 0 {
				d = min(d, b.dist(int(a.tile), o.At))
			}
		}
		if healer {
			d = -d
		}
		if k == 0 || d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// bonusChoice takes a bonus action worth taking before anything else:
// a laguz without a weapon transforms; a searcher searches; a unit on a
// siege space with foes in its reach embarks.
func (b *Battle) bonusChoice(i int, index func(string) int) int {
	u := b.Units[i]
	if u.T.Bonus || u.T.Main {
		return -1
	}
	if b.rs.Laguz(u.Char) >= 0 && !u.Beast {
		if k := index(u.ID + " transform"); k >= 0 {
			return k
		}
	}
	if k := index(u.ID + " search"); k >= 0 {
		return k
	}
	if u.Embarked < 0 {
		for _, s := range b.m.Siege {
			if int(s.Tile) == u.At && len(b.foesWithin(u, u.At, &b.rs.Weapons[s.Weapon])) > 0 {
				if k := index(u.ID + " embark"); k >= 0 {
					return k
				}
			}
		}
	}
	return -1
}

func (b *Battle) foesWithin(u *BUnit, from int, w *table.Weapon) []int {
	var out []int
	for j, o := range b.Units {
		if foe(u, o) && o.At >= 0 && b.inRange(u, w, b.dist(from, o.At)) {
			out = append(out, j)
		}
	}
	return out
}

// bestPlan is unit i's best use of its turn by its level's priorities.
func (b *Battle) bestPlan(i int) plan {
	u := b.Units[i]
	if u.At < 0 {
		return plan{score: -1e9, tile: u.At}
	}
	sc := b.scratch()
	tiles := append(sc.stand[:0], u.At)
	canMove := !u.T.Moved && !u.T.Main || u.T.Extra
	if canMove && u.Revived != b.round {
		for t, c := range b.reach(u, b.Allowance(u)-u.T.Spent) {
			if c > 0 {
				tiles = append(tiles, t)
			}
		}
	}
	sc.stand = tiles
	best := plan{score: -1e9, tile: u.At}
	home := u.At
	acting := !u.T.Main && u.Revived != b.round
	dist := b.goalDistances(u)
	if acting {
		for _, t := range tiles {
			u.At = t
			b.plansAt(i, t, dist, &best)
		}
		u.At = home
	}
	if best.text != "" {
		return best
	}
	// The party holds its ground when foes are near and no objective calls
	// it on: let them come into reach (the enemy levels always close in).
	if u.Side == Party && (b.def.Objective == table.Rout || b.def.Objective == table.Defend) {
		for _, o := range b.Units {
			if foe(u, o) && o.At >= 0 && b.dist(u.At, o.At) <= 2*b.MoveStat(o)+2 {
				return plan{score: 0, tile: u.At}
			}
		}
	}
	// Nothing to do where it can stand: head for its goal.
	bestD, bestAv := 1<<30, -1
	for _, t := range tiles {
		d := dist[t]
		if d < 0 {
			d = 1 << 29
		}
		av := int(b.Terrain(t).Avoid)
		if d < bestD || d == bestD && av > bestAv {
			bestD, bestAv, best.tile = d, av, t
		}
	}
	best.score = -float64(bestD)
	return best
}

// plansAt puts in best each plan of unit i standing on tile t that scores
// higher; dist is the movement to its goal from each tile. A plan's text
// is built only when it is kept.
func (b *Battle) plansAt(i, t int, dist []int, best *plan) {
	u := b.Units[i]
	// Doors and walls on the way to the goal: open or break them.
	closer := func(x int) bool { return dist[x] >= 0 && (dist[t] < 0 || dist[x] < dist[t]) }
	for _, x := range b.neighbours(t) {
		if !b.Terrain(x).Door || !closer(x) {
			continue
		}
		for _, c := range u.Items {
			if b.rs.Items[c.ID].Opens {
				if s := float64(60); s > best.score {
					*best = plan{score: s, tile: t, text: u.ID + " use " + b.rs.Items[c.ID].ID + " on " + b.tileName(x)}
				}
			}
		}
		if u.Combat.Steal {
			if s := float64(61); s > best.score {
				*best = plan{score: s, tile: t, text: u.ID + " pick " + b.tileName(x)}
			}
		}
	}
	var wb weaponBuf
	for _, w := range b.appendWieldable(wb[:0], u) {
		wt := &b.rs.Weapons[w]
		if wt.Type == table.Staff || wt.Siege {
			continue
		}
		for x := range b.within(t, int(wt.MaxRange)) {
			if tr := b.Terrain(x); tr.Destructible && b.tileHP[x] > 0 && closer(x) && b.inRange(u, wt, b.dist(t, x)) {
				if s := float64(15); s > best.score {
					*best = plan{score: s, tile: t, text: u.ID + " attack tile " + b.tileName(x) + " with " + wt.ID}
				}
			}
		}
	}
	// Objectives first.
	if u.Side == Party && slices.Contains(b.def.Tiles, int16(t)) {
		switch b.def.Objective {
		case table.Seize:
			if s := float64(1e6); s > best.score {
				*best = plan{score: s, tile: t, text: u.ID + " seize"}
			}
		case table.Escape:
			if s := float64(1e6); s > best.score {
				*best = plan{score: s, tile: t, text: u.ID + " escape"}
			}
		}
	}
	// Healing staves on hurt allies.
	for _, c := range u.Weapons {
		wt := &b.rs.Weapons[c.ID]
		if wt.Type != table.Staff || wt.Hostile || !b.rs.CanUse(u.Char, c.ID, u.Beast, c.Uses) {
			continue
		}
		for j, o := range b.Units {
			if j == i || o.Side != u.Side || o.At < 0 || !o.Present() {
				continue
			}
			d := b.dist(t, o.At)
			missing := int(o.Stats[table.HP]) - o.HP
			if d < int(wt.MinRange) || d > int(wt.MaxRange) || missing <= 0 {
				continue
			}
			score := float64(missing) * 10
			if o.HP <= 0 {
				score += 500
			}
			if s := score; s > best.score {
				*best = plan{score: s, tile: t, text: u.ID + " cast " + wt.ID + " on " + o.ID}
			}
		}
	}
	// Attacks.
	for _, w := range b.appendWieldable(wb[:0], u) {
		wt := &b.rs.Weapons[w]
		if wt.Type == table.Staff || b.usesOf(u, w) == 0 {
			continue
		}
		for _, j := range b.foesWithin(u, t, wt) {
			if b.ignores(u, j) {
				continue
			}
			if s := b.attackScore(i, j, w, t); s > best.score {
				*best = plan{score: s, tile: t, text: u.ID + " attack " + b.Units[j].ID + " with " + wt.ID}
			}
		}
	}
	// A vulnerary when badly hurt.
	if u.HP*3 < int(u.Stats[table.HP]) {
		for _, c := range u.Items {
			if it := &b.rs.Items[c.ID]; it.Heal > 0 && c.Uses != 0 {
				if s := float64(30); s > best.score {
					*best = plan{score: s, tile: t, text: u.ID + " use " + it.ID}
				}
			}
		}
	}
}

// attackScore rates i attacking j with weapon w from tile t by i's level.
func (b *Battle) attackScore(i, j int, w int16, t int) float64 {
	u, o := b.Units[i], b.Units[j]
	equip := u.Equip
	u.Equip = w
	b.prime(i)
	b.prime(j)
	b.quickDrawPeek(j, i)
	f := NewForecast(&u.Unit, &o.Unit, b.dist(t, o.At))
	u.Equip = equip
	b.arm(i)
	b.arm(j)
	level := table.Elite
	if u.Side == Enemy {
		level = u.Level
	}
	switch level {
	case table.Mob:
		// The easiest target to hit, then the nearest.
		return float64(f.Attacker.Hit)*100 - float64(b.dist(t, u.At))
	case table.Army:
		// The chance to hit against the chance to be hit back; no damage.
		counter := 0
		if f.Defender.Attacks > 0 {
			counter = f.Defender.Hit
		}
		return float64(f.Attacker.Hit-counter) - float64(b.dist(t, u.At))/100
	}
	kill := killChance(f.Attacker, u.Combat.Gamble, o.HP)
	die := killChance(f.Defender, o.Combat.Gamble, u.HP)
	dmg := pHit(f.Attacker.Hit, u.Combat.Gamble) * float64(f.Attacker.Damage*f.Attacker.Attacks) / float64(max(1, o.HP))
	return 100*kill - 100*die + 10*min(dmg, 1) + float64(b.Terrain(t).Avoid)/100
}

// quickDrawPeek lets a Quick Draw defender's weapon count in a forecast
// as the Attack would find it.
func (b *Battle) quickDrawPeek(d, a int) {
	if b.Units[d].Combat.QuickDraw {
		keep := b.Units[d].Equip
		b.quickDraw(d, a)
		b.Units[d].Equip = keep
		b.prime(d)
	}
}

// goalDistances is, for each tile, how much movement u needs from it to
// its goal, ignoring other units: the objective's tiles for the party
// (seize, escape), the defended tiles for the enemy, otherwise the foes.
//
// The result is the battle's memory: valid until the next call.
func (b *Battle) goalDistances(u *BUnit) []int {
	goals := b.scratch().goals[:0]
	switch {
	case u.Side == Party && (b.def.Objective == table.Seize || b.def.Objective == table.Escape):
		for _, t := range b.def.Tiles {
			goals = append(goals, int(t))
		}
	case u.Side == Enemy && b.def.Objective == table.Defend && len(b.def.Tiles) > 0:
		for _, t := range b.def.Tiles {
			goals = append(goals, int(t))
		}
	default:
		for _, o := range b.Units {
			if foe(u, o) && o.At >= 0 {
				goals = append(goals, b.neighbours(o.At)...)
			}
		}
	}
	sc := b.scratch()
	dist := resize(sc.dist, len(b.tiles))
	sc.dist = dist
	for k := range dist {
		dist[k] = -1
	}
	// A door or a destructible wall counts as ground at 3: it can be opened.
	cost := func(t int) int {
		if k := b.Cost(u, t); k > 0 {
			return k
		}
		if tr := b.Terrain(t); (tr.Door || tr.Destructible) && tr.Becomes >= 0 {
			return 3
		}
		return 0
	}
	sc.goals = goals
	frontier := buckets(sc.frontier[:0], 0)
	for _, g := range goals {
		if cost(g) > 0 && dist[g] < 0 {
			dist[g] = 0
			frontier[0] = append(frontier[0], g)
		}
	}
	for c := 0; c < len(frontier); c++ {
		for _, t := range frontier[c] {
			if dist[t] != c {
				continue
			}
			k := cost(t) // entering t from a neighbour costs t's cost
			for _, n := range b.neighbours(t) {
				if cost(n) == 0 {
					continue
				}
				if dist[n] >= 0 && dist[n] <= c+k {
					continue
				}
				dist[n] = c + k
				frontier = buckets(frontier, c+k)
				frontier[c+k] = append(frontier[c+k], n)
			}
		}
	}
	sc.frontier = frontier
	return dist
}

// pHit is the chance an attack of hit chance h hits: with True Hit (h of
// 60 or more, no Gamble) two d100s averaged at most h.
func pHit(h int, gamble bool) float64 {
	if h <= 0 {
		return 0
	}
	if h >= 100 {
		return 1
	}
	if h < TrueHit || gamble {
		return float64(h) / 100
	}
	return float64(pairsAtMost(2*h)) / 10000
}

// pairsAtMost counts pairs of d100s whose sum is at most s.
func pairsAtMost(s int) int {
	n := 0
	for r := 1; r <= 100; r++ {
		if k := s - r; k >= 1 {
			n += min(k, 100)
		}
	}
	return n
}

// killChance is the chance a side's attacks take hp (criticals x3).
func killChance(s Side, gamble bool, hp int) float64 {
	if hp <= 0 || s.Attacks == 0 || s.Damage == 0 {
		return 0
	}
	ph := pHit(s.Hit, gamble)
	pc := min(pHit(s.Crit, gamble), ph)
	// probs[k]: the chance k HP are left (0: taken). Two lists in turn, on
	// the stack for the usual hit points.
	var mem [2][64]float64
	probs, next := mem[0][:], mem[1][:]
	if hp+1 > len(probs) {
		probs, next = make([]float64, hp+1), make([]float64, hp+1)
	}
	probs, next = probs[:hp+1], next[:hp+1]
	clear(probs)
	probs[hp] = 1
	for range s.Attacks {
		clear(next)
		next[0] = probs[0]
		for left := 1; left <= hp; left++ {
			p := probs[left]
			next[left] += p * (1 - ph)
			next[max(0, left-s.Damage)] += p * (ph - pc)
			next[max(0, left-3*s.Damage)] += p * pc
		}
		probs, next = next, probs
	}
	return probs[0]
}
