package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/compiler/link"
	"github.com/roundtable-dev/roundtable/engine/annas/boss"
	"github.com/roundtable-dev/roundtable/engine/annas/table"
)

// Boss Mode hooks into the annas player: --mode boss plays a co-op game,
// anything else goes to the player registered before this file's init (the
// 1v1 engine's play_annas.go sorts first).
func init() {
	versus := playGames["annas"]
	playGames["annas"] = func(cmd *cobra.Command, f *playFlags) error {
		switch {
		case f.mode == "boss":
			return playAnnasBoss(cmd, f)
		case f.mode != "versus":
			if s := link.Suggest(f.mode, []string{"versus", "boss"}); s != "" {
				return usageErr("unknown --mode %q (did you mean %q?)", f.mode, s)
			}
			return usageErr("unknown --mode %q (want versus or boss)", f.mode)
		case versus != nil:
			return versus(cmd, f)
		}
		return usageErr("the annas 1v1 engine has no player yet; try --mode boss")
	}
}

// bossResult is the result of a boss game; the last JSON line is
// {"result": bossResult}.
type bossResult struct {
	Winner    string `json:"winner"` // "players" or "boss"
	Reason    string `json:"reason"`
	Boss      string `json:"boss"`
	Players   int    `json:"players"`
	Lives     int    `json:"lives"`
	Rounds    int    `json:"rounds"`
	BossTurns int    `json:"boss_turns"`
	Seed      int64  `json:"seed"`
}

// playAnnasBoss plays a whole Boss Mode game (rulebook VIII) between the
// built-in co-op policies: --p1 drives P1 and P3, --p2 drives P2 and P4.
func playAnnasBoss(cmd *cobra.Command, f *playFlags) error {
	if f.scenario != "" || len(f.decks) > 0 {
		return usageErr("--scenario and --deck do not apply to a boss game of annas")
	}
	if f.players < 2 || f.players > 4 {
		return usageErr("--players %d: boss mode is for 2 to 4 players", f.players)
	}
	for _, p := range []string{f.p1, f.p2} {
		if boss.Policies[p] == nil {
			return usageErr("unknown policy %q (want greedy or random)", p)
		}
	}
	rs, err := annasRuleset(f.packs, cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	b, err := bossIndex(rs, f.boss)
	if err != nil {
		return err
	}
	g, err := boss.New(rs, boss.Options{Seed: uint64(f.seed), Boss: b, Players: f.players, Map: -1})
	if err != nil {
		fmt.Fprintln(cmd.ErrOrStderr(), "roundtable:", err)
		return errContent
	}
	pols := make([]boss.Policy, f.players)
	for p := range pols {
		name := f.p1
		if p%2 == 1 {
			name = f.p2
		}
		pols[p] = boss.Policies[name](uint64(f.seed) + uint64(p))
	}
	w := cmd.OutOrStdout()
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	g.OnStep = func(s boss.Step) {
		if f.format == "json" {
			_ = enc.Encode(s)
			return
		}
		fmt.Fprintf(w, "%3d %-4s %-14s %s\n", s.Turn, s.Who, s.Kind, s.Text)
	}
	for _, s := range g.Log { // setup's steps, logged before the hook
		g.OnStep(s)
	}
	boss.Play(g, pols, 0)
	res := bossResult{Winner: g.Result.String(), Reason: g.Reason, Boss: rs.Bosses[b].ID, Players: f.players,
		Lives: g.Lives, Rounds: g.Round, BossTurns: g.BossTurns, Seed: f.seed}
	return printBossResult(w, f.format, res)
}

func printBossResult(w io.Writer, format string, r bossResult) error {
	if format == "json" {
		return json.NewEncoder(w).Encode(map[string]bossResult{"result": r})
	}
	_, err := fmt.Fprintf(w, "result: %s win (%s); %s has %d lives left; %d rounds, %d boss turns\n",
		r.Winner, r.Reason, r.Boss, r.Lives, r.Rounds, r.BossTurns)
	return err
}

// bossIndex finds boss id, or a usage error naming the bosses there are.
func bossIndex(rs *table.Ruleset, id string) (int, error) {
	var ids []string
	for i := range rs.Bosses {
		if rs.Bosses[i].ID == id {
			return i, nil
		}
		ids = append(ids, rs.Bosses[i].ID)
	}
	if len(ids) == 0 {
		return -1, usageErr("the content has no bosses")
	}
	if id == "" {
		return -1, usageErr("--mode boss needs --boss (one of %s)", strings.Join(ids, ", "))
	}
	if s := link.Suggest(id, ids); s != "" {
		return -1, usageErr("no boss %q; did you mean %q?", id, s)
	}
	return -1, usageErr("no boss %q (bosses: %s)", id, strings.Join(ids, ", "))
}
