package battlecrest

import (
	"encoding/hex"
	"math/rand/v2"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/battlecrest/table"
	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// position is the whole state of a game as a designer reads and writes it
// (docs/battlecrest.md, "Positions and actions"). Every field written is
// read back; fields a designer may leave out say so.
type position struct {
	MapSet string `json:"map-set" yaml:"map-set" pos:"required"`
	// Turn counts each player's turn; left out, 1.
	Turn int `json:"turn" yaml:"turn"`
	// Active is the seat (0 or 1) whose turn it is.
	Active int `json:"active" yaml:"active"`
	// Done are the player actions taken this turn (move, activate, prime,
	// refocus).
	Done []string `json:"done,omitempty" yaml:"done,omitempty"`
	// Used are the special abilities used this turn: p1:hero, p2:minion,
	// landmark:<id>.
	Used []string `json:"used,omitempty" yaml:"used,omitempty"`
	// Pending is what is left to resolve of the current player action,
	// outermost first; the last step is the decision awaited. Empty: the
	// active player chooses a player action. It is written before the
	// seats: a state cut inside it lacks them, and is refused.
	Pending   []stepState     `json:"pending,omitempty" yaml:"pending,omitempty"`
	Seats     []seatState     `json:"seats" yaml:"seats" pos:"required"`
	Landmarks []landmarkState `json:"landmarks" yaml:"landmarks" pos:"required"`
	Warriors  []warriorState  `json:"warriors" yaml:"warriors" pos:"required"`
	Over      bool            `json:"over,omitempty" yaml:"over,omitempty"`
	// Winner is the seat that won; left out while the game goes on and
	// for a draw.
	Winner *int   `json:"winner,omitempty" yaml:"winner,omitempty"`
	Reason string `json:"reason,omitempty" yaml:"reason,omitempty"`
	// RNG is the random source's state (it shuffled the landmarks and drew
	// the first player); left out, a fixed one.
	RNG string `json:"rng,omitempty" yaml:"rng,omitempty"`
}

type seatState struct {
	HeroSet string `json:"hero-set" yaml:"hero-set" pos:"required"`
	// Cards is the action row in order; left out, the set's cards START
	// side up and active.
	Cards []cardState `json:"cards,omitempty" yaml:"cards,omitempty"`
}

type cardState struct {
	ID        string `json:"id" yaml:"id" pos:"required"`
	Side      string `json:"side" yaml:"side"` // start (the default) or back
	Exhausted bool   `json:"exhausted" yaml:"exhausted"`
}

type landmarkState struct {
	ID      string `json:"id" yaml:"id" pos:"required"`
	At      string `json:"at" yaml:"at" pos:"required"`
	Flipped bool   `json:"flipped" yaml:"flipped"`
}

type warriorState struct {
	ID string `json:"id" yaml:"id" pos:"required"`
	// At is the tile it stands on; left out for a defeated warrior.
	At       string `json:"at,omitempty" yaml:"at,omitempty"`
	Wounded  bool   `json:"wounded" yaml:"wounded"`
	Defeated bool   `json:"defeated,omitempty" yaml:"defeated,omitempty"`
	// Health is a hero's health card position; left out, its side's start.
	Health *int `json:"health,omitempty" yaml:"health,omitempty"`
}

// stepState is one pending step (see rules.go for what each does).
type stepState struct {
	Do        string         `json:"do" yaml:"do" pos:"required"`
	Seat      int            `json:"seat" yaml:"seat" pos:"required"`
	Warrior   string         `json:"warrior,omitempty" yaml:"warrior,omitempty"`
	Card      string         `json:"card,omitempty" yaml:"card,omitempty"`
	Abilities []abilityState `json:"abilities,omitempty" yaml:"abilities,omitempty"`
	Ability   *abilityState  `json:"ability,omitempty" yaml:"ability,omitempty"`
	Bonus     map[string]int `json:"bonus,omitempty" yaml:"bonus,omitempty"`
	Movement  int            `json:"movement,omitempty" yaml:"movement,omitempty"`
	Phase     string         `json:"phase,omitempty" yaml:"phase,omitempty"`
	Targets   []string       `json:"targets,omitempty" yaml:"targets,omitempty"`
	Next      int            `json:"next,omitempty" yaml:"next,omitempty"`
	Value     int            `json:"value,omitempty" yaml:"value,omitempty"`
	Landmark  string         `json:"landmark,omitempty" yaml:"landmark,omitempty"`
	Source    string         `json:"source,omitempty" yaml:"source,omitempty"`
}

// abilityState is an ability written as in content: {attack: 2, range: long, reach: 4}.
type abilityState struct {
	Attack  *int   `json:"attack,omitempty" yaml:"attack,omitempty"`
	March   *int   `json:"march,omitempty" yaml:"march,omitempty"`
	Force   *int   `json:"force,omitempty" yaml:"force,omitempty"`
	Star    bool   `json:"star,omitempty" yaml:"star,omitempty"`
	Range   string `json:"range,omitempty" yaml:"range,omitempty"`
	Reach   int    `json:"reach,omitempty" yaml:"reach,omitempty"`
	Targets int    `json:"targets,omitempty" yaml:"targets,omitempty"`
	Crest   string `json:"crest,omitempty" yaml:"crest,omitempty"`
}

var sideNames = [2]string{"start", "back"}

func (g *Game) position() *position {
	p := &position{MapSet: g.Map.ID, Turn: g.turn, Active: g.Active, Done: cloneOrNil(g.done), Used: cloneOrNil(g.used),
		Over: g.over, Reason: g.Reason}
	if g.over && g.Winner >= 0 {
		w := g.Winner
		p.Winner = &w
	}
	for s := range 2 {
		st := seatState{HeroSet: g.P[s].Set.ID}
		for _, c := range g.P[s].Cards {
			st.Cards = append(st.Cards, cardState{ID: g.RS.Actions[c.Action].ID, Side: sideNames[c.Side], Exhausted: c.Exhausted})
		}
		p.Seats = append(p.Seats, st)
	}
	for _, l := range g.Lm {
		p.Landmarks = append(p.Landmarks, landmarkState{ID: g.RS.Landmarks[l.Landmark].ID, At: Tile(l.Pos), Flipped: l.Flipped})
	}
	for i, w := range g.W {
		if !g.hasWarrior(i) {
			continue
		}
		ws := warriorState{ID: w.ID, Wounded: w.Wounded, Defeated: !w.Alive}
		if w.Alive {
			ws.At = Tile(w.Pos)
		}
		if !w.Minion {
			h := int(w.Health)
			ws.Health = &h
		}
		p.Warriors = append(p.Warriors, ws)
	}
	for _, s := range g.stack {
		p.Pending = append(p.Pending, g.stepState(s))
	}
	if b, err := g.pcg.MarshalBinary(); err == nil {
		p.RNG = hex.EncodeToString(b)
	}
	return p
}

func (g *Game) stepState(s step) stepState {
	st := stepState{Do: s.Kind, Seat: s.Seat}
	switch s.Kind {
	case stepMore, stepMarch, stepAttack, stepForce:
		st.Warrior = g.W[s.W].ID
	}
	switch s.Kind {
	case stepPlan:
		st.Card = g.RS.Actions[g.P[s.Seat].Cards[s.Card].Action].ID
	case stepResolve:
		for _, a := range s.Abs {
			st.Abilities = append(st.Abilities, g.abilityState(a))
		}
	case stepMarch:
		st.Movement = s.Move
	case stepFlip:
		st.Landmark = g.RS.Landmarks[g.Lm[s.Lm].Landmark].ID
	case stepSpecial:
		st.Source = s.Src
		if sp, _, _, _ := g.special(s.Seat, s.Src); sp != nil && sp.Aim != table.AimAny && s.W >= 0 && s.W < len(g.W) {
			st.Warrior = g.W[s.W].ID // the warrior its effect targets
		}
	case stepAttack, stepForce:
		a := g.abilityState(s.Ab)
		st.Ability = &a
		for b, n := range s.Bonus {
			if n != 0 {
				if st.Bonus == nil {
					st.Bonus = map[string]int{}
				}
				st.Bonus[table.BonusNames[b]] = n
			}
		}
		st.Phase = phaseNames[s.Phase]
		for _, t := range s.Targets {
			st.Targets = append(st.Targets, g.W[t].ID)
		}
		st.Next, st.Value = s.Next, s.Value
	}
	return st
}

func (g *Game) abilityState(a table.Ability) abilityState {
	v := int(a.Value)
	s := abilityState{Range: table.RangeNames[a.Range], Reach: int(a.Reach)}
	switch a.Keyword {
	case table.Attack:
		s.Attack = &v
	case table.March:
		s.March = &v
	case table.Force:
		s.Force = &v
	case table.Star:
		s.Star = true
	}
	if a.Targets > 1 {
		s.Targets = int(a.Targets)
	}
	if a.Crest >= 0 && int(a.Crest) < len(g.RS.Crests) {
		s.Crest = g.RS.Crests[a.Crest].ID
	}
	return s
}

// Load reads a game back from a position's state: decode, then check each
// field; a broken position is an error naming the field, its line and
// column, never a panic. A position that is not at a decision resolves up
// to the next one.
func Load(rs *table.Ruleset, n *yaml.Node) (*Game, error) {
	var p position
	if err := play.Decode(n, &p); err != nil {
		return nil, err
	}
	l := &loader{n: n, p: &p}
	for _, check := range []func(*table.Ruleset) error{l.header, l.seats, l.landmarks, l.warriors, l.turnDone, l.pending, l.result} {
		if err := check(rs); err != nil {
			return nil, err
		}
	}
	g := l.g
	if !g.over {
		g.advance(false)
	}
	return g, nil
}

// loader builds a game from a decoded position, one field at a time.
type loader struct {
	n *yaml.Node
	p *position
	g *Game
}

func (l *loader) errf(path play.Path, format string, args ...any) error {
	return play.Errorf(l.n, path, format, args...)
}

func (l *loader) header(rs *table.Ruleset) error {
	p := l.p
	mi := rs.MapSetIndex(p.MapSet)
	if mi < 0 {
		var ids []string
		for _, m := range rs.MapSets {
			ids = append(ids, m.ID)
		}
		return l.errf(play.Path{"map-set"}, "%v", unknown("map set", p.MapSet, ids))
	}
	g := &Game{RS: rs, Map: &rs.MapSets[mi], Winner: -1, toMove: -1, turn: p.Turn, Active: p.Active, Reason: p.Reason, over: p.Over}
	l.g = g
	if g.turn == 0 {
		g.turn = 1
	}
	if g.turn < 0 || g.turn > MaxTurns {
		return l.errf(play.Path{"turn"}, "%d is not 1 to %d", p.Turn, MaxTurns)
	}
	if p.Active != 0 && p.Active != 1 {
		return l.errf(play.Path{"active"}, "active %d: the active seat is 0 or 1", p.Active)
	}
	return nil
}

func (l *loader) seats(rs *table.Ruleset) error {
	if len(l.p.Seats) != 2 {
		return l.errf(play.Path{"seats"}, "a game has two seats; this position has %d", len(l.p.Seats))
	}
	for s, st := range l.p.Seats {
		hi := rs.HeroSetIndex(st.HeroSet)
		if hi < 0 {
			var ids []string
			for _, h := range rs.HeroSets {
				ids = append(ids, h.ID)
			}
			return l.errf(play.Path{"seats", s, "hero-set"}, "%v", unknown("hero set", st.HeroSet, ids))
		}
		l.g.seat(s, &rs.HeroSets[hi])
		if err := l.cards(s, st.Cards, play.Path{"seats", s, "cards"}); err != nil {
			return err
		}
	}
	l.g.setIDs()
	return nil
}

// turnDone: the player actions and special abilities this turn.
func (l *loader) turnDone(*table.Ruleset) error {
	g, p := l.g, l.p
	if len(p.Done) > 2 {
		return l.errf(play.Path{"done"}, "done: %d player actions; a turn has two", len(p.Done))
	}
	for i, d := range p.Done {
		if !slices.Contains([]string{ActMove, ActActivate, ActPrime, ActRefocus}, d) {
			return l.errf(play.Path{"done", i}, "done: %s is not a player action (move, activate, prime, refocus)", phrase.Quote(d))
		}
		if slices.Contains(p.Done[:i], d) {
			return l.errf(play.Path{"done", i}, "done: %s twice; a turn's two player actions differ", d)
		}
	}
	g.done = p.Done
	for i, u := range p.Used {
		if !g.validUse(u) || slices.Contains(p.Used[:i], u) {
			return l.errf(play.Path{"used", i}, "used: %s is not a special ability of this game (p1:hero, p2:minion, landmark:<id>), or is listed twice", phrase.Quote(u))
		}
	}
	g.used = p.Used
	return nil
}

func (l *loader) pending(*table.Ruleset) error {
	if len(l.p.Pending) > 64 {
		return l.errf(play.Path{"pending"}, "%d steps pending (at most 64)", len(l.p.Pending))
	}
	for i, st := range l.p.Pending {
		s, err := l.step(st, play.Path{"pending", i})
		if err != nil {
			return err
		}
		l.g.stack = append(l.g.stack, s)
	}
	return nil
}

// result: who won, the random source, and the invariants of a game going on.
func (l *loader) result(*table.Ruleset) error {
	g, p := l.g, l.p
	switch {
	case p.Winner != nil && !p.Over:
		return l.errf(play.Path{"winner"}, "winner: the game is not over")
	case p.Winner != nil && *p.Winner != 0 && *p.Winner != 1:
		return l.errf(play.Path{"winner"}, "winner %d: a seat is 0 or 1", *p.Winner)
	case p.Winner != nil:
		g.Winner = *p.Winner
	}
	if p.Over && len(p.Pending) > 0 {
		return l.errf(play.Path{"pending"}, "pending: the game is over; nothing is left to resolve")
	}
	g.pcg = rand.NewPCG(1, 0x9e3779b97f4a7c15)
	if p.RNG != "" {
		b, err := hex.DecodeString(p.RNG)
		if err == nil {
			err = g.pcg.UnmarshalBinary(b)
		}
		if err != nil {
			return l.errf(play.Path{"rng"}, "rng: %s is not a random source's state written by this engine", phrase.Quote(p.RNG))
		}
	}
	g.rng = rand.New(g.pcg)
	for s := range 2 {
		if h := g.W[2*s]; !h.Alive && !g.over {
			return l.errf(play.Path{"warriors"}, "hero %s is defeated but the game is not over", h.ID)
		}
	}
	if err := g.Invariants(); err != nil {
		return l.errf(play.Path{"warriors"}, "%v", err)
	}
	return nil
}

func (l *loader) cards(s int, cards []cardState, path play.Path) error {
	g := l.g
	set := g.P[s].Set
	if len(cards) == 0 {
		for _, a := range set.Actions {
			g.P[s].Cards = append(g.P[s].Cards, Card{Action: a})
		}
		return nil
	}
	var ids []string
	for _, a := range set.Actions {
		ids = append(ids, g.RS.Actions[a].ID)
	}
	for i, c := range cards {
		k := slices.Index(ids, c.ID)
		if k < 0 {
			return l.errf(path.With(i, "id"), "%v", unknown("action card of hero set "+set.ID, c.ID, ids))
		}
		a := set.Actions[k]
		if slices.ContainsFunc(g.P[s].Cards, func(x Card) bool { return x.Action == a }) {
			return l.errf(path.With(i, "id"), "card %s is in the action row twice", c.ID)
		}
		side := int8(0)
		switch c.Side {
		case "", "start":
		case "back":
			side = 1
		default:
			return l.errf(path.With(i, "side"), "card %s: side %s is start or back", c.ID, phrase.Quote(c.Side))
		}
		g.P[s].Cards = append(g.P[s].Cards, Card{Action: a, Side: side, Exhausted: c.Exhausted})
	}
	if len(cards) != len(ids) {
		var missing []string
		for k, id := range ids {
			if !slices.ContainsFunc(g.P[s].Cards, func(x Card) bool { return x.Action == set.Actions[k] }) {
				missing = append(missing, id)
			}
		}
		return l.errf(path, "the action row of hero set %s lacks %s", set.ID, strings.Join(missing, ", "))
	}
	return nil
}

func (l *loader) landmarks(*table.Ruleset) error {
	g, ls, path := l.g, l.p.Landmarks, play.Path{"landmarks"}
	var ids []string
	for _, lm := range g.Map.Landmarks {
		ids = append(ids, g.RS.Landmarks[lm].ID)
	}
	for i, lp := range ls {
		k := slices.Index(ids, lp.ID)
		if k < 0 {
			return l.errf(path.With(i, "id"), "%v", unknown("landmark of map set "+g.Map.ID, lp.ID, ids))
		}
		li := g.Map.Landmarks[k]
		pos, err := ParseTile(lp.At)
		if err != nil {
			return l.errf(path.With(i, "at"), "landmark %s: %v", lp.ID, err)
		}
		if g.Map.At(int(pos.R), int(pos.C)) != table.LandmarkPos {
			return l.errf(path.With(i, "at"), "landmark %s: %s is not a landmark position (L) of map set %s", lp.ID, lp.At, g.Map.ID)
		}
		for _, o := range g.Lm {
			switch {
			case o.Landmark == li:
				return l.errf(path.With(i, "id"), "landmark %s is on the map twice", lp.ID)
			case o.Pos == pos:
				return l.errf(path.With(i, "at"), "landmarks %s and %s are both at %s", g.RS.Landmarks[o.Landmark].ID, lp.ID, lp.At)
			}
		}
		g.Lm = append(g.Lm, Placed{Landmark: li, Pos: pos, Flipped: lp.Flipped})
	}
	if len(g.Lm) != len(ids) {
		var missing []string
		for k, id := range ids {
			if !slices.ContainsFunc(g.Lm, func(p Placed) bool { return p.Landmark == g.Map.Landmarks[k] }) {
				missing = append(missing, id)
			}
		}
		return l.errf(path, "the map lacks landmark %s", strings.Join(missing, ", "))
	}
	slices.SortFunc(g.Lm, func(a, b Placed) int {
		if a.Pos.R != b.Pos.R {
			return int(a.Pos.R) - int(b.Pos.R)
		}
		return int(a.Pos.C) - int(b.Pos.C)
	})
	return nil
}

func (l *loader) warriors(*table.Ruleset) error {
	g, ws, path := l.g, l.p.Warriors, play.Path{"warriors"}
	var ids []string
	for i := range g.W {
		if g.hasWarrior(i) {
			ids = append(ids, g.W[i].ID)
		}
	}
	seen := map[int]bool{}
	for i, s := range ws {
		at := path.With(i)
		wi := g.warrior(s.ID)
		if wi < 0 {
			return l.errf(at.With("id"), "%v", unknown("warrior", s.ID, ids))
		}
		if seen[wi] {
			return l.errf(at.With("id"), "warrior %s is listed twice", s.ID)
		}
		seen[wi] = true
		w := &g.W[wi]
		w.Wounded = s.Wounded
		w.Alive = !s.Defeated
		switch {
		case s.Defeated && s.At != "":
			return l.errf(at.With("at"), "warrior %s is defeated, so it stands nowhere", s.ID)
		case !s.Defeated && s.At == "":
			return l.errf(at.With("at"), "warrior %s stands nowhere: give its tile, or defeated: true", s.ID)
		case !s.Defeated:
			pos, err := ParseTile(s.At)
			if err != nil {
				return l.errf(at.With("at"), "warrior %s: %v", s.ID, err)
			}
			if !g.isSpace(pos) {
				return l.errf(at.With("at"), "warrior %s: %s is not a space of map set %s", s.ID, s.At, g.Map.ID)
			}
			w.Pos = pos
		}
		if w.Minion {
			if s.Health != nil {
				return l.errf(at.With("health"), "warrior %s is a minion: its card's side (wounded or not) is its health", s.ID)
			}
			continue
		}
		h := g.P[w.Player].Set.Health
		lo, hi := h.HealthyStart, h.Flip-1
		if w.Wounded {
			lo, hi = h.WoundedStart, h.Skull-1
		}
		w.Health = lo
		if s.Defeated {
			hi = h.Skull
		}
		if s.Health != nil {
			if *s.Health < int(lo) || *s.Health > int(hi) {
				return l.errf(at.With("health"), "hero %s: health %d is off its health card's %s track (%d to %d)", s.ID, *s.Health, map[bool]string{false: "healthy", true: "wounded"}[w.Wounded], lo, hi)
			}
			w.Health = int8(*s.Health)
		}
	}
	for _, id := range ids {
		if !seen[g.warrior(id)] {
			return l.errf(path, "warrior %s is not listed (write defeated: true for a defeated one)", id)
		}
	}
	return nil
}

// validUse reports whether u names a special ability of this game.
func (g *Game) validUse(u string) bool {
	if id, ok := strings.CutPrefix(u, "landmark:"); ok {
		return slices.ContainsFunc(g.Lm, func(p Placed) bool { return g.RS.Landmarks[p.Landmark].ID == id })
	}
	for s := range 2 {
		if u == useKey(s, "hero") || u == useKey(s, "minion") && g.P[s].Set.HasMinion {
			return true
		}
	}
	return false
}

func (l *loader) step(st stepState, at play.Path) (step, error) {
	g := l.g
	s := step{Kind: st.Do, Seat: st.Seat, Targets: nil, Lm: -1}
	if st.Seat != 0 && st.Seat != 1 {
		return s, l.errf(at.With("seat"), "seat %d: a seat is 0 or 1", st.Seat)
	}
	warrior := func() error {
		if s.W = g.warrior(st.Warrior); s.W < 0 {
			var ids []string
			for i := range g.W {
				if g.hasWarrior(i) {
					ids = append(ids, g.W[i].ID)
				}
			}
			return l.errf(at.With("warrior"), "%s step: %v", st.Do, unknown("warrior", st.Warrior, ids))
		}
		return nil
	}
	switch st.Do {
	case stepEndTurn, stepStar:
	case stepSpecial:
		sp, _, _, _ := g.special(st.Seat, st.Source)
		if sp == nil {
			return s, l.errf(at.With("source"), "special: %s is not a special ability of seat %d (hero, minion, landmark:<id>)", phrase.Quote(st.Source), st.Seat)
		}
		s.Src = st.Source
		if sp.Aim != table.AimAny {
			if err := warrior(); err != nil { // the warrior its effect targets
				return s, err
			}
		}
	case stepMore:
		if err := warrior(); err != nil {
			return s, err
		}
		if g.W[s.W].Player != st.Seat {
			return s, l.errf(at.With("warrior"), "more-moves: %s is not seat %d's warrior", st.Warrior, st.Seat)
		}
	case stepPlan:
		s.Card = slices.IndexFunc(g.P[st.Seat].Cards, func(c Card) bool { return g.RS.Actions[c.Action].ID == st.Card })
		if s.Card < 0 {
			return s, l.errf(at.With("card"), "abilities: %s is not a card of seat %d's action row", phrase.Quote(st.Card), st.Seat)
		}
	case stepResolve:
		for i, a := range st.Abilities {
			ab, err := l.ability(a, at.With("abilities", i))
			if err != nil {
				return s, err
			}
			s.Abs = append(s.Abs, ab)
		}
	case stepFlip:
		s.Lm = slices.IndexFunc(g.Lm, func(p Placed) bool { return g.RS.Landmarks[p.Landmark].ID == st.Landmark })
		if s.Lm < 0 {
			return s, l.errf(at.With("landmark"), "flip: %s is not a landmark on the map", phrase.Quote(st.Landmark))
		}
	case stepMarch:
		if err := warrior(); err != nil {
			return s, err
		}
		if st.Movement < 0 || st.Movement > 99 {
			return s, l.errf(at.With("movement"), "march: movement %d is not 0 to 99", st.Movement)
		}
		s.Move = st.Movement
	case stepAttack, stepForce:
		if err := warrior(); err != nil {
			return s, err
		}
		if st.Ability == nil {
			return s, l.errf(at, "%s: the step needs its ability", st.Do)
		}
		ab, err := l.ability(*st.Ability, at.With("ability"))
		if err != nil {
			return s, err
		}
		if ab.Keyword.String() != st.Do {
			return s, l.errf(at.With("ability"), "%s: the ability is %s", st.Do, ab.Keyword)
		}
		s.Ab = ab
		for k, v := range st.Bonus {
			b := slices.Index(table.BonusNames[:], k)
			if b < 0 || v < 0 || v > 99 {
				return s, l.errf(at.With("bonus", k), "%s: bonus %s: %d is not a count of map bonus icons (attack, defense, range, movement, force)", st.Do, k, v)
			}
			s.Bonus[b] = v
		}
		phase := -1
		for ph, name := range phaseNames {
			if name == st.Phase {
				phase = ph
			}
		}
		okPhase := map[string][]int{stepAttack: {phaseFirst, phaseMore, phaseNext, phaseDefend}, stepForce: {phaseFirst, phaseMore, phaseDest}}[st.Do]
		if !slices.Contains(okPhase, phase) {
			var names []string
			for _, ph := range okPhase {
				names = append(names, phaseNames[ph])
			}
			return s, l.errf(at.With("phase"), "%s: phase %s is one of %s", st.Do, phrase.Quote(st.Phase), strings.Join(names, ", "))
		}
		s.Phase = phase
		for i, id := range st.Targets {
			t := g.warrior(id)
			if t < 0 {
				return s, l.errf(at.With("targets", i), "%s: target %s is not a warrior of this game", st.Do, phrase.Quote(id))
			}
			if slices.Contains(s.Targets, t) {
				return s, l.errf(at.With("targets", i), "%s: %s is targeted twice; each warrior only once", st.Do, id)
			}
			s.Targets = append(s.Targets, t)
		}
		if len(s.Targets) > int(ab.Targets) {
			return s, l.errf(at.With("targets"), "%s: %d targets for an ability of up to %d", st.Do, len(s.Targets), ab.Targets)
		}
		if phase != phaseFirst && len(s.Targets) == 0 {
			return s, l.errf(at.With("targets"), "%s: phase %s needs the targets chosen", st.Do, st.Phase)
		}
		if st.Next < 0 || st.Next > len(s.Targets) || phase == phaseDefend && st.Next == len(s.Targets) {
			return s, l.errf(at.With("next"), "%s: next %d is not a target's index", st.Do, st.Next)
		}
		s.Next, s.Value = st.Next, st.Value
	default:
		return s, l.errf(at.With("do"), "%s is not a step (%s)", phrase.Quote(st.Do), strings.Join([]string{stepMore, stepPlan, stepResolve, stepStar, stepFlip, stepAttack, stepMarch, stepForce, stepSpecial, stepEndTurn}, ", "))
	}
	return s, nil
}

func (l *loader) ability(a abilityState, at play.Path) (table.Ability, error) {
	g := l.g
	ab := table.Ability{Targets: 1, Crest: table.NoCrest}
	var words []string
	for _, k := range []struct {
		v  *int
		kw table.Keyword
	}{{a.Attack, table.Attack}, {a.March, table.March}, {a.Force, table.Force}} {
		if k.v != nil {
			words = append(words, k.kw.String())
			ab.Keyword = k.kw
			if *k.v < 0 || *k.v > 9 {
				return ab, l.errf(at.With(k.kw.String()), "%s %d is not 0 to 9", k.kw, *k.v)
			}
			ab.Value = int8(*k.v)
		}
	}
	if a.Star {
		words = append(words, "star")
		ab.Keyword = table.Star
	}
	if len(words) != 1 {
		return ab, l.errf(at, "an ability is exactly one of attack, march, force or star; this has %d", len(words))
	}
	r := slices.Index(table.RangeNames[:], a.Range)
	aimed := ab.Keyword == table.Attack || ab.Keyword == table.Force
	switch {
	case r < 0 || aimed != (r > 0):
		return ab, l.errf(at.With("range"), "%s: range %s (attack and force have short, medium or long; the others none)", words[0], phrase.Quote(a.Range))
	case (r == int(table.Long)) != (a.Reach >= 2) || a.Reach > 9:
		return ab, l.errf(at.With("reach"), "%s: reach %d (long range has a reach of 2 to 9; other ranges none)", words[0], a.Reach)
	case a.Targets < 0 || a.Targets > 4 || a.Targets > 1 && !aimed:
		return ab, l.errf(at.With("targets"), "%s: targets %d (attack and force have 1 to 4)", words[0], a.Targets)
	}
	ab.Range, ab.Reach = table.Range(r), int8(a.Reach)
	if a.Targets > 1 {
		ab.Targets = int8(a.Targets)
	}
	if a.Crest != "" {
		c := slices.IndexFunc(g.RS.Crests, func(c table.Crest) bool { return c.ID == a.Crest })
		if c < 0 {
			var ids []string
			for _, c := range g.RS.Crests {
				ids = append(ids, c.ID)
			}
			return ab, l.errf(at.With("crest"), "%v", unknown("crest", a.Crest, ids))
		}
		ab.Crest = int16(c)
	}
	return ab, nil
}

// cloneOrNil is a copy of s, nil when s is empty: a game reuses its lists'
// memory, and its position is the same whether a list is empty or nil.
func cloneOrNil(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return slices.Clone(s)
}
