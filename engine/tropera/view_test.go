package tropera_test

import (
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	. "github.com/roundtable-dev/roundtable/engine/tropera"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
)

// unseenWeapons are weapons no unit of a base battle carries; houseRules
// puts them in the houses, so that what a house holds is a word no view
// has for another reason (the base houses hold vularies, an elixir and a
// javelin, which units carry from the start).
var unseenWeapons = []string{"silver-lance", "brave-sword", "levin-sword", "armorslayer"}

// houseRules is the base ruleset with every house holding one of
// unseenWeapons.
func houseRules(t testing.TB) *table.Ruleset {
	cp := *rs
	cp.Maps = slices.Clone(rs.Maps)
	k := 0
	for i := range cp.Maps {
		cp.Maps[i].Houses = slices.Clone(cp.Maps[i].Houses)
		for h := range cp.Maps[i].Houses {
			w := rs.WeaponIndex(unseenWeapons[k%len(unseenWeapons)])
			if w < 0 {
				t.Fatalf("no weapon %s", unseenWeapons[k%len(unseenWeapons)])
			}
			cp.Maps[i].Houses[h].Item, cp.Maps[i].Houses[h].Weapon = -1, int16(w)
			k++
		}
	}
	return &cp
}

// battleHidden is BattleHidden (hidden.go), the one copy the studio's
// play leak test uses too.
func battleHidden(st *houseStats) playtest.Hidden { return BattleHidden(st) }

// houseStats is what battleHidden saw.
type houseStats = HiddenStats

// TestBattleViewsHideTheDiceAndTheHouses: in seeded battles on every base
// map, with houses holding what no unit carries, no seat's view, text or
// events hold the random source's state, and neither the party's nor an
// onlooker's what an unsearched house holds; a determinization gives each
// seat the same view.
func TestBattleViewsHideTheDiceAndTheHouses(t *testing.T) {
	seeds := 25
	if testing.Short() {
		seeds = 3
	}
	hr := houseRules(t)
	var all playtest.ViewStats
	var houses houseStats
	for _, bt := range hr.Battles {
		t.Run(bt.ID, func(t *testing.T) {
			st := playtest.Views(t, playtest.Setup{Game: "tropera", Mode: BattleMode, Rules: hr,
				Flags: map[string][]string{"battle": {bt.ID}}, Seeds: seeds, MaxActions: 4000}, battleHidden(&houses))
			all.Decisions += st.Decisions
			all.Hidden += st.Hidden
			all.Private += st.Private
		})
	}
	t.Logf("%d games, %+v, %d of the secrets a house's, %d views after a search", seeds*len(hr.Battles), all, houses.Secrets, houses.Searched)
	// The random source for each of the three viewers at every decision,
	// and the houses: three of the four maps have houses, searched late or
	// never, so they are secrets at most decisions of those battles; and
	// some houses were searched (their finds announced).
	if all.Decisions < 100*seeds*len(hr.Battles) || all.Hidden != 3*all.Decisions+houses.Secrets || houses.Secrets < all.Decisions ||
		houses.Searched == 0 || all.Private != 0 {
		t.Fatalf("the views test saw too little: %+v, %+v", all, houses)
	}
}

// TestLevelUpViewsHideTheDiceToCome: in seeded level-ups of every base
// character through a milestone, neither the player's view nor an
// onlooker's holds the random source's state (the d20s of the level-ups to
// come); the rolls of the level-up in progress are in view.
func TestLevelUpViewsHideTheDiceToCome(t *testing.T) {
	seeds := 20
	if testing.Short() {
		seeds = 3
	}
	var all playtest.ViewStats
	games := 0
	for _, c := range rs.Characters {
		levels := min(12, table.MaxLevel-int(c.Level))
		if levels < 1 {
			continue
		}
		games += seeds
		t.Run(c.ID, func(t *testing.T) {
			st := playtest.Views(t, playtest.Setup{Game: "tropera", Mode: LevelUpMode, Rules: rs,
				Flags: map[string][]string{"character": {c.ID}, "levels": {fmt.Sprint(levels)}}, Seeds: seeds}, levelHidden)
			all.Decisions += st.Decisions
			all.Hidden += st.Hidden
			all.Private += st.Private
		})
	}
	t.Logf("%d level-up matches, %+v", games, all)
	// The player and the onlooker at every decision.
	if all.Decisions < 12*games || all.Hidden != 2*all.Decisions || all.Private != 0 {
		t.Fatalf("the views test saw too little: %+v", all)
	}
}

var levelHidden = LevelHidden

// leakyBattle shows every seat what the enemy's seat sees.
type leakyBattle struct{ *Battle }

func (l leakyBattle) Clone() play.Match    { return leakyBattle{l.Battle.Clone().(*Battle)} }
func (l leakyBattle) Unwrap() play.Match   { return l.Battle }
func (l leakyBattle) Show(int) string      { return l.Battle.Show(Enemy) }
func (l leakyBattle) View(seat int) any    { return l.Battle.View(seat) }
func (l leakyBattle) Private(i int) string { return "" }

// TestViewsCatchAHouseShown: a Show that tells the party what a house
// holds fails the views test with battleHidden.
func TestViewsCatchAHouseShown(t *testing.T) {
	mode := BattleMode
	mode.New = func(rules any, o play.Options) (play.Match, error) {
		m, err := BattleMode.New(rules, o)
		return leakyBattle{m.(*Battle)}, err
	}
	var houses houseStats
	msg := playtest.Failure(func(tb testing.TB) {
		playtest.ViewSeed(tb, playtest.Setup{Game: "tropera", Mode: mode, Rules: houseRules(t)}, 1, battleHidden(&houses))
	})
	if !strings.Contains(msg, `Show holds "Silver Lance"`) {
		t.Fatalf("a Show with the houses' contents: got %q", msg)
	}
}

// leakyLevel shows the level-up's whole position, random source included.
type leakyLevel struct{ *Leveling }

func (l leakyLevel) Clone() play.Match  { return leakyLevel{l.Leveling.Clone().(*Leveling)} }
func (l leakyLevel) Unwrap() play.Match { return l.Leveling }
func (l leakyLevel) View(int) any       { return l.Leveling.Position() }

// TestViewsCatchTheLevelUpsRandomSource: a level-up view with the random
// source's state fails the views test with levelHidden.
func TestViewsCatchTheLevelUpsRandomSource(t *testing.T) {
	mode := LevelUpMode
	mode.New = func(rules any, o play.Options) (play.Match, error) {
		m, err := LevelUpMode.New(rules, o)
		return leakyLevel{m.(*Leveling)}, err
	}
	msg := playtest.Failure(func(tb testing.TB) {
		playtest.ViewSeed(tb, playtest.Setup{Game: "tropera", Mode: mode, Rules: rs}, 1,
			func(m play.Match, seat int) []string { return levelHidden(m.(leakyLevel).Leveling, seat) })
	})
	if !strings.Contains(msg, "View holds") {
		t.Fatalf("a view with the random source: got %q", msg)
	}
}

// TestViewTypesAreThePositionsButTheRNG: BattleView has every field of
// Position but the random source, with the same json and yaml tags, and
// the houses; LevelingView every field of LevelingPos but the random
// source. A field added to a position and not to its view fails here.
func TestViewTypesAreThePositionsButTheRNG(t *testing.T) {
	for _, c := range []struct {
		pos, view any
		extra     []string
	}{{Position{}, BattleView{}, []string{"Houses"}}, {LevelingPos{}, LevelingView{}, nil}} {
		pt, vt := reflect.TypeOf(c.pos), reflect.TypeOf(c.view)
		want := map[string]reflect.StructField{}
		for i := range pt.NumField() {
			if f := pt.Field(i); f.Name != "RNG" {
				want[f.Name] = f
			}
		}
		for i := range vt.NumField() {
			f := vt.Field(i)
			if slices.Contains(c.extra, f.Name) {
				continue
			}
			p, ok := want[f.Name]
			// The json and yaml names must agree; pos:"required" is the
			// position reader's, and a view is never read back.
			if !ok || p.Type != f.Type || p.Tag.Get("json") != f.Tag.Get("json") || p.Tag.Get("yaml") != f.Tag.Get("yaml") {
				t.Errorf("%s.%s is not %s.%s", vt.Name(), f.Name, pt.Name(), f.Name)
			}
			delete(want, f.Name)
		}
		for name := range want {
			t.Errorf("%s has no field %s of %s", vt.Name(), name, pt.Name())
		}
	}
}

// TestShowFitsAnEightyColumnTerminal: at every decision of seeded battles
// on every map and of level-ups, every line Show writes for any viewer is
// at most 80 columns.
func TestShowFitsAnEightyColumnTerminal(t *testing.T) {
	fits := func(m play.Match, what string) {
		v := m.(play.Viewer)
		pol := play.NewRandom(3, 0)
		for n := 0; n < 3000; n++ {
			for seat := -1; seat < len(m.Seats()); seat++ {
				for _, line := range strings.Split(v.Show(seat), "\n") {
					if len(line) > 80 {
						t.Fatalf("%s, action %d: a line of %d columns:\n%s", what, n, len(line), line)
					}
				}
			}
			if m.Over() {
				return
			}
			if err := m.Apply(pol.Choose(m)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, bt := range rs.Battles {
		for seed := uint64(1); seed <= 2; seed++ {
			m, err := BattleMode.New(rs, play.Options{Seed: seed, Quiet: true, Flags: map[string][]string{"battle": {bt.ID}}})
			if err != nil {
				t.Fatal(err)
			}
			fits(m, fmt.Sprintf("%s seed %d", bt.ID, seed))
		}
	}
	m, err := LevelUpMode.New(rs, play.Options{Seed: 1, Quiet: true, Flags: map[string][]string{"levels": {"12"}}})
	if err != nil {
		t.Fatal(err)
	}
	fits(m, "levelup")
}

// deployPosition is seed 1 of the Durvalla Road with Lyn placed.
func deployPosition(t *testing.T) *Battle {
	t.Helper()
	b, err := NewBattle(rs, rs.BattleIndex("durvalla-road"), 1, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := play.NewRunner(b, nil).DoText("place lyn at c2"); err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBattleViewAndShowAtTheStart: the Durvalla Road with Lyn placed
// (deployPosition). The party's view is the position but the random source, with the house at j5
// and not what it holds; the enemy's (the GM's) view and text say it holds
// a Vulnerary. Show draws the board as the battle's board events do.
func TestBattleViewAndShowAtTheStart(t *testing.T) {
	b := deployPosition(t)
	view, err := yaml.Marshal(b.View(Party))
	if err != nil {
		t.Fatal(err)
	}
	pos, _ := yaml.Marshal(b.Position())
	rng := b.Position().(Position).RNG
	want := strings.Replace(string(pos), "rng: "+rng+"\n", "", 1) + "houses:\n    - at: j5\n"
	if string(view) != want {
		t.Fatalf("the party's view:\n%s\nwant the position less its rng, with the house:\n%s", view, want)
	}
	if got := b.View(Enemy).(BattleView).Houses; !reflect.DeepEqual(got, []HouseView{{At: "j5", Holds: "vulnerary"}}) {
		t.Fatalf("the enemy's houses: %+v", got)
	}
	want = `Ambush on the Durvalla Road (durvalla-road), round 1 of 20, deployment
The Durvalla Road (12x10); objective: rout the enemy
     a  b  c  d  e  f  g  h  i  j  k  l
 10  T  T  T  .  .  T  T  ^  ^  ^  ^  ^
  9  T  .  .  .  .  =  T 04  .  .  ^  ^
  8  .  .  T  .  =  =  .  .  t  .  .  ^
  7  .  T  .  . 01  .  . 03  T  .  .  .
  6  .  .  .  =  =  . 02  h  .  .  T  .
  5  ~  s  s  =  .  .  h  .  .  H  .  .
  4  ~  ~  s  =  .  T  .  .  .  .  .  T
  3  .  s  .  =  .  .  .  T  T  .  .  .
  2  .  . Ly  =  .  .  .  .  .  .  T  .
  1  .  .  .  =  .  .  T  .  .  .  .  .
     a  b  c  d  e  f  g  h  i  j  k  l
party (you):
  Ly lyn 14/14 at c2; iron-sword equipped; items vulnerary (3)
enemy:
  01 vissan-soldier-1 (mob) 18/18 at e7; iron-lance equipped
  02 vissan-archer-2 (mob) 16/16 at g6; iron-bow equipped
  03 vissan-mage-3 (army) 15/15 at h7; flux equipped
  04 cairn-brigand-4 (mob) 34/34 at h9; iron-axe equipped, hand-axe
to place: oswin, erk, serra (on a1 b1 c1 a2 b2 c2)
terrain: . Plains; = Road; T Forest (difficult, avoid 20, def 1); s Shallow
  Water (difficult); h Hill (difficult, avoid 10, def 1); H House (avoid 10); ^
  Mountain (impassable, avoid 30, def 2); ~ Deep Water (impassable); t Dead Tree
  (impassable, hp 10)
houses not searched: j5
party (you) to move
`
	if got := b.Show(Party); got != want {
		t.Fatalf("Show(party):\n%s\nwant:\n%s", got, want)
	}
	gm := strings.NewReplacer("party (you)", "party", "enemy:", "enemy (you):", "searched: j5", "searched: j5 holds Vulnerary").Replace(want)
	if got := b.Show(Enemy); got != gm {
		t.Fatalf("Show(enemy):\n%s\nwant:\n%s", got, gm)
	}
	// The board Show draws is the board event's.
	board := strings.Split(b.Board(), "\n")
	if shown := strings.Split(want, "\n"); !slices.Equal(board[1:13], shown[2:14]) {
		t.Fatalf("Show's grid is not Board's:\n%s", b.Board())
	}
}

// levelPosition is Lyn's first level-up of nine, seed 4.
func levelPosition(t *testing.T) *Leveling {
	t.Helper()
	l, err := NewLeveling(rs, rs.CharacterIndex("lyn"), 9, 4, true)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestLevelUpViewAndShow: Lyn's first level-up (levelPosition). The view is the
// position but the random source; Show has the rolls and the picks.
func TestLevelUpViewAndShow(t *testing.T) {
	l := levelPosition(t)
	view, err := yaml.Marshal(l.View(0))
	if err != nil {
		t.Fatal(err)
	}
	pos, _ := yaml.Marshal(l.Position())
	if want := strings.Replace(string(pos), "rng: "+l.Position().(LevelingPos).RNG+"\n", "", 1); string(view) != want || string(view) == string(pos) {
		t.Fatalf("the view is not the position less its rng:\n%s", view)
	}
	want := `Lyn (lyn), level 1, levelling up to 10
stats: hp 14, str 4, mag 0, skl 8, spd 9, lck 5, def 3, res 2
growths: hp 3, str 2, mag 0, skl 3, spd 3, lck 2, def 1, res 1
level 2 rolls: hp 6, str 9, mag 16, skl 4 (nat 1), spd 4 (nat 1), lck 17,
    def 21 (nat 20), res 2 (nat 1)
a free point (natural 20): def
player (you) to raise 4 of lck mag str hp
`
	if got := l.Show(0); got != want {
		t.Fatalf("Show(0):\n%s\nwant:\n%s", got, want)
	}
	if got := l.Show(-1); got != strings.Replace(want, "player (you)", "player", 1) {
		t.Fatalf("Show(-1):\n%s", got)
	}
}

// TestViewExamplesInDocs: docs/play.md's examples of a seat's view ("###
// tropera battle", "### tropera levelup") are deployPosition as the party
// sees it (but for lyn and vissan-soldier-1 the units left out of the
// view) and levelPosition as its player does.
func TestViewExamplesInDocs(t *testing.T) {
	b := deployPosition(t)
	v := b.View(Party).(BattleView)
	v.Units = []UnitPos{v.Units[0], v.Units[4]}
	docBlock(t, "tropera-battle", "```yaml\n"+yamlOf(t, v)+"```\n\n```\n"+b.Show(Party)+"```\n")
	l := levelPosition(t)
	docBlock(t, "tropera-levelup", "```yaml\n"+yamlOf(t, l.View(0))+"```\n\n```\n"+l.Show(0)+"```\n")
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
