package play

import (
	"slices"
	"strings"
)

// Suggest returns the option closest to s by edit distance when it is close
// enough to be a typo, otherwise "": for the did-you-mean of a mode's flag
// values (a scenario, a boss, a deck), which an engine cannot take from the
// compiler.
func Suggest(s string, options []string) string {
	best, bestD := "", 1<<30
	ls := strings.ToLower(s)
	for _, o := range options {
		d := distance(ls, strings.ToLower(o))
		if d >= max(len(s), len(o)) {
			continue // every letter replaced is no typo
		}
		if d < bestD || d == bestD && o < best {
			best, bestD = o, d
		}
	}
	if best == "" || bestD > max(1, min(3, (len(s)+2)/4)) {
		return ""
	}
	return best
}

// Nearest are the n options closest to s by edit distance (after
// Normalize), nearest first, ties in the options' order: the did-you-mean
// of an answer that names no legal action.
func Nearest(s string, options []string, n int) []string {
	s = Normalize(s)
	type scored struct{ i, d int }
	all := make([]scored, len(options))
	for i, o := range options {
		all[i] = scored{i, distance(s, Normalize(o))}
	}
	slices.SortStableFunc(all, func(a, b scored) int { return a.d - b.d })
	var out []string
	for _, x := range all[:min(n, len(all))] {
		out = append(out, options[x.i])
	}
	return out
}
