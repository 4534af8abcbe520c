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
	lyn := deployWith(t, "lyn", "levin-sword", "", "pierce")
	if got := Damage(lyn, mage); got != 9 {
		t.Errorf("Pierce with a Levin Sword (a magic weapon): damage %d, want its Might 9, not (0+9-6)/2 = 1", got)
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
	nowi := unit(t, "nowi", "breath-ice", "")
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
