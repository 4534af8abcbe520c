package all_test

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// refuse reads data as play --from does for fm, the error named for
// p.yaml; nil when it loads.
func refuse(fm fuzzMode, data []byte) error {
	env, err := play.ReadPosition("p.yaml", data)
	if err != nil {
		return err
	}
	_, err = play.Playable(fm.mode.Load(fm.rules, env.State))
	return play.InFile("p.yaml", err)
}

// TestHostileFilesEveryMode (issue 35): the attacks on the file itself are
// refused the same way for every mode of every game, each with its exact
// message: a 5 MiB file, invalid UTF-8, nesting past 64 levels, an alias
// bomb, a second document, merge keys. Each is a real position of the
// mode with the attack added.
func TestHostileFilesEveryMode(t *testing.T) {
	for _, fm := range fuzzModes() {
		_, full := positionAfter(t, fm, 6)
		state := bytes.TrimSuffix(full, []byte("version: 1\n"))
		n := 1 + bytes.Count(state, []byte("\n")) // the line the attack goes on
		bomb := fmt.Sprintf("  zz0: &a0 [%s]\n", strings.TrimSuffix(strings.Repeat("x, ", 10), ", "))
		for i := 1; i <= 5; i++ {
			bomb += fmt.Sprintf("  zz%d: &a%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*a%d, ", i-1), 10), ", "))
		}
		for _, c := range []struct{ name, attack, want string }{
			{"5 MiB", "#" + strings.Repeat("x", 5<<20) + "\n", "p.yaml: the file is larger than 4194304 bytes (4 MiB, the limit of a content file too); not read"},
			{"invalid UTF-8", "  zz: \"a\xffb\"\n", fmt.Sprintf("p.yaml:%d:9: the file is not valid UTF-8; save it as UTF-8", n)},
			{"deep nesting", "  zz: " + strings.Repeat("[", 100) + strings.Repeat("]", 100) + "\n", fmt.Sprintf("p.yaml:%d:70: nesting is deeper than 64 levels", n)},
			{"alias bomb", bomb, fmt.Sprintf("p.yaml:%d:23: aliases expand to more than 10000 nodes", n+3)},
			{"merge key", "  <<: {zz: 1}\n", fmt.Sprintf("p.yaml:%d:3: merge keys (<<) are not read in a position; write the fields out", n)},
			{"unknown field", "  zz: 1\n", fmt.Sprintf(`p.yaml:%d:3: unknown field "zz" (known here: `, n)},
		} {
			data := append(append(bytes.Clone(state), c.attack...), "version: 1\n"...)
			err := refuse(fm, data)
			if err == nil || !strings.HasPrefix(err.Error(), c.want) || !strings.HasSuffix(c.want, "known here: ") && err.Error() != c.want {
				t.Errorf("%s %s, %s:\n got %v\nwant %s", fm.game.ID, fm.mode.Name, c.name, err, c.want)
			}
		}
		two := append(bytes.Clone(full), "---\n"...)
		two = append(two, full...)
		lines := 1 + bytes.Count(full, []byte("\n"))
		if err := refuse(fm, two); err == nil || err.Error() != fmt.Sprintf("p.yaml:%d:1: a position file holds one document; a second one starts here", lines) {
			t.Errorf("%s %s, two documents: %v", fm.game.ID, fm.mode.Name, err)
		}
	}
}

// counters are each mode's turn (or round, or level) counter: the field
// TestBrokenCounterPointsAtItself breaks.
var counters = map[string]string{
	"annas versus": "turn", "annas boss": "turn", "battlecrest versus": "turn", "fe-cipher versus": "turn",
	"table-battles battle": "turn", "tropera battle": "round", "tropera levelup": "level",
}

// TestBrokenCounterPointsAtItself (issue 38): the same broken field in
// every game's position — its turn counter written as a string, negative,
// or 2^62 — is refused with an error that points at that field's own line
// and column and names it, and a string is the same wrong type everywhere.
func TestBrokenCounterPointsAtItself(t *testing.T) {
	for _, fm := range fuzzModes() {
		key := fm.game.ID + " " + fm.mode.Name
		field, ok := counters[key]
		if !ok {
			t.Errorf("%s: no counter to break (add it to counters)", key)
			continue
		}
		_, full := positionAfter(t, fm, 6)
		re := regexp.MustCompile(`(?m)^  ` + field + `: (-?\d+)$`)
		loc := re.FindSubmatchIndex(full)
		if loc == nil {
			t.Fatalf("%s: no %s in\n%s", key, field, full)
		}
		line := 1 + bytes.Count(full[:loc[0]], []byte("\n"))
		col := 3 + len(field) + 2
		for _, c := range []struct{ value, msg string }{
			{"three", `want a whole number, found the string "three"`},
			{"-1", ""},
			{"4611686018427387904", ""},
		} {
			data := append(append(bytes.Clone(full[:loc[2]]), c.value...), full[loc[3]:]...)
			err := refuse(fm, data)
			want := fmt.Sprintf("p.yaml:%d:%d: %s: %s", line, col, field, c.msg)
			if err == nil || !strings.HasPrefix(err.Error(), want) {
				t.Errorf("%s, %s: %s\n got %v\nwant %s...", key, field, c.value, err, want)
			}
			var n yaml.Node
			if yaml.Unmarshal(data, &n) != nil {
				t.Fatal("the broken file does not parse")
			}
		}
	}
}
