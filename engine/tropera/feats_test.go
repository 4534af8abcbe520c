package tropera_test

import (
	"slices"
	"testing"

	. "github.com/roundtable-dev/roundtable/engine/tropera"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// deployWith deploys a base character that also has feat, as if it had
// taken it (stat feats apply when deployed).
func deployWith(t *testing.T, char, weapon, terrain, feat string) *Unit {
	t.Helper()
	return unitIn(t, edited(t, char, feats(t, feat)), char, weapon, terrain)
}

// feats gives a character these feats too.
func feats(t *testing.T, ids ...string) func(*table.Character) {
	t.Helper()
	var add []int16
	for _, id := range ids {
		fi := slices.IndexFunc(rs.Feats, func(f table.Feat) bool { return f.ID == id })
		if fi < 0 {
			t.Fatalf("no feat %s", id)
		}
		add = append(add, int16(fi))
	}
	return func(c *table.Character) { c.Feats = append(c.Feats, add...) }
}

// Rule: War Mage: "You add half of your magic to your damage when attacking
// with physical weapons, and half of your strength when attacking with
// magic tomes. Magic weapons use 100% of both."
func TestWarMage(t *testing.T) {
	soldier := unit(t, "vissan-soldier", "iron-lance", "")
	cases := []struct {
		name    string
		u       *Unit
		want    int
		without int
	}{
		{"sword: Str 1 + Mag 11/2 + 5 - Def 6", unitIn(t, edited(t, "nowi", feats(t, "war-mage"), ranked(table.Swords, table.RankD)), "nowi", "iron-sword", ""), 5, 0},
		{"tome: Mag 0 + Str 17/2 + 5 - Res 5", unitIn(t, edited(t, "hector", feats(t, "war-mage"), ranked(table.Anima, table.RankD)), "hector", "fire", ""), 8, 0},
		{"magic sword: Str 17 + Mag 0 + 9 + 2 (swords B) - Res 5", unitIn(t, edited(t, "hector", feats(t, "war-mage"), ranked(table.Swords, table.RankB)), "hector", "levin-sword", ""), 23, 6},
	}
	for _, c := range cases {
		if got := Damage(c.u, soldier); got != c.want {
			t.Errorf("%s: damage %d, want %d", c.name, got, c.want)
		}
		c.u.Combat.WarMage = false
		if got := Damage(c.u, soldier); got != c.without {
			t.Errorf("%s without War Mage: damage %d, want %d", c.name, got, c.without)
		}
	}
}

// Rule: Mage Armor: "a bonus to your defense equal to half of your base
// resistance, and a bonus to your resistance equal to half your base
// defense."
func TestMageArmor(t *testing.T) {
	u := deployWith(t, "nowi", "fire", "", "mage-armor")
	// Base Def 5+5 = 10, Res 4+5 = 9: Def 10 + 4, Res 9 + 5.
	if u.Stats[table.Def] != 14 || u.Stats[table.Res] != 14 {
		t.Errorf("Def %d, Res %d; want 14 and 14", u.Stats[table.Def], u.Stats[table.Res])
	}
}

// Rule: Guerilla: "You gain an additional 10 Avoid, 1 Defense ... from
// terrain that confers the same benefit."
func TestGuerilla(t *testing.T) {
	lyn := unit(t, "lyn", "iron-sword", "")
	hill := deployWith(t, "vissan-archer", "iron-bow", "hill", "guerilla")
	if Avoid(hill) != 15+10+10 || Damage(lyn, hill) != 4+5-(4+1+1) {
		t.Errorf("on a hill: Avoid %d, damage taken %d; want 35 and 3", Avoid(hill), Damage(lyn, hill))
	}
	plains := deployWith(t, "vissan-archer", "iron-bow", "plains", "guerilla")
	if Avoid(plains) != 15 || Damage(lyn, plains) != 5 {
		t.Errorf("on plains: Avoid %d, damage taken %d; want 15 and 5 (no bonus to add to)", Avoid(plains), Damage(lyn, plains))
	}
}

// Rule: Silencer: "When you hit an enemy with an attack that does not kill
// them, if their remaining hit points are equal to or less than half your
// Skill stat (rounded down), the attack kills them instantly."
func TestSilencer(t *testing.T) {
	lyn := deployWith(t, "lyn", "iron-sword", "", "silencer")
	archer := unit(t, "vissan-archer", "iron-bow", "")
	archer.HP = 9 // 5 damage leaves 4 = 8/2
	d := dice(t, 100, 10, 10)
	_, strikes := Sequence(d, lyn, archer, 1)
	d.done()
	if archer.HP != 0 || !strikes[0].Silenced {
		t.Errorf("archer HP %d; want 0 by Silencer", archer.HP)
	}
	archer.HP = 10 // leaves 5 > 4
	d = dice(t, 100, 10, 10)
	_, _ = Sequence(d, lyn, archer, 1)
	if archer.HP != 5 {
		t.Errorf("archer HP %d; want 5", archer.HP)
	}
}

// Rule: Dragon's Breath, Ice: "Reduces the target's attacks per combat by 1
// (minimum of 1)."
func TestIceBreath(t *testing.T) {
	hector, nowi := unit(t, "hector", "iron-axe", ""), unitIn(t, edited(t, "nowi", breath("breath-ice")), "nowi", "breath-ice", "")
	if got := Attacks(hector, nowi, 1, true); got != 1 {
		t.Errorf("Reckless Hector against Ice breath: %d attacks, want 2-1 = 1", got)
	}
	lyn := unit(t, "lyn", "iron-sword", "")
	if got := Attacks(lyn, nowi, 1, true); got != 1 {
		t.Errorf("one attack stays one: %d", got)
	}
}

// Rule: "Charges: Some weapons have a limited number of uses per battle.
// Once all charges have been expended, the weapon cannot be used again
// for the remainder of the map."
func TestCharges(t *testing.T) {
	lyn, archer := unitIn(t, edited(t, "lyn", ranked(table.Swords, table.RankA)), "lyn", "brave-sword", ""), unit(t, "vissan-archer", "iron-bow", "")
	if lyn.Uses != 10 || Attacks(lyn, archer, 1, true) != 2 {
		t.Fatalf("brave sword: %d uses, %d attacks; want 10 and 2", lyn.Uses, Attacks(lyn, archer, 1, true))
	}
	lyn.Uses = 1
	if got := Attacks(lyn, archer, 1, true); got != 1 {
		t.Errorf("one charge left: %d attacks, want 1", got)
	}
	d := dice(t, 100, 100, 100)
	_, strikes := Sequence(d, lyn, archer, 1)
	d.done()
	if len(strikes) != 1 || lyn.Uses != 0 || Attacks(lyn, archer, 1, true) != 0 {
		t.Errorf("%d strikes, %d uses left; want 1 and 0, and no more attacks", len(strikes), lyn.Uses)
	}
	if unit(t, "lyn", "iron-sword", "").Uses != table.Unlimited {
		t.Error("an iron sword has no charges to spend")
	}
}

// Rule: "Magic: ... Determines ... healing done with staves. 1 point of
// Magic = 1 point of ... staff healing"; the staff row of the proficiency
// table adds +1 Might a rank from C; Resistant: "the effect of healing
// staves is also halved on you".
func TestStaffHealing(t *testing.T) {
	serra, oswin := unit(t, "serra", "heal", ""), unit(t, "oswin", "iron-lance", "")
	oswin.HP = 2
	if got := Healing(serra, oswin); got != 7+10 {
		t.Errorf("Serra heals %d, want Mag 7 + Might 10 = 17", got)
	}
	oswin.HP = 20
	if got := Heal(serra, oswin); got != 2 || oswin.HP != 22 || serra.Uses != 9 {
		t.Errorf("healed %d to %d HP with %d charges left; want 2 (up to the 22 maximum), 22, 9", got, oswin.HP, serra.Uses)
	}
	mage := unit(t, "vissan-mage", "flux", "")
	mage.HP = 1
	if got := Healing(serra, mage); got != 17/2 {
		t.Errorf("Serra heals a Resistant mage for %d, want 17/2 = 8", got)
	}
	serra.Char = rankAt(serra.Char, table.Staves, table.RankB)
	oswin.HP = 1
	if got := Healing(serra, oswin); got != 7+10+2 {
		t.Errorf("staff rank B: heals %d, want 19", got)
	}
	if Healing(oswin, serra) != 0 {
		t.Error("a lance does not heal")
	}
}

// Rule: Focus: "a +2 Proficiency Bonus to Critical Hit if the proficiency
// is a weapon, or +2 Avoidance if it's Staff or Perform. You gain this
// bonus again with every rank you have in this proficiency."
func TestFocus(t *testing.T) {
	lyn := deployWith(t, "lyn", "iron-sword", "", "focus")
	focused := *lyn.Char
	focused.Focus = table.Swords
	focused.Skills = []table.Skill{{Prof: table.Swords, Rank: table.RankC}}
	lyn.Char = &focused
	// Skill 8/2 + C rank's no crit + 2 x 2 ranks.
	if got := Crit(lyn); got != 4+4 {
		t.Errorf("Focus on swords at C: Crit %d, want 8", got)
	}
	if got := Crit(unit(t, "lyn", "iron-sword", "")); got != 4 {
		t.Errorf("without Focus: Crit %d, want 4", got)
	}
	axe := *lyn
	axe.Weapon = &rs.Weapons[rs.WeaponIndex("iron-axe")]
	if got := Crit(&axe); got != 4 {
		t.Errorf("Focus on swords does not help an axe: Crit %d, want 4", got)
	}
	serra := deployWith(t, "serra", "heal", "", "focus")
	healer := *serra.Char
	healer.Focus = table.Staves
	serra.Char = &healer
	if got := Avoid(serra); got != 30+2 {
		t.Errorf("Focus on staves at D: Avoid %d, want 32", got)
	}
}

// Rule: Shield: "You take no damage from the first attack to hit you in
// each phase."
func TestShield(t *testing.T) {
	hector, oswin := unit(t, "hector", "iron-axe", ""), deployWith(t, "oswin", "iron-lance", "", "shield")
	// Hector strikes three times (Speed 5 against 0, Reckless) for
	// (17 + 8 - 10) / 2 = 7; Oswin counters twice for nothing.
	rolls := []int{10, 10, 90, 10, 10, 90, 10, 10}
	d := dice(t, 100, rolls...)
	_, strikes := Sequence(d, hector, oswin, 1)
	d.done()
	if !strikes[0].Shielded || strikes[0].Damage != 0 || strikes[2].Damage != 7 || oswin.HP != 22-14 {
		t.Errorf("strikes %+v %+v; Oswin HP %d, want the first hit shielded and 8 HP", strikes[0], strikes[2], oswin.HP)
	}
	oswin.HP = 22
	_, _ = Sequence(dice(t, 100, rolls...), hector, oswin, 1)
	if oswin.HP != 22-21 {
		t.Errorf("the same phase: Oswin HP %d, want 1 (no second Shield)", oswin.HP)
	}
	oswin.HP = 22
	oswin.NewPhase()
	_, _ = Sequence(dice(t, 100, rolls...), hector, oswin, 1)
	if oswin.HP != 22-14 {
		t.Errorf("a new phase: Oswin HP %d, want 8 (Shield again)", oswin.HP)
	}
}
