package tropera_test

import (
	"testing"

	. "github.com/roundtable-dev/roundtable/engine/tropera"
)

// Rule: "Times Wounded / Countdown: 1st 2 Rounds, 2nd 1 Round, 3rd 0
// Rounds, 4th Crippled."
func TestCountdownTable(t *testing.T) {
	want := []struct {
		rounds   int
		crippled bool
	}{{2, false}, {1, false}, {0, false}, {0, true}}
	for i, w := range want {
		if r, c := Countdown(i + 1); r != w.rounds || c != w.crippled {
			t.Errorf("wound %d: %d rounds, crippled %v; want %d, %v", i+1, r, c, w.rounds, w.crippled)
		}
	}
}

// Rule: "When a character is reduced to 0 hit points, they are Critically
// Wounded, and a countdown begins, counting down at the beginning of each
// round. If the character is not healed before the timer expires, the
// character is Crippled"; "The fourth time ... they are automatically
// Crippled."
func TestCriticalWounds(t *testing.T) {
	lyn, brigand := unit(t, "lyn", "iron-sword", ""), unit(t, "cairn-brigand", "iron-axe", "")
	_, _ = Sequence(dice(t, 100, 1), brigand, lyn, 1) // 14 damage fells 14-HP Lyn
	if !lyn.Wounded() || lyn.Wounds != 1 || lyn.Countdown != 2 || lyn.Crippled {
		t.Fatalf("after the first wound: %+v", lyn)
	}
	lyn.NewRound()
	lyn.NewRound()
	if lyn.Countdown != 0 || lyn.Crippled {
		t.Errorf("two rounds on: countdown %d crippled %v; want 0, false", lyn.Countdown, lyn.Crippled)
	}
	lyn.NewRound()
	if !lyn.Crippled {
		t.Error("the timer ran out: Lyn should be Crippled")
	}
	// Healed in time, she is not crippled; the fourth wound cripples at once.
	lyn2 := unit(t, "lyn", "iron-sword", "")
	for i := range 4 {
		lyn2.HP = 14
		_, _ = Sequence(dice(t, 100, 1), brigand, lyn2, 1)
		if got := lyn2.Crippled; got != (i == 3) {
			t.Errorf("wound %d: crippled %v", i+1, got)
		}
	}
	serra := unit(t, "serra", "heal", "")
	if got := Heal(serra, lyn2); got != 14 || lyn2.Wounded() {
		t.Errorf("healing a critically wounded Lyn restored %d; want 14 (her maximum)", got)
	}
}

// Rule: "A Crippled character suffers a -10 penalty to their Hit, Avoid,
// Critical, and Critical Avoid for the remainder of the map".
func TestCripplePenalty(t *testing.T) {
	lyn, archer := unit(t, "lyn", "iron-sword", ""), unit(t, "vissan-archer", "iron-bow", "")
	hit, avoid, crit, cravoid := Hit(lyn, archer), Avoid(lyn), Crit(lyn), CritAvoid(lyn)
	lyn.Crippled = true
	if Hit(lyn, archer) != hit-10 || Avoid(lyn) != avoid-10 || Crit(lyn) != crit-10 || CritAvoid(lyn) != cravoid-10 {
		t.Errorf("crippled: Hit %d Avoid %d Crit %d CritAvoid %d; want %d %d %d %d",
			Hit(lyn, archer), Avoid(lyn), Crit(lyn), CritAvoid(lyn), hit-10, avoid-10, crit-10, cravoid-10)
	}
}
