package annas_test

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler"
	annascompiler "github.com/roundtable-dev/roundtable/compiler/annas"
	annascontent "github.com/roundtable-dev/roundtable/content/annas"
)

// sampleDocs takes a few documents of every kind from the base content.
func sampleDocs(t *testing.T) []string {
	t.Helper()
	per := map[string]int{}
	var out []string
	err := fs.WalkDir(annascontent.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".yaml") || p == "pack.yaml" {
			return err
		}
		b, err := fs.ReadFile(annascontent.FS, p)
		if err != nil {
			return err
		}
		for _, doc := range strings.Split(string(b), "\n---\n") {
			var m struct {
				Kind string `yaml:"kind"`
			}
			if yaml.Unmarshal([]byte(doc), &m) != nil {
				continue
			}
			if per[m.Kind] < 1 {
				per[m.Kind]++
				out = append(out, doc)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func compileDocs(docs []string) {
	fsys := fstest.MapFS{
		"pack.yaml":    {Data: []byte("kind: pack\nid: p\nname: P\nversion: 0.1.0\ngame: annas\n")},
		"content.yaml": {Data: []byte(strings.Join(docs, "\n---\n"))},
	}
	p, _ := compiler.LoadPack(fsys, "p")
	if p.Game == nil {
		p.Game = annascompiler.Game
	}
	compiler.Compile([]*compiler.Pack{p})
}

// TestMutatedContentNeverPanics replaces every scalar of a sample of base
// documents (one at a time) with values of other types and compiles: bad
// input must give diagnostics, never a panic.
func TestMutatedContentNeverPanics(t *testing.T) {
	docs := sampleDocs(t)
	alternatives := []struct{ value, tag string }{{"-1", "!!int"}, {"zz", "!!str"}}
	for i, doc := range docs {
		var root yaml.Node
		if err := yaml.Unmarshal([]byte(doc), &root); err != nil {
			t.Fatal(err)
		}
		var scalars []*yaml.Node
		var walk func(n *yaml.Node)
		walk = func(n *yaml.Node) {
			if n.Kind == yaml.ScalarNode {
				scalars = append(scalars, n)
			}
			for _, c := range n.Content {
				walk(c)
			}
		}
		walk(&root)
		// Keep the run short: at most 24 scalars per document.
		if len(scalars) > 24 {
			step := len(scalars)/24 + 1
			var some []*yaml.Node
			for j := 0; j < len(scalars); j += step {
				some = append(some, scalars[j])
			}
			scalars = some
		}
		for _, s := range scalars {
			if s.Value == "kind" || s.Value == docKind(doc) {
				continue
			}
			old, oldTag, oldStyle := s.Value, s.Tag, s.Style
			for _, alt := range alternatives {
				s.Value, s.Tag, s.Style = alt.value, alt.tag, 0
				out, err := yaml.Marshal(&root)
				if err != nil {
					continue
				}
				mutated := append(append([]string{}, docs[:i]...), string(out))
				mutated = append(mutated, docs[i+1:]...)
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Fatalf("panic compiling %s with %q -> %q: %v\n%s", docKind(doc), old, alt.value, r, out)
						}
					}()
					compileDocs(mutated)
				}()
			}
			s.Value, s.Tag, s.Style = old, oldTag, oldStyle
		}
	}
}

func docKind(doc string) string {
	var m struct {
		Kind string `yaml:"kind"`
	}
	_ = yaml.Unmarshal([]byte(doc), &m)
	return m.Kind
}
