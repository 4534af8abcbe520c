package tropera

import (
	"fmt"
	"slices"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// HiddenStats is what BattleHidden listed: the house secrets, and the
// times it was asked for a seat not the GM's once a house had been
// searched.
type HiddenStats struct{ Secrets, Searched int }

// Hidden is what seat may not see in the true position of m (a battle, a
// level-up, or a match that wraps one: play.Wrapper), for the tests that
// hold every answer to a seat to it: BattleHidden's or LevelHidden's.
func Hidden(m play.Match, seat int) []string {
	switch play.Unwrap(m).(type) {
	case *Battle:
		return BattleHidden(nil)(m, seat)
	case *Leveling:
		return LevelHidden(m, seat)
	}
	panic(fmt.Sprintf("tropera: %T is not a tropera match", m))
}

// BattleHidden is what seat may not see in a battle, read from the true
// position: the random source's state (the GM's dice to come), and for the
// party and an onlooker what each house not yet searched holds (id and
// name) unless a unit carries it or storage holds it. The enemy seat, the
// GM's, knows the houses. It counts in st (when not nil) what it lists.
func BattleHidden(st *HiddenStats) func(m play.Match, seat int) []string {
	return func(m play.Match, seat int) []string {
		b, ok := play.Unwrap(m).(*Battle)
		if !ok {
			panic(fmt.Sprintf("tropera: %T is not a battle", m))
		}
		p := b.Position().(Position)
		out := []string{p.RNG}
		if seat == Enemy {
			return out
		}
		if len(p.Searched) > 0 && st != nil {
			st.Searched++
		}
		seen := map[string]bool{}
		for _, u := range p.Units {
			for _, c := range slices.Concat(u.Weapons, u.Items) {
				seen[c.ID] = true
			}
		}
		for _, s := range p.Storage {
			seen[s] = true
		}
		rs := b.Rules()
		for _, h := range b.Map().Houses {
			if slices.Contains(p.Searched, b.Map().TileName(int(h.Tile))) {
				continue
			}
			id, name := "", ""
			switch {
			case h.Item >= 0:
				id, name = rs.Items[h.Item].ID, rs.Items[h.Item].Name
			case h.Weapon >= 0:
				id, name = rs.Weapons[h.Weapon].ID, rs.Weapons[h.Weapon].Name
			}
			if id != "" && !seen[id] {
				out = append(out, id, name)
				if st != nil {
					st.Secrets += 2
				}
			}
		}
		return out
	}
}

// LevelHidden is what the player of a level-up may not see: the random
// source's state (the d20s of the level-ups to come).
func LevelHidden(m play.Match, seat int) []string {
	return []string{play.Unwrap(m).Position().(LevelingPos).RNG}
}
