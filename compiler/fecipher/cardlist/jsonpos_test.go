package cardlist

import "testing"

// TestParseKeepsPositions checks the offsets the JSON reader records and
// their line:col, columns counted in runes.
func TestParseKeepsPositions(t *testing.T) {
	src := []byte("[\n  {\"Title\": \"Étoile\", \"Type\": [\"Lance \",\n    \"Sword\"], \"N\": 3}\n]")
	v, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	lines := NewLines(src)
	card := v.Elems[0]
	cases := []struct {
		what      string
		off       int64
		line, col int
	}{
		{"card", card.Off, 2, 3},
		{"title key", card.KeyOff[0], 2, 4},
		{"title", card.Field("Title").Off, 2, 13},
		{"Lance", card.Field("Type").Elems[0].Off, 2, 32},
		{"Sword", card.Field("Type").Elems[1].Off, 3, 5},
		{"N", card.Field("N").Off, 3, 20},
	}
	for _, c := range cases {
		l, col := lines.At(c.off)
		if l != c.line || col != c.col {
			t.Errorf("%s at %d:%d, want %d:%d", c.what, l, col, c.line, c.col)
		}
	}
	if card.Field("Title").Str != "Étoile" || card.Field("N").Num.String() != "3" {
		t.Errorf("values: %q %q", card.Field("Title").Str, card.Field("N").Num)
	}
}

// TestParseSyntaxErrorOffset reports where the JSON breaks.
func TestParseSyntaxErrorOffset(t *testing.T) {
	src := []byte("[\n  {\"a\": 1,,}\n]")
	_, err := Parse(src)
	se, ok := err.(*SyntaxError)
	if !ok {
		t.Fatalf("err %v, want a SyntaxError", err)
	}
	if l, c := NewLines(src).At(se.Off); l != 2 {
		t.Errorf("error at %d:%d, want line 2", l, c)
	}
}

// TestWithinSteps over escapes: \n is 2 bytes raw and 1 decoded, \u0027 is
// 6 raw and 1 decoded, \u00e9 is 6 raw and 2 decoded, a surrogate pair 12
// raw and 4 decoded.
func TestWithinStepsOverEscapes(t *testing.T) {
	src := []byte(`"a\nb\u0027c\u00e9d\ud83d\ude00e"`)
	v, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		ch   string
		want int64
	}{{"a", 1}, {"b", 4}, {"c", 11}, {"d", 18}, {"e", 31}} {
		i := -1
		for j := range len(v.Str) {
			if v.Str[j:j+1] == c.ch {
				i = j
				break
			}
		}
		if got := Within(src, v, i); got != c.want || string(src[got]) != c.ch {
			t.Errorf("%s: raw offset %d, want %d", c.ch, got, c.want)
		}
	}
}
