package annas

import (
	"reflect"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
	gen "github.com/roundtable-dev/roundtable/generated/annas"
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
	for name, rs := range map[string]*table.Ruleset{"base": gen.Ruleset, "fixture": quietFixture(t)} {
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
	rs := gen.Ruleset
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
