package battlecrest

import (
	"fmt"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/battlecrest/table"
	"github.com/roundtable-dev/roundtable/engine/play"
)

// GameID is the game's id in positions.
const GameID = "battlecrest"

// Versus is the two-player game of the rulebook: each player a hero set,
// on one map set.
var Versus = play.Mode{
	Name:    "versus",
	Summary: "two players, a hero set each, on a map set (rulebook: Setup, Gameplay)",
	Flags: []play.Flag{
		{Name: "map-set", Usage: "the map set to play on, by id (default: the ruleset's first)", Kind: play.String,
			Choices: func(rules any) []string {
				return ids(rules.(*table.Ruleset).MapSets, func(m table.MapSet) string { return m.ID })
			}},
		{Name: "hero-set", Usage: "a hero set by id; give two, P1's first (default: the ruleset's first two)", Kind: play.Strings,
			Choices: func(rules any) []string {
				return ids(rules.(*table.Ruleset).HeroSets, func(h table.HeroSet) string { return h.ID })
			}},
	},
	New:           newMatch,
	Load:          loadMatch,
	Policies:      map[string]play.PolicyMaker{"random": play.NewRandom, "greedy": NewGreedy},
	DefaultPolicy: "greedy",
	Example:       "--hero-set hollis --hero-set corvane --seed 4",

	// About a second a decision on two cores (docs/performance.md,
	// "Search opposite a person").
	OpponentBudget: 1000,
}

// Modes are Battlecrest's ways to play.
var Modes = []play.Mode{Versus}

func ruleset(rules any) (*table.Ruleset, error) {
	rs, ok := rules.(*table.Ruleset)
	if !ok || rs == nil {
		return nil, fmt.Errorf("battlecrest: the rules are %T, not a Battlecrest ruleset", rules)
	}
	return rs, nil
}

func newMatch(rules any, o play.Options) (play.Match, error) {
	rs, err := ruleset(rules)
	if err != nil {
		return nil, err
	}
	mapSet := 0
	if len(rs.MapSets) == 0 {
		return nil, fmt.Errorf("the ruleset has no map set")
	}
	if id := o.Str("map-set"); id != "" {
		if mapSet = rs.MapSetIndex(id); mapSet < 0 {
			var ids []string
			for _, m := range rs.MapSets {
				ids = append(ids, m.ID)
			}
			return nil, unknown("map set", id, ids)
		}
	}
	sets := [2]int{0, 1}
	switch ids := o.List("hero-set"); len(ids) {
	case 0:
		if len(rs.HeroSets) < 2 {
			return nil, fmt.Errorf("the ruleset has %d hero sets; a game needs two", len(rs.HeroSets))
		}
	case 2:
		for i, id := range ids {
			if sets[i] = rs.HeroSetIndex(id); sets[i] < 0 {
				var known []string
				for _, h := range rs.HeroSets {
					known = append(known, h.ID)
				}
				return nil, unknown("hero set", id, known)
			}
		}
	default:
		return nil, fmt.Errorf("give two hero sets, P1's first: --hero-set A --hero-set B (got %d)", len(ids))
	}
	g, err := setup(rs, mapSet, sets, o.Seed, o.Quiet)
	if err != nil {
		return nil, err
	}
	return g, nil
}

func loadMatch(rules any, state *yaml.Node) (play.Match, error) {
	rs, err := ruleset(rules)
	if err != nil {
		return nil, err
	}
	return play.Playable(Load(rs, state))
}

// Seats implements play.Match.
func (g *Game) Seats() []play.Seat {
	return []play.Seat{{Index: 0, Name: g.P[0].Name}, {Index: 1, Name: g.P[1].Name}}
}

// ToMove implements play.Match.
func (g *Game) ToMove() int {
	if g.over {
		return -1
	}
	return g.toMove
}

// Legal implements play.Match.
func (g *Game) Legal() int {
	if g.over {
		return 0
	}
	return len(g.opts)
}

// Action implements play.Match.
func (g *Game) Action(i int) string { return g.optTexts()[i] }

// Apply implements play.Match.
func (g *Game) Apply(i int) error {
	if g.over {
		return fmt.Errorf("the game is over")
	}
	if i < 0 || i >= len(g.opts) {
		return fmt.Errorf("no legal action %d (there are %d)", i, len(g.opts))
	}
	o := g.opts[i]
	g.setOpts(nil, g.toMove)
	g.choose(o)
	g.advance(false)
	return nil
}

// Over implements play.Match.
func (g *Game) Over() bool { return g.over }

// Result implements play.Match: the winner, and as scores the damage each
// seat's side dealt to the other hero.
func (g *Game) Result() play.Result {
	r := play.Draw(g.Reason)
	if g.Winner >= 0 {
		r = play.Win(g.Reason, g.Winner)
	}
	r.Scores = []int{g.Taken(1), g.Taken(0)}
	return r
}

// Turn implements play.Match: each player's turn counts one.
func (g *Game) Turn() int { return g.turn }

// Events implements play.Match.
func (g *Game) Events() []play.Event {
	e := g.events
	g.events = nil
	return e
}

// Clone implements play.Match.
func (g *Game) Clone() play.Match { return g.clone() }

// Position implements play.Match.
func (g *Game) Position() any { return g.position() }

// Game is not a play.Determinizer: nothing is hidden once the game is set
// up (no hands, no decks, no dice; the random source placed the landmarks
// and drew the first player, in plain view, and is not drawn from again:
// TestNothingHiddenAfterSetup), so a search on clones knows only what a
// player knows.

// Participants implements play.Participants for roundtable sim: each
// seat's hero set (an entity whose win rate a sim over several hero-set
// pairings compares).
func (g *Game) Participants() [][]string {
	out := make([][]string, len(g.P))
	for i, p := range g.P {
		out[i] = []string{}
		if p.Set != nil {
			out[i] = append(out[i], p.Set.ID)
		}
	}
	return out
}

// ids are the ids of a table's rows (Flag.Choices).
func ids[T any](rows []T, id func(T) string) []string {
	out := make([]string, 0, len(rows))
	for _, r := range rows {
		out = append(out, id(r))
	}
	return out
}
