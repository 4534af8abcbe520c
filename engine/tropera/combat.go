package tropera

import (
	"slices"

	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// Bonus is what proficiency ranks add to attacks with a weapon.
type Bonus struct{ Might, Accuracy, Crit, Avoid int }

// rankBonus is the proficiency table: the bonus each rank above D adds,
// cumulative ("additive with each rank"), by row. Index 0 is C … 3 is S.
var rankBonus = map[string][4]Bonus{
	"swords": {{Might: 1}, {Might: 1}, {Might: 1}, {Crit: 5}},    // Swords/Talons
	"lances": {{Might: 1}, {Accuracy: 5}, {Might: 1}, {Crit: 5}}, // Lances/Claws, Bow, Light, Anima, Dark
	"axes":   {{Accuracy: 5}, {Accuracy: 5}, {Accuracy: 5}, {Crit: 5}},
	"staves": {{Might: 1, Accuracy: 5}, {Might: 1, Accuracy: 5}, {Might: 1, Accuracy: 5}, {Avoid: 5}},
}

// row is the table row of a weapon type.
func row(t table.WeaponType) string {
	switch t {
	case table.Sword, table.Talons:
		return "swords"
	case table.Lance, table.Claws, table.Bow, table.LightTome, table.AnimaTome, table.DarkTome:
		return "lances"
	case table.Axe, table.Bite:
		return "axes"
	case table.Staff:
		return "staves"
	}
	return ""
}

// ProficiencyBonus adds up the rows of the proficiency table up to rank r,
// and S+4's +15 Critical Hit.
func ProficiencyBonus(t table.WeaponType, r table.Rank) Bonus {
	var b Bonus
	rows, ok := rankBonus[row(t)]
	if !ok {
		return b
	}
	for k := table.RankC; k <= min(r, table.RankS); k++ {
		x := rows[k-table.RankC]
		b.Might += x.Might
		b.Accuracy += x.Accuracy
		b.Crit += x.Crit
		b.Avoid += x.Avoid
	}
	if r >= table.RankS4 && t != table.Staff {
		b.Crit += 15
	}
	return b
}

// Triangle is +1 when a's weapon type has the advantage over d's, -1 when
// it has the disadvantage: Swords/Talons < Lances/Claws < Axes/Bite <
// Swords/Talons; Light < Anima < Dark < Light. Bows, staves, martial arts
// and breath are neutral.
func Triangle(a, d table.WeaponType) int {
	ca, ok1 := cycle(a)
	cd, ok2 := cycle(d)
	if !ok1 || !ok2 || ca/3 != cd/3 || ca == cd {
		return 0
	}
	// Within a cycle of three, the next one beats the previous.
	if (ca%3+3-cd%3)%3 == 1 {
		return 1
	}
	return -1
}

// cycle places a type in its triangle: 0-2 weapons, 3-5 magic, in the
// order each beats the one before.
func cycle(t table.WeaponType) (int, bool) {
	switch t {
	case table.Sword, table.Talons:
		return 0, true
	case table.Lance, table.Claws:
		return 1, true
	case table.Axe, table.Bite:
		return 2, true
	case table.LightTome:
		return 3, true
	case table.AnimaTome:
		return 4, true
	case table.DarkTome:
		return 5, true
	}
	return 0, false
}

// TriangleAccuracy is the weapon triangle's accuracy: "+15 Accuracy to
// the attack" with the advantage, -15 against it.
const TriangleAccuracy = 15

// triangle is the accuracy shift of a attacking d: +15 with the advantage,
// -15 against it. Martial Artist ignores it; S+ in the type removes the
// disadvantage, for the foe's attacks as for one's own; S+2 gives the advantage against the same type unless the
// target has S+2 too.
func triangle(a, d *Unit) int {
	if a.Combat.NoTriangle {
		return 0
	}
	at, dt := a.Weapon.Type, d.Weapon.Type
	ra, rd := a.Rank(at.Prof()), d.Rank(dt.Prof())
	if at == dt {
		// S+2 holds for bows too, though bows are otherwise neutral.
		if _, ok := cycle(at); (ok || at == table.Bow) && ra >= table.RankS2 && rd < table.RankS2 {
			return TriangleAccuracy
		}
		return 0
	}
	switch Triangle(at, dt) {
	case 1:
		// A foe at S+ "no longer ha[s] weapon triangle disadvantage".
		if rd >= table.RankS1 {
			return 0
		}
		return TriangleAccuracy
	case -1:
		if ra >= table.RankS1 {
			return 0
		}
		return -TriangleAccuracy
	}
	return 0
}

// terrainOf is the terrain that counts for u: none for fliers without
// Touch and Go.
func terrainOf(u *Unit) (avoid, def int) {
	if u.Terrain == nil || (u.Combat.NoTerrain && !u.Combat.TerrainBack) {
		return 0, 0
	}
	avoid, def = int(u.Terrain.Avoid), int(u.Terrain.Defense)
	// Guerilla: "an additional 10 Avoid, 1 Defense ... from terrain that
	// confers the same benefit".
	if u.Combat.Guerilla && avoid > 0 {
		avoid += 10
	}
	if u.Combat.Guerilla && def > 0 {
		def++
	}
	return avoid, def
}

// Hit is (Skill x2, x3 with Sure Strike) + Luck + weapon Accuracy +
// proficiency bonus + triangle.
func Hit(a, d *Unit) int {
	sh := 2
	if a.Combat.SkillHit > 0 {
		sh = int(a.Combat.SkillHit)
	}
	b := ProficiencyBonus(a.Weapon.Type, a.Rank(a.Weapon.Type.Prof()))
	n := sh*int(a.Stats[table.Skl]) + int(a.Stats[table.Lck]) + int(a.Weapon.Accuracy) + b.Accuracy + triangle(a, d) - a.penalty()
	// The Perform Bonus: what a performance adds to Hit.
	n += int(a.Cond.Boost.Hit)
	// Resistant: "a 15 Avoidance bonus against staves that inflict ailments".
	if a.Weapon.Type == table.Staff && a.Weapon.Inflicts != table.NoStatus {
		n -= int(d.Combat.Ailment)
	}
	return n
}

// Avoid is Speed x2 + Luck (x2 with Miracle) + terrain, plus a staff's S
// rank bonus and Focus per staff rank when focused on staves, Perform's S
// rank +5 and Focus per Perform rank; Defend adds Skill; Guard Break takes
// its share; a grappled unit's Avoid is halved (terrain aside) and a
// carrier's halved (terrain included).
func Avoid(u *Unit) int {
	la := 1
	if u.Combat.LuckAvoid > 0 {
		la = int(u.Combat.LuckAvoid)
	}
	ta, _ := terrainOf(u)
	b := ProficiencyBonus(u.Weapon.Type, u.Rank(u.Weapon.Type.Prof()))
	n := 2*int(u.Stats[table.Spd]) + la*int(u.Stats[table.Lck]) + b.Avoid - u.penalty()
	if p := u.Weapon.Type.Prof(); p == table.Staves && p == u.Char.Focus {
		n += int(u.Combat.Focus) * int(u.Rank(p))
	}
	if r := u.Rank(table.Perform); r >= table.RankS {
		n += 5 // Perform S: "+5 Avoidance"
	}
	if u.Char.Focus == table.Perform {
		n += int(u.Combat.Focus) * int(u.Rank(table.Perform))
	}
	if u.Cond.Defending {
		n += int(u.Stats[table.Skl])
	}
	n += int(u.Cond.Boost.Avoid) - u.Cond.GuardBreak
	if u.Cond.Grappled {
		n /= 2
	}
	n += ta
	if u.Cond.Carrying {
		n /= 2
	}
	return n
}

// Crit is Skill/2 + weapon Critical + proficiency bonus (+ Luck with
// Gamble; + Focus per rank in the focused weapon proficiency).
func Crit(a *Unit) int {
	b := ProficiencyBonus(a.Weapon.Type, a.Rank(a.Weapon.Type.Prof()))
	c := int(a.Stats[table.Skl])/2 + int(a.Weapon.Crit) + b.Crit + int(a.Cond.Boost.Crit)
	if p := a.Weapon.Type.Prof(); p != table.Staves && p != table.NoProf && p == a.Char.Focus {
		c += int(a.Combat.Focus) * int(a.Rank(p))
	}
	if a.Combat.Gamble {
		c += int(a.Stats[table.Lck])
	}
	return c - a.penalty()
}

// CritAvoid is Luck. Crippled characters lose 10 from Hit, Avoid, Crit
// and Crit Avoid.
func CritAvoid(u *Unit) int { return int(u.Stats[table.Lck]) - u.penalty() }

// Effective reports whether a's weapon is effective against d.
func Effective(a, d *Unit) bool {
	return slices.ContainsFunc(a.Weapon.Effective, d.Has)
}

// Damage is (Strength or Magic + Might, x3 if effective, + proficiency
// bonus) - (Defense or Resistance + terrain), at least 0; halved by Heavy
// Armor or Resistant; at least the weapon's Might with Pierce (not with
// tomes). Dragon's breath uses the attacker's level as its damage stat
// against Resistance.
func Damage(a, d *Unit) int {
	w := a.Weapon
	if w.Type == table.Staff {
		return 0 // a hostile staff inflicts its ailment; healing staves do not attack
	}
	might := int(w.Might)
	if Effective(a, d) {
		might *= 3
	}
	might += int(a.Cond.Boost.Might)
	b := ProficiencyBonus(w.Type, a.Rank(w.Type.Prof()))
	var atk, def int
	str, mag := int(a.Stats[table.Str]), int(a.Stats[table.Mag])
	if a.Cond.Overload {
		mag *= 2 // Overload: "your Magic stat doubles"
	}
	switch {
	case w.Type == table.Breath:
		atk, def = int(a.Char.Level), int(d.Stats[table.Res])
	case w.Magical && a.Combat.WarMage && !w.Type.Magical():
		atk, def = str+mag, int(d.Stats[table.Res]) // a magic weapon: 100% of both
	case w.Magical && a.Combat.WarMage:
		atk, def = mag+str/2, int(d.Stats[table.Res])
	case w.Magical:
		atk, def = mag, int(d.Stats[table.Res])
	case a.Combat.WarMage:
		atk, def = str+mag/2, int(d.Stats[table.Def])
	default:
		atk, def = str, int(d.Stats[table.Def])
	}
	_, td := terrainOf(d)
	magical := w.Magical || w.Type == table.Breath
	if magical {
		def += int(d.Cond.Boost.Res)
	} else {
		def += int(d.Cond.Boost.Def)
	}
	dmg := max(0, atk+might+b.Might-(def+td))
	if (!magical && d.Combat.HalvePhys) || (magical && d.Combat.HalveMag) {
		dmg /= 2
	}
	// Pierce: "attacks with Weapons and Magic Weapons"; tomes are neither.
	if a.Combat.Pierce && !w.Type.Magical() {
		dmg = max(dmg, int(w.Might))
	}
	return dmg
}

// InRange reports whether u's weapon reaches distance dist; bows reach 1
// from S+.
func InRange(u *Unit, dist int) bool {
	lo := int(u.Weapon.MinRange)
	if u.Weapon.Type == table.Bow && u.Rank(table.Bows) >= table.RankS1 {
		lo = 1
	}
	return dist >= lo && dist <= int(u.Weapon.MaxRange)
}

// Attacks is how many attacks a makes against d in one Attack Sequence:
// none out of range, with a staff or with no charges left; one, plus an
// Extra Attack for Speed 4 or more above the target's (not with Heavy
// weapons), Brave, Adept, Reckless (its bearer's and its foe's), S+3; minus
// Wary when d is the one attacked and minus an Ice breath's slowing when
// the breath reaches a (at least 1); no more than the charges left. Staves
// get no Extra Attacks.
func Attacks(a, d *Unit, dist int, attacker bool) int {
	if !InRange(a, dist) || table.Strikes(a.Uses, 1) == 0 {
		return 0
	}
	if a.Weapon.Type == table.Staff {
		// "Staves do not benefit from Extra Attacks": a hostile staff
		// attacks once when cast; no staff counterattacks.
		if attacker && a.Weapon.Hostile {
			return 1
		}
		return 0
	}
	n := 1
	if !a.Weapon.Heavy && a.Stats[table.Spd] >= d.Stats[table.Spd]+4 {
		n++
	}
	if a.Weapon.Brave {
		n++
	}
	if a.Combat.Adept > 0 && a.Stats[table.Skl] >= d.Stats[table.Skl]+a.Combat.Adept {
		n++
	}
	n += int(a.Combat.Extra) + int(d.Combat.FoeExtra)
	if _, ok := cycle(a.Weapon.Type); (ok || a.Weapon.Type == table.Bow) && a.Rank(a.Weapon.Type.Prof()) >= table.RankS3 {
		n++
	}
	// Sentinel: "While defending, you gain an extra strike to all your
	// counterattacks."
	if !attacker && a.Cond.Sentinel {
		n++
	}
	if attacker && d.Combat.Wary > 0 {
		n = max(1, n-int(d.Combat.Wary))
	}
	// Slowed: one attack fewer in its Attack Sequences, at least one.
	if a.Cond.Slowed {
		n = max(1, n-1)
	}
	// Ice breath slows "the target": only when the breath reaches.
	if d.Weapon.Slows > 0 && InRange(d, dist) && table.Strikes(d.Uses, 1) > 0 {
		n = max(1, n-int(d.Weapon.Slows))
	}
	return table.Strikes(a.Uses, n)
}

// Side is one participant's numbers in a forecast.
type Side struct {
	Hit, Crit, Damage, Attacks int
}

// Forecast is what the DM works out before the rolls.
type Forecast struct {
	Attacker, Defender Side
	// DefenderFirst: the defender's first counter goes before the
	// attacker's first attack (Vantage, when faster).
	DefenderFirst bool
}

func clamp(n int) int { return max(0, min(100, n)) }

func side(a, d *Unit, dist int, attacker bool) Side {
	return Side{
		Hit:     clamp(Hit(a, d) - Avoid(d)),
		Crit:    clamp(Crit(a) - CritAvoid(d)),
		Damage:  Damage(a, d),
		Attacks: Attacks(a, d, dist, attacker),
	}
}

// NewForecast works out an Attack Sequence of a against d at distance dist.
func NewForecast(a, d *Unit, dist int) Forecast {
	f := Forecast{Attacker: side(a, d, dist, true), Defender: side(d, a, dist, false)}
	f.DefenderFirst = d.Combat.Vantage && d.Stats[table.Spd] > a.Stats[table.Spd] && f.Defender.Attacks > 0
	return f
}
