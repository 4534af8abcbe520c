package tablebattles

import (
	"testing"

	"github.com/roundtable-dev/roundtable/engine/tablebattles/table"
)

// Reading a Formation Card, Dice Area: every printed form parses.
func TestParseDiceAreaForms(t *testing.T) {
	cases := []struct {
		in   string
		want table.DiceArea
	}{
		{"6", table.DiceArea{Src: "6", Faces: 1 << 6}},
		{"5/6", table.DiceArea{Src: "5/6", Faces: 1<<5 | 1<<6}},
		{"1-3", table.DiceArea{Src: "1-3", Faces: 1<<1 | 1<<2 | 1<<3}},
		{"1-2/6", table.DiceArea{Src: "1-2/6", Faces: 1<<1 | 1<<2 | 1<<6}},
		{"(6)", table.DiceArea{Src: "(6)", Faces: 1 << 6, Single: true}},
		{"Doubles", table.DiceArea{Src: "Doubles", Doubles: true}},
		{"Triples", table.DiceArea{Src: "Triples", Triples: true}},
		{"Doubles, Triples", table.DiceArea{Src: "Doubles, Triples", Doubles: true, Triples: true}},
		{"Straight-3", table.DiceArea{Src: "Straight-3", Straights: 1 << 3}},
		{"Straight-4", table.DiceArea{Src: "Straight-4", Straights: 1 << 4}},
	}
	for _, c := range cases {
		got, err := parseDiceArea(c.in)
		if err != nil || got != c.want {
			t.Errorf("parseDiceArea(%q) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
	}
}

func TestParseDiceAreaErrors(t *testing.T) {
	cases := []struct {
		in  string
		off int
		msg string
	}{
		{"7", 0, "die face 7 is not 1 to 6"},
		{"5/", 2, "expected a die face (1 to 6), found the end"},
		{"3-1", 2, "range 3-1 does not ascend"},
		{"(6", 2, "missing ) to close the bracket"},
		{"5/5", 2, "face 5 is listed twice"},
		{"Doubles, Doubles", 9, "Doubles is listed twice"},
		{"Straight-7", 9, `a straight is 2 to 6 dice, not "7"`},
		{"Doubels", 0, `unknown dice area word "Doubels"`},
		{"Doubles Triples", 8, `expected a comma, found "T"`},
		{"6 Doubles", 2, `unexpected "Doubles" after the faces`},
	}
	for _, c := range cases {
		_, err := parseDiceArea(c.in)
		if err == nil || err.Off != c.off || err.Msg != c.msg {
			t.Errorf("parseDiceArea(%q) = %v; want offset %d %q", c.in, err, c.off, c.msg)
		}
	}
}

// Actions, Attack: "# hits", "1 hit per die", "1 self".
func TestParseEffect(t *testing.T) {
	cases := []struct {
		in   string
		want effect
	}{
		{"1 hit", effect{hits: 1}},
		{"2 hits", effect{hits: 2}},
		{"1 hit per die", effect{perDie: true}},
		{"2 hits, 1 self", effect{hits: 2, self: 1}},
	}
	for _, c := range cases {
		got, err := parseEffect(c.in)
		if err != nil || got != c.want {
			t.Errorf("parseEffect(%q) = %+v, %v", c.in, got, err)
		}
	}
	for in, off := range map[string]int{"2 hit": 2, "1 hits": 2, "2 hits per die": 0, "2 bites": 2, "hits": 0, "1 hit,": 6} {
		if _, err := parseEffect(in); err == nil || err.Off != off {
			t.Errorf("parseEffect(%q) = %v; want an error at %d", in, err, off)
		}
	}
}

// FuzzMiniLanguages: the parsers never panic and report offsets inside the
// string (or at its end).
func FuzzMiniLanguages(f *testing.F) {
	for _, s := range []string{"6", "5/6", "1-3", "(6)", "Doubles, Triples", "Straight-4", "(", "1-", "Straight-", "2 hits, 1 self", "1 hit per", "é/6"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if _, err := parseDiceArea(s); err != nil && (err.Off < 0 || err.Off > len(s)) {
			t.Errorf("parseDiceArea(%q): offset %d outside the string", s, err.Off)
		}
		if _, err := parseEffect(s); err != nil && (err.Off < 0 || err.Off > len(s)) {
			t.Errorf("parseEffect(%q): offset %d outside the string", s, err.Off)
		}
	})
}
