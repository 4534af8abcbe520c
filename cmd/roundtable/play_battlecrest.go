package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	bc "github.com/roundtable-dev/roundtable/compiler/battlecrest"
	engine "github.com/roundtable-dev/roundtable/engine/battlecrest"
	genbattlecrest "github.com/roundtable-dev/roundtable/generated/battlecrest"
)

func init() { playGames[bc.GameID] = playBattlecrest }

func bcPolicy(name string) (engine.Policy, error) {
	return policyByName[engine.Policy](name, engine.Greedy{}, engine.Random{})
}

// playBattlecrest plays the first map set with two hero sets: --deck names
// them (P1's first), else the first two of the ruleset.
func playBattlecrest(cmd *cobra.Command, f *playFlags) error {
	if f.mode != "versus" || f.boss != "" || f.scenario != "" {
		return usageErr("battlecrest takes --deck HERO-SET --deck HERO-SET; --mode, --boss and --scenario belong to other games")
	}
	rs, err := packRuleset(f.packs, bc.GameID, genbattlecrest.Ruleset, cmd.OutOrStdout())
	if err != nil {
		return err
	}
	if len(rs.MapSets) == 0 || len(rs.HeroSets) < 2 && len(f.decks) == 0 {
		return usageErr("battlecrest needs a map set and two hero sets")
	}
	sets := [2]int{0, 1}
	switch len(f.decks) {
	case 0:
	case 2:
		for i, id := range f.decks {
			if sets[i] = rs.HeroSetIndex(id); sets[i] < 0 {
				var ids []string
				for _, h := range rs.HeroSets {
					ids = append(ids, h.ID)
				}
				return usageErr("no hero set %q (hero sets: %s)", id, strings.Join(ids, ", "))
			}
		}
	default:
		return usageErr("battlecrest takes two hero sets: --deck A --deck B")
	}
	p1, err := bcPolicy(f.p1)
	if err != nil {
		return err
	}
	p2, err := bcPolicy(f.p2)
	if err != nil {
		return err
	}
	w := cmd.OutOrStdout()
	enc := json.NewEncoder(w)
	log := func(e engine.Event) {
		if f.format == "json" {
			_ = enc.Encode(e)
			return
		}
		line := fmt.Sprintf("turn %d %s %s", e.Turn, e.Player, e.Action)
		if e.Detail != "" {
			line += ": " + e.Detail
		}
		fmt.Fprintln(w, line)
	}
	names := [2]string{"P1", "P2"}
	g, err := engine.New(rs, 0, sets, names, [2]engine.Policy{p1, p2}, f.seed, log)
	if err != nil {
		return usageErr("%v", err)
	}
	g.Play()
	type result struct {
		Winner  string `json:"winner"`
		HeroSet string `json:"hero_set,omitempty"`
		Turns   int    `json:"turns"`
		Reason  string `json:"reason"`
		Damage  [2]int `json:"damage"`
	}
	r := result{Winner: "draw", Turns: g.Turn, Reason: g.Reason, Damage: [2]int{g.Taken(0), g.Taken(1)}}
	if g.Winner >= 0 {
		r.Winner, r.HeroSet = names[g.Winner], g.P[g.Winner].Set.ID
	}
	if f.format == "json" {
		return enc.Encode(map[string]result{"result": r})
	}
	if g.Winner >= 0 {
		fmt.Fprintf(w, "result: %s (%s) wins on turn %d: %s\n", r.Winner, r.HeroSet, r.Turns, r.Reason)
	} else {
		fmt.Fprintf(w, "result: draw after %d turns: %s\n", r.Turns, r.Reason)
	}
	return nil
}
