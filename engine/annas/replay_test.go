package annas_test

import (
	"fmt"
	"hash/fnv"
	"testing"

	annasengine "github.com/roundtable-dev/roundtable/engine/annas"
	annasgen "github.com/roundtable-dev/roundtable/generated/annas"
)

// replayDigest is the FNV-1a hash of every action, combat and result of
// 60 seeded quick games on the base content (seeds 1–20; random, greedy and
// greedy against random), recorded on the engine before its performance
// work: a seed must replay the same game byte for byte.
const replayDigest uint64 = 0xa701d0540d315fcd

func TestSeededGamesReplay(t *testing.T) {
	h := fnv.New64a()
	for seed := uint64(1); seed <= 20; seed++ {
		for _, pair := range [][2]string{{"random", "random"}, {"greedy", "greedy"}, {"greedy", "random"}} {
			p0, _ := annasengine.NewPolicy(pair[0], seed, 0)
			p1, _ := annasengine.NewPolicy(pair[1], seed, 1)
			g, err := annasengine.Play(annasgen.Ruleset, annasengine.Options{Seed: seed, Quick: true}, [2]annasengine.Policy{p0, p1}, func(g *annasengine.Game, a annasengine.Action, desc string, turn int) {
				fmt.Fprintf(h, "%d %s %+v\n", turn, desc, a)
				for _, f := range g.Fought() {
					fmt.Fprintf(h, "  %+v\n", f)
				}
			})
			if err != nil {
				t.Fatalf("seed %d %v: %v", seed, pair, err)
			}
			fmt.Fprintf(h, "%+v %d\n", g.Result(), len(g.Log))
		}
	}
	if got := h.Sum64(); got != replayDigest {
		t.Errorf("replay digest %#x, want %#x", got, replayDigest)
	}
}
