package play

import (
	"fmt"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// decodeState is the shape Decode's tests read: one of each kind of field.
type decodeState struct {
	Name  string            `yaml:"name" pos:"required"`
	Turn  int               `yaml:"turn" pos:"required"`
	Small int8              `yaml:"small"`
	Count uint8             `yaml:"count"`
	Ratio float64           `yaml:"ratio"`
	On    bool              `yaml:"on"`
	Maybe *int              `yaml:"maybe,omitempty"`
	Units []decodeUnit      `yaml:"units"`
	Bonus map[string]int    `yaml:"bonus"`
	Raw   yaml.Node         `yaml:"raw"`
	More  decodeInline      `yaml:",inline"`
	Tags  map[string]string `yaml:"tags"`
}

type decodeUnit struct {
	ID string `yaml:"id" pos:"required"`
	At string `yaml:"at" pos:"required"`
	HP int    `yaml:"hp"`
}

type decodeInline struct {
	Extra string `yaml:"extra"`
}

func node(t *testing.T, text string) *yaml.Node {
	t.Helper()
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(text), &n); err != nil {
		t.Fatal(err)
	}
	return &n
}

// TestDecodeReadsEveryKind: a well-formed state reads into every kind of
// field, inlined ones and raw nodes included; null and absent optional
// fields stay zero.
func TestDecodeReadsEveryKind(t *testing.T) {
	var s decodeState
	err := Decode(node(t, "name: x\nturn: -3\nsmall: 127\ncount: 255\nratio: 0.5\non: true\nmaybe: 7\n"+
		"units: [{id: a, at: c3, hp: 4}]\nbonus: {attack: 2}\nraw: {any: [thing]}\nextra: inlined\ntags: ~\n"), &s)
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != "x" || s.Turn != -3 || s.Small != 127 || s.Count != 255 || s.Ratio != 0.5 || !s.On || *s.Maybe != 7 ||
		len(s.Units) != 1 || s.Units[0] != (decodeUnit{"a", "c3", 4}) || s.Bonus["attack"] != 2 || s.Raw.Kind != yaml.MappingNode ||
		s.More.Extra != "inlined" || s.Tags != nil {
		t.Errorf("decoded %+v", s)
	}
}

// TestDecodeRefusesWithPathLineAndColumn: every way a field can be wrong is
// one error naming its path, line and column.
func TestDecodeRefusesWithPathLineAndColumn(t *testing.T) {
	const ok = "name: x\nturn: 1\n"
	for _, c := range []struct{ text, want string }{
		{"name: x\n", "1:1: turn: missing: the field is required (is the file cut short?)"},
		{ok + "units:\n  - id: a\n", "4:5: units[0].at: missing: the field is required (is the file cut short?)"},
		{"name: x\nturn: abc\n", `2:7: turn: want a whole number, found the string "abc"`},
		{"name: x\nturn: \"3\"\n", `2:7: turn: want a whole number, found the string "3"`},
		{"name: x\nturn: 1.5\n", `2:7: turn: want a whole number, found the number "1.5"`},
		{"name: x\nturn: 0x10\n", `2:7: turn: want a whole number in plain decimal, found "0x10"`},
		{"name: x\nturn: 012\n", `2:7: turn: want a whole number in plain decimal, found "012"`},
		{"name: x\nturn: +3\n", `2:7: turn: want a whole number in plain decimal, found "+3"`},
		{"name: x\nturn: 99999999999999999999\n", `2:7: turn: "99999999999999999999" is out of range (-9223372036854775808 to 9223372036854775807)`},
		{ok + "small: 128\n", "3:8: small: 128 is out of range (-128 to 127)"},
		{ok + "count: -1\n", "3:8: count: -1 is out of range (0 to 255)"},
		{"name: x\nturn: ~\n", "2:7: turn: want a whole number, found null"},
		{ok + "on: yes\n", `3:5: on: want true or false, found the string "yes"`},
		{ok + "on: 1\n", `3:5: on: want true or false, found the number "1"`},
		{"name: [a]\nturn: 1\n", "1:7: name: want a string, found a list"},
		{"name: !!binary aGk=\nturn: 1\n", `1:7: name: want a string, found a value tagged "!!binary"`},
		{ok + "units: {id: a}\n", "3:8: units: want a list, found a mapping"},
		{ok + "units: [a]\n", `3:9: units[0]: want a mapping of fields, found the string "a"`},
		{ok + "units: [{id: a, at: b, colour: red}]\n", `3:24: units[0]: unknown field "colour" (known here: at, hp, id)`},
		{ok + "turn: 2\n", "3:1: turn: given twice (first at line 2)"},
		{ok + "bonus: {a: 1, a: 2}\n", "3:15: bonus.a: given twice (first at line 3)"},
		{ok + "<<: {extra: x}\n", "3:1: merge keys (<<) are not read in a position; write the fields out"},
		{ok + "ratio: .inf\n", `3:8: ratio: want a number, found the number ".inf"`},
		{"- a\n", "1:1: want a mapping of fields, found a list"},
	} {
		var s decodeState
		err := Decode(node(t, c.text), &s)
		if err == nil || err.Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.text, err, c.want)
		}
	}
}

// nested is a list of lists to any depth.
type nested []nested

// TestDecodeBoundsAliasesAndDepth: a node tree that did not come through
// ReadPosition (still holding aliases) is bounded the same way: aliases
// may expand to 10,000 nodes, lists and mappings nest 64 deep.
func TestDecodeBoundsAliasesAndDepth(t *testing.T) {
	// Six levels of eight aliases each: 8^6 = 262,144 lists.
	var b strings.Builder
	b.WriteString("l0: &l0 [[], [], [], [], [], [], [], []]\n")
	for i := 1; i <= 6; i++ {
		prev := fmt.Sprintf("*l%d", i-1)
		fmt.Fprintf(&b, "l%d: &l%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(prev+", ", 8), ", "))
	}
	var bomb map[string]nested
	err := Decode(node(t, b.String()), &bomb)
	if err == nil || !strings.HasSuffix(err.Error(), "aliases expand to more than 10000 nodes") {
		t.Errorf("alias bomb: got %v", err)
	}
	var small map[string]nested
	if err := Decode(node(t, "a: &a [[], []]\nb: [*a, *a]\n"), &small); err != nil || len(small["b"]) != 2 || len(small["b"][0]) != 2 {
		t.Errorf("a small alias: %v, %v", err, small)
	}
	var deep nested
	err = Decode(node(t, strings.Repeat("[", 70)+strings.Repeat("]", 70)), &deep)
	if want := "1:66: " + strings.Repeat("[0]", 65) + ": nesting is deeper than 64 levels"; err == nil || err.Error() != want {
		t.Errorf("deep nesting: got %v", err)
	}
	if err := Decode(node(t, strings.Repeat("[", 60)+strings.Repeat("]", 60)), &deep); err != nil {
		t.Errorf("60 levels: %v", err)
	}
}

// TestRequiredListsTheTaggedFields: the fields tagged pos:"required", in
// declaration order.
func TestRequiredListsTheTaggedFields(t *testing.T) {
	if got := strings.Join(Required(decodeState{}), ","); got != "name,turn" {
		t.Errorf("Required = %s", got)
	}
	if got := strings.Join(Required(&decodeUnit{}), ","); got != "id,at" {
		t.Errorf("Required = %s", got)
	}
}
