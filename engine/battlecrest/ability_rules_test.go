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
	g.use(0, corvane, force3)
	do(t, g, "force hollis-bramblecoat to a3")
	if g.W[hollis].Pos != (Pos{2, 0}) || g.Taken(1) != 1 {
		t.Errorf("enemy Hollis forced: at %s, took %d; want (3,1) and 1", g.W[hollis].Pos, g.Taken(1))
	}

	g = game(t, rs, map[int]Pos{hollis: {2, 2}, nettle: {0, 0}, corvane: {4, 6}})
	g.Active = 1
	g.use(1, hollis, force3)
	do(t, g, "force nettle to a3")
	if g.W[nettle].Pos != (Pos{2, 0}) || g.W[nettle].Wounded {
		t.Errorf("ally Nettle forced: at %s, wounded %v; want (3,1) and false", g.W[nettle].Pos, g.W[nettle].Wounded)
	}
}

// withSpecial returns rs with hero set id's hero (or minion) special
// replaced.
func withSpecial(id string, minion bool, sp table.Special) *table.Ruleset {
	c := *rs
	c.HeroSets = slices.Clone(rs.HeroSets)
	h := &c.HeroSets[c.HeroSetIndex(id)]
	if minion {
		h.MinionSpecial = sp
	} else {
		h.HeroSpecial = sp
	}
	return &c
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
	g.Active = 1
	shove := rs.HeroSets[rs.HeroSetIndex("hollis")].HeroSpecial.Ability // force 1 medium
	if !g.usable(1, hollis, shove) {
		t.Fatalf("Shoulder Check should be usable")
	}
	g.use(1, hollis, shove)
	do(t, g, "force corvane", "force corvane to c1")
	if g.W[corvane].Pos != (Pos{0, 2}) || !g.Lm[lm(g, "hollow-oak")].Flipped {
		t.Errorf("Corvane at %s, oak flipped %v; want (1,3) true", g.W[corvane].Pos, g.Lm[lm(g, "hollow-oak")].Flipped)
	}
}

// Rule "Ability Keywords": an Attack targets enemies only; a Force moves any
// other warrior, ally or enemy, never the forcing warrior itself.
func TestRuleAttackEnemiesForceAnyone(t *testing.T) {
	g := game(t, rs, map[int]Pos{hollis: {2, 2}, nettle: {2, 3}, corvane: {1, 2}})
	hit := table.Ability{Keyword: table.Attack, Value: 1, Range: table.Medium, Targets: 1, Crest: table.NoCrest}
	if got := g.targets(hollis, hit, 0, 0); !slices.Equal(got, []int{corvane}) {
		t.Errorf("attack targets: %v, want [%d] (Corvane only)", got, corvane)
	}
	shove := rs.HeroSets[rs.HeroSetIndex("hollis")].HeroSpecial.Ability // force 1 medium
	if got := g.targets(hollis, shove, 0, 0); !slices.Equal(got, []int{corvane, nettle}) {
		t.Errorf("force targets: %v, want [%d %d] (Corvane and Nettle)", got, corvane, nettle)
	}
}

// Rule "Card Abilities": a warrior card's ability is performed by that
// warrior (Nettle bites from her own space); rule "Star-Powered Abilities":
// landmark abilities only for heroes, 2 to the card's reach away.
func TestRuleWhoPerformsStars(t *testing.T) {
	// Nettle (with a star-powered bite for this test) beside Corvane, within
	// reach of Mirror Pool and Fox Burrow; Hollis by Thorn Thicket only,
	// with nothing in reach.
	bite := table.Special{Name: "Burrow Bite", Star: true, Ability: table.Ability{Keyword: table.Attack, Value: 1, Range: table.Short, Targets: 1, Crest: table.NoCrest}}
	g := game(t, withSpecial("hollis", true, bite), map[int]Pos{nettle: {2, 4}, corvane: {2, 3}, hollis: {4, 0}})
	g.Active = 1
	if got, want := starKeys(g, 1), []string{"p2:minion"}; !slices.Equal(got, want) {
		t.Errorf("stars with Nettle by Corvane: %v, want %v", got, want)
	}
	g.W[nettle].Pos, g.W[hollis].Pos = Pos{4, 0}, Pos{2, 4}
	if got, want := starKeys(g, 1), []string{"p2:hero", "landmark:mirror-pool", "landmark:fox-burrow"}; !slices.Equal(got, want) {
		t.Errorf("stars with Hollis by Corvane: %v, want %v", got, want)
	}
}

// Rule "Map Bonuses": a range icon helps long range abilities only, and a
// movement icon does not help Force; neither triggers (or flips) then.
func TestRuleBonusesThatDoNotApply(t *testing.T) {
	g := game(t, rs, map[int]Pos{corvane: {1, 4}, hollis: {0, 4}, nettle: {4, 6}})
	g.use(0, corvane, table.Ability{Keyword: table.Attack, Value: 1, Range: table.Medium, Targets: 1, Crest: table.NoCrest})
	do(t, g, "do not defend")
	if g.Lm[lm(g, "mirror-pool")].Flipped || g.Taken(1) != 1 {
		t.Errorf("medium attack by the range icon: pool flipped %v, Hollis took %d; want false 1", g.Lm[lm(g, "mirror-pool")].Flipped, g.Taken(1))
	}

	g = game(t, rs, map[int]Pos{hollis: {1, 2}, corvane: {0, 2}, nettle: {4, 6}})
	g.Active = 1
	pool := lm(g, "mirror-pool")
	g.Lm[pool].Flipped = true                                                    // flipped side: movement icon west, where Hollis stands
	g.use(1, hollis, rs.HeroSets[rs.HeroSetIndex("hollis")].HeroSpecial.Ability) // force 1 medium
	if got, want := legal(g), []string{"force corvane to b1", "force corvane to d1"}; !slices.Equal(got, want) {
		t.Errorf("force by a movement icon: %q, want %q", got, want)
	}
	do(t, g, "force corvane to b1")
	if !g.Lm[pool].Flipped || g.W[corvane].Pos != (Pos{0, 1}) {
		t.Errorf("pool flipped %v, Corvane at %s; want true (1,2)", g.Lm[pool].Flipped, g.W[corvane].Pos)
	}
}

// Rule "Setup": landmarks and action cards START side up, each landmark of
// the set in one L position, health cards at their start.
func TestRuleSetupStartSides(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		g, err := New(rs, 0, [2]int{rs.HeroSetIndex("corvane"), rs.HeroSetIndex("hollis")}, seed)
		if err != nil {
			t.Fatal(err)
		}
		var got []int16
		for _, l := range g.Lm {
			if l.Flipped || g.Map.At(int(l.Pos.R), int(l.Pos.C)) != table.LandmarkPos {
				t.Errorf("seed %d: landmark %d flipped %v at %s", seed, l.Landmark, l.Flipped, l.Pos)
			}
			got = append(got, l.Landmark)
		}
		slices.Sort(got)
		if want := slices.Sorted(slices.Values(g.Map.Landmarks)); !slices.Equal(got, want) {
			t.Errorf("seed %d: landmarks %v, want %v", seed, got, want)
		}
		for p := range 2 {
			if h := g.W[2*p]; h.Wounded || h.Health != g.P[p].Set.Health.HealthyStart || g.Taken(p) != 0 {
				t.Errorf("seed %d: hero %s health %d wounded %v", seed, h.Name, h.Health, h.Wounded)
			}
		}
	}
}
