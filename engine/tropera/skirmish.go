package tropera

import (
	"fmt"

	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// Combat is one action of a skirmish, for the log: an Attack Sequence, or
// with Healed set, a healing staff used by Attacker on Defender.
type Combat struct {
	Round    int
	Attacker *Unit
	Defender *Unit
	Distance int
	Forecast Forecast
	Strikes  []Strike
	Healed   int
	Revived  bool // healed from a critical wound
}

// Skirmish is a fight between the two sides of a table.Skirmish: in each
// round the first side's units attack in order, then the second side's.
// A unit with a staff uses it on the ally (critically wounded ones
// included, Crippled ones not) it would heal most, if any is hurt and the staff has charges;
// an ally healed from a critical wound does not act that turn. Every other living
// unit whose weapon can attack takes the Attack action
// against the foe that promises the most expected damage dealt less
// expected damage taken (an Army-level enemy weighs both), from the
// distance its weapon reaches that the target's counters do not reach,
// when there is one.
type Skirmish struct {
	Def    *table.Skirmish
	Units  [2][]*Unit
	Round  int
	Winner int // -1: none yet, or a draw
	Log    func(Combat)
	dice   Dice
}

// NewSkirmish deploys the sides of skirmish si.
func NewSkirmish(rs *table.Ruleset, si int, dice Dice, log func(Combat)) (*Skirmish, error) {
	if si < 0 || si >= len(rs.Skirmishes) {
		return nil, fmt.Errorf("no skirmish %d", si)
	}
	s := &Skirmish{Def: &rs.Skirmishes[si], Winner: -1, Log: log, dice: dice}
	for side := range 2 {
		for _, dp := range s.Def.Sides[side].Units {
			u, err := NewUnit(rs, int(dp.Character), int(dp.Weapon), int(dp.Terrain))
			if err != nil {
				return nil, err
			}
			u.Side = side
			s.Units[side] = append(s.Units[side], u)
		}
	}
	return s, nil
}

func alive(us []*Unit) bool {
	for _, u := range us {
		if u.HP > 0 {
			return true
		}
	}
	return false
}

// Play runs rounds until a side is down or the rounds run out.
func (s *Skirmish) Play() {
	for s.Round = 1; s.Round <= int(s.Def.Rounds); s.Round++ {
		for side := range 2 {
			for _, u := range s.Units[side] {
				u.NewRound()
			}
		}
		for side := range 2 {
			for _, us := range s.Units {
				for _, u := range us {
					u.NewPhase()
				}
			}
			for _, u := range s.Units[side] {
				// "A character who has been healed from a critical wound may
				// move, but not take any main or bonus actions on the same
				// turn".
				if u.HP <= 0 || u.revived == s.Round {
					continue
				}
				if u.Weapon.Type == table.Staff {
					if a := s.hurt(u); a != nil {
						revive := a.Wounded()
						n := Heal(u, a)
						if revive {
							a.revived = s.Round
						}
						if s.Log != nil {
							s.Log(Combat{Round: s.Round, Attacker: u, Defender: a, Healed: n, Revived: revive})
						}
					}
					continue
				}
				t, dist, ok := s.choose(u, s.Units[1-side])
				if !ok {
					continue
				}
				f, strikes := Sequence(s.dice, u, t, dist)
				if s.Log != nil {
					s.Log(Combat{Round: s.Round, Attacker: u, Defender: t, Distance: dist, Forecast: f, Strikes: strikes})
				}
				// A counterattack can end it too.
				switch {
				case !alive(s.Units[1-side]):
					s.Winner = side
					return
				case !alive(s.Units[side]):
					s.Winner = 1 - side
					return
				}
			}
		}
	}
	s.Round = int(s.Def.Rounds)
}

// hurt is the ally of healer (not itself) that the staff would
// heal most, or nil.
func (s *Skirmish) hurt(healer *Unit) *Unit {
	if healer.Uses == 0 {
		return nil
	}
	var best *Unit
	most := 0
	for _, a := range s.Units[healer.Side] {
		if a == healer || (a.Wounded() && a.Crippled) {
			continue // a Crippled character is out for the rest of the battle
		}
		if n := Healing(healer, a); n > most {
			best, most = a, n
		}
	}
	return best
}

// choose picks a target and a distance for u, or reports that u cannot
// attack anyone.
func (s *Skirmish) choose(u *Unit, foes []*Unit) (*Unit, int, bool) {
	var best *Unit
	bestDist, bestScore := 0, 0
	for _, t := range foes {
		if t.HP <= 0 {
			continue
		}
		for dist := int(u.Weapon.MinRange); dist <= int(u.Weapon.MaxRange); dist++ {
			f := NewForecast(u, t, dist)
			if f.Attacker.Attacks == 0 {
				continue
			}
			score := f.Attacker.Hit*f.Attacker.Damage*f.Attacker.Attacks - f.Defender.Hit*f.Defender.Damage*f.Defender.Attacks
			if best == nil || score > bestScore {
				best, bestDist, bestScore = t, dist, score
			}
		}
	}
	return best, bestDist, best != nil
}
