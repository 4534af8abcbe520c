package cli

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/games"
)

// TestDeterminismAcrossGOMAXPROCS (issue 24): gen, check --format json,
// render, sim (its report and its result file) and play --seed of every mode of every
// game print the same bytes at GOMAXPROCS=1, 2 and 8, and twice at 2. sim
// plays its games on every core and gen writes files in parallel, so the
// schedule changes with GOMAXPROCS while the output must not. render
// (every game's SVGs, and a PDF) is compared file by file.
func TestDeterminismAcrossGOMAXPROCS(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every command 4 times")
	}
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	type run struct {
		name string
		args []string
		file string // a file the command writes, compared too (relative to its folder)
	}
	runs := []run{
		{"gen", []string{"gen", "--out", "."}, "generated"},
		{"gen-pack", []string{"gen", filepath.Join(root, "examples/annas-expansion/pack"), "--out", "valm", "--package", "valm"}, "valm"},
		{"check-base", []string{"check", "--format", "json"}, ""},
		{"check-examples", []string{"check", "--format", "json", filepath.Join(root, "examples")}, ""},
		{"check-errors", []string{"check", "--format", "json", filepath.Join(root, "cmd/roundtable/cli/testdata/determinism/bad")}, ""},
	}
	for _, g := range games.All() {
		for _, m := range g.Modes {
			args := []string{"play", g.ID, m.Name, "--seed", "11", "--format", "json"}
			if g.ID == "annas" && m.Name == "boss" {
				args = append(args, "--boss", "grima", "--players", "3")
			}
			runs = append(runs, run{"play-" + g.ID + "-" + m.Name, args, ""})
			if m.Name == "levelup" {
				continue // one character's levels: nothing for sim to sum
			}
			// --progress 0: a line of progress on stderr (a slow run's) holds timings.
			sim := []string{"sim", g.ID, m.Name, "--games", "12", "--seed", "5", "--out", "sim.json", "--progress", "0"}
			if g.ID == "annas" && m.Name == "boss" {
				sim = append(sim, "--boss", "grima")
			}
			runs = append(runs, run{"sim-" + g.ID + "-" + m.Name, sim, "sim.json"})
		}
	}
	runs = append(runs,
		run{"render", []string{"render", "--out", "site"}, "site"},
		run{"render-pdf", []string{"render", filepath.Join(root, "content/annas"), "--pdf", "annas.pdf"}, "annas.pdf"})
	runs = append(runs, run{"sim-search", []string{"sim", "table-battles", "--games", "2", "--seed", "2", "--policy", "search", "--budget", "8", "--progress", "0"}, ""})
	for _, r := range runs {
		t.Run(r.name, func(t *testing.T) {
			var first string
			for i, procs := range []string{"1", "2", "8", "2"} {
				dir := t.TempDir()
				cmd := exec.Command("roundtable", r.args...)
				cmd.Dir = dir
				cmd.Env = append(os.Environ(), "GOMAXPROCS="+procs)
				var stdout, stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				err := cmd.Run()
				if _, ok := err.(*exec.ExitError); err != nil && !ok {
					t.Fatal(err)
				}
				code := 0
				if err != nil {
					code = err.(*exec.ExitError).ExitCode()
				}
				got := fmt.Sprintf("exit %d\n%s\n--- stderr\n%s", code, stdout.Bytes(), stderr.Bytes())
				if r.file != "" {
					got += "\n--- files\n" + fileTree(t, filepath.Join(dir, r.file))
				}
				if i == 0 {
					first = got
					if code > 1 || stdout.Len() == 0 {
						t.Fatalf("roundtable %s: exit %d, %d bytes out\n%s", strings.Join(r.args, " "), code, stdout.Len(), stderr.Bytes())
					}
					continue
				}
				if got != first {
					t.Fatalf("roundtable %s: GOMAXPROCS=%s printed other bytes than GOMAXPROCS=1 (%d against %d)\n%s", strings.Join(r.args, " "), procs, len(got), len(first), firstDiff(first, got))
				}
			}
		})
	}
}

// fileTree is every file under p (or p itself) with its contents.
func fileTree(t *testing.T, p string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(p, func(f string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(p, f)
		fmt.Fprintf(&b, "== %s\n%s", filepath.ToSlash(rel), data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// firstDiff shows the first line where two outputs differ.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d:\n-%.300s\n+%.300s", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("one output is a prefix of the other (%d and %d lines)", len(al), len(bl))
}
