package tablebattles

import (
	"testing"

	tbgen "github.com/roundtable-dev/roundtable/generated/tablebattles"
)

// BenchmarkPlay plays whole greedy-vs-random games of every base scenario.
func BenchmarkPlay(b *testing.B) {
	rs := tbgen.Ruleset
	for i := 0; b.Loop(); i++ {
		seed := int64(i)
		g := New(rs, i%len(rs.Scenarios), seed)
		g.Play([2]Policy{Policies["greedy"](seed), Policies["random"](seed + 1)})
	}
}
