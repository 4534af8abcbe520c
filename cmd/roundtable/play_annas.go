package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/engine/annas"
)

func init() { playGames["annas"] = playAnnas }

type annasLogLine struct {
	N       int            `json:"n"`
	Turn    int            `json:"turn"`
	Player  int            `json:"player"`
	Kind    string         `json:"kind"`
	Do      string         `json:"do,omitempty"`
	Action  string         `json:"action"`
	VP      [2]int         `json:"vp"`
	Combats []forecastJSON `json:"combats,omitempty"`
}

type annasResult struct {
	Winner string `json:"winner"` // "P1", "P2" or "draw"
	VP     [2]int `json:"vp"`
	Turns  int    `json:"turns"`
	Reason string `json:"reason"`
	Seed   int64  `json:"seed"`
}

func playAnnas(cmd *cobra.Command, f *playFlags) error {
	if f.mode != "versus" {
		return usageErr("--mode %s: only versus (1v1) plays in this build", f.mode)
	}
	if f.scenario != "" || len(f.decks) > 0 || f.boss != "" {
		return usageErr("--scenario, --deck and --boss do not apply to a versus game of annas")
	}
	rs, err := annasRuleset(f.packs, cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	var pol [2]annas.Policy
	for i, name := range []string{f.p1, f.p2} {
		if pol[i], err = annas.NewPolicy(name, uint64(f.seed), i); err != nil {
			return usageErr("--p%d: %v", i+1, err)
		}
	}
	out := cmd.OutOrStdout()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	n := 0
	g, err := annas.Play(rs, annas.Options{Seed: uint64(f.seed)}, pol, func(g *annas.Game, a annas.Action, desc string, turn int) {
		n++
		vp := [2]int{g.Players[0].VP(), g.Players[1].VP()}
		fought := g.Fought()
		if f.format == "json" {
			line := annasLogLine{N: n, Turn: turn, Player: int(a.Player) + 1, Kind: a.Kind.String(), Action: desc, VP: vp}
			if a.Kind == annas.Activate {
				line.Do = a.Do.String()
			}
			for _, c := range fought {
				line.Combats = append(line.Combats, combatJSON(rs.Units[c.Units[0]].ID, rs.Units[c.Units[1]].ID, c.Outcome))
			}
			_ = enc.Encode(line)
			return
		}
		fmt.Fprintf(out, "%4d  turn %-3d %s\n", n, turn, desc)
		for _, c := range fought {
			fmt.Fprintf(out, "            %s\n", combatLine(rs.Units[c.Units[0]].ID, rs.Units[c.Units[1]].ID, c.Outcome))
		}
	})
	if err != nil {
		return err
	}
	res := g.Result()
	r := annasResult{Winner: "draw", VP: res.VP, Turns: res.Turns, Reason: res.Reason, Seed: f.seed}
	if res.Winner >= 0 {
		r.Winner = fmt.Sprintf("P%d", res.Winner+1)
	}
	if f.format == "json" {
		return enc.Encode(map[string]annasResult{"result": r})
	}
	fmt.Fprintf(out, "result: %s after %d turns, VP %d-%d (%s)\n", map[bool]string{true: "draw", false: r.Winner + " wins"}[res.Winner < 0], r.Turns, r.VP[0], r.VP[1], r.Reason)
	return nil
}

// combatLine sums a combat up for the text log.
func combatLine(att, def string, o annas.Outcome) string {
	ids := [2]string{att, def}
	var parts []string
	for _, s := range o.Strikes {
		parts = append(parts, fmt.Sprintf("%s %s %d", ids[s.By], s.Kind, s.Damage))
	}
	line := strings.Join(parts, ", ")
	for i := range 2 {
		if o.Defeated[i] {
			line += "; " + ids[i] + " defeated"
		}
	}
	return line
}
