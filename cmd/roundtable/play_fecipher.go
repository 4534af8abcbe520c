package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/compiler"
	fec "github.com/roundtable-dev/roundtable/compiler/fecipher"
	engine "github.com/roundtable-dev/roundtable/engine/fecipher"
	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
	genfecipher "github.com/roundtable-dev/roundtable/generated/fecipher"
)

func init() { playGames[fec.GameID] = playFECipher }

func fecPolicy(name string) (engine.Policy, error) {
	return policyByName[engine.Policy](name, engine.Greedy{}, engine.Random{})
}

func playFECipher(cmd *cobra.Command, f *playFlags) error {
	if f.mode != "versus" || f.boss != "" || f.scenario != "" {
		return usageErr("fe-cipher takes --deck A --deck B; --mode, --boss and --scenario belong to other games")
	}
	if len(f.decks) != 2 {
		return usageErr("fe-cipher needs two decks: --deck A --deck B")
	}
	rs, err := packRuleset(f.packs, fec.GameID, genfecipher.Ruleset, cmd.OutOrStdout())
	if err != nil {
		return err
	}
	var decks [2]*table.Deck
	var names [2]string
	for i, id := range f.decks {
		d := rs.DeckIndex(id)
		if d < 0 {
			var ids []string
			for _, dk := range rs.Decks {
				ids = append(ids, dk.ID)
			}
			return usageErr("no deck %q (decks: %s)", id, strings.Join(ids, ", "))
		}
		decks[i] = &rs.Decks[d]
		names[i] = fmt.Sprintf("P%d", i+1)
	}
	p1, err := fecPolicy(f.p1)
	if err != nil {
		return err
	}
	p2, err := fecPolicy(f.p2)
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
		line := fmt.Sprintf("turn %d %s %s: %s", e.Turn, e.Player, e.Phase, e.Action)
		if e.Card != "" {
			line += " " + e.Card
		}
		if e.Target != "" {
			line += " -> " + e.Target
		}
		if e.Detail != "" {
			line += " (" + e.Detail + ")"
		}
		fmt.Fprintln(w, line)
	}
	g, err := engine.New(rs, decks, names, [2]engine.Policy{p1, p2}, f.seed, log)
	if err != nil {
		return usageErr("%v", err)
	}
	g.Play()
	type result struct {
		Winner string `json:"winner"`
		Deck   string `json:"deck,omitempty"`
		Turns  int    `json:"turns"`
		Reason string `json:"reason"`
		Orbs   [2]int `json:"orbs"`
	}
	r := result{Winner: "draw", Turns: g.Turn, Reason: g.Reason, Orbs: [2]int{len(g.P[0].Orbs), len(g.P[1].Orbs)}}
	if g.Winner >= 0 {
		r.Winner, r.Deck = names[g.Winner], decks[g.Winner].ID
	}
	if f.format == "json" {
		return enc.Encode(map[string]result{"result": r})
	}
	if g.Winner >= 0 {
		fmt.Fprintf(w, "result: %s (%s) wins on turn %d: %s\n", r.Winner, r.Deck, r.Turns, r.Reason)
	} else {
		fmt.Fprintf(w, "result: draw after %d turns: %s\n", r.Turns, r.Reason)
	}
	return nil
}

var _ = compiler.Games // the fe-cipher compiler registers through games.go
