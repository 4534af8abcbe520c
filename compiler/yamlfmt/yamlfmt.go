// Package yamlfmt rewrites content YAML to a canonical form: keys in the
// order the schema declares them (unknown keys after, in their order),
// two-space indentation, one style of document separators. Comments, flow
// or block style, anchors and quoting of scalars that need it are kept.
package yamlfmt

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"

	"gopkg.in/yaml.v3"
)

// Order gives, for a kind, the canonical key order at each dotted path of
// the document ("" is the top level; list items are "*"), or nil.
type Order func(kind string) map[string][]string

// Format returns data in canonical form. It fails on YAML that does not
// parse, and refuses (with an error) rather than change what it means.
func Format(data []byte, order Order) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil { // yaml.v3 may panic on hostile input
			out, err = nil, fmt.Errorf("yaml: malformed input")
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	n := 0
	for {
		var doc yaml.Node
		if err := dec.Decode(&doc); err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return nil, err
		}
		n++
		if len(doc.Content) == 1 && doc.Content[0].Kind == yaml.MappingNode {
			top := doc.Content[0]
			var ord map[string][]string
			if k := lookup(top, "kind"); k != nil && order != nil {
				ord = order(k.Value)
			}
			reorder(top, "", ord)
		}
		if err := enc.Encode(&doc); err != nil {
			return nil, err
		}
	}
	if n == 0 {
		return data, nil
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	// Check the promise: the output means what the input meant.
	before, err := values(data)
	if err != nil {
		return nil, err
	}
	after, err := values(buf.Bytes())
	if err != nil || !reflect.DeepEqual(before, after) {
		return nil, errors.New("yaml: cannot put this file in canonical form without changing a value; left as is")
	}
	return buf.Bytes(), nil
}

// values decodes every document of data.
func values(data []byte) ([]any, error) {
	var out []any
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var v any
		if err := dec.Decode(&v); errors.Is(err, io.EOF) {
			return out, nil
		} else if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
}

func lookup(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func reorder(n *yaml.Node, path string, ord map[string][]string) {
	switch n.Kind {
	case yaml.MappingNode:
		if want := ord[path]; len(want) > 0 {
			type pair struct{ k, v *yaml.Node }
			pairs := make([]pair, 0, len(n.Content)/2)
			for i := 0; i+1 < len(n.Content); i += 2 {
				pairs = append(pairs, pair{n.Content[i], n.Content[i+1]})
			}
			rank := func(p pair) int {
				if i := slices.Index(want, p.k.Value); i >= 0 {
					return i
				}
				return len(want)
			}
			// The comment above the first key belongs to the document.
			head := ""
			if len(pairs) > 0 {
				head, pairs[0].k.HeadComment = pairs[0].k.HeadComment, ""
			}
			slices.SortStableFunc(pairs, func(a, b pair) int { return rank(a) - rank(b) })
			if len(pairs) > 0 && head != "" {
				if pairs[0].k.HeadComment != "" {
					head += "\n" + pairs[0].k.HeadComment
				}
				pairs[0].k.HeadComment = head
			}
			n.Content = n.Content[:0]
			for _, p := range pairs {
				n.Content = append(n.Content, p.k, p.v)
			}
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			reorder(n.Content[i+1], join(path, n.Content[i].Value), ord)
		}
	case yaml.SequenceNode:
		for _, c := range n.Content {
			reorder(c, join(path, "*"), ord)
		}
	}
}
