package tropera_test

import (
	"testing"

	. "github.com/roundtable-dev/roundtable/engine/tropera"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// Rule: Pierce: "Your attacks with Weapons and Magic Weapons cannot deal
// less damage than the weapon's Might value." Tomes are neither, so a
// tome's damage is not raised; a magic weapon's is.
func TestPierceWeaponsAndMagicWeaponsOnly(t *testing.T) {
	mage := unit(t, "vissan-mage", "flux", "") // Resistant, Res 6
	erk := deployWith(t, "erk", "fire", "", "pierce")
	if got := Damage(erk, mage); got != (9+5-6)/2 {
		t.Errorf("Pierce with a Fire tome: damage %d, want (9+5-6)/2 = 4 (tomes do not pierce)", got)
	}
	lyn := unitIn(t, edited(t, "lyn", feats(t, "pierce"), ranked(table.Swords, table.RankB)), "lyn", "levin-sword", "")
	if got := Damage(lyn, mage); got != 9 {
		t.Errorf("Pierce with a Levin Sword (a magic weapon): damage %d, want its Might 9, not (0+9+2-6)/2 = 2", got)
	}
}

// Rule: S+ Rank, Bows: "S+2: Your attacks with this weapon type gain
// weapon triangle advantage against the same weapon type. This effect
// cancels out against another unit with this benefit."
func TestBowSPlus2AgainstBows(t *testing.T) {
	a, b := unit(t, "vissan-archer", "iron-bow", ""), unit(t, "vissan-archer", "iron-bow", "")
	a.Char = rankAt(a.Char, table.Bows, table.RankS2)
	// 2x8 Skill + 3 Luck + 85 + S-rank bow accuracy 5 = 109; +15 advantage.
	if got := Hit(a, b); got != 109+15 {
		t.Errorf("S+2 bow against a bow: Hit %d, want 124", got)
	}
	b.Char = rankAt(b.Char, table.Bows, table.RankS2)
	if got := Hit(a, b); got != 109 {
		t.Errorf("S+2 bow against an S+2 bow: Hit %d, want 109 (cancelled)", got)
	}
	lyn := unit(t, "lyn", "iron-sword", "")
	if got := Hit(a, lyn); got != 109 {
		t.Errorf("S+2 bow against a sword: Hit %d, want 109 (bows stay neutral)", got)
	}
}

// Rule: Dragon's Breath, Ice: "Reduces the target's attacks per combat by 1
// (minimum of 1)". Only a breath that is used has a target: an Ice
// breather attacked from beyond its range does not slow the attacker.
func TestIceBreathSlowsOnlyInReach(t *testing.T) {
	nowi := unitIn(t, edited(t, "nowi", breath("breath-ice")), "nowi", "breath-ice", "")
	hector := unit(t, "hector", "hand-axe", "")
	if got := Attacks(hector, nowi, 1, true); got != 1 {
		t.Errorf("Reckless Hector at 1 against Ice breath: %d attacks, want 2-1 = 1", got)
	}
	if got := Attacks(hector, nowi, 2, true); got != 2 {
		t.Errorf("Reckless Hector at 2, out of the breath's reach: %d attacks, want 2", got)
	}
}

// Rule: Vantage: "Your first counterattack goes before your attacker's
// first attack whenever your Speed is higher than your attacker's." Equal
// Speed is not higher; a defender who cannot counter has no first
// counterattack.
func TestVantageNeedsHigherSpeedAndACounter(t *testing.T) {
	lyn := unit(t, "lyn", "iron-sword", "")
	twin := unit(t, "lyn", "iron-sword", "")
	twin.Combat.Vantage = true
	if f := NewForecast(lyn, twin, 1); f.DefenderFirst {
		t.Error("Vantage at equal Speed should not strike first")
	}
	twin.Stats[table.Spd]++
	if f := NewForecast(lyn, twin, 1); !f.DefenderFirst {
		t.Error("Vantage one Speed higher should strike first")
	}
	archer := unit(t, "vissan-archer", "iron-bow", "")
	if f := NewForecast(archer, twin, 2); f.DefenderFirst || f.Defender.Attacks != 0 {
		t.Errorf("a sword cannot counter at 2: DefenderFirst %v, %d attacks", f.DefenderFirst, f.Defender.Attacks)
	}
	// The order: Vantage counter, then the attacker, alternating.
	brigand := unit(t, "cairn-brigand", "iron-axe", "")
	// Lyn's hit chance is 100: True Hit, two rolls a strike.
	d := dice(t, 100, 100, 100, 100, 100, 100, 100, 100)
	_, strikes := Sequence(d, brigand, twin, 1)
	d.done()
	var by []string
	for _, s := range strikes {
		by = append(by, s.By.Char.ID)
	}
	if len(by) != 4 || by[0] != "lyn" || by[1] != "cairn-brigand" || by[2] != "lyn" || by[3] != "lyn" {
		t.Errorf("Vantage order %v, want lyn, cairn-brigand, lyn, lyn", by)
	}
}

// deployWithFeats deploys a base character that also has feats.
func deployWithFeats(t *testing.T, char, weapon, terrain string, ids ...string) *Unit {
	t.Helper()
	return unitIn(t, edited(t, char, feats(t, ids...)), char, weapon, terrain)
}

// Rule: Flying Mount and Laguz: Bird: "you do not benefit from terrain
// bonuses"; Touch and Go: "Your flying mount now gains the benefits of
// terrain bonuses." A forest gives 20 Avoid and 1 Defense.
func TestFliersAndTerrain(t *testing.T) {
	lyn := unit(t, "lyn", "iron-sword", "")
	cases := []struct {
		name        string
		u           *Unit
		avoid, dmgs int
	}{
		{"on foot in a forest", unit(t, "vissan-archer", "iron-bow", "forest"), 15 + 20, 4 + 5 - (4 + 1)},
		{"Flying Mount in a forest", deployWithFeats(t, "vissan-archer", "iron-bow", "forest", "flying-mount"), 15, 4 + 5 - 4},
		{"Laguz: Bird in beast form (talons) in a forest", deployWithFeats(t, "vissan-archer", "talons", "forest", "laguz-bird"), 15, 4 + 5 - 4},
		{"Laguz: Bird in humanoid form (a bow) in a forest: the trait is the beast's", deployWithFeats(t, "vissan-archer", "iron-bow", "forest", "laguz-bird"), 15 + 20, 4 + 5 - (4 + 1)},
		{"Flying Mount with Touch and Go", deployWithFeats(t, "vissan-archer", "iron-bow", "forest", "flying-mount", "touch-and-go"), 35, 4},
	}
	for _, c := range cases {
		if got, dmg := Avoid(c.u), Damage(lyn, c.u); got != c.avoid || dmg != c.dmgs {
			t.Errorf("%s: Avoid %d, damage taken %d; want %d and %d", c.name, got, dmg, c.avoid, c.dmgs)
		}
	}
}

// Rule: movement feats: Flying Mount and Mounted "+2", Laguz: Bird +2,
// Laguz: Beast +1, Laguz: Dragon -1 (in beast form: with its natural
// weapon; a laguz holding a sword is in humanoid form and keeps 5), Heavy
// Armor "reduced by 1", from the starting 5.
func TestMovementFeats(t *testing.T) {
	cases := []struct {
		feat, weapon string
		want         int
	}{
		{"flying-mount", "iron-sword", 7}, {"mounted", "iron-sword", 7}, {"heavy-armor", "iron-sword", 4},
		{"laguz-bird", "talons", 7}, {"laguz-beast", "claws", 6}, {"laguz-dragon", "bite", 4},
		{"laguz-bird", "iron-sword", 5}, {"laguz-beast", "iron-sword", 5}, {"laguz-dragon", "iron-sword", 5},
	}
	for _, c := range cases {
		if got := deployWithFeats(t, "lyn", c.weapon, "", c.feat).Move; got != c.want {
			t.Errorf("Lyn with %s and %s: movement %d, want %d", c.feat, c.weapon, got, c.want)
		}
	}
}

// Rule: "Extra Strike (Speed): (Attacker's Attack Speed) ≥ (Target's
// Speed +4)": exactly 4 more gives it, 3 more does not.
func TestExtraAttackBoundary(t *testing.T) {
	lyn, archer := unit(t, "lyn", "iron-sword", ""), unit(t, "vissan-archer", "iron-bow", "")
	archer.Stats[table.Spd] = 5 // Lyn's 9 is 4 more
	if got := Attacks(lyn, archer, 1, true); got != 2 {
		t.Errorf("Speed 9 against 5: %d attacks, want 2", got)
	}
	archer.Stats[table.Spd] = 6
	if got := Attacks(lyn, archer, 1, true); got != 1 {
		t.Errorf("Speed 9 against 6: %d attacks, want 1", got)
	}
	// The defender doubles as well: 4 more than the attacker's Speed.
	archer.Stats[table.Spd] = 13
	lyn.Weapon = &rs.Weapons[rs.WeaponIndex("levin-sword")]
	if got := Attacks(archer, lyn, 2, false); got != 2 {
		t.Errorf("a counter with Speed 13 against 9: %d attacks, want 2", got)
	}
}

// Rule: S+ Rank: "Swords, Axes, Lances, Magic Tomes, and Laguz Weapons:
// S+3: All of your Attack Sequences with this weapon type gain an Extra
// Attack. S+4: +15 Critical Hit Chance"; staves get neither (their S+
// ranks save charges).
func TestSPlusTomesAndStaves(t *testing.T) {
	erk, lyn := unit(t, "erk", "fire", ""), unit(t, "lyn", "iron-sword", "")
	erk.Char = rankAt(erk.Char, table.Anima, table.RankS3)
	if got := Attacks(erk, lyn, 1, true); got != 2 {
		t.Errorf("S+3 anima: %d attacks, want 2", got)
	}
	erk.Char = rankAt(erk.Char, table.Anima, table.RankS2)
	if got := Attacks(erk, lyn, 1, true); got != 1 {
		t.Errorf("S+2 anima: %d attacks, want 1", got)
	}
	if got := ProficiencyBonus(table.AnimaTome, table.RankS4); got != (Bonus{Might: 2, Accuracy: 5, Crit: 20}) {
		t.Errorf("anima S+4: %+v, want Might 2, Accuracy 5, Crit 5+15", got)
	}
	if got := ProficiencyBonus(table.Claws, table.RankS4); got.Crit != 20 {
		t.Errorf("claws S+4: Crit %d, want 20", got.Crit)
	}
	if got := ProficiencyBonus(table.Staff, table.RankS4); got != (Bonus{Might: 3, Accuracy: 15, Avoid: 5}) {
		t.Errorf("staff S+4: %+v, want the S row only", got)
	}
}

// Rule: S+ Rank, Staves: "S+: You no longer expend charges when using
// D-Rank staves. S+2: ... C-Rank staves. S+3: ... B-Rank staves. S+4: ...
// A-Rank staves." Heal is a D-rank staff with 10 charges.
func TestStaffSPlusSavesCharges(t *testing.T) {
	oswin := unit(t, "oswin", "iron-lance", "")
	cases := []struct {
		rank table.Rank
		srk  table.Rank // the staff's rank
		left int
	}{
		{table.RankS, table.RankD, 9},
		{table.RankS1, table.RankD, 10},
		{table.RankS1, table.RankC, 9},
		{table.RankS2, table.RankC, 10},
		{table.RankS3, table.RankA, 9},
		{table.RankS4, table.RankA, 10},
		{table.RankS4, table.RankS, 9},
	}
	for _, c := range cases {
		serra := unit(t, "serra", "heal", "")
		w := *serra.Weapon
		w.Rank = c.srk
		serra.Weapon = &w
		serra.Char = rankAt(serra.Char, table.Staves, c.rank)
		oswin.HP = 1
		Heal(serra, oswin)
		if serra.Uses != c.left {
			t.Errorf("staves %s using a %s staff: %d charges left, want %d", c.rank, c.srk, serra.Uses, c.left)
		}
	}
}

// Rule: S+ Rank: "S+: You no longer have weapon triangle disadvantage with
// this weapon type." Being at a disadvantage is what gives a foe "+15
// Accuracy to the attack" against you, so at S+ neither side's accuracy
// moves: the read of a matchup, not only of one's own attacks.
func TestSPlusNoDisadvantageEitherWay(t *testing.T) {
	sword, lance := unit(t, "lyn", "iron-sword", ""), unit(t, "vissan-soldier", "iron-lance", "")
	sword.Char = rankAt(sword.Char, table.Swords, table.RankS1)
	if got := Hit(sword, lance); got != 111 {
		t.Errorf("S+ sword attacking a lance: Hit %d, want 111", got)
	}
	if got := Hit(lance, sword); got != 2*5+2+80 {
		t.Errorf("a lance attacking an S+ sword: Hit %d, want 92 (no advantage over it)", got)
	}
	// The S+ wielder keeps its own advantage: an axe against an S+ sword
	// still takes -15.
	axe := unit(t, "cairn-brigand", "iron-axe", "")
	if got := Hit(axe, sword); got != 2*4+1+75-15 {
		t.Errorf("an axe attacking an S+ sword: Hit %d, want 69", got)
	}
}

// Rule: "The basic Attack Sequence begins when one character takes the
// Attack action against another"; Range: a weapon that "cannot target"
// the distance makes no attacks. An attacker who cannot attack (out of
// range, no charges left) starts no sequence, so the defender does not
// strike either.
func TestNoSequenceWithoutAnAttack(t *testing.T) {
	lyn, soldier := unit(t, "lyn", "iron-sword", ""), unit(t, "vissan-soldier", "javelin", "")
	d := dice(t, 100)
	_, strikes := Sequence(d, lyn, soldier, 2)
	d.done()
	if len(strikes) != 0 || lyn.HP != 14 {
		t.Errorf("a sword at 2: %d strikes, Lyn HP %d; want none and 14", len(strikes), lyn.HP)
	}
}
