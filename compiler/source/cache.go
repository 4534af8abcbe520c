package source

import (
	"encoding/binary"
	"errors"
	"slices"

	"gopkg.in/yaml.v3"
)

// The encoding: uvarint index, string kind, node count, then each node in
// pre-order: a byte of kind and tag codes and a flag (below), style, the tag
// when it has no code, value, when flagged anchor and head, line and foot
// comments, line, column, number of children. Loaded documents are kept in
// this form (see Document), so the common cases are small: a scalar of a
// unit card takes 7 bytes and its value.
const (
	kindBits   = 0x07 // index in kindCodes; 7: a uvarint kind follows
	tagShift   = 3    // bits 3-5: index in tagCodes; 0: a tag string follows
	extraFlag  = 0x40 // anchor and comments follow
	otherKind  = 7
	noTagCode  = 0
	headerMask = kindBits | 7<<tagShift | extraFlag
)

var (
	kindCodes = [...]yaml.Kind{0, yaml.DocumentNode, yaml.SequenceNode, yaml.MappingNode, yaml.ScalarNode, yaml.AliasNode}
	tagCodes  = [...]string{"", "!!str", "!!int", "!!map", "!!seq", "!!bool", "!!null", "!!float"}
)

func encodeDoc(d *Document) []byte {
	if d.tree == nil {
		return []byte(d.enc)
	}
	b := binary.AppendUvarint(nil, uint64(d.Index))
	b = appendString(b, d.Kind)
	b = binary.AppendUvarint(b, uint64(countNodes(d.tree)))
	return encodeNode(b, d.tree)
}

func countNodes(n *yaml.Node) int {
	c := 1
	for _, k := range n.Content {
		c += countNodes(k)
	}
	return c
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func encodeNode(b []byte, n *yaml.Node) []byte {
	kc := byte(otherKind)
	if i := slices.Index(kindCodes[:], n.Kind); i >= 0 {
		kc = byte(i)
	}
	tc := byte(noTagCode)
	if i := slices.Index(tagCodes[1:], n.Tag); i >= 0 {
		tc = byte(i + 1)
	}
	extra := n.Anchor != "" || n.HeadComment != "" || n.LineComment != "" || n.FootComment != ""
	h := kc | tc<<tagShift
	if extra {
		h |= extraFlag
	}
	b = append(b, h)
	if kc == otherKind {
		b = binary.AppendUvarint(b, uint64(n.Kind))
	}
	b = binary.AppendUvarint(b, uint64(n.Style))
	if tc == noTagCode {
		b = appendString(b, n.Tag)
	}
	b = appendString(b, n.Value)
	if extra {
		b = appendString(b, n.Anchor)
		b = appendString(b, n.HeadComment)
		b = appendString(b, n.LineComment)
		b = appendString(b, n.FootComment)
	}
	b = binary.AppendUvarint(b, uint64(n.Line))
	b = binary.AppendUvarint(b, uint64(n.Column))
	b = binary.AppendUvarint(b, uint64(len(n.Content)))
	for _, c := range n.Content {
		b = encodeNode(b, c)
	}
	return b
}

var errCorrupt = errors.New("corrupt cached parse")

type reader struct {
	s     string // the encoded document: every string is a slice of it
	off   int
	err   error
	count uint64       // nodes in the document
	nodes []yaml.Node  // one allocation for every node of a document
	ptrs  []*yaml.Node // and one for every Content slice
}

// docReader reads a document's encoding up to its first node.
func docReader(enc string) *reader {
	r := &reader{s: enc}
	r.open()
	return r
}

// open reads past the document's index and kind to its first node.
func (r *reader) open() {
	r.uint()
	r.string()
	r.count = r.uint()
}

func (r *reader) uint() uint64 {
	var v uint64
	for shift := 0; shift < 64; shift += 7 {
		if r.off >= len(r.s) {
			break
		}
		c := r.s[r.off]
		r.off++
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return v
		}
	}
	r.err = errCorrupt
	return 0
}

func (r *reader) string() string {
	n := r.uint()
	if r.err != nil || n > uint64(len(r.s)-r.off) {
		r.err = errCorrupt
		return ""
	}
	s := r.s[r.off : r.off+int(n)]
	r.off += int(n)
	return s
}

// decodeDoc checks an encoded document (from the cache file, which may be
// corrupt) and makes a Document that keeps it.
func decodeDoc(b []byte) (*Document, error) {
	r := &reader{s: string(b)}
	d := &Document{Index: int(r.uint()), Kind: r.string()}
	count := r.uint()
	if r.err != nil || count == 0 || count > uint64(len(r.s)) {
		return nil, errCorrupt
	}
	if n := r.skip(0); r.err != nil || r.off != len(r.s) || n != count {
		return nil, errCorrupt
	}
	d.enc = r.s
	return d, nil
}

// header is a node without its children.
type header struct {
	kind, style             uint64
	tag, value, anchor      string
	line, col               int
	head, lineComment, foot string
	children                uint64
}

func (r *reader) header() header {
	var h header
	if r.off >= len(r.s) || r.s[r.off]&^headerMask != 0 {
		r.err = errCorrupt
		return h
	}
	c := r.s[r.off]
	r.off++
	switch kc := c & kindBits; {
	case kc == otherKind:
		h.kind = r.uint()
	case int(kc) < len(kindCodes):
		h.kind = uint64(kindCodes[kc])
	default:
		r.err = errCorrupt
		return h
	}
	h.style = r.uint()
	if tc := c >> tagShift & 7; tc == noTagCode {
		h.tag = r.string()
	} else {
		h.tag = tagCodes[tc]
	}
	h.value = r.string()
	if c&extraFlag != 0 {
		h.anchor = r.string()
		h.head = r.string()
		h.lineComment = r.string()
		h.foot = r.string()
	}
	h.line = int(r.uint())
	h.col = int(r.uint())
	h.children = r.uint()
	if r.err == nil && h.children > uint64(len(r.s)-r.off) {
		r.err = errCorrupt
	}
	return h
}

// brief reads a node's header as header does, keeping only what skips and
// key lookups need: filling and copying the whole header was most of the
// cost of looking up a field.
func (r *reader) brief() (kind uint64, tag, value string, children uint64) {
	if r.off >= len(r.s) || r.s[r.off]&^headerMask != 0 {
		r.err = errCorrupt
		return
	}
	c := r.s[r.off]
	r.off++
	switch kc := c & kindBits; {
	case kc == otherKind:
		kind = r.uint()
	case int(kc) < len(kindCodes):
		kind = uint64(kindCodes[kc])
	default:
		r.err = errCorrupt
		return
	}
	r.uint() // style
	if tc := c >> tagShift & 7; tc == noTagCode {
		tag = r.string()
	} else {
		tag = tagCodes[tc]
	}
	value = r.string()
	if c&extraFlag != 0 {
		r.string() // anchor
		r.string() // comments: head, line, foot
		r.string()
		r.string()
	}
	r.uint() // line, column
	r.uint()
	children = r.uint()
	if r.err == nil && children > uint64(len(r.s)-r.off) {
		r.err = errCorrupt
	}
	return
}

// alloc makes room for r.count nodes.
func (r *reader) alloc() {
	r.nodes = make([]yaml.Node, 0, r.count)
	if r.count > 1 {
		r.ptrs = make([]*yaml.Node, 0, r.count-1) // every node but the root is a child
	}
}

// set fills n from h (not its children).
func (h *header) set(n *yaml.Node) {
	n.Kind = yaml.Kind(h.kind)
	n.Style = yaml.Style(h.style)
	n.Tag = h.tag
	n.Value = h.value
	n.Anchor = h.anchor
	n.Line = h.line
	n.Column = h.col
	n.HeadComment = h.head
	n.LineComment = h.lineComment
	n.FootComment = h.foot
}

// skip reads past a node and its children, returning how many nodes it
// had.
func (r *reader) skip(depth int) uint64 {
	if depth > MaxDepth+1 {
		r.err = errCorrupt
		return 0
	}
	_, _, _, children := r.brief()
	n := uint64(1)
	for i := uint64(0); i < children && r.err == nil; i++ {
		n += r.skip(depth + 1)
	}
	return n
}

// field decodes the value of a top-level key, or returns nil; only that
// value's nodes are allocated.
func (r *reader) field(key string) *yaml.Node {
	h := r.header()
	if yaml.Kind(h.kind) != yaml.MappingNode {
		return nil
	}
	for i := uint64(0); i+1 < h.children && r.err == nil; i += 2 {
		_, _, kv, kc := r.brief()
		for range kc { // a key is a scalar; skip any children
			r.skip(1)
		}
		if kv == key {
			save := r.off
			if h := r.header(); h.children == 0 && r.err == nil {
				n := &yaml.Node{}
				h.set(n)
				return n // a scalar (most looked-up fields): no count needed
			}
			r.off = save
			r.count = r.skip(1)
			r.off = save
			r.alloc()
			return r.node(1)
		}
		r.skip(1)
	}
	return nil
}

func (r *reader) node(depth int) *yaml.Node {
	if depth > MaxDepth+1 || len(r.nodes) == cap(r.nodes) {
		r.err = errCorrupt
		return nil
	}
	r.nodes = append(r.nodes, yaml.Node{})
	n := &r.nodes[len(r.nodes)-1]
	h := r.header()
	h.set(n)
	if r.err != nil {
		return nil
	}
	// Shapes no parse makes, on which yaml.v3's Decode panics: an alias
	// (the encoding holds no target), a mapping of an odd number of
	// nodes, a kind yaml.v3 does not know.
	switch n.Kind {
	case yaml.DocumentNode, yaml.SequenceNode, yaml.ScalarNode:
	case yaml.MappingNode:
		if h.children%2 != 0 {
			r.err = errCorrupt
			return nil
		}
	default:
		r.err = errCorrupt
		return nil
	}
	if h.children > 0 {
		start := len(r.ptrs)
		if end := start + int(h.children); end <= cap(r.ptrs) {
			r.ptrs = r.ptrs[:end]
			n.Content = r.ptrs[start:end:end] // capped: an append copies
		} else {
			n.Content = make([]*yaml.Node, h.children)
		}
		for i := range n.Content {
			if n.Content[i] = r.node(depth + 1); r.err != nil {
				return nil
			}
		}
	}
	return n
}
