package tropera

import (
	"slices"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/tropera/table"
	trogen "github.com/roundtable-dev/roundtable/generated/tropera"
)

// withFeats is the base ruleset with every character given the feats
// whose actions the base battles' characters lack or rarely have.
func withFeats(t *testing.T) *table.Ruleset {
	cp := *trogen.Ruleset
	cp.Characters = slices.Clone(cp.Characters)
	var add []int16
	for _, id := range []string{"grappler", "multishot", "overload", "provoke", "shade", "cleave", "thief", "trample", "quick-salve", "sentinel", "battle-medic"} {
		k := slices.IndexFunc(cp.Feats, func(f table.Feat) bool { return f.ID == id })
		if k < 0 {
			t.Fatalf("no feat %s", id)
		}
		add = append(add, int16(k))
	}
	for i := range cp.Characters {
		c := cp.Characters[i]
		c.Feats = append(slices.Clone(c.Feats), add...)
		cp.Characters[i] = c
	}
	return &cp
}

// TestTextComparisonsMatchBuiltTexts: actions hold no text, and dedupe,
// Greedy and Apply compare texts piece by piece (textIs, sameText,
// textKey). At every decision of greedy and random battles on every map,
// with the base characters and with feats added, those comparisons agree
// with comparing the built texts; the legal texts are distinct; and
// dedupe of the list followed by itself reversed keeps exactly the list,
// as keeping the first of each built text does.
func TestTextComparisonsMatchBuiltTexts(t *testing.T) {
	verbs := map[string]bool{}
	decisions := 0
	for _, rs := range []*table.Ruleset{trogen.Ruleset, withFeats(t)} {
		for bi := range rs.Battles {
			for seed := uint64(1); seed <= 3; seed++ {
				b, err := NewBattle(rs, bi, seed, true)
				if err != nil {
					t.Fatal(err)
				}
				pols := []play.Policy{&Greedy{seat: 0}, &Greedy{seat: 1}}
				if seed > 1 {
					pols = []play.Policy{play.NewRandom(seed, 0), play.NewRandom(seed, 1)}
				}
				for steps := 0; !b.Over() && b.Legal() > 0 && steps < 300; steps++ {
					acts := slices.Clone(b.acts())
					texts := make([]string, len(acts))
					for i, a := range acts {
						texts[i] = b.actText(a)
						if n, _ := b.textKey(a); n != len(texts[i]) {
							t.Fatalf("%q: key length %d", texts[i], n)
						}
						if k := slices.Index(texts[:i], texts[i]); k >= 0 {
							t.Fatalf("actions %d and %d are both %q", k, i, texts[i])
						}
						for _, w := range strings.Fields(texts[i]) {
							verbs[w] = true
						}
					}
					for i, a := range acts {
						if got := b.indexText(acts, texts[i]); got != i {
							t.Fatalf("indexText(%q) = %d, want %d", texts[i], got, i)
						}
						if b.textIs(a, texts[i]+"x") || len(texts[i]) > 0 && b.textIs(a, texts[i][:len(texts[i])-1]) {
							t.Fatalf("%q matches a longer or shorter text", texts[i])
						}
						for k, x := range acts {
							if got, want := b.sameText(a, x), texts[i] == texts[k]; got != want {
								t.Fatalf("sameText(%q, %q) = %v", texts[i], texts[k], got)
							}
						}
					}
					doubled := append(slices.Clone(acts), acts...)
					slices.Reverse(doubled[len(acts):])
					var got []string
					for _, a := range b.dedupe(doubled) {
						got = append(got, b.actText(a))
					}
					if !slices.Equal(got, texts) {
						t.Fatalf("dedupe kept %q of %q", got, texts)
					}
					decisions++
					if err := b.Apply(pols[b.ToMove()].Choose(b)); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
	if decisions < 1000 {
		t.Fatalf("only %d decisions checked", decisions)
	}
	for _, w := range []string{"grapple", "trample", "split", "cleave", "steal", "prepare", "swap"} {
		if !verbs[w] {
			t.Errorf("no %s action was listed", w)
		}
	}
}
