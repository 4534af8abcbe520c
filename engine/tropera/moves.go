package tropera

import (
	"sync"

	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// Dist is the distance between two tiles of a map width wide: spaces
// counted along files and ranks (no diagonals).
func Dist(a, b, width int) int {
	dx, dy := a%width-b%width, a/width-b/width
	if dx < 0 {
		dx = -dx
	}
	if dy < 0 {
		dy = -dy
	}
	return dx + dy
}

func (b *Battle) dist(a, c int) int { return Dist(a, c, int(b.m.Width)) }

// neighbours are the tiles next to t (north, east, south, west). The lists
// are built once per map size (newShell) and shared by every battle and
// clone: callers only read them, and a list per call was Tropera's largest
// allocation site.
func (b *Battle) neighbours(t int) []int { return b.nbrs[t] }

// neighbourLists lists every tile's neighbours on a map w by h, in one
// backing array; each list's capacity is its length, so an append to one
// cannot write into the next.
// neighbourCache holds neighbourLists by map size: every battle on a map of a
// size shares one (read-only, as clones share theirs) instead of listing
// them anew for each battle of a sim.
var neighbourCache sync.Map // [2]int{w, h} -> [][]int

// sharedNeighbourLists is neighbourLists(w, h), listed once per size.
func sharedNeighbourLists(w, h int) [][]int {
	if l, ok := neighbourCache.Load([2]int{w, h}); ok {
		return l.([][]int)
	}
	l, _ := neighbourCache.LoadOrStore([2]int{w, h}, neighbourLists(w, h))
	return l.([][]int)
}

func neighbourLists(w, h int) [][]int {
	flat := make([]int, 0, 4*w*h)
	out := make([][]int, w*h)
	for t := range out {
		x, y := t%w, t/w
		lo := len(flat)
		if y+1 < h {
			flat = append(flat, t+w)
		}
		if x+1 < w {
			flat = append(flat, t+1)
		}
		if y > 0 {
			flat = append(flat, t-w)
		}
		if x > 0 {
			flat = append(flat, t-1)
		}
		out[t] = flat[lo:len(flat):len(flat)]
	}
	return out
}

// flies reports whether u flies now: a flying feat, not grounded by
// adverse weather ("grounded with a -2 movement penalty during adverse
// weather").
func (b *Battle) flies(u *BUnit) bool { return u.Combat.Flies && b.def.Weather != table.Adverse }

// MoveStat is u's Movement in this battle: its stat, a performance's
// boost, -2 for fliers in adverse weather.
func (b *Battle) MoveStat(u *BUnit) int {
	n := u.Move + int(b.boost(u).Move)
	if u.Combat.Flies && b.def.Weather == table.Adverse {
		n -= 2
	}
	return max(0, n)
}

// Allowance is the movement u has this turn: its Movement, doubled by
// Dash ("doubling your movement distance for this turn"); 0 while grappled
// ("their movement becomes 0") or embarked.
func (b *Battle) Allowance(u *BUnit) int {
	if u.Embarked >= 0 || b.has(u, "grappled") {
		return 0
	}
	n := b.MoveStat(u)
	if u.T.Dashed {
		n *= 2
	}
	return n
}

// Cost is what entering tile t costs u, or 0 when u cannot enter it:
//   - normal ground 1;
//   - difficult ground 2, 3 for the Mounted ("3 for characters with the
//     Mounted feat"), 1 for fliers and Guerilla;
//   - impassable ground: fliers cross all but walls at 1; Guerilla crosses
//     it, cliffs and walls aside, "as if it were difficult terrain": 2;
//     nobody else.
func (b *Battle) Cost(u *BUnit, t int) int {
	tr := b.Terrain(t)
	switch tr.Move {
	case table.Normal:
		return 1
	case table.Difficult:
		switch {
		case b.flies(u) || u.Combat.Guerilla:
			return 1
		case u.Combat.Mounted:
			return 3
		}
		return 2
	}
	switch {
	case tr.Wall:
		return 0
	case b.flies(u):
		return 1
	case u.Combat.Guerilla && !tr.Cliff:
		return 2
	}
	return 0
}

// CanStand reports whether u may stand on tile t's ground.
func (b *Battle) CanStand(u *BUnit, t int) bool { return b.Cost(u, t) > 0 }

// Reach is what moving from its tile costs u, per tile (-1: out of reach)
// with budget movement; a difficult tile needs that much movement left.
// Allies may be passed, foes may not (unless the unit is a Thief); no move
// ends on another unit (its own tile costs 0).
func (b *Battle) Reach(u *BUnit, budget int) []int {
	var sc scratch
	return b.reachInto(&sc, u, budget)
}

// reach is Reach in the battle's own memory (policies and action lists
// ask it for every unit on every decision): valid until the next reach.
func (b *Battle) reach(u *BUnit, budget int) []int {
	return b.reachInto(b.scratch(), u, budget)
}

func (b *Battle) reachInto(sc *scratch, u *BUnit, budget int) []int {
	best := resize(sc.reach, len(b.tiles))
	sc.reach = best
	for t := range best {
		best[t] = -1
	}
	if u.At < 0 {
		return best
	}
	occ := resize(sc.occ, len(b.tiles)) // 0 free, 1 ally, 2 foe
	sc.occ = occ
	clear(occ)
	for _, o := range b.Units {
		if o.At >= 0 && o != u {
			if o.Side == u.Side {
				occ[o.At] = 1
			} else {
				occ[o.At] = 2
			}
		}
	}
	best[u.At] = 0
	// A small Dijkstra by buckets: costs are 1 to 3.
	frontier := buckets(sc.frontier[:0], 0)
	frontier[0] = append(frontier[0], u.At)
	for c := 0; c < len(frontier); c++ {
		for _, t := range frontier[c] {
			if best[t] != c {
				continue
			}
			for _, n := range b.neighbours(t) {
				k := b.Cost(u, n)
				if k == 0 || c+k > budget || occ[n] == 2 && !u.Combat.PassFoes {
					continue
				}
				if old := best[n]; old >= 0 && old <= c+k {
					continue
				}
				best[n] = c + k
				frontier = buckets(frontier, c+k)
				frontier[c+k] = append(frontier[c+k], n)
			}
		}
	}
	sc.frontier = frontier
	for t, o := range occ {
		if o != 0 {
			best[t] = -1
		}
	}
	return best
}

// scratch is memory a battle reuses from one decision to the next for
// what its policy and action lists compute per unit (reach, goal
// distances); clones never share it.
type scratch struct {
	reach, dist, goals []int
	occ                []int8
	frontier           [][]int
	keyLen             []int    // dedupe: the texts' lengths
	keyHash            []uint64 // and hashes
	stand              []int    // bestPlan's tiles
}

func (b *Battle) scratch() *scratch {
	if b.sc == nil {
		b.sc = &scratch{}
	}
	return b.sc
}

// resize is s with length n, reusing its memory when it is large enough;
// its contents are left to the caller.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// buckets is f grown to hold bucket k; buckets added are empty and reuse
// the memory of the ones f held before.
func buckets(f [][]int, k int) [][]int {
	for len(f) <= k {
		if len(f) < cap(f) {
			f = f[:len(f)+1]
			f[len(f)-1] = f[len(f)-1][:0]
		} else {
			f = append(f, nil)
		}
	}
	return f
}

// PathCost is the cheapest way for u from its tile to t ignoring its
// budget (for policies heading somewhere), or -1.
func (b *Battle) PathCost(u *BUnit, t int) int { return b.Reach(u, 1<<20)[t] }
