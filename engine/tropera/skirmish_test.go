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

// Every pairing of base characters and their weapons, at every distance
// from 1 to 3: an Attack Sequence makes at most the forecast's attacks,
// never leaves HP below 0 and stops at a defeat.
func TestEverySequenceKeepsItsForecast(t *testing.T) {
	dice := NewSeeded(11)
	weapons := func(ci int) []int {
		var out []int
		for _, w := range rs.Characters[ci].Weapons {
			out = append(out, int(w))
		}
		for _, f := range rs.Characters[ci].Feats {
			for _, w := range rs.Feats[f].Natural {
				out = append(out, int(w))
			}
		}
		return out
	}
	n := 0
	for a := range rs.Characters {
		for d := range rs.Characters {
			for _, wa := range weapons(a) {
				for _, wd := range weapons(d) {
					for dist := 1; dist <= 3; dist++ {
						ua, _ := NewUnit(rs, a, wa, -1)
						ud, _ := NewUnit(rs, d, wd, -1)
						f, strikes := Sequence(dice, ua, ud, dist)
						var made [2]int
						for i, s := range strikes {
							if s.By == ua {
								made[0]++
							} else {
								made[1]++
							}
							if s.HPAfter < 0 || (s.HPAfter == 0 && i != len(strikes)-1) {
								t.Fatalf("%s vs %s at %d: strike %d leaves %d HP", ua.Char.ID, ud.Char.ID, dist, i, s.HPAfter)
							}
						}
						if made[0] > f.Attacker.Attacks || made[1] > f.Defender.Attacks {
							t.Fatalf("%s vs %s at %d: made %v, forecast %d and %d", ua.Char.ID, ud.Char.ID, dist, made, f.Attacker.Attacks, f.Defender.Attacks)
						}
						n++
					}
				}
			}
		}
	}
	if n < 500 {
		t.Errorf("only %d sequences", n)
	}
}

// Rule: "A character who has been healed from a critical wound may move,
// but not take any main or bonus actions on the same turn that they are
// healed"; a Crippled character is not healed back into the skirmish.
func TestRevivedDoNotActThatTurn(t *testing.T) {
	revivals := 0
	for seed := int64(1); seed <= 20; seed++ {
		revivedIn := map[*Unit]int{}
		s, err := NewSkirmish(rs, rs.SkirmishIndex("durvalla-road"), NewSeeded(seed), func(c Combat) {
			if c.Revived {
				revivals++
				revivedIn[c.Defender] = c.Round
				if c.Defender.Crippled {
					t.Errorf("seed %d: %s healed back while Crippled", seed, c.Defender.Name())
				}
			}
			if r, ok := revivedIn[c.Attacker]; ok && r == c.Round {
				t.Errorf("seed %d round %d: %s acts on the turn it was healed", seed, c.Round, c.Attacker.Name())
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		s.Play()
	}
	if revivals == 0 {
		t.Error("no revival in 20 skirmishes: the test checks nothing")
	}
}
