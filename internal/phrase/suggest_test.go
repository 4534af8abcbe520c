package phrase

import "testing"

// TestSuggestNotAWholeReplacement: a one-letter value is not a typo of every
// other one-letter word (rank "Z" was "did you mean "A"?"); case does not
// count; a tie goes to the first in sorting order.
func TestSuggestNotAWholeReplacement(t *testing.T) {
	for _, tc := range []struct {
		s    string
		cand []string
		want string
	}{
		{"Z", []string{"A", "B", "C", "D", "S", "S+"}, ""},
		{"s", []string{"A", "S+"}, "S+"},
		{"sout", []string{"north", "south"}, "south"},
		{"x", []string{"y"}, ""},
		{"armord", []string{"armored", "flying"}, "armored"},
		{"nohr-brige", []string{"ylisse-ford", "nohr-bridge", "gronder-field"}, "nohr-bridge"},
		{"Ylisse-Ford", []string{"ylisse-ford", "nohr-bridge"}, "ylisse-ford"},
		{"gronder", []string{"gronder-field"}, ""},
		{"cat", []string{"cot", "cut"}, "cot"},
	} {
		if got := Suggest(tc.s, tc.cand); got != tc.want {
			t.Errorf("Suggest(%q, %v) = %q, want %q", tc.s, tc.cand, got, tc.want)
		}
	}
}

// TestClosenessLimits: one rule of how far a suggestion may be, looser for
// the text of an action than for a word.
func TestClosenessLimits(t *testing.T) {
	for _, tc := range []struct {
		c    Closeness
		n    int
		want int
	}{
		{Word, 1, 1}, {Word, 5, 1}, {Word, 6, 2}, {Word, 9, 2}, {Word, 10, 3}, {Word, 40, 3},
		{Sentence, 1, 3}, {Sentence, 9, 3}, {Sentence, 12, 4}, {Sentence, 30, 10},
	} {
		if got := tc.c.Limit(tc.n); got != tc.want {
			t.Errorf("Closeness(%d).Limit(%d) = %d, want %d", tc.c, tc.n, got, tc.want)
		}
	}
	opts := []string{"move chrom to c3", "attack lucina with chrom"}
	if got := Closest("mvoe chorm ot c4", opts, Sentence); got != "move chrom to c3" {
		t.Errorf("an action text four edits off: %q", got)
	}
	if got := Closest("mvoe chorm ot c4", opts, Word); got != "" {
		t.Errorf("the same as a word: %q, want no suggestion", got)
	}
}

// TestDistanceCountsSwapsOnce: a swap of adjacent runes is one edit, and
// runes count, not bytes.
func TestDistanceCountsSwapsOnce(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"armored", "armroed", 1},
		{"kitten", "sitting", 3},
		{"élan", "elan", 1},
		{"ab", "ba", 1},
	} {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestDistanceOfTags: distances of tag typos a pack makes.
func TestDistanceOfTags(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"flying", "flying", 0},
		{"Flyng", "flying", 2}, // case counts here; Suggest folds case
		{"flyng", "flying", 1},
		{"cavlary", "cavalry", 1}, // one transposition
		{"", "abc", 3},
		{"armored", "armoured", 1},
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// TestSuggestTags: the did-you-mean of tag typos.
func TestSuggestTags(t *testing.T) {
	tags := []string{"armored", "cavalry", "flying", "shapeshifter", "physic"}
	for in, want := range map[string]string{
		"Flyng":       "flying",
		"cavlary":     "cavalry",
		"shapeshiftr": "shapeshifter",
		"dragon":      "",
		"x":           "",
	} {
		if got := Suggest(in, tags); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", in, got, want)
		}
	}
}
