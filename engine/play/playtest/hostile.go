package playtest

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// HostilePositions runs a game's corpus of hostile positions: every *.yaml
// file of dir is a position file (any mode of g) whose first line is
//
//	# want: FILE:LINE:COL: PATH: MESSAGE
//
// the exact error reading it must give, as play --from prints it (after
// "roundtable: "). Each must be refused by ReadPosition or the mode's Load
// (through play.Playable, as the CLI loads) with a *play.Error naming the
// line and column; none may load or panic. There must be at least one.
func HostilePositions(t *testing.T, dir string, g Game) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no hostile position in %s", dir)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(f)
		t.Run(strings.TrimSuffix(name, ".yaml"), func(t *testing.T) {
			first, _, _ := bytes.Cut(data, []byte("\n"))
			want, ok := strings.CutPrefix(string(first), "# want: ")
			if !ok {
				t.Fatalf("%s: the first line is not # want: ...", name)
			}
			err := g.Refuse(name, data)
			if err == nil {
				t.Fatalf("%s loaded; want %s", name, want)
			}
			if err.Error() != want {
				t.Errorf("%s:\n got %s\nwant %s", name, err, want)
			}
			var e *play.Error
			if !errors.As(err, &e) || e.Line == 0 {
				t.Errorf("%s: the error names no line and column: %v", name, err)
			}
		})
	}
}

// Refuse reads a position file as play --from does (ReadPosition, the
// envelope's mode, its Load through play.Playable) and returns why it is
// refused, the file named; nil when it loads.
func (g Game) Refuse(name string, data []byte) error {
	env, err := play.ReadPosition(name, data)
	if err != nil {
		return err
	}
	mode, err := g.mode(env.Mode)
	if err != nil || env.Game != g.ID {
		return play.InFile(name, errors.New("a position of another game or mode"))
	}
	_, err = play.Playable(mode.Load(g.Rules, env.State))
	return play.InFile(name, err)
}
