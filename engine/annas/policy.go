package annas

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// Policy chooses one of the legal actions.
type Policy interface {
	Choose(g *Game, legal []Action) Action
}

// NewPolicy returns a built-in policy by name ("random" or "greedy"), with
// its own random stream derived from seed and seat.
func NewPolicy(name string, seed uint64, seat int) (Policy, error) {
	rng := rand.New(rand.NewPCG(seed+uint64(seat)+1, 0x5851f42d4c957f2d))
	switch name {
	case "random":
		return &Random{rng}, nil
	case "greedy":
		return &Greedy{rng}, nil
	}
	return nil, fmt.Errorf("unknown policy %s (want random or greedy)", phrase.Quote(name))
}

// Random picks a kind of action uniformly (unit actions split by what the
// unit does), then an action of that kind uniformly.
type Random struct{ rng *rand.Rand }

// Choose implements Policy.
func (r *Random) Choose(_ *Game, legal []Action) Action {
	// Count the groups (kind, unit action), pick one, then pick in it.
	var size [groups]int32
	var first [groups]int32        // where each group starts
	var present [groupWords]uint64 // the groups with an action, as bits
	for i := range legal {
		k := key(&legal[i])
		if size[k] == 0 {
			first[k] = int32(i)
			present[k>>6] |= 1 << (k & 63)
		}
		size[k]++
	}
	k, n := r.pick(&present, &size)
	for i := int(first[k]); i < len(legal); i++ {
		if key(&legal[i]) == k {
			if n == 0 {
				return legal[i]
			}
			n--
		}
	}
	return legal[0]
}

// key is the group of an action Random picks among: its kind, and for
// unit actions what the unit does.
func key(a *Action) int { return int(a.Kind)*8 + int(a.Do) }

// groups is the number of keys; groupWords the words of a set of them.
const (
	groups     = int(kinds) * 8
	groupWords = (groups + 63) / 64
)

// pick draws a group uniformly among present (size[k] actions in group k),
// as k in key order, then an action n in it uniformly.
func (r *Random) pick(present *[groupWords]uint64, size *[groups]int32) (k, n int) {
	total := 0
	for _, w := range present {
		total += bits.OnesCount64(w)
	}
	pick := r.rng.IntN(total)
	w := 0
	for ; w < groupWords-1; w++ {
		c := bits.OnesCount64(present[w])
		if pick < c {
			break
		}
		pick -= c
	}
	v := present[w]
	for ; pick > 0; pick-- {
		v &= v - 1
	}
	k = w*64 + bits.TrailingZeros64(v)
	return k, r.rng.IntN(int(size[k]))
}

// Greedy scores every action one step ahead (capture, favorable attacks,
// deploys, advancing toward castles, work) and plays the best, ties at random.
type Greedy struct{ rng *rand.Rand }

// Choose implements Policy.
func (p *Greedy) Choose(g *Game, legal []Action) Action {
	if g.Boss != nil {
		return g.bossGreedy(legal)
	}
	best, n := -1<<30, 0
	var pick Action
	castles := g.castles()
	for _, a := range legal {
		s := g.score(a, castles)
		switch {
		case s > best:
			best, pick, n = s, a, 1
		case s == best:
			n++
			if p.rng.IntN(n) == 0 {
				pick = a
			}
		}
	}
	return pick
}

// castles are the tiles where a capture may happen now.
func (g *Game) castles() TileSet {
	var s TileSet
	for c := Tile(0); c < Tiles; c++ {
		if g.Rules.Terrain[g.terrainAt(c)].Capture {
			s = with(s, c)
		}
	}
	return s
}

func castleDist(castles TileSet, t Tile) int {
	d := 99
	for v := uint64(castles); v != 0; v &= v - 1 {
		d = min(d, Dist(t, Tile(bits.TrailingZeros64(v))))
	}
	return d
}

func (g *Game) castleDist(t Tile) int { return castleDist(g.castles(), t) }

// score is the greedy policy's value of an action.
func (g *Game) score(a Action, castles TileSet) int {
	switch a.Kind {
	case Mulligan:
		return -int(a.Mask)
	case React:
		return 20
	case Choose:
		if d := g.pending; d != nil && d.best >= 0 && d.best < len(d.options) && a == d.options[d.best] {
			return 1
		}
		return 0
	case Deploy:
		s := 40 - castleDist(castles, a.To)
		if a.Haste {
			s -= 15
		}
		return s
	case Buy:
		return 12
	case UseShop:
		if a.Target != NoTile {
			if q := g.PieceAt(a.Target); q != nil && q.Damage == 0 && g.healsOnly(a.Card) {
				return -2 // a heal on a unit at full HP
			}
		}
		return 14
	case Activate:
		q := g.PieceAt(a.From)
		// A unit readied again is worth less each time (no dance loops).
		adv := 2*(castleDist(castles, a.From)-castleDist(castles, a.To)) - 8*int(q.Acts)
		switch a.Do {
		case Capture:
			return 100
		case Attack:
			return 10 + adv + g.attackValue(q, a.To, g.PieceAt(a.Target))
		case Work:
			return 6 + adv
		case Special:
			return 16 + adv
		case AssistDo:
			return 4 + adv
		case Retire:
			return -20
		}
		return 3 + adv
	case DiscardAct, Bump, MoveDVTile, ShiftGray, Pass:
		return -1
	}
	return 0 // end turn
}

// attackValue forecasts q attacking d from to: defeats count most, then the
// damage traded.
func (g *Game) attackValue(q *Piece, to Tile, d *Piece) int {
	from := q.Tile
	q.Tile = to
	fa, fd := g.fighter(q, d, true, Dist(to, d.Tile), -1), g.fighter(d, q, false, Dist(to, d.Tile), -1)
	Triangle(g.Rules, &fa, &fd)
	var buf [maxStrikes]Strike
	o := resolve(&fa, &fd, Dist(to, d.Tile), buf[:0])
	q.Tile = from
	v := (fd.HP - o.HP[1]) - (fa.HP - o.HP[0])
	if o.Defeated[1] {
		v += 30
		if g.Rules.Units[d.Card].Legendary {
			v += 15
		}
	}
	if o.Defeated[0] {
		v -= 40
	}
	return v
}

// Result is how a game ended.
type Result struct {
	Winner int    `json:"winner"` // -1 draw
	VP     [2]int `json:"vp"`
	Turns  int    `json:"turns"`
	Reason string `json:"reason"`
}

// Result reports the end of a finished game.
func (g *Game) Result() Result {
	return Result{Winner: g.Winner, VP: [2]int{g.Players[0].VP(), g.Players[1].VP()}, Turns: g.Turn, Reason: g.Reason}
}

// maxTurnActions stops a game whose policies never end a turn.
const maxTurnActions = 5000

// Play runs a whole game between two policies (see PlayOut).
func Play(rs *table.Ruleset, opt Options, pol [2]Policy, observe func(g *Game, a Action, desc string, turn int)) (*Game, error) {
	g, err := New(rs, opt)
	if err != nil {
		return nil, err
	}
	return g, g.PlayOut(pol[:], observe)
}

// loopErr is the panic value that stops PlayOut inside an action.
type loopErr struct{ err error }

// PlayOut plays g to its end, one policy per seat (by seat index), calling
// observe after each action and each decision inside one with its
// description and turn as they were before it was taken (nil to skip). The
// policies answer the decisions inside an action as they come up. The
// legal list a policy gets is valid only during its Choose call.
func (g *Game) PlayOut(pol []Policy, observe func(g *Game, a Action, desc string, turn int)) (err error) {
	// A whole game logs a few hundred actions.
	if g.Log == nil {
		g.Log = make([]Action, 0, 256)
		defer func() {
			if len(g.Log) == 0 {
				g.Log = nil // as it was
			}
		}()
	}
	turn, n := 0, 0
	count := func() error {
		if g.Turn != turn {
			turn, n = g.Turn, 0
		}
		if n++; n > maxTurnActions {
			return fmt.Errorf("annas: turn %d passed %d actions; the policies loop", g.Turn, maxTurnActions)
		}
		return nil
	}
	// The action (or decision) taken last, observed when the next decision
	// comes up or the action ends.
	var last Action
	var lastDesc string
	var lastTurn int
	took := func(a Action) {
		last, lastTurn = a, g.Turn
		if observe != nil {
			lastDesc = g.Describe(a)
		}
	}
	g.auto = func(d *decision) int {
		if observe != nil {
			observe(g, last, lastDesc, lastTurn)
		}
		if err := count(); err != nil {
			panic(loopErr{err})
		}
		a := pol[d.seat].Choose(g, d.options)
		i := slices.Index(d.options, a)
		if i < 0 {
			panic(loopErr{fmt.Errorf("annas: P%d's policy answered %s, not one of the %d options", d.seat+1, g.Describe(a), len(d.options))})
		}
		took(a)
		return i
	}
	defer func() {
		g.auto = nil
		if r := recover(); r != nil {
			le, ok := r.(loopErr)
			if !ok {
				panic(r)
			}
			err = le.err
		}
	}()
	var legal []Action
	var tp turnPicker
	for !g.Over() {
		if err := count(); err != nil {
			return err
		}
		pl := pol[g.Actor()]
		var a Action
		if r, ok := pl.(*Random); ok && g.Boss == nil && g.Phase == PhaseTurn && g.Guest == 0 {
			// Random's pick among the turn actions, without the whole list
			// (it always holds end-turn).
			a = r.chooseTurn(g, &tp)
		} else {
			legal = g.appendLegal(legal[:0])
			if len(legal) == 0 {
				return fmt.Errorf("annas: no legal action on turn %d", g.Turn)
			}
			a = pl.Choose(g, legal)
		}
		took(a)
		// The built-in policies always answer one of LegalActions: Apply's
		// check, done; another policy's answer is checked against legal.
		if !builtin(pl) && !slices.Contains(legal, a) {
			if g.scratch = g.offered(a, g.scratch[:0]); !slices.Contains(g.scratch, a) {
				return fmt.Errorf("annas: illegal action: %s", g.Describe(a))
			}
		}
		g.play(a)
		if observe != nil {
			observe(g, last, lastDesc, lastTurn)
		}
	}
	return nil
}

// builtin reports whether p is one of this package's policies, which
// return an element of the legal list they are given.
func builtin(p Policy) bool {
	switch p.(type) {
	case *Random, *Greedy:
		return true
	}
	return false
}

func (g *Game) healsOnly(card int16) bool {
	for _, e := range g.Rules.ShopCards[card].Effects {
		if e.Op != table.OpHeal {
			return false
		}
	}
	return true
}
