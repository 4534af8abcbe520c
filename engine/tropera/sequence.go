package tropera

import (
	"encoding/hex"
	"fmt"
	"math/rand/v2"

	"github.com/roundtable-dev/roundtable/engine/tropera/table"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// Dice rolls a die with n faces, 1..n.
type Dice interface{ Roll(n int) int }

// Seeded is the engine's seeded source: the same seed, the same rolls.
type Seeded struct {
	pcg *rand.PCG
	r   *rand.Rand
}

// NewSeeded returns a seeded source.
func NewSeeded(seed int64) *Seeded {
	pcg := rand.NewPCG(uint64(seed), 0x9e3779b97f4a7c15)
	return &Seeded{pcg: pcg, r: rand.New(pcg)}
}

// State is the source's state as text (for positions).
func (s *Seeded) State() string {
	b, _ := s.pcg.MarshalBinary()
	return hex.EncodeToString(b)
}

// SetState restores a state written by State.
func (s *Seeded) SetState(text string) error {
	b, err := hex.DecodeString(text)
	if err == nil {
		err = s.pcg.UnmarshalBinary(b)
	}
	if err != nil {
		return fmt.Errorf("rng %s is not a random source's state", phrase.Quote(text))
	}
	return nil
}

// Clone is an independent copy in the same state.
func (s *Seeded) Clone() *Seeded {
	c := NewSeeded(0)
	_ = c.SetState(s.State())
	return c
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
	// What the hit did besides damage.
	Grappled    bool
	Trampled    bool
	GuardBroken bool
	Inflicted   table.Status
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

// Options change one Attack Sequence.
type Options struct {
	// Grapple: the attacker's hits grapple instead of dealing damage.
	Grapple bool
	// Trample: the attacker's first hit that deals damage deals this much
	// more, and the sequence ends with it.
	Trample int
	// Chain: further targets the attack jumps to, in order, at these
	// distances from the attacker; each joins the sequence (Chain Lightning).
	Chain     []*Unit
	ChainDist []int
	// Split: the targets of the attacker's strikes after the first
	// (Multishot); only the first target counters.
	Split     []*Unit
	SplitDist []int
	// HitPenalty is accuracy the attacker loses (Cleave's free attack).
	HitPenalty int
	// Attacks caps the attacker's attacks (1: a single strike); Free means
	// no counterattack (Cleave).
	Attacks int
	Free    bool
}

// Sequence runs an Attack Sequence of a against d at distance dist: the
// participants alternate, the attacker first unless the defender has
// Vantage and is faster, until one is defeated or both have made their
// attacks; whoever has attacks left makes them back to back. A critical
// hit deals 3x damage. Miracle leaves its bearer at 1 HP the first time a
// round it takes lethal damage; Shield takes no damage from the first hit
// of a phase. An attacker that cannot attack starts no sequence.
func Sequence(dice Dice, a, d *Unit, dist int) (Forecast, []Strike) {
	return SequenceWith(dice, a, d, dist, Options{})
}

// SequenceWith is Sequence with options. With more participants (a
// chain), "the turn order starts with the Attacker, then goes down the list
// of each enemy involved in the attack in the order which the attack
// targeted them", and back to the attacker, whose every attack strikes each
// target still standing; it ends when all have made their attacks, the
// attacker is defeated, or every target is. Each attack is worked out just
// before it is made, so a hit that changes the target's numbers (Guard
// Break) counts for the next.
func SequenceWith(dice Dice, a, d *Unit, dist int, o Options) (Forecast, []Strike) {
	f := NewForecast(a, d, dist)
	if o.HitPenalty > 0 {
		f.Attacker.Hit = clamp(Hit(a, d) - Avoid(d) - o.HitPenalty)
	}
	if o.Attacks > 0 {
		f.Attacker.Attacks = min(f.Attacker.Attacks, o.Attacks)
	}
	if o.Free {
		f.Defender.Attacks, f.DefenderFirst = 0, false
	}
	if f.Attacker.Attacks == 0 {
		return f, nil // no Attack action, so no counterattacks either
	}
	targets := append([]*Unit{d}, o.Chain...)
	dists := append([]int{dist}, o.ChainDist...)
	left := make([]int, 1+len(targets))
	left[0], left[1] = f.Attacker.Attacks, f.Defender.Attacks
	for i, t := range o.Chain {
		if !o.Free {
			left[2+i] = Attacks(t, a, o.ChainDist[i], false)
		}
	}
	standing := func() bool {
		for _, t := range targets {
			if t.HP > 0 {
				return true
			}
		}
		return false
	}
	turn := 0
	if f.DefenderFirst && len(o.Chain) == 0 {
		turn = 1
	}
	var out []Strike
	made, trampled := 0, false
	for a.HP > 0 && standing() && !trampled {
		// The next participant with attacks left, in turn order.
		k := 0
		for ; k < len(left); k++ {
			p := (turn + k) % len(left)
			if left[p] > 0 && (p == 0 || targets[p-1].HP > 0) {
				turn = p
				break
			}
		}
		if k == len(left) {
			break
		}
		if turn == 0 {
			var hitList []*Unit
			var distList []int
			switch {
			case len(o.Chain) > 0:
				for i, t := range targets {
					if t.HP > 0 {
						hitList, distList = append(hitList, t), append(distList, dists[i])
					}
				}
			case made > 0 && made-1 < len(o.Split) && o.Split[made-1].HP > 0:
				hitList, distList = []*Unit{o.Split[made-1]}, []int{o.SplitDist[made-1]}
			default:
				hitList, distList = []*Unit{d}, []int{dist}
			}
			for i, t := range hitList {
				st := strike(dice, a, t, distList[i], o, !trampled)
				trampled = trampled || st.Trampled
				out = append(out, st)
			}
			if a.Uses > 0 {
				a.Uses--
			}
			made++
		} else {
			st := strike(dice, targets[turn-1], a, dists[turn-1], Options{}, false)
			if targets[turn-1].Uses > 0 {
				targets[turn-1].Uses--
			}
			out = append(out, st)
		}
		left[turn]--
		turn = (turn + 1) % len(left)
	}
	return f, out
}

// strike makes one attack of by against to. o holds the attacker's
// options (zero for a counterattack); trample says the attacker may still
// trample.
func strike(dice Dice, by, to *Unit, dist int, o Options, trample bool) Strike {
	st := Strike{By: by, Target: to}
	hit := clamp(Hit(by, to) - Avoid(to) - o.HitPenalty)
	crit := clamp(Crit(by) - CritAvoid(to))
	dmg := Damage(by, to)
	st.Rolls, st.Hit, st.Critical = Roll(dice, hit, crit, by.Combat.Gamble)
	if !st.Hit {
		st.HPAfter = to.HP
		return st
	}
	if o.Grapple {
		st.Grappled, to.Cond.Grappled = true, true
		st.HPAfter = to.HP
		return st
	}
	st.Damage = dmg
	if st.Critical {
		st.Damage *= 3
	}
	if trample && o.Trample > 0 && st.Damage > 0 {
		st.Damage += o.Trample
		st.Trampled = true
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
	// Guard Break: "their Avoidance is reduced by half your Strength ...
	// This effect does not stack."
	if by.Combat.GuardBreak && to.Cond.GuardBreak == 0 && to.HP > 0 {
		to.Cond.GuardBreak = int(by.Stats[table.Str]) / 2
		st.GuardBroken = to.Cond.GuardBreak > 0
	}
	if w := by.Weapon.Inflicts; w != table.NoStatus && to.HP > 0 {
		st.Inflicted = w
		if w == table.Slowed {
			to.Cond.Slowed = true
		}
	}
	st.HPAfter = to.HP
	return st
}
