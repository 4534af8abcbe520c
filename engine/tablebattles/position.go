package tablebattles

import (
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// Position is the state of a battle as a designer reads and writes it
// (docs/tablebattles.md, "Positions and actions"). Formations and sides are
// keyed by id. Reading one back, a formation or side left out is as the
// set-up card puts it, a pool left out is the side's dice not on cards, and
// a missing rng starts a fixed random source.
type Position struct {
	Scenario string `json:"scenario" yaml:"scenario" pos:"required"`
	Turn     int    `json:"turn" yaml:"turn"`     // player turns begun, from 1
	Active   string `json:"active" yaml:"active"` // the side whose turn it is
	// Phase is the decision due: action (the active side acts or passes),
	// reaction (the defender answers Attack), roll (the active side places
	// dice of Roll on one card of Wing), or over.
	Phase      string                   `json:"phase" yaml:"phase"`
	Sides      map[string]*SidePos      `json:"sides" yaml:"sides"`
	Formations map[string]*FormationPos `json:"formations" yaml:"formations"`
	Attack     *AttackPos               `json:"attack,omitempty" yaml:"attack,omitempty"`
	Roll       []int                    `json:"roll,omitempty" yaml:"roll,flow,omitempty"`
	Wing       string                   `json:"wing,omitempty" yaml:"wing,omitempty"`
	Winner     string                   `json:"winner,omitempty" yaml:"winner,omitempty"` // phase over: the side that won; none for a draw
	Reason     string                   `json:"reason,omitempty" yaml:"reason,omitempty"` // phase over: why
	RNG        string                   `json:"rng,omitempty" yaml:"rng,omitempty"`       // the random source's state
}

// SidePos is one side in a position.
type SidePos struct {
	Morale *int `json:"morale" yaml:"morale"`
	Pool   *int `json:"pool" yaml:"pool"` // dice in the pool (rolled in the roll phase)
	// Skip: the side reacted in the opponent's action phase and skips its
	// next one.
	Skip bool `json:"skip,omitempty" yaml:"skip,omitempty"`
}

// FormationPos is one formation in a position.
type FormationPos struct {
	Units *int  `json:"units,omitempty" yaml:"units,omitempty"` // a normal formation's units
	Cubes *int  `json:"cubes,omitempty" yaml:"cubes,omitempty"` // a special formation's cubes
	Dice  []int `json:"dice,omitempty" yaml:"dice,flow,omitempty"`
	// Reserve is written for formations that start in reserve: whether it
	// still waits.
	Reserve *bool `json:"reserve,omitempty" yaml:"reserve,omitempty"`
	// Gone is how it left play: routed, retired or pursued.
	Gone string `json:"gone,omitempty" yaml:"gone,omitempty"`
}

// AttackPos is an attack waiting for the defender's reaction.
type AttackPos struct {
	Formation string `json:"formation" yaml:"formation" pos:"required"`
	Action    int    `json:"action" yaml:"action" pos:"required"` // 1-based, on the formation's card
	Target    string `json:"target" yaml:"target" pos:"required"`
	Dice      []int  `json:"dice,omitempty" yaml:"dice,flow,omitempty"` // removed from the card; none for a special formation
}

func intp(n int) *int    { return &n }
func boolp(b bool) *bool { return &b }

// Position implements play.Match.
func (g *Game) Position() any {
	p := &Position{Scenario: g.Scenario.ID, Turn: g.turn, Active: g.sideID(g.Active), Phase: g.phase.String(),
		Sides: map[string]*SidePos{}, Formations: map[string]*FormationPos{}}
	for s := range 2 {
		p.Sides[g.sideID(s)] = &SidePos{Morale: intp(g.S[s].Morale), Pool: intp(g.S[s].Pool), Skip: g.S[s].Skip}
	}
	for _, f := range g.F {
		fp := &FormationPos{Dice: slices.Clone(f.Dice), Gone: f.How}
		if f.Def.Special {
			fp.Cubes = intp(f.Units)
		} else {
			fp.Units = intp(f.Units)
		}
		if f.Def.Reserve != table.NotReserve {
			fp.Reserve = boolp(f.Reserve)
		}
		p.Formations[f.Def.ID] = fp
	}
	switch g.phase {
	case PhaseReaction:
		p.Attack = &AttackPos{Formation: g.F[g.attack.F].Def.ID, Action: g.attack.Action + 1, Target: g.F[g.attack.Target].Def.ID, Dice: slices.Clone(g.attack.Dice)}
	case PhaseRoll:
		p.Roll, p.Wing = slices.Clone(g.roll), g.wing.String()
	case PhaseOver:
		if g.winner >= 0 {
			p.Winner = g.sideID(g.winner)
		}
		p.Reason = g.reason
	}
	if b, err := g.pcg.MarshalBinary(); err == nil {
		p.RNG = hex.EncodeToString(b)
	}
	return p
}

// Load reads a battle back from a position's state (see Position): decode,
// then check each field against the rules and the scenario.
func Load(rs *table.Ruleset, state *yaml.Node) (*Game, error) {
	l := &loader{rs: rs, n: state}
	if err := play.Decode(state, &l.p); err != nil {
		return nil, err
	}
	for _, check := range []func() error{l.scenario, l.active, l.turn, l.sides, l.formations, l.pools, l.skip, l.phase} {
		if err := check(); err != nil {
			return nil, err
		}
	}
	return l.g, nil
}

// loader builds a game from a decoded position, one field at a time.
type loader struct {
	rs *table.Ruleset
	n  *yaml.Node
	p  Position
	g  *Game
}

func (l *loader) errf(path play.Path, format string, args ...any) error {
	return play.Errorf(l.n, path, format, args...)
}

func (l *loader) scenario() error {
	si := l.rs.Scenario(l.p.Scenario)
	if si < 0 {
		var ids []string
		for _, s := range l.rs.Scenarios {
			ids = append(ids, s.ID)
		}
		return l.errf(play.Path{"scenario"}, "unknown scenario %s%s", phrase.Quote(l.p.Scenario), hint(l.p.Scenario, ids))
	}
	pcg := rand.NewPCG(0, 0x7ab1eba771e5)
	if l.p.RNG != "" {
		b, err := hex.DecodeString(l.p.RNG)
		if err == nil {
			err = pcg.UnmarshalBinary(b)
		}
		if err != nil {
			return l.errf(play.Path{"rng"}, "%s is not a random source's state written by this engine", phrase.Quote(l.p.RNG))
		}
	}
	l.g = newGame(l.rs, si, pcg)
	l.g.setUp()
	return nil
}

// side is a side of the scenario by id.
func (l *loader) side(id string, path play.Path) (int, error) {
	sc := l.g.Scenario
	for s := range 2 {
		if sc.Sides[s].ID == id {
			return s, nil
		}
	}
	return -1, l.errf(path, "scenario %s has no side %s (sides: %s, %s)", sc.ID, phrase.Quote(id), sc.Sides[0].ID, sc.Sides[1].ID)
}

func (l *loader) active() error {
	if l.p.Active == "" {
		return nil
	}
	s, err := l.side(l.p.Active, play.Path{"active"})
	l.g.Active = s
	return err
}

func (l *loader) turn() error {
	if l.p.Turn < 0 || l.p.Turn > MaxTurns {
		return l.errf(play.Path{"turn"}, "%d is not 1 to %d", l.p.Turn, MaxTurns)
	}
	l.g.turn = max(l.p.Turn, 1)
	return nil
}

func (l *loader) sides() error {
	sc := l.g.Scenario
	for _, id := range sortedKeys(l.p.Sides) {
		s, err := l.side(id, play.Path{"sides", play.Key(id)})
		if err != nil {
			return err
		}
		sp := l.p.Sides[id]
		if sp == nil {
			continue
		}
		if sp.Morale != nil {
			if *sp.Morale < 0 || *sp.Morale > int(sc.Cubes) {
				return l.errf(play.Path{"sides", id, "morale"}, "side %s: morale %d is not 0 to %d", id, *sp.Morale, sc.Cubes)
			}
			l.g.S[s].Morale = *sp.Morale
		}
		l.g.S[s].Skip = sp.Skip
	}
	return nil
}

func (l *loader) formations() error {
	g := l.g
	for _, id := range sortedKeys(l.p.Formations) {
		f := g.ByID(id)
		if f == nil {
			var ids []string
			for _, f := range g.F {
				ids = append(ids, f.Def.ID)
			}
			return l.errf(play.Path{"formations", play.Key(id)}, "formation %s is not in scenario %s%s", phrase.Quote(id), g.Scenario.ID, hint(id, ids))
		}
		if fp := l.p.Formations[id]; fp != nil {
			if err := l.formation(f, fp, play.Path{"formations", id}); err != nil {
				return err
			}
		}
	}
	return nil
}

func (l *loader) formation(f *Formation, fp *FormationPos, path play.Path) error {
	id := f.Def.ID
	switch {
	case f.Def.Special && fp.Units != nil:
		return l.errf(path.With("units"), "formation %s is a special formation: it has cubes, not units", id)
	case !f.Def.Special && fp.Cubes != nil:
		return l.errf(path.With("cubes"), "formation %s is a normal formation: it has units, not cubes", id)
	}
	switch fp.Gone {
	case "":
	case "routed", "retired", "pursued":
		f.Gone, f.How = true, fp.Gone
		if fp.Gone == "routed" {
			f.Units = 0
		}
	default:
		return l.errf(path.With("gone"), "formation %s: gone %s is not routed, retired or pursued", id, phrase.Quote(fp.Gone))
	}
	if fp.Units != nil {
		f.Units = *fp.Units
		if f.Units < 0 || f.Units > int(f.Def.Strength) {
			return l.errf(path.With("units"), "formation %s: %d units, but its strength is %d", id, f.Units, f.Def.Strength)
		}
	}
	if fp.Cubes != nil {
		f.Units = *fp.Cubes
		if f.Units < 0 || f.Units > int(f.Def.Strength) {
			return l.errf(path.With("cubes"), "formation %s: %d cubes, but its card holds at most %d", id, f.Units, f.Def.Strength)
		}
	}
	if !f.Gone && !f.Def.Special && f.Units == 0 {
		return l.errf(path.With("units"), "formation %s has no units left but is in play (give it gone: routed)", id)
	}
	if f.How == "routed" && f.Units != 0 {
		return l.errf(path.With("units"), "formation %s routed, so it has no units left, not %d", id, f.Units)
	}
	if fp.Reserve != nil {
		if f.Def.Reserve == table.NotReserve && *fp.Reserve {
			return l.errf(path.With("reserve"), "formation %s does not start in reserve, so it cannot be in reserve", id)
		}
		f.Reserve = *fp.Reserve
	}
	for k, d := range fp.Dice {
		if d < 1 || d > 6 {
			return l.errf(path.With("dice", k), "formation %s: die %d is not 1 to 6", id, d)
		}
	}
	if len(fp.Dice) > 0 {
		switch {
		case f.Def.Special:
			return l.errf(path.With("dice"), "formation %s is a special formation: dice placed on it return to the pool at once", id)
		case f.Gone:
			return l.errf(path.With("dice"), "formation %s is %s: it holds no dice", id, f.How)
		case f.Reserve:
			return l.errf(path.With("dice"), "formation %s is in reserve: it cannot have dice", id)
		}
		f.Dice = slices.Clone(fp.Dice)
	}
	return nil
}

// pools: each side's dice are in its pool or on its cards, and the cubes
// in play are the box's at most.
func (l *loader) pools() error {
	g, sc := l.g, l.g.Scenario
	for s := range 2 {
		id := sc.Sides[s].ID
		onCards := g.DiceOnCards(s)
		g.S[s].Pool = g.S[s].Dice - onCards
		if sp := l.p.Sides[id]; sp != nil && sp.Pool != nil && *sp.Pool+onCards != g.S[s].Dice {
			return l.errf(play.Path{"sides", id, "pool"}, "side %s: pool %d + %d dice on cards is %d, but the side has %d dice", id, *sp.Pool, onCards, *sp.Pool+onCards, g.S[s].Dice)
		}
		if g.S[s].Pool < 0 {
			return l.errf(play.Path{"formations"}, "side %s has %d dice on its cards, but only %d dice", id, onCards, g.S[s].Dice)
		}
	}
	if c := g.Cubes(); c > int(sc.Cubes) {
		return l.errf(play.Path{"sides"}, "%d cubes in play (morale and special formations), but the box has %d", c, sc.Cubes)
	}
	return nil
}

func (l *loader) skip() error {
	if g := l.g; g.S[g.Active].Skip && l.p.Phase != "over" {
		return l.errf(play.Path{"sides", g.sideID(g.Active), "skip"}, "side %s skips its next action phase, but this is its turn already (skip is cleared when its turn begins)", g.sideID(g.Active))
	}
	return nil
}

func (l *loader) phase() error {
	g, p := l.g, &l.p
	ph := p.Phase
	if ph == "" {
		ph = "action"
	}
	k := slices.Index(PhaseNames[:], ph)
	if k < 0 {
		return l.errf(play.Path{"phase"}, "%s is not %s", phrase.Quote(ph), strings.Join(PhaseNames[:], ", "))
	}
	g.phase = Phase(k)
	for _, f := range []struct {
		name string
		ok   bool
	}{
		{"attack", p.Attack == nil || g.phase == PhaseReaction},
		{"roll", p.Roll == nil || g.phase == PhaseRoll},
		{"wing", p.Wing == "" || g.phase == PhaseRoll},
		{"winner", p.Winner == "" || g.phase == PhaseOver},
		{"reason", p.Reason == "" || g.phase == PhaseOver},
	} {
		if !f.ok {
			return l.errf(play.Path{f.name}, "%s belongs to another phase than %s", f.name, ph)
		}
	}
	switch g.phase {
	case PhaseReaction:
		if p.Attack == nil {
			return l.errf(play.Path{"phase"}, "phase reaction needs the attack it answers (attack: {formation, action, target, dice})")
		}
		if err := l.attack(p.Attack); err != nil {
			return err
		}
	case PhaseRoll:
		if err := l.roll(); err != nil {
			return err
		}
	case PhaseOver:
		if p.Reason == "" {
			return l.errf(play.Path{"phase"}, "phase over needs the reason the battle ended")
		}
		g.reason = p.Reason
		if p.Winner != "" {
			s := slices.IndexFunc(g.Scenario.Sides[:], func(sd table.Side) bool { return sd.ID == p.Winner })
			if s < 0 {
				return l.errf(play.Path{"winner"}, "winner %s is not a side of %s", phrase.Quote(p.Winner), g.Scenario.ID)
			}
			g.winner = s
		}
		return nil
	}
	if g.Legal() <= 1 && g.phase != PhaseReaction {
		return l.errf(play.Path{"phase"}, "phase %s, but %s has nothing to decide there", ph, g.sideID(g.ToMove()))
	}
	return nil
}

func (l *loader) roll() error {
	g, p := l.g, &l.p
	w := slices.Index(table.WingNames[:], p.Wing)
	if w < 0 || !slices.Contains(g.Wings(), table.Wing(w)) {
		var names []string
		for _, w := range g.Wings() {
			names = append(names, w.String())
		}
		return l.errf(play.Path{"wing"}, "wing %s is not a wing of %s's formations in play (%s)", phrase.Quote(p.Wing), g.sideID(g.Active), strings.Join(names, ", "))
	}
	g.wing = table.Wing(w)
	if len(p.Roll) > g.S[g.Active].Pool {
		return l.errf(play.Path{"roll"}, "a roll of %d dice, but %s's pool holds %d", len(p.Roll), g.sideID(g.Active), g.S[g.Active].Pool)
	}
	for k, d := range p.Roll {
		if d < 1 || d > 6 {
			return l.errf(play.Path{"roll", k}, "die %d is not 1 to 6", d)
		}
	}
	g.roll = sorted(p.Roll)
	return nil
}

func (l *loader) attack(ap *AttackPos) error {
	g := l.g
	f := g.ByID(ap.Formation)
	if f == nil || f.Side != g.Active || !f.active() {
		return l.errf(play.Path{"attack", "formation"}, "%s is not a formation of %s in play", phrase.Quote(ap.Formation), g.sideID(g.Active))
	}
	if ap.Action < 1 || ap.Action > len(f.Def.Actions) || f.Def.Actions[ap.Action-1].Type != table.Attack {
		return l.errf(play.Path{"attack", "action"}, "action %d of %s is not an attack", ap.Action, f.Def.ID)
	}
	t := g.target(&f.Def.Actions[ap.Action-1])
	if t == nil || t.Def.ID != ap.Target {
		want := "none"
		if t != nil {
			want = t.Def.ID
		}
		return l.errf(play.Path{"attack", "target"}, "%s's target now is %s, not %s", f.Def.ID, want, phrase.Quote(ap.Target))
	}
	if len(ap.Dice) > g.S[g.Active].Dice {
		return l.errf(play.Path{"attack", "dice"}, "%d dice, but %s has %d", len(ap.Dice), g.sideID(g.Active), g.S[g.Active].Dice)
	}
	for k, d := range ap.Dice {
		if d < 1 || d > 6 {
			return l.errf(play.Path{"attack", "dice", k}, "die %d is not 1 to 6", d)
		}
	}
	switch {
	case f.Def.Special && len(ap.Dice) > 0:
		return l.errf(play.Path{"attack", "dice"}, "%s is a special formation: it spends a cube, not dice", f.Def.ID)
	case !f.Def.Special && len(ap.Dice) == 0:
		return l.errf(play.Path{"attack", "dice"}, "the dice removed from %s are missing", f.Def.ID)
	case !f.Def.Special && !Meets(ap.Dice, f.Def.Actions[ap.Action-1].Requirement):
		return l.errf(play.Path{"attack", "dice"}, "dice %v do not meet %s", ap.Dice, f.Def.Actions[ap.Action-1].Requirement)
	}
	g.attack = &Attack{F: g.byIndex[f.Index], Action: ap.Action - 1, Target: g.byIndex[t.Index], Dice: sorted(ap.Dice)}
	if len(g.Reactions(f, t)) == 0 {
		return l.errf(play.Path{"phase"}, "phase reaction, but %s cannot react to the attack of %s", g.sideID(1-g.Active), f.Def.ID)
	}
	return nil
}

func hint(s string, ids []string) string {
	if d := phrase.Suggest(s, ids); d != "" {
		return fmt.Sprintf("; did you mean %s?", phrase.Quote(d))
	}
	return " (" + strings.Join(ids, ", ") + ")"
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
