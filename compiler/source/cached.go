package source

import (
	"crypto/sha256"
	"encoding/binary"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// entryDocs makes the documents of a cached file: each keeps its encoding,
// a substring of the cache file (checked by its checksum when read).
func entryDocs(name string, e *Entry) []*Document {
	var a docArena
	return a.entryDocs(name, e)
}

// docArena hands out documents and slices of them in blocks: two
// allocations per cached file were a tenth of a warm check's allocations.
// A block lives as long as any of its documents.
type docArena struct {
	docs []Document
	ptrs []*Document
}

const arenaBlock = 256

func (a *docArena) entryDocs(name string, e *Entry) []*Document {
	n := len(e.Docs)
	if n == 0 {
		return nil
	}
	if len(a.docs) < n {
		a.docs = make([]Document, max(n, arenaBlock))
	}
	if len(a.ptrs) < n {
		a.ptrs = make([]*Document, max(n, arenaBlock))
	}
	block, docs := a.docs[:n:n], a.ptrs[:n:n]
	a.docs, a.ptrs = a.docs[n:], a.ptrs[n:]
	keys := len(e.Keys) == n
	for i, enc := range e.Docs {
		r := &reader{s: enc}
		idx := r.uint()
		block[i] = Document{File: name, Index: int(idx), Kind: r.string(), enc: enc}
		if keys {
			block[i].keys = e.Keys[i]
		}
		docs[i] = &block[i]
	}
	return docs
}

// topKeys lists the top-level keys of an encoded document as
// "\x00k1\x00k2\x00" ("" when it cannot tell).
func topKeys(enc string) string {
	r := docReader(enc)
	kind, _, _, children := r.brief()
	if r.err != nil || kind != uint64(yaml.MappingNode) {
		return ""
	}
	b := []byte{0}
	for i := uint64(0); i+1 < children && r.err == nil; i += 2 {
		_, _, kv, kc := r.brief()
		for range kc {
			r.skip(1)
		}
		b = append(append(b, kv...), 0)
		r.skip(1)
	}
	if r.err != nil {
		return ""
	}
	return string(b)
}

// treeKeys is topKeys of a tree.
func treeKeys(n *yaml.Node) string {
	if n.Kind != yaml.MappingNode {
		return ""
	}
	b := []byte{0}
	for i := 0; i+1 < len(n.Content); i += 2 {
		b = append(append(b, n.Content[i].Value...), 0)
	}
	return string(b)
}

// hasKey reports whether keys (topKeys) may hold key: false only when it
// surely does not.
func hasKey(keys, key string) bool {
	switch {
	case keys == "" || strings.IndexByte(key, 0) >= 0:
		return true // unknown, or a key with a NUL may hide in the list
	case key == "":
		return strings.Contains(keys, "\x00\x00")
	}
	for i := 0; ; {
		j := strings.Index(keys[i:], key)
		if j < 0 {
			return false
		}
		j += i // keys starts with a NUL and key has none: j > 0
		if end := j + len(key); keys[j-1] == 0 && end < len(keys) && keys[end] == 0 {
			return true
		}
		i = j + 1
	}
}

// newEntry makes the cache entry of a file just parsed.
func newEntry(name string, st Stat, key string, docs []*Document, load diag.List) *Entry {
	e := &Entry{Name: name, Stat: st, Key: key, Sem: SemHash(docs), Docs: make([]string, len(docs)), Keys: make([]string, len(docs)), Load: load}
	checked := len(docs) > 0
	for i, d := range docs {
		if d.tree == nil {
			e.Docs[i] = d.enc
			e.Keys[i] = topKeys(d.enc)
		} else {
			// Hashed and listed from the tree (faster than from the
			// encoding), then kept encoded as loaded documents are.
			e.Keys[i] = treeKeys(d.tree)
			e.Docs[i] = string(encodeDoc(d))
			d.enc, d.tree = e.Docs[i], nil
		}
		checked = checked && d.hasCheck
	}
	if checked {
		// Every document was validated while parsed (the compiler's
		// precheck, with the schema the cache is made for): store the
		// results now rather than write the cache again after validation.
		e.Valid, e.HasValid = make([]diag.List, len(docs)), true
		for i, d := range docs {
			e.Valid[i] = d.checked
		}
	}
	return e
}

// SemHash hashes what the documents of a file say, without their
// comments: each document's index, kind and nodes (kind, style, tag,
// value, anchor, line, column, children). The compiler's link and a game's
// Build see nothing else of a document, so a file whose SemHash did not
// change cannot change their outcome (comments are not decoded into the
// game's structs).
func SemHash(docs []*Document) string {
	h := sha256.New()
	var b []byte
	for _, d := range docs {
		b = binary.AppendUvarint(b[:0], uint64(d.Index))
		b = appendString(b, d.Kind)
		if d.tree != nil {
			b = semTree(b, d.tree)
		} else {
			r := docReader(d.enc)
			b = semNode(b, r, 0)
			if r.err != nil {
				b = append(b, "\x00corrupt"...)
			}
		}
		h.Write(b)
	}
	return string(h.Sum(nil))
}

func semNode(b []byte, r *reader, depth int) []byte {
	if depth > MaxDepth+1 {
		r.err = errCorrupt
		return b
	}
	h := r.header()
	if r.err != nil {
		return b
	}
	b = binary.AppendUvarint(b, h.kind)
	b = binary.AppendUvarint(b, h.style)
	b = appendString(b, h.tag)
	b = appendString(b, h.value)
	b = appendString(b, h.anchor)
	b = binary.AppendUvarint(b, uint64(h.line))
	b = binary.AppendUvarint(b, uint64(h.col))
	b = binary.AppendUvarint(b, h.children)
	for i := uint64(0); i < h.children && r.err == nil; i++ {
		b = semNode(b, r, depth+1)
	}
	return b
}

func semTree(b []byte, n *yaml.Node) []byte {
	kind := uint64(n.Kind)
	b = binary.AppendUvarint(b, kind)
	b = binary.AppendUvarint(b, uint64(n.Style))
	b = appendString(b, n.Tag)
	b = appendString(b, n.Value)
	b = appendString(b, n.Anchor)
	b = binary.AppendUvarint(b, uint64(n.Line))
	b = binary.AppendUvarint(b, uint64(n.Column))
	b = binary.AppendUvarint(b, uint64(len(n.Content)))
	for _, c := range n.Content {
		b = semTree(b, c)
	}
	return b
}

// StrField returns the value of a top-level key whose value is a plain
// string (tag !!str), or "": Field without allocating a node.
func (d *Document) StrField(key string) string {
	if d.tree != nil || d.enc == "" {
		if n := Lookup(d.tree, key); n != nil && n.Kind == yaml.ScalarNode && n.Tag == "!!str" {
			return n.Value
		}
		return ""
	}
	if !hasKey(d.keys, key) {
		return ""
	}
	r := &reader{s: d.enc} // on the stack: docReader's escapes
	r.open()
	kind, _, _, children := r.brief()
	if yaml.Kind(kind) != yaml.MappingNode {
		return ""
	}
	for i := uint64(0); i+1 < children && r.err == nil; i += 2 {
		_, _, kv, kc := r.brief()
		for range kc {
			r.skip(1)
		}
		if kv == key {
			vk, vt, vv, _ := r.brief()
			if r.err == nil && yaml.Kind(vk) == yaml.ScalarNode && vt == "!!str" {
				return vv
			}
			return ""
		}
		r.skip(1)
	}
	return ""
}
