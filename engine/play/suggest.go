package play

import "strings"

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
