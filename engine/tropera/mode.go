package tropera

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// BattleMode is a battle on a map: `roundtable play tropera battle`.
var BattleMode = play.Mode{
	Name:    "battle",
	Summary: "a battle on a map: the party against numbered enemies by level, to the battle's objective",
	Flags: []play.Flag{
		{Name: "battle", Usage: "battle id (default: the first battle of the content)", Kind: play.String, Choices: func(rules any) []string {
			var out []string
			for _, b := range rules.(*table.Ruleset).Battles {
				out = append(out, b.ID)
			}
			return out
		}},
	},
	New: func(rules any, o play.Options) (play.Match, error) {
		rs := rules.(*table.Ruleset)
		if len(rs.Battles) == 0 {
			return nil, fmt.Errorf("the content has no battle")
		}
		bi := 0
		if id := o.Str("battle"); id != "" {
			if bi = rs.BattleIndex(id); bi < 0 {
				return nil, fmt.Errorf("no battle %s%s", phrase.Quote(id), suggest(id, rs))
			}
		}
		return NewBattle(rs, bi, o.Seed, o.Quiet)
	},
	Load: func(rules any, st *yaml.Node) (play.Match, error) {
		return play.Playable(LoadBattle(rules.(*table.Ruleset), st))
	},
	Policies:      map[string]play.PolicyMaker{"random": play.NewRandom, "greedy": NewGreedy},
	DefaultPolicy: "greedy",
	Example:       "--battle durvalla-road --seed 1",

	// About a second a decision on two cores (docs/performance.md,
	// "Search opposite a person").
	OpponentBudget: 500,
}

// Modes are Tropera's ways to play.
var Modes = []play.Mode{BattleMode, LevelUpMode}

// suggest names the battle meant, or the battles there are.
func suggest(id string, rs *table.Ruleset) string {
	var ids []string
	for _, b := range rs.Battles {
		ids = append(ids, b.ID)
	}
	if s := phrase.Suggest(id, ids); s != "" {
		return fmt.Sprintf(" (did you mean %s?)", phrase.Quote(s))
	}
	return " (battles: " + strings.Join(ids, ", ") + ")"
}
