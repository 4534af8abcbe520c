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
func (u *Unit) Rank(p table.Prof) table.Rank {
	for _, s := range u.Char.Skills {
		if s.Prof == p {
			return s.Rank
		}
	}
	return table.NoRank
}

// Has reports whether the unit has feat f (active).
func (u *Unit) Has(f int16) bool { return slices.Contains(u.Feats, f) }

// NewUnit deploys character ci with weapon wi on terrain ti (-1: none),
// a laguz in beast form (its fighting form). Stats are the creation points
// plus the level-up gains, HP starting at 10 and movement at 5
// ("Characters start with 10 Hit Points and 5 Movement"), one more
// movement at levels 8 and 16, plus the feats and a relic's bonus.
func NewUnit(rs *table.Ruleset, ci, wi, ti int) (*Unit, error) {
	if ci < 0 || ci >= len(rs.Characters) || wi < 0 || wi >= len(rs.Weapons) {
		return nil, fmt.Errorf("no such character or weapon")
	}
	c := &rs.Characters[ci]
	u := &Unit{Char: c, Weapon: &rs.Weapons[wi], Beast: rs.Laguz(c) >= 0}
	u.derive(rs)
	u.HP = int(u.Stats[table.HP])
	u.Uses = -1
	if u.Weapon.Charges > 0 {
		u.Uses = int(u.Weapon.Charges)
	}
	if ti >= 0 && ti < len(rs.Terrain) {
		u.Terrain = &rs.Terrain[ti]
	}
	return u, nil
}

// derive works out the unit's stats, movement and feat modifiers from its
// character and form: the beast traits of a laguz origin only in beast
// form (what Anthropomorph keeps, in humanoid form too).
func (u *Unit) derive(rs *table.Ruleset) {
	c := u.Char
	u.Feats = u.Feats[:0]
	u.Combat = table.Combat{}
	for _, f := range c.Feats {
		if !c.Active(f) {
			continue
		}
		u.Feats = append(u.Feats, f)
		if rs.Feats[f].Beast && !u.Beast {
			continue
		}
		u.Combat = combine(u.Combat, rs.Feats[f].Combat)
	}
	if !u.Beast {
		k := rs.Kept(c)
		u.Combat.Flies = u.Combat.Flies || k.Flies
		u.Combat.HalvePhys = u.Combat.HalvePhys || k.Halve
	}
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
	a.Flies = a.Flies || b.Flies
	a.Mounted = a.Mounted || b.Mounted
	a.PassFoes = a.PassFoes || b.PassFoes
	a.Canto = a.Canto || b.Canto
	if b.Rescue > 0 && (a.Rescue == 0 || b.Rescue < a.Rescue) {
		a.Rescue = b.Rescue // 1 (anyone) beats 2 (unarmored)
	}
	a.Armored = a.Armored || b.Armored
	a.Sentinel = a.Sentinel || b.Sentinel
	a.Cleave = max(a.Cleave, b.Cleave)
	a.Trample = a.Trample || b.Trample
	a.Multishot = a.Multishot || b.Multishot
	a.Grapple = a.Grapple || b.Grapple
	a.GuardBreak = a.GuardBreak || b.GuardBreak
	a.QuickDraw = a.QuickDraw || b.QuickDraw
	a.FastHealer = a.FastHealer || b.FastHealer
	a.QuickSalve = a.QuickSalve || b.QuickSalve
	a.Medic = a.Medic || b.Medic
	a.Steal = a.Steal || b.Steal
	a.Overload = a.Overload || b.Overload
	a.Provoke = a.Provoke || b.Provoke
	a.Shade = a.Shade || b.Shade
	a.Ailment = max(a.Ailment, b.Ailment)
	return a
}
