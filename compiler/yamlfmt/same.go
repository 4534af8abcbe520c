package yamlfmt

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// The promise of Format is checked on the node trees of the input and the
// output, not by decoding both into Go values: yaml.v3's decoder checks a
// mapping's keys for duplicates pair by pair (100,000 keys took 95 s), and
// decodes an alias again at each reference. Two trees mean the same when,
// aliases followed and merge keys applied, their scalars decode to equal
// values, their lists are equal item by item and their mappings have equal
// values under equal keys, in any order. Each pair of nodes is compared
// once (an alias bomb compares its anchor once).

// sameValues reports whether two documents lists mean the same.
func sameValues(a, b []*yaml.Node) bool {
	if len(a) != len(b) {
		return false
	}
	c := comparer{seen: map[[2]*yaml.Node]bool{}}
	for i := range a {
		if !c.same(a[i], b[i], 0) {
			return false
		}
	}
	return true
}

// checkKeys refuses a mapping with a key twice (yaml.v3 refused it while
// decoding values).
func checkKeys(docs []*yaml.Node) error {
	c := comparer{seen: map[[2]*yaml.Node]bool{}}
	for _, d := range docs {
		if err := c.keys(d, 0); err != nil {
			return err
		}
	}
	return nil
}

type comparer struct {
	seen  map[[2]*yaml.Node]bool // pairs found equal
	pairs map[*yaml.Node]pairsOf // memo: merges may name one mapping many times
}

type pairsOf struct {
	p   []pair
	err error
}

// maxDepth bounds alias chains and nesting; yaml.v3's parser bounds
// nesting well below it.
const maxDepth = 10000

func deref(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < maxDepth; i++ {
		n = n.Alias
	}
	return n
}

func (c *comparer) same(a, b *yaml.Node, depth int) bool {
	a, b = deref(a), deref(b)
	if a == nil || b == nil || depth > maxDepth {
		return a == b
	}
	if a.Kind == yaml.DocumentNode || b.Kind == yaml.DocumentNode {
		if a.Kind != b.Kind || len(a.Content) != len(b.Content) {
			return false
		}
		return len(a.Content) == 0 || c.same(a.Content[0], b.Content[0], depth+1)
	}
	key := [2]*yaml.Node{a, b}
	if c.seen[key] {
		return true
	}
	if a.Kind != b.Kind {
		return false
	}
	ok := false
	switch a.Kind {
	case yaml.ScalarNode:
		ok = scalarsEqual(a, b)
	case yaml.SequenceNode:
		ok = len(a.Content) == len(b.Content)
		for i := 0; ok && i < len(a.Content); i++ {
			ok = c.same(a.Content[i], b.Content[i], depth+1)
		}
	case yaml.MappingNode:
		pa, erra := c.pairsOf(a)
		pb, errb := c.pairsOf(b)
		ok = erra == nil && errb == nil && len(pa) == len(pb)
		for i := 0; ok && i < len(pa); i++ {
			ok = pa[i].key == pb[i].key && c.same(pa[i].v, pb[i].v, depth+1)
		}
	}
	if ok {
		c.seen[key] = true
	}
	return ok
}

// keys walks a tree for duplicate keys, each node once.
func (c *comparer) keys(n *yaml.Node, depth int) error {
	n = deref(n)
	if n == nil || depth > maxDepth || c.seen[[2]*yaml.Node{n}] {
		return nil
	}
	c.seen[[2]*yaml.Node{n}] = true
	if n.Kind == yaml.MappingNode {
		if _, err := c.pairsOf(n); err != nil {
			return err
		}
	}
	for _, k := range n.Content {
		if err := c.keys(k, depth+1); err != nil {
			return err
		}
	}
	return nil
}

func scalarsEqual(a, b *yaml.Node) bool {
	if a.ShortTag() != b.ShortTag() {
		return false
	}
	if a.ShortTag() == "!!str" {
		return a.Value == b.Value
	}
	var x, y any
	ex, ey := a.Decode(&x), b.Decode(&y)
	if ex != nil || ey != nil {
		return ex == nil && ey == nil && a.Value == b.Value
	}
	return reflect.DeepEqual(x, y)
}

type pair struct {
	key string // the key's tag and decoded value
	v   *yaml.Node
}

// pairsOf is a mapping's key-value pairs with merge keys applied (explicit
// keys win, then earlier merged mappings), sorted by key; an error for a
// key twice or a key that is not a scalar.
func (c *comparer) pairsOf(m *yaml.Node) ([]pair, error) {
	if c.pairs == nil {
		c.pairs = map[*yaml.Node]pairsOf{}
	}
	if r, ok := c.pairs[m]; ok {
		return r.p, r.err
	}
	c.pairs[m] = pairsOf{err: fmt.Errorf("yaml: line %d: a merge key includes its own mapping", m.Line)}
	p, err := c.computePairs(m)
	c.pairs[m] = pairsOf{p, err}
	return p, err
}

func (c *comparer) computePairs(m *yaml.Node) ([]pair, error) {
	var out []pair
	explicit := map[string]bool{}
	var merged []*yaml.Node
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := deref(m.Content[i]), m.Content[i+1]
		if k == nil || k.Kind != yaml.ScalarNode {
			return nil, fmt.Errorf("yaml: line %d: a key that is not a scalar", m.Content[i].Line)
		}
		if k.ShortTag() == "!!merge" {
			src := deref(v)
			if src != nil && src.Kind == yaml.SequenceNode {
				for _, s := range src.Content {
					merged = append(merged, deref(s))
				}
			} else {
				merged = append(merged, src)
			}
			continue
		}
		key := canonicalKey(k)
		if explicit[key] {
			return nil, fmt.Errorf("yaml: line %d: mapping key %q already defined", k.Line, k.Value)
		}
		explicit[key] = true
		out = append(out, pair{key, v})
	}
	taken := explicit
	for _, src := range merged {
		if src == nil || src.Kind != yaml.MappingNode {
			continue
		}
		sub, err := c.pairsOf(src)
		if err != nil {
			return nil, err
		}
		var add []pair
		for _, p := range sub {
			if !taken[p.key] {
				add = append(add, p)
			}
		}
		for _, p := range add {
			taken[p.key] = true
		}
		out = append(out, add...)
	}
	slices.SortFunc(out, func(a, b pair) int { return cmp.Compare(a.key, b.key) })
	return out, nil
}

func canonicalKey(k *yaml.Node) string {
	tag := k.ShortTag()
	if tag == "!!str" {
		return "s" + k.Value
	}
	var v any
	if err := k.Decode(&v); err == nil {
		return tag + "\x00" + fmt.Sprint(v)
	}
	return tag + "\x00" + strings.ToValidUTF8(k.Value, "")
}
