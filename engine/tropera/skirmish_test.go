package tropera_test

import (
	"slices"
	"testing"

	. "github.com/roundtable-dev/roundtable/engine/tropera"
)

// A skirmish ends with one side down or after its rounds; the same seed
// replays it.
func TestSkirmishEnds(t *testing.T) {
	for si := range rs.Skirmishes {
		for seed := int64(1); seed <= 20; seed++ {
			var n [2]int
			play := func(i int) *Skirmish {
				s, err := NewSkirmish(rs, si, NewSeeded(seed), func(Combat) { n[i]++ })
				if err != nil {
					t.Fatal(err)
				}
				s.Play()
				return s
			}
			a, b := play(0), play(1)
			if a.Winner != b.Winner || a.Round != b.Round || n[0] != n[1] {
				t.Fatalf("%s seed %d does not replay", rs.Skirmishes[si].ID, seed)
			}
			if a.Winner >= 0 {
				for _, u := range a.Units[1-a.Winner] {
					if u.HP > 0 {
						t.Errorf("%s seed %d: side %d won with %s standing", rs.Skirmishes[si].ID, seed, a.Winner, u.Name())
					}
				}
			} else {
				if a.Round != int(a.Def.Rounds) {
					t.Errorf("%s seed %d: a draw before the last round", rs.Skirmishes[si].ID, seed)
				}
				for side := range 2 {
					if !slices.ContainsFunc(a.Units[side], func(u *Unit) bool { return u.HP > 0 }) {
						t.Errorf("%s seed %d: a draw with side %d down", rs.Skirmishes[si].ID, seed, side)
					}
				}
			}
		}
	}
}
