package annas_test

import (
	"testing"

	annasengine "github.com/roundtable-dev/roundtable/engine/annas"
	annasgen "github.com/roundtable-dev/roundtable/generated/annas"
)

// TestBaseContentGames plays seeded games on the generated base content
// with both policies: every game must finish without an engine error.
func TestBaseContentGames(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 8
	}
	wins := map[string][3]int{}
	for seed := range uint64(n) {
		for _, pair := range [][2]string{{"random", "random"}, {"greedy", "greedy"}, {"greedy", "random"}} {
			p0, _ := annasengine.NewPolicy(pair[0], seed, 0)
			p1, _ := annasengine.NewPolicy(pair[1], seed, 1)
			g, err := annasengine.Play(annasgen.Ruleset, annasengine.Options{Seed: seed}, [2]annasengine.Policy{p0, p1}, nil)
			if err != nil {
				t.Fatalf("seed %d %v: %v", seed, pair, err)
			}
			w := wins[pair[0]+"-"+pair[1]]
			w[g.Winner+1]++
			wins[pair[0]+"-"+pair[1]] = w
		}
	}
	t.Logf("draws/P1/P2 wins: %v", wins)
	if w := wins["greedy-random"]; w[1] <= w[2] {
		t.Errorf("greedy beat random only %d times of %d", w[1], n)
	}
}
