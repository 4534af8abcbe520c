package tablebattles

import (
	"os"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	tbgen "github.com/roundtable-dev/roundtable/generated/tablebattles"
)

// hidden is Hidden (hidden.go), the one copy the studio's play leak test
// uses too.
var hidden = Hidden

// TestViewsHideOnlyTheDiceToCome: in seeded battles of every base
// scenario, no seat's view, text or events hold the random source's state,
// and a determinization gives each seat the same view.
func TestViewsHideOnlyTheDiceToCome(t *testing.T) {
	seeds := 100
	if testing.Short() {
		seeds = 8
	}
	var all playtest.ViewStats
	for _, sc := range tbgen.Ruleset.Scenarios {
		t.Run(sc.ID, func(t *testing.T) {
			st := playtest.Views(t, playtest.Setup{Game: "table-battles", Mode: Battle, Rules: tbgen.Ruleset,
				Flags: map[string][]string{"scenario": {sc.ID}}, Seeds: seeds}, hidden)
			all.Decisions += st.Decisions
			all.Hidden += st.Hidden
			all.Private += st.Private
		})
	}
	t.Logf("%d games, %+v", seeds*len(tbgen.Ruleset.Scenarios), all)
	// One secret for each of the three viewers (the onlooker and both
	// sides) at every decision; no event is seen differently.
	if all.Decisions < 20*seeds*len(tbgen.Ruleset.Scenarios) || all.Hidden != 3*all.Decisions || all.Private != 0 {
		t.Fatalf("the views test saw too little: %+v", all)
	}
}

// leaky shows the whole position, random source included.
type leaky struct{ *Game }

func (l leaky) Clone() play.Match    { return leaky{l.Game.Clone().(*Game)} }
func (l leaky) View(seat int) any    { return l.Game.Position() }
func (l leaky) Show(seat int) string { return l.Game.Show(seat) }

// TestViewsCatchTheRandomSource: a view that holds the random source's
// state fails the views test with this game's hidden.
func TestViewsCatchTheRandomSource(t *testing.T) {
	mode := Battle
	mode.New = func(rules any, o play.Options) (play.Match, error) {
		m, err := Battle.New(rules, o)
		return leaky{m.(*Game)}, err
	}
	msg := playtest.Failure(func(tb testing.TB) {
		playtest.ViewSeed(tb, playtest.Setup{Game: "table-battles", Mode: mode, Rules: tbgen.Ruleset}, 1,
			func(m play.Match, seat int) []string { return hidden(m.(leaky).Game, seat) })
	})
	if !strings.Contains(msg, "View holds") {
		t.Fatalf("a view with the random source: got %q", msg)
	}
}

// TestShowFitsAnEightyColumnTerminal: at every decision of seeded battles
// of every scenario, every line Show writes for any viewer is at most 80
// columns.
func TestShowFitsAnEightyColumnTerminal(t *testing.T) {
	for si := range tbgen.Ruleset.Scenarios {
		for seed := uint64(1); seed <= 4; seed++ {
			g := New(tbgen.Ruleset, si, seed)
			pol := play.NewRandom(seed, 0)
			for n := 0; ; n++ {
				for seat := -1; seat < 2; seat++ {
					for _, line := range strings.Split(g.Show(seat), "\n") {
						if len(line) > width {
							t.Fatalf("%s seed %d, action %d: a line of %d columns:\n%s", g.Scenario.ID, seed, n, len(line), line)
						}
					}
				}
				if g.Over() {
					break
				}
				if err := g.Apply(pol.Choose(g)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// rollPosition is seed 1 of ylisse-ford after four actions: the Plegians
// have rolled their six dice.
func rollPosition(t *testing.T) *Game {
	t.Helper()
	g := New(tbgen.Ruleset, tbgen.Ruleset.Scenario("ylisse-ford"), 1)
	r := play.NewRunner(g, nil)
	for _, a := range []string{"bombard with ylisse-ballistae", "place 2 2 on frederick-knights", "place 3 4 5 on ylisse-ballistae",
		"command plegian-dark-knights with gangrel-herald"} {
		if err := r.DoText(a); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestViewAndShowOfARoll: the Plegians have rolled (rollPosition). The view is the position but the
// random source; Show lists both sides' formations and the roll to place.
func TestViewAndShowOfARoll(t *testing.T) {
	g := rollPosition(t)
	view, err := yaml.Marshal(g.View(1))
	if err != nil {
		t.Fatal(err)
	}
	pos, _ := yaml.Marshal(g.Position())
	if want := strings.Replace(string(pos), "rng: "+g.Position().(*Position).RNG+"\n", "", 1); string(view) != want || string(view) == string(pos) {
		t.Fatalf("the view is not the position less its rng:\n%s", view)
	}
	want := `The Ford at Ylisse (ylisse-ford), turn 2, plegia active
shepherds (The Shepherds): morale 4, 4 dice in the pool
  chrom-vanguard: blue, 4/4 units (star), dice area 5/6, no dice
    attack gangrel-guard: 1 hit per die
  frederick-knights: blue, 5/5 units, dice area Doubles, dice 2 2
    counterattack any: 1 hit; attack plegian-lancers: 2 hits
  sumia-pegasi: light-blue, 3/3 units, dice area (6), no dice, may retire
    screen any
  shepherd-archers: light-blue, 3/3 units, dice area 1-3, no dice
    attack plegian-mages: pair, 2 hits
  vaike-axes: blue, 4/4 units, dice area 4, no dice
    absorb chrom-vanguard; attack plegian-lancers: 1 hit per die
  ylisse-ballistae: light-blue, special, 1/2 cubes, dice area Straight-3, no
      dice
    bombard
  lon-qu-blades: blue, 3/3 units, dice area 1/2, in reserve behind
      frederick-knights, pursues
    attack gangrel-guard: 1 hit per die
plegia (Plegian Raiders, you): morale 3, 6 dice in the pool
  gangrel-guard: red, 5/5 units (star), dice area Triples, no dice
    attack frederick-knights: triplet, 3 hits
  plegian-lancers: red, 4/4 units, dice area 3/4, no dice
    attack chrom-vanguard: 1 hit per die
  plegian-mages: pink, 3/3 units, dice area Doubles, Triples, no dice
    attack shepherd-archers: two-pairs, 3 hits
  wyvern-riders: pink, 3/3 units, dice area 6, no dice, pursues
    attack sumia-pegasi: 1 hit per die, 1 self
  plegian-dark-knights: red, 4/4 units, dice area 5, no dice
    attack chrom-vanguard: 1 hit
  gangrel-herald: pink, special, 0/1 cubes, dice area 1-2, no dice
    command (no one left in reserve)
  grima-cultists: red, 3/3 units, dice area 1-2, no dice
    attack chrom-vanguard: five-dice, 1 hit per die
plegia rolled 1 2 3 4 5 5: plegia to place dice on one formation of the red
    wing, or none
`
	if got := g.Show(1); got != want {
		t.Fatalf("Show(1):\n%s\nwant:\n%s", got, want)
	}
	if got := g.Show(-1); got != strings.Replace(want, "Raiders, you", "Raiders", 1) {
		t.Fatalf("Show(-1):\n%s", got)
	}
}

// TestViewExampleInDocs: docs/play.md's example of a seat's view ("###
// table-battles") is rollPosition as the Plegians see it.
func TestViewExampleInDocs(t *testing.T) {
	g := rollPosition(t)
	docBlock(t, "table-battles", "```yaml\n"+yamlOf(t, g.View(1))+"```\n\n```\n"+g.Show(1)+"```\n")
}

// yamlOf is v as a position file writes it (two spaces a level).
func yamlOf(t *testing.T, v any) string {
	var b strings.Builder
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// docBlock checks that docs/play.md holds want between "<!-- view NAME
// -->" and "<!-- /view NAME -->".
func docBlock(t *testing.T, name, want string) {
	t.Helper()
	doc, err := os.ReadFile("../../docs/play.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "<!-- view "+name+" -->\n")
	got, _, ok2 := strings.Cut(rest, "<!-- /view "+name+" -->")
	if !ok || !ok2 {
		t.Fatalf("docs/play.md has no <!-- view %s --> block", name)
	}
	if got != want {
		t.Fatalf("docs/play.md's <!-- view %s --> block:\n%s\nwant:\n%s", name, got, want)
	}
}
