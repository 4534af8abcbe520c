package tropera

import (
	"fmt"

	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// Check tests a battle's invariants: no unit on ground it cannot enter, no
// two units on a tile, HP within 0 and the maximum, a unit in mid-turn
// standing (the wounded never act), carriers and passengers agreeing,
// passengers and the departed off the map, no defeated enemy on it, the
// embarked on their siege space, no siege weapon equipped.
// (Movement is checked as each move is made: a laguz that moved in beast
// form and turned human has spent more than its humanoid form allows.)
func Check(b *Battle) error {
	seen := map[int]string{}
	for i, u := range b.Units {
		if u.At >= 0 {
			if o, dup := seen[u.At]; dup {
				return fmt.Errorf("round %d: %s and %s both on %s", b.round, o, u.ID, b.tileName(u.At))
			}
			seen[u.At] = u.ID
			if !b.CanStand(u, u.At) && u.Embarked < 0 {
				return fmt.Errorf("round %d: %s stands on %s (%s), which it cannot enter", b.round, u.ID, b.tileName(u.At), b.Terrain(u.At).Name)
			}
		}
		if u.HP < 0 || u.HP > int(u.base[table.HP]) {
			return fmt.Errorf("round %d: %s has %d HP of %d", b.round, u.ID, u.HP, u.base[table.HP])
		}
		if u.Carrier >= 0 && (u.At >= 0 || b.Units[u.Carrier].Passenger != i) {
			return fmt.Errorf("round %d: %s is carried by %s but stands at %s or is not its passenger", b.round, u.ID, b.Units[u.Carrier].ID, b.tileName(u.At))
		}
		if u.Off != "" && u.At >= 0 {
			return fmt.Errorf("round %d: %s is %s but on the map", b.round, u.ID, u.Off)
		}
		if u.Embarked >= 0 && u.At != int(b.m.Siege[u.Embarked].Tile) {
			return fmt.Errorf("round %d: %s is embarked on the siege space at %s but stands at %s", b.round, u.ID, b.tileName(int(b.m.Siege[u.Embarked].Tile)), b.tileName(u.At))
		}
		if u.Equip >= 0 && b.rs.Weapons[u.Equip].Siege {
			return fmt.Errorf("round %d: %s has the siege weapon %s equipped", b.round, u.ID, b.rs.Weapons[u.Equip].ID)
		}
		if u.Side == Enemy && u.HP <= 0 && u.Off == "" {
			return fmt.Errorf("round %d: %s is at 0 HP but still on the map", b.round, u.ID)
		}
	}
	if b.active >= 0 && !b.Units[b.active].Standing() && b.pending == nil {
		return fmt.Errorf("round %d: %s is in mid-turn at 0 HP", b.round, b.Units[b.active].ID)
	}
	return nil
}
