package semver

import "testing"

func TestRangeMatch(t *testing.T) {
	cases := []struct {
		rng, v string
		want   bool
	}{
		{">=1.0 <2", "1.0.0", true},
		{">=1.0 <2", "1.9.9", true},
		{">=1.0 <2", "2.0.0", false},
		{">=1.0 <2", "0.9.0", false},
		{">=1.0 <2", "2.0.0-rc.1", false},
		{"^1.2", "1.2.0", true},
		{"^1.2", "1.9.0", true},
		{"^1.2", "2.0.0", false},
		{"^1.2", "1.1.9", false},
		{"^0.3.1", "0.3.5", true},
		{"^0.3.1", "0.4.0", false},
		{"^0.0.3", "0.0.4", false},
		{"~1.4.2", "1.4.9", true},
		{"~1.4.2", "1.5.0", false},
		{"~1", "1.9.0", true},
		{"1.x", "1.3.0", true},
		{"1.x", "2.0.0", false},
		{"1.2", "1.2.7", true},
		{"1.2", "1.3.0", false},
		{"=1.2.3", "1.2.3", true},
		{"1.2.3", "1.2.4", false},
		{"*", "7.0.0", true},
		{"*", "1.0.0-beta", false},
		{">1.2", "1.2.9", false},
		{">1.2", "1.3.0", true},
		{"<=1.2", "1.2.9", true},
		{"<=1.2", "1.3.0", false},
		{"1.0 || >=3", "1.0.4", true},
		{"1.0 || >=3", "2.0.0", false},
		{"1.0 || >=3", "3.1.0", true},
		{">= 1.0 < 2", "1.5.0", true},
		{">=1.0.0-beta.2 <2", "1.0.0-beta.10", true},
		{">=1.0.0-beta.2 <2", "1.0.0-beta.1", false},
		// Masterminds' rule (docs/packs.md): a range naming a pre-release
		// admits pre-releases of any version it holds, not only of
		// 1.0.0 as npm would.
		{">=1.0.0-beta.2 <2", "1.1.0-beta.3", true},
		{"^1.2.0-rc.1", "1.2.0-rc.2", true},
	}
	for _, c := range cases {
		r, err := ParseRange(c.rng)
		if err != nil {
			t.Fatalf("ParseRange(%q): %v", c.rng, err)
		}
		v, err := Parse(c.v)
		if err != nil {
			t.Fatalf("Parse(%q): %v", c.v, err)
		}
		if got := r.Match(v); got != c.want {
			t.Errorf("%q matches %s = %v, want %v", c.rng, c.v, got, c.want)
		}
	}
}

func TestBadInput(t *testing.T) {
	for _, s := range []string{"", "  ", "abc", ">=1.0 ||", "1.2.3.4", "1.0 <<2", ">=1.0 !!"} {
		if _, err := ParseRange(s); err == nil {
			t.Errorf("ParseRange(%q) succeeded, want an error", s)
		}
	}
	for _, s := range []string{"1.0", "1.0.0-", "v1.0.0", "1.0.x"} {
		if _, err := Parse(s); err == nil {
			t.Errorf("Parse(%q) succeeded, want an error", s)
		}
	}
}

func TestCompare(t *testing.T) {
	order := []string{"1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "1.0.1", "1.1.0", "2.0.0"}
	for i := 1; i < len(order); i++ {
		a, _ := Parse(order[i-1])
		b, _ := Parse(order[i])
		if Compare(a, b) != -1 || Compare(b, a) != 1 {
			t.Errorf("want %s < %s (semver.org §11)", order[i-1], order[i])
		}
	}
}
