package tropera_test

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	. "github.com/roundtable-dev/roundtable/engine/tropera"
)

func playOut(t *testing.T, m play.Match, mode play.Mode, policy string, seed uint64) {
	t.Helper()
	pols := make([]play.Policy, len(m.Seats()))
	for i := range pols {
		pols[i] = mode.Policies[policy](seed, i)
	}
	for n := 0; !m.Over(); n++ {
		if n > 20000 {
			t.Fatal("not over after 20000 actions")
		}
		if err := m.Apply(pols[m.ToMove()].Choose(m)); err != nil {
			t.Fatal(err)
		}
	}
}

// TestParticipantsAreTheBattleCharacters: each side lists its characters
// of the battle (content/tropera/battles.yaml), an enemy character fielded
// several times once, before and after a battle.
func TestParticipantsAreTheBattleCharacters(t *testing.T) {
	for _, c := range []struct {
		battle string
		want   [][]string
	}{
		{"durvalla-road", [][]string{{"lyn", "oswin", "erk", "serra"}, {"vissan-soldier", "vissan-archer", "vissan-mage", "cairn-brigand"}}},
		{"cairn-fort", [][]string{{"hector", "lethe", "nowi", "marta", "corvin"}, {"cairn-brigand", "cairn-thief", "vissan-archer", "vissan-mage"}}},
	} {
		b, err := NewBattle(rs, rs.BattleIndex(c.battle), 3, true)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.Participants(); !reflect.DeepEqual(got, c.want) {
			t.Fatalf("%s at the start: %v, want %v", c.battle, got, c.want)
		}
		playOut(t, b, BattleMode, "greedy", 3)
		if got := b.Participants(); !reflect.DeepEqual(got, c.want) {
			t.Fatalf("%s at the end: %v, want %v", c.battle, got, c.want)
		}
	}
	l, err := NewLeveling(rs, rs.CharacterIndex("lyn"), 2, 1, true)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := l.Participants(), [][]string{{"lyn"}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("levelup: %v, want %v", got, want)
	}
}

// withoutRNG is m's position as a map, less the random source's state.
func withoutRNG(t *testing.T, m play.Match) (map[string]any, string) {
	t.Helper()
	b, err := json.Marshal(m.Position())
	if err != nil {
		t.Fatal(err)
	}
	var p map[string]any
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatal(err)
	}
	rng, _ := p["rng"].(string)
	delete(p, "rng")
	return p, rng
}

// determinizeAlong plays m out with policy, determinizing it for the seat
// to move three times before every action: the copy is the same position
// (units, map, the level-up's rolls) with another random source, and the
// match keeps its own. It returns how many determinizations it made.
func determinizeAlong(t *testing.T, m play.Match, mode play.Mode, policy string) int {
	t.Helper()
	d := m.(play.Determinizer)
	pols := make([]play.Policy, len(m.Seats()))
	for i := range pols {
		pols[i] = mode.Policies[policy](5, i)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	n := 0
	for step := 0; !m.Over(); step++ {
		if step > 20000 {
			t.Fatal("not over after 20000 actions")
		}
		want, wantRNG := withoutRNG(t, m)
		for range 3 {
			got, gotRNG := withoutRNG(t, d.Determinize(m.ToMove(), rng))
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("step %d: the determinization is another position:\n%v\nwant\n%v", step, got, want)
			}
			if gotRNG == wantRNG {
				t.Fatalf("step %d: the random source is the match's", step)
			}
			if _, after := withoutRNG(t, m); after != wantRNG {
				t.Fatalf("step %d: Determinize changed the match's random source", step)
			}
			n++
		}
		if err := m.Apply(pols[m.ToMove()].Choose(m)); err != nil {
			t.Fatal(err)
		}
	}
	return n
}

// TestDeterminizeRedrawsOnlyTheDice: the GM's dice to come (attack d100s,
// level-up d20s) are all a battle or a level-up hides; a determinization
// is the same position with another random source, for both seats of a
// battle (deployment, both phases) and through level-ups with a milestone.
func TestDeterminizeRedrawsOnlyTheDice(t *testing.T) {
	b, err := NewBattle(rs, rs.BattleIndex("durvalla-road"), 7, true)
	if err != nil {
		t.Fatal(err)
	}
	if n := determinizeAlong(t, b, BattleMode, "random"); n < 30 {
		t.Errorf("only %d determinizations in a battle", n)
	}
	l, err := NewLeveling(rs, rs.CharacterIndex("lyn"), 9, 5, true)
	if err != nil {
		t.Fatal(err)
	}
	if n := determinizeAlong(t, l, LevelUpMode, "random"); n < 9*3 {
		t.Errorf("only %d determinizations in 9 level-ups", n)
	}
}
