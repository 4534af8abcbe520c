package all_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// positionAfter is a real position of fm: a seeded match (the mode's
// example flags, seed 1) a few actions in, written as play --position-out
// writes it.
func positionAfter(t *testing.T, fm fuzzMode, actions int) (play.Match, []byte) {
	t.Helper()
	m, err := fm.mode.New(fm.rules, exampleOptions(fm.mode, 1))
	if err != nil {
		t.Fatalf("%s %s: %v", fm.game.ID, fm.mode.Name, err)
	}
	for step := 0; step < actions && !m.Over(); step++ {
		if err := m.Apply((step * 7) % m.Legal()); err != nil {
			t.Fatalf("%s %s: %v", fm.game.ID, fm.mode.Name, err)
		}
	}
	b, err := play.MarshalPosition(fm.game.ID, fm.mode.Name, m, "yaml")
	if err != nil {
		t.Fatal(err)
	}
	return m, b
}

// load reads a position file as play --from does; the match and its
// position written again, or the error.
func load(fm fuzzMode, data []byte) (play.Match, []byte, error) {
	env, err := play.ReadPosition("cut.yaml", data)
	if err != nil {
		return nil, nil, err
	}
	m, err := play.Playable(fm.mode.Load(fm.rules, env.State))
	if err != nil {
		return nil, nil, err
	}
	b, err := play.MarshalPosition(fm.game.ID, fm.mode.Name, m, "yaml")
	return m, b, err
}

// TestEveryLinePrefixIsRefused (issue 35): a real position of every mode
// of every game, 6 actions in, cut after each of its lines, never loads:
// the file the engine wrote ends with its version, so each prefix is
// refused as cut short, and the whole file loads back to the same bytes.
func TestEveryLinePrefixIsRefused(t *testing.T) {
	for _, fm := range fuzzModes() {
		_, full := positionAfter(t, fm, 6)
		lines := bytes.SplitAfter(full, []byte("\n"))
		for k := 1; k < len(lines)-1; k++ {
			prefix := bytes.Join(lines[:k], nil)
			_, _, err := load(fm, prefix)
			if err == nil {
				t.Errorf("%s %s: the first %d of %d lines loaded", fm.game.ID, fm.mode.Name, k, len(lines)-1)
				continue
			}
			want := fmt.Sprintf("cut.yaml:%d:1: the position ends without its version", k+1)
			if k > 3 && !strings.HasPrefix(err.Error(), want) {
				t.Errorf("%s %s, %d lines: %v; want %s...", fm.game.ID, fm.mode.Name, k, err, want)
			}
		}
		if _, again, err := load(fm, full); err != nil || !bytes.Equal(again, full) {
			t.Errorf("%s %s: the whole file: %v\n%s", fm.game.ID, fm.mode.Name, err, again)
		}
	}
}

// TestStatePrefixesCutNoList (issue 35): the same real positions (at the
// start, 6 and 30 actions in) written with the version first, as a
// hand-written file may be, so that only the games' own checks stand
// between a cut state and a smaller position. A prefix that loads may
// have lost trailing fields (a field left out reads as its documented
// default), but never part of a list: every list it holds has all the
// items the original's has. A unit, a card, a warrior or a weapon cut from
// its list, and not refused, fails the test. Tropera's states also end
// with their required rng, so every cut of them is refused.
func TestStatePrefixesCutNoList(t *testing.T) {
	for _, fm := range fuzzModes() {
		refused := 0
		for _, actions := range []int{0, 6, 30} {
			_, full := positionAfter(t, fm, actions)
			hand := versionFirst(t, full)
			var whole yaml.Node
			if err := yaml.Unmarshal(hand, &whole); err != nil {
				t.Fatal(err)
			}
			lines := bytes.SplitAfter(hand, []byte("\n"))
			for k := 5; k < len(lines); k++ { // from the first line of the state on
				prefix := bytes.Join(lines[:k], nil)
				if _, _, err := load(fm, prefix); err != nil {
					refused++
					continue
				}
				if fm.game.ID == "tropera" && fm.mode.Name == "battle" && k < len(lines)-1 {
					t.Errorf("tropera battle after %d actions: the first %d of %d lines load, without the rng", actions, k, len(lines)-1)
				}
				var cut yaml.Node
				if err := yaml.Unmarshal(prefix, &cut); err != nil {
					t.Fatal(err)
				}
				if where := shortList(&cut, &whole, ""); where != "" {
					t.Errorf("%s %s after %d actions: the first %d of %d lines load with %s cut short (the cut: %q)",
						fm.game.ID, fm.mode.Name, actions, k, len(lines)-1, where, bytes.TrimSpace(lines[k-1]))
				}
			}
		}
		if refused == 0 {
			t.Errorf("%s %s: no prefix was refused", fm.game.ID, fm.mode.Name)
		}
	}
}

// shortList is the path of the first list in cut with fewer items than
// the same list in whole, "" when there is none.
func shortList(cut, whole *yaml.Node, path string) string {
	if whole == nil {
		return ""
	}
	switch cut.Kind {
	case yaml.DocumentNode:
		if len(cut.Content) > 0 && len(whole.Content) > 0 {
			return shortList(cut.Content[0], whole.Content[0], path)
		}
	case yaml.SequenceNode:
		if len(cut.Content) < len(whole.Content) {
			return fmt.Sprintf("%s (%d of %d items)", path, len(cut.Content), len(whole.Content))
		}
		for i, c := range cut.Content {
			if w := shortList(c, whole.Content[i], fmt.Sprintf("%s[%d]", path, i)); w != "" {
				return w
			}
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(cut.Content); i += 2 {
			k := cut.Content[i].Value
			if w := shortList(cut.Content[i+1], play.At(whole, k), path+"."+k); w != "" {
				return w
			}
		}
	}
	return ""
}

// versionFirst writes a position with its version first: version, game,
// mode, then the state as written.
func versionFirst(t *testing.T, full []byte) []byte {
	t.Helper()
	head, rest, ok := bytes.Cut(full, []byte("state:\n"))
	body, tail, ok2 := bytes.Cut(rest, []byte("\nversion: 1\n"))
	if !ok || !ok2 || len(tail) != 0 {
		t.Fatalf("not a written position:\n%s", full)
	}
	out := append([]byte("version: 1\n"), head...)
	out = append(out, "state:\n"...)
	out = append(out, body...)
	out = append(out, '\n')
	var n yaml.Node
	if err := yaml.Unmarshal(out, &n); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestShortListFindsACutList: the harness of TestStatePrefixesCutNoList
// catches a list cut short at any depth, and only that.
func TestShortListFindsACutList(t *testing.T) {
	parse := func(s string) *yaml.Node {
		var n yaml.Node
		if err := yaml.Unmarshal([]byte(s), &n); err != nil {
			t.Fatal(err)
		}
		return &n
	}
	whole := parse("units:\n  - {id: a, weapons: [x, y]}\n  - {id: b}\nturn: 3\n")
	for _, c := range []struct{ cut, want string }{
		{"units:\n  - {id: a, weapons: [x, y]}\n", ".units (1 of 2 items)"},
		{"units:\n  - {id: a, weapons: [x]}\n  - {id: b}\n", ".units[0].weapons (1 of 2 items)"},
		{"units:\n  - {id: a}\n  - {id: b}\n", ""},
		{"units:\n  - {id: a, weapons: [x, y]}\n  - {id: b}\n", ""},
	} {
		if got := shortList(parse(c.cut), whole, ""); got != c.want {
			t.Errorf("%q: %q, want %q", c.cut, got, c.want)
		}
	}
}
