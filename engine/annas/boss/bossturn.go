package boss

import (
	"slices"

	"github.com/roundtable-dev/roundtable/engine/annas"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// bossTurn runs one boss turn (rulebook VIII, On Boss Turns): start-of-turn
// effects and summons, the movement die by the current card's mini-map
// (move, or attack the player units in the destination), flip and resolve
// the card, rotate the boss 90° clockwise.
func (g *Game) bossTurn() {
	g.BossTurns++
	g.Guest = 0
	g.dropNextTurn(BossSeat)
	g.logf("boss-turn", "boss turn %d; current card %s", g.BossTurns, g.Card().ID)
	// Step 1: start-of-turn effects, then the summons' own effects. Only
	// summons on the board when the turn starts act: one summoned now was
	// not there "at the start of the boss turn".
	present := slices.Clone(g.Summons)
	g.run(g.b.StartOfTurn, table.StartOfTurn, newCtx(BossSeat, ref{boss: true}))
	for _, s := range present {
		if g.Phase == PhaseOver {
			return
		}
		if slices.Contains(g.Summons, s) {
			g.run(g.b.Summons[s.Kind].Effects, table.StartOfBossTurn, newCtx(BossSeat, ref{s: s}))
		}
	}
	if g.checkEnd(false) {
		return
	}
	// Step 2: movement by die.
	g.moveStep(g.roll())
	if g.checkEnd(false) {
		return
	}
	// Step 3: flip the current card and resolve it.
	g.flip()
	if g.checkEnd(false) {
		return
	}
	// Step 4: rotate.
	g.Rotate()
	g.checkEnd(true)
}

// moveStep is steps 2A and 2B for a die roll.
func (g *Game) moveStep(roll int) {
	dest := g.Card().Move[roll-1]
	if dest == NoTile || dest == g.BossAt {
		g.logf("boss-move", "rolls %d: stays at %s", roll, g.BossAt)
		return
	}
	area := block(dest)
	var ids []int32
	for _, u := range g.Units {
		if area.Has(u.Tile) {
			ids = append(ids, u.ID)
		}
	}
	if len(ids) == 0 {
		g.BossAt = dest
		// Its own summons step aside to the nearest open tile (the rulebook
		// is silent; they never share a square with the boss).
		for _, s := range slices.Clone(g.Summons) {
			if area.Has(s.Tile) {
				if t := g.nearestFree(s.Tile); t != NoTile {
					s.Tile = t
				} else {
					g.removeSummon(s)
				}
			}
		}
		g.logf("boss-move", "rolls %d: moves to %s", roll, dest)
		return
	}
	g.logf("boss-move", "rolls %d: player units stand in %s; the boss attacks instead", roll, dest)
	for _, id := range g.Chooser.AttackOrder(g, ids) {
		u := g.UnitByID(id)
		if u == nil || g.Phase == PhaseOver {
			continue
		}
		g.bossAttack(u)
	}
}

// bossAttack is step 2B against one unit: the corner with color advantage
// (the players choose when it is fully damaged or none has advantage), at
// the card's range (the players choose among several).
func (g *Game) bossAttack(u *Unit) {
	corner := g.AttackCorner(u)
	rng := g.Card().Range
	var opts []int
	for d := 1; d < 8; d++ {
		if rng.Has(d) {
			opts = append(opts, d)
		}
	}
	dist := 1
	switch len(opts) {
	case 0:
	case 1:
		dist = opts[0]
	default:
		dist = g.Chooser.Range(g, u, opts)
	}
	g.logf("boss-attack", "attacks %s of P%d with the %s corner at range %d", g.unitName(u), u.Owner+1, g.b.Corners[corner].Color, dist)
	g.combat(ref{boss: true}, ref{u: u}, corner, dist)
}

// AttackCorner is the content corner the boss attacks u with: the one with
// color advantage; when it is at 0 HP or none has advantage (a gray unit)
// the players choose among the others.
func (g *Game) AttackCorner(u *Unit) int {
	col := g.Rules.Units[u.Card].Color
	var others []int
	for c := range 4 {
		adv := annas.Advantage(g.b.Corners[c].Color, col) > 0
		switch {
		case adv && g.CornerLeft(c) > 0:
			return c
		case !adv:
			others = append(others, c)
		}
	}
	return g.Chooser.Corner(g, u, others)
}

// flip is step 3: the current card is turned, resolved and discarded; the
// next card becomes current; an empty deck is remade from the discards.
func (g *Game) flip() {
	top := g.BossDeck[len(g.BossDeck)-1]
	card := &g.Rules.BossCards[top]
	g.logf("boss-flip", "flips %s: %s", card.ID, card.Text)
	g.run(card.Effects, table.Activate, newCtx(BossSeat, ref{boss: true}))
	g.BossDeck = g.BossDeck[:len(g.BossDeck)-1]
	g.BossDiscard = append(g.BossDiscard, top)
	if len(g.BossDeck) == 0 {
		g.BossDeck, g.BossDiscard = g.BossDiscard, g.BossDeck[:0]
		g.shuffle(g.BossDeck)
		g.logf("boss-reshuffle", "the boss deck is remade from %d discards", len(g.BossDeck))
	}
}

// Rotate turns the boss block 90° clockwise, corners and all (step 4):
// the corner at NW goes to NE, NE to SE, SE to SW, SW to NW.
func (g *Game) Rotate() {
	var r [4]int8
	for pos := range 4 {
		r[(pos+1)%4] = g.Rot[pos]
	}
	g.Rot = r
	g.logf("boss-rotate", "rotates clockwise: NW %s, NE %s, SE %s, SW %s",
		g.b.Corners[r[0]].Color, g.b.Corners[r[1]].Color, g.b.Corners[r[2]].Color, g.b.Corners[r[3]].Color)
}

// summon places one of summon kind at a rolled (X, Y) (rulebook VIII,
// Step 1): X is the file and Y the rank, 1-based; an occupied tile follows
// the boss's occupied rule; nothing when all of that kind are out.
func (g *Game) summon(kind int) {
	if kind < 0 || kind >= len(g.b.Summons) {
		return
	}
	sm := &g.b.Summons[kind]
	if g.SummonCount(kind) >= int(sm.Count) {
		g.logf("summon", "no %s left to summon", sm.ID)
		return
	}
	x, y := g.roll(), g.roll()
	g.placeSummon(kind, x, y)
}

// placeSummon places summon kind at (x, y) by the occupied rule.
func (g *Game) placeSummon(kind, x, y int) {
	sm := &g.b.Summons[kind]
	t := table.TileAt(x-1, y-1)
	occ := g.Occupied()
	if occ.Has(t) {
		switch g.b.Occupied {
		case table.OccupiedReroll:
			t = NoTile
			for range 6 {
				x, y = g.roll(), g.roll()
				if c := table.TileAt(x-1, y-1); !occ.Has(c) {
					t = c
					break
				}
			}
		case table.OccupiedNearest:
			t = g.nearestFree(t)
		case table.OccupiedDamage:
			g.logf("summon", "(%d, %d) is occupied: no %s", x, y, sm.ID)
			if u := g.UnitAt(t); u != nil {
				g.hurtUnit(u, int(g.b.OccupiedN), false, "summon")
			}
			return
		default:
			t = NoTile
		}
	}
	if t == NoTile {
		g.logf("summon", "(%d, %d) is occupied: no %s", x, y, sm.ID)
		return
	}
	g.nextID++
	g.Summons = append(g.Summons, &Summoned{ID: g.nextID, Kind: int16(kind), Tile: t})
	g.logf("summon", "rolls (%d, %d): %s at %s", x, y, sm.ID, t)
}

// nearestFree is the nearest open tile to t, ties toward the south-west
// (lower rank, then lower file); NoTile when the board is full.
func (g *Game) nearestFree(t Tile) Tile {
	best, bd := NoTile, 99
	for c := Tile(0); c < tiles; c++ {
		if !g.free(c) {
			continue
		}
		if d := annas.Dist(t, c); d < bd {
			best, bd = c, d
		}
	}
	return best
}

// SummonCount is how many of summon kind are on the board.
func (g *Game) SummonCount(kind int) int {
	n := 0
	for _, s := range g.Summons {
		if int(s.Kind) == kind {
			n++
		}
	}
	return n
}

// destroy removes the nearest summon of the effect's kind within its range
// of the source (a boss-specific action such as closing a rift).
func (g *Game) destroy(e *table.Effect, c *ctx) {
	if s := g.SummonAt(c.target); s != nil && g.targetOK(e, c, ref{s: s}) {
		g.removeSummon(s)
		g.logf("destroy", "%s at %s is removed", g.b.Summons[s.Kind].ID, s.Tile)
		return
	}
	var best *Summoned
	for _, s := range g.Summons {
		if int(s.Kind) != int(e.Summon) {
			continue
		}
		d := g.dist(c.src, ref{s: s})
		if e.Target.Within > 0 && d > int(e.Target.Within) {
			continue
		}
		if best == nil || d < g.dist(c.src, ref{s: best}) {
			best = s
		}
	}
	if best != nil {
		g.removeSummon(best)
		g.logf("destroy", "%s at %s is removed", g.b.Summons[best.Kind].ID, best.Tile)
	}
}

// bossHeal removes n damage from the most damaged HP bar.
func (g *Game) bossHeal(n int) {
	best := 0
	for c := 1; c < 4; c++ {
		if g.CornerDmg[c] > g.CornerDmg[best] {
			best = c
		}
	}
	h := min(n, int(g.CornerDmg[best]))
	g.CornerDmg[best] -= int8(h)
	g.logf("boss-heal", "%s corner recovers %d", g.b.Corners[best].Color, h)
}

// checkEnd applies the boss's lose conditions, then its win conditions
// (rulebook VIII: defined by the boss board); endOfBossTurn also checks
// those judged at the end of a boss turn and the simulation cap.
func (g *Game) checkEnd(endOfBossTurn bool) bool {
	if g.Phase == PhaseOver {
		return true
	}
	for _, lists := range []struct {
		conds []table.EndCond
		r     Result
	}{{g.b.Lose, BossWins}, {g.b.Win, PlayersWin}} {
		for _, e := range lists.conds {
			if g.endHolds(e, endOfBossTurn) {
				g.finish(lists.r, e.Text)
				return true
			}
		}
	}
	if endOfBossTurn && g.BossTurns >= g.maxBossTurns {
		g.finish(BossWins, "turn limit")
		return true
	}
	return false
}

func (g *Game) endHolds(e table.EndCond, endOfBossTurn bool) bool {
	switch e.Kind {
	case table.EndLivesZero:
		return g.Lives <= 0
	case table.EndSummons:
		return g.SummonCount(int(e.Summon)) >= int(e.N)
	case table.EndBossReaches:
		return g.BossAt.Rank() == int(e.N)-1 || g.BossAt.Rank()+1 == int(e.N)-1
	case table.EndBossTurns:
		return endOfBossTurn && g.BossTurns >= int(e.N)
	case table.EndNoUnits:
		if !endOfBossTurn || len(g.Units) > 0 {
			return false
		}
		for _, p := range g.Players {
			if p.Turns == 0 {
				return false // not every player has had a turn to deploy
			}
		}
		return true
	}
	return false
}
