package phrase

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

// TestQuoteEscapesBytesAndControls: invalid UTF-8 and control characters
// (an escape sequence, a newline) are written as Go escapes, never raw;
// a cut never splits a rune.
func TestQuoteEscapesBytesAndControls(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a\xffb", `"a\xffb"`},
		{"\x1b[31mred", `"\x1b[31mred"`},
		{"two\nlines", `"two\nlines"`},
		{strings.Repeat("\xff", 61), `"` + strings.Repeat(`\xff`, 60) + `"… (1 more characters)`},
		{strings.Repeat("é", 60) + "\xff", `"` + strings.Repeat("é", 60) + `"… (1 more characters)`},
	} {
		if got := Quote(c.in); got != c.want {
			t.Errorf("Quote(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

// TestPathQuotesOnlyWhatIsNotPrintable: a file name is printed as it is
// unless it holds bytes that are not printable UTF-8 (or starts with a
// quote, which would read as quoted).
func TestPathQuotesOnlyWhatIsNotPrintable(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"pack/units.yaml", "pack/units.yaml"},
		{"päck/ünits.yaml", "päck/ünits.yaml"},
		{"bad\xff.yaml", `"bad\xff.yaml"`},
		{"two\nlines.yaml", `"two\nlines.yaml"`},
		{`"quoted".yaml`, `"\"quoted\".yaml"`},
	} {
		if got := Path(c.in); got != c.want {
			t.Errorf("Path(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}
