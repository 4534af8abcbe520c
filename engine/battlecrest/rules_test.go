package battlecrest

import (
	"slices"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/battlecrest/table"
	bcgen "github.com/roundtable-dev/roundtable/generated/battlecrest"
)

var rs = bcgen.Ruleset

// Warriors of the test games: Corvane (no minion) against Hollis and Nettle.
const (
	corvane = 0
	hollis  = 2
	nettle  = 3
)

// standard is the test placement of Thornmere's landmarks, by row.
var standard = []string{"hollow-oak", "mirror-pool", "standing-stones", "thorn-thicket", "fox-burrow", "old-watchtower"}

// game sets up Corvane (P0, active) against Hollis and Nettle with the
// landmarks placed as standard (their START sides up) and the warriors
// put where each test says; P0 is to choose a player action.
func game(t *testing.T, ruleset *table.Ruleset, pos map[int]Pos) *Game {
	t.Helper()
	g, err := New(ruleset, 0, [2]int{ruleset.HeroSetIndex("corvane"), ruleset.HeroSetIndex("hollis")}, 1)
	if err != nil {
		t.Fatal(err)
	}
	g.Events()
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
	g.refresh()
	return g
}

// refresh recomputes the decision after a test changed the state.
func (g *Game) refresh() {
	g.stack = nil
	g.advance(false)
}

// use starts ability ab of warrior wi for player p, as a star or card would,
// and resolves it up to its first decision.
func (g *Game) use(p, wi int, ab table.Ability) {
	g.stack = nil
	g.resolve(p, wi, ab)
	g.advance(false)
}

// legal lists the texts of the legal actions.
func legal(g *Game) []string {
	var out []string
	for i := range g.Legal() {
		out = append(out, g.Action(i))
	}
	return out
}

// do takes the legal actions written, in order.
func do(t *testing.T, g *Game, actions ...string) {
	t.Helper()
	for _, a := range actions {
		i := slices.Index(legal(g), a)
		if i < 0 {
			t.Fatalf("%q is not legal; legal: %q", a, legal(g))
		}
		if err := g.Apply(i); err != nil {
			t.Fatal(err)
		}
	}
}

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
// damage (scenario hazard-on-entering); a move takes the way with the
// fewest hazards.
func TestRuleHazardWayWithFewest(t *testing.T) {
	g := game(t, rs, map[int]Pos{hollis: {2, 0}})
	if got := g.Reach(hollis, 2, false)[Pos{2, 2}]; got != 1 {
		t.Errorf("hazards on the way a3->c3 in 2: %d, want 1 (Thorn Thicket's north)", got)
	}
	if got := g.Reach(hollis, 6, false)[Pos{2, 2}]; got != 0 {
		t.Errorf("hazards on the way in 6: %d, want 0 (round by the shortcut row)", got)
	}
}

// Rule "Map Bonuses" (long range): +1 range for a long range ability
// (scenario bonuses-first-target-only shows it counts for the first target).
func TestRuleRangeBonus(t *testing.T) {
	g := game(t, rs, map[int]Pos{corvane: {2, 5}, hollis: {0, 2}})
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

func starKeys(g *Game, p int) []string {
	var out []string
	for _, s := range g.stars(p) {
		out = append(out, s.key)
	}
	return out
}

// Rule "Warrior Placement": the first player's hero starts by the
// higher-numbered landmark, each minion beside its hero; cards START side up.
func TestRuleWarriorPlacement(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		g, err := New(rs, 0, [2]int{rs.HeroSetIndex("hollis"), rs.HeroSetIndex("corvane")}, seed)
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
