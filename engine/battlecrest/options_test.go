package battlecrest

import (
	"slices"
	"testing"

	"gopkg.in/yaml.v3"
)

func texts(g *Game) []string {
	out := make([]string, g.Legal())
	for i := range out {
		out[i] = g.Action(i)
	}
	return out
}

// TestOptionsKeepNoStateBetweenDecisions: a game lists every decision's
// options in the same memory and builds their texts only when asked. At
// every decision of seeded greedy and random games, its texts are those
// of a game loaded fresh from its position, and a clone taken before the
// game moved on still lists the options it was cloned with.
func TestOptionsKeepNoStateBetweenDecisions(t *testing.T) {
	decisions := 0
	for seed := uint64(1); seed <= 4; seed++ {
		g, err := New(rs, 0, [2]int{int(seed % 2), int(1 - seed%2)}, seed)
		if err != nil {
			t.Fatal(err)
		}
		for !g.over {
			want := texts(g)
			if len(want) < 2 || slices.Contains(want, "") {
				t.Fatalf("seed %d turn %d: texts %q", seed, g.turn, want)
			}
			b, err := yaml.Marshal(g.position())
			if err != nil {
				t.Fatal(err)
			}
			fresh, err := loadState(string(b))
			if err != nil {
				t.Fatal(err)
			}
			if got := texts(fresh); !slices.Equal(got, want) {
				t.Fatalf("seed %d turn %d: texts %q, a fresh game's %q", seed, g.turn, want, got)
			}
			c := g.clone()
			i := Greedy{}.Choose(g)
			if seed > 2 {
				i = int(seed+uint64(decisions)) % g.Legal()
			}
			if err := g.Apply(i); err != nil {
				t.Fatal(err)
			}
			if !g.over && g.Legal() > 0 {
				texts(g) // the game's next decision, in the same memory
			}
			if got := texts(c); !slices.Equal(got, want) {
				t.Fatalf("seed %d turn %d: the clone lists %q after the game moved on, %q before", seed, g.turn, got, want)
			}
			decisions++
		}
	}
	if decisions < 100 {
		t.Fatalf("only %d decisions checked", decisions)
	}
}
