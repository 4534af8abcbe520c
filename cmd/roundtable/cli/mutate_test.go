package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"testing"
	"testing/fstest"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler"
)

// TestMutatedBaseContentNeverPanics compiles, for every game, copies of its
// base pack in which one value of one document is replaced by a number, an
// unknown word or nothing, or removed. Whatever the game's build step makes
// of it, the result must be diagnostics, never a panic.
func TestMutatedBaseContentNeverPanics(t *testing.T) {
	perKind, perDoc := 2, 6
	if testing.Short() {
		perKind, perDoc = 1, 4
	}
	for _, g := range compiler.Games() {
		base := fstest.MapFS{}
		err := fs.WalkDir(g.Content, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := fs.ReadFile(g.Content, p)
			base[p] = &fstest.MapFile{Data: data}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]int{}
		compiled, rejected := 0, 0
		for name, f := range base {
			docs, err := parseAll(f.Data)
			if err != nil {
				continue // not YAML (the embed.go file)
			}
			for i, doc := range docs {
				kind := ""
				if k := lookup(doc, "kind"); k != nil {
					kind = k.Value
				}
				if kind == "pack" || seen[kind] >= perKind {
					continue
				}
				seen[kind]++
				for _, m := range mutations(doc, perDoc) {
					m.apply()
					data, err := marshalAll(docs)
					m.undo()
					if err != nil {
						continue
					}
					variant := fstest.MapFS{}
					for k, v := range base {
						variant[k] = v
					}
					variant[name] = &fstest.MapFile{Data: data}
					func() {
						defer func() {
							if r := recover(); r != nil {
								t.Fatalf("%s: panic compiling %s document %d with %s: %v", g.ID, name, i, m.what, r)
							}
						}()
						p, ds := compiler.LoadPack(variant, g.ContentDir)
						_, more := compiler.Compile([]*compiler.Pack{p})
						compiled++
						if ds.Errors()+more.Errors() > 0 {
							rejected++
						}
					}()
				}
			}
		}
		// Most mutations break a schema or a reference; if none is rejected,
		// the mutations are not reaching the compiler.
		if compiled == 0 || rejected*2 < compiled {
			t.Errorf("%s: %d of %d mutated packs rejected", g.ID, rejected, compiled)
		}
	}
}

type mutation struct {
	what        string
	apply, undo func()
}

// mutations picks up to n values of doc, spread evenly, and returns four
// changes for each.
func mutations(doc *yaml.Node, n int) []mutation {
	type slot struct {
		parent *yaml.Node
		i      int
	}
	var slots []slot
	var walk func(p *yaml.Node)
	walk = func(p *yaml.Node) {
		start, step := 0, 1
		if p.Kind == yaml.MappingNode {
			start, step = 1, 2
		}
		for i := start; i < len(p.Content); i += step {
			c := p.Content[i]
			if c.Kind == yaml.ScalarNode {
				if !(p == doc && p.Content[i-1].Value == "kind") {
					slots = append(slots, slot{p, i})
				}
			} else {
				walk(c)
			}
		}
	}
	walk(doc)
	if len(slots) > n {
		step := len(slots) / n
		var some []slot
		for i := 0; i < len(slots) && len(some) < n; i += step {
			some = append(some, slots[i])
		}
		slots = some
	}
	var out []mutation
	for _, s := range slots {
		s := s
		orig := *s.parent.Content[s.i]
		set := func(what, value, tag string) mutation {
			return mutation{
				what:  fmt.Sprintf("%q -> %s", orig.Value, what),
				apply: func() { *s.parent.Content[s.i] = yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: value} },
				undo:  func() { *s.parent.Content[s.i] = orig },
			}
		}
		out = append(out, set("-1", "-1", "!!int"), set("an unknown word", "no-such-thing", "!!str"), set("null", "null", "!!null"))
		content := s.parent.Content
		del := 1
		if s.parent.Kind == yaml.MappingNode {
			del = 2
		}
		out = append(out, mutation{
			what: fmt.Sprintf("%q removed", orig.Value),
			apply: func() {
				lo := s.i + 1 - del
				s.parent.Content = append(append([]*yaml.Node{}, content[:lo]...), content[s.i+1:]...)
			},
			undo: func() { s.parent.Content = content },
		})
	}
	return out
}

func parseAll(data []byte) ([]*yaml.Node, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var docs []*yaml.Node
	for {
		var n yaml.Node
		err := dec.Decode(&n)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		if len(n.Content) == 1 && n.Content[0].Kind == yaml.MappingNode {
			docs = append(docs, n.Content[0])
		}
	}
	if len(docs) == 0 {
		return nil, errors.New("no documents")
	}
	return docs, nil
}

func marshalAll(docs []*yaml.Node) ([]byte, error) {
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	for _, d := range docs {
		if err := enc.Encode(d); err != nil {
			return nil, err
		}
	}
	return b.Bytes(), enc.Close()
}

func lookup(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}
