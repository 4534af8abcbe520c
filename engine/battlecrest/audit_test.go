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

// Rule "Multiple Targets": up to the given number of warriors, each targeted
// once; map bonuses only for the first (none here).
func TestRuleEachTargetOnce(t *testing.T) {
	g := game(t, rs, map[int]Pos{corvane: {2, 6}, hollis: {0, 6}, nettle: {4, 5}})
	pol := g.Pol[0].(*picks)
	set(g, corvane, "attack Hollis", "also Nettle")
	set(g, hollis, "do not defend")
	volley := table.Ability{Keyword: table.Attack, Value: 1, Range: table.Long, Reach: 3, Targets: 2, Crest: table.NoCrest}
	g.attack(0, corvane, volley)
	if want := []string{"attack also Nettle", "no more targets"}; len(pol.seen) != 2 || !slices.Equal(pol.seen[1], want) {
		t.Fatalf("second target choice: %q, want %q", pol.seen, want)
	}
	// Hollis: 1, undefended. Nettle: 1 against its defense 1.
	if g.Taken(1) != 1 || g.W[nettle].Wounded {
		t.Errorf("Hollis took %d, Nettle wounded %v; want 1 false", g.Taken(1), g.W[nettle].Wounded)
	}
}

// Rule "Attack Resolution" (defense step): a hero may defend with an action
// card whose defense value is 0, exhausting it.
func TestRuleDefendWithZero(t *testing.T) {
	g := game(t, rs, map[int]Pos{hollis: {2, 2}, corvane: {2, 3}})
	g.Active = 1
	bow := card(g, 0, "corvane-longbow")
	for k := range g.P[0].Cards {
		g.P[0].Cards[k].Exhausted = k != bow
	}
	pol := g.Pol[0].(*picks)
	set(g, corvane, "defend with Longbow (0)")
	g.attack(1, hollis, table.Ability{Keyword: table.Attack, Value: 2, Range: table.Short, Targets: 1, Crest: table.NoCrest})
	if want := []string{"defend with Longbow (0)", "do not defend"}; len(pol.seen) != 1 || !slices.Equal(pol.seen[0], want) {
		t.Fatalf("defense choice: %q, want %q", pol.seen, want)
	}
	if !g.P[0].Cards[bow].Exhausted || g.Taken(0) != 2 {
		t.Errorf("Longbow exhausted %v, Corvane took %d; want true 2", g.P[0].Cards[bow].Exhausted, g.Taken(0))
	}
}

// Rule "Card Abilities": a warrior card's ability is performed by that
// warrior (Nettle bites from her own space); rule "Star-Powered Abilities":
// landmark abilities only for heroes, 2 to the card's reach away.
func TestRuleWhoPerformsStars(t *testing.T) {
	// Nettle beside Corvane, within reach of Mirror Pool and Fox Burrow;
	// Hollis by Thorn Thicket only, with nothing in reach.
	g := game(t, rs, map[int]Pos{nettle: {2, 4}, corvane: {2, 3}, hollis: {4, 0}})
	g.Active, g.used = 1, map[string]bool{}
	if got, want := starKeys(g, 1), []string{"minion"}; !slices.Equal(got, want) {
		t.Errorf("stars with Nettle by Corvane: %v, want %v", got, want)
	}
	g.W[nettle].Pos, g.W[hollis].Pos = Pos{4, 0}, Pos{2, 4}
	if got, want := starKeys(g, 1), []string{"hero", "landmark:mirror-pool", "landmark:fox-burrow"}; !slices.Equal(got, want) {
		t.Errorf("stars with Hollis by Corvane: %v, want %v", got, want)
	}
}

// Rule "Map Bonuses": a range icon helps long range abilities only, and a
// movement icon does not help Force; neither triggers (or flips) then.
func TestRuleBonusesThatDoNotApply(t *testing.T) {
	g := game(t, rs, map[int]Pos{corvane: {1, 4}, hollis: {0, 4}, nettle: {4, 6}})
	set(g, hollis, "do not defend")
	g.attack(0, corvane, table.Ability{Keyword: table.Attack, Value: 1, Range: table.Medium, Targets: 1, Crest: table.NoCrest})
	if g.Lm[lm(g, "mirror-pool")].Flipped || g.Taken(1) != 1 {
		t.Errorf("medium attack by the range icon: pool flipped %v, Hollis took %d; want false 1", g.Lm[lm(g, "mirror-pool")].Flipped, g.Taken(1))
	}

	g = game(t, rs, map[int]Pos{hollis: {1, 2}, corvane: {0, 2}, nettle: {4, 6}})
	g.Active = 1
	pool := lm(g, "mirror-pool")
	g.Lm[pool].Flipped = true // flipped side: movement icon west, where Hollis stands
	pol := g.Pol[1].(*picks)
	set(g, hollis, "force Corvane to (1,2)")
	g.force(1, hollis, rs.HeroSets[rs.HeroSetIndex("hollis")].HeroSpecial.Ability) // force 1 medium
	if want := []string{"force Corvane to (1,2)", "force Corvane to (1,4)"}; len(pol.seen) != 1 || !slices.Equal(pol.seen[0], want) {
		t.Errorf("force by a movement icon: %q, want %q", pol.seen, want)
	}
	if !g.Lm[pool].Flipped || g.W[corvane].Pos != (Pos{0, 1}) {
		t.Errorf("pool flipped %v, Corvane at %s; want true (1,2)", g.Lm[pool].Flipped, g.W[corvane].Pos)
	}
}

// Rule "Player Actions" (Activate): the card is exhausted, then its
// abilities resolve (its own crest primed: Hunting Knife 2 + 1 ember).
// Prime exhausts a card without its abilities.
func TestRuleActivateAndPrime(t *testing.T) {
	g := game(t, rs, map[int]Pos{corvane: {2, 3}, hollis: {2, 4}})
	knife := card(g, 0, "corvane-knife")
	set(g, corvane, "activate Hunting Knife")
	set(g, hollis, "do not defend")
	g.playerAction()
	if !g.P[0].Cards[knife].Exhausted || g.Taken(1) != 3 || !g.W[hollis].Wounded {
		t.Errorf("Knife exhausted %v, Hollis took %d wounded %v; want true 3 true", g.P[0].Cards[knife].Exhausted, g.Taken(1), g.W[hollis].Wounded)
	}

	g = game(t, rs, map[int]Pos{corvane: {2, 3}, hollis: {2, 4}})
	set(g, corvane, "prime Hunting Knife")
	g.playerAction()
	if !g.P[0].Cards[knife].Exhausted || g.Taken(1) != 0 || g.Crests(0, g.side(g.P[0].Cards[knife]).Crest) != 1 {
		t.Errorf("after prime: Knife exhausted %v, Hollis took %d; want true 0 and its crest primed", g.P[0].Cards[knife].Exhausted, g.Taken(1))
	}
}

// Rule "Player Actions" (Move): one Move action moves one or more of the
// player's warriors, one after the other, each up to its movement value.
func TestRuleMoveSeveralWarriors(t *testing.T) {
	g := game(t, rs, map[int]Pos{hollis: {0, 0}, nettle: {0, 1}, corvane: {4, 6}})
	g.Active, g.used = 1, map[string]bool{}
	set(g, hollis, "move Hollis Bramblecoat to (3,1)", "move Nettle to (1,3)")
	g.playerAction()
	if g.W[hollis].Pos != (Pos{2, 0}) || g.W[nettle].Pos != (Pos{0, 2}) || !slices.Equal(g.doneTypes, []string{ActMove}) {
		t.Errorf("Hollis at %s, Nettle at %s, actions %v; want (3,1) (1,3) [move]", g.W[hollis].Pos, g.W[nettle].Pos, g.doneTypes)
	}
}

// Rule "Gameplay": each player action must change the game: no Refocus
// without an exhausted card, no Activate of a card whose abilities have
// nothing to do (Longbow with no enemy 2 to 4 away).
func TestRuleActionsMustChangeTheGame(t *testing.T) {
	g := game(t, rs, map[int]Pos{corvane: {2, 3}, hollis: {2, 4}, nettle: {4, 6}})
	var labels []string
	for _, o := range g.options() {
		labels = append(labels, g.label(o))
	}
	for _, bad := range []string{"refocus", "activate Longbow"} {
		if slices.Contains(labels, bad) {
			t.Errorf("%q offered: %q", bad, labels)
		}
	}
	for _, good := range []string{"activate Hunting Knife", "prime Longbow"} {
		if !slices.Contains(labels, good) {
			t.Errorf("%q not offered: %q", good, labels)
		}
	}
}

// Rule "Setup": landmarks and action cards START side up, each landmark of
// the set in one L position, health cards at their start.
func TestRuleSetupStartSides(t *testing.T) {
	for seed := int64(1); seed <= 10; seed++ {
		g, err := New(rs, 0, [2]int{rs.HeroSetIndex("corvane"), rs.HeroSetIndex("hollis")}, [2]string{"A", "B"}, [2]Policy{Random{}, Random{}}, seed, nil)
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
