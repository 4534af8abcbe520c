package play

import (
	"fmt"
	"testing"
)

// TestNearest: the closest texts first, ties in the options' order,
// compared after Normalize.
func TestNearest(t *testing.T) {
	opts := []string{"play ash", "play elm", "play oak", "end turn"}
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"plya oak", 2, "[play oak play ash]"},
		{"PLAY   Elm", 1, "[play elm]"},
		{"end", 2, "[end turn play elm]"},
		{"x", 9, "[play ash play elm play oak end turn]"},
	} {
		if got := fmt.Sprint(Nearest(c.in, opts, c.n)); got != c.want {
			t.Errorf("Nearest(%q, %d) = %s, want %s", c.in, c.n, got, c.want)
		}
	}
}
