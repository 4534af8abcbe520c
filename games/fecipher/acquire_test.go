package fecipher

import (
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	fecengine "github.com/roundtable-dev/roundtable/engine/fecipher"
)

// TestAcquiredSkillsInViews: a unit's skills acquired from its allies
// (Dragon's Blood) are in each seat's view and its text, one a name, and
// go when the ally that gives them leaves the field.
func TestAcquiredSkillsInViews(t *testing.T) {
	m := loadState(t, `
turn: 3
phase: action
active: 0
players:
  - name: P1
    bonds: [{card: cain-cavalier}]
    field:
      - {stack: [shape-db-sen], area: vanguard, main: true}
      - {stack: [shape-db-yume], area: vanguard}
  - name: P2
    field:
      - {stack: [chrom-prince], area: vanguard, main: true}
`)
	for seat := -1; seat < 2; seat++ {
		v := m.G.View(seat)
		sen, yume := v.Seats[0].Field[0], v.Seats[0].Field[1]
		want := []string{"Wind Step (shape-db-yume)", "Victor's Due (shape-db-yume)"}
		if !slices.Equal(sen.Acquired, want) {
			t.Errorf("seat %d: Sen acquires %q, want %q (Morning Resolve is his own)", seat, sen.Acquired, want)
		}
		if len(yume.Acquired) != 0 {
			t.Errorf("seat %d: Yume acquires %q, want nothing (Sen's only [DB] skill has a name she has)", seat, yume.Acquired)
		}
		if s := strings.Join(strings.Fields(m.G.Show(seat)), " "); !strings.Contains(s, "acquires Wind Step (shape-db-yume), Victor's Due (shape-db-yume)") {
			t.Errorf("seat %d: the text does not show what Sen acquires:\n%s", seat, s)
		}
	}
	if p := m.G.Position(); len(p.Seats[0].Field[0].Acquired) != 0 {
		t.Errorf("a position holds acquired skills: %q", p.Seats[0].Field[0].Acquired)
	}
	m.G.P[0].Field = m.G.P[0].Field[:1] // Yume leaves the field
	if a := m.G.View(0).Seats[0].Field[0].Acquired; len(a) != 0 {
		t.Errorf("Sen alone acquires %q", a)
	}
}

// TestLostSkillHasNoEffect: a skill a mod takes away ("loses "Guarded"")
// no longer gives its bonus; without the mod it does.
func TestLostSkillHasNoEffect(t *testing.T) {
	for _, c := range []struct {
		mods string
		want string
	}{
		{"", "shape-ls-mute (attack 40,"},
		{", mods: [{attack: 20, lose: [Guarded], ends: 3}]", "shape-ls-mute (attack 50,"},
	} {
		m := loadState(t, `
turn: 3
phase: action
active: 0
players:
  - name: P1
    field:
      - {stack: [shape-ls-mute], area: vanguard, main: true`+c.mods+`}
  - name: P2
    field:
      - {stack: [chrom-prince], area: vanguard, main: true}
`)
		if s := m.G.Show(0); !strings.Contains(s, c.want) {
			t.Errorf("mods %q: want %q in\n%s", c.mods, c.want, s)
		}
	}
}

// loadState reads a game state of the shape cards' rules.
func loadState(t *testing.T, text string) *fecengine.Match {
	t.Helper()
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(text), &n); err != nil {
		t.Fatal(err)
	}
	m, err := fecengine.Load(shapeRules(t), n.Content[0])
	if err != nil {
		t.Fatal(err)
	}
	return m
}
