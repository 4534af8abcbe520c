package compiler_test

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/roundtable-dev/roundtable/compiler"
	_ "github.com/roundtable-dev/roundtable/compiler/annas"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	_ "github.com/roundtable-dev/roundtable/compiler/tablebattles"
	annastable "github.com/roundtable-dev/roundtable/engine/annas/table"
)

// pack builds an in-memory annas pack: requires as "id: range" lines, then
// YAML documents.
func pack(t *testing.T, id, version string, requires []string, docs ...string) *compiler.Pack {
	t.Helper()
	py := fmt.Sprintf("kind: pack\nid: %s\nname: %s\nversion: %s\ngame: annas\n", id, id, version)
	if len(requires) > 0 {
		py += "requires:\n"
		for _, r := range requires {
			py += "  " + r + "\n"
		}
	}
	fsys := fstest.MapFS{"pack.yaml": {Data: []byte(py)}}
	if len(docs) > 0 {
		fsys["content.yaml"] = &fstest.MapFile{Data: []byte(strings.Join(docs, "---\n"))}
	}
	p, diags := compiler.LoadPack(fsys, id)
	if diags.Errors() > 0 {
		t.Fatalf("loading %s: %v", id, diags)
	}
	return p
}

func tag(id string) string {
	return fmt.Sprintf("kind: tag\nid: %s\nname: %s\ncategory: passive\ntext: A test tag.\n", id, id)
}

func unit(id string, tags ...string) string {
	return fmt.Sprintf("kind: unit\nid: %s\nname: %s\ncolor: red\nstats: {hp: 9, atk: 5, spd: 5, def: 3}\nrange: [1]\nmov: 3\ntags: [%s]\n", id, id, strings.Join(tags, ", "))
}

func compile(t *testing.T, packs ...*compiler.Pack) (*compiler.Result, diag.List) {
	t.Helper()
	sets, diags := compiler.Order(packs)
	if len(sets) != 1 {
		t.Fatalf("want one set, got %d", len(sets))
	}
	res, ds := compiler.Compile(sets[0])
	return res, append(diags, ds...)
}

func errorsOf(l diag.List) []string {
	var out []string
	for _, d := range l {
		if d.Severity == diag.Error {
			out = append(out, d.Code+": "+d.Message)
		}
	}
	return out
}

// unitTags lists the tag ids, qualified by pack, of a unit in the ruleset.
func unitTags(t *testing.T, res *compiler.Result, unitID string) []string {
	t.Helper()
	rs, ok := res.Ruleset.(*annastable.Ruleset)
	if !ok {
		t.Fatalf("no ruleset")
	}
	u := rs.UnitIndex(unitID)
	if u < 0 {
		t.Fatalf("no unit %s", unitID)
	}
	var out []string
	valid := tagDocs(res)
	for i := range rs.Tags {
		if rs.Units[u].Tags.Has(i) {
			out = append(out, valid[i])
		}
	}
	return out
}

// tagDocs names each tag of the ruleset pack-id/id, in ruleset order.
func tagDocs(res *compiler.Result) []string {
	rs := res.Ruleset.(*annastable.Ruleset)
	out := make([]string, len(rs.Tags))
	seen := map[string]int{}
	for i, tg := range rs.Tags {
		n := seen[tg.ID]
		seen[tg.ID]++
		// Packs define tags in dependency order; the n-th tag with an id
		// belongs to the n-th pack that defines it.
		k := 0
		for _, p := range res.Packs {
			for _, d := range p.Set.Docs {
				if d.Kind == "tag" && d.Field("id").Value == tg.ID {
					if k == n {
						out[i] = p.ID + "/" + tg.ID
					}
					k++
				}
			}
		}
	}
	return out
}

// A bare reference resolves in the referring pack first, then along its
// requires; a sibling pack that is loaded but not required is not seen.
func TestNearestPackFirst(t *testing.T) {
	x := pack(t, "x", "1.0.0", []string{`annas-base: "^1"`}, tag("glide"), unit("x-flier", "glide"))
	y := pack(t, "y", "1.0.0", []string{`annas-base: "^1"`}, tag("glide"), unit("y-flier", "glide"))
	z := pack(t, "z", "1.0.0", []string{`x: "^1"`}, unit("z-flier", "glide", "flying"))
	res, diags := compile(t, z, y, x)
	if e := errorsOf(diags); len(e) > 0 {
		t.Fatalf("errors: %v", e)
	}
	for unit, want := range map[string]string{"x-flier": "x/glide", "y-flier": "y/glide", "z-flier": "x/glide"} {
		got := unitTags(t, res, unit)
		if len(got) == 0 || got[0] != want && (len(got) < 2 || got[1] != want) {
			t.Errorf("%s has tags %v, want %s among them", unit, got, want)
		}
	}
	var order []string
	for _, p := range res.Packs {
		order = append(order, p.ID)
	}
	if strings.Join(order, " ") != "annas-base y x z" {
		t.Errorf("pack order %v, want dependencies first, given order otherwise: annas-base y x z", order)
	}
}

// pack-id/entity-id is accepted even for a pack the referrer does not require.
func TestQualifiedReference(t *testing.T) {
	x := pack(t, "x", "1.0.0", []string{`annas-base: "^1"`}, tag("glide"), unit("x-flier", "glide"))
	y := pack(t, "y", "1.0.0", []string{`annas-base: "^1"`}, tag("glide"), unit("y-flier", "x/glide", "annas-base/flying"))
	res, diags := compile(t, x, y)
	if e := errorsOf(diags); len(e) > 0 {
		t.Fatalf("errors: %v", e)
	}
	got := strings.Join(unitTags(t, res, "y-flier"), " ")
	if got != "annas-base/flying x/glide" {
		t.Errorf("y-flier tags %q, want annas-base/flying x/glide", got)
	}
}

// Two sibling packs both required at the same distance make a bare id
// ambiguous.
func TestAmbiguousReference(t *testing.T) {
	x := pack(t, "x", "1.0.0", []string{`annas-base: "^1"`}, tag("glide"), unit("x-flier", "glide"))
	y := pack(t, "y", "1.0.0", []string{`annas-base: "^1"`}, tag("glide"), unit("y-flier", "glide"))
	z := pack(t, "z", "1.0.0", []string{`x: "^1"`, `y: "^1"`}, unit("z-flier", "glide"))
	_, diags := compile(t, x, y, z)
	e := errorsOf(diags)
	if len(e) != 1 || e[0] != `ambiguous-ref: tag "glide" is ambiguous: packs x and y both define it` {
		t.Errorf("errors %q, want one ambiguous-ref naming x and y", e)
	}
}

// An override chain: a replaces annas-base/chrom, b (requiring a) replaces
// a's chrom. Chrom stays at the base's index with b's stats, once.
func TestOverrideChain(t *testing.T) {
	chrom := func(def int) string {
		return fmt.Sprintf("kind: unit\nid: chrom\noverrides: %%s\nname: Chrom\ncolor: red\nstats: {hp: 10, atk: 6, spd: 5, def: %d}\nrange: [1]\nmov: 3\n", def)
	}
	a := pack(t, "a", "1.0.0", []string{`annas-base: "^1"`}, fmt.Sprintf(chrom(4), "annas-base/chrom"))
	b := pack(t, "b", "1.0.0", []string{`a: "^1"`}, fmt.Sprintf(chrom(5), "a/chrom"))
	base, _ := compile(t, pack(t, "none", "1.0.0", []string{`annas-base: "^1"`}))
	res, diags := compile(t, b, a)
	if e := errorsOf(diags); len(e) > 0 {
		t.Fatalf("errors: %v", e)
	}
	brs, rs := base.Ruleset.(*annastable.Ruleset), res.Ruleset.(*annastable.Ruleset)
	if len(rs.Units) != len(brs.Units) {
		t.Errorf("%d units, want the base's %d (chrom replaced, not added)", len(rs.Units), len(brs.Units))
	}
	i := rs.UnitIndex("chrom")
	if i != brs.UnitIndex("chrom") || rs.Units[i].Stats.DEF != 5 {
		t.Errorf("chrom at %d with DEF %d, want index %d with b's DEF 5", i, rs.Units[i].Stats.DEF, brs.UnitIndex("chrom"))
	}
	if len(res.Overrides) != 2 || res.Overrides[0].Target != "annas-base/chrom" || res.Overrides[1].Target != "a/chrom" {
		t.Errorf("overrides %+v, want annas-base/chrom by a, then a/chrom by b", res.Overrides)
	}
}

// Order: a missing pack, a version out of range and a cycle are each one
// diagnostic at the requires entry of pack.yaml.
func TestOrderDiagnostics(t *testing.T) {
	cases := []struct {
		packs func() []*compiler.Pack
		want  string
	}{
		{func() []*compiler.Pack {
			return []*compiler.Pack{pack(t, "m", "1.0.0", []string{`nothere: "^1"`})}
		}, `m/pack.yaml:7:3 missing-pack: pack m requires pack "nothere", which is not loaded`},
		{func() []*compiler.Pack {
			return []*compiler.Pack{pack(t, "v", "1.0.0", []string{`annas-base: "~1.1"`})}
		}, `v/pack.yaml:7:15 version-mismatch: pack v requires annas-base ~1.1, but the loaded annas-base (content/annas) is version 1.0.0`},
		{func() []*compiler.Pack {
			return []*compiler.Pack{pack(t, "c1", "1.0.0", []string{`c2: "*"`}), pack(t, "c2", "1.0.0", []string{`c3: "*"`}), pack(t, "c3", "1.0.0", []string{`c1: "*"`})}
		}, `c1/pack.yaml:7:3 requires-cycle: packs require each other in a cycle: c1 → c2 → c3 → c1`},
	}
	for _, c := range cases {
		_, diags := compiler.Order(c.packs())
		var got []string
		for _, d := range diags {
			got = append(got, d.Pos.String()+" "+d.Code+": "+d.Message)
		}
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("got %q\nwant %q", got, c.want)
		}
	}
}

// A singleton kind (rules) is replaced whole with overrides: PACK/rules.
func TestOverrideSingleton(t *testing.T) {
	src, err := os.ReadFile("../content/annas/rules/rules.yaml")
	if err != nil {
		t.Fatal(err)
	}
	house := strings.Replace(string(src), "kind: rules\n", "kind: rules\noverrides: annas-base/rules\n", 1)
	house = strings.Replace(house, "  hand-size: 6\n", "  hand-size: 7\n", 1)
	if house == string(src) {
		t.Fatal("could not edit the rules")
	}
	h := pack(t, "house", "1.0.0", []string{`annas-base: "^1"`}, house)
	res, diags := compile(t, h)
	if e := errorsOf(diags); len(e) > 0 {
		t.Fatalf("errors: %v", e)
	}
	rs := res.Ruleset.(*annastable.Ruleset)
	if rs.Rules.Versus.HandSize != 7 || res.Counts["rules"] != 1 {
		t.Errorf("versus hand size %d with %d rules documents, want the house rules' 7 and one document", rs.Rules.Versus.HandSize, res.Counts["rules"])
	}
	if len(res.Overrides) != 1 || res.Overrides[0].Target != "annas-base/rules" {
		t.Errorf("overrides %+v, want annas-base/rules", res.Overrides)
	}
	// Two packs that do not require each other cannot both replace it.
	h2 := pack(t, "house-two", "1.0.0", []string{`annas-base: "^1"`}, house)
	_, diags = compile(t, h, h2)
	e := errorsOf(diags)
	if len(e) != 1 || e[0] != "bad-override: rules overrides annas-base/rules, which pack house overrides too" {
		t.Errorf("errors %q, want one bad-override naming house", e)
	}
}

// TestOrderLoadsOnlyRequiredBases: ordering an expansion loads the embedded
// base pack it requires and no other game's (each costs a parse and a
// validation of a whole pack: most of a small check's time).
func TestOrderLoadsOnlyRequiredBases(t *testing.T) {
	if len(compiler.Games()) < 2 {
		t.Fatalf("need two games registered, have %v", compiler.GameIDs())
	}
	exp := pack(t, "valm", "0.1.0", []string{`annas-base: ">=1.0 <2"`})
	before := compiler.BaseLoads()
	sets, diags := compiler.Order([]*compiler.Pack{exp})
	if diags.Errors() > 0 || len(sets) != 1 || len(sets[0]) != 2 || sets[0][0].ID != "annas-base" {
		t.Fatalf("sets %v, diags %v", sets, diags)
	}
	if n := compiler.BaseLoads() - before; n != 1 {
		t.Errorf("loaded %d base packs, want 1 (annas-base)", n)
	}
}
