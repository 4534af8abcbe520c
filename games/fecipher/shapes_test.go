package fecipher

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/engine/fecipher/table"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	"github.com/roundtable-dev/roundtable/games"

	fecengine "github.com/roundtable-dev/roundtable/engine/fecipher"
)

// vocabulary names the parts of the effect vocabulary an effect uses: its
// timing, each cost, each condition, its kind of target, each operation,
// its duration, and the filters inside. A compiled effect's shape is the
// set of these; every part a real card's compiled effect uses must be shown
// happening by a scenario (TestEveryShapeHasAScenario).
func vocabulary(e *table.Effect) []string {
	var out []string
	add := func(ok bool, s string) {
		if ok {
			out = append(out, s)
		}
	}
	out = append(out, "when:"+table.TriggerNames[e.When])
	add(e.OncePerTurn, "cost:once-per-turn")
	add(e.Reverse > 0, "cost:reverse")
	add(e.ReverseOf != nil, "cost:reverse-of")
	add(e.Tap, "cost:tap")
	add(e.PayDiscard != nil, "cost:pay-discard")
	add(e.PayTap != nil, "cost:pay-tap")
	add(e.May, "may")
	if c := e.If; c != nil {
		add(c.Turn == table.OwnTurn, "if:turn-mine")
		add(c.Turn == table.TheirTurn, "if:turn-theirs")
		add(c.Attacking != nil, "if:attacking")
		add(c.Defending != nil, "if:defending")
		add(c.Battling != nil, "if:battling")
		add(c.Bonds != nil, "if:bonds")
		add(c.Allies != nil, "if:allies")
		add(c.Enemies != nil, "if:enemies")
		add(c.Hand != nil, "if:hand")
		add(c.FoeHand != nil, "if:opponent-hand")
		add(c.Orbs != nil, "if:orbs")
		add(c.Supported != nil, "if:supported-by")
		add(c.Area != 0, "if:area")
		add(c.SameArea != nil, "if:same-area")
		add(c.MoreHand, "if:more-hand")
		add(c.LessHand, "if:less-hand")
		add(c.FewerOrbs, "if:fewer-orbs")
		add(c.Untapped, "if:untapped")
		add(c.Stack > 0, "if:stack")
		add(c.Main != nil, "if:main")
		add(c.IsMain, "if:is-main")
		add(c.NotMain, "if:not-main")
		add(c.ClassChanged, "if:class-changed")
		add(c.Self != nil, "if:self")
		add(c.Trigger != nil, "if:trigger-unit")
		add(len(c.AlliesAll) > 0, "if:allies-all")
		add(c.Outnumber, "if:outnumber")
	}
	if t := e.Target; t != nil {
		switch {
		case t.That:
			out = append(out, "target:that")
		case t.Any:
			out = append(out, "target:any")
		case t.Choose > 0:
			out = append(out, "target:choose")
		case t.All:
			out = append(out, "target:all")
		case t.Main:
			out = append(out, "target:main")
		case t.Self:
			out = append(out, "target:self-and-named")
		case len(t.Named) > 0:
			out = append(out, "target:named")
		case t.Foe:
			out = append(out, "target:foe")
		}
		add(t.Enemy, "target:enemy")
	}
	add(e.Attack > 0, "op:attack")
	add(e.Attack < 0, "op:attack-loss")
	add(e.Per != nil, "op:per")
	add(e.Double, "op:double")
	add(e.MaxRange > 0, "op:range")
	add(e.Acquire != 0, "op:acquire")
	add(e.Unevadable && !e.UnevadableMain, "op:unevadable")
	add(e.UnevadableMain, "op:unevadable-non-main")
	add(e.NoEvade, "op:no-evade")
	add(e.NoCritical, "op:no-critical")
	add(e.Shielded && e.ShieldCost == 0, "op:indestructible")
	add(e.ShieldCost > 0, "op:shield-cost")
	add(e.BackLine, "op:reach-back-line")
	add(e.Orbs > 0, "op:orbs")
	add(e.Move, "op:move")
	add(e.Untap, "op:untap")
	add(e.TapIt, "op:tap-target")
	add(e.Destroy, "op:destroy")
	add(e.Draw > 0, "op:draw")
	add(e.Discard > 0, "op:discard")
	add(e.FoeDiscard > 0, "op:opponent-discard")
	add(e.Retrieve != nil, "op:retrieve")
	add(e.Until == table.EndOfTurn, "until:turn")
	add(e.Until == table.OpponentEnd, "until:opponent-turn")
	add(e.Until == table.EndOfBattle, "until:battle")
	add(e.Copies, "special:copies")
	add(e.SameName, "special:same-name")
	add(e.NoBond, "special:no-bond")
	for _, f := range []*table.UnitFilter{e.Per, filterOf(e.Target), filterOf(e.PayTap)} {
		out = append(out, unitFilterWords(f)...)
	}
	if c := e.If; c != nil {
		for _, f := range []*table.UnitFilter{c.Attacking, c.Defending, c.Battling, c.SameArea, c.Main, c.Self, c.Trigger, countOf(c.Allies), countOf(c.Enemies), countOf(c.Bonds)} {
			out = append(out, unitFilterWords(f)...)
		}
		for _, n := range []*table.Count{c.Bonds, c.Allies, c.Enemies, c.Hand, c.FoeHand, c.Orbs} {
			if n != nil {
				add(n.AtMost != table.None, "count:at-most")
				add(n.FaceUp || n.FaceDown, "count:face")
			}
		}
		out = append(out, cardFilterWords(c.Supported)...)
	}
	for _, f := range []*table.CardFilter{e.ReverseOf, e.PayDiscard, e.Retrieve} {
		out = append(out, cardFilterWords(f)...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func filterOf(t *table.Target) *table.UnitFilter {
	if t == nil {
		return nil
	}
	return t.Of
}

func countOf(c *table.Count) *table.UnitFilter {
	if c == nil {
		return nil
	}
	return c.Of
}

func unitFilterWords(f *table.UnitFilter) []string {
	if f == nil {
		return nil
	}
	var out []string
	add := func(ok bool, s string) {
		if ok {
			out = append(out, "filter:"+s)
		}
	}
	add(f.Other, "other")
	add(f.Emblem != 0, "emblem")
	add(f.NoEmblem != 0, "not-emblem")
	add(len(f.Colors) > 0, "color")
	add(len(f.Names) > 0, "name")
	add(len(f.NotNames) > 0, "not-name")
	add(f.Main, "main")
	add(f.NonMain, "non-main")
	add(f.Area != 0, "area")
	add(f.CostMin > 0 || f.CostMax != table.None, "cost")
	add(f.AtkMin > 0 || f.AtkMax != table.None, "attack")
	add(f.Tapped, "tapped")
	return out
}

func cardFilterWords(f *table.CardFilter) []string {
	if f == nil {
		return nil
	}
	var out []string
	add := func(ok bool, s string) {
		if ok {
			out = append(out, "card:"+s)
		}
	}
	add(f.Emblem != 0, "emblem")
	add(len(f.Colors) > 0, "color")
	add(len(f.Names) > 0, "name")
	add(len(f.NotNames) > 0, "not-name")
	add(f.CostMin > 0 || f.CostMax != table.None, "cost")
	add(f.AsMain, "as-main")
	return out
}

// realVocabulary is every part the real cards' compiled effects use, with
// how many effects use it.
func realVocabulary(t *testing.T) map[string]int {
	rs, _ := importedRules(t)
	out := map[string]int{}
	for i := range rs.Cards {
		for _, s := range rs.Cards[i].Skills {
			for k := range s.Effects {
				for _, w := range vocabulary(&s.Effects[k]) {
					out[w]++
				}
			}
		}
	}
	return out
}

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

var reCardID = regexp.MustCompile(`shape-[a-z0-9-]+`)

// TestEveryShapeHasAScenario: every part of the vocabulary that a real
// card's compiled effect uses appears in the effects of a card some
// scenario plays.
func TestEveryShapeHasAScenario(t *testing.T) {
	rs := shapeRules(t)
	files, _ := filepath.Glob("testdata/scenarios/*.yaml")
	covered := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range reCardID.FindAllString(string(b), -1) {
			i := rs.CardIndex(id)
			if i < 0 {
				t.Errorf("%s: no card %s in the shape pack", f, id)
				continue
			}
			for _, s := range rs.Cards[i].Skills {
				for k := range s.Effects {
					for _, w := range vocabulary(&s.Effects[k]) {
						covered[w] = true
					}
				}
			}
		}
	}
	// Deck building is not play: the copies permission is shown by the
	// check of a deck (compiler/fecipher/testdata/script/fec_deck_copies.txtar).
	covered["special:copies"] = true
	real := realVocabulary(t)
	var missing []string
	for w, n := range real {
		if !covered[w] {
			missing = append(missing, w+" ("+itoa(n)+" effects)")
		}
	}
	slices.Sort(missing)
	for _, m := range missing {
		t.Errorf("no scenario plays a card whose effects use %s", m)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }
