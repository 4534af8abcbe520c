package tropera

import (
	"math/rand/v2"

	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// Dice rolls a die with n faces, 1..n.
type Dice interface{ Roll(n int) int }

// Seeded is the engine's seeded source: the same seed, the same rolls.
type Seeded struct{ r *rand.Rand }

// NewSeeded returns a seeded source.
func NewSeeded(seed int64) *Seeded {
	return &Seeded{r: rand.New(rand.NewPCG(uint64(seed), 0x9e3779b97f4a7c15))}
}

// Roll returns 1..n.
func (s *Seeded) Roll(n int) int { return 1 + s.r.IntN(n) }

// TrueHit is the hit chance from which accuracy rolls are made twice and
// averaged ("an Accuracy of 60% or higher").
const TrueHit = 60

// Strike is one attack of an Attack Sequence.
type Strike struct {
	By       *Unit `json:"-"`
	Target   *Unit `json:"-"`
	Rolls    []int // one d100, or two averaged for True Hit
	Hit      bool
	Critical bool
	Damage   int
	HPAfter  int // the target's
	Miracle  bool
	Silenced bool
	Shielded bool
}

// Roll makes one attack roll against hit and critical chances: a d100,
// or with True Hit (chance 60 or more, not for Gamble) two d100s averaged.
// It hits when the (averaged) roll is at most the hit chance, and is
// critical when also at most the critical chance.
func Roll(d Dice, hit, crit int, gamble bool) (rolls []int, hits, critical bool) {
	r := d.Roll(100)
	rolls = []int{r}
	total, times := r, 1
	if hit >= TrueHit && !gamble {
		r2 := d.Roll(100)
		rolls = append(rolls, r2)
		total, times = r+r2, 2
	}
	// Compare sums, not a rounded average: 2*60 >= 59+61.
	hits = total <= hit*times
	critical = hits && total <= crit*times
	return rolls, hits, critical
}

// Sequence runs an Attack Sequence of a against d at distance dist: the
// participants alternate, the attacker first unless the defender has
// Vantage and is faster, until one is defeated or both have made their
// attacks; whoever has attacks left makes them back to back. A critical
// hit deals 3x damage. Miracle leaves its bearer at 1 HP the first time a
// round it takes lethal damage; Shield takes no damage from the first hit
// of a phase. An attacker that cannot attack starts no sequence.
func Sequence(dice Dice, a, d *Unit, dist int) (Forecast, []Strike) {
	f := NewForecast(a, d, dist)
	if f.Attacker.Attacks == 0 {
		return f, nil // no Attack action, so no counterattacks either
	}
	left := [2]int{f.Attacker.Attacks, f.Defender.Attacks}
	us := [2]*Unit{a, d}
	sides := [2]Side{f.Attacker, f.Defender}
	turn := 0
	if f.DefenderFirst {
		turn = 1
	}
	var out []Strike
	for (left[0] > 0 || left[1] > 0) && a.HP > 0 && d.HP > 0 {
		if left[turn] == 0 {
			turn = 1 - turn
		}
		by, to, s := us[turn], us[1-turn], sides[turn]
		st := Strike{By: by, Target: to}
		st.Rolls, st.Hit, st.Critical = Roll(dice, s.Hit, s.Crit, by.Combat.Gamble)
		if st.Hit {
			st.Damage = s.Damage
			if st.Critical {
				st.Damage *= 3
			}
			// Shield: "no damage from the first attack to hit you in each phase".
			if to.Combat.Shield && !to.shield {
				to.shield, st.Shielded, st.Damage = true, true, 0
			}
			to.HP -= st.Damage
			if to.HP <= 0 && to.Combat.Survive && !to.miracle {
				to.HP, to.miracle, st.Miracle = 1, true, true
			}
			// Silencer: a hit that leaves at most half the attacker's
			// Skill (rounded down) in HP kills outright.
			if by.Combat.Silencer && to.HP > 0 && !st.Miracle && to.HP <= int(by.Stats[table.Skl])/2 {
				to.HP, st.Silenced = 0, true
			}
			to.HP = max(0, to.HP)
			if to.HP == 0 {
				to.wound()
			}
		}
		if by.Uses > 0 {
			by.Uses--
		}
		st.HPAfter = to.HP
		out = append(out, st)
		left[turn]--
		turn = 1 - turn
	}
	return f, out
}
