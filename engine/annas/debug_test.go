package annas

import (
	"testing"
)

func TestDebugStats(t *testing.T) {
	rs := fixture()
	kinds := map[string]int{}
	res := map[string]int{}
	for seed := range uint64(50) {
		for _, pn := range []string{"random", "greedy"} {
			p0, _ := NewPolicy(pn, seed, 0)
			p1, _ := NewPolicy(pn, seed, 1)
			g, err := Play(rs, Options{Seed: seed}, [2]Policy{p0, p1}, func(g *Game, a Action, _ string) {
				k := a.Kind.String()
				if a.Kind == Activate {
					k += "/" + a.Do.String()
				}
				kinds[pn+" "+k]++
			})
			if err != nil {
				t.Fatal(err)
			}
			res[pn+" "+g.Reason]++
			if seed == 1 {
				t.Logf("%s: %+v", pn, g.Result())
			}
		}
	}
	t.Log(kinds)
	t.Log(res)
}
