package annas

import (
	"reflect"
	"testing"
)

type strikeWant struct {
	by     int
	kind   string
	damage int
}

func forecast(t *testing.T, att, def string, aHP, dHP int, aSS, dSS bool, dist int) Outcome {
	t.Helper()
	rs := fixture()
	a, d := int(unitIdx(t, rs, att)), int(unitIdx(t, rs, def))
	if aHP == 0 {
		aHP = int(rs.Units[a].Stats.HP)
	}
	if dHP == 0 {
		dHP = int(rs.Units[d].Stats.HP)
	}
	return Forecast(rs, a, d, aHP, dHP, aSS, dSS, dist)
}

func wantStrikes(t *testing.T, o Outcome, hp [2]int, defeated [2]bool, want ...strikeWant) {
	t.Helper()
	var got []strikeWant
	for _, s := range o.Strikes {
		got = append(got, strikeWant{s.By, s.Kind, s.Damage})
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("strikes = %v, want %v", got, want)
	}
	if o.HP != hp || o.Defeated != defeated {
		t.Errorf("HP %v defeated %v, want HP %v defeated %v", o.HP, o.Defeated, hp, defeated)
	}
}

// Rulebook VI, Weapon Triangle: red beats green, green beats blue, blue
// beats red; +1 ATK with advantage, -1 with disadvantage; none for the same
// color or when a unit is gray. Units: 6 ATK, 3 DEF, equal SPD.
func TestWeaponTriangle(t *testing.T) {
	cases := []struct {
		att, def        string
		attack, counter int
	}{
		{"red", "green", 4, 2},
		{"green", "blue", 4, 2},
		{"blue", "red", 4, 2},
		{"green", "red", 2, 4},
		{"red", "red", 3, 3},
		{"gray", "red", 3, 3},
		{"blue", "gray", 3, 3},
	}
	for _, c := range cases {
		o := forecast(t, c.att, c.def, 0, 0, false, false, 1)
		wantStrikes(t, o, [2]int{10 - c.counter, 10 - c.attack}, [2]bool{},
			strikeWant{0, KindAttack, c.attack}, strikeWant{1, KindCounter, c.counter})
	}
}

// Rulebook VI.1: damage = ATK - DEF, never below 0.
func TestDamageNeverBelowZero(t *testing.T) {
	// dancer (gray, ATK 3, SPD 6) attacks knight (DEF 5, ATK 5, SPD 2).
	o := forecast(t, "dancer", "knight", 0, 0, false, false, 1)
	wantStrikes(t, o, [2]int{4, 12}, [2]bool{},
		strikeWant{0, KindAttack, 0}, strikeWant{1, KindCounter, 4}, strikeWant{0, KindFollowUp, 0})
}

// Rulebook VI.3: the strictly faster unit follows up, attacker or defender;
// equal SPD gives no follow-up.
func TestFollowUpOnlyWhenStrictlyFaster(t *testing.T) {
	o := forecast(t, "fast", "red", 0, 0, false, false, 1) // SPD 8 vs 5
	wantStrikes(t, o, [2]int{7, 4}, [2]bool{},
		strikeWant{0, KindAttack, 3}, strikeWant{1, KindCounter, 3}, strikeWant{0, KindFollowUp, 3})
	o = forecast(t, "red", "fast", 0, 0, false, false, 1) // the defender is faster
	wantStrikes(t, o, [2]int{4, 7}, [2]bool{},
		strikeWant{0, KindAttack, 3}, strikeWant{1, KindCounter, 3}, strikeWant{1, KindFollowUp, 3})
	o = forecast(t, "red", "red", 0, 0, false, false, 1) // SPD 5 vs 5
	if len(o.Strikes) != 2 {
		t.Errorf("equal SPD: %d strikes, want 2 (no follow-up)", len(o.Strikes))
	}
}

// Rulebook VI.2 and Attack Range: no counter when the attacker is out of the
// defender's range; VI.3: no follow-up out of range either.
func TestNoCounterOrFollowUpOutOfRange(t *testing.T) {
	// archer (blue, range 2) hits red at distance 2: red has range 1.
	o := forecast(t, "archer", "red", 0, 0, false, false, 2)
	wantStrikes(t, o, [2]int{8, 6}, [2]bool{}, strikeWant{0, KindAttack, 4})
	// fast (SPD 8, range 1) is faster but cannot reach the archer at 2.
	o = forecast(t, "archer", "fast", 0, 0, false, false, 2)
	wantStrikes(t, o, [2]int{8, 6}, [2]bool{}, strikeWant{0, KindAttack, 4})
	// mage (range 1-2) hits archer (range 2 only) at distance 1: no counter.
	// (blue beats red: 6 - 1 - 2 = 3)
	o = forecast(t, "mage", "archer", 0, 0, false, false, 1)
	wantStrikes(t, o, [2]int{8, 5}, [2]bool{}, strikeWant{0, KindAttack, 3})
}

// Rulebook VI.2: a defender reduced to 0 HP is discarded at once and does not
// counter.
func TestNoCounterWhenDefeated(t *testing.T) {
	o := forecast(t, "red", "green", 0, 4, false, false, 1)
	wantStrikes(t, o, [2]int{10, 0}, [2]bool{false, true}, strikeWant{0, KindAttack, 4})
	// The attacker falling to the counter ends combat: no follow-up.
	o = forecast(t, "fast", "red", 3, 0, false, false, 1)
	wantStrikes(t, o, [2]int{0, 7}, [2]bool{true, false}, strikeWant{0, KindAttack, 3}, strikeWant{1, KindCounter, 3})
}

// Rulebook II.2 and VI.1: with its Shapestone token a shapeshifter fights
// with its shapeshifted stats (manakete: base 4/3/2, stone 9/6/5).
func TestShapestoneStats(t *testing.T) {
	o := forecast(t, "manakete", "red", 0, 0, true, false, 1)
	wantStrikes(t, o, [2]int{10, 0}, [2]bool{false, true},
		strikeWant{0, KindAttack, 6}, strikeWant{1, KindCounter, 1}, strikeWant{0, KindFollowUp, 6})
	o = forecast(t, "manakete", "red", 0, 0, false, false, 1)
	wantStrikes(t, o, [2]int{3, 9}, [2]bool{},
		strikeWant{0, KindAttack, 1}, strikeWant{1, KindCounter, 4}, strikeWant{1, KindFollowUp, 4})
}

// Rulebook VI.1: the Shapestone token is discarded at the end of combat, by
// attacker and defender alike.
func TestShapestoneDiscardedAfterCombat(t *testing.T) {
	g := started(t)
	m := put(t, g, "manakete", 0, "c3")
	m.Shapestone = true
	d := put(t, g, "manakete", 1, "c4")
	d.Shapestone = true
	apply(t, g, Action{Kind: Activate, Player: 0, Card: -1, Slot: -1, From: m.Tile, To: m.Tile, Do: Attack, Target: d.Tile, Dest: NoTile})
	if m.Shapestone || d.Shapestone {
		t.Errorf("Shapestone after combat: attacker %v defender %v, want both spent", m.Shapestone, d.Shapestone)
	}
	// 9 ATK vs 5 DEF: 4, counter 4, no follow-up (SPD 6 = 6).
	if m.Damage != 4 || d.Damage != 4 {
		t.Errorf("damage %d/%d, want 4/4", m.Damage, d.Damage)
	}
}

// Rulebook VI, Skill Effects in Combat: Eff vs Armor gives +2 ATK against
// Armored units only.
func TestEffectiveness(t *testing.T) {
	// hunter (green, ATK 6, eff vs armor) vs knight (green, armored, DEF 5).
	o := forecast(t, "hunter", "knight", 0, 0, false, false, 1)
	wantStrikes(t, o, [2]int{6, 6}, [2]bool{},
		strikeWant{0, KindAttack, 3}, strikeWant{1, KindCounter, 3}, strikeWant{0, KindFollowUp, 3})
	// Against an unarmored green unit there is no bonus: 6 - 3.
	o = forecast(t, "hunter", "green", 0, 0, false, false, 1)
	if o.Strikes[0].Damage != 3 {
		t.Errorf("hunter vs green: %d, want 3", o.Strikes[0].Damage)
	}
}

// Rulebook II.6 (passives always in effect when their condition holds):
// Pavise gives +2 DEF while defending, not while attacking.
func TestConditionalPassiveInCombat(t *testing.T) {
	// red attacks general (blue, DEF 4 +2): 5 vs 6 = 0; general counters 6-3.
	o := forecast(t, "red", "general", 0, 0, false, false, 1)
	wantStrikes(t, o, [2]int{7, 12}, [2]bool{},
		strikeWant{0, KindAttack, 0}, strikeWant{1, KindCounter, 3}, strikeWant{0, KindFollowUp, 0})
	// general attacking red: no Pavise; 6 - 3 = 3, red counters 5 - 4 = 1
	// and follows up (SPD 5 > 2).
	o = forecast(t, "general", "red", 0, 0, false, false, 1)
	wantStrikes(t, o, [2]int{10, 7}, [2]bool{},
		strikeWant{0, KindAttack, 3}, strikeWant{1, KindCounter, 1}, strikeWant{1, KindFollowUp, 1})
}
