package quote

import (
	"strings"
	"testing"
)

func TestQuoteBoundsLongValues(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"grima", `"grima"`},
		{"a\"b", `"a\"b"`},
		{strings.Repeat("x", 60), `"` + strings.Repeat("x", 60) + `"`},
		{strings.Repeat("x", 61), `"` + strings.Repeat("x", 60) + `"… (1 more characters)`},
		{strings.Repeat("é", 100), `"` + strings.Repeat("é", 60) + `"… (40 more characters)`},
	} {
		if got := Quote(c.in); got != c.want {
			t.Errorf("Quote(%.20q…) = %s, want %s", c.in, got, c.want)
		}
	}
}
