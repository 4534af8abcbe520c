package cueval

import (
	"testing"
	"testing/fstest"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

const utSchemaSrc = `package t

#Unit: {
	kind!: "unit"
	id!:   =~"^[a-z0-9]+(-[a-z0-9]+)*$"
	name!: string
	at?:   =~"^[a-f][1-6]$"
	version?: =~"^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$"
	hp!:   int & >=1 & <=20
	row?:  =~"^[LHM.-]{1,40}$"
	glyph?: =~"^[^\\s]$"
	requires?: [=~"^[a-z]+$"]: string
	title?: string & !=""
	range?: [...int] & [_, ...]
	sides?: [string, string]
	symbols?: [string] | [string, string]
}
`

// TestMessagesSayWhatIsWrongAndHowToFix: the messages a content author
// meets most, in words rather than CUE's regular expressions, with a fix.
func TestMessagesSayWhatIsWrongAndHowToFix(t *testing.T) {
	s, err := Compile(fstest.MapFS{"t.cue": {Data: []byte(utSchemaSrc)}}, "schema/t", map[string]string{"unit": "#Unit"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		src, code, msg, hint string
		line, col            int
	}{
		{"kind: unit\nid: Sell Sword\nname: S\nhp: 3\n", diag.CodeInvalid.ID,
			`id: "Sell Sword" is not a valid id (lowercase letters and digits, words joined by single hyphens)`, `did you mean "sell-sword"?`, 2, 5},
		{"kind: unit\nid: s\nname: S\nhp: 3\nat: g7\n", diag.CodeInvalid.ID,
			`at: "g7" is not a tile (a column a-f and a row 1-6, e.g. c3)`, "", 5, 5},
		{"kind: unit\nid: s\nname: S\nhp: 3\nversion: \"1.0\"\n", diag.CodeInvalid.ID,
			`version: "1.0" is not a version (MAJOR.MINOR.PATCH, e.g. 1.0.0)`, "", 5, 10},
		{"kind: unit\nid: s\nname: S\nhp: 3\nrow: MH..X\n", diag.CodeInvalid.ID,
			`row: "MH..X" is not a map row (1-40 of L landmark, H hero start, M minion start, . space, - no space)`, "", 5, 6},
		{"kind: unit\nid: s\nname: S\nhp: 3\nglyph: \"ab\"\n", diag.CodeInvalid.ID,
			`glyph: "ab" is not one character (not a space)`, "", 5, 8},
		{"kind: unit\nid: s\nname: S\nhp: 99999999999999999999999999\n", diag.CodeOutOfRange.ID,
			"hp: 99999999999999999999999999 is out of range (too large a number)", "card values are small whole numbers; check for a typo", 4, 5},
		{"kind: unit\nid: s\nname: S\nhp: 3\nrequires: {base: 1}\n", diag.CodeWrongType.ID,
			"requires.base must be a string, found number 1", `to write it as text, quote it: "1"`, 5, 18},
		{"kind: unit\nid: s\nname: S\nhp: \"3\"\n", diag.CodeWrongType.ID,
			`hp must be a whole number, found string "3"`, "write the number without quotes: 3", 4, 5},
		{"kind: unit\nid: s\nname: 1984\nhp: 3\n", diag.CodeWrongType.ID,
			"name must be a string, found number 1984", `to write it as text, quote it: "1984"`, 3, 7},
		{"kind: unit\nid:\nname: S\nhp: 3\n", diag.CodeWrongType.ID,
			"id must be a string, found null", "the field has no value: write one after the colon", 2, 4},
		{"kind: unit\nid: s\nname: S\nhp: 9.0\n", diag.CodeWrongType.ID,
			"hp must be a whole number, found number 9.0", "write it without a decimal point: 9", 4, 5},
		{"kind: unit\nid: s\nname: S\nhp: 3\ntitle: \"\"\n", diag.CodeInvalid.ID,
			"title must not be empty", "write the text, or leave the field out if it is optional", 5, 8},
		{"kind: unit\nid: s\nname: S\nhp: 3\nrange: []\n", diag.CodeInvalid.ID,
			"range must not be empty: it needs at least 1 item", "", 5, 8},
		{"kind: unit\nid: s\nname: S\nhp: 3\nsides: [a]\n", diag.CodeInvalid.ID,
			"sides has 1 item; it needs exactly 2 items", "", 5, 8},
		{"kind: unit\nid: s\nname: S\nhp: 3\nsides: [a, b, c]\n", diag.CodeInvalid.ID,
			"sides has 3 items; it needs exactly 2 items", "", 5, 8},
		{"kind: unit\nid: s\nname: S\nhp: 3\nsymbols: []\n", diag.CodeInvalid.ID,
			"symbols has 0 items; it needs 1 or 2 items", "", 5, 10},
		{"kind: unit\nid: s\nname: S\nhp: 3\nsymbols: [7]\n", diag.CodeWrongType.ID,
			"symbols.0 must be a string, found number 7", `to write it as text, quote it: "7"`, 5, 11},
	} {
		got := validate(t, s, tc.src)
		if len(got) != 1 {
			t.Errorf("%q: %d diagnostics %v, want 1", tc.src, len(got), got)
			continue
		}
		d := got[0]
		if d.Code != tc.code || d.Message != tc.msg || d.Hint != tc.hint || d.Pos.Line != tc.line || d.Pos.Col != tc.col {
			t.Errorf("%q:\n got %s %d:%d %q hint %q\nwant %s %d:%d %q hint %q", tc.src, d.Code, d.Pos.Line, d.Pos.Col, d.Message, d.Hint, tc.code, tc.line, tc.col, tc.msg, tc.hint)
		}
	}
}
