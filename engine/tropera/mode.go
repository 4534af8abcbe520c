package tropera

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// BattleMode is a battle on a map: `roundtable play tropera battle`.
var BattleMode = play.Mode{
	Name:    "battle",
	Summary: "a battle on a map: the party against numbered enemies by level, to the battle's objective",
	Flags: []play.Flag{
		{Name: "battle", Usage: "battle id (default: the first battle of the content)", Kind: play.String},
	},
	New: func(rules any, o play.Options) (play.Match, error) {
		rs := rules.(*table.Ruleset)
		if len(rs.Battles) == 0 {
			return nil, fmt.Errorf("the content has no battle")
		}
		bi := 0
		if id := o.Str("battle"); id != "" {
			if bi = rs.BattleIndex(id); bi < 0 {
				return nil, fmt.Errorf("no battle %q%s", id, suggest(id, rs))
			}
		}
		return NewBattle(rs, bi, o.Seed, o.Quiet)
	},
	Load: func(rules any, st *yaml.Node) (play.Match, error) {
		return LoadBattle(rules.(*table.Ruleset), st)
	},
	Policies:      map[string]play.PolicyMaker{"random": play.NewRandom, "greedy": NewGreedy},
	DefaultPolicy: "greedy",
	Example:       "--battle durvalla-road --seed 1",
}

// Modes are Tropera's ways to play.
var Modes = []play.Mode{BattleMode, LevelUpMode}

// suggest names the battle meant, or the battles there are.
func suggest(id string, rs *table.Ruleset) string {
	var ids []string
	best, bestD := "", 1<<30
	for _, b := range rs.Battles {
		ids = append(ids, b.ID)
		if d := editDistance(id, b.ID); d < bestD {
			best, bestD = b.ID, d
		}
	}
	if bestD <= max(2, len(id)/3) {
		return fmt.Sprintf(" (did you mean %q?)", best)
	}
	return " (battles: " + strings.Join(ids, ", ") + ")"
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
