package playtest

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// ExampleOptions reads a mode's Example flags ("--boss grima --players 3
// --seed 2") into Options with seed.
func ExampleOptions(m play.Mode, seed uint64) play.Options {
	o := play.Options{Seed: seed, Flags: map[string][]string{}, Quiet: true}
	f := strings.Fields(m.Example)
	for i := 0; i+1 < len(f); i += 2 {
		if name, ok := strings.CutPrefix(f[i], "--"); ok && name != "seed" {
			o.Flags[name] = append(o.Flags[name], f[i+1])
		}
	}
	return o
}

// FuzzPositions is a game's fuzz target over its position readers (issue
// 35): any bytes, read as play --from reads them with the mode the first
// input byte picks (ReadPosition, the mode's Load through play.Playable),
// are refused with a *play.Error or load to a match on which one policy
// step works for random and for greedy (Choose, then Apply, on a clone),
// and whose position writes and reads back to the same legal actions and
// seat to move. The seeds are real positions of every mode (seeded matches
// 0, 3 and 12 actions in) and the files of dirs (scenarios' positions,
// hostile positions); testdata/fuzz/NAME holds the corpus Go keeps.
//
// A pick of 128 or more edits a real position instead (the pick chooses
// which): each line of the input is two bytes naming a line of that
// position and the text that becomes its value (after "key: " or "- "),
// an empty text deleting the line. So the fuzzer reaches the rule checks
// with well-formed files: any value in any field, fields left out.
func FuzzPositions(f *testing.F, g Game, dirs ...string) {
	type real struct {
		mode int
		data []byte
	}
	var reals []real
	for i, m := range g.Modes {
		match, err := m.New(g.Rules, ExampleOptions(m, 1))
		if err != nil {
			f.Fatalf("%s %s: %v", g.ID, m.Name, err)
		}
		step := 0
		for _, at := range []int{0, 3, 12} {
			for ; step < at && !match.Over(); step++ {
				if err := match.Apply((step * 7) % match.Legal()); err != nil {
					f.Fatalf("%s %s: %v", g.ID, m.Name, err)
				}
			}
			b, err := play.MarshalPosition(g.ID, m.Name, match, "yaml")
			if err != nil {
				f.Fatal(err)
			}
			f.Add(byte(i), b)
			reals = append(reals, real{i, b})
		}
	}
	for k := range reals {
		for _, edit := range []string{"\x00\x05-1", "\x00\x06abc", "\x00\x07\n\x00\x08", "\x00\x094611686018427387904", "\x00\x0a[]"} {
			f.Add(byte(128+k%128), []byte(edit))
		}
	}
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			// A scenario's inline position, or the file itself.
			var doc struct {
				Position yaml.Node `yaml:"position"`
			}
			if yaml.Unmarshal(data, &doc) == nil && doc.Position.Kind != 0 {
				if b, err := yaml.Marshal(&doc.Position); err == nil {
					data = b
				}
			}
			f.Add(byte(0), data)
		}
	}
	f.Fuzz(func(t *testing.T, pick byte, data []byte) {
		if len(data) > 64<<10 {
			t.Skip()
		}
		mode := int(pick) % len(g.Modes)
		if pick >= 128 && len(reals) > 0 {
			r := reals[int(pick-128)%len(reals)]
			mode, data = r.mode, Edit(r.data, data)
		}
		if err := CheckPosition(g, g.Modes[mode], data); err != nil {
			t.Fatalf("%v\n%s", err, data)
		}
	})
}

// CheckPosition is FuzzPositions' property for one input: nil when data is
// refused with a *play.Error, or loads to a match on which a random and a
// greedy step work and whose position reads back the same; else what broke.
func CheckPosition(g Game, mode play.Mode, data []byte) error {
	env, err := play.ReadPosition("fuzz.yaml", data)
	if err != nil {
		return positionError(err)
	}
	m, err := play.Playable(mode.Load(g.Rules, env.State))
	if err != nil {
		return positionError(err)
	}
	policies := map[string]play.PolicyMaker{"random": play.NewRandom, "greedy": mode.Policies["greedy"]}
	for _, name := range []string{"random", "greedy"} {
		mk := policies[name]
		if mk == nil || m.Over() {
			continue
		}
		c := m.Clone()
		i := mk(1, max(0, c.ToMove())).Choose(c)
		if i < 0 || i >= c.Legal() {
			return fmt.Errorf("%s %s: %s chose %d of %d legal actions", g.ID, mode.Name, name, i, c.Legal())
		}
		if err := c.Apply(i); err != nil {
			return fmt.Errorf("%s %s: %s's legal action %q: %v", g.ID, mode.Name, name, c.Action(i), err)
		}
		_ = c.Events()
	}
	out, err := play.MarshalPosition(g.ID, mode.Name, m, "yaml")
	if err != nil {
		return fmt.Errorf("%s %s: the loaded position does not marshal: %v", g.ID, mode.Name, err)
	}
	env2, err := play.ReadPosition("again.yaml", out)
	if err != nil {
		return fmt.Errorf("%s %s: the loaded position does not read back: %v\n%s", g.ID, mode.Name, err, out)
	}
	m2, err := play.Playable(mode.Load(g.Rules, env2.State))
	if err != nil {
		return fmt.Errorf("%s %s: the loaded position does not load back: %v\n%s", g.ID, mode.Name, err, out)
	}
	if m2.Legal() != m.Legal() || m2.ToMove() != m.ToMove() {
		return fmt.Errorf("%s %s: read back, %d legal actions for seat %d; before, %d for seat %d", g.ID, mode.Name, m2.Legal(), m2.ToMove(), m.Legal(), m.ToMove())
	}
	return nil
}

// positionError: a refusal names its place (a *play.Error), never some
// other failure.
func positionError(err error) error {
	var e *play.Error
	if !errors.As(err, &e) {
		return fmt.Errorf("refused without a position error: %v", err)
	}
	return nil
}

// Edit applies FuzzPositions' line edits to a position: each line of edits
// is two bytes naming a line of data (modulo its lines) and the new value
// of that line, an empty one deleting it.
func Edit(data, edits []byte) []byte {
	lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
	for _, e := range bytes.Split(edits, []byte("\n")) {
		if len(e) < 2 || len(lines) == 0 {
			continue
		}
		k := (int(e[0])<<8 | int(e[1])) % len(lines)
		v := e[2:]
		if len(v) == 0 {
			lines = slices.Delete(lines, k, k+1)
			continue
		}
		l := lines[k]
		cut := bytes.Index(l, []byte(": "))
		if i := bytes.Index(l, []byte("- ")); i >= 0 && (cut < 0 || i < cut) && len(bytes.TrimSpace(l[:i])) == 0 {
			cut = i
		}
		if cut < 0 {
			lines[k] = slices.Clone(v)
			continue
		}
		lines[k] = append(slices.Clone(l[:cut+2]), v...)
	}
	return append(bytes.Join(lines, []byte("\n")), '\n')
}
