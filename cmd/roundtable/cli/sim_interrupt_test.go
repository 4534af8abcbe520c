package cli

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/roundtable-dev/roundtable/engine/sim"
	"github.com/roundtable-dev/roundtable/games"
)

// simProcess starts `roundtable sim ARGS...` as a process in dir, its
// standard error a pipe, and returns it with that pipe.
func simProcess(t *testing.T, dir string, args ...string) (*exec.Cmd, *bytes.Buffer, io.Reader) {
	t.Helper()
	cmd := exec.Command("roundtable", append([]string{"sim"}, args...)...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout = &out
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	return cmd, &out, stderr
}

func exitOf(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

// firstGame is the first registered game that can be simulated.
func firstGame(t *testing.T) *games.Game {
	t.Helper()
	for _, g := range games.All() {
		if len(g.Modes) > 0 {
			return g
		}
	}
	t.Fatal("no game to simulate")
	return nil
}

// TestSimCtrlCWritesWhatItPlayed: sim stopped with Ctrl-C (SIGINT) once it
// has reported progress finishes the games under way, writes the run file
// and the report of the games played, says so, and exits 130. The run file
// is valid (docs/schema/sim.schema.json) and counts the first N games of
// the run; the report says how many were played.
func TestSimCtrlCWritesWhatItPlayed(t *testing.T) {
	g := firstGame(t)
	dir := t.TempDir()
	cmd, out, stderr := simProcess(t, dir, g.ID, "--games", "1000000", "--out", "run.json", "--progress", "200ms")
	// Not stopped by the signal, it would play for an hour.
	kill := time.AfterFunc(2*time.Minute, func() { _ = cmd.Process.Kill() })
	defer kill.Stop()
	sc := bufio.NewScanner(stderr)
	var errLines []string
	for sc.Scan() {
		errLines = append(errLines, sc.Text())
		if len(errLines) == 1 {
			if !progressLine.MatchString(errLines[0]) {
				t.Errorf("the first line on stderr is %q, not one of progress", errLines[0])
			}
			if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
				t.Fatal(err)
			}
		}
	}
	code := exitOf(cmd.Wait())
	if code != exitInterrupted {
		t.Fatalf("exit %d, want %d\n%s", code, exitInterrupted, strings.Join(errLines, "\n"))
	}
	data, err := os.ReadFile(filepath.Join(dir, "run.json"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := sim.Read("run.json", data)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Interrupted || r.Played == 0 || r.Range != (sim.Range{First: 0, End: r.Played}) || r.Games != 1000000 {
		t.Fatalf("run.json: interrupted %v, %d played, range %v of %d", r.Interrupted, r.Played, r.Range, r.Games)
	}
	v, err := decodeJSON(string(data))
	if err != nil {
		t.Fatal(err)
	}
	if err := compileSchema(t, "sim.schema.json").Validate(v); err != nil {
		t.Errorf("run.json: %v", err)
	}
	n := strconv.Itoa(r.Played)
	if want := fmt.Sprintf("%s %s: %s games, seed 1 (interrupted: games 0–%s of a run of 1000000);", g.ID, g.Modes[0].Name, n, n); !strings.HasPrefix(out.String(), want) {
		t.Errorf("the report starts %.120q, want %q", out.String(), want)
	}
	for _, want := range []string{
		"roundtable sim: interrupted: finishing the games under way, then writing what was played (Ctrl-C again to quit at once)",
		"roundtable: sim: interrupted after " + n + " games (games 0–" + n + " of a run of 1000000): the report and run.json cover those",
	} {
		if !strings.Contains(strings.Join(errLines, "\n"), want) {
			t.Errorf("stderr does not say %q:\n%s", want, strings.Join(errLines, "\n"))
		}
	}
}

var (
	progressLine = regexp.MustCompile(`^sim (\S+ \S+): (\d+)/(\d+) games \((\d+)%\), \d+ games/s, (about \S+ left|time left unknown)$`)
	progressEnd  = regexp.MustCompile(`^sim (\S+ \S+): (\d+) games in \S+ \(\d+ games/s on \d+ workers\)$`)
)

// TestSimProgressToAPipeIsLines: off a terminal, sim's progress is a line
// every --progress (here 250 ms) with games done (never fewer than the
// line before; on a loaded machine an interval may finish none), the
// total, the rate and the time left, then one closing line; no bar (no carriage return or
// escape), and no more lines than the interval allows.
func TestSimProgressToAPipeIsLines(t *testing.T) {
	g := firstGame(t)
	const every = 250 * time.Millisecond
	start := time.Now()
	cmd, _, stderr := simProcess(t, t.TempDir(), g.ID, "--games", "2000", "--progress", every.String())
	all, err := io.ReadAll(stderr)
	if err != nil {
		t.Fatal(err)
	}
	if code := exitOf(cmd.Wait()); code != 0 {
		t.Fatalf("exit %d\n%s", code, all)
	}
	took := time.Since(start)
	if bytes.ContainsAny(all, "\r\x1b") {
		t.Fatalf("a bar, not lines: %q", all)
	}
	lines := strings.Split(strings.TrimSuffix(string(all), "\n"), "\n")
	if len(lines) < 2 {
		t.Fatalf("stderr %q: want progress lines and a closing line (the run took %v)", all, took)
	}
	label := g.ID + " " + g.Modes[0].Name
	last := 0
	for _, l := range lines[:len(lines)-1] {
		m := progressLine.FindStringSubmatch(l)
		if m == nil || m[1] != label || m[3] != "2000" {
			t.Fatalf("progress line %q, want %q", l, "sim "+label+": DONE/2000 games (P%), R games/s, about T left")
		}
		done, _ := strconv.Atoi(m[2])
		if pct, _ := strconv.Atoi(m[4]); done < last || done >= 2000 || pct != 100*done/2000 {
			t.Errorf("progress line %q after %d games done", l, last)
		}
		last = done
	}
	if m := progressEnd.FindStringSubmatch(lines[len(lines)-1]); m == nil || m[1] != label || m[2] != "2000" {
		t.Errorf("closing line %q, want %q", lines[len(lines)-1], "sim "+label+": 2000 games in T (R games/s on W workers)")
	}
	if max := int(took/every) + 1; len(lines)-1 > max {
		t.Errorf("%d progress lines in %v, more than one per %v", len(lines)-1, took, every)
	}
}

// TestSimIsQuietOffATerminalWhenShort: a run shorter than --progress
// prints nothing on a pipe, so short runs in scripts and CI stay quiet.
func TestSimIsQuietOffATerminalWhenShort(t *testing.T) {
	cmd, _, stderr := simProcess(t, t.TempDir(), firstGame(t).ID, "--games", "20", "--progress", "1h")
	all, _ := io.ReadAll(stderr)
	if code := exitOf(cmd.Wait()); code != 0 || len(all) != 0 {
		t.Errorf("exit %d, stderr %q; want 0 and nothing", code, all)
	}
}
