// Package tropera is the rules engine of Fire Emblem Tropera: combat
// forecasts and Attack Sequences (hit, critical, damage, extra attacks, the
// weapon triangle, terrain, proficiency bonuses), the level-up procedure,
// and battles on a map played through the game contract (engine/play):
// movement, the action economy, enemy phases by level and objectives.
//
// Where the rulebook leaves a choice, the engine decides so (docs/tropera.md
// lists every reading):
//   - Attack Speed is Speed; weapon weight has no rule and is not used.
//   - Halving (Heavy Armor, Resistant, dragon scales) rounds down and comes
//     before Pierce's minimum and before the critical x3.
//   - A healing staff neither attacks nor counterattacks; a hostile staff
//     attacks once and never counters.
//   - Wary counts when its bearer is the one attacked.
//   - A critically wounded unit (0 HP) acts only once healed; a Crippled
//     one can be healed and fights on at -10.
//   - A weapon with charges spends one per strike made.
//   - Pierce works with weapons and magic weapons, not tomes.
//   - The Ice breath slows only a foe it reaches in the sequence.
//   - S+ in a type takes away the disadvantage both ways: no -15 on one's
//     own attacks, no +15 on the foe's.
package tropera

import (
	"errors"
	"fmt"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// Unit is a character on the field with one equipped weapon.
type Unit struct {
	Char    *table.Character
	Side    int
	Stats   table.Stats // stats in play; Stats[HP] is the maximum
	HP      int
	Move    int
	Weapon  *table.Weapon
	Terrain *table.Terrain // nil: no bonuses
	Combat  table.Combat   // the active feats' modifiers, combined
	Feats   []int16        // the active feats (negated ones left out)
	Uses    int            // charges left on the weapon; -1: unlimited

	// Critical wounds this map, the rounds left to heal the current one,
	// and whether the character is Crippled.
	Wounds    int
	Countdown int
	Crippled  bool

	// Beast: a laguz in beast form.
	Beast bool
	// Cond holds the battle's conditions that the arithmetic reads.
	Cond Cond

	miracle bool // Miracle spent this round
	shield  bool // Shield spent this phase
}

// Cond is what a battle's statuses and actions change in a unit's numbers.
type Cond struct {
	Defending  bool        // Defend: Skill adds to Avoid
	Sentinel   bool        // defending with Sentinel: one more strike on counters
	Carrying   bool        // carrying a passenger: Avoid halved
	Grappled   bool        // Avoid halved, terrain aside
	GuardBreak int         // Avoid lost (Guard Break)
	Slowed     bool        // one attack fewer (at least one)
	Overload   bool        // Magic doubled
	Boost      table.Boost // performances
}

// NewPhase readies what works once a phase (Shield).
func (u *Unit) NewPhase() { u.shield = false }

// Name is the character's name.
func (u *Unit) Name() string { return u.Char.Name }

// Rank is the unit's rank in a proficiency.
func (u *Unit) Rank(p table.Prof) table.Rank { return u.Char.Rank(p) }

// Has reports whether the unit has feat f (active).
func (u *Unit) Has(f int16) bool { return slices.Contains(u.Feats, f) }

// NewUnit deploys character ci with weapon wi on terrain ti (-1: none), in
// the form the weapon implies and with all its charges: NewUnitWith.
func NewUnit(rs *table.Ruleset, ci, wi, ti int) (*Unit, error) {
	return NewUnitWith(rs, Loadout{Character: ci, Weapon: wi, Terrain: ti})
}

// Loadout is how the combat calculator deploys a character.
type Loadout struct {
	Character, Weapon int
	Terrain           int        // -1: none
	Form              table.Form // Implied: the form the weapon implies (table.FormFor)
	Used              int        // charges already spent this map (0: a full weapon)
}

// NewUnitWith deploys a character as a battle would: in the form l asks
// for (table.FormFor), with a weapon it can wield in that form
// (table.Wields: the proficiency rank, the form), the charges left
// (table.Charges), on its terrain. Stats are the creation points plus
// the level-up gains, HP starting at 10 and movement at 5 ("Characters
// start with 10 Hit Points and 5 Movement"), one more movement at levels 8
// and 16, plus the feats of its form and a relic's bonus. A weapon with no
// charges left is deployed (it makes no attacks: Attacks); one it cannot
// wield is an error naming the rank or form it needs.
func NewUnitWith(rs *table.Ruleset, l Loadout) (*Unit, error) {
	ci, wi := l.Character, l.Weapon
	if ci < 0 || ci >= len(rs.Characters) || wi < 0 || wi >= len(rs.Weapons) {
		return nil, fmt.Errorf("no such character or weapon")
	}
	c := &rs.Characters[ci]
	w := &rs.Weapons[wi]
	beast, why := rs.FormFor(c, int16(wi), l.Form)
	if why != "" {
		return nil, errors.New(why)
	}
	if ok, why := rs.Wields(c, int16(wi), beast); !ok {
		return nil, &UnwieldableError{Char: c.ID, Weapon: w.ID, Why: why}
	}
	u := &Unit{Char: c, Weapon: w, Beast: beast}
	u.derive(rs)
	u.HP = int(u.Stats[table.HP])
	u.Uses = table.Charges(w.Charges)
	if l.Used != 0 {
		if l.Used < 0 || u.Uses == table.Unlimited || l.Used > u.Uses {
			return nil, fmt.Errorf("%s has %s charges: %d cannot be spent", w.ID, chargesWord(w), l.Used)
		}
		u.Uses -= l.Used
	}
	if l.Terrain >= 0 && l.Terrain < len(rs.Terrain) {
		u.Terrain = &rs.Terrain[l.Terrain]
	}
	return u, nil
}

func chargesWord(w *table.Weapon) string {
	if w.Charges <= 0 {
		return "no"
	}
	return fmt.Sprint(w.Charges)
}

// UnwieldableError is a weapon a character cannot wield (table.Wields).
type UnwieldableError struct {
	Char, Weapon, Why string
}

func (e *UnwieldableError) Error() string {
	return fmt.Sprintf("%s cannot wield %s: %s", e.Char, e.Weapon, e.Why)
}

// FormStats is character ci's stats in play and movement in its humanoid
// or (beast) beast form, whatever it wields: a character sheet's.
func FormStats(rs *table.Ruleset, ci int, beast bool) (table.Stats, int) {
	u := &Unit{Char: &rs.Characters[ci], Beast: beast}
	u.derive(rs)
	return u.Stats, u.Move
}

// derive works out the unit's stats, movement and feat modifiers from its
// character and form: the beast traits of a laguz origin only in beast
// form (what Anthropomorph keeps, in humanoid form too).
func (u *Unit) derive(rs *table.Ruleset) {
	c := u.Char
	u.Feats = u.Feats[:0]
	for _, f := range c.Feats {
		if c.Active(f) {
			u.Feats = append(u.Feats, f)
		}
	}
	u.Combat = rs.FormCombat(c, u.Beast)
	for i := range u.Stats {
		u.Stats[i] = c.Points[i] + c.Gains[i]
	}
	if c.Relic >= 0 && int(c.Relic) < len(rs.Items) {
		for i, v := range rs.Items[c.Relic].Stats {
			u.Stats[i] += v
		}
	}
	u.Stats[table.HP] += table.BaseHP + u.Combat.HP
	if u.Combat.MageArmor {
		def, res := u.Stats[table.Def], u.Stats[table.Res]
		u.Stats[table.Def] += res / 2
		u.Stats[table.Res] += def / 2
	}
	u.Move = table.BaseMove + table.Milestones(int(c.Level)) + int(u.Combat.Move)
}
