package tropera

import (
	"fmt"
	"slices"
	"strings"

	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// Roll20 is one stat's roll at a level-up.
type Roll20 struct {
	Stat    table.Stat
	Natural int // the d20
	Result  int // natural + growth rate
	Rerolls []int
}

// LevelUp is what one level-up gave.
type LevelUp struct {
	Level int // the level reached
	// Rolled levels: every stat's roll, the five highest eligible results
	// in order, and the four chosen.
	Rolls    []Roll20
	Eligible []table.Stat
	Chosen   []table.Stat
	Natural  []table.Stat // natural 20s: a free point each
	// Levels 8 and 16: the free points, HP's 2 extra included.
	Gains table.Stats
}

// Chooser picks the 4 stats to raise among the (up to) 5 eligible, ranked
// best first. nil takes the first four.
type Chooser func(eligible []table.Stat) []table.Stat

// Allocator spreads a milestone's 9 free points, at most 2 a stat. nil
// gives 2 at a time to the stats with the highest growth rates, ties in
// stat order.
type Allocator func(growths table.Stats) table.Stats

// Level raises a character of level from to from+1 with the rulebook's
// procedure:
//   - Levels 8 and 16: 9 points freely assigned (at most 2 a stat) and 2
//     more hit points, without rolling.
//   - Otherwise a d20 per stat plus its growth rate. A natural 20 gives a
//     free point and leaves the stat out of the eligible five; a natural 1
//     makes the stat ineligible. Of the 5 highest results the player raises
//     4 by 1. Ties go to the higher growth rate; equal growth rates reroll,
//     highest first.
//
// The player's choices come from choose and alloc (nil: the defaults); a
// choice the rules do not allow is an error, and nothing is gained.
func Level(d Dice, growths table.Stats, from int, choose Chooser, alloc Allocator) (LevelUp, error) {
	lu := RollLevel(d, growths, from)
	if lu.Milestone() {
		if alloc == nil {
			alloc = spread
		}
		return lu, lu.Allocate(alloc(growths))
	}
	if choose == nil {
		choose = func(e []table.Stat) []table.Stat { return e[:min(table.LevelUpRaises, len(e))] }
	}
	return lu, lu.Choose(choose(slices.Clone(lu.Eligible)))
}

// Milestone reports whether the level reached gives free points (8, 16).
func (lu *LevelUp) Milestone() bool { return table.Milestone(lu.Level) }

// RollLevel makes the rolls of a level-up from level from, leaving the
// player's choice (Choose, or Allocate at levels 8 and 16) to be made.
func RollLevel(d Dice, growths table.Stats, from int) LevelUp {
	lu := LevelUp{Level: from + 1}
	if lu.Milestone() {
		return lu
	}
	var eligible []Roll20
	for s := range table.NumStats {
		n := d.Roll(20)
		r := Roll20{Stat: s, Natural: n, Result: n + int(growths[s])}
		lu.Rolls = append(lu.Rolls, r)
		switch n {
		case 20:
			lu.Natural = append(lu.Natural, s)
			lu.Gains[s]++
		case 1:
		default:
			eligible = append(eligible, r)
		}
	}
	better := func(a, b Roll20) int {
		if a.Result != b.Result {
			return b.Result - a.Result
		}
		return int(growths[b.Stat]) - int(growths[a.Stat])
	}
	slices.SortStableFunc(eligible, better)
	eligible = breakTies(d, eligible, growths)
	for i := range min(table.LevelUpEligible, len(eligible)) {
		lu.Eligible = append(lu.Eligible, eligible[i].Stat)
	}
	for i, r := range lu.Rolls {
		if j := slices.IndexFunc(eligible, func(e Roll20) bool { return e.Stat == r.Stat }); j >= 0 {
			lu.Rolls[i].Rerolls = eligible[j].Rerolls
		}
	}
	return lu
}

// Choose raises the stats the player picks: 4 of the five best ("Of the 5
// highest results, the player chooses 4"), or all of them when fewer are
// eligible; each once.
func (lu *LevelUp) Choose(chosen []table.Stat) error {
	if lu.Milestone() || lu.Chosen != nil {
		return fmt.Errorf("level %d: nothing to choose", lu.Level)
	}
	want := min(table.LevelUpRaises, len(lu.Eligible))
	if len(chosen) != want {
		return fmt.Errorf("level %d: choose %d of %s, not %d", lu.Level, want, statList(lu.Eligible), len(chosen))
	}
	for i, s := range chosen {
		if !slices.Contains(lu.Eligible, s) {
			return fmt.Errorf("level %d: %s is not among the five best (%s)", lu.Level, s, statList(lu.Eligible))
		}
		if slices.Contains(chosen[:i], s) {
			return fmt.Errorf("level %d: %s is chosen twice", lu.Level, s)
		}
	}
	lu.Chosen = slices.Clone(chosen)
	for _, s := range chosen {
		lu.Gains[s]++
	}
	return nil
}

// Allocate assigns a milestone's free points: 9 in all, at most 2 a stat
// ("9 points to freely assign to their stats without rolling (maximum of
// 2 per stat)"), and adds its 2 hit points.
func (lu *LevelUp) Allocate(points table.Stats) error {
	if !lu.Milestone() || lu.Gains != (table.Stats{}) {
		return fmt.Errorf("level %d: no free points to assign", lu.Level)
	}
	sum := 0
	for s, v := range points {
		if v < 0 || v > table.MilestonePerStat {
			return fmt.Errorf("level %d: %d points to %s; each stat takes 0 to %d", lu.Level, v, table.Stat(s), table.MilestonePerStat)
		}
		sum += int(v)
	}
	if sum != table.MilestonePoints {
		return fmt.Errorf("level %d: %d points assigned; a milestone gives %d", lu.Level, sum, table.MilestonePoints)
	}
	lu.Gains = points
	lu.Gains[table.HP] += table.MilestoneHP
	return nil
}

func statList(ss []table.Stat) string {
	var out []string
	for _, s := range ss {
		out = append(out, s.String())
	}
	return strings.Join(out, " ")
}

// breakTies rerolls the group of equal result and growth that straddles
// the cut of five, until its members' rerolls differ; the highest goes first.
func breakTies(d Dice, e []Roll20, growths table.Stats) []Roll20 {
	cut := table.LevelUpEligible
	if len(e) <= cut {
		return e
	}
	same := func(a, b Roll20) bool { return a.Result == b.Result && growths[a.Stat] == growths[b.Stat] }
	lo, hi := cut-1, cut
	if !same(e[lo], e[hi]) {
		return e
	}
	for lo > 0 && same(e[lo-1], e[lo]) {
		lo--
	}
	for hi+1 < len(e) && same(e[hi+1], e[hi]) {
		hi++
	}
	group := e[lo : hi+1]
	for {
		seen := map[int]bool{}
		dup := false
		for i := range group {
			r := d.Roll(20)
			group[i].Rerolls = append(group[i].Rerolls, r)
			dup = dup || seen[r]
			seen[r] = true
		}
		if !dup {
			break
		}
	}
	last := func(r Roll20) int { return r.Rerolls[len(r.Rerolls)-1] }
	slices.SortStableFunc(group, func(a, b Roll20) int { return last(b) - last(a) })
	return e
}

// spread gives 2 points at a time, highest growth rate first, until 9 are
// spent.
func spread(growths table.Stats) table.Stats {
	order := make([]table.Stat, 0, table.NumStats)
	for s := range table.NumStats {
		order = append(order, s)
	}
	slices.SortStableFunc(order, func(a, b table.Stat) int { return int(growths[b]) - int(growths[a]) })
	var g table.Stats
	left := table.MilestonePoints
	for _, s := range order {
		n := min(table.MilestonePerStat, left)
		g[s] += int8(n)
		left -= n
		if left == 0 {
			break
		}
	}
	return g
}
