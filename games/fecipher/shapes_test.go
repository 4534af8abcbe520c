package fecipher

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/fecipher/skill"
	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	"github.com/roundtable-dev/roundtable/games"

	fecengine "github.com/roundtable-dev/roundtable/engine/fecipher"
)

var shapes struct {
	once sync.Once
	rs   any
	err  error
}

// shapeRules is the base content with the shape pack (testdata/shapes: an
// expansion of text-only cards, one or more per part of the vocabulary).
func shapeRules(t *testing.T) *table.Ruleset {
	t.Helper()
	shapes.once.Do(func() {
		g, _ := games.Lookup("fe-cipher")
		var b strings.Builder
		shapes.rs, shapes.err = g.Rules([]string{"testdata/shapes"}, &b)
		if shapes.err != nil {
			shapes.err = errorf("%v\n%s", shapes.err, b.String())
		}
	})
	if shapes.err != nil {
		t.Fatal(shapes.err)
	}
	return shapes.rs.(*table.Ruleset)
}

// TestShapeCardsCompileFromText: the shape pack's cards are written with
// text only; every skill compiles (a clause the compiler cannot read would
// be a warning, which this test refuses).
func TestShapeCardsCompileFromText(t *testing.T) {
	sets, diags, err := games.LoadSets([]string{"testdata/shapes"})
	if err != nil {
		t.Fatal(err)
	}
	for _, set := range sets {
		_, ds := compiler.Compile(set)
		diags = append(diags, ds...)
	}
	for _, d := range diags {
		t.Errorf("%s", d.Message)
	}
	rs := shapeRules(t)
	for _, c := range rs.Cards {
		if !strings.HasPrefix(c.ID, "shape-") {
			continue
		}
		for _, s := range c.Skills {
			if len(s.Effects) == 0 {
				t.Errorf("%s %s: no effects compiled", c.ID, s.Name)
			}
		}
	}
}

// TestShapeScenarios runs the effect scenarios (testdata/scenarios): each
// shows a compiled effect happen, from a position and actions.
func TestShapeScenarios(t *testing.T) {
	playtest.Scenarios(t, "testdata/scenarios", playtest.Game{ID: "fe-cipher", Modes: fecengine.Modes, Rules: shapeRules(t)})
}

var (
	reCardID = regexp.MustCompile(`shape-[a-z0-9-]+`)
	// A real card's id as the importer derives it (b01-001, p19-004, b08-047a, b02-093-2).
	reRealID = regexp.MustCompile(`\b[a-z]\d{2}-\d{3}[a-z]?(?:-\d)?\b`)
)

// scenarioPhrases reads the scenarios: per file, the kinds of phrase the
// skills of the shape cards it plays read (compiled from their text, as
// for a real card), and the real cards its rule names.
func scenarioPhrases(t *testing.T) (kinds map[string]map[string]bool, real map[string][]string) {
	rs := shapeRules(t)
	files, _ := filepath.Glob("testdata/scenarios/*.yaml")
	kinds, real = map[string]map[string]bool{}, map[string][]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		kinds[f] = map[string]bool{}
		for _, id := range reCardID.FindAllString(string(b), -1) {
			i := rs.CardIndex(id)
			if i < 0 {
				t.Errorf("%s: no card %s in the shape pack", f, id)
				continue
			}
			for _, s := range rs.Cards[i].Skills {
				for _, k := range skill.Compile(table.SkillTypeNames[s.Type], s.Cost, s.Text).Phrases {
					kinds[f][k] = true
				}
			}
		}
		var doc struct {
			Rule string `yaml:"rule"`
		}
		if err := yaml.Unmarshal(b, &doc); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		real[f] = reRealID.FindAllString(doc.Rule, -1)
	}
	return kinds, real
}

// TestEveryPhraseHasAScenario: every kind of phrase that a compiled skill
// line of the real card list reads (skill.Phrases: its timing, whose
// event, each cost part, condition, target, operation, duration and
// filter) is played by a scenario whose shape card's skill reads it, and
// that scenario names in its rule a real card whose compiled skill reads
// it too: the text the scenario stands for.
func TestEveryPhraseHasAScenario(t *testing.T) {
	_, lines := importedRules(t)
	byCard := map[string]map[string]bool{}
	used := map[string]int{}
	for _, l := range lines {
		for _, k := range l.Result.Phrases {
			if byCard[l.Card] == nil {
				byCard[l.Card] = map[string]bool{}
			}
			byCard[l.Card][k] = true
			used[k]++
		}
	}
	kinds, real := scenarioPhrases(t)
	// Deck building is not play: the copies permission is shown by the
	// check of a deck (compiler/fecipher/testdata/script/fec_deck_copies.txtar).
	delete(used, "special:copies")
	for _, m := range missingPhrases(used, byCard, kinds, real) {
		t.Error(m)
	}
}

// missingPhrases lists the kinds of phrase used (with their line counts)
// that no scenario plays, or whose scenarios name no real card (byCard:
// the kinds each real card's compiled skills read) reading them.
func missingPhrases(used map[string]int, byCard, kinds map[string]map[string]bool, real map[string][]string) []string {
	var missing []string
	for k, n := range used {
		played, named := false, false
		for f, ks := range kinds {
			if !ks[k] {
				continue
			}
			played = true
			for _, id := range real[f] {
				named = named || byCard[id][k]
			}
		}
		switch {
		case !played:
			missing = append(missing, fmt.Sprintf("%s (%d lines): no scenario plays a card whose skill reads it", k, n))
		case !named:
			missing = append(missing, fmt.Sprintf("%s (%d lines): the scenarios that play it name no real card that reads it", k, n))
		}
	}
	slices.Sort(missing)
	return missing
}

// TestMissingPhrasesCatchesGaps: the check of TestEveryPhraseHasAScenario
// fails for a kind no scenario plays and for one whose scenario names a
// card that does not read it.
func TestMissingPhrasesCatchesGaps(t *testing.T) {
	used := map[string]int{"op:draw": 3, "op:move": 2, "op:put:deck>hand": 1}
	byCard := map[string]map[string]bool{"b01-001": {"op:draw": true}, "b01-002": {"op:move": true}}
	kinds := map[string]map[string]bool{"a.yaml": {"op:draw": true, "op:move": true}}
	real := map[string][]string{"a.yaml": {"b01-001"}}
	got := missingPhrases(used, byCard, kinds, real)
	want := []string{
		"op:move (2 lines): the scenarios that play it name no real card that reads it",
		"op:put:deck>hand (1 lines): no scenario plays a card whose skill reads it",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	real["a.yaml"] = append(real["a.yaml"], "b01-002")
	if got := missingPhrases(map[string]int{"op:draw": 3, "op:move": 2}, byCard, kinds, real); len(got) != 0 {
		t.Errorf("every kind played and named: got %q", got)
	}
}

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }
