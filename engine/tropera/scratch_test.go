package tropera

import (
	"slices"
	"testing"

	trogen "github.com/roundtable-dev/roundtable/generated/tropera"
)

// freshKillChance is killChance as it was before it used stack arrays: a
// new list per attack.
func freshKillChance(s Side, gamble bool, hp int) float64 {
	if hp <= 0 || s.Attacks == 0 || s.Damage == 0 {
		return 0
	}
	ph := pHit(s.Hit, gamble)
	pc := min(pHit(s.Crit, gamble), ph)
	probs := make([]float64, hp+1)
	probs[hp] = 1
	for range s.Attacks {
		next := make([]float64, hp+1)
		next[0] = probs[0]
		for left := 1; left <= hp; left++ {
			p := probs[left]
			next[left] += p * (1 - ph)
			next[max(0, left-s.Damage)] += p * (ph - pc)
			next[max(0, left-3*s.Damage)] += p * pc
		}
		probs = next
	}
	return probs[0]
}

// TestKillChanceMatchesFreshLists holds killChance's two reused arrays to
// the same float64 as fresh lists, bit for bit, below and above the 64 hit
// points the arrays hold.
func TestKillChanceMatchesFreshLists(t *testing.T) {
	n := 0
	for _, hit := range []int{0, 30, 59, 60, 75, 99, 100} {
		for _, crit := range []int{0, 5, 40, 100} {
			for _, dmg := range []int{1, 3, 7, 20} {
				for _, attacks := range []int{1, 2, 4} {
					for _, hp := range []int{1, 5, 40, 63, 64, 90} {
						for _, gamble := range []bool{false, true} {
							s := Side{Hit: hit, Crit: crit, Damage: dmg, Attacks: attacks}
							if got, want := killChance(s, gamble, hp), freshKillChance(s, gamble, hp); got != want {
								t.Fatalf("%+v gamble %v hp %d: %v, fresh lists %v", s, gamble, hp, got, want)
							}
							n++
						}
					}
				}
			}
		}
	}
	if n != 7*4*4*3*6*2 {
		t.Fatalf("%d cases", n)
	}
}

// TestScratchKeepsNoStateBetweenCalls plays a greedy battle on every map
// and at every decision holds reach and goalDistances, which reuse the
// battle's scratch memory, to what a battle with none gives (Reach, and a
// clone's goalDistances), for every unit on the map.
func TestScratchKeepsNoStateBetweenCalls(t *testing.T) {
	checked := 0
	for bi, bt := range trogen.Ruleset.Battles {
		b, err := NewBattle(trogen.Ruleset, bi, 2, true)
		if err != nil {
			t.Fatal(err)
		}
		pols := [2]*Greedy{{seat: 0}, {seat: 1}}
		for steps := 0; !b.Over() && steps < 400; steps++ {
			for i, u := range b.Units {
				if u.At < 0 {
					continue
				}
				for _, budget := range []int{2, 5, 1 << 20} {
					if got, want := b.reach(u, budget), b.Reach(u, budget); !slices.Equal(got, want) {
						t.Fatalf("%s step %d %s budget %d: reach %v, fresh %v", bt.ID, steps, u.ID, budget, got, want)
					}
				}
				c := b.clone()
				if got, want := b.goalDistances(u), c.goalDistances(c.Units[i]); !slices.Equal(got, want) {
					t.Fatalf("%s step %d %s: goal distances %v, fresh %v", bt.ID, steps, u.ID, got, want)
				}
				checked++
			}
			if err := b.Apply(pols[b.ToMove()].Choose(b)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 500 {
		t.Fatalf("only %d units checked", checked)
	}
}
