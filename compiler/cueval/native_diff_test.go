package cueval

import (
	"bytes"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/cuecontext"
	cueerrors "cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/parser"
	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler/cueval/native"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/source"
	annascontent "github.com/roundtable-dev/roundtable/content/annas"
	bccontent "github.com/roundtable-dev/roundtable/content/battlecrest"
	feccontent "github.com/roundtable-dev/roundtable/content/fecipher"
	tbcontent "github.com/roundtable-dev/roundtable/content/tablebattles"
	annasschema "github.com/roundtable-dev/roundtable/schema/annas"
	bcschema "github.com/roundtable-dev/roundtable/schema/battlecrest"
	fecschema "github.com/roundtable-dev/roundtable/schema/fecipher"
	tbschema "github.com/roundtable-dev/roundtable/schema/tablebattles"
)

var annasKinds = map[string]string{"unit": "#Unit", "tag": "#Tag", "terrain": "#Terrain"}

func annasSchema(t testing.TB) *Schema {
	t.Helper()
	s, err := Compile(annasschema.FS, "schema/annas", annasKinds)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// cuePaths returns CUE's verdict on a document and the data paths of its
// errors, as the reference path (validateCUE) sees them: CUE's own errors
// plus the missing and unknown fields the structural pass reports.
// diags is validateCUE's outcome for the document.
func cuePaths(s *Schema, doc *source.Document, diags diag.List) (bool, []string) {
	def := s.defs[doc.Kind]
	var paths []string
	v := s.context().BuildExpr(toAST(doc.Node()))
	for _, e := range cueerrors.Errors(def.Unify(v).Validate(cue.Concrete(true))) {
		format, args := e.Msg()
		msg := fmt.Sprintf(format, args...)
		if strings.Contains(msg, "required but not present") || strings.Contains(msg, "field not allowed") {
			continue
		}
		p := e.Path()
		if len(p) > 0 && strings.HasPrefix(p[0], "#") {
			p = p[1:]
		}
		for i, e := range p {
			if u, err := strconv.Unquote(e); err == nil {
				p[i] = u // CUE quotes labels that are not identifiers
			}
		}
		paths = append(paths, strings.Join(p, "."))
	}
	for _, d := range diags {
		switch d.Code {
		case diag.CodeMissingField.ID:
			m := missingRe.FindStringSubmatch(d.Message)
			name, _ := strconv.Unquote(m[1])
			if m[2] == "document" {
				paths = append(paths, name)
			} else {
				paths = append(paths, m[2]+"."+name)
			}
		case diag.CodeUnknownField.ID:
			m := unknownRe.FindStringSubmatch(d.Message)
			p, _ := strconv.Unquote(m[1])
			paths = append(paths, p)
		}
	}
	slices.Sort(paths)
	return len(diags) == 0, slices.Compact(paths)
}

var (
	missingRe = regexp.MustCompile(`^missing required field ("(?:[^"\\]|\\.)*") in (.*)$`)
	unknownRe = regexp.MustCompile(`^unknown field ("(?:[^"\\]|\\.)*")$`)
)

func nativePaths(s *Schema, doc *source.Document) (native.Verdict, []string) {
	verdict, errs := s.native[doc.Kind].Errors(doc.Node())
	var paths []string
	for _, e := range errs {
		paths = append(paths, strings.Join(e.Path, "."))
	}
	slices.Sort(paths)
	return verdict, slices.Compact(paths)
}

// agree asserts that the native validator and CUE agree on every document
// of a YAML text: the verdict, and for invalid documents the error paths.
// It returns how many documents the native validator decided.
func agree(t *testing.T, s *Schema, text []byte) (decided int) {
	t.Helper()
	docs, _ := source.Parse("fuzz.yaml", text)
	if len(docs) > maxAgreeDocs {
		docs = docs[:maxAgreeDocs] // CUE takes ~200µs a document, three times
	}
	for _, doc := range docs {
		if _, ok := s.defs[doc.Kind]; !ok {
			continue
		}
		want := s.validateCUE(s.defs[doc.Kind], doc, doc.Node())
		if got := s.Validate(doc); !reflect.DeepEqual(got, want) {
			t.Fatalf("Validate reports %v, CUE alone %v for\n%s", got, want, text)
		}
		verdict, npaths := nativePaths(s, doc)
		if fast := s.native[doc.Kind].Check(doc.Node()); fast != verdict {
			t.Fatalf("Check says %v, Errors says %v\n%s", fast, verdict, text)
		}
		if verdict == native.Unknown {
			continue
		}
		decided++
		ok, cpaths := cuePaths(s, doc, want)
		if ok != (verdict == native.Valid) {
			t.Fatalf("native says %v (%v), CUE says valid=%v (%v) for\n%s", verdict, npaths, ok, cpaths, text)
		}
		if !slices.Equal(npaths, cpaths) && !belowCUEError(npaths, cpaths) {
			t.Fatalf("error paths differ: native %q, CUE %q for\n%s", npaths, cpaths, text)
		}
	}
	return decided
}

// belowCUEError reports whether native's paths are CUE's plus errors below
// a path CUE reports itself. Under a list of fixed length given the wrong
// number of items (a scenario's two sides), CUE v0.17.1 reports the length
// and then only the first error inside the list; native reports every one
// (seed fec10caad04b2c9e of FuzzNativeMutatedContent: a side's formations
// [[], ..., 3] gave CUE one error and native two). The verdict is the same,
// and all of a list's problems at once is what check promises.
func belowCUEError(npaths, cpaths []string) bool {
	for _, c := range cpaths {
		if !slices.Contains(npaths, c) {
			return false
		}
	}
	for _, n := range npaths {
		if slices.Contains(cpaths, n) {
			continue
		}
		if !slices.ContainsFunc(cpaths, func(c string) bool { return c != "" && strings.HasPrefix(n, c+".") }) {
			return false
		}
	}
	return true
}

// FuzzNativeAgreesWithCUE generates a valid Anna's Roundtable document of a
// random kind, applies mutations chosen by muts (each byte one mutation:
// wrong types, bounds, enums, regexps, missing and unknown fields, list
// lengths, YAML scalar oddities) and asserts that the native validator and
// CUE agree. Run for real with `make fuzz`.
func FuzzNativeAgreesWithCUE(f *testing.F) {
	for seed := range uint64(60) {
		f.Add(seed, []byte{})
		f.Add(seed, []byte{byte(seed * 7)})
		f.Add(seed, []byte{byte(seed * 13), byte(seed*31 + 5)})
	}
	s := annasSchema(f)
	f.Fuzz(func(t *testing.T, seed uint64, muts []byte) {
		if len(muts) > 4 {
			muts = muts[:4]
		}
		r := rand.New(rand.NewPCG(seed, uint64(len(muts))))
		doc := genDoc(r)
		for _, m := range muts {
			mutate(doc, r, m)
		}
		text, err := yaml.Marshal(doc)
		if err != nil {
			return
		}
		agree(t, s, text)
	})
}

// game is a schema with its base content, for the generic tests.
type game struct {
	name    string
	schema  fs.FS
	content fs.FS
}

var games = []game{
	{"annas", annasschema.FS, annascontent.FS},
	{"fecipher", fecschema.FS, feccontent.FS},
	{"tablebattles", tbschema.FS, tbcontent.FS},
	{"battlecrest", bcschema.FS, bccontent.FS},
}

// kindsOf finds every definition with a literal kind: field, so that kinds
// added to a schema are covered without editing this test.
func kindsOf(t testing.TB, fsys fs.FS) map[string]string {
	t.Helper()
	names, _ := fs.Glob(fsys, "*.cue")
	inst := build.NewContext().NewInstance("schema", nil)
	for _, n := range names {
		b, err := fs.ReadFile(fsys, n)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(n, b)
		if err != nil {
			t.Fatal(err)
		}
		if err := inst.AddSyntax(f); err != nil {
			t.Fatal(err)
		}
	}
	v := cuecontext.New().BuildInstance(inst)
	it, err := v.Fields(cue.Definitions(true))
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]string{}
	for it.Next() {
		if !it.Selector().IsDefinition() {
			continue
		}
		if k, err := it.Value().LookupPath(cue.MakePath(cue.Str("kind").Required())).String(); err == nil {
			kinds[k] = it.Selector().String()
		}
	}
	if len(kinds) == 0 {
		t.Fatal("no definitions with a kind")
	}
	return kinds
}

type gameDocs struct {
	s    *Schema
	docs []*source.Document
}

func loadGames(t testing.TB) []gameDocs {
	var out []gameDocs
	for _, g := range games {
		s, err := Compile(g.schema, "schema/"+g.name, kindsOf(t, g.schema))
		if err != nil {
			t.Fatal(err)
		}
		set, _ := source.Load(g.content, "content/"+g.name)
		var docs []*source.Document
		for _, d := range set.Docs {
			if _, ok := s.defs[d.Kind]; ok {
				docs = append(docs, d)
			}
		}
		out = append(out, gameDocs{s, docs})
	}
	return out
}

// TestNativeCoversEveryGame: no base-content document of any game is
// invalid natively (CUE accepts them all), and at least 90% of each game's
// documents are decided without CUE — a performance guard: a schema
// construct the native validator does not cover sends every document that
// uses it to CUE evaluation, 100 times slower (docs/performance.md lists
// what is covered).
func TestNativeCoversEveryGame(t *testing.T) {
	for i, g := range loadGames(t) {
		if len(g.docs) == 0 {
			t.Fatalf("%s: no documents", games[i].name)
		}
		decided := 0
		for _, d := range g.docs {
			switch v, errs := g.s.native[d.Kind].Errors(d.Node()); v {
			case native.Valid:
				decided++
			case native.Invalid:
				t.Errorf("%s: native verdict invalid %v, but CUE accepts the base content", d.Pos(), errs)
			default:
				t.Logf("%s: left to CUE", d.Pos())
			}
		}
		if decided*10 < len(g.docs)*9 {
			t.Errorf("%s: native validator decided %d of %d base documents, want at least 90%%", games[i].name, decided, len(g.docs))
		}
	}
}

// FuzzNativeMutatedContent mutates real base-content documents of every
// game (any kind, including kinds added later) and asserts agreement.
func FuzzNativeMutatedContent(f *testing.F) {
	for i := range 40 {
		f.Add(uint8(i%len(games)), uint16(i*37), []byte{byte(i * 11)})
		f.Add(uint8(i%len(games)), uint16(i*53), []byte{byte(i * 29), byte(i*7 + 3)})
	}
	gs := loadGames(f)
	f.Fuzz(func(t *testing.T, gi uint8, di uint16, muts []byte) {
		g := gs[int(gi)%len(gs)]
		if len(muts) > 4 {
			muts = muts[:4]
		}
		orig := g.docs[int(di)%len(g.docs)]
		var doc yaml.Node
		text, err := yaml.Marshal(orig.Node())
		if err != nil || yaml.Unmarshal(text, &doc) != nil || len(doc.Content) == 0 {
			t.Skip()
		}
		r := rand.New(rand.NewPCG(uint64(di), uint64(len(muts))))
		for _, m := range muts {
			mutate(doc.Content[0], r, m)
		}
		if text, err = yaml.Marshal(doc.Content[0]); err == nil {
			agree(t, g.s, text)
		}
	})
}

// maxAgreeDocs bounds the documents agree checks in one input.
const maxAgreeDocs = 20

// FuzzNativeYAML feeds raw YAML (seeded with the documents of the base
// content, one a seed, and hostile scalars) to both.
//
// It used to make a few dozen executions a minute: its seeds were whole
// base files (up to 20 documents, 4 KB), each execution ran CUE four times
// a document, and every input that found new coverage — most, early on,
// CUE being large — was then minimized for up to a minute, in which no
// execution counts. Seeds are now single documents, inputs past
// maxFuzzInput bytes or maxFuzzDocs documents are skipped, CUE runs three
// times a document, and `make fuzz` bounds minimization (FUZZFLAGS).
func FuzzNativeYAML(f *testing.F) {
	_ = fs.WalkDir(annascontent.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".yaml") {
			b, _ := fs.ReadFile(annascontent.FS, p)
			for _, doc := range splitDocuments(b) {
				f.Add(doc)
			}
		}
		return nil
	})
	for _, s := range rawSeeds {
		f.Add([]byte(s))
	}
	s := annasSchema(f)
	f.Fuzz(func(t *testing.T, text []byte) {
		if len(text) > maxFuzzInput || bytes.Count(text, []byte("\n---")) >= maxFuzzDocs {
			t.Skip()
		}
		agree(t, s, text)
	})
}

// Bounds on one FuzzNativeYAML input: the documents of real content are
// under 1 KB, and what is being fuzzed is one document's shape.
const (
	maxFuzzInput = 2048
	maxFuzzDocs  = 3
)

// splitDocuments splits a YAML file at its "---" lines.
func splitDocuments(b []byte) [][]byte {
	var out [][]byte
	for _, part := range bytes.Split(b, []byte("\n---\n")) {
		if len(bytes.TrimSpace(part)) > 0 {
			out = append(out, append(bytes.TrimPrefix(part, []byte("---\n")), '\n'))
		}
	}
	return out
}

var rawSeeds = []string{
	"kind: unit\nid: a\nname: A\ncolor: red\nstats: {hp: 0x10, atk: 1_0, spd: +3, def: 007}\nrange: [1]\nmov: 2\n",
	"kind: unit\nid: a\nname: A\ncolor: red\nstats: {hp: 1.0, atk: 1e1, spd: .inf, def: ~}\nrange: [1.5]\nmov: 2\n",
	"kind: unit\nid: a\nname: A\ncolor: !!str red\nstats: {hp: 1, atk: 1, spd: 1, def: 1}\nrange: []\nmov: 99999999999999999999\n",
	"kind: unit\nid: A\nname: ''\ncolor: Red\nstats: [1]\nrange: 1\nmov: '2'\nextra: 1\n",
	"kind: tag\nid: x\nname: X\ncategory: passive\ntext: t\neffective: {against: '', atk: 0}\neffects: [{when: combat, modify: {atk: 10}}, {target: {within: 2}}]\n",
	"kind: terrain\nid: x\nname: X\nglyph: ab\nenter: go\nblocks: [a, '']\nwork: {coins: 4, dv: -1}\nimpassable: yes\n",
	"kind: terrain\nid: x\nname: X\nglyph: ' '\nimpassable: True\ntext: null\n",
	"kind: tag\nid: x\nname: X\ncategory: passive\ntext: t\neffects: {}\n",
	"kind: unit\n",
	"kind: unit\nid: a\nname: A\ncolor: red\nstats: {hp: 1, atk: 1, spd: 1, def: 1}\nrange: [1, 2, 3, 3]\nmov: 2\nskill: {name: S, kind: special, reaction: 1, text: T, effects: [{heal: 0}]}\n",
}

// The document generator builds yaml.Node trees; mutations edit them.

func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }
func num(i int) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(i)}
}
func boolean(b bool) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(b)}
}
func mapping(kv ...any) *yaml.Node {
	m := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1].(*yaml.Node) == nil {
			continue
		}
		m.Content = append(m.Content, str(kv[i].(string)), kv[i+1].(*yaml.Node))
	}
	return m
}
func seq(items ...*yaml.Node) *yaml.Node {
	return &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Content: items}
}

func pick[T any](r *rand.Rand, xs ...T) T { return xs[r.IntN(len(xs))] }

func maybe(r *rand.Rand, n *yaml.Node) *yaml.Node {
	if r.IntN(2) == 0 {
		return nil
	}
	return n
}

func genEffect(r *rand.Rand) *yaml.Node {
	return mapping(
		"when", maybe(r, str(pick(r, "always", "combat", "start-of-turn", "deploy", "after-combat", "defeat"))),
		"modify", maybe(r, mapping("atk", maybe(r, num(r.IntN(19)-9)), "spd", maybe(r, num(r.IntN(19)-9)), "def", maybe(r, num(r.IntN(19)-9)))),
		"heal", maybe(r, num(1+r.IntN(20))),
		"target", maybe(r, mapping("side", str(pick(r, "self", "ally", "enemy", "any")), "within", maybe(r, num(1+r.IntN(6))))),
	)
}

func genEffects(r *rand.Rand) *yaml.Node {
	if r.IntN(2) == 0 {
		return nil
	}
	l := seq()
	for range r.IntN(3) {
		l.Content = append(l.Content, genEffect(r))
	}
	return l
}

func genRefs(r *rand.Rand) *yaml.Node {
	if r.IntN(2) == 0 {
		return nil
	}
	l := seq()
	for range r.IntN(3) {
		l.Content = append(l.Content, str(pick(r, "armored", "cavalry", "annas-base/flying")))
	}
	return l
}

func genDoc(r *rand.Rand) *yaml.Node {
	id := pick(r, "chrom", "eff-vs-armor", "a1", "boss-grima-2")
	switch r.IntN(3) {
	case 0:
		stats := func(hp bool) *yaml.Node {
			m := mapping("atk", num(r.IntN(16)), "spd", num(r.IntN(16)), "def", num(r.IntN(16)))
			if hp {
				m.Content = append([]*yaml.Node{str("hp"), num(1 + r.IntN(20))}, m.Content...)
			}
			return m
		}
		rng := seq(num(1))
		if r.IntN(2) == 0 {
			rng = seq(num(1+r.IntN(3)), num(1+r.IntN(3)))
		}
		return mapping("kind", str("unit"), "id", str(id), "name", str("Chrom"),
			"title", maybe(r, str("Exalted Prince")), "color", str(pick(r, "red", "green", "blue", "gray")),
			"legendary", maybe(r, boolean(r.IntN(2) == 0)), "stats", stats(true), "shapestone", maybe(r, stats(false)),
			"range", rng, "mov", num(r.IntN(7)), "tags", genRefs(r),
			"skill", maybe(r, mapping("name", str("Aether"), "kind", str(pick(r, "passive", "assist", "special")),
				"reaction", maybe(r, boolean(true)), "text", str("Strikes twice."), "effects", genEffects(r))))
	case 1:
		return mapping("kind", str("tag"), "id", str(id), "name", str("Armored"),
			"category", str(pick(r, "assist", "movement", "passive", "effectiveness")), "text", str("Cannot enter water."),
			"effective", maybe(r, mapping("against", str("armored"), "atk", num(1+r.IntN(9)))), "effects", genEffects(r))
	}
	return mapping("kind", str("terrain"), "id", str(id), "name", str("Forest"), "glyph", str(pick(r, "F", ".", "~", "é")),
		"enter", maybe(r, str(pick(r, "stop", "none"))), "blocks", genRefs(r), "ignored-by", genRefs(r),
		"impassable", maybe(r, boolean(r.IntN(2) == 0)),
		"work", maybe(r, mapping("coins", maybe(r, num(r.IntN(4))), "dv", maybe(r, num(r.IntN(4))))), "text", maybe(r, str("Woods.")))
}

// nodes lists every node under n with its parent mapping or sequence.
func nodes(n *yaml.Node, parent *yaml.Node, out *[][2]*yaml.Node) {
	*out = append(*out, [2]*yaml.Node{n, parent})
	for i, c := range n.Content {
		if n.Kind == yaml.MappingNode && i%2 == 0 {
			continue // keys are mutated through their mapping
		}
		nodes(c, n, out)
	}
}

// odd scalars, written plain so that YAML resolves their tags.
var oddScalars = []string{
	"0", "-1", "21", "16", "7", "3", "100000000000000000000", "0x10", "0o7", "1_000", "+3", "007", "1.0", "1.5", "1e3",
	".inf", "-.nan", "~", "null", "true", "False", "yes", "", "''", "purple", "Red", "red ", "a--b", "Chrom", "x y",
	"annas-base/", "stop", "gray", "-9", "-10", "10", "2026-11-30",
	// Explicit tags (tag, a space, the value): YAML 1.1's and custom ones.
	"!!binary SGVsbG8=", "!!timestamp 2026-11-30", "!shout red", "!!int 3", "!!int 012", "!!str 3", "!!float 3",
}

func mutate(doc *yaml.Node, r *rand.Rand, m byte) {
	var all [][2]*yaml.Node
	nodes(doc, nil, &all)
	target := all[int(m>>3)%len(all)]
	n, parent := target[0], target[1]
	switch m % 8 {
	case 0, 1: // replace a value with an odd scalar
		v := oddScalars[r.IntN(len(oddScalars))]
		*n = yaml.Node{Kind: yaml.ScalarNode, Value: v}
		if tag, val, ok := strings.Cut(v, " "); ok && strings.HasPrefix(v, "!") {
			*n = yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: val, Style: yaml.TaggedStyle}
		}
		if v == "" || v == "''" {
			*n = yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: ""}
		}
	case 2: // delete a field or list element
		if parent == nil {
			return
		}
		for i, c := range parent.Content {
			if c == n {
				if parent.Kind == yaml.MappingNode {
					parent.Content = slices.Delete(parent.Content, i-1, i+1)
				} else {
					parent.Content = slices.Delete(parent.Content, i, i+1)
				}
				return
			}
		}
	case 3: // add a field, known or not
		if n.Kind == yaml.MappingNode {
			key := pick(r, "extra", "nmae", "hp", "kind", "effects", "within", "title")
			for i := 0; i < len(n.Content); i += 2 {
				if n.Content[i].Value == key {
					return
				}
			}
			n.Content = append(n.Content, str(key), pick(r, num(1), str("x"), seq(), mapping()))
		}
	case 4: // change the shape
		*n = *pick(r, seq(num(1)), mapping("a", num(1)), seq(), mapping())
	case 5: // grow or shrink a list
		if n.Kind == yaml.SequenceNode {
			if len(n.Content) > 0 && r.IntN(2) == 0 {
				n.Content = n.Content[:0]
			} else {
				n.Content = append(n.Content, pick(r, num(1), num(3), num(4), str("flying"), mapping("heal", num(3))))
			}
		}
	case 6: // an integer just outside or inside a bound
		if n.Kind == yaml.ScalarNode && n.Tag == "!!int" {
			i, _ := strconv.Atoi(n.Value)
			*n = *num(i + pick(r, -21, -10, -1, 1, 6, 10, 16))
		}
	case 7: // a string that breaks a regexp or an enum
		if n.Kind == yaml.ScalarNode && n.Tag == "!!str" {
			*n = *str(pick(r, n.Value+"-", strings.ToUpper(n.Value), n.Value+"s", "", " ", "x_y", n.Value+n.Value))
		}
	}
}
