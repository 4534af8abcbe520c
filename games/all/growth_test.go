package all_test

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/emit"
	"github.com/roundtable-dev/roundtable/compiler/yamlfmt"
	"github.com/roundtable-dev/roundtable/games"
	"github.com/roundtable-dev/roundtable/internal/growth"
)

// A growth shape turns one valid document of a kind into the YAML of a
// pack's content file at size n.
type growthShape struct {
	name string
	n    int // the smaller size; the larger is 4n
	make func(doc *yaml.Node, n int) []byte
}

var growthShapes = []growthShape{
	// n copies of the document under new ids: many documents, and many
	// references to the same base entities.
	{"documents", 40, func(doc *yaml.Node, n int) []byte {
		var b bytes.Buffer
		id := mapValue(doc, "id")
		orig := ""
		if id != nil {
			orig = id.Value
		}
		for i := range n {
			if id != nil {
				id.Value = fmt.Sprintf("g%d-%s", i, orig)
			}
			if i > 0 {
				b.WriteString("---\n")
			}
			b.Write(encode(doc))
		}
		return b.Bytes()
	}},
	// Every list of the document, at every depth, holds n items: its first
	// item widened the same way, then n-1 copies of the first item as it
	// was (so that lists in lists grow the input linearly, not as n²).
	{"wide-lists", 60, func(doc *yaml.Node, n int) []byte {
		widen(doc, n)
		return encode(doc)
	}},
	// Every string value but kind and id is 40n bytes long.
	{"long-strings", 60, func(doc *yaml.Node, n int) []byte {
		walkValues(doc, func(key string, v *yaml.Node) {
			if key != "kind" && key != "id" && v.Kind == yaml.ScalarNode && v.Tag == "!!str" && v.Value != "" {
				v.Value = strings.Repeat(v.Value+" ", 40*n/(len(v.Value)+1)+1)[:40*n]
				v.Style = yaml.DoubleQuotedStyle
			}
		})
		return encode(doc)
	}},
}

// TestGrowthIsLinear (issue 24): for every kind of every game, each worst
// shape (many documents and references, wide lists in every list field,
// long strings in every text field) is made at two sizes, n and 4n, from the
// base content's first document of the kind, and run through every stage a
// pack goes through: load (parse), validate, link, the game's checks, the
// text and JSON diagnostics, fmt and, when it compiles, gen. The cost is
// counted in allocations (count and bytes), not time: it is the same on a
// busy machine. The cost of the input, past that of the pack with none,
// must grow at most 6.5 times in allocations from n to 4n (linear is 4; n
// log n at these sizes about 5; quadratic 16), 13 times in bytes; where
// the input grows by more than 4 (lists in lists), the limits scale with it.
// Found by it: every game's diagnostic positions decoded the whole document
// once per problem (compiler.Doc.PosTree). Nesting is not a shape: the loader bounds
// it at 64 levels.
func TestGrowthIsLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles every kind of every game at three sizes")
	}
	for _, g := range compiler.Games() {
		base, diags := compiler.BasePack(g)
		if diags.Errors() > 0 {
			t.Fatalf("%s: base content has errors", g.ID)
		}
		first := map[string]*source{}
		for _, d := range base.Set.Docs {
			if first[d.Kind] == nil {
				first[d.Kind] = &source{encode(d.Node())}
			}
		}
		dir := t.TempDir()
		pack := fmt.Sprintf("kind: pack\nid: growth\nname: Growth\nversion: 0.1.0\ngame: %s\nrequires:\n  %s: \">=0\"\n", g.ID, base.ID)
		writeFile(t, filepath.Join(dir, "pack.yaml"), []byte(pack))
		content := filepath.Join(dir, "content.yaml")
		writeFile(t, content, []byte("# empty\n"))
		measure(g, dir) // warm: the schema, the base pack
		zero := measure(g, dir)
		for _, k := range g.Kinds {
			src := first[k.Name]
			if src == nil {
				if k.Name == "pack" {
					continue
				}
				t.Errorf("%s: the base content has no %s to grow", g.ID, k.Name)
				continue
			}
			for _, sh := range growthShapes {
				t.Run(g.ID+"/"+k.Name+"/"+sh.name, func(t *testing.T) {
					var costs [2]growth.Cost
					var size [2]int
					for i, n := range []int{sh.n, 4 * sh.n} {
						data := sh.make(src.doc(t), n)
						size[i] = len(data)
						writeFile(t, content, data)
						costs[i] = measure(g, dir).Minus(zero)
					}
					// A shape the schema bounds costs next to nothing at
					// both sizes: the floors keep noise out.
					growth.Check(t, sh.n, size, costs, growth.Floor{Mallocs: 2000, Bytes: 256 << 10}, "")
				})
			}
		}
	}
}

// source is a document's YAML, parsed afresh for each shape.
type source struct{ yaml []byte }

func (s *source) doc(t *testing.T) *yaml.Node {
	var n yaml.Node
	if err := yaml.Unmarshal(s.yaml, &n); err != nil {
		t.Fatal(err)
	}
	if n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
		return n.Content[0]
	}
	return &n
}

// measure runs the pack in dir through every stage and counts what it
// allocated.
func measure(g *compiler.Game, dir string) growth.Cost {
	return growth.Measure(func() { stages(g, dir) })
}

// stages runs the pack in dir through every stage.
func stages(g *compiler.Game, dir string) {
	sets, diags, err := games.LoadSets([]string{dir})
	if err != nil {
		panic(err)
	}
	var results []*compiler.Result
	for _, set := range sets {
		res, ds := compiler.Compile(set)
		diags = append(diags, ds...)
		results = append(results, res)
	}
	diags = diags.Sort()
	src := games.Sources(results)
	_ = diag.Print(io.Discard, "text", diags, src)
	_ = diag.Print(io.Discard, "json", diags, src)
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		_, _ = yamlfmt.Format(data, func(string) map[string][]string { return nil })
	}
	for _, res := range results {
		if res.Ruleset == nil {
			continue
		}
		out, err := emit.Package{Name: "growth", Var: g.GenVar, ImportPath: "example.com/growth", ChunkSize: 1 << 30}.Output(res.Ruleset)
		if err != nil {
			panic(err)
		}
		for _, f := range out.Files {
			_ = f.Write(io.Discard)
		}
	}
}

func encode(n *yaml.Node) []byte {
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(n); err != nil {
		panic(err)
	}
	enc.Close()
	return b.Bytes()
}

func mapValue(m *yaml.Node, key string) *yaml.Node {
	if m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// widen gives every list below v n items (see the wide-lists shape).
func widen(v *yaml.Node, n int) {
	if v.Kind == yaml.SequenceNode && len(v.Content) > 0 {
		first := v.Content[0]
		wide := clone(first)
		widen(wide, n)
		v.Content = make([]*yaml.Node, n)
		v.Content[0] = wide
		for i := 1; i < n; i++ {
			v.Content[i] = first
		}
		return
	}
	for _, c := range v.Content {
		widen(c, n)
	}
}

func clone(v *yaml.Node) *yaml.Node {
	c := *v
	c.Content = make([]*yaml.Node, len(v.Content))
	for i, x := range v.Content {
		c.Content[i] = clone(x)
	}
	return &c
}

// walkValues calls fn on every mapping value below n with its key (list
// items have the key of their list).
func walkValues(n *yaml.Node, fn func(key string, v *yaml.Node)) {
	var rec func(key string, n *yaml.Node)
	rec = func(key string, n *yaml.Node) {
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				fn(n.Content[i].Value, n.Content[i+1])
				rec(n.Content[i].Value, n.Content[i+1])
			}
		case yaml.SequenceNode:
			for _, c := range n.Content {
				fn(key, c)
				rec(key, c)
			}
		}
	}
	rec("", n)
}

func writeFile(t *testing.T, p string, b []byte) {
	t.Helper()
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
