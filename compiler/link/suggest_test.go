package link

import "testing"

// TestSuggestNotAWholeReplacement: a one-letter value is not a typo of every
// other one-letter word (rank "Z" was "did you mean "A"?").
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
	} {
		if got := Suggest(tc.s, tc.cand); got != tc.want {
			t.Errorf("Suggest(%q, %v) = %q, want %q", tc.s, tc.cand, got, tc.want)
		}
	}
}
