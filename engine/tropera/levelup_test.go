package tropera_test

import (
	"slices"
	"strings"
	"testing"

	. "github.com/roundtable-dev/roundtable/engine/tropera"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

var lynGrowths = table.Stats{3, 2, 0, 3, 3, 2, 1, 1} // hp str mag skl spd lck def res

// Rule: "the GM rolls a d20 for each stat, and add the character's growth
// rates to the results. Of the 5 highest results, the player chooses 4 to
// increase by 1 point. In the event of a tie, the roll with the higher
// growth rate is selected. ... A natural 20 grants a free point in the
// corresponding stat and does not count as one of the 5 eligible stats
// for increase, while a natural 1 renders the stat ineligible".
func TestLevelUpRolls(t *testing.T) {
	// hp 20 (natural), str 1 (natural), mag 10, skl 12+3, spd 9+3, lck 13+2, def 11+1, res 5+1.
	d := dice(t, 20, 20, 1, 10, 12, 9, 13, 11, 5)
	lu, _ := Level(d, lynGrowths, 1, nil, nil)
	d.done()
	if lu.Level != 2 {
		t.Errorf("level %d, want 2", lu.Level)
	}
	// skl 15 (growth 3) before lck 15 (growth 2); spd 12 (3) before def 12 (1).
	want := []table.Stat{table.Skl, table.Lck, table.Spd, table.Def, table.Mag}
	if !slices.Equal(lu.Eligible, want) {
		t.Errorf("eligible %v, want %v", lu.Eligible, want)
	}
	if !slices.Equal(lu.Natural, []table.Stat{table.HP}) {
		t.Errorf("natural 20s %v, want [hp]", lu.Natural)
	}
	if lu.Gains != (table.Stats{1, 0, 0, 1, 1, 1, 1, 0}) {
		t.Errorf("gains %v, want hp skl spd lck def +1", lu.Gains)
	}
	// The player chooses which 4 of the 5: here mag over def.
	d = dice(t, 20, 20, 1, 10, 12, 9, 13, 11, 5)
	lu, _ = Level(d, lynGrowths, 1, func(e []table.Stat) []table.Stat { return []table.Stat{e[0], e[1], e[2], e[4]} }, nil)
	if lu.Gains != (table.Stats{1, 0, 1, 1, 1, 1, 0, 0}) {
		t.Errorf("chosen gains %v", lu.Gains)
	}
}

// Rule: "If two or more tied rolls have the same growth rate, they are
// rerolled and the highest result wins."
func TestLevelUpTieReroll(t *testing.T) {
	g := table.Stats{1, 1, 1, 1, 1, 1, 1, 1}
	// spd and lck tie at 11 with growth 1 across the cut of five; their
	// rerolls tie at 7, then lck's 9 beats spd's 4.
	d := dice(t, 20, 15, 14, 13, 12, 10, 10, 3, 2 /* rerolls: */, 7, 7, 4, 9)
	lu, _ := Level(d, g, 2, nil, nil)
	d.done()
	want := []table.Stat{table.HP, table.Str, table.Mag, table.Skl, table.Lck}
	if !slices.Equal(lu.Eligible, want) {
		t.Errorf("eligible %v, want %v", lu.Eligible, want)
	}
	if lu.Gains[table.Lck] != 0 || lu.Gains[table.Skl] != 1 || lu.Gains[table.Spd] != 0 {
		t.Errorf("gains %v: the fifth (lck) is not chosen by default", lu.Gains)
	}
	// Fewer than five eligible: natural 1s on four stats leave four, all raised.
	d = dice(t, 20, 1, 1, 1, 1, 5, 6, 7, 8)
	lu, _ = Level(d, g, 2, nil, nil)
	if len(lu.Eligible) != 4 || lu.Gains != (table.Stats{0, 0, 0, 0, 1, 1, 1, 1}) {
		t.Errorf("eligible %v gains %v", lu.Eligible, lu.Gains)
	}
}

// Rule: "At levels 8 and 16, players have 9 points to freely assign to
// their stats without rolling (maximum of 2 per stat), and gain 2
// additional hit points."
func TestLevelUpMilestone(t *testing.T) {
	d := dice(t, 20)
	lu, _ := Level(d, lynGrowths, 7, nil, nil)
	d.done()
	// By growth: hp, skl, spd (3), str, lck (2) → 2, 2, 2, 2, 1; HP +2.
	if lu.Level != 8 || len(lu.Rolls) != 0 || lu.Gains != (table.Stats{4, 2, 0, 2, 2, 1, 0, 0}) {
		t.Errorf("level 8: %+v", lu)
	}
	lu, _ = Level(d, lynGrowths, 15, nil, func(table.Stats) table.Stats { return table.Stats{0, 2, 2, 2, 2, 1} })
	if lu.Level != 16 || lu.Gains != (table.Stats{2, 2, 2, 2, 2, 1, 0, 0}) {
		t.Errorf("level 16 with the player's spread: %v", lu.Gains)
	}
}

// The seeded source replays: the same seed, the same level-ups.
func TestSeededReplays(t *testing.T) {
	a, b := NewSeeded(7), NewSeeded(7)
	for l := 1; l < 20; l++ {
		x, err1 := Level(a, lynGrowths, l, nil, nil)
		y, err2 := Level(b, lynGrowths, l, nil, nil)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if x.Gains != y.Gains {
			t.Fatalf("level %d: %v vs %v", l+1, x.Gains, y.Gains)
		}
		total := 0
		for _, g := range x.Gains {
			total += int(g)
		}
		if table.Milestone(l+1) && total != 11 || !table.Milestone(l+1) && total > 8 {
			t.Errorf("level %d gave %d points", l+1, total)
		}
	}
}

// Rule: "Of the 5 highest results, the player chooses 4 to increase by 1
// point" and "9 points to freely assign ... (maximum of 2 per stat)": the
// procedure refuses any other choice from its caller, and gains nothing.
func TestLevelUpRefusesIllegalChoices(t *testing.T) {
	roll := func() LevelUp {
		// Lyn at level 1 rolls hp 2, str 15, mag 17, skl 18, spd 16, lck 8, def 3, res 14
		// (+ growths): the five best are skl 21, spd 19, str 17 and mag 17 (the
		// tie to the higher growth rate), res 15.
		return RollLevel(dice(t, 20, 2, 15, 17, 18, 16, 8, 3, 14), lynGrowths, 1)
	}
	for _, c := range []struct {
		name   string
		chosen []table.Stat
		want   string
	}{
		{"three of four", []table.Stat{table.Skl, table.Mag, table.Spd}, "choose 4 of skl spd str mag res, not 3"},
		{"five", []table.Stat{table.Skl, table.Mag, table.Spd, table.Str, table.Res}, "choose 4 of skl spd str mag res, not 5"},
		{"a stat outside the five", []table.Stat{table.Skl, table.Mag, table.Spd, table.Lck}, "lck is not among the five best (skl spd str mag res)"},
		{"one stat twice", []table.Stat{table.Skl, table.Skl, table.Spd, table.Str}, "skl is chosen twice"},
	} {
		lu := roll()
		err := lu.Choose(c.chosen)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
		if lu.Gains != (table.Stats{}) || lu.Chosen != nil {
			t.Errorf("%s: a refused choice gained %v", c.name, lu.Gains)
		}
	}
	lu := roll()
	if err := lu.Choose([]table.Stat{table.Res, table.Skl, table.Str, table.Spd}); err != nil {
		t.Fatalf("a legal choice: %v", err)
	}
	if want := (table.Stats{0, 1, 0, 1, 1, 0, 0, 1}); lu.Gains != want {
		t.Errorf("gains %v, want %v", lu.Gains, want)
	}
	if err := lu.Choose([]table.Stat{table.Res, table.Skl, table.Str, table.Spd}); err == nil {
		t.Error("choosing twice was allowed")
	}
	for _, c := range []struct {
		name   string
		points table.Stats
		want   string
	}{
		{"ten points", table.Stats{2, 2, 2, 2, 2}, "10 points assigned; a milestone gives 9"},
		{"eight points", table.Stats{2, 2, 2, 2}, "8 points assigned; a milestone gives 9"},
		{"three in a stat", table.Stats{3, 2, 2, 2}, "3 points to hp; each stat takes 0 to 2"},
		{"a negative stat", table.Stats{2, 2, 2, 2, 2, -1}, "-1 points to lck"},
	} {
		m := RollLevel(NewSeeded(1), lynGrowths, 7)
		if err := m.Allocate(c.points); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
		if m.Gains != (table.Stats{}) {
			t.Errorf("%s: a refused allocation gained %v", c.name, m.Gains)
		}
	}
	m := RollLevel(NewSeeded(1), lynGrowths, 7)
	if err := m.Allocate(table.Stats{1, 2, 0, 2, 2, 2}); err != nil {
		t.Fatal(err)
	}
	if want := (table.Stats{3, 2, 0, 2, 2, 2}); m.Gains != want {
		t.Errorf("milestone gains %v, want %v (2 HP more)", m.Gains, want)
	}
	// Level reports a caller's bad choice and gains nothing.
	if lu, err := Level(dice(t, 20, 2, 15, 17, 18, 16, 8, 3, 14), lynGrowths, 1, func(e []table.Stat) []table.Stat { return e }, nil); err == nil || lu.Gains != (table.Stats{}) {
		t.Errorf("Level with five chosen: %v, gains %v", err, lu.Gains)
	}
}
