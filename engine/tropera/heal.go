package tropera

import "github.com/roundtable-dev/roundtable/engine/tropera/table"

// Healing is what healer's staff restores to target: Magic ("1 point of
// Magic = 1 point of ... staff healing") plus the staff's Might and the
// proficiency table's staff Might, halved (rounded down) for a Resistant
// target, never above the target's missing hit points.
func Healing(healer, target *Unit) int {
	w := healer.Weapon
	if w.Type != table.Staff {
		return 0
	}
	b := ProficiencyBonus(w.Type, healer.Rank(table.Staves))
	n := int(healer.Stats[table.Mag]) + int(w.Might) + b.Might
	if target.Combat.HalveHeal {
		n /= 2
	}
	return max(0, min(n, int(target.Stats[table.HP])-target.HP))
}

// Heal uses healer's staff on target and spends a charge (none when
// freeStaff); it returns the hit points restored.
func Heal(healer, target *Unit) int {
	n := Healing(healer, target)
	target.HP += n
	if healer.Uses > 0 && !freeStaff(healer) {
		healer.Uses--
	}
	return n
}

// freeStaff: staves S+ (S+2, S+3, S+4) spend no charges using D (C, B, A)
// rank staves.
func freeStaff(u *Unit) bool {
	w := u.Weapon.Rank
	return w >= table.RankD && w <= table.RankA && u.Rank(table.Staves) >= table.RankS1+(w-table.RankD)
}
