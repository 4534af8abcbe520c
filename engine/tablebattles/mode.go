package tablebattles

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// Battle is the one way to play Table Battles: two sides fight a scenario.
var Battle = play.Mode{
	Name:    "battle",
	Summary: "two players fight one scenario's battle",
	Flags: []play.Flag{
		{Name: "scenario", Usage: "scenario id (default: the ruleset's first scenario)", Choices: func(rules any) []string {
			var out []string
			for _, sc := range rules.(*table.Ruleset).Scenarios {
				out = append(out, sc.ID)
			}
			return out
		}},
	},
	New: func(rules any, o play.Options) (play.Match, error) {
		rs, err := ruleset(rules)
		if err != nil {
			return nil, err
		}
		si, err := scenario(rs, o.Str("scenario"))
		if err != nil {
			return nil, err
		}
		g := newGame(rs, si, nil)
		g.quiet = o.Quiet
		return g.start(o.Seed), nil
	},
	Load: func(rules any, state *yaml.Node) (play.Match, error) {
		rs, err := ruleset(rules)
		if err != nil {
			return nil, err
		}
		return play.Playable(Load(rs, state))
	},
	Policies: map[string]play.PolicyMaker{
		"random": play.NewRandom,
		"greedy": func(uint64, int) play.Policy { return Greedy{} },
	},
	DefaultPolicy: "greedy",
	Example:       "--scenario ylisse-ford --seed 1",

	// About a second a decision on two cores (docs/performance.md,
	// "Search opposite a person").
	OpponentBudget: 10000,
}

// Modes are Table Battles' modes for the games registry.
var Modes = []play.Mode{Battle}

func ruleset(rules any) (*table.Ruleset, error) {
	rs, ok := rules.(*table.Ruleset)
	if !ok || rs == nil {
		return nil, fmt.Errorf("table-battles: not a Table Battles ruleset (%T)", rules)
	}
	if len(rs.Scenarios) == 0 {
		return nil, fmt.Errorf("table-battles: the ruleset has no scenario")
	}
	return rs, nil
}

// scenario finds a scenario by id; "" is the first.
func scenario(rs *table.Ruleset, id string) (int, error) {
	if id == "" {
		return 0, nil
	}
	if si := rs.Scenario(id); si >= 0 {
		return si, nil
	}
	var ids []string
	for _, s := range rs.Scenarios {
		ids = append(ids, s.ID)
	}
	msg := fmt.Sprintf("unknown scenario %s (scenarios: %s)", phrase.Quote(id), strings.Join(ids, ", "))
	if s := phrase.Suggest(id, ids); s != "" {
		msg += fmt.Sprintf("; did you mean %s?", phrase.Quote(s))
	}
	return 0, fmt.Errorf("%s", msg)
}
