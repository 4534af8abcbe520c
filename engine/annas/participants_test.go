package annas

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/annas/table"
	"github.com/roundtable-dev/roundtable/engine/play"
	annasgen "github.com/roundtable-dev/roundtable/generated/annas"
)

// deployedByLog plays m to its end with policy pol on every player's seat
// and returns, per seat, the units of its "deploy UNIT …" actions in the
// order of their first deployment: the participants as the action log
// tells them. After every action, each unit on the board is among its
// owner's participants.
func deployedByLog(t *testing.T, m *Match, pol string, seed uint64) [][]string {
	t.Helper()
	seats := m.Seats()
	want := make([][]string, len(seats))
	pols := make([]play.Policy, len(seats))
	for i := range pols {
		want[i] = []string{}
		pols[i] = policies[pol](seed, i)
	}
	for n := 0; !m.Over(); n++ {
		if n > 20000 {
			t.Fatal("not over after 20000 actions")
		}
		s := m.ToMove()
		i := pols[s].Choose(m)
		if f := strings.Fields(m.Action(i)); f[0] == "deploy" && !slices.Contains(want[s], f[1]) {
			want[s] = append(want[s], f[1])
		}
		if err := m.Apply(i); err != nil {
			t.Fatal(err)
		}
		parts := m.Participants()
		for _, q := range m.G.Pieces {
			if id := m.G.Rules.Units[max(q.Card, 0)].ID; q.Kind == UnitPiece && !slices.Contains(parts[q.Owner], id) {
				t.Fatalf("action %d: %s is on the board, not among P%d's participants %v", n+1, id, q.Owner+1, parts[q.Owner])
			}
		}
	}
	return want
}

// TestParticipantsAreTheUnitsDeployed: in versus, each player's
// participants are the units it deployed (rulebook III, Deploying Units),
// each once, in the order of the first deployment, as its deploy actions
// name them.
func TestParticipantsAreTheUnitsDeployed(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		pol := []string{"greedy", "random"}[seed%2]
		m, err := Versus.New(annasgen.Ruleset, play.Options{Seed: seed, Quiet: true})
		if err != nil {
			t.Fatal(err)
		}
		want := deployedByLog(t, m.(*Match), pol, seed)
		got := m.(*Match).Participants()
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("seed %d (%s): participants %v, the deploy actions %v", seed, pol, got, want)
		}
		if len(got[0])+len(got[1]) < 4 {
			t.Fatalf("seed %d (%s): only %v deployed: the test sees too little", seed, pol, got)
		}
	}
}

// TestParticipantsInBossMode: the players list the units they deployed,
// and the boss seat (rulebook VIII: the boss is the players' opponent)
// lists the boss.
func TestParticipantsInBossMode(t *testing.T) {
	for _, boss := range []string{"grima", "medeus"} {
		m, err := Boss.New(annasgen.Ruleset, play.Options{Seed: 4, Quiet: true,
			Flags: map[string][]string{"boss": {boss}, "players": {"3"}}})
		if err != nil {
			t.Fatal(err)
		}
		want := deployedByLog(t, m.(*Match), "greedy", 4)
		want[3] = []string{boss}
		if got := m.(*Match).Participants(); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: participants %v, want %v", boss, got, want)
		}
	}
}

// TestPositionDeployed: a position lists the units deployed per player; a
// position without the list counts the player's units on the board; an
// unknown unit or one listed twice is refused at its line.
func TestPositionDeployed(t *testing.T) {
	state := func(t *testing.T, deployed string) *yaml.Node {
		t.Helper()
		src := `map: default
phase: turn
turn: 3
current: 0
players:
  - {hand: [camilla, chrom, frederick, olivia, tharja, robin]` + deployed + `}
  - {hand: []}
units:
  - {unit: lucina, owner: 0, slot: red, at: c1, damage: 0, exhausted: false}
  - {unit: virion, owner: 1, slot: green, at: c6, damage: 0, exhausted: false}
`
		var n yaml.Node
		if err := yaml.Unmarshal([]byte(src), &n); err != nil {
			t.Fatal(err)
		}
		return &n
	}
	for _, c := range []struct {
		name, deployed string
		want           [][]string
		err            string
	}{
		{"left out: the board", "", [][]string{{"lucina"}, {"virion"}}, ""},
		{"listed, with the board", ", deployed: [sully, lucina]", [][]string{{"sully", "lucina"}, {"virion"}}, ""},
		{"listed without a unit on the board", ", deployed: [sully]", [][]string{{"sully", "lucina"}, {"virion"}}, ""},
		{"unknown", ", deployed: [sully, lucinna]", nil, `6:82: players[0].deployed[1]: unknown unit "lucinna"`},
		{"twice", ", deployed: [sully, sully]", nil, "6:82: players[0].deployed[1]: unit sully is listed twice"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, err := Load(annasgen.Ruleset, table.Versus, state(t, c.deployed))
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := NewMatch(g).Participants(); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("participants %v, want %v", got, c.want)
			}
			if got := g.Position().Players[0].Deployed; !reflect.DeepEqual(got, c.want[0]) {
				t.Fatalf("written back as %v, want %v", got, c.want[0])
			}
		})
	}
}
