package fecipher

import (
	"slices"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"

	fecengine "github.com/roundtable-dev/roundtable/engine/fecipher"
)

// bondHandRules is the shape rules with the first two decks holding the
// shape cards of bond and hand skills (testdata/shapes/bondhand.yaml) in
// place of some of their cards.
func bondHandRules(t *testing.T) *table.Ruleset {
	base := shapeRules(t)
	rs := *base
	rs.Decks = slices.Clone(base.Decks)
	var extra []int16
	for i, c := range rs.Cards {
		if strings.HasPrefix(c.ID, "shape-bh-") {
			extra = append(extra, int16(i))
		}
	}
	if len(extra) == 0 {
		t.Fatal("no shape-bh- cards")
	}
	for d := range rs.Decks[:2] {
		dk := &rs.Decks[d]
		dk.Cards = slices.Clone(dk.Cards)
		k := 0
		for i := range dk.Cards {
			if e := &dk.Cards[i]; e.Card != dk.Main && k < len(extra) {
				e.Card, e.Printing = extra[k], 0
				k++
			}
		}
	}
	return &rs
}

// TestBondHandSkillsPlay: seeded games between decks holding bond and
// hand skills keep the contract (positions written and loaded, clones,
// determinizations) and hide what each seat may not see: a hand skill is
// offered to its holder only, and its card is public once used.
func TestBondHandSkillsPlay(t *testing.T) {
	rs := bondHandRules(t)
	setup := playtest.Setup{Game: "fe-cipher", Mode: fecengine.Versus, Rules: rs, Seeds: 12}
	playtest.Conformance(t, setup)
	playtest.Views(t, setup, fecengine.Hidden())
	// The skills are used: random games take the actions.
	used := map[string]int{}
	for seed := uint64(1); seed <= 30; seed++ {
		pm, err := fecengine.Versus.New(rs, play.Options{Seed: seed, Quiet: true})
		if err != nil {
			t.Fatal(err)
		}
		m := pm.(*fecengine.Match)
		pol := play.NewRandom(seed, 0)
		for n := 0; n < 3000 && !m.Over(); n++ {
			i := pol.Choose(m)
			if a := m.Action(i); strings.HasPrefix(a, "use bond ") || strings.HasPrefix(a, "use hand ") {
				used[strings.Fields(a)[1]]++
			}
			if err := m.Apply(i); err != nil {
				t.Fatal(err)
			}
			if err := m.G.Invariants(); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("bond and hand skills used: %v", used)
	if used["bond"] == 0 || used["hand"] == 0 {
		t.Fatalf("bond and hand skills used: %v", used)
	}
}
