package battlecrest

import (
	"slices"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/battlecrest/table"
)

// Rule "Ability Keywords" (Force) with "Map Hazards": the forcing player
// moves the target, so they choose its way: an enemy is forced along the
// way with the most hazards (each space entered once), an ally along the
// fewest. From (1,1) to (3,1) in 3: down column 1 (no hazard) or by Hollow
// Oak's shortcut to (3,2), by Thorn Thicket's hazard, then west (1 hazard).
func TestRuleForceWayIsTheForcersChoice(t *testing.T) {
	force3 := table.Ability{Keyword: table.Force, Value: 3, Range: table.Long, Reach: 5, Targets: 1, Crest: table.NoCrest}

	g := game(t, rs, map[int]Pos{corvane: {2, 2}, hollis: {0, 0}, nettle: {4, 6}})
	set(g, corvane, "force Hollis Bramblecoat to (3,1)")
	g.force(0, corvane, force3)
	if g.W[hollis].Pos != (Pos{2, 0}) || g.Taken(1) != 1 {
		t.Errorf("enemy Hollis forced: at %s, took %d; want (3,1) and 1", g.W[hollis].Pos, g.Taken(1))
	}

	g = game(t, rs, map[int]Pos{hollis: {2, 2}, nettle: {0, 0}, corvane: {4, 6}})
	g.Active = 1
	set(g, hollis, "force Nettle to (3,1)")
	g.force(1, hollis, force3)
	if g.W[nettle].Pos != (Pos{2, 0}) || g.W[nettle].Wounded {
		t.Errorf("ally Nettle forced: at %s, wounded %v; want (3,1) and false", g.W[nettle].Pos, g.W[nettle].Wounded)
	}
}

// withStart returns rs with landmark id's START side effects replaced.
func withStart(id string, es ...table.Effect) *table.Ruleset {
	c := *rs
	c.Landmarks = slices.Clone(rs.Landmarks)
	for i := range c.Landmarks {
		if c.Landmarks[i].ID == id {
			c.Landmarks[i].Sides[0] = es
		}
	}
	return &c
}

// Rule "Map Bonuses" (force): the +1 movement of a force icon counts when
// choosing whom to force: Corvane, hemmed in at (1,1), cannot be shoved 1
// space but can be shoved 2 (through Nettle) with the icon.
func TestRuleForceBonusCountsForTargets(t *testing.T) {
	r := withStart("hollow-oak", table.Effect{Type: table.MapBonus, Edge: table.West, Bonus: []table.Bonus{table.ForceBonus}})
	g := game(t, r, map[int]Pos{hollis: {1, 0}, corvane: {0, 0}, nettle: {0, 1}})
	g.Active, g.used = 1, map[string]bool{}
	shove := rs.HeroSets[rs.HeroSetIndex("hollis")].HeroSpecial.Ability // force 1 medium
	if !g.usable(1, hollis, shove) {
		t.Fatalf("Shoulder Check should be usable")
	}
	set(g, hollis, "force Corvane", "force Corvane to (1,3)")
	g.force(1, hollis, shove)
	if g.W[corvane].Pos != (Pos{0, 2}) || !g.Lm[lm(g, "hollow-oak")].Flipped {
		t.Errorf("Corvane at %s, oak flipped %v; want (1,3) true", g.W[corvane].Pos, g.Lm[lm(g, "hollow-oak")].Flipped)
	}
}
