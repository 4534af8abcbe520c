package battlecrest

import (
	"slices"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/battlecrest/table"
	generated "github.com/roundtable-dev/roundtable/generated/battlecrest"
)

var rs = generated.Ruleset

// Warriors of the test games: Corvane (no minion) against Hollis and Nettle.
const (
	corvane = 0
	hollis  = 2
	nettle  = 3
)

// picks is a policy that takes, in turn, the first option containing each
// of its strings.
type picks struct {
	t    *testing.T
	want []string
	seen [][]string
}

func (p *picks) Choose(_ *Game, _ int, what string, labels []string) int {
	p.seen = append(p.seen, labels)
	if len(p.want) == 0 {
		p.t.Fatalf("unexpected %s choice among %q", what, labels)
	}
	w := p.want[0]
	p.want = p.want[1:]
	for i, l := range labels {
		if strings.Contains(l, w) {
			return i
		}
	}
	p.t.Fatalf("%s: no option %q among %q", what, w, labels)
	return 0
}

// standard is the test placement of Thornmere's landmarks, by row.
var standard = []string{"hollow-oak", "mirror-pool", "standing-stones", "thorn-thicket", "fox-burrow", "old-watchtower"}

// game sets up Corvane (P0, active) against Hollis and Nettle with the
// landmarks placed as standard (their START sides up) and the warriors
// put where each test says.
func game(t *testing.T, ruleset *table.Ruleset, pos map[int]Pos) *Game {
	t.Helper()
	g, err := New(ruleset, 0, [2]int{ruleset.HeroSetIndex("corvane"), ruleset.HeroSetIndex("hollis")}, [2]string{"A", "B"}, [2]Policy{&picks{t: t}, &picks{t: t}}, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	spots := []Pos{{1, 1}, {1, 3}, {1, 5}, {3, 1}, {3, 3}, {3, 5}}
	for i, id := range standard {
		for k := range ruleset.Landmarks {
			if ruleset.Landmarks[k].ID == id {
				g.Lm[i] = Placed{Landmark: int16(k), Pos: spots[i]}
			}
		}
	}
	g.Active = 0
	far := []Pos{{4, 0}, {4, 2}, {0, 6}, {0, 4}}
	for i := range g.W {
		if g.W[i].Alive {
			g.W[i].Pos = far[i]
		}
	}
	for wi, p := range pos {
		g.W[wi].Pos = p
	}
	return g
}

func set(g *Game, wi int, want ...string) { g.Pol[g.W[wi].Player].(*picks).want = want }

func card(g *Game, p int, id string) int {
	for k, c := range g.P[p].Cards {
		if g.RS.Actions[c.Action].ID == id {
			return k
		}
	}
	panic("no card " + id)
}

func lm(g *Game, id string) int {
	for i, l := range g.Lm {
		if g.RS.Landmarks[l.Landmark].ID == id {
			return i
		}
	}
	panic("no landmark " + id)
}

func keys(m map[Pos]int) []Pos {
	var out []Pos
	for p := range m {
		out = append(out, p)
	}
	slices.SortFunc(out, func(a, b Pos) int { return int(a.R)*16 + int(a.C) - int(b.R)*16 - int(b.C) })
	return out
}

// plain is the ruleset with every map effect removed.
func plain() *table.Ruleset {
	c := *rs
	c.Landmarks = slices.Clone(rs.Landmarks)
	for i := range c.Landmarks {
		c.Landmarks[i].Sides = [2][]table.Effect{}
	}
	return &c
}

// Rule "Health and Damage" (heroes): damage slides the health card right; at
// the flip icon it turns to its wounded side and the rest of the damage
// carries on; at the skull the hero is defeated and its opponent wins.
func TestRuleHeroDamageFlipsAndCarries(t *testing.T) {
	g := game(t, rs, nil)
	g.Damage(corvane, 3, "test") // healthy 0 -> 3, flip at 4
	if w := g.W[corvane]; w.Health != 3 || w.Wounded || g.Taken(0) != 3 {
		t.Fatalf("after 3: health %d wounded %v taken %d; want 3 false 3", w.Health, w.Wounded, g.Taken(0))
	}
	g.Damage(corvane, 3, "test") // 1 reaches the flip, 2 carry from wounded start 1
	if w := g.W[corvane]; w.Health != 3 || !w.Wounded || g.Taken(0) != 6 {
		t.Fatalf("after 6: health %d wounded %v taken %d; want 3 true 6", w.Health, w.Wounded, g.Taken(0))
	}
	g.Damage(corvane, 2, "test") // reaches the skull at 5
	if !g.Over || g.Winner != 1 || g.Reason != "Corvane defeated" {
		t.Fatalf("over %v winner %d reason %q; want true 1 %q", g.Over, g.Winner, g.Reason, "Corvane defeated")
	}
}

// Rule "Health and Damage" (minions): any damage wounds a healthy minion and
// stops; any damage removes a wounded one.
func TestRuleMinionDamage(t *testing.T) {
	g := game(t, rs, nil)
	g.Damage(nettle, 3, "test")
	if w := g.W[nettle]; !w.Alive || !w.Wounded {
		t.Fatalf("after 3 damage: alive %v wounded %v; want true true", w.Alive, w.Wounded)
	}
	g.Damage(nettle, 1, "test")
	if g.W[nettle].Alive || g.Over {
		t.Fatalf("after 1 more: alive %v over %v; want false false", g.W[nettle].Alive, g.Over)
	}
}

// Rule "Ability Targeting": short is exactly 1 space orthogonally, medium is
// adjacent (diagonals too), long N is 2 to N spaces counted orthogonally.
func TestRuleRanges(t *testing.T) {
	o := Pos{2, 2}
	cases := []struct {
		r     table.Range
		reach int
		to    Pos
		want  bool
	}{
		{table.Short, 0, Pos{2, 3}, true},
		{table.Short, 0, Pos{3, 3}, false},
		{table.Medium, 0, Pos{3, 3}, true},
		{table.Medium, 0, Pos{2, 4}, false},
		{table.Long, 4, Pos{2, 3}, false},
		{table.Long, 4, Pos{3, 3}, true},
		{table.Long, 4, Pos{4, 4}, true},
		{table.Long, 4, Pos{4, 5}, false},
	}
	for _, c := range cases {
		if got := InRange(c.r, c.reach, o, c.to); got != c.want {
			t.Errorf("%s %d from %s to %s: %v, want %v", table.RangeNames[c.r], c.reach, o, c.to, got, c.want)
		}
	}
}

// Rule "Move": a hero's movement value is the sum over its active action
// cards; a minion's is on its card (healthy 2, wounded 1 for Nettle).
func TestRuleMovementValues(t *testing.T) {
	g := game(t, rs, nil)
	if got := g.Movement(corvane); got != 5 { // 1 + 2 + 1 + 1
		t.Errorf("Corvane: %d, want 5", got)
	}
	g.P[0].Cards[card(g, 0, "corvane-stride")].Exhausted = true
	if got := g.Movement(corvane); got != 3 {
		t.Errorf("Corvane with Fleet Stride exhausted: %d, want 3", got)
	}
	if got := g.Movement(nettle); got != 2 {
		t.Errorf("healthy Nettle: %d, want 2", got)
	}
	g.Damage(nettle, 1, "test")
	if got := g.Movement(nettle); got != 1 {
		t.Errorf("wounded Nettle: %d, want 1", got)
	}
}

// Rule "Movement Details": warriors move orthogonally, through allies but not
// enemies, never through landmarks, and end on an empty space; Force moves
// its target through any warrior.
func TestRuleMovementThroughAlliesNotEnemies(t *testing.T) {
	g := game(t, plain(), map[int]Pos{hollis: {2, 0}, nettle: {2, 1}, corvane: {4, 6}})
	want := []Pos{{0, 0}, {1, 0}, {2, 2}, {3, 0}, {4, 0}}
	if got := keys(g.Reach(hollis, 2, false)); !slices.Equal(got, want) {
		t.Errorf("Hollis past his ally Nettle: %v, want %v", got, want)
	}
	g.W[nettle].Pos, g.W[corvane].Pos = Pos{4, 6}, Pos{2, 1}
	want = []Pos{{0, 0}, {1, 0}, {3, 0}, {4, 0}}
	if got := keys(g.Reach(hollis, 2, false)); !slices.Equal(got, want) {
		t.Errorf("Hollis blocked by Corvane: %v, want %v", got, want)
	}
	want = []Pos{{0, 0}, {1, 0}, {2, 2}, {3, 0}, {4, 0}}
	if got := keys(g.Reach(hollis, 2, true)); !slices.Equal(got, want) {
		t.Errorf("Hollis forced through Corvane: %v, want %v", got, want)
	}
}

// Rule "Map Shortcuts": touching a shortcut icon side-to-side, a warrior may
// move to the space across the card its arrow shows, as one move; not back.
func TestRuleShortcut(t *testing.T) {
	g := game(t, rs, map[int]Pos{nettle: {0, 1}})
	want := []Pos{{0, 0}, {0, 2}, {2, 1}} // Hollow Oak: north -> south
	if got := keys(g.Reach(nettle, 1, false)); !slices.Equal(got, want) {
		t.Errorf("from the north of Hollow Oak: %v, want %v", got, want)
	}
	g.W[nettle].Pos = Pos{2, 1}
	want = []Pos{{2, 0}, {2, 2}}
	if got := keys(g.Reach(nettle, 1, false)); !slices.Equal(got, want) {
		t.Errorf("from the south of Hollow Oak: %v, want %v", got, want)
	}
}

// Rule "Map Hazards": entering a space touching an active hazard deals 1
// damage; a move takes the way with the fewest hazards.
func TestRuleHazardOnEntering(t *testing.T) {
	g := game(t, rs, map[int]Pos{hollis: {2, 0}})
	if got := g.Reach(hollis, 2, false)[Pos{2, 2}]; got != 1 {
		t.Errorf("hazards on the way (2,0)->(2,2) in 2: %d, want 1 (Thorn Thicket's north)", got)
	}
	if got := g.Reach(hollis, 6, false)[Pos{2, 2}]; got != 0 {
		t.Errorf("hazards on the way in 6: %d, want 0 (round by the shortcut row)", got)
	}
	g.move(hollis, Pos{2, 2}) // movement 4: the hazard cannot be avoided
	if g.W[hollis].Pos != (Pos{2, 2}) || g.Taken(1) != 1 {
		t.Errorf("after the move: at %s, taken %d; want (3,3) and 1", g.W[hollis].Pos, g.Taken(1))
	}
}

// Rule "Map Hazards": a warrior touching an inactive hazard that becomes
// active takes 1 damage.
func TestRuleHazardBecomesActive(t *testing.T) {
	g := game(t, rs, map[int]Pos{corvane: {1, 4}, hollis: {1, 2}})
	pool := lm(g, "mirror-pool")
	g.Flip(pool) // flipped side: hazard east, where Corvane stands
	if g.Taken(0) != 1 || g.Taken(1) != 0 {
		t.Fatalf("after flipping Mirror Pool: taken %d/%d, want 1/0", g.Taken(0), g.Taken(1))
	}
	g.Flip(pool) // START side: no hazard
	g.Flip(pool)
	if g.Taken(0) != 2 {
		t.Errorf("after flipping it back and again: taken %d, want 2", g.Taken(0))
	}
}

// Rule "Map Bonuses": an attacker touching attack icons gains +1 each, icons
// of several landmarks stack, and each such card flips.
func TestRuleAttackBonusesStackAndFlip(t *testing.T) {
	g := game(t, rs, map[int]Pos{corvane: {2, 5}, hollis: {2, 4}})
	set(g, hollis, "do not defend")
	g.attack(0, corvane, table.Ability{Keyword: table.Attack, Value: 2, Range: table.Short, Targets: 1, Crest: table.NoCrest})
	if got := g.Taken(1); got != 4 { // 2 + Standing Stones 1 + Old Watchtower 1
		t.Errorf("Hollis took %d, want 4", got)
	}
	if !g.Lm[lm(g, "standing-stones")].Flipped || !g.Lm[lm(g, "old-watchtower")].Flipped {
		t.Errorf("both bonus cards should have flipped")
	}
}

// Rule "Map Bonuses" (long range): +1 range for a long range ability; the
// bonus applies to the first target only (rule "Multiple Targets").
func TestRuleRangeBonusFirstTargetOnly(t *testing.T) {
	g := game(t, rs, map[int]Pos{corvane: {2, 5}, nettle: {4, 5}, hollis: {2, 2}})
	set(g, corvane, "attack Nettle", "also Hollis")
	set(g, hollis, "do not defend")
	volley := table.Ability{Keyword: table.Attack, Value: 1, Range: table.Long, Reach: 3, Targets: 2, Crest: table.NoCrest}
	g.attack(0, corvane, volley)
	// Nettle: 1 + 2 attack icons = 3 against defense 1: wounded. Hollis: 1.
	if !g.W[nettle].Wounded || g.Taken(1) != 1 {
		t.Errorf("Nettle wounded %v, Hollis took %d; want true, 1", g.W[nettle].Wounded, g.Taken(1))
	}
	g = game(t, rs, map[int]Pos{corvane: {2, 5}, hollis: {0, 2}})
	longbow := table.Ability{Keyword: table.Attack, Value: 2, Range: table.Long, Reach: 4, Targets: 1, Crest: table.NoCrest}
	if !slices.Contains(g.targets(corvane, longbow, 4+g.bonusPeek(corvane, table.RangeBonus), 0), hollis) {
		t.Errorf("Hollis 5 spaces away should be in range 4 + 1")
	}
	g.W[corvane].Pos = Pos{2, 3}
	g.W[hollis].Pos = Pos{0, 0}
	if slices.Contains(g.targets(corvane, longbow, 4+g.bonusPeek(corvane, table.RangeBonus), 0), hollis) {
		t.Errorf("Hollis 5 spaces away without a range icon should be out of range 4")
	}
}

// Rule "Attack Resolution" (defense step): a hero may exhaust one active
// action card and defend with its defense value plus crest bonus.
func TestRuleHeroDefendsWithACard(t *testing.T) {
	g := game(t, rs, map[int]Pos{corvane: {2, 0}, hollis: {1, 0}})
	g.P[1].Cards[card(g, 1, "hollis-maul")].Exhausted = true // primes a thorn crest
	set(g, hollis, "defend with Oak Shield (3)")
	g.attack(0, corvane, table.Ability{Keyword: table.Attack, Value: 4, Range: table.Short, Targets: 1, Crest: table.NoCrest})
	if got := g.Taken(1); got != 1 { // 4 - (2 + 1 thorn)
		t.Errorf("Hollis took %d, want 1", got)
	}
	if !g.P[1].Cards[card(g, 1, "hollis-shield")].Exhausted {
		t.Errorf("Oak Shield should be exhausted")
	}
}

// Rule "Attack Resolution": a minion always defends with its card's defense
// plus map bonuses (a defense icon flips its card).
func TestRuleMinionDefends(t *testing.T) {
	g := game(t, rs, map[int]Pos{corvane: {2, 0}, nettle: {1, 0}})
	oak := lm(g, "hollow-oak")
	g.Lm[oak].Flipped = true // flipped side: defense icon west, where Nettle stands
	hit := table.Ability{Keyword: table.Attack, Value: 2, Range: table.Short, Targets: 1, Crest: table.NoCrest}
	g.attack(0, corvane, hit) // 2 against 1 + 1
	if g.W[nettle].Wounded || g.Lm[oak].Flipped {
		t.Fatalf("Nettle wounded %v, oak flipped %v; want false false", g.W[nettle].Wounded, g.Lm[oak].Flipped)
	}
	g.attack(0, corvane, hit) // 2 against 1
	if !g.W[nettle].Wounded {
		t.Fatalf("Nettle should be wounded")
	}
	g.attack(0, corvane, hit) // 2 against 0
	if g.W[nettle].Alive {
		t.Errorf("Nettle should be removed")
	}
}

// Rule "Crests and Crest Bonuses": +1 per primed crest of the type: on
// exhausted action cards and the wounded health card.
func TestRuleCrestCount(t *testing.T) {
	g := game(t, rs, nil)
	gale, ember := int16(-1), int16(-1)
	for i, c := range rs.Crests {
		switch c.ID {
		case "gale":
			gale = int16(i)
		case "ember":
			ember = int16(i)
		}
	}
	g.P[0].Cards[card(g, 0, "corvane-longbow")].Exhausted = true
	g.P[0].Cards[card(g, 0, "corvane-cloak")].Exhausted = true
	if g.Crests(0, gale) != 2 || g.Crests(0, ember) != 0 {
		t.Fatalf("gale %d ember %d, want 2 0", g.Crests(0, gale), g.Crests(0, ember))
	}
	g.Damage(corvane, 4, "test") // wounded side: ember crest
	if g.Crests(0, ember) != 1 {
		t.Errorf("wounded: ember %d, want 1", g.Crests(0, ember))
	}
}

// Rule "Refocus": each exhausted action card flips to its other side and
// becomes active; active cards stay as they are.
func TestRuleRefocus(t *testing.T) {
	g := game(t, rs, nil)
	bow, knife, stride := card(g, 0, "corvane-longbow"), card(g, 0, "corvane-knife"), card(g, 0, "corvane-stride")
	g.P[0].Cards[bow].Exhausted = true
	g.P[0].Cards[knife].Exhausted = true
	set(g, corvane, "refocus")
	g.playerAction()
	for _, k := range []int{bow, knife} {
		if c := g.P[0].Cards[k]; c.Side != 1 || c.Exhausted {
			t.Errorf("card %d: side %d exhausted %v, want 1 false", k, c.Side, c.Exhausted)
		}
	}
	if c := g.P[0].Cards[stride]; c.Side != 0 || c.Exhausted {
		t.Errorf("Fleet Stride changed: side %d exhausted %v", c.Side, c.Exhausted)
	}
}

// Rule "Gameplay": a turn is two different player actions; then the other
// player is active.
func TestRuleTwoDifferentActions(t *testing.T) {
	g := game(t, rs, nil)
	pol := g.Pol[0].(*picks)
	pol.want = []string{"prime Longbow", "refocus"}
	g.PlayTurn()
	for _, l := range pol.seen[1] {
		if strings.HasPrefix(l, "prime ") {
			t.Errorf("second action offers %q after a prime", l)
		}
	}
	if g.Active != 1 || g.Turn != 1 {
		t.Errorf("active %d turn %d, want 1 1", g.Active, g.Turn)
	}
}

// Rule "Multiple-Ability Cards": resolve both, or skip one, never both; an
// ability with nothing to do cannot be chosen alone (after a first ability
// it may have become possible, so "both" stays on offer).
func TestRuleSkipOneAbility(t *testing.T) {
	g := game(t, rs, map[int]Pos{corvane: {2, 3}, hollis: {2, 4}})
	k := card(g, 0, "corvane-stride")
	g.P[0].Cards[k].Side = 1 // Tumble: march 1, attack 1 short
	if got := g.plans(0, k); !slices.EqualFunc(got, [][]int{{0, 1}, {0}, {1}}, slices.Equal) {
		t.Errorf("enemy beside: %v, want [[0 1] [0] [1]]", got)
	}
	g.W[hollis].Pos = Pos{0, 0}
	if got := g.plans(0, k); !slices.EqualFunc(got, [][]int{{0, 1}, {0}}, slices.Equal) {
		t.Errorf("no enemy beside: %v, want [[0 1] [0]]", got)
	}
}

func starKeys(g *Game, p int) []string {
	var out []string
	for _, s := range g.stars(p) {
		out = append(out, s.key)
	}
	return out
}

// Rule "Star-Powered Abilities": each unique star-powered ability once a turn.
func TestRuleStarOncePerTurn(t *testing.T) {
	g := game(t, rs, map[int]Pos{hollis: {2, 2}, corvane: {2, 3}, nettle: {4, 6}})
	g.Active, g.used = 1, map[string]bool{}
	want := []string{"hero", "landmark:mirror-pool", "landmark:thorn-thicket", "landmark:fox-burrow"}
	if got := starKeys(g, 1); !slices.Equal(got, want) {
		t.Fatalf("stars: %v, want %v", got, want)
	}
	set(g, hollis, "Shoulder Check", "force Corvane to")
	g.star(1)
	if got := starKeys(g, 1); slices.Contains(got, "hero") {
		t.Errorf("Shoulder Check offered twice in a turn: %v", got)
	}
}

// Rule "Star-Powered Abilities": landmark abilities are for heroes within
// long range of the card: 2 to its number of spaces, not touching it.
func TestRuleLandmarkAbilityRange(t *testing.T) {
	g := game(t, rs, map[int]Pos{hollis: {0, 1}, corvane: {0, 2}, nettle: {4, 6}})
	g.Active, g.used = 1, map[string]bool{}
	want := []string{"hero", "landmark:mirror-pool", "landmark:thorn-thicket"}
	if got := starKeys(g, 1); !slices.Equal(got, want) {
		t.Errorf("stars from (1,2): %v, want %v (Hollow Oak is 1 away, Standing Stones 5 > 4)", got, want)
	}
}

// Rule "Map Bonuses" (movement): a Move starting by a movement icon gains
// +1, and the card flips before the move resolves.
func TestRuleMovementBonus(t *testing.T) {
	g := game(t, rs, map[int]Pos{hollis: {1, 2}, corvane: {4, 0}, nettle: {0, 6}})
	pool := lm(g, "mirror-pool")
	g.Lm[pool].Flipped = true // flipped side: movement icon west
	if _, ok := g.Reach(hollis, 4, false)[Pos{2, 6}]; ok {
		t.Fatalf("(3,7) should be 5 moves away")
	}
	if !slices.Contains(g.moveDests(hollis), Pos{2, 6}) {
		t.Fatalf("with the movement icon (3,7) should be a destination")
	}
	g.move(hollis, Pos{2, 6})
	if g.W[hollis].Pos != (Pos{2, 6}) || g.Lm[pool].Flipped {
		t.Errorf("at %s, pool flipped %v; want (3,7) false", g.W[hollis].Pos, g.Lm[pool].Flipped)
	}
}

// Rule "Warrior Placement": the first player's hero starts by the
// higher-numbered landmark, each minion beside its hero; cards START side up.
func TestRuleWarriorPlacement(t *testing.T) {
	for seed := int64(1); seed <= 20; seed++ {
		g, err := New(rs, 0, [2]int{rs.HeroSetIndex("hollis"), rs.HeroSetIndex("corvane")}, [2]string{"A", "B"}, [2]Policy{Random{}, Random{}}, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		num := func(h Pos) int8 {
			for _, l := range g.Lm {
				if Adjacent(h, l.Pos) {
					return rs.Landmarks[l.Landmark].Number
				}
			}
			return 0
		}
		first, second := g.W[2*g.Active].Pos, g.W[2*(1-g.Active)].Pos
		if num(first) <= num(second) {
			t.Errorf("seed %d: first hero by landmark %d, second by %d", seed, num(first), num(second))
		}
		if !Adjacent(g.W[1].Pos, g.W[0].Pos) {
			t.Errorf("seed %d: Nettle at %s not beside Hollis at %s", seed, g.W[1].Pos, g.W[0].Pos)
		}
		for _, c := range g.P[0].Cards {
			if c.Side != 0 || c.Exhausted {
				t.Errorf("seed %d: a card not START side up and active", seed)
			}
		}
	}
}

// Rule "Ability Keywords" (Force) and "Map Bonuses" (force): Force moves
// another warrior up to its value, through any warrior; a force icon where
// the forcing warrior stands adds 1 and flips its card.
func TestRuleForce(t *testing.T) {
	g := game(t, rs, map[int]Pos{hollis: {3, 2}, corvane: {2, 2}, nettle: {1, 2}})
	g.Active = 1
	burrow := lm(g, "fox-burrow")
	g.Lm[burrow].Flipped = true // flipped side: force icon west, where Hollis stands
	set(g, hollis, "force Corvane to (1,3)")
	g.force(1, hollis, rs.HeroSets[rs.HeroSetIndex("hollis")].HeroSpecial.Ability) // force 1 medium
	if g.W[corvane].Pos != (Pos{0, 2}) || g.Lm[burrow].Flipped {
		t.Errorf("Corvane at %s, burrow flipped %v; want (1,3) false", g.W[corvane].Pos, g.Lm[burrow].Flipped)
	}
}

// Rule "Flip Icon": a landmark ability with the flip icon flips its card as
// part of resolving it (Thorn Thicket's Briar Lash).
func TestRuleLandmarkFlipIcon(t *testing.T) {
	g := game(t, rs, map[int]Pos{hollis: {2, 2}, corvane: {2, 3}, nettle: {4, 6}})
	g.Active, g.used = 1, map[string]bool{}
	set(g, hollis, "Briar Lash")
	set(g, corvane, "do not defend")
	g.star(1)
	if g.Taken(0) != 1 || !g.Lm[lm(g, "thorn-thicket")].Flipped || !g.used["landmark:thorn-thicket"] {
		t.Errorf("Corvane took %d, thicket flipped %v, used %v; want 1 true true", g.Taken(0), g.Lm[lm(g, "thorn-thicket")].Flipped, g.used)
	}
}
