package all_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/games"
)

// fuzzMode is one mode of one game with the base ruleset.
type fuzzMode struct {
	game  *games.Game
	mode  play.Mode
	rules any
}

func fuzzModes() []fuzzMode {
	var out []fuzzMode
	for _, g := range games.All() {
		for _, m := range g.Modes {
			if m.Load != nil && g.Base != nil {
				out = append(out, fuzzMode{g, m, g.Base()})
			}
		}
	}
	return out
}

// exampleOptions reads a mode's Example flags ("--boss grima --players 3
// --seed 2") into Options.
func exampleOptions(m play.Mode, seed uint64) play.Options {
	o := play.Options{Seed: seed, Flags: map[string][]string{}, Quiet: true}
	f := strings.Fields(m.Example)
	for i := 0; i+1 < len(f); i += 2 {
		if name, ok := strings.CutPrefix(f[i], "--"); ok && name != "seed" {
			o.Flags[name] = append(o.Flags[name], f[i+1])
		}
	}
	return o
}

// FuzzPositionsAndActions (issue 24): any position file and any action
// list, for every mode of every game, is read and played without a panic
// and in bounded work: ReadPosition, the mode's Load, then each action line
// (text or @N) found among the legal actions and applied; a position the
// engine reached writes and reads back to the same legal actions. Seeds are
// real positions after 0, 3 and 12 random actions with the next legal
// actions as the list. The first input byte picks the mode.
func FuzzPositionsAndActions(f *testing.F) {
	modes := fuzzModes()
	if len(modes) == 0 {
		f.Fatal("no game has a mode that loads positions")
	}
	for i, fm := range modes {
		m, err := fm.mode.New(fm.rules, exampleOptions(fm.mode, 1))
		if err != nil {
			f.Fatalf("%s %s: %v", fm.game.ID, fm.mode.Name, err)
		}
		step := 0
		for _, at := range []int{0, 3, 12} {
			for ; step < at && !m.Over(); step++ {
				if err := m.Apply((step * 7) % m.Legal()); err != nil {
					f.Fatalf("%s %s: %v", fm.game.ID, fm.mode.Name, err)
				}
			}
			pos, err := play.MarshalPosition(fm.game.ID, fm.mode.Name, m, "yaml")
			if err != nil {
				f.Fatal(err)
			}
			var acts strings.Builder
			for j := range min(m.Legal(), 3) {
				fmt.Fprintf(&acts, "%s\n", m.Action(j))
			}
			acts.WriteString("@0\n@1\n")
			f.Add(byte(i), pos, []byte(acts.String()))
		}
	}
	f.Fuzz(func(t *testing.T, pick byte, position, actions []byte) {
		if len(position) > 64<<10 || len(actions) > 4<<10 {
			t.Skip()
		}
		fm := modes[int(pick)%len(modes)]
		env, err := play.ReadPosition("fuzz.yaml", position)
		if err != nil {
			return
		}
		m, err := fm.mode.Load(fm.rules, env.State)
		if err != nil {
			return
		}
		lines, err := play.ParseActions(actions)
		if err != nil {
			return
		}
		for k, l := range lines {
			if k == 64 || m.Over() {
				break
			}
			i, err := play.Find(m, l.Text)
			if err != nil {
				continue
			}
			if err := m.Apply(i); err != nil {
				return
			}
			_ = m.Events()
		}
		// Where the engine got to from a loaded position, its own
		// position must read back.
		out, err := play.MarshalPosition(fm.game.ID, fm.mode.Name, m, "yaml")
		if err != nil {
			t.Fatalf("%s %s: the position reached does not marshal: %v", fm.game.ID, fm.mode.Name, err)
		}
		env2, err := play.ReadPosition("again.yaml", out)
		if err != nil {
			t.Fatalf("%s %s: the position reached does not read back: %v\n%s", fm.game.ID, fm.mode.Name, err, out)
		}
		m2, err := fm.mode.Load(fm.rules, env2.State)
		if err != nil {
			t.Fatalf("%s %s: the position reached does not load: %v\n%s", fm.game.ID, fm.mode.Name, err, out)
		}
		if m2.Legal() != m.Legal() || m2.ToMove() != m.ToMove() {
			t.Fatalf("%s %s: read back, %d legal actions for seat %d; before, %d for seat %d", fm.game.ID, fm.mode.Name, m2.Legal(), m2.ToMove(), m.Legal(), m.ToMove())
		}
	})
}
