// Package tropera is the rules engine of Fire Emblem Tropera: combat
// forecasts and Attack Sequences (hit, critical, damage, extra attacks, the
// weapon triangle, terrain, proficiency bonuses), the level-up procedure and
// a skirmish between two sides, all driven by a seeded random source.
//
// Where the rulebook leaves a choice, the engine decides so:
//   - Attack Speed is Speed; weapon weight has no rule and is not used.
//   - Halving (Heavy Armor, Resistant, dragon scales) rounds down and comes
//     before Pierce's minimum and before the critical x3.
//   - A staff neither attacks in a skirmish nor counterattacks.
//   - Wary counts when its bearer is the one attacked.
//   - A critically wounded unit (0 HP) acts only once healed; a Crippled
//     one is out for the rest of the skirmish (the -10 penalty applies
//     wherever a Crippled unit still fights, as in a forecast).
//   - A weapon with charges spends one per strike made.
//   - Pierce works with weapons and magic weapons, not tomes.
//   - The Ice breath slows only a foe it reaches in the sequence.
//   - S+ in a type takes away the disadvantage both ways: no -15 on one's
//     own attacks, no +15 on the foe's.
package tropera

import (
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
	Combat  table.Combat   // the feats' modifiers, combined
	Feats   []int16
	Uses    int // charges left on the weapon; -1: unlimited

	// Critical wounds this map, the rounds left to heal the current one,
	// and whether the character is Crippled.
	Wounds    int
	Countdown int
	Crippled  bool

	miracle bool // Miracle spent this round
	shield  bool // Shield spent this phase
	revived int  // the round it was healed from a critical wound
}

// NewPhase readies what works once a phase (Shield).
func (u *Unit) NewPhase() { u.shield = false }

// Name is the character's name.
func (u *Unit) Name() string { return u.Char.Name }

// Rank is the unit's rank in a proficiency.
func (u *Unit) Rank(p table.Prof) table.Rank {
	for _, s := range u.Char.Skills {
		if s.Prof == p {
			return s.Rank
		}
	}
	return table.NoRank
}

// Has reports whether the unit has feat f.
func (u *Unit) Has(f int16) bool { return slices.Contains(u.Feats, f) }

// NewUnit deploys character ci with weapon wi on terrain ti (-1: none).
// Stats are the creation points plus the level-up gains, HP starting at 10
// and movement at 5 ("Characters start with 10 Hit Points and 5
// Movement"), one more movement at levels 8 and 16, plus the feats.
func NewUnit(rs *table.Ruleset, ci, wi, ti int) (*Unit, error) {
	if ci < 0 || ci >= len(rs.Characters) || wi < 0 || wi >= len(rs.Weapons) {
		return nil, fmt.Errorf("no such character or weapon")
	}
	c := &rs.Characters[ci]
	u := &Unit{Char: c, Weapon: &rs.Weapons[wi], Feats: c.Feats}
	for i := range u.Stats {
		u.Stats[i] = c.Points[i] + c.Gains[i]
	}
	u.Stats[table.HP] += table.BaseHP
	u.Move = table.BaseMove + table.Milestones(int(c.Level))
	for _, f := range c.Feats {
		fc := rs.Feats[f].Combat
		u.Combat = combine(u.Combat, fc)
	}
	u.Stats[table.HP] += u.Combat.HP
	if u.Combat.MageArmor {
		def, res := u.Stats[table.Def], u.Stats[table.Res]
		u.Stats[table.Def] += res / 2
		u.Stats[table.Res] += def / 2
	}
	u.Uses = -1
	if u.Weapon.Charges > 0 {
		u.Uses = int(u.Weapon.Charges)
	}
	u.Move += int(u.Combat.Move)
	u.HP = int(u.Stats[table.HP])
	if ti >= 0 && ti < len(rs.Terrain) {
		u.Terrain = &rs.Terrain[ti]
	}
	return u, nil
}

func combine(a, b table.Combat) table.Combat {
	a.Move += b.Move
	a.HP += b.HP
	a.SkillHit = max(a.SkillHit, b.SkillHit)
	a.LuckAvoid = max(a.LuckAvoid, b.LuckAvoid)
	a.Survive = a.Survive || b.Survive
	a.HalvePhys = a.HalvePhys || b.HalvePhys
	a.HalveMag = a.HalveMag || b.HalveMag
	a.Extra += b.Extra
	a.FoeExtra += b.FoeExtra
	a.Wary += b.Wary
	if b.Adept > 0 && (a.Adept == 0 || b.Adept < a.Adept) {
		a.Adept = b.Adept
	}
	a.Vantage = a.Vantage || b.Vantage
	a.Pierce = a.Pierce || b.Pierce
	a.Gamble = a.Gamble || b.Gamble
	a.NoTriangle = a.NoTriangle || b.NoTriangle
	a.NoTerrain = a.NoTerrain || b.NoTerrain
	a.TerrainBack = a.TerrainBack || b.TerrainBack
	a.WarMage = a.WarMage || b.WarMage
	a.MageArmor = a.MageArmor || b.MageArmor
	a.Guerilla = a.Guerilla || b.Guerilla
	a.Silencer = a.Silencer || b.Silencer
	a.HalveHeal = a.HalveHeal || b.HalveHeal
	a.Shield = a.Shield || b.Shield
	a.Focus = max(a.Focus, b.Focus)
	return a
}
