package tropera

import "github.com/roundtable-dev/roundtable/engine/tropera/table"

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
// are built once per battle (newShell) and shared by its clones: callers only
// read them, and a list per call was Tropera's largest allocation site.
func (b *Battle) neighbours(t int) []int { return b.nbrs[t] }

// neighbourLists lists every tile's neighbours on a map w by h, in one
// backing array; each list's capacity is its length, so an append to one
// cannot write into the next.
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
	best := make([]int, len(b.tiles))
	for t := range best {
		best[t] = -1
	}
	if u.At < 0 {
		return best
	}
	occ := make([]int8, len(b.tiles)) // 0 free, 1 ally, 2 foe
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
	frontier := [][]int{{u.At}}
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
				for len(frontier) <= c+k {
					frontier = append(frontier, nil)
				}
				frontier[c+k] = append(frontier[c+k], n)
			}
		}
	}
	for t, o := range occ {
		if o != 0 {
			best[t] = -1
		}
	}
	return best
}

// PathCost is the cheapest way for u from its tile to t ignoring its
// budget (for policies heading somewhere), or -1.
func (b *Battle) PathCost(u *BUnit, t int) int { return b.Reach(u, 1<<20)[t] }
