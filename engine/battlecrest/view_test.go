package battlecrest

import (
	"os"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
)

// hidden is Hidden (hidden.go), the one copy the studio's play leak test
// uses too.
var hidden = Hidden

// TestViewsHideOnlyTheRandomSource: in seeded games of the base hero sets,
// either way round and in a mirror, no seat's view, text or events hold
// the random source's state.
func TestViewsHideOnlyTheRandomSource(t *testing.T) {
	seeds := 100
	if testing.Short() {
		seeds = 8
	}
	var all playtest.ViewStats
	pairs := [][]string{{"corvane", "hollis"}, {"hollis", "corvane"}, {"hollis", "hollis"}}
	for _, pair := range pairs {
		t.Run(strings.Join(pair, "-"), func(t *testing.T) {
			st := playtest.Views(t, playtest.Setup{Game: GameID, Mode: Versus, Rules: rs,
				Flags: map[string][]string{"hero-set": pair}, Seeds: seeds}, hidden)
			all.Decisions += st.Decisions
			all.Hidden += st.Hidden
			all.Private += st.Private
		})
	}
	t.Logf("%d games, %+v", seeds*len(pairs), all)
	// One secret for each of the three viewers at every decision; no
	// event is seen differently.
	if all.Decisions < 20*seeds*len(pairs) || all.Hidden != 3*all.Decisions || all.Private != 0 {
		t.Fatalf("the views test saw too little: %+v", all)
	}
}

// leaky shows the whole position, random source included.
type leaky struct{ *Game }

func (l leaky) Clone() play.Match { return leaky{l.Game.clone()} }
func (l leaky) View(int) any      { return l.Game.position() }

// TestViewsCatchTheRandomSource: a view that holds the random source's
// state fails the views test with this game's hidden.
func TestViewsCatchTheRandomSource(t *testing.T) {
	mode := Versus
	mode.New = func(rules any, o play.Options) (play.Match, error) {
		m, err := Versus.New(rules, o)
		return leaky{m.(*Game)}, err
	}
	msg := playtest.Failure(func(tb testing.TB) {
		playtest.ViewSeed(tb, playtest.Setup{Game: GameID, Mode: mode, Rules: rs}, 1,
			func(m play.Match, seat int) []string { return hidden(m.(leaky).Game, seat) })
	})
	if !strings.Contains(msg, "View holds") {
		t.Fatalf("a view with the random source: got %q", msg)
	}
}

// TestShowFitsAnEightyColumnTerminal: at every decision of seeded games,
// mirror included, every line Show writes for any viewer is at most 80
// columns.
func TestShowFitsAnEightyColumnTerminal(t *testing.T) {
	for _, pair := range [][]string{nil, {"hollis", "hollis"}} {
		for seed := uint64(1); seed <= 4; seed++ {
			m, err := Versus.New(rs, play.Options{Seed: seed, Quiet: true, Flags: map[string][]string{"hero-set": pair}})
			if err != nil {
				t.Fatal(err)
			}
			g := m.(*Game)
			pol := play.NewRandom(seed, 0)
			for n := 0; ; n++ {
				for seat := -1; seat < 2; seat++ {
					for _, line := range strings.Split(g.Show(seat), "\n") {
						if len(line) > width {
							t.Fatalf("%v seed %d, action %d: a line of %d columns:\n%s", pair, seed, n, len(line), line)
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

// attackPosition is seed 4 after three actions: Corvane has moved to e3
// and shot at Hollis with the Longbow; Hollis's player is to defend.
func attackPosition(t *testing.T) *Game {
	t.Helper()
	m, err := Versus.New(rs, play.Options{Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	g := m.(*Game)
	r := play.NewRunner(g, nil)
	for _, a := range []string{"move corvane to e3", "activate longbow", "attack hollis-bramblecoat"} {
		if err := r.DoText(a); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestViewAndShowOfAnAttack: Hollis is to defend (attackPosition). The view is the
// position but the random source; Show draws the map with its landmarks,
// the warriors, the action rows and the attack being resolved.
func TestViewAndShowOfAnAttack(t *testing.T) {
	g := attackPosition(t)
	view, err := yaml.Marshal(g.View(1))
	if err != nil {
		t.Fatal(err)
	}
	pos, _ := yaml.Marshal(g.position())
	if want := strings.Replace(string(pos), "rng: "+g.position().RNG+"\n", "", 1); string(view) != want || string(view) == string(pos) {
		t.Fatalf("the view is not the position less its rng:\n%s", view)
	}
	want := `Thornmere (thornmere), turn 1, P1 (corvane) active; done: move, activate
      a   b   c   d   e   f   g
  1   .   .   .   .   .   +   .
  2   >  L5   .  L3   .  L6   .
  3   .   !   .   +  C1   >   .
  4   .  L4   .  L2   +  L1   .
  5   .   .   .   .   .  n2  H2
. space  ! touches an active hazard  + a map bonus  > a shortcut
landmarks:
  L5 fox-burrow at b2, START side: west shortcut to east
     ability Hidden Path: star: march 1, by a hero 2 spaces away
  L3 standing-stones at d2, START side: south bonus attack
     ability Old Power: star: attack 1 long 4, by a hero 2 to 4 spaces away
  L6 old-watchtower at f2, START side: north bonus attack+range
     ability Signal Fire: star: attack 1 long 5, by a hero 2 to 4 spaces away
  L4 thorn-thicket at b4, START side: north hazard
     ability Briar Lash: star: attack 1 medium, by a hero 2 to 3 spaces away,
       then the card flips
  L2 mirror-pool at d4, START side: east bonus range
     ability Still Water: star: march 2, by a hero 2 to 3 spaces away
  L1 hollow-oak at f4, START side: north shortcut to south
     ability Rootsnare: star: force 1 long 3, by a hero 2 to 3 spaces away
P1 (corvane): Corvane, Warden of the Marches, damage taken 0
  C1 corvane, hero at e3, healthy, health 0 (flips at 4), movement 4; Hawk's
      Eye (star: attack 1 long 5)
  longbow: Longbow (start side), exhausted, gale primed: attack 2 long 4
      +gale; defense 0, movement 1
  fleet-stride: Fleet Stride (start side), active: march 2, star; defense 1,
      movement 2
  hunting-knife: Hunting Knife (start side), active: attack 2 short +ember;
      defense 1, movement 1
  leaf-cloak: Leaf Cloak (start side), active: star; defense 2 +gale, movement 1
P2 (hollis, you): Hollis and Nettle, damage taken 0
  H2 hollis-bramblecoat, hero at g5, healthy, health 0 (flips at 3),
      movement 4; Shoulder Check (star: force 1 medium)
  n2 nettle, minion at f5, healthy, movement 2, defense 1; Bristle (when
      damaged: attack 1 medium)
  bramble-maul: Bramble Maul (start side), active: attack 3 short +thorn;
      defense 1, movement 1
  oak-shield: Oak Shield (start side), active: star; defense 2 +thorn,
      movement 1
  charge: Charge (start side), active: march 2, attack 2 short; defense 0,
      movement 2
resolving: P1 resolve
resolving: P1 attack corvane: attack 2 long 4, targets hollis-bramblecoat,
    value 3 (defend)
P2 (hollis, you) to decide
`
	if got := g.Show(1); got != want {
		t.Fatalf("Show(1):\n%s\nwant:\n%s", got, want)
	}
	if got := g.Show(-1); got != strings.ReplaceAll(want, "hollis, you", "hollis") {
		t.Fatalf("Show(-1):\n%s", got)
	}
}

// TestViewExampleInDocs: docs/play.md's example of a seat's view ("###
// battlecrest") is attackPosition as Hollis's player sees it, the
// landmarks after the first two left out of the view.
func TestViewExampleInDocs(t *testing.T) {
	g := attackPosition(t)
	v := g.View(1).(*position)
	v.Landmarks = v.Landmarks[:2]
	docBlock(t, "battlecrest", "```yaml\n"+yamlOf(t, v)+"```\n\n```\n"+g.Show(1)+"```\n")
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
