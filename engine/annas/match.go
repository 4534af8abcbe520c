package annas

import (
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// Match is a game played through the game contract (engine/play): every
// decision, reaction windows and effect choices included, is one of its
// legal actions, named by its Text.
type Match struct {
	G     *Game
	legal []Action
	fresh bool // legal is the list of the current state
}

// NewMatch wraps g.
func NewMatch(g *Game) *Match { return &Match{G: g} }

// list is the legal actions of the state, in memory of the match's own
// (valid until the next Apply: a simulation lists them for every action).
func (m *Match) list() []Action {
	if !m.fresh {
		m.legal = m.G.appendLegal(m.legal[:0])
		m.fresh = true
	}
	return m.legal
}

// Seats implements play.Match: the players, then in boss mode the boss
// (which never decides: the rulebook gives its turn's choices to the
// players).
func (m *Match) Seats() []play.Seat {
	out := make([]play.Seat, len(m.G.Players))
	for i := range out {
		out[i] = play.Seat{Index: i, Name: fmt.Sprintf("P%d", i+1)}
	}
	if m.G.Boss != nil {
		out = append(out, play.Seat{Index: len(out), Name: "boss", Auto: true})
	}
	return out
}

// ToMove implements play.Match.
func (m *Match) ToMove() int {
	if m.G.Over() {
		return -1
	}
	return m.G.Actor()
}

// Legal implements play.Match.
func (m *Match) Legal() int { return len(m.list()) }

// Action implements play.Match.
func (m *Match) Action(i int) string { return m.G.Text(m.list()[i]) }

// Apply implements play.Match.
func (m *Match) Apply(i int) error {
	l := m.list()
	if i < 0 || i >= len(l) {
		return fmt.Errorf("no legal action %d", i)
	}
	m.fresh = false
	return m.G.Apply(l[i])
}

// Over implements play.Match.
func (m *Match) Over() bool { return m.G.Over() }

// Result implements play.Match: versus the winner (none for a draw) and
// the VP of each seat; boss mode every player together, or the boss.
func (m *Match) Result() play.Result {
	g := m.G
	r := play.Result{Winners: g.Winners(), Reason: g.Reason}
	if g.Boss != nil {
		return r
	}
	r.Scores = make([]int, len(g.Players))
	for i := range g.Players {
		r.Scores[i] = g.Players[i].VP()
	}
	return r
}

// Turn implements play.Match.
func (m *Match) Turn() int { return m.G.Turn }

// Events implements play.Match.
func (m *Match) Events() []play.Event { return m.G.Events() }

// Position implements play.Match.
func (m *Match) Position() any { return m.G.Position() }

// Clone implements play.Match.
func (m *Match) Clone() play.Match { return &Match{G: m.G.Clone()} }

// Participants implements play.Participants for roundtable sim: per player
// the unit cards it deployed during the game (a unit card is one unit, so
// "took part" is "was on the board for that player"; a card deployed,
// lost and deployed again counts once); in Boss Mode the boss seat lists
// its boss.
func (m *Match) Participants() [][]string {
	g := m.G
	out := make([][]string, 0, len(g.Players)+1)
	for i := range g.Players {
		ids := make([]string, 0, len(g.Players[i].Deployed))
		for _, c := range g.Players[i].Deployed {
			ids = append(ids, g.Rules.Units[c].ID)
		}
		out = append(out, ids)
	}
	if g.Boss != nil {
		out = append(out, []string{g.Boss.def.ID})
	}
	return out
}

// Versus is the 1v1 game (rulebook I–VII).
var Versus = play.Mode{
	Name:    "versus",
	Summary: "the 1v1 game (rulebook I-VII): two players, the shop, castles and VP cards",
	Flags: []play.Flag{
		{Name: "map", Usage: "versus map id (default: the content's first versus map)", Choices: mapChoices(table.Versus)},
		{Name: "vp-deck", Usage: "standard (the whole VP deck) or quick (the rulebook's first or faster game: without the largest cards)", Default: "standard",
			Choices: func(any) []string { return []string{"standard", "quick"} }},
	},
	New:           newVersus,
	Load:          loadVersusMatch,
	Policies:      policies,
	DefaultPolicy: "greedy",
	Example:       "--seed 7",

	// About a second a decision on two cores (docs/performance.md,
	// "Search opposite a person").
	OpponentBudget: 2000,
}

// Boss is Boss Mode (rulebook VIII): two to four players against a boss.
var Boss = play.Mode{
	Name:    "boss",
	Summary: "Boss Mode (rulebook VIII): 2 to 4 players together against a boss deck",
	Flags: []play.Flag{
		{Name: "boss", Usage: "the boss to face (its id)", Choices: bossChoices},
		{Name: "players", Usage: "number of players, 2 to 4", Default: "2", Kind: play.Int,
			Choices: func(any) []string { return []string{"2", "3", "4"} }},
	},
	New:           newBoss,
	Load:          loadBossMatch,
	Policies:      policies,
	DefaultPolicy: "greedy",
	Example:       "--boss grima --players 3 --seed 2",

	// About a second a decision on two cores (docs/performance.md,
	// "Search opposite a person").
	OpponentBudget: 1000,
}

// mapChoices are the ids of the maps of a mode (Flag.Choices).
func mapChoices(mode table.Mode) func(any) []string {
	return func(rules any) []string {
		rs, err := ruleset(rules)
		if err != nil {
			return nil
		}
		var out []string
		for _, m := range rs.Maps {
			if m.Mode == mode {
				out = append(out, m.ID)
			}
		}
		return out
	}
}

// bossChoices are the ids of the bosses (Flag.Choices).
func bossChoices(rules any) []string {
	rs, err := ruleset(rules)
	if err != nil {
		return nil
	}
	var out []string
	for _, b := range rs.Bosses {
		out = append(out, b.ID)
	}
	return out
}

// Modes are Anna's Roundtable's modes, versus first.
var Modes = []play.Mode{Versus, Boss}

func ruleset(rules any) (*table.Ruleset, error) {
	rs, ok := rules.(*table.Ruleset)
	if !ok || rs == nil {
		return nil, fmt.Errorf("annas: not an annas ruleset (%T)", rules)
	}
	return rs, nil
}

func newVersus(rules any, o play.Options) (play.Match, error) {
	rs, err := ruleset(rules)
	if err != nil {
		return nil, err
	}
	opt := Options{Seed: o.Seed, Map: o.Str("map"), Record: !o.Quiet}
	switch v := o.Str("vp-deck"); v {
	case "", "standard":
	case "quick":
		opt.Quick = true
	default:
		msg := fmt.Sprintf("--vp-deck %s: want standard or quick", phrase.Quote(v))
		if s := phrase.Suggest(v, []string{"standard", "quick"}); s != "" {
			msg += fmt.Sprintf(" (did you mean %s?)", phrase.Quote(s))
		}
		return nil, fmt.Errorf("%s", msg)
	}
	if opt.Map != "" && rs.MapIndex(opt.Map) < 0 {
		var ids []string
		for _, m := range rs.Maps {
			if m.Mode == table.Versus {
				ids = append(ids, m.ID)
			}
		}
		if s := phrase.Suggest(opt.Map, ids); s != "" {
			return nil, fmt.Errorf("no versus map %s (did you mean %s?)", phrase.Quote(opt.Map), phrase.Quote(s))
		}
	}
	g, err := New(rs, opt)
	if err != nil {
		return nil, err
	}
	return NewMatch(g), nil
}

func newBoss(rules any, o play.Options) (play.Match, error) {
	rs, err := ruleset(rules)
	if err != nil {
		return nil, err
	}
	n, err := o.Int("players", 2)
	if err != nil {
		return nil, err
	}
	if n < 2 || n > 4 {
		return nil, fmt.Errorf("--players %d: boss mode is for 2 to 4 players", n)
	}
	var ids []string
	for i := range rs.Bosses {
		ids = append(ids, rs.Bosses[i].ID)
	}
	id := o.Str("boss")
	b := rs.BossIndex(id)
	switch {
	case len(ids) == 0:
		return nil, fmt.Errorf("the content has no bosses")
	case id == "":
		return nil, fmt.Errorf("boss mode needs --boss (one of %s)", strings.Join(ids, ", "))
	case b < 0:
		if s := phrase.Suggest(id, ids); s != "" {
			return nil, fmt.Errorf("no boss %s; did you mean %s?", phrase.Quote(id), phrase.Quote(s))
		}
		return nil, fmt.Errorf("no boss %s (bosses: %s)", phrase.Quote(id), strings.Join(ids, ", "))
	}
	g, err := New(rs, Options{Seed: o.Seed, Mode: table.BossMode, Boss: b, Players: n, Record: !o.Quiet})
	if err != nil {
		return nil, err
	}
	return NewMatch(g), nil
}

func loadVersusMatch(rules any, state *yaml.Node) (play.Match, error) {
	return loadMatch(rules, table.Versus, state)
}

func loadBossMatch(rules any, state *yaml.Node) (play.Match, error) {
	return loadMatch(rules, table.BossMode, state)
}

func loadMatch(rules any, mode table.Mode, state *yaml.Node) (play.Match, error) {
	rs, err := ruleset(rules)
	if err != nil {
		return nil, err
	}
	g, err := loadRecording(rs, mode, state, true)
	if err != nil {
		return nil, err
	}
	return NewMatch(g), nil
}

// policies are the built-in players of the contract: this package's
// Random and Greedy, each seeded per seat.
var policies = map[string]play.PolicyMaker{
	"random": func(seed uint64, seat int) play.Policy { return policyOf("random", seed, seat) },
	"greedy": func(seed uint64, seat int) play.Policy { return policyOf("greedy", seed, seat) },
}

func policyOf(name string, seed uint64, seat int) play.Policy {
	p, err := NewPolicy(name, seed, seat)
	if err != nil {
		panic(err)
	}
	return play.FuncPolicy(func(pm play.Match) int {
		m := pm.(*Match)
		l := m.list()
		a := p.Choose(m.G, l)
		if i := slices.Index(l, a); i >= 0 {
			return i
		}
		return 0
	})
}
