package cli

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/mod/modfile"
)

var (
	genKills  = flag.Int("gen.kills", 12, "TestGenKilled: how many gen runs to SIGKILL (make fuzz runs 400)")
	genBuilds = flag.Int("gen.builds", 1, "TestGenKilled: go build the killed output this many times, spread over the kills")
)

// faultModule makes a Go module in a temporary folder (requiring this
// repository through a replace, so that generated packages build) with two
// fixture packs of 4,100 units, seeds 1 and 2: large enough that gen splits
// them into chunk packages (three files each) and that a kill lands while
// they are written.
func faultModule(t *testing.T) (dir string) {
	t.Helper()
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	mf, err := modfile.ParseLax("go.mod", gomod, nil)
	if err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	mod := fmt.Sprintf("module faulttest\n\ngo %s\n\nrequire %s v0.0.0\n\nreplace %s => %s\n", mf.Go.Version, mf.Module.Mod.Path, mf.Module.Mod.Path, root)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, seed := range []string{"1", "2"} {
		if out, err := roundtable(dir, "fixture", "--units", "4100", "--layout", "list", "--seed", seed, "pack"+seed); err != nil {
			t.Fatalf("fixture: %v\n%s", err, out)
		}
	}
	return dir
}

// roundtable runs the CLI (the test binary on PATH, see TestMain) in dir.
func roundtable(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("roundtable", args...)
	cmd.Dir = dir
	return cmd.CombinedOutput()
}

// snapshot reads every file under dir, by slash path.
func snapshot(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = b
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// refStates generates each fixture pack into dir/gen (its chunk packages
// are imported by path, so the states are made where they are compared),
// reads the files and removes them; it returns the longest gen's time.
func refStates(t *testing.T, dir string) (map[string]map[string][]byte, time.Duration) {
	t.Helper()
	ref := map[string]map[string][]byte{}
	var took time.Duration
	for _, seed := range []string{"1", "2"} {
		start := time.Now()
		if out, err := roundtable(dir, "gen", "pack"+seed, "--out", "gen", "--package", "gen"); err != nil {
			t.Fatalf("gen: %v\n%s", err, out)
		}
		took = max(took, time.Since(start))
		ref[seed] = snapshot(t, filepath.Join(dir, "gen"))
		if err := os.RemoveAll(filepath.Join(dir, "gen")); err != nil {
			t.Fatal(err)
		}
	}
	return ref, took
}

// isGenTemp reports whether a slash path names a gen temporary file.
func isGenTemp(name string) bool {
	base := filepath.Base(name)
	return strings.HasPrefix(base, ".") && strings.Contains(base, ".go.tmp")
}

// goBuild builds the package in dir/rel, offline.
func goBuild(t *testing.T, dir, rel string) {
	t.Helper()
	cmd := exec.Command("go", "build", "./"+rel)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./%s: %v\n%s", rel, err, out)
	}
}

// TestGenKilled is the fault test of issue 24: gen is killed with SIGKILL
// at random moments while it writes one of two different rulesets over the
// other. After every kill each generated file is whole, its complete old or
// complete new version (never a mix, never truncated), and no file is
// missing; the killed output builds; the next gen removes the temporary
// files the kills left and writes the complete new state. make test kills
// 12 runs, make fuzz 400 (-gen.kills).
func TestGenKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("builds packages and runs gen many times")
	}
	dir := faultModule(t)
	// The two complete states, and how long a gen takes.
	ref, took := refStates(t, dir)
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range ref["1"] {
			if !yield(n) {
				return
			}
		}
	})
	if len(names) != 3 || len(ref["2"]) != 3 {
		t.Fatalf("want three files (two chunks and ruleset.go) per state, got %v and %d", names, len(ref["2"]))
	}
	if out, err := roundtable(dir, "gen", "pack1", "--out", "gen", "--package", "gen"); err != nil {
		t.Fatalf("gen: %v\n%s", err, out)
	}
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 24))
	var midRun, tempsSeen, mixed int
	buildAt := map[int]bool{}
	for i := 1; i <= *genBuilds; i++ {
		buildAt[i**genKills / *genBuilds] = true
	}
	for k := 1; k <= *genKills; k++ {
		seed := []string{"1", "2"}[rng.IntN(2)]
		cmd := exec.Command("roundtable", "gen", "pack"+seed, "--out", "gen", "--package", "gen")
		cmd.Dir = dir
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rng.Int64N(int64(took))))
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			midRun++ // else it had ended
		}
		got := snapshot(t, filepath.Join(dir, "gen"))
		from := map[string]bool{}
		for _, n := range names {
			switch b, ok := got[n]; {
			case !ok:
				t.Fatalf("kill %d: %s is missing", k, n)
			case bytes.Equal(b, ref["1"][n]):
				from["1"] = true
			case bytes.Equal(b, ref["2"][n]):
				from["2"] = true
			default:
				t.Fatalf("kill %d: %s is neither complete version (%d bytes)", k, n, len(b))
			}
		}
		if len(from) > 1 {
			mixed++
		}
		for n := range got {
			switch {
			case isGenTemp(n):
				tempsSeen++
			case ref["1"][n] == nil:
				t.Fatalf("kill %d: unexpected file %s", k, n)
			}
		}
		if buildAt[k] {
			goBuild(t, dir, "gen")
		}
	}
	t.Logf("%d kills (%d while gen ran, which takes %v), %d left temporary files, %d left files of both states", *genKills, midRun, took.Round(time.Millisecond), tempsSeen, mixed)
	out, err := roundtable(dir, "gen", "pack2", "--out", "gen", "--package", "gen")
	if err != nil {
		t.Fatalf("gen after the kills: %v\n%s", err, out)
	}
	got := snapshot(t, filepath.Join(dir, "gen"))
	if len(got) != len(names) {
		t.Errorf("after the next gen: %d files, want %d (temporary files left?)\n%s", len(got), len(names), out)
	}
	for _, n := range names {
		if !bytes.Equal(got[n], ref["2"][n]) {
			t.Errorf("after the next gen, %s is not the new version", n)
		}
	}
}

// TestGenFullDisk: a write that fails for lack of room (here the file-size
// limit, ulimit -f: gen's writes fail with EFBIG as on a full disk with
// ENOSPC) is a clear error, exit 2, and leaves every old file intact and no
// temporary file.
func TestGenFullDisk(t *testing.T) {
	if testing.Short() {
		t.Skip("runs gen on 4,100 units")
	}
	dir := faultModule(t)
	if out, err := roundtable(dir, "gen", "pack1", "--out", "gen", "--package", "gen"); err != nil {
		t.Fatalf("gen: %v\n%s", err, out)
	}
	before := snapshot(t, filepath.Join(dir, "gen"))
	bin, err := exec.LookPath("roundtable")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("sh", "-c", `ulimit -f 128 && exec "$0" "$@"`, bin, "gen", "pack2", "--out", "gen", "--package", "gen")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 2 {
		t.Fatalf("gen with no room: %v, want exit 2\n%s", err, out)
	}
	if want := "roundtable: cannot write the generated files to gen; no file was changed: "; !strings.HasPrefix(string(out), want) || !strings.Contains(string(out), "file too large") {
		t.Errorf("gen with no room said\n%s\nwant %q ... file too large", out, want)
	}
	if after := snapshot(t, filepath.Join(dir, "gen")); !mapsEqual(before, after) {
		t.Errorf("gen with no room changed the output folder: %d files before, %d after", len(before), len(after))
	}
}

// TestGenReadOnly: a read-only output folder is a clear error, exit 2, and
// leaves the old files intact. As root, whom file modes do not stop, gen
// runs as nobody.
func TestGenReadOnly(t *testing.T) {
	dir := t.TempDir()
	if out, err := roundtable(dir, "new", "pack", "valm", "--game", "annas"); err != nil {
		t.Fatalf("new pack: %v\n%s", err, out)
	}
	if out, err := roundtable(dir, "gen", "valm", "--out", "gen", "--package", "gen"); err != nil {
		t.Fatalf("gen: %v\n%s", err, out)
	}
	if err := os.WriteFile(filepath.Join(dir, "valm", "units.yaml"), bytes.Replace(mustRead(t, filepath.Join(dir, "valm", "units.yaml")), []byte("hp: 9"), []byte("hp: 8"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, filepath.Join(dir, "gen"))
	bin, err := exec.LookPath("roundtable")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "gen", "valm", "--out", "gen", "--package", "gen")
	cmd.Dir = dir
	if os.Geteuid() == 0 {
		// nobody must reach the binary and the folder: copy the binary
		// into dir and open dir's parent (t.TempDir makes it 0700).
		own := filepath.Join(dir, "roundtable")
		if err := os.WriteFile(own, mustRead(t, bin), 0o755); err != nil {
			t.Fatal(err)
		}
		for _, d := range []string{dir, filepath.Dir(dir)} {
			if err := os.Chmod(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		cmd.Path, cmd.Args[0] = own, "roundtable"
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		cmd.Env = append(os.Environ(), "HOME="+dir)
	} else if err := os.Chmod(filepath.Join(dir, "gen"), 0o555); err != nil {
		t.Fatal(err)
	}
	out, err := cmd.CombinedOutput()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 2 {
		t.Fatalf("gen into a read-only folder: %v, want exit 2\n%s", err, out)
	}
	if want := "roundtable: cannot write the generated files to gen; no file was changed: open gen/.ruleset.go.tmp"; !strings.HasPrefix(string(out), want) || !strings.Contains(string(out), "permission denied") {
		t.Errorf("gen into a read-only folder said\n%s\nwant %q ... permission denied", out, want)
	}
	if after := snapshot(t, filepath.Join(dir, "gen")); !mapsEqual(before, after) {
		t.Errorf("gen into a read-only folder changed it")
	}
}

// TestGenConcurrent: two gen runs of different packs to one folder at once
// end in one complete state (they take turns), with no temporary file.
func TestGenConcurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("runs gen on 4,100 units")
	}
	dir := faultModule(t)
	ref, _ := refStates(t, dir)
	for round := range 2 {
		var cmds []*exec.Cmd
		for _, seed := range []string{"1", "2"} {
			cmd := exec.Command("roundtable", "gen", "pack"+seed, "--out", "gen", "--package", "gen")
			cmd.Dir = dir
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			cmds = append(cmds, cmd)
		}
		for _, cmd := range cmds {
			if err := cmd.Wait(); err != nil {
				t.Fatalf("round %d: concurrent gen: %v", round, err)
			}
		}
		got := snapshot(t, filepath.Join(dir, "gen"))
		if !mapsEqual(got, ref["1"]) && !mapsEqual(got, ref["2"]) {
			var names []string
			for n := range got {
				names = append(names, n)
			}
			t.Fatalf("round %d: the folder holds neither complete state: %v", round, names)
		}
	}
}

func mapsEqual(a, b map[string][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || !bytes.Equal(v, w) {
			return false
		}
	}
	return true
}

func mustRead(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
