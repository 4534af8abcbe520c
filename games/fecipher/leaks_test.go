package fecipher

import (
	"os"
	"strings"

	"gopkg.in/yaml.v3"
	"math/rand/v2"
	"slices"
	"testing"

	fecengine "github.com/roundtable-dev/roundtable/engine/fecipher"
	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
)

// TestImportedDecksHideWhatTheyShould: seeded games between pairs of
// decks of imported cards (their skills reveal deck tops, put cards from
// the hand on the deck, support from the deck) keep to each seat what it
// may see (playtest.Views with the engine's Hidden): a card revealed by a
// skill is public, one put back without "reveal" is its owner's, a
// support card is public once it is turned for the battle. The same games
// replayed reach those events, and a determinization for either seat
// keeps the cards a pending skill revealed on top of their deck (both
// players saw them there).
func TestImportedDecksHideWhatTheyShould(t *testing.T) {
	rs, _ := importedRules(t)
	pairs, seeds := 8, 3
	if testing.Short() {
		pairs, seeds = 4, 2
	}
	var all playtest.ViewStats
	kinds := map[string]int{} // reveal, support-skill, put (hidden from a seat), revealed-kept
	played := 0
	for i := 0; i+1 < len(rs.Decks) && i < 2*pairs; i += 2 {
		played++
		flags := map[string][]string{"deck": {rs.Decks[i].ID, rs.Decks[len(rs.Decks)-1-i].ID}}
		setup := playtest.Setup{Game: "fe-cipher", Mode: fecengine.Versus, Rules: rs, Flags: flags, Seeds: seeds}
		t.Run(rs.Decks[i].ID, func(t *testing.T) {
			st := playtest.Views(t, setup, fecengine.Hidden())
			all.Decisions += st.Decisions
			all.Hidden += st.Hidden
			all.Private += st.Private
			for seed := uint64(1); seed <= uint64(seeds); seed++ {
				replayLeaks(t, setup, seed, kinds)
			}
		})
	}
	t.Logf("%d pairs of decks, %d games each: %+v; events %v", played, seeds, all, kinds)
	for _, k := range []string{"reveal", "support-skill", "put hidden", "revealed kept"} {
		if kinds[k] == 0 {
			t.Errorf("no %q in the games: %v", k, kinds)
		}
	}
}

// replayLeaks plays the game Views played for seed, counting the events
// of kinds, and at each decision with a pending skill's revealed cards
// checks that a determinization for each seat keeps them on top.
func replayLeaks(t *testing.T, s playtest.Setup, seed uint64, kinds map[string]int) {
	t.Helper()
	pm, err := s.Mode.New(s.Rules, play.Options{Seed: seed, Flags: s.Flags})
	if err != nil {
		t.Fatal(err)
	}
	m := pm.(*fecengine.Match)
	name := "random"
	if seed%2 == 1 {
		name = "greedy"
	}
	pols := []play.Policy{s.Mode.Policies[name](seed, 0), s.Mode.Policies[name](seed, 1)}
	r := play.NewRunner(m, func(e play.Event) {
		switch {
		case e.Kind == "reveal", e.Kind == "support-skill":
			kinds[e.Kind]++
		case e.Kind == "put" && e.Only != nil:
			kinds["put hidden"]++
		}
	})
	for step := 0; !m.Over() && step < 5000; step++ {
		for _, f := range m.G.Position().Pending {
			if len(f.Revealed) == 0 {
				continue
			}
			for seat := range 2 {
				d := m.Determinize(seat, rand.New(rand.NewPCG(seed, uint64(step)))).(*fecengine.Match)
				deck, top := m.G.Position().Seats[f.RevealSeat].Deck, d.G.Position().Seats[f.RevealSeat].Deck
				n, known := 0, slices.Clone(f.Revealed)
				for n < len(deck) {
					k := slices.Index(known, deck[n])
					if k < 0 {
						break
					}
					known = slices.Delete(known, k, k+1)
					n++
				}
				if !slices.Equal(deck[:n], top[:n]) {
					t.Fatalf("seed %d step %d: revealed %v on top of %v; a determinization for seat %d has %v", seed, step, f.Revealed, deck[:n], seat, top[:n])
				}
				kinds["revealed kept"]++
			}
		}
		if err := r.Do(pols[m.ToMove()].Choose(m)); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPutFromHandOnDeckIsPrivate: Study Notes (the scenario
// hand-and-retreat-to-deck-top: "choose 1 card from your hand, and place
// it on top of your Deck", no "reveal") names the card put on the deck to
// its owner only, in the decision's action and in the put's event; the
// other seat and an onlooker read "put a card". Recall Abel's card comes
// from the retreat area, in view: every seat sees which.
func TestPutFromHandOnDeckIsPrivate(t *testing.T) {
	b, err := os.ReadFile("testdata/scenarios/hand-and-retreat-to-deck-top.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var sc struct {
		Position yaml.Node `yaml:"position"`
		Actions  []string  `yaml:"actions"`
	}
	if err := yaml.Unmarshal(b, &sc); err != nil {
		t.Fatal(err)
	}
	pos, err := yaml.Marshal(&sc.Position)
	if err != nil {
		t.Fatal(err)
	}
	env, err := play.ReadPosition("hand-and-retreat-to-deck-top.yaml", pos)
	if err != nil {
		t.Fatal(err)
	}
	m, err := fecengine.Versus.Load(shapeRules(t), env.State)
	if err != nil {
		t.Fatal(err)
	}
	var events []play.Event
	r := play.NewRunner(m, func(e play.Event) { events = append(events, e) })
	for _, a := range sc.Actions {
		if err := r.DoText(a); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
	}
	puts := func(seat int) []string {
		var out []string
		for _, e := range play.SeenBy(events, seat) {
			if e.Kind == "put" || e.Kind == "action" && strings.Contains(e.Text, ": put ") {
				out = append(out, e.Text)
			}
		}
		return out
	}
	lena, abel := "Kind Sister of Macedon, Lena", "The Jade Panther, Abel"
	for _, c := range []string{lena, abel} {
		if !slices.ContainsFunc(puts(0), func(s string) bool { return strings.Contains(s, c) }) {
			t.Fatalf("no put of %s seen by P1: %q", c, puts(0))
		}
	}
	for _, seat := range []int{1, -1} {
		got := puts(seat)
		if want := []string{"P1: put a card", "P1 put a card (on top of the deck)", "P1: put abel-cavalier"}; len(got) < 3 || !slices.Equal(got[:3], want) {
			t.Errorf("seat %d sees the puts as %q, want %q then Abel's put", seat, got, want)
		}
		for _, s := range got {
			if strings.Contains(s, "lena") || strings.Contains(s, "Lena") {
				t.Errorf("seat %d sees %q", seat, s)
			}
		}
	}
}
