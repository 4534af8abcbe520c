package diag

import "testing"

// The summary line counts in words: "1 error", never "1 errors".
func TestCountLine(t *testing.T) {
	e := Diagnostic{Severity: Error}
	w := Diagnostic{Severity: Warning}
	for _, c := range []struct {
		l    List
		want string
	}{
		{nil, "0 errors, 0 warnings"},
		{List{e}, "1 error, 0 warnings"},
		{List{w}, "0 errors, 1 warning"},
		{List{e, w, e, w, w}, "2 errors, 3 warnings"},
	} {
		if got := CountLine(c.l); got != c.want {
			t.Errorf("CountLine of %d errors, %d warnings = %q, want %q", c.l.Errors(), c.l.Warnings(), got, c.want)
		}
	}
}
