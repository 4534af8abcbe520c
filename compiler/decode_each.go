package compiler

import (
	"fmt"
	"iter"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/source"
)

// decodeBatch is how many documents DecodeEach decodes ahead: two batches of
// decoded documents (and the trees their yaml.Node fields point into) are
// alive at a time, not all of them.
const decodeBatch = 64

// DecodeEach is Decode for every document of docs, with the decoding spread
// over every core: it decodes the next batch while fn runs on the current
// one. fn is called in document order from the calling goroutine, with the
// same diagnostics in the same order as calling Decode in a loop; ok is
// false when the document did not decode.
func DecodeEach[T any](docs []*Doc, diags *diag.List, fn func(d *Doc, v T, ok bool)) {
	decodeEach(docs, diags, func(d *Doc, v T, ok bool) bool { fn(d, v, ok); return true })
}

// decodeEach is DecodeEach that stops when fn returns false: no later
// document is reported.
func decodeEach[T any](docs []*Doc, diags *diag.List, fn func(d *Doc, v T, ok bool) bool) {
	if len(docs) <= decodeBatch || runtime.GOMAXPROCS(0) < 2 {
		for _, d := range docs {
			v, ok := Decode[T](d, diags)
			if !fn(d, v, ok) {
				return
			}
		}
		return
	}
	type batch struct {
		vals []T
		errs []error
		done sync.WaitGroup
	}
	start := func(b *batch, part []*Doc) {
		b.vals = b.vals[:len(part)]
		b.errs = b.errs[:len(part)]
		var next atomic.Int64
		for range min(runtime.GOMAXPROCS(0), len(part)) {
			b.done.Go(func() {
				for {
					i := int(next.Add(1)) - 1
					if i >= len(part) {
						return
					}
					b.errs[i] = part[i].Decode(&b.vals[i])
				}
			})
		}
	}
	bufs := [2]*batch{}
	for i := range bufs {
		bufs[i] = &batch{vals: make([]T, decodeBatch), errs: make([]error, decodeBatch)}
	}
	part := func(k int) []*Doc {
		return docs[k*decodeBatch : min((k+1)*decodeBatch, len(docs))]
	}
	n := (len(docs) + decodeBatch - 1) / decodeBatch
	start(bufs[0], part(0))
	var zero T
	for k := range n {
		b := bufs[k%2]
		b.done.Wait()
		if k+1 < n {
			start(bufs[(k+1)%2], part(k+1))
		}
		for i, d := range part(k) {
			more := true
			if err := b.errs[i]; err != nil {
				diags.Add(diag.CodeWrongType, d.Pos(), "%s %s: %v", d.Kind, d.ID, err)
				more = fn(d, b.vals[i], false)
			} else {
				more = fn(d, b.vals[i], true)
			}
			b.vals[i], b.errs[i] = zero, nil
			if !more {
				return // the batch decoding ahead finishes on its own
			}
		}
	}
}

// CompareDecodes decodes every document of the game's base content whose
// kind is in types both with Doc.Decode and with yaml.v3 and returns the
// differences (source.CompareDecode), a kind of the game missing from
// types or from the content, and how many documents Decode left to
// yaml.v3. For the games' differential tests.
func CompareDecodes(g *Game, types map[string]func() any) (errs []error, fallbacks int64) {
	p, _ := BasePack(g)
	seen := map[string]int{}
	before := source.DecodeFallbacks()
	for _, d := range p.Set.Docs {
		mk, ok := types[d.Kind]
		if !ok {
			continue
		}
		seen[d.Kind]++
		if err := source.CompareDecode(d, mk); err != nil {
			errs = append(errs, err)
		}
	}
	fallbacks = source.DecodeFallbacks() - before
	for _, k := range g.KindNames() {
		if _, ok := types[k]; !ok {
			errs = append(errs, fmt.Errorf("kind %s has no decode type in the test", k))
		} else if seen[k] == 0 {
			errs = append(errs, fmt.Errorf("kind %s: no base document", k))
		}
	}
	return errs, fallbacks
}

// Decoded ranges over the valid documents of a kind decoded into T, in
// order (DecodeEach: decoded on every core, ahead of the loop's body). A
// document that does not decode is reported as Decode reports it and
// passed to broken (when not nil) instead of the loop, so that a table
// can keep one entry per valid document:
//
//	for d, f := range compiler.Decoded[featDoc](b.p, "feat", &b.diags, func(d *compiler.Doc) {
//		b.rs.Feats = append(b.rs.Feats, table.Feat{ID: d.ID})
//	}) {
func Decoded[T any](p *Program, kind string, diags *diag.List, broken func(d *Doc)) iter.Seq2[*Doc, T] {
	return func(yield func(*Doc, T) bool) {
		decodeEach(p.Valid(kind), diags, func(d *Doc, v T, ok bool) bool {
			if !ok {
				if broken != nil {
					broken(d)
				}
				return true
			}
			return yield(d, v)
		})
	}
}

// Words maps each name to its index as a value of T: a table package's
// names (table.RankNames) read back from the schema's words.
func Words[T ~int | ~int8 | ~int16 | ~uint8](names []string) map[string]T {
	m := make(map[string]T, len(names))
	for i, n := range names {
		m[n] = T(i)
	}
	return m
}
