package fecipher

import (
	"math/rand/v2"
	"slices"
	"testing"

	fecengine "github.com/roundtable-dev/roundtable/engine/fecipher"
	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
	"github.com/roundtable-dev/roundtable/engine/play"
)

// TestDeterminizeKeepsRevealedCards: while a skill's decision on the cards
// it looked at is pending, a determinization for its player deals the
// rest of the deck and the orbs anew but keeps those cards in their places:
// the same choices are offered.
func TestDeterminizeKeepsRevealedCards(t *testing.T) {
	rs := shapeRules(t)
	m := loadPosition(t, rs, "look.yaml", `version: 1
game: fe-cipher
mode: versus
state:
  turn: 3
  phase: action
  active: 0
  players:
    - name: P1
      deck: [cain-cavalier, abel-cavalier, draug-knight, jagen-paladin, ogma-mercenary, navarre-myrmidon]
      orbs: [lena-cleric, maria-cleric, merric-mage]
      bonds: [{card: gordin-archer}]
      field:
        - {stack: [marth-young-prince], area: vanguard, main: true}
        - {stack: [shape-kesh], area: vanguard}
    - name: P2
      orbs: [vaike-fighter]
      field:
        - {stack: [chrom-prince], area: vanguard, main: true}
`)
	playActions(t, m, "use shape-kesh read-the-wind", "flip gordin-archer")
	legal := func(m play.Match) []string {
		var out []string
		for i := range m.Legal() {
			out = append(out, m.Action(i))
		}
		return out
	}
	want := legal(m)
	if !slices.Contains(want, "put cain-cavalier") || !slices.Contains(want, "put abel-cavalier") {
		t.Fatalf("not at the look's decision: %v", want)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		d := m.Determinize(0, rng)
		if got := legal(d); !slices.Equal(got, want) {
			t.Fatalf("a determinization offers %v; the match %v", got, want)
		}
		deck := d.(*fecengine.Match).G.P[0].Deck
		if deck[0] != m.G.P[0].Deck[0] || deck[1] != m.G.P[0].Deck[1] {
			t.Fatal("the cards looked at moved in the deck")
		}
	}
}

// TestCostDecisionsLoadBack: a skill whose cost flips a bond and
// discards a card has both decisions pending at once (the flip on top);
// the position written then loads back.
func TestCostDecisionsLoadBack(t *testing.T) {
	rs := shapeRules(t)
	m := loadPosition(t, rs, "pay.yaml", `version: 1
game: fe-cipher
mode: versus
state:
  turn: 3
  phase: action
  active: 0
  players:
    - name: P1
      deck: [cain-cavalier]
      hand: [abel-cavalier, draug-knight]
      bonds: [{card: gordin-archer}, {card: gordin-archer}]
      field:
        - {stack: [marth-young-prince], area: vanguard, main: true}
        - {stack: [shape-wendla], area: vanguard}
    - name: P2
      field:
        - {stack: [chrom-prince], area: vanguard, main: true}
`)
	playActions(t, m, "use shape-wendla paid-twice")
	if n := len(m.G.Pending); n != 3 {
		t.Fatalf("%d frames pending, not the skill and its two cost decisions", n)
	}
	b, err := play.MarshalPosition("fe-cipher", "versus", m, "yaml")
	if err != nil {
		t.Fatal(err)
	}
	back, err := play.ReadPosition("back.yaml", b)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fecengine.Load(rs, back.State); err != nil {
		t.Fatalf("the position does not load back: %v\n%s", err, b)
	}
}

// TestCriticalCostLoadsBack: a critical hit paid by a skill's other cost
// (bonds to flip) leaves that decision pending over the battle; the
// position written then loads back and plays on alike.
func TestCriticalCostLoadsBack(t *testing.T) {
	rs := shapeRules(t)
	m := loadPosition(t, rs, "crit.yaml", `version: 1
game: fe-cipher
mode: versus
state:
  turn: 3
  phase: action
  active: 0
  players:
    - name: P1
      bonds: [{card: cain-cavalier}, {card: abel-cavalier}, {card: abel-cavalier}]
      field:
        - {stack: [marth-young-prince], area: vanguard, main: true}
        - {stack: [shape-zephyr], area: vanguard}
    - name: P2
      orbs: [vaike-fighter]
      field:
        - {stack: [chrom-prince], area: vanguard, main: true}
`)
	playActions(t, m, "attack chrom-prince with shape-zephyr", "critical by arcane-focus")
	b, err := play.MarshalPosition("fe-cipher", "versus", m, "yaml")
	if err != nil {
		t.Fatal(err)
	}
	back, err := play.ReadPosition("back.yaml", b)
	if err != nil {
		t.Fatal(err)
	}
	m2, err := fecengine.Load(rs, back.State)
	if err != nil {
		t.Fatalf("the position does not load back: %v\n%s", err, b)
	}
	for _, mm := range []*fecengine.Match{m, m2} {
		playActions(t, mm, "flip abel-cavalier", "flip abel-cavalier")
	}
	x, _ := play.MarshalPosition("fe-cipher", "versus", m, "yaml")
	y, _ := play.MarshalPosition("fe-cipher", "versus", m2, "yaml")
	if string(x) != string(y) {
		t.Fatalf("the loaded position plays on differently:\n%s\n---\n%s", x, y)
	}
}

// loadPosition reads a position of the shape cards' rules.
func loadPosition(t *testing.T, rs *table.Ruleset, name, text string) *fecengine.Match {
	t.Helper()
	env, err := play.ReadPosition(name, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	m, err := fecengine.Load(rs, env.State)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// playActions applies actions by their text.
func playActions(t *testing.T, m play.Match, actions ...string) {
	t.Helper()
	for _, a := range actions {
		i, err := play.Find(m, a)
		if err != nil {
			t.Fatalf("%s: %v", a, err)
		}
		if err := m.Apply(i); err != nil {
			t.Fatal(err)
		}
	}
}
