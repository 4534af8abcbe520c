// Package yamlfmt rewrites content YAML to a canonical form: keys in the
// order the schema declares them (unknown keys after, in their order),
// two-space indentation, one style of document separators. Comments, flow
// or block style, anchors, quoting of scalars that need it and the line
// breaks of folded text are kept.
package yamlfmt

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

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
	var docs []*yaml.Node
	for {
		var doc yaml.Node
		if err := dec.Decode(&doc); err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return nil, err
		}
		n++
		docs = append(docs, &doc)
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
	before, err := nodes(data)
	if err != nil {
		return nil, err
	}
	if err := checkKeys(before); err != nil {
		return nil, err
	}
	// The encoder writes each paragraph of folded text (>) on one line,
	// and breaks more-indented lines in it: put back the author's lines.
	if folded := keepFolds(data, docs, buf.Bytes()); folded != nil {
		if v, err := nodes(folded); err == nil && sameValues(before, v) {
			return folded, nil
		}
	}
	after, err := nodes(buf.Bytes())
	if err != nil || !sameValues(before, after) {
		return nil, errors.New("yaml: cannot put this file in canonical form without changing a value; left as is")
	}
	return buf.Bytes(), nil
}

// keepFolds returns out with the body of every folded scalar written as
// it is in data (its lines re-indented), or nil when there is none or the
// output cannot be matched to the input. docs are data's documents as
// encoded into out.
func keepFolds(data []byte, docs []*yaml.Node, out []byte) []byte {
	type fold struct {
		in, out *yaml.Node
	}
	var folds []fold
	dec := yaml.NewDecoder(bytes.NewReader(out))
	for _, in := range docs {
		var o yaml.Node
		if err := dec.Decode(&o); err != nil || !pairFolds(in, &o, func(a, b *yaml.Node) { folds = append(folds, fold{a, b}) }) {
			return nil
		}
	}
	if len(folds) == 0 {
		return nil
	}
	src, dst := lines(data), lines(out)
	// Bottom up, so that earlier line numbers stay put.
	slices.SortFunc(folds, func(a, b fold) int { return b.out.Line - a.out.Line })
	for _, f := range folds {
		body, _, srcBlank, ok := blockBody(src, f.in.Line)
		if !ok {
			return nil
		}
		old, indent, dstBlank, ok := blockBody(dst, f.out.Line)
		if !ok || len(old) == 0 {
			return nil
		}
		repl := make([]string, 0, len(body)+srcBlank)
		for _, l := range body {
			if l != "" {
				l = indent + l
			}
			repl = append(repl, l)
		}
		// Blank lines after the body are part of the value only when
		// kept (>+); the encoder may add one of its own.
		if h := dst[f.out.Line-1]; strings.Contains(h[max(0, strings.LastIndexByte(h, '>')):], "+") {
			repl = append(repl, make([]string, srcBlank)...)
		}
		start := f.out.Line // the body's first line, 0-based
		dst = slices.Concat(dst[:start], repl, dst[start+len(old)+dstBlank:])
	}
	return []byte(strings.Join(dst, "\n"))
}

// pairFolds walks two trees of the same shape and calls fn on each pair of
// folded scalars; false when the shapes differ.
func pairFolds(a, b *yaml.Node, fn func(a, b *yaml.Node)) bool {
	if a.Kind != b.Kind || len(a.Content) != len(b.Content) {
		return false
	}
	if a.Kind == yaml.ScalarNode && a.Style&yaml.FoldedStyle != 0 {
		if b.Style&yaml.FoldedStyle == 0 {
			return false
		}
		fn(a, b)
	}
	for i := range a.Content {
		if !pairFolds(a.Content[i], b.Content[i], fn) {
			return false
		}
	}
	return true
}

// lines splits text into lines (without their line breaks, CR LF too).
func lines(b []byte) []string {
	ls := strings.Split(string(b), "\n")
	for i, l := range ls {
		ls[i] = strings.TrimSuffix(l, "\r")
	}
	return ls
}

// blockBody returns the body of the block scalar whose header is on line
// header (1-based): its lines without their common indentation (blank
// lines as ""), that indentation, and how many blank lines follow it (not
// counting the "" after a final line break). The body is the lines after
// the header that are blank or indented at least as its first non-blank
// line, which must be indented more than the header line.
func blockBody(ls []string, header int) ([]string, string, int, bool) {
	if header < 1 || header > len(ls) {
		return nil, "", 0, false
	}
	indentOf := func(l string) int { return len(l) - len(strings.TrimLeft(l, " ")) }
	blank := func(l string) bool { return strings.TrimSpace(l) == "" }
	first := header
	for first < len(ls) && blank(ls[first]) {
		first++
	}
	if first == len(ls) || indentOf(ls[first]) <= indentOf(ls[header-1]) {
		return nil, "", 0, false
	}
	ind := indentOf(ls[first])
	end := first
	for end < len(ls) && (blank(ls[end]) || indentOf(ls[end]) >= ind) {
		end++
	}
	last := end
	for last > first && blank(ls[last-1]) {
		last--
	}
	trailing := end - last
	if end == len(ls) && trailing > 0 && ls[end-1] == "" {
		trailing-- // the file's final line break
	}
	body := make([]string, 0, last-header)
	for _, l := range ls[header:last] {
		if blank(l) {
			body = append(body, "")
		} else {
			body = append(body, l[ind:])
		}
	}
	return body, strings.Repeat(" ", ind), trailing, true
}

// nodes parses every document of data into nodes.
func nodes(data []byte) ([]*yaml.Node, error) {
	var out []*yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var n yaml.Node
		if err := dec.Decode(&n); errors.Is(err, io.EOF) {
			return out, nil
		} else if err != nil {
			return nil, err
		}
		out = append(out, &n)
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
