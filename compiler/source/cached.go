package source

import (
	"crypto/sha256"
	"encoding/binary"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/vcache"
)

// entryDocs makes the documents of a cached file: each keeps its encoding,
// a substring of the cache file (checked by its checksum when read).
func entryDocs(name string, e *vcache.Entry) []*Document {
	if len(e.Docs) == 0 {
		return nil
	}
	block := make([]Document, len(e.Docs))
	docs := make([]*Document, len(e.Docs))
	for i, enc := range e.Docs {
		r := &reader{s: enc}
		idx := r.uint()
		block[i] = Document{File: name, Index: int(idx), Kind: r.string(), enc: enc}
		docs[i] = &block[i]
	}
	return docs
}

// newEntry makes the cache entry of a file just parsed.
func newEntry(name string, st vcache.Stat, key string, docs []*Document, load diag.List) *vcache.Entry {
	e := &vcache.Entry{Name: name, Stat: st, Key: key, Sem: SemHash(docs), Docs: make([]string, len(docs)), Load: load}
	for i, d := range docs {
		if d.tree == nil {
			e.Docs[i] = d.enc
		} else {
			e.Docs[i] = string(encodeDoc(d))
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
