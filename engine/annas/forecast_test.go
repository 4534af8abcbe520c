package annas

import (
	"reflect"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
	annasgen "github.com/roundtable-dev/roundtable/generated/annas"
)

// addSkill gives unit id of rs a new passive skill made of es.
func addSkill(t *testing.T, rs *table.Ruleset, id string, es ...table.Effect) {
	t.Helper()
	for i := range es {
		es[i].Tag, es[i].Summon = -1, -1
		es[i].Target.Tag = -1
		for j := range es[i].If {
			es[i].If[j].Tag, es[i].If[j].Terrain = -1, -1
		}
	}
	rs.Skills = append(rs.Skills, table.Skill{Name: "test", Kind: table.SkillPassive, Effects: es})
	rs.Units[unitIdx(t, rs, id)].Skill = int16(len(rs.Skills) - 1)
}

// quietFixture is the fixture with combat passives the quiet forecast must
// read exactly as the board does: HP thresholds re-read before each strike
// (rulebook II.6), full-HP bonuses, forced and forbidden strikes, effects on
// the foe, and answers to combat events that change nothing in the combat.
func quietFixture(t *testing.T) *table.Ruleset {
	rs := fixture()
	cond := func(k table.CondKind, n int8) []table.Cond { return []table.Cond{{Kind: k, N: n}} }
	foe := table.Target{Kind: table.TargetFoe}
	addSkill(t, rs, "red", table.Effect{When: table.InCombat, If: cond(table.CondHPAtMost, 7), Target: self, Op: table.OpModify, Mods: table.Mods{ATK: 4}})
	addSkill(t, rs, "green", table.Effect{When: table.InCombat, If: cond(table.CondHPFull, 0), Target: self, Op: table.OpModify, Mods: table.Mods{DEF: 2, SPD: -3}},
		table.Effect{When: table.Damaged, About: table.Scope{Side: table.SideSelf}, Target: table.Target{Kind: table.TargetPlayer}, Op: table.OpCoins, N: 1})
	addSkill(t, rs, "blue", table.Effect{When: table.InCombat, If: cond(table.CondInitiating, 0), Target: self, Op: table.OpFollowUp},
		table.Effect{When: table.BeforeCombat, Target: table.Target{Kind: table.TargetPlayer}, Op: table.OpDV, N: 1})
	addSkill(t, rs, "gray", table.Effect{When: table.InCombat, Target: foe, Op: table.OpModify, Mods: table.Mods{ATK: -2}},
		table.Effect{When: table.InCombat, If: cond(table.CondHPAtLeast, 8), Target: self, Op: table.OpNoCounter})
	return rs
}

// The quiet forecast (pooled and Forecaster) equals the board's for every pair of units (attacker
// and defender), distances 1–3, with and without Shapestone tokens, at full
// and at half HP, on the base content and on a fixture whose passives read
// HP, force and forbid strikes and answer combat events harmlessly.
func TestForecastQuietEqualsBoard(t *testing.T) {
	for name, rs := range map[string]*table.Ruleset{"base": annasgen.Ruleset, "fixture": quietFixture(t)} {
		quiet, total := 0, 0
		fc := NewForecaster(rs)
		var fo Outcome
		for a := range rs.Units {
			for d := range rs.Units {
				for dist := 1; dist <= 3; dist++ {
					for ss := range 4 {
						aSS, dSS := ss&1 != 0, ss&2 != 0
						for hp := range 4 {
							aHP, dHP := int(rs.Units[a].Stats.HP), int(rs.Units[d].Stats.HP)
							if hp&1 != 0 {
								aHP = (aHP + 1) / 2
							}
							if hp&2 != 0 {
								dHP = (dHP + 1) / 2
							}
							total++
							want := forecastBoard(rs, a, d, aHP, dHP, aSS, dSS, dist)
							if got := Forecast(rs, a, d, aHP, dHP, aSS, dSS, dist); !reflect.DeepEqual(got, want) {
								t.Fatalf("%s: Forecast(%s, %s, hp %d/%d, ss %v/%v, dist %d) = %+v, board %+v", name,
									rs.Units[a].ID, rs.Units[d].ID, aHP, dHP, aSS, dSS, dist, got, want)
							}
							fc.Forecast(&fo, a, d, aHP, dHP, aSS, dSS, dist)
							if len(fo.Strikes) == 0 {
								fo.Strikes = nil // out of range: Forecast's are nil
							}
							if !reflect.DeepEqual(fo, want) {
								t.Fatalf("%s: Forecaster(%s, %s, hp %d/%d, ss %v/%v, dist %d) = %+v, board %+v", name,
									rs.Units[a].ID, rs.Units[d].ID, aHP, dHP, aSS, dSS, dist, fo, want)
							}
							o, ok := forecastQuiet(nil, rs, a, d, aHP, dHP, aSS, dSS, dist)
							if !ok {
								continue
							}
							quiet++
							if !reflect.DeepEqual(o, want) {
								t.Fatalf("%s: quiet forecast(%s, %s, hp %d/%d, ss %v/%v, dist %d) = %+v, board %+v", name,
									rs.Units[a].ID, rs.Units[d].ID, aHP, dHP, aSS, dSS, dist, o, want)
							}
						}
					}
				}
			}
		}
		// Every unit of both rulesets is quiet: the comparison above ran
		// the quiet path on every case.
		if quiet != total {
			t.Errorf("%s: %d of %d forecasts quiet, want all", name, quiet, total)
		}
	}
}

// A passive that answers a combat event with a change to the combat keeps
// the forecast on the board (rulebook II.6: a "when X happens" passive fires
// when it happens): here "when this unit is damaged, +3 ATK this combat".
// Red vs red, 6 ATK, 3 DEF, 10 HP, equal SPD: the attack deals 3, then the
// damaged defender counters with 9 ATK for 6.
func TestForecastEventPassiveRunsOnBoard(t *testing.T) {
	rs := fixture()
	addSkill(t, rs, "red", table.Effect{When: table.Damaged, About: table.Scope{Side: table.SideSelf}, Target: self,
		Op: table.OpModify, Mods: table.Mods{ATK: 3}, Duration: table.ForCombat})
	red := int(unitIdx(t, rs, "red"))
	if _, ok := forecastQuiet(nil, rs, red, red, 10, 10, false, false, 1); ok {
		t.Fatal("quiet forecast taken for a unit with a damaged passive")
	}
	got := Forecast(rs, red, red, 10, 10, false, false, 1)
	wantStrikes(t, got, [2]int{4, 7}, [2]bool{}, strikeWant{0, KindAttack, 3}, strikeWant{1, KindCounter, 6})
}

// A Forecaster falls back to the board for a unit whose passive answers a
// combat event (the same case as TestForecastEventPassiveRunsOnBoard).
func TestForecasterEventPassive(t *testing.T) {
	rs := fixture()
	addSkill(t, rs, "red", table.Effect{When: table.Damaged, About: table.Scope{Side: table.SideSelf}, Target: self,
		Op: table.OpModify, Mods: table.Mods{ATK: 3}, Duration: table.ForCombat})
	red := int(unitIdx(t, rs, "red"))
	var o Outcome
	NewForecaster(rs).Forecast(&o, red, red, 10, 10, false, false, 1)
	wantStrikes(t, o, [2]int{4, 7}, [2]bool{}, strikeWant{0, KindAttack, 3}, strikeWant{1, KindCounter, 6})
}

// ForecastTo gives Forecast's outcome and reuses the strikes' memory.
func TestForecastToReuses(t *testing.T) {
	rs := annasgen.Ruleset
	a, d := rs.UnitIndex("chrom"), rs.UnitIndex("frederick")
	want := Forecast(rs, a, d, 10, 11, false, false, 1)
	o := Outcome{Strikes: make([]Strike, 0, maxStrikes)}
	ForecastTo(&o, rs, a, d, 10, 11, false, false, 1)
	if !reflect.DeepEqual(o, want) {
		t.Fatalf("ForecastTo = %+v, Forecast %+v", o, want)
	}
	if n := testing.AllocsPerRun(100, func() { ForecastTo(&o, rs, a, d, 10, 11, false, false, 1) }); n != 0 && !raceBuild {
		t.Errorf("ForecastTo allocates %v times per run, want 0", n)
	}
	fc := NewForecaster(rs)
	if n := testing.AllocsPerRun(100, func() { fc.Forecast(&o, a, d, 10, 11, false, false, 1) }); n != 0 {
		t.Errorf("Forecaster allocates %v times per run, want 0", n)
	}
}

// A forecast on the board runs after-combat passives on an empty plain
// board with no map: a unit that moves after combat (Oscar's Canto in the
// base content) used to index the map table with -1 and panic. Red vs red
// (6 ATK, 3 DEF, 10 HP, equal SPD) trades 3 and 3 (rulebook VI.1).
func TestForecastBoardAfterCombatMove(t *testing.T) {
	rs := fixture()
	addSkill(t, rs, "red", table.Effect{When: table.AfterCombat, Target: self, Op: table.OpMove, N: 1})
	red := int(unitIdx(t, rs, "red"))
	o := forecastBoard(rs, red, red, 10, 10, false, false, 1)
	wantStrikes(t, o, [2]int{7, 7}, [2]bool{}, strikeWant{0, KindAttack, 3}, strikeWant{1, KindCounter, 3})
}

// forecasterCase checks one forecast of each of fcs against the board (and
// the package Forecast); plans reports whether it is one a Forecaster
// answers from a cached plan (both units' stats fixed, a valid HP, distance
// in range).
func forecasterCase(t *testing.T, name string, rs *table.Ruleset, fcs []*Forecaster, a, d, aHP, dHP int, aSS, dSS bool, dist int) (plans bool) {
	t.Helper()
	want := forecastBoard(rs, a, d, aHP, dHP, aSS, dSS, dist)
	if got := Forecast(rs, a, d, aHP, dHP, aSS, dSS, dist); !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: Forecast(%s, %s, hp %d/%d, ss %v/%v, dist %d) = %+v, board %+v", name,
			rs.Units[a].ID, rs.Units[d].ID, aHP, dHP, aSS, dSS, dist, got, want)
	}
	var o Outcome
	for k, fc := range fcs {
		for range 2 { // a plan made, then a plan cached
			fc.Forecast(&o, a, d, aHP, dHP, aSS, dSS, dist)
			if len(o.Strikes) == 0 {
				o.Strikes = nil // out of range: Forecast's are nil
			}
			if !reflect.DeepEqual(o, want) {
				t.Fatalf("%s: Forecaster %d (%d plans)(%s, %s, hp %d/%d, ss %v/%v, dist %d) = %+v, board %+v", name, k, len(fc.plans),
					rs.Units[a].ID, rs.Units[d].ID, aHP, dHP, aSS, dSS, dist, o, want)
			}
		}
	}
	ua, ud := fcs[0].units[a], fcs[0].units[d]
	return ua.fixed && ud.fixed && dist <= fcs[0].maxDist && ua.rng.Has(dist)
}

// Forecaster's cached plans give the board's outcome (strikes, HP before
// and after, defeats; rulebook VI, Steps to Combat) for every pair of units
// of the base content and of the quiet fixture (whose passives read HP,
// force and forbid strikes), at full HP, 1 HP and half HP on each side,
// with and without Shapestone tokens, at distances 1–4 (4 is beyond every
// range). It runs with the full cache and with a cache of 4 plans, where
// plans keep replacing each other, and checks that both kinds of pair
// (stats fixed, stats read again per strike) were met.
func TestForecasterPlansEqualBoard(t *testing.T) {
	for name, rs := range map[string]*table.Ruleset{"base": annasgen.Ruleset, "fixture": quietFixture(t)} {
		small := NewForecaster(rs)
		small.bits, small.plans = 2, make([]fcPlan, 4)
		fcs := []*Forecaster{NewForecaster(rs), small}
		plans, other := 0, 0
		for a := range rs.Units {
			for d := range rs.Units {
				ah, dh := int(rs.Units[a].Stats.HP), int(rs.Units[d].Stats.HP)
				for dist := 1; dist <= 4; dist++ {
					for ss := range 4 {
						for _, aHP := range []int{ah, 1, (ah + 1) / 2} {
							for _, dHP := range []int{dh, 1, (dh + 1) / 2} {
								if forecasterCase(t, name, rs, fcs, a, d, aHP, dHP, ss&1 != 0, ss&2 != 0, dist) {
									plans++
								} else {
									other++
								}
							}
						}
					}
				}
			}
		}
		if plans == 0 || other == 0 {
			t.Errorf("%s: %d forecasts from plans, %d others, want both", name, plans, other)
		}
	}
}

// Out of the plans' domain (HP 0 or above the printed HP, distance 0 or
// beyond the board) a Forecaster answers as the pooled quiet duel does.
func TestForecasterOutsidePlans(t *testing.T) {
	rs := annasgen.Ruleset
	fc := NewForecaster(rs)
	var o Outcome
	for a := range rs.Units {
		for d := range rs.Units {
			ah, dh := int(rs.Units[a].Stats.HP), int(rs.Units[d].Stats.HP)
			for _, c := range [][3]int{{0, dh, 1}, {ah, 0, 1}, {ah + 1, dh, 1}, {ah, dh + 1, 2}, {ah, dh, 0}, {ah, dh, 2 * (Size - 1)}} {
				want, ok := forecastQuiet(nil, rs, a, d, c[0], c[1], false, false, c[2])
				if !ok {
					continue
				}
				fc.Forecast(&o, a, d, c[0], c[1], false, false, c[2])
				if len(o.Strikes) == 0 {
					o.Strikes = nil
				}
				if !reflect.DeepEqual(o, want) {
					t.Fatalf("Forecaster(%s, %s, hp %d/%d, dist %d) = %+v, quiet duel %+v",
						rs.Units[a].ID, rs.Units[d].ID, c[0], c[1], c[2], o, want)
				}
			}
		}
	}
}
