package fecipher_test

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	. "github.com/roundtable-dev/roundtable/engine/fecipher"
	"github.com/roundtable-dev/roundtable/engine/play"
)

var games = flag.Int("fec.games", 30, "seeded games per policy pairing in TestPropertySeededGames")

// TestPropertySeededGames plays seeded games between every pairing of the
// built-in policies and checks after every action: orbs never below 0 nor
// above 5 and only lost by the main character's defeat, one unit per unit
// name on each field, every card of each deck somewhere. Every game ends,
// and the loser has no orbs left.
func TestPropertySeededGames(t *testing.T) {
	n := *games
	if testing.Short() {
		n = 5
	}
	pairs := [][2]string{{"greedy", "greedy"}, {"greedy", "random"}, {"random", "greedy"}, {"random", "random"}}
	wins := map[string]int{}
	for _, pr := range pairs {
		for seed := uint64(1); seed <= uint64(n); seed++ {
			m, err := Versus.New(rs, play.Options{Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			pols := []play.Policy{Versus.Policies[pr[0]](seed, 0), Versus.Policies[pr[1]](seed, 1)}
			for steps := 0; !m.Over(); steps++ {
				if steps > 100000 {
					t.Fatalf("%s vs %s seed %d: no end after %d actions", pr[0], pr[1], seed, steps)
				}
				i := pols[m.ToMove()].Choose(m)
				text := m.Action(i)
				if err := m.Apply(i); err != nil {
					t.Fatalf("%s vs %s seed %d: %q refused: %v", pr[0], pr[1], seed, text, err)
				}
				if err := m.(*Match).G.Invariants(); err != nil {
					t.Fatalf("%s vs %s seed %d, after %q: %v", pr[0], pr[1], seed, text, err)
				}
			}
			g := m.(*Match).G
			if g.Winner >= 0 && len(g.P[1-g.Winner].Orbs) != 0 {
				t.Errorf("seed %d: the loser still has %d orbs", seed, len(g.P[1-g.Winner].Orbs))
			}
			wins[fmt.Sprint(g.Winner)]++
		}
	}
	t.Logf("results over %d games (winner index, -1 draw): %v", 4*n, wins)
}

// TestInvariantsCatchBrokenStates shows the property test's checks can fail.
func TestInvariantsCatchBrokenStates(t *testing.T) {
	g := newGame(t, 3)
	NewMatch(g) // the redraw decisions are pending: no orbs yet
	if err := g.Invariants(); err != nil {
		t.Fatalf("fresh game: %v", err)
	}
	g.P[0].Field = append(g.P[0].Field, &Unit{Stack: []int{g.P[0].Main().Card()}})
	if g.Invariants() == nil {
		t.Error("two Marths on the field should break the invariants")
	}
	g = newGame(t, 3)
	g.P[1].Hand = g.P[1].Hand[1:]
	if g.Invariants() == nil {
		t.Error("a lost card should break the invariants")
	}
	m := NewMatch(newGame(t, 3))
	do(t, m, "keep hand")
	do(t, m, "keep hand")
	m.G.P[0].Orbs = m.G.P[0].Orbs[1:]
	if m.G.Invariants() == nil {
		t.Error("an orb gone without a defeat should break the invariants")
	}
}

// TestLoadRejectsBrokenPositions: a position with a wrong value is a clear
// error naming the field and its line, never a panic.
func TestLoadRejectsBrokenPositions(t *testing.T) {
	const good = `turn: 3
phase: action
players:
  - name: P1
    hand: [cain-cavalier]
    field: [{stack: [marth-young-prince], area: vanguard, main: true}]
  - name: P2
    field: [{stack: [chrom-prince], area: vanguard, main: true}]
`
	load := func(s string) error {
		var n yaml.Node
		if err := yaml.Unmarshal([]byte(s), &n); err != nil {
			t.Fatal(err)
		}
		_, err := Load(rs, &n)
		return err
	}
	if err := load(good); err != nil {
		t.Fatalf("the good position: %v", err)
	}
	for _, c := range []struct{ from, to, want string }{
		{"hand: [cain-cavalier]", "hand: [cain-cavaleir]", `5:12: players[0].hand[0]: unknown card "cain-cavaleir"`},
		{"phase: action", "phase: battle", `2:8: phase: unknown phase "battle"`},
		{"area: vanguard, main: true}]\n  - name: P2", "area: middle, main: true}]\n  - name: P2", `6:49: players[0].field[0].area: area "middle" is not vanguard or rearguard`},
		{"[{stack: [chrom-prince], area: vanguard, main: true}]", "[{stack: [chrom-prince], area: vanguard}]", "players[1].field: 0 units are marked main"},
		{"[{stack: [chrom-prince], area: vanguard, main: true}]", "[{stack: [chrom-prince], area: vanguard, main: true}, {stack: [chrom-exalt], area: rearguard}]", "a second unit named Chrom"},
		{"hand: [cain-cavalier]", "hand: [cain-cavalier]\n    orbs: [a, b]", `unknown card "a"`},
		{"hand: [cain-cavalier]", "hand: [cain-cavalier]\n    orbs: [cain-cavalier]\n    orbs-broken: 1", "1 orbs broken with 1 left; they make 5"},
		{"turn: 3", "turn: 3\npending: [{kind: critical, seat: 0}]", "a critical decision needs a battle before it"},
		{"turn: 3", "turn: 3\npending: [{kind: battle, seat: 0, attacker: 9, defender: 2}]", "pending[0].attacker: no unit has uid 9"},
		{"turn: 3", "turn: 3\npending: [{kind: skill, seat: 0, card: marth-young-prince, skill: 7}]", "card marth-young-prince has no skill 7"},
		{"turn: 3", "turn: 3\nrng: zz", "rng: not a random source's state"},
		{"turn: 3", "turn: 3\ncolour: red", `unknown field "colour"`},
		{"turn: 3", "turn: -1", "1:7: turn: -1 is not 0 to 400"},
		{"  - name: P2\n    field: [{stack: [chrom-prince], area: vanguard, main: true}]\n", "", "a match has 2 players, not 1"},
	} {
		bad := strings.Replace(good, c.from, c.to, 1)
		if bad == good {
			t.Fatalf("case %q does not change the position", c.want)
		}
		err := load(bad)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want an error holding %q", err, c.want)
		}
	}
}
