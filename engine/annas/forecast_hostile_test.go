package annas

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
	annasgen "github.com/roundtable-dev/roundtable/generated/annas"
)

// hostileRuleset is the base content's units and the quiet fixture's, with
// more than 256 units, ranges beyond 3 (up to 7), printed HP of 0, 1 and
// below 0, and stats at the ends of int8.
func hostileRuleset(t *testing.T) *table.Ruleset {
	rs := quietFixture(t)
	base := annasgen.Ruleset
	skills := len(rs.Skills)
	rs.Skills = append(rs.Skills, base.Skills...)
	for _, u := range base.Units {
		if u.Skill >= 0 {
			u.Skill += int16(skills)
		}
		u.Tags &= 1<<uint(len(rs.Tags)) - 1 // the fixture's tags only
		rs.Units = append(rs.Units, u)
	}
	r := rand.New(rand.NewPCG(1, 2))
	n := len(rs.Units)
	for i := 0; len(rs.Units) < 300; i++ {
		u := rs.Units[i%n]
		u.ID += "-" + strconv.Itoa(i)
		switch i % 6 {
		case 0:
			u.Range = table.RangeSet(r.IntN(256)) // any distance 0..7
		case 1:
			u.Stats.HP = int8(r.IntN(3) - 1) // -1, 0, 1
		case 2:
			u.Stats.ATK, u.Stats.DEF = 127, -128
		case 3:
			u.Stats.SPD = int8(r.IntN(256) - 128)
		}
		rs.Units = append(rs.Units, u)
	}
	return rs
}

// TestForecasterHostile: on a ruleset of 300 units with odd ranges, HP and
// stats, the Forecaster returns what Forecast returns for random combats at
// any HP (below 0 to above the printed), Shapestone and distance 0..12.
func TestForecasterHostile(t *testing.T) {
	rs := hostileRuleset(t)
	small := NewForecaster(rs)
	small.bits, small.plans = 2, make([]fcPlan, 4)
	fcs := []*Forecaster{NewForecaster(rs), small}
	if fcs[0].maxDist < 4 {
		t.Fatalf("maxDist %d, want a range beyond 3", fcs[0].maxDist)
	}
	r := rand.New(rand.NewPCG(3, 4))
	var o Outcome
	for range 20000 {
		a, d := r.IntN(len(rs.Units)), r.IntN(len(rs.Units))
		ah, dh := int(rs.Units[a].Stats.HP), int(rs.Units[d].Stats.HP)
		aHP, dHP := r.IntN(max(ah, 1)+3)-1, r.IntN(max(dh, 1)+3)-1
		if r.IntN(2) == 0 {
			aHP, dHP = max(ah, 1), max(dh, 1)
		}
		aSS, dSS, dist := r.IntN(2) == 0, r.IntN(2) == 0, r.IntN(13)
		want := Forecast(rs, a, d, aHP, dHP, aSS, dSS, dist)
		for k, fc := range fcs {
			for range 2 {
				o.Strikes = slices.Grow(o.Strikes[:0], 4)
				fc.Forecast(&o, a, d, aHP, dHP, aSS, dSS, dist)
				got := o
				if len(got.Strikes) == 0 {
					got.Strikes = nil
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("Forecaster %d (%s, %s, hp %d/%d, ss %v/%v, dist %d) = %+v, Forecast %+v",
						k, rs.Units[a].ID, rs.Units[d].ID, aHP, dHP, aSS, dSS, dist, got, want)
				}
			}
		}
	}
}
