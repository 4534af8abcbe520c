package fecipher_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	. "github.com/roundtable-dev/roundtable/engine/fecipher"
	"github.com/roundtable-dev/roundtable/engine/play"
)

// TestParticipantsAreTheCardsThatEnteredPlay: each seat's participants
// are its main character (in play from the setup: "each main character
// face down in the vanguard"), then, in the order of the actions, the
// cards it deployed, levelled up or class changed onto, and placed as
// bonds, each once, as the action texts name them.
func TestParticipantsAreTheCardsThatEnteredPlay(t *testing.T) {
	kinds := map[string]int{}
	for seed := uint64(1); seed <= 8; seed++ {
		pol := []string{"greedy", "random"}[seed%2]
		pm, err := Versus.New(rs, play.Options{Seed: seed, Quiet: true})
		if err != nil {
			t.Fatal(err)
		}
		m := pm.(*Match)
		want := make([][]string, 2)
		for s, p := range m.G.P {
			want[s] = []string{m.G.C(p.Main().Card()).ID}
		}
		pols := []play.Policy{Versus.Policies[pol](seed, 0), Versus.Policies[pol](seed, 1)}
		for n := 0; !m.Over(); n++ {
			if n > 20000 {
				t.Fatal("not over after 20000 actions")
			}
			s := m.ToMove()
			i := pols[s].Choose(m)
			f := strings.Fields(m.Action(i))
			card := ""
			switch {
			case f[0] == "deploy", f[0] == "bond":
				card = f[1]
			case f[0] == "level" || f[0] == "class": // level up UNIT to CARD, class change UNIT to CARD
				card = f[len(f)-1]
			}
			if card != "" {
				kinds[f[0]]++
				if !slices.Contains(want[s], card) {
					want[s] = append(want[s], card)
				}
			}
			if err := m.Apply(i); err != nil {
				t.Fatal(err)
			}
		}
		if got := m.Participants(); !reflect.DeepEqual(got, want) {
			t.Fatalf("seed %d (%s): participants\n%v\nthe actions say\n%v", seed, pol, got, want)
		}
	}
	for _, k := range []string{"deploy", "bond", "level"} {
		if kinds[k] == 0 {
			t.Errorf("no %q action in the games: the test does not see that kind", k)
		}
	}
}

// TestPositionPlayed: a position lists the cards that entered play per
// player; left out, they are the cards of its field and bonds, which
// count whether listed or not; an unknown card or one listed twice is
// refused at its line.
func TestPositionPlayed(t *testing.T) {
	load := func(played string) (*Match, error) {
		src := `turn: 3
phase: deployment
players:
  - name: P1
    bonds: [{card: cain-cavalier}]
    field: [{stack: [marth-young-prince, marth-star-lord], area: vanguard, main: true}]` + played + `
  - name: P2
    field: [{stack: [chrom-prince], area: vanguard, main: true}]
`
		var n yaml.Node
		if err := yaml.Unmarshal([]byte(src), &n); err != nil {
			t.Fatal(err)
		}
		m, err := Versus.Load(rs, &n)
		if err != nil {
			return nil, err
		}
		return m.(*Match), nil
	}
	for _, c := range []struct {
		name, played string
		want         [][]string
		err          string
	}{
		{"left out: field and bonds", "", [][]string{{"marth-young-prince", "marth-star-lord", "cain-cavalier"}, {"chrom-prince"}}, ""},
		{"listed", "\n    played: [abel-cavalier, marth-young-prince]", [][]string{{"abel-cavalier", "marth-young-prince", "marth-star-lord", "cain-cavalier"}, {"chrom-prince"}}, ""},
		{"unknown", "\n    played: [abel-cavalry]", nil, `7:14: players[0].played[0]: unknown card "abel-cavalry"`},
		{"twice", "\n    played: [abel-cavalier, abel-cavalier]", nil, "7:29: players[0].played[1]: card abel-cavalier is listed twice"},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, err := load(c.played)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := m.Participants(); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("participants %v, want %v", got, c.want)
			}
			if got := m.G.Position().Seats[0].Played; !reflect.DeepEqual(got, c.want[0]) {
				t.Fatalf("written back as %v, want %v", got, c.want[0])
			}
		})
	}
}
