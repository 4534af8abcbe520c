package tablebattles

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
)

var areas = []table.DiceArea{
	{Src: "6", Faces: 1 << 6},
	{Src: "5/6", Faces: 1<<5 | 1<<6},
	{Src: "1-3", Faces: 0b1110},
	{Src: "(4)", Faces: 1 << 4, Single: true},
	{Src: "Doubles", Doubles: true},
	{Src: "Triples", Triples: true},
	{Src: "Doubles, Triples", Doubles: true, Triples: true},
	{Src: "Straight-3", Straights: 1 << 3},
	{Src: "Straight-4", Straights: 1 << 4},
}

// randomRuleset draws a scenario that obeys the compiler's checks: attack
// targets are enemy normal formations, absorbs name friends, commands name
// friendly reserves, special formations only bombard, command, attack or
// screen without requirements, and the cubes fit the box.
func randomRuleset(r *rand.Rand) *table.Ruleset {
	rs := &table.Ruleset{}
	sc := table.Scenario{ID: "random", Cubes: 10, First: int8(r.IntN(2))}
	var sides [2][]int16
	for s := range 2 {
		n := 2 + r.IntN(5)
		for range n {
			i := int16(len(rs.Formations))
			f := table.Formation{ID: fmt.Sprintf("f%d", i), Name: fmt.Sprintf("F%d", i), Wing: table.Wing(r.IntN(3)),
				Strength: int8(1 + r.IntN(5)), Star: r.IntN(4) == 0, Dice: areas[r.IntN(len(areas))], Behind: -1,
				Retire: r.IntN(4) == 0, Pursuit: r.IntN(4) == 0}
			if r.IntN(6) == 0 && len(sides[s]) > 0 {
				f.Special, f.Strength, f.Retire, f.Pursuit = true, int8(1+r.IntN(3)), false, false
			}
			rs.Formations = append(rs.Formations, f)
			sides[s] = append(sides[s], i)
		}
	}
	normal := func(s int) []int16 {
		var out []int16
		for _, i := range sides[s] {
			if !rs.Formations[i].Special {
				out = append(out, i)
			}
		}
		return out
	}
	pick := func(from []int16, k int) []int16 {
		var out []int16
		for _, j := range r.Perm(len(from))[:min(k, len(from))] {
			out = append(out, from[j])
		}
		return out
	}
	reqs := []table.Requirement{table.None, table.None, table.None, table.Pair, table.TwoPairs, table.Triplet, table.FullHouse, table.FiveDice}
	for s := range 2 {
		for k, i := range sides[s] {
			f := &rs.Formations[i]
			enemies := normal(1 - s)
			if k > 0 && !f.Special && r.IntN(5) == 0 { // reserve
				if r.IntN(2) == 0 {
					f.Reserve, f.Behind = table.Behind, sides[s][r.IntN(k)]
				} else {
					f.Reserve = table.Commanded
					c := &rs.Formations[sides[s][0]]
					c.Actions = append(c.Actions, table.Action{Type: table.Command, Targets: []int16{i}})
				}
			}
			atk := table.Action{Type: table.Attack, Targets: pick(enemies, 1+r.IntN(3)), Hits: int8(1 + r.IntN(3))}
			if r.IntN(3) == 0 {
				atk.Hits, atk.PerDie = 0, true
			}
			if !f.Special {
				atk.Requirement = reqs[r.IntN(len(reqs))]
				if r.IntN(5) == 0 {
					atk.Self = 1
				}
			}
			f.Actions = append(f.Actions, atk)
			switch r.IntN(5) {
			case 0:
				f.Actions = append(f.Actions, table.Action{Type: table.Screen, Any: true, Voluntary: r.IntN(2) == 0})
			case 1:
				if !f.Special {
					f.Actions = append(f.Actions, table.Action{Type: table.Counterattack, Any: true, Hits: 1})
				}
			case 2:
				if friends := normal(s); !f.Special && len(friends) > 1 {
					f.Actions = append(f.Actions, table.Action{Type: table.Absorb, Targets: pick(friends, 1)})
				}
			case 3:
				f.Actions = append(f.Actions, table.Action{Type: table.Bombard})
			}
		}
	}
	specials := 0
	for _, f := range rs.Formations {
		if f.Special {
			specials++
		}
	}
	most := max(1, (10-specials)/2)
	sc.Cubes = int8(max(10, specials+2*most))
	for s := range 2 {
		sc.Sides[s] = table.Side{ID: fmt.Sprintf("side%d", s), Name: "Side", Formations: sides[s], Dice: int8(4 + r.IntN(3)),
			Morale: int8(1 + r.IntN(most))}
	}
	rs.Scenarios = []table.Scenario{sc}
	return rs
}

// TestPropertyRandomScenarios plays games of randomly drawn scenarios with
// the same invariants as the seeded-games property, so that the engine holds
// for content beyond the base pack; every tenth scenario also runs the
// contract's conformance checks.
func TestPropertyRandomScenarios(t *testing.T) {
	for seed := range uint64(*games) {
		r := rand.New(rand.NewPCG(seed, 99))
		rs := randomRuleset(r)
		g := New(rs, 0, seed)
		playWatched(t, g, []play.Policy{play.NewRandom(seed, 0), Greedy{}}, fmt.Sprintf("random scenario %d", seed))
		if seed%10 == 0 {
			playtest.ConformSeed(t, playtest.Setup{Game: "table-battles", Mode: Battle, Rules: rs}, seed)
		}
	}
}
