package compiler

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/roundtable-dev/roundtable/compiler/cueval"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/source"
)

// validateParallel validates documents on every core, a batch at a time
// (most documents take the native validator's microseconds, so a channel
// send per document would cost as much as the check). Results keep
// document order. A document validated while it was loaded (precheck)
// keeps that result.
func validateParallel(s *cueval.Schema, p *Pack, docs []*source.Document) []diag.List {
	pre := p != nil && p.checkedBy == s
	const batch = 64
	out := make([]diag.List, len(docs))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for {
				start := int(next.Add(batch)) - batch
				if start >= len(docs) {
					return
				}
				for i := start; i < min(start+batch, len(docs)); i++ {
					if r, ok := docs[i].Checked(); ok && pre {
						out[i] = r // validated while loaded (precheck)
						continue
					}
					out[i] = s.Validate(docs[i])
				}
			}
		})
	}
	wg.Wait()
	return out
}
