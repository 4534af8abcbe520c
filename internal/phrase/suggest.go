package phrase

import (
	"strings"
	"unicode/utf8"
)

// Closeness is how many edits a suggestion may be from what was written,
// for a text of n runes.
type Closeness int

const (
	// Word is for an id, a name, a code, a field or a flag value: one edit
	// up to 5 runes, two up to 9, three beyond.
	Word Closeness = iota
	// Sentence is for an action text of several words, typed whole: a
	// third of its length, three at least.
	Sentence
)

// Limit is the most edits a suggestion for a text of n runes may need.
func (c Closeness) Limit(n int) int {
	if c == Sentence {
		return max(3, n/3)
	}
	return max(1, min(3, (n+2)/4))
}

// Suggest is Closest with Word closeness: the did-you-mean of an id, a
// name or a flag value.
func Suggest(s string, options []string) string { return Closest(s, options, Word) }

// Closest returns the option nearest to s by Distance, compared in lower
// case, when it is within c's limit; otherwise "". Of options equally near
// the first in sorting order is chosen; one that differs in every rune ("Z"
// for "A") is no typo.
func Closest(s string, options []string, c Closeness) string {
	best, bestD := "", 1<<30
	ls := strings.ToLower(s)
	n := utf8.RuneCountInString(s)
	for _, o := range options {
		d := Distance(ls, strings.ToLower(o))
		if d >= max(n, utf8.RuneCountInString(o)) {
			continue
		}
		if d < bestD || d == bestD && o < best {
			best, bestD = o, d
		}
	}
	if best == "" || bestD > c.Limit(n) {
		return ""
	}
	return best
}

// Distance is the optimal-string-alignment edit distance of a and b in
// runes: insertions, deletions, substitutions and swaps of two adjacent
// runes ("armroed" is one edit from "armored"). The Cipher card-list
// importer's misprinted classes (two edits at most) are the same on the
// real card list with swaps counted as one edit or as two
// (TestImportRealCardList), so there is one distance.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
