package battlecrest

import (
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
)

const goodState = `
map-set: thornmere
active: 0
seats: [{hero-set: corvane}, {hero-set: hollis}]
landmarks: [{id: hollow-oak, at: b2}, {id: mirror-pool, at: d2}, {id: standing-stones, at: f2},
            {id: thorn-thicket, at: b4}, {id: fox-burrow, at: d4}, {id: old-watchtower, at: f4}]
warriors: [{id: corvane, at: a5}, {id: hollis-bramblecoat, at: g1}, {id: nettle, at: e1}]
`

func loadState(text string) (*Game, error) {
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(text), &n); err != nil {
		return nil, err
	}
	if len(n.Content) == 0 {
		return Load(rs, &n)
	}
	return Load(rs, n.Content[0])
}

// TestLoadFillsDefaults: a designer's short position gets START sides,
// active cards, health at the start, turn 1, and waits for the active
// player's first action.
func TestLoadFillsDefaults(t *testing.T) {
	g, err := loadState(goodState)
	if err != nil {
		t.Fatal(err)
	}
	if g.turn != 1 || g.ToMove() != 0 || g.Legal() < 2 || len(g.P[0].Cards) != 4 || g.W[corvane].Health != 0 {
		t.Errorf("turn %d to-move %d legal %d cards %d health %d; want 1 0 >=2 4 0", g.turn, g.ToMove(), g.Legal(), len(g.P[0].Cards), g.W[corvane].Health)
	}
}

// TestLoadRejectsBrokenPositions: every broken value is an error naming it
// and its line, never a panic.
func TestLoadRejectsBrokenPositions(t *testing.T) {
	cases := []struct{ name, from, to, want string }{
		{"map set", "map-set: thornmere", "map-set: thornmeer", `2:10: map-set: no map set "thornmeer" (did you mean "thornmere"?)`},
		{"hero set", "{hero-set: hollis}", "{hero-set: holis}", `no hero set "holis" (did you mean "hollis"?)`},
		{"one seat", "seats: [{hero-set: corvane}, {hero-set: hollis}]", "seats: [{hero-set: corvane}]", "a game has two seats; this position has 1"},
		{"tile off the map", "{id: corvane, at: a5}", "{id: corvane, at: z9}", `warrior corvane: z9 is not a space of map set thornmere`},
		{"tile on a landmark", "{id: corvane, at: a5}", "{id: corvane, at: b2}", `warrior corvane: b2 is not a space`},
		{"bad tile", "{id: corvane, at: a5}", "{id: corvane, at: 5a}", `"5a" is not a tile name`},
		{"two on a tile", "{id: nettle, at: e1}", "{id: nettle, at: g1}", "Hollis Bramblecoat and Nettle share g1"},
		{"unknown warrior", "{id: nettle, at: e1}", "{id: nettel, at: e1}", `no warrior "nettel" (did you mean "nettle"?)`},
		{"missing warrior", ", {id: nettle, at: e1}]", "]", "warrior nettle is not listed"},
		{"health off track", "{id: corvane, at: a5}", "{id: corvane, at: a5, health: 4}", "hero corvane: health 4 is off its health card's healthy track (0 to 3)"},
		{"negative health", "{id: corvane, at: a5}", "{id: corvane, at: a5, health: -1}", "health -1 is off"},
		{"minion health", "{id: nettle, at: e1}", "{id: nettle, at: e1, health: 1}", "nettle is a minion"},
		{"defeated hero", "{id: corvane, at: a5}", "{id: corvane, defeated: true}", "hero corvane is defeated but the game is not over"},
		{"landmark twice", "{id: mirror-pool, at: d2}", "{id: hollow-oak, at: d2}", "landmark hollow-oak is on the map twice"},
		{"landmark off L", "{id: mirror-pool, at: d2}", "{id: mirror-pool, at: d3}", "d3 is not a landmark position (L)"},
		{"card twice", "{hero-set: hollis}", "{hero-set: hollis, cards: [{id: hollis-maul}, {id: hollis-maul}, {id: hollis-charge}]}", "card hollis-maul is in the action row twice"},
		{"card missing", "{hero-set: hollis}", "{hero-set: hollis, cards: [{id: hollis-maul}, {id: hollis-charge}]}", "lacks hollis-shield"},
		{"card of another set", "{hero-set: hollis}", "{hero-set: hollis, cards: [{id: corvane-knife}]}", `no action card of hero set hollis "corvane-knife"`},
		{"card side", "{hero-set: hollis}", "{hero-set: hollis, cards: [{id: hollis-maul, side: up}, {id: hollis-shield}, {id: hollis-charge}]}", `side "up" is start or back`},
		{"unknown field", "active: 0", "active: 0\ncolour: red", `unknown field "colour"`},
		{"active", "active: 0", "active: 2", "the active seat is 0 or 1"},
		{"done twice", "active: 0", "active: 0\ndone: [prime, prime]", "done: prime twice"},
		{"done word", "active: 0", "active: 0\ndone: [dance]", `"dance" is not a player action`},
		{"used", "active: 0", "active: 0\nused: [p3:hero]", `"p3:hero" is not a special ability`},
		{"step kind", "active: 0", "active: 0\npending: [{do: dance, seat: 0}]", `"dance" is not a step`},
		{"step warrior", "active: 0", "active: 0\npending: [{do: march, seat: 0, warrior: bob, movement: 2}]", `march step: no warrior "bob"`},
		{"step phase", "active: 0", "active: 0\npending: [{do: attack, seat: 0, warrior: corvane, ability: {attack: 1, range: short}, phase: aim}]", `phase "aim" is one of first-target`},
		{"step ability", "active: 0", "active: 0\npending: [{do: attack, seat: 0, warrior: corvane, ability: {attack: 1}, phase: first-target}]", `attack: range ""`},
		{"step next", "active: 0", "active: 0\npending: [{do: attack, seat: 0, warrior: corvane, ability: {attack: 1, range: short}, phase: defend, targets: [nettle], next: 1}]", "next 1 is not a target's index"},
		{"winner not over", "active: 0", "active: 0\nwinner: 1", "winner: the game is not over"},
		{"rng", "active: 0", "active: 0\nrng: zz", `rng: "zz" is not a random source's state`},
		{"turn", "active: 0", "active: 0\nturn: 201", "4:7: turn: 201 is not 1 to 200"},
	}
	for _, c := range cases {
		if !strings.Contains(goodState, c.from) {
			t.Fatalf("%s: %q is not in the good state", c.name, c.from)
		}
		_, err := loadState(strings.Replace(goodState, c.from, c.to, 1))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error holding %q", c.name, err, c.want)
		}
	}
}

// TestTileNames: tiles are a column letter and a row number, a1 the
// north-west corner; past z come aa, ab.
func TestTileNames(t *testing.T) {
	for _, c := range []struct {
		p    Pos
		name string
	}{{Pos{0, 0}, "a1"}, {Pos{4, 6}, "g5"}, {Pos{39, 25}, "z40"}, {Pos{0, 26}, "aa1"}, {Pos{2, 39}, "an3"}} {
		if got := Tile(c.p); got != c.name {
			t.Errorf("Tile(%v) = %q, want %q", c.p, got, c.name)
		}
		if p, err := ParseTile(c.name); err != nil || p != c.p {
			t.Errorf("ParseTile(%q) = %v, %v; want %v", c.name, p, err, c.p)
		}
	}
	for _, bad := range []string{"", "a", "1", "a0", "a01", "abc1", "A1", "a-1"} {
		if _, err := ParseTile(bad); err == nil {
			t.Errorf("ParseTile(%q) is not an error", bad)
		}
	}
}

// TestMirrorMatchIDs: a hero set against itself gets seat-marked warrior
// ids, so every action text stays distinct (the conformance test plays it).
func TestMirrorMatchIDs(t *testing.T) {
	m, err := Versus.New(rs, play.Options{Seed: 1, Flags: map[string][]string{"hero-set": {"hollis", "hollis"}}})
	if err != nil {
		t.Fatal(err)
	}
	g := m.(*Game)
	var ids []string
	for _, w := range g.W {
		ids = append(ids, w.ID)
	}
	if want := "hollis-bramblecoat-p1 nettle-p1-minion hollis-bramblecoat-p2 nettle-p2-minion"; strings.Join(ids, " ") != want {
		t.Errorf("ids %v, want %s", ids, want)
	}
}

// TestNewFlags: the mode's flags choose the map set and hero sets by id,
// with a did-you-mean for a typo.
func TestNewFlags(t *testing.T) {
	for _, c := range []struct {
		flags map[string][]string
		want  string
	}{
		{map[string][]string{"map-set": {"thornmeer"}}, `no map set "thornmeer" (did you mean "thornmere"?); map sets: thornmere`},
		{map[string][]string{"hero-set": {"corvane"}}, "give two hero sets, P1's first: --hero-set A --hero-set B (got 1)"},
		{map[string][]string{"hero-set": {"corvane", "holis"}}, `no hero set "holis" (did you mean "hollis"?); hero sets: corvane, hollis, sabine, ulric`},
		{map[string][]string{"hero-set": {"corvane", "nope"}}, `no hero set "nope"; hero sets: corvane, hollis, sabine, ulric`},
	} {
		_, err := Versus.New(rs, play.Options{Seed: 1, Flags: c.flags})
		if err == nil || err.Error() != c.want {
			t.Errorf("%v: got %v, want %q", c.flags, err, c.want)
		}
	}
	m, err := Versus.New(rs, play.Options{Seed: 1, Flags: map[string][]string{"map-set": {"thornmere"}, "hero-set": {"hollis", "corvane"}}})
	if err != nil {
		t.Fatal(err)
	}
	if g := m.(*Game); g.P[0].Set.ID != "hollis" || g.P[1].Set.ID != "corvane" || g.Map.ID != "thornmere" {
		t.Errorf("sets %s, %s on %s; want hollis, corvane on thornmere", g.P[0].Set.ID, g.P[1].Set.ID, g.Map.ID)
	}
}

// FuzzLoadPosition: any bytes as a position are refused with a position
// error, or load and take a random and a greedy step and read back
// (playtest.FuzzPositions); seeds are real positions, the scenarios', the
// hostile corpus and the short designer states below.
func FuzzLoadPosition(f *testing.F) {
	for _, extra := range []string{"", "pending: [{do: attack, seat: 0, warrior: corvane, ability: {attack: 2, range: long, reach: 4, targets: 2}, phase: more-targets, targets: [nettle]}]\n",
		"pending: [{do: resolve, seat: 0, abilities: [{star: true}, {march: 2}]}]\n", "done: [move, prime]\nused: [p1:hero, landmark:mirror-pool]\n"} {
		f.Add(byte(0), []byte("game: battlecrest\nmode: versus\nstate:"+strings.ReplaceAll(goodState+extra, "\n", "\n  ")+"\nversion: 1\n"))
	}
	playtest.FuzzPositions(f, playtest.Game{ID: GameID, Modes: Modes, Rules: rs}, "testdata/scenarios", "testdata/hostile-positions")
}
