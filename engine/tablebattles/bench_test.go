package tablebattles

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	tbgen "github.com/roundtable-dev/roundtable/generated/tablebattles"
)

// BenchmarkPlay plays whole greedy-vs-random games of every base scenario,
// without events, as a simulation would.
func BenchmarkPlay(b *testing.B) {
	rs := tbgen.Ruleset
	for i := 0; b.Loop(); i++ {
		seed := uint64(i)
		g := newGame(rs, i%len(rs.Scenarios), nil)
		g.quiet = true
		g.start(seed)
		pols := []play.Policy{Greedy{}, play.NewRandom(seed, 1)}
		for !g.Over() {
			if err := g.Apply(pols[g.ToMove()].Choose(g)); err != nil {
				b.Fatal(err)
			}
		}
	}
}
