package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/compiler/link"
	tbc "github.com/roundtable-dev/roundtable/compiler/tablebattles"
	tb "github.com/roundtable-dev/roundtable/engine/tablebattles"
	tbgen "github.com/roundtable-dev/roundtable/generated/tablebattles"
)

func init() { playGames[tbc.GameID] = playTableBattles }

// playTableBattles plays one scenario between two built-in policies.
func playTableBattles(cmd *cobra.Command, f *playFlags) error {
	for _, other := range []string{"mode", "boss", "players", "deck"} {
		if cmd.Flags().Changed(other) {
			return usageErr("--%s does not apply to table-battles", other)
		}
	}
	rs, err := packRuleset(f.packs, tbc.GameID, tbgen.Ruleset, cmd.OutOrStdout())
	if err != nil {
		return err
	}
	var ids []string
	for _, s := range rs.Scenarios {
		ids = append(ids, s.ID)
	}
	if f.scenario == "" {
		return usageErr("table-battles needs --scenario (one of %s)", strings.Join(ids, ", "))
	}
	si := rs.Scenario(f.scenario)
	if si < 0 {
		msg := fmt.Sprintf("unknown scenario %q (scenarios: %s)", f.scenario, strings.Join(ids, ", "))
		if s := link.Suggest(f.scenario, ids); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		return usageErr("%s", msg)
	}
	var pol [2]tb.Policy
	for i, name := range []string{f.p1, f.p2} {
		mk, ok := tb.Policies[name]
		if !ok {
			return usageErr("unknown policy %q (want random or greedy)", name)
		}
		pol[i] = mk(f.seed + int64(i) + 1)
	}
	g := tb.New(rs, si, f.seed)
	w := cmd.OutOrStdout()
	enc := json.NewEncoder(w)
	// --p1 plays the side that goes first.
	first := int(rs.Scenarios[si].First)
	var bySide [2]tb.Policy
	bySide[first], bySide[1-first] = pol[0], pol[1]
	if f.format == "json" {
		g.Log = func(e tb.Event) { _ = enc.Encode(e) }
	} else {
		sc := &rs.Scenarios[si]
		fmt.Fprintf(w, "%s (%s): %s vs %s, seed %d\n", sc.Name, sc.ID, sc.Sides[first].Name, sc.Sides[1-first].Name, f.seed)
		g.Log = func(e tb.Event) { fmt.Fprintf(w, "%3d %-10s %s\n", e.Turn, e.Side, e.Text) }
	}
	g.Play(bySide)
	winner := "draw"
	if g.Winner >= 0 {
		winner = rs.Scenarios[si].Sides[g.Winner].ID
	}
	morale := map[string]int{}
	for s := range 2 {
		morale[rs.Scenarios[si].Sides[s].ID] = g.S[s].Morale
	}
	if f.format == "json" {
		return enc.Encode(map[string]any{"result": map[string]any{
			"scenario": f.scenario, "seed": f.seed, "winner": winner, "reason": g.Reason, "turns": g.Turn, "morale": morale,
		}})
	}
	fmt.Fprintf(w, "result: %s (%s) after %d turns\n", winner, g.Reason, g.Turn)
	return nil
}
