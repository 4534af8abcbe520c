package annas

import "math/bits"

// turnPicker is Random's Choose for the current player's turn actions
// without building the lists it does not pick from: it counts the deploys
// and DV tile moves (the long lists) and the activations but specials and
// assists, and builds only the group it picks.
// It draws the same random numbers and returns the same action as Choose
// on turnActions (TestRandomTurnPick).
type turnPicker struct {
	acts, rest []Action // activations; discards, gray shifts, shop, bumps
	cm         countedMoves
}

func (r *Random) chooseTurn(g *Game, tp *turnPicker) Action {
	p := g.Current
	if tp.acts == nil {
		tp.acts, tp.rest = make([]Action, 0, 256), make([]Action, 0, 64)
	}
	var bv boardView
	g.boardView(&bv)
	units := bv.occ[0] | bv.occ[1]
	tp.cm.moves = tp.cm.moves[:0]
	tp.acts = g.activationsIn(p, NoTile, &bv, tp.acts[:0], &tp.cm)
	rest := g.discards(p, tp.rest[:0])
	rest = g.grayShifts(p, rest)
	rest = g.shopActions(p, rest)
	rest = g.dvBumps(p, units, rest)
	tp.rest = rest

	var size [groups]int32
	var present [groupWords]uint64 // the groups with an action, as bits
	count := func(k int, n int32) {
		size[k] += n
		if n > 0 {
			present[k>>6] |= 1 << (k & 63)
		}
	}
	count(key(&Action{Kind: EndTurn}), 1)
	count(key(&Action{Kind: Deploy}), int32(g.deployCount(p, &bv)))
	count(key(&Action{Kind: MoveDVTile}), int32(g.dvMoveCount(p, units)))
	// Every tile a unit may move to offers a wait, a work and maybe a
	// retire; acts holds those of some tiles only: the rest of it counts.
	tiles, attacks, captures := 0, 0, 0
	for _, m := range tp.cm.moves {
		tiles += bits.OnesCount64(uint64(m.reach))
		attacks += m.attacks
		captures += bits.OnesCount64(uint64(m.reach & tp.cm.capture))
	}
	retire := g.canRetire(p)
	count(key(&Action{Kind: Activate, Do: Wait}), int32(tiles))
	if retire {
		count(key(&Action{Kind: Activate, Do: Retire}), int32(tiles))
	}
	count(key(&Action{Kind: Activate, Do: Work}), int32(tiles))
	count(key(&Action{Kind: Activate, Do: Attack}), int32(attacks))
	count(key(&Action{Kind: Activate, Do: Capture}), int32(captures))
	for i := range tp.acts { // specials and assists
		count(key(&tp.acts[i]), 1)
	}
	for i := range tp.rest {
		count(key(&tp.rest[i]), 1)
	}
	k, n := r.pick(&present, &size)
	var from []Action
	switch Kind(k / 8) {
	case EndTurn:
		return act(EndTurn, p)
	case Deploy:
		from = g.deploysOn(p, &bv, tp.rest[:0])
		tp.rest = from
	case MoveDVTile:
		from = g.dvMoves(p, units, tp.rest[:0])
		tp.rest = from
	case Activate:
		if a, ok := tp.cm.nth(p, Do(k%8), n); ok {
			return a
		}
		from = tp.acts
	default:
		from = tp.rest
	}
	for i := range from {
		if key(&from[i]) == k {
			if n == 0 {
				return from[i]
			}
			n--
		}
	}
	panic("annas: a counted action was not built")
}

// nth is the n-th activation of p with unit action d among the counted
// ones, in list order (units, then the tiles they move to, then foes);
// ok is false for the listed ones (special, assist).
func (cm *countedMoves) nth(p int, d Do, n int) (a Action, ok bool) {
	a = act(Activate, p)
	a.Do = d
	for _, m := range cm.moves {
		a.From = m.from
		switch d {
		case Wait, Retire, Work:
			if c := bits.OnesCount64(uint64(m.reach)); n >= c {
				n -= c
				continue
			}
			a.To = nthTile(m.reach, n)
			return a, true
		case Capture:
			s := m.reach & cm.capture
			if c := bits.OnesCount64(uint64(s)); n >= c {
				n -= c
				continue
			}
			a.To = nthTile(s, n)
			return a, true
		case Attack:
			if n >= m.attacks {
				n -= m.attacks
				continue
			}
			for r := uint64(m.reach); r != 0; r &= r - 1 {
				t := Tile(bits.TrailingZeros64(r))
				for _, f := range cm.foes {
					if m.rng.Has(int(dist[t][f])) {
						if n == 0 {
							a.To, a.Target = t, f
							return a, true
						}
						n--
					}
				}
			}
		default:
			return a, false
		}
	}
	return a, false
}

// nthTile is the n-th tile of s in index order.
func nthTile(s TileSet, n int) Tile {
	v := uint64(s)
	for ; n > 0; n-- {
		v &= v - 1
	}
	return Tile(bits.TrailingZeros64(v))
}
