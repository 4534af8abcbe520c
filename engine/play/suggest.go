package play

import (
	"slices"

	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// Nearest are the n options closest to s by edit distance (after
// Normalize), nearest first, ties in the options' order: the did-you-mean
// of an answer that names no legal action.
func Nearest(s string, options []string, n int) []string {
	s = Normalize(s)
	type scored struct{ i, d int }
	all := make([]scored, len(options))
	for i, o := range options {
		all[i] = scored{i, phrase.Distance(s, Normalize(o))}
	}
	slices.SortStableFunc(all, func(a, b scored) int { return a.d - b.d })
	var out []string
	for _, x := range all[:min(n, len(all))] {
		out = append(out, options[x.i])
	}
	return out
}
