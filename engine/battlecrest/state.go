// Package battlecrest is the rules engine of Battlecrest for two players: a
// map of landmark cards, each player's hero (and minion), action cards, and
// turns of two different player actions until a hero is defeated.
package battlecrest

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/battlecrest/table"
	"github.com/roundtable-dev/roundtable/engine/play"
)

// MaxTurns ends a game that no hero wins as a draw; the rulebook has no
// limit, the engine needs one to always end.
const MaxTurns = 200

// Pos is a position on the map diagram.
type Pos struct{ R, C int8 }

func (p Pos) String() string { return Tile(p) }

func (p Pos) add(e table.Edge) Pos {
	dr, dc := e.Step()
	return Pos{p.R + int8(dr), p.C + int8(dc)}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Dist is the range between two positions, counted orthogonally.
func Dist(a, b Pos) int { return abs(int(a.R)-int(b.R)) + abs(int(a.C)-int(b.C)) }

// Adjacent reports whether two positions touch side-to-side or corner-to-corner.
func Adjacent(a, b Pos) bool {
	return a != b && abs(int(a.R)-int(b.R)) <= 1 && abs(int(a.C)-int(b.C)) <= 1
}

// Warrior is a hero or minion on the map.
type Warrior struct {
	ID      string // its word in action texts: the name as a slug
	Name    string
	Player  int
	Minion  bool
	Alive   bool
	Wounded bool
	Pos     Pos
	Health  int8 // heroes: the health card's position on the diagram
}

// Placed is a landmark card on the map.
type Placed struct {
	Landmark int16 // index into Ruleset.Landmarks
	Pos      Pos
	Flipped  bool
}

// Card is an action card in a player's action row.
type Card struct {
	Action    int16
	Side      int8 // 0 START, 1 back
	Exhausted bool
}

// Player is one side of the game.
type Player struct {
	Name  string
	Set   *table.HeroSet
	Cards []Card
}

// Game is a game in progress; it is the play.Match of Battlecrest.
type Game struct {
	RS     *table.Ruleset
	Map    *table.MapSet
	Lm     []Placed
	W      [4]Warrior // player*2: hero, player*2+1: minion
	P      [2]Player
	Active int
	Winner int // -1: none (yet) or a draw
	Reason string

	turn int
	over bool
	pcg  *rand.PCG
	rng  *rand.Rand

	used  []string // abilities used this turn (see useKey)
	done  []string // player action types chosen this turn
	stack []step   // what is being resolved, innermost last
	// triggers are specials a damage made usable, to resolve next.
	triggers []step

	// The decision now: its options and the seat that takes it; the
	// options' texts once Action asked for them (optTexts).
	opts   []opt
	toMove int
	texts  []string
	// ob is the memory decide lists options in, reused by every decision
	// (never shared: clone and copyInto leave it behind; a clone copies
	// the options, a look-ahead copy only reads them).
	ob []opt
	// ds is the memory sorted and moveDests list destinations in (never
	// shared).
	ds []Pos
	// lmKeys are the placed landmarks' use keys (landmarkKey), shared
	// read-only by copies.
	lmKeys []string

	events []play.Event
	quiet  bool // no events: look-ahead copies and Options.Quiet
	// look marks a look-ahead copy (copyInto): nothing reads its options'
	// texts, so decide leaves them empty (they were a third of a greedy
	// game's bytes).
	look bool
	// spare is this game's look-ahead copy, overwritten by each lookAhead
	// (moveDests, Greedy): one game's memory reused for every peek instead
	// of a new game per peek. Never shared: clone and copyInto leave it
	// behind.
	spare *Game
	// rb is reach's memory (never shared: clone leaves it behind).
	rb *reachMem
}

// New sets a game up: map setup, player setup and warrior placement, then
// the first player's turn begins.
func New(rs *table.Ruleset, mapSet int, sets [2]int, seed uint64) (*Game, error) {
	return setup(rs, mapSet, sets, seed, false)
}

func setup(rs *table.Ruleset, mapSet int, sets [2]int, seed uint64, quiet bool) (*Game, error) {
	if mapSet < 0 || mapSet >= len(rs.MapSets) {
		return nil, fmt.Errorf("no map set %d", mapSet)
	}
	g := &Game{RS: rs, Map: &rs.MapSets[mapSet], Winner: -1, toMove: -1, quiet: quiet}
	g.pcg = rand.NewPCG(seed, 0x9e3779b97f4a7c15)
	g.rng = rand.New(g.pcg)
	// Map setup: shuffle the landmarks into the L positions.
	lms := slices.Clone(g.Map.Landmarks)
	g.rng.Shuffle(len(lms), func(i, j int) { lms[i], lms[j] = lms[j], lms[i] })
	var hs []Pos
	k := 0
	for r := 0; r < int(g.Map.Height); r++ {
		for c := 0; c < int(g.Map.Width); c++ {
			switch g.Map.At(r, c) {
			case table.LandmarkPos:
				if k >= len(lms) {
					return nil, fmt.Errorf("map set %s has more landmark positions than cards", g.Map.ID)
				}
				g.Lm = append(g.Lm, Placed{Landmark: lms[k], Pos: Pos{int8(r), int8(c)}})
				k++
			case table.HeroStart:
				hs = append(hs, Pos{int8(r), int8(c)})
			}
		}
	}
	if k < len(lms) {
		return nil, fmt.Errorf("map set %s has %d landmark cards for %d landmark positions", g.Map.ID, len(lms), k)
	}
	if len(hs) != 2 {
		return nil, fmt.Errorf("map set %s has %d hero starts", g.Map.ID, len(hs))
	}
	// Player setup: actions START side up, health card at its start.
	for p := range 2 {
		if sets[p] < 0 || sets[p] >= len(rs.HeroSets) {
			return nil, fmt.Errorf("no hero set %d", sets[p])
		}
		g.seat(p, &rs.HeroSets[sets[p]])
		for _, a := range g.P[p].Set.Actions {
			g.P[p].Cards = append(g.P[p].Cards, Card{Action: a})
		}
	}
	g.setIDs()
	// A random first player; their hero starts by the higher-numbered landmark.
	g.Active = g.rng.IntN(2)
	num := func(h Pos) int {
		for _, l := range g.Lm {
			if Adjacent(l.Pos, h) {
				return int(g.RS.Landmarks[l.Landmark].Number)
			}
		}
		return 0
	}
	if num(hs[1]) > num(hs[0]) {
		hs[0], hs[1] = hs[1], hs[0]
	}
	for i, p := range []int{g.Active, 1 - g.Active} {
		g.W[2*p].Pos = hs[i]
		if !g.W[2*p+1].Alive {
			continue
		}
		placed := false
		for r := hs[i].R - 1; r <= hs[i].R+1 && !placed; r++ {
			for c := hs[i].C - 1; c <= hs[i].C+1 && !placed; c++ {
				if g.Map.At(int(r), int(c)) == table.MinionStart {
					g.W[2*p+1].Pos, placed = Pos{r, c}, true
				}
			}
		}
		if !placed {
			return nil, fmt.Errorf("map set %s has no minion start beside a hero start", g.Map.ID)
		}
	}
	for p := range 2 {
		ws := map[string]string{g.W[2*p].ID: Tile(g.W[2*p].Pos)}
		if m := g.W[2*p+1]; m.Alive {
			ws[m.ID] = Tile(m.Pos)
		}
		if !g.quiet {
			g.emit(p, "setup", fmt.Sprintf("%s (%s) at %s%s", g.W[2*p].Name, g.P[p].Set.ID, Tile(g.W[2*p].Pos), g.minionAt(p)),
				map[string]any{"hero-set": g.P[p].Set.ID, "warriors": ws})
		}
	}
	g.beginTurn()
	g.advance(false)
	return g, nil
}

// seat gives player p hero set s: its warriors (healthy, off the map), no
// cards yet.
func (g *Game) seat(p int, s *table.HeroSet) {
	g.P[p] = Player{Name: fmt.Sprintf("P%d", p+1), Set: s}
	g.W[2*p] = Warrior{Name: s.Hero, Player: p, Alive: true, Health: s.Health.HealthyStart, Pos: Pos{-1, -1}}
	g.W[2*p+1] = Warrior{Name: s.Minion, Player: p, Minion: true, Alive: s.HasMinion, Pos: Pos{-1, -1}}
}

// setIDs names the warriors for action texts: the slug of their name, with
// the seat added when two warriors would share one (a mirror match).
func (g *Game) setIDs() {
	count := map[string]int{}
	for i := range g.W {
		if g.hasWarrior(i) {
			count[slug(g.W[i].Name)]++
		}
	}
	for i := range g.W {
		id := slug(g.W[i].Name)
		if count[id] > 1 {
			id += fmt.Sprintf("-p%d", g.W[i].Player+1)
			if g.W[i].Minion {
				id += "-minion"
			}
		}
		g.W[i].ID = id
	}
}

// hasWarrior reports whether slot i holds a warrior of the hero sets (a
// defeated minion still does; a set without a minion does not).
func (g *Game) hasWarrior(i int) bool { return i%2 == 0 || g.P[i/2].Set.HasMinion }

// warrior finds a warrior by id, -1 when none.
func (g *Game) warrior(id string) int {
	for i := range g.W {
		if g.hasWarrior(i) && g.W[i].ID == id {
			return i
		}
	}
	return -1
}

func (g *Game) minionAt(p int) string {
	if m := g.W[2*p+1]; m.Alive {
		return fmt.Sprintf(", %s at %s", m.Name, Tile(m.Pos))
	}
	return ""
}

func (g *Game) emit(p int, kind, text string, data map[string]any) {
	if g.quiet {
		return
	}
	e := play.Event{Turn: g.turn, Seat: p, Kind: kind, Text: text}
	if data != nil {
		e.Data = data
	}
	g.events = append(g.events, e)
}

// clone copies the game; the copy has no events.
func (g *Game) clone() *Game {
	c := *g
	c.Lm = slices.Clone(g.Lm)
	for p := range 2 {
		c.P[p].Cards = slices.Clone(g.P[p].Cards)
	}
	c.used = slices.Clone(g.used)
	c.done = slices.Clone(g.done)
	c.stack = make([]step, len(g.stack))
	for i, s := range g.stack {
		c.stack[i] = s.clone()
	}
	// The options are copied (a few bytes each): g lists its next
	// decision's options in the same memory. The copy is the clone's own
	// option memory from then on.
	c.opts = slices.Clone(g.opts)
	c.ob, c.texts, c.ds = c.opts, nil, nil
	c.triggers = slices.Clone(g.triggers)
	pcg := *g.pcg
	c.pcg = &pcg
	c.rng = rand.New(c.pcg)
	c.events = nil
	c.look, c.spare, c.rb = false, nil, nil
	return &c
}

// lookAhead overwrites the game's spare with a copy of it for looking
// ahead (quiet, no option texts) and returns the spare. The copy is valid
// until the next lookAhead on g.
func (g *Game) lookAhead() *Game {
	if g.spare == nil {
		g.spare = &Game{}
	}
	g.copyInto(g.spare)
	return g.spare
}

// copyInto makes dst a quiet look-ahead copy of g in dst's own memory:
// the same state as clone gives, its slices copied into dst's. Only g's
// option list is shared: dst lists its own decisions in its own option
// memory, and g lists none while the copy is in use. dst keeps its spare.
func (g *Game) copyInto(dst *Game) {
	lm, cards, used, done, stack, triggers := dst.Lm[:0], [2][]Card{dst.P[0].Cards[:0], dst.P[1].Cards[:0]}, dst.used[:0], dst.done[:0], dst.stack[:0], dst.triggers[:0]
	pcg, rng, spare, rb, ob, ds := dst.pcg, dst.rng, dst.spare, dst.rb, dst.ob, dst.ds
	*dst = *g
	dst.Lm = copyTo(lm, g.Lm)
	for p := range 2 {
		dst.P[p].Cards = copyTo(cards[p], g.P[p].Cards)
	}
	dst.used = copyTo(used, g.used)
	dst.done = copyTo(done, g.done)
	dst.stack = copyTo(stack, g.stack)
	for i := range dst.stack {
		dst.stack[i] = dst.stack[i].clone()
	}
	dst.opts = g.opts[:len(g.opts):len(g.opts)]
	dst.triggers = copyTo(triggers, g.triggers)
	if pcg == nil {
		pcg = &rand.PCG{}
		rng = rand.New(pcg)
	}
	*pcg = *g.pcg
	dst.pcg, dst.rng = pcg, rng
	dst.events = nil
	dst.quiet, dst.look = true, true
	dst.spare, dst.rb, dst.ob, dst.ds, dst.texts = spare, rb, ob, ds, nil
}

// copyTo is src copied into dst's memory (dst's memory kept when src is
// empty: position lists an empty list as none).
func copyTo[T any](dst, src []T) []T {
	return append(dst[:0], src...)
}

// side is the showing side of an action card.
func (g *Game) side(c Card) *table.ActionSide { return &g.RS.Actions[c.Action].Sides[c.Side] }

// effects are the map effects active on a placed landmark.
func (g *Game) effects(l Placed) []table.Effect {
	s := 0
	if l.Flipped {
		s = 1
	}
	return g.RS.Landmarks[l.Landmark].Sides[s]
}

// isSpace reports whether warriors may stand at p.
func (g *Game) isSpace(p Pos) bool {
	switch g.Map.At(int(p.R), int(p.C)) {
	case table.Space, table.HeroStart, table.MinionStart:
		return true
	}
	return false
}

// at returns the warrior at p, or -1.
func (g *Game) at(p Pos) int {
	for i, w := range g.W {
		if w.Alive && w.Pos == p {
			return i
		}
	}
	return -1
}

// hazardAt counts the active hazards touching p.
func (g *Game) hazardAt(p Pos) int {
	n := 0
	for _, l := range g.Lm {
		for _, e := range g.effects(l) {
			if e.Type == table.Hazard && l.Pos.add(e.Edge) == p {
				n++
			}
		}
	}
	return n
}

// Crests counts the primed crests of a type on player p's cards: exhausted
// action cards' crests and the wounded health card's.
func (g *Game) Crests(p int, crest int16) int {
	if crest < 0 {
		return 0
	}
	n := 0
	for _, c := range g.P[p].Cards {
		if c.Exhausted && g.side(c).Crest == crest {
			n++
		}
	}
	if h := g.W[2*p]; h.Wounded && g.P[p].Set.Health.Crest == crest {
		n++
	}
	return n
}

// Movement is a warrior's movement value: a hero's is the sum over its
// active action cards, a minion's is on its card.
func (g *Game) Movement(wi int) int {
	w := g.W[wi]
	if w.Minion {
		s := 0
		if w.Wounded {
			s = 1
		}
		return int(g.P[w.Player].Set.MinionSides[s].Movement)
	}
	n := 0
	for _, c := range g.P[w.Player].Cards {
		if !c.Exhausted {
			n += int(g.side(c).Movement)
		}
	}
	return n
}

// Damage applies damage to a warrior (rulebook: Health and Damage).
func (g *Game) Damage(wi, n int, why string) {
	w := &g.W[wi]
	if !w.Alive || n <= 0 || g.over {
		return
	}
	if !g.quiet {
		g.emit(w.Player, "damage", fmt.Sprintf("%s takes %d (%s)", w.Name, n, why), map[string]any{"warrior": w.ID, "amount": n, "cause": why})
	}
	if w.Minion {
		if w.Wounded {
			at := w.Pos
			w.Alive, w.Pos = false, Pos{-1, -1}
			if !g.quiet {
				g.emit(w.Player, "defeated", w.Name+" is removed from the game", map[string]any{"warrior": w.ID})
			}
			g.event(happening{kind: table.IsDefeated, subj: wi, by: -1, at: at})
			return
		}
		w.Wounded = true
		if !g.quiet {
			g.emit(w.Player, "wounded", w.Name+"'s card flips to its wounded side", map[string]any{"warrior": w.ID})
		}
		g.damaged(wi)
		return
	}
	h := g.P[w.Player].Set.Health
	for n > 0 {
		if !w.Wounded {
			room := int(h.Flip - w.Health)
			if n < room {
				w.Health += int8(n)
				g.damaged(wi)
				return
			}
			n -= room
			w.Wounded, w.Health = true, h.WoundedStart
			if !g.quiet {
				g.emit(w.Player, "wounded", w.Name+"'s health card flips to its wounded side", map[string]any{"warrior": w.ID})
			}
			continue
		}
		room := int(h.Skull - w.Health)
		if n < room {
			w.Health += int8(n)
			g.damaged(wi)
			return
		}
		w.Health = h.Skull
		w.Alive = false
		g.over, g.Winner = true, 1-w.Player
		g.Reason = w.Name + " defeated"
		if !g.quiet {
			g.emit(w.Player, "defeated", w.Name+"'s health card reaches the skull", map[string]any{"warrior": w.ID})
		}
		return
	}
	g.damaged(wi)
}

// Taken is how much damage a hero has taken since the start.
func (g *Game) Taken(p int) int {
	w, h := g.W[2*p], g.P[p].Set.Health
	if !w.Wounded {
		return int(w.Health - h.HealthyStart)
	}
	return int(h.Flip-h.HealthyStart) + int(w.Health-h.WoundedStart)
}

// Flip turns a placed landmark over; a hazard that becomes active deals 1
// damage to the warrior it touches.
func (g *Game) Flip(li int) {
	old := g.effects(g.Lm[li])
	g.Lm[li].Flipped = !g.Lm[li].Flipped
	lm := &g.RS.Landmarks[g.Lm[li].Landmark]
	side := "its START side"
	if g.Lm[li].Flipped {
		side = "its flipped side"
	}
	if !g.quiet {
		g.emit(g.Active, "flip", fmt.Sprintf("%s turns to %s", lm.Name, side), map[string]any{"landmark": lm.ID, "flipped": g.Lm[li].Flipped})
	}
	for _, e := range g.effects(g.Lm[li]) {
		if e.Type != table.Hazard || slices.ContainsFunc(old, func(o table.Effect) bool { return o.Type == table.Hazard && o.Edge == e.Edge }) {
			continue
		}
		if wi := g.at(g.Lm[li].Pos.add(e.Edge)); wi >= 0 {
			g.Damage(wi, 1, "hazard of "+lm.Name+" turns active")
		}
	}
}

// bonuses counts map bonus icons by kind (table.Bonus).
type bonuses [5]int

// bonus counts the map bonus icons of the given kinds that warrior wi
// touches; every landmark with such an icon then flips (rulebook: Map
// Bonuses: the bonus is added, the card flips, then the ability resolves).
func (g *Game) bonus(wi int, kinds ...table.Bonus) bonuses {
	var out bonuses
	var flips []int
	p := g.W[wi].Pos
	for li, l := range g.Lm {
		hit := false
		for _, e := range g.effects(l) {
			if e.Type != table.MapBonus || l.Pos.add(e.Edge) != p {
				continue
			}
			for _, b := range e.Bonus {
				if slices.Contains(kinds, b) {
					out[b]++
					hit = true
				}
			}
		}
		if hit {
			flips = append(flips, li)
		}
	}
	for _, li := range flips {
		g.Flip(li)
	}
	return out
}

// bonusPeek counts without flipping.
func (g *Game) bonusPeek(wi int, kind table.Bonus) int {
	n := 0
	p := g.W[wi].Pos
	for _, l := range g.Lm {
		for _, e := range g.effects(l) {
			if e.Type == table.MapBonus && l.Pos.add(e.Edge) == p {
				for _, b := range e.Bonus {
					if b == kind {
						n++
					}
				}
			}
		}
	}
	return n
}

// Invariants checks what must hold after every step: health cards on their
// tracks, warriors alive on distinct spaces, a turn's player actions
// different.
func (g *Game) Invariants() error {
	seen := map[Pos]string{}
	for i, w := range g.W {
		if !w.Alive {
			if !w.Minion && !g.over {
				return fmt.Errorf("hero %s defeated but the game goes on", w.Name)
			}
			continue
		}
		if !g.isSpace(w.Pos) {
			return fmt.Errorf("%s stands on %s, not a space", w.Name, Tile(w.Pos))
		}
		if o, dup := seen[w.Pos]; dup {
			return fmt.Errorf("%s and %s share %s", o, w.Name, Tile(w.Pos))
		}
		seen[w.Pos] = w.Name
		if w.Minion {
			if !g.P[w.Player].Set.HasMinion {
				return fmt.Errorf("player %d has a minion its hero set lacks", w.Player)
			}
			continue
		}
		h := g.P[i/2].Set.Health
		lo, hi := h.HealthyStart, h.Flip-1
		if w.Wounded {
			lo, hi = h.WoundedStart, h.Skull-1
		}
		if w.Health < lo || w.Health > hi {
			return fmt.Errorf("%s's health card at %d, outside %d..%d", w.Name, w.Health, lo, hi)
		}
	}
	for i, t := range g.done {
		if slices.Contains(g.done[:i], t) {
			return fmt.Errorf("turn %d: player action %s chosen twice", g.turn, t)
		}
	}
	if len(g.done) > 2 {
		return fmt.Errorf("turn %d: %d player actions", g.turn, len(g.done))
	}
	return nil
}
