package cli_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/games"
)

// hotSeatGame is the game TestHotSeatInTmux plays: one with hands, so
// that what the first player may not show the second is on the screen.
var hotSeatGame = struct {
	game, mode string
	seed       int
}{"annas", "versus", 7}

// tmuxSession is a detached tmux session on a socket of its own.
type tmuxSession struct {
	t    *testing.T
	tmux string
	sock string
}

func (s *tmuxSession) run(args ...string) string {
	s.t.Helper()
	out, err := exec.Command(s.tmux, append([]string{"-S", s.sock, "-f", "/dev/null"}, args...)...).CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// screen is every line the pane holds, its scrollback too, blank lines
// left out.
func (s *tmuxSession) screen() []string {
	var lines []string
	for _, l := range strings.Split(s.run("capture-pane", "-p", "-J", "-S", "-", "-t", "play"), "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, strings.TrimRight(l, " "))
		}
	}
	return lines
}

// waitFor polls the pane until ok holds of it (a loaded machine can take
// seconds to draw); it fails with the pane after a minute.
func (s *tmuxSession) waitFor(what string, ok func([]string) bool) []string {
	s.t.Helper()
	var lines []string
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if lines = s.screen(); ok(lines) {
			return lines
		}
	}
	s.t.Fatalf("waiting for %s; the pane:\n%s", what, strings.Join(lines, "\n"))
	return nil
}

func (s *tmuxSession) send(line string) {
	s.t.Helper()
	if line != "" {
		s.run("send-keys", "-t", "play", "-l", line)
	}
	s.run("send-keys", "-t", "play", "Enter")
}

func count(lines []string, prefix string) int {
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}

// TestHotSeatInTmux plays hot-seat (both seats human) on a real terminal,
// a detached tmux session: the first player answers until the second
// must decide; then the screen is cleared, scrollback too, and shows only
// "pass to P2, press Enter"; after Enter the second player's screen holds
// nothing of the first's (none of the lines only the first player's view
// shows: their hand), and the game goes on when the second answers. In CI
// (CI set) a missing tmux fails the test.
func TestHotSeatInTmux(t *testing.T) {
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("tmux is not installed; CI is set, so the terminal test must run (.ci/run installs tmux)")
		}
		t.Skip("tmux is not installed")
	}
	bin, err := exec.LookPath("roundtable") // the test binary (TestMain)
	if err != nil {
		t.Fatal(err)
	}
	hs := hotSeatGame
	dir := t.TempDir()
	args := []string{"play", hs.game, hs.mode, "--seed", fmt.Sprint(hs.seed)}

	// The greedy game of the same seed: the first player's answers up to
	// the second player's first decision, and that decision.
	ref, err := exec.Command(bin, append(args, "--format", "json")...).Output()
	if err != nil {
		t.Fatal(err)
	}
	var first []string
	second := ""
	sc := bufio.NewScanner(bytes.NewReader(ref))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() && second == "" {
		var rec struct {
			Event *play.Event `json:"event"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		if e := rec.Event; e != nil && e.Kind == "action" {
			if e.Seat == 0 {
				first = append(first, e.Action)
			} else {
				second = e.Action
			}
		}
	}
	if len(first) == 0 || second == "" {
		t.Fatalf("the first seat does not decide first in %s seed %d", hs.game, hs.seed)
	}

	// What only the first player's view shows at its last decision.
	g, ok := games.Lookup(hs.game)
	if !ok {
		t.Fatal(hs.game)
	}
	m, err := g.Mode(hs.mode)
	if err != nil {
		t.Fatal(err)
	}
	match, err := m.New(g.Base(), play.Options{Seed: uint64(hs.seed), Flags: map[string][]string{}})
	if err != nil {
		t.Fatal(err)
	}
	r := play.NewRunner(match, nil)
	for _, a := range first[:len(first)-1] {
		if err := r.DoText(a); err != nil {
			t.Fatal(err)
		}
	}
	names := match.Seats()
	v, ok := match.(play.Viewer)
	if !ok {
		t.Fatalf("%s %s has no view", hs.game, hs.mode)
	}
	theirs := strings.Split(v.Show(1), "\n")
	var private []string
	for _, l := range strings.Split(v.Show(0), "\n") {
		if l = strings.TrimRight(l, " "); strings.TrimSpace(l) != "" && !slices.Contains(theirs, l) {
			private = append(private, l)
		}
	}
	if !slices.ContainsFunc(private, func(l string) bool { return strings.Contains(l, "hand: ") }) {
		t.Fatalf("%s's view shows no hand the other may not see: %q", names[0].Name, private)
	}

	s := &tmuxSession{t: t, tmux: tmux, sock: filepath.Join(dir, "tmux.sock")}
	t.Cleanup(func() { _ = exec.Command(tmux, "-S", s.sock, "kill-server").Run() })
	cmdline := fmt.Sprintf("%s %s --seat 1=human --seat 2=human; echo exited $?; sleep 600", bin, strings.Join(args, " "))
	s.run("new-session", "-d", "-s", "play", "-x", "100", "-y", "50", "-c", dir, cmdline)

	p1 := names[0].Name + " (1-"
	for k, a := range first {
		s.waitFor(fmt.Sprintf("decision %d of %s", k+1, names[0].Name), func(l []string) bool { return count(l, p1) == k+1 })
		s.send(a)
	}
	pass := fmt.Sprintf("pass to %s, press Enter", names[1].Name)
	screen := s.waitFor("the pass screen", func(l []string) bool { return slices.Contains(l, pass) })
	if len(screen) != 1 {
		t.Fatalf("the pass screen holds more than %q:\n%s", pass, strings.Join(screen, "\n"))
	}
	s.send("")
	head := fmt.Sprintf("== %s to move, turn ", names[1].Name)
	p2 := names[1].Name + " (1-"
	screen = s.waitFor(names[1].Name+"'s screen", func(l []string) bool { return count(l, p2) == 1 })
	if !strings.HasPrefix(screen[0], head) {
		t.Fatalf("%s's screen does not begin with its heading:\n%s", names[1].Name, strings.Join(screen, "\n"))
	}
	for _, l := range screen {
		if slices.Contains(private, l) || strings.HasPrefix(l, p1) {
			t.Fatalf("%s's screen shows %q of %s's:\n%s", names[1].Name, l, names[0].Name, strings.Join(screen, "\n"))
		}
	}
	// The game goes on: the second player's answer is taken.
	s.send(second)
	s.waitFor("the game to go on", func(l []string) bool {
		return count(l, p2) == 2 || slices.Contains(l, fmt.Sprintf("pass to %s, press Enter", names[0].Name))
	})
}
