package play

import "testing"

func TestSuggest(t *testing.T) {
	opts := []string{"ylisse-ford", "nohr-bridge", "gronder-field"}
	for _, c := range []struct{ in, want string }{
		{"nohr-brige", "nohr-bridge"},
		{"Ylisse-Ford", "ylisse-ford"},
		{"gronder", ""},
		{"x", ""},
	} {
		if got := Suggest(c.in, opts); got != c.want {
			t.Errorf("Suggest(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
