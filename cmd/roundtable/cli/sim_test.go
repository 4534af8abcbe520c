package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest/toy"
	"github.com/roundtable-dev/roundtable/games"
)

// duelGame is the toy card game as a game of the registry, for sim's
// command line (it is not registered: games/all lists the real games).
var duelGame = &games.Game{ID: "duel", Name: "Duel", Modes: []play.Mode{toy.DuelMode}, Base: func() any { return nil }}

// simCLI runs `sim duel ARGS...` (or `sim merge|diff ...` when the first
// argument is merge or diff) in-process: stdout, stderr and the exit code.
func simCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var cmd = simGameCommand(duelGame)
	if len(args) > 0 && (args[0] == "merge" || args[0] == "diff") {
		cmd = newSim()
	}
	var out, errb bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&errb)
	cmd.SetArgs(args)
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	code := exitCode(cmd.Execute(), &errb)
	return out.String(), errb.String(), code
}

func simOK(t *testing.T, args ...string) string {
	t.Helper()
	out, errs, code := simCLI(t, args...)
	if code != 0 {
		t.Fatalf("sim %s: exit %d\n%s", strings.Join(args, " "), code, errs)
	}
	return out
}

// TestSimIsTheSameOnAnyNumberOfWorkers: the JSON of a run is the same with
// one worker and with three.
func TestSimIsTheSameOnAnyNumberOfWorkers(t *testing.T) {
	a := simOK(t, "--games", "700", "--workers", "1", "--format", "json", "--policy", "random", "--policy", "2=greedy")
	b := simOK(t, "--games", "700", "--workers", "3", "--format", "json", "--policy", "random", "--policy", "2=greedy")
	if a != b {
		t.Fatal("one worker and three give other results")
	}
	if !strings.Contains(a, `"policies": [
    "random",
    "greedy"
  ]`) {
		t.Fatalf("policies not recorded:\n%s", a[:400])
	}
}

// TestSimShardsMergeByteForByte: three shards merged give the unsharded
// run's text, Markdown, charts and result file, byte for byte; shards in
// any order.
func TestSimShardsMergeByteForByte(t *testing.T) {
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	run := []string{"--games", "1001", "--seed", "9", "--policy", "search", "--budget", "8"}
	whole := simOK(t, append(run, "--out", p("all.json"), "--format", "markdown", "--charts", p("c1"))...)
	for k := 1; k <= 3; k++ {
		simOK(t, append(run, "--shard", []string{"", "1/3", "2/3", "3/3"}[k], "--out", p([]string{"", "s1.json", "s2.json", "s3.json"}[k]))...)
	}
	merged := simOK(t, "merge", p("s3.json"), p("s1.json"), p("s2.json"), "--out", p("merged.json"), "--format", "markdown", "--charts", p("c2"))
	if merged != strings.ReplaceAll(whole, p("c1"), p("c2")) {
		t.Fatalf("merged Markdown differs:\n%s\nwant\n%s", merged, whole)
	}
	for _, f := range []string{"all.json|merged.json", "c1/entities.svg|c2/entities.svg", "c1/turns.svg|c2/turns.svg"} {
		a, b, _ := strings.Cut(f, "|")
		x, err1 := os.ReadFile(p(a))
		y, err2 := os.ReadFile(p(b))
		if err1 != nil || err2 != nil || !bytes.Equal(x, y) {
			t.Errorf("%s and %s differ (%v, %v)", a, b, err1, err2)
		}
	}
	if simOK(t, "merge", p("s1.json"), p("s2.json"), p("s3.json")) != simOK(t, append(run, "--format", "text")...) {
		t.Error("merged text differs")
	}
	if _, errs, code := simCLI(t, "merge", p("s1.json"), p("s3.json")); code != 2 || !strings.Contains(errs, "games 333–667 are missing") {
		t.Errorf("a missing shard: exit %d, %s", code, errs)
	}
}

// TestSimDiffFlagsAStrongerCard: fir at power 11 instead of 5 (the mode's
// --power flag) is a significant change; --fail-on 0.05 exits 1 and says
// which; the same file against itself passes.
func TestSimDiffFlagsAStrongerCard(t *testing.T) {
	dir := t.TempDir()
	old, new := filepath.Join(dir, "old.json"), filepath.Join(dir, "new.json")
	simOK(t, "--games", "2000", "--out", old)
	simOK(t, "--games", "2000", "--power", "fir=11", "--out", new)
	out, errs, code := simCLI(t, "diff", old, new, "--format", "markdown", "--fail-on", "0.05")
	if code != 1 || !strings.Contains(errs, "fir stronger +") {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	if !strings.Contains(out, "| `fir` | ") || !strings.Contains(out, "**stronger**") || !strings.Contains(out, "mode flags differ") {
		t.Fatalf("markdown:\n%s", out)
	}
	if _, errs, code := simCLI(t, "diff", old, old, "--fail-on", "0"); code != 0 {
		t.Fatalf("a file against itself: exit %d, %s", code, errs)
	}
}

// TestSimJSONMatchesSchema: a result file, a merged one and a diff
// validate against docs/schema/sim.schema.json and sim-diff.schema.json.
func TestSimJSONMatchesSchema(t *testing.T) {
	result := compileSchema(t, "sim.schema.json")
	diffS := compileSchema(t, "sim-diff.schema.json")
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	simOK(t, "--games", "50", "--out", a, "--shard", "1/2")
	simOK(t, "--games", "50", "--out", b, "--shard", "2/2", "--policy", "1=greedy")
	docs := map[string]string{"result": simOK(t, "--games", "50", "--format", "json", "--band", "0.4,0.6", "--policy", "search", "--budget", "4")}
	for _, f := range []string{a, b} {
		data, _ := os.ReadFile(f)
		docs[f] = string(data)
	}
	for name, doc := range docs {
		v, err := decodeJSON(doc)
		if err != nil {
			t.Fatal(err)
		}
		if err := result.Validate(v); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	d, err := decodeJSON(simOK(t, "diff", a, b, "--format", "json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := diffS.Validate(d); err != nil {
		t.Errorf("diff: %v", err)
	}
}

func decodeJSON(s string) (any, error) {
	var v any
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	return v, dec.Decode(&v)
}

// TestSimUsageErrors: bad flags are usage errors (exit 2) that say what
// is wanted.
func TestSimUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--shard", "0/3"}, "want I/N with 1 <= I <= N"},
		{[]string{"--band", "0.6,0.4"}, "want LOW,HIGH"},
		{[]string{"--level", "95"}, "--level 95"},
		{[]string{"--fail-on", "0.05"}, "give --baseline REV"},
		{[]string{"--policy", "clever"}, `unknown policy "clever"`},
		{[]string{"--power", "oak"}, `--power "oak": want CARD=N`},
		{[]string{"--format", "html"}, `unknown --format "html"`},
	} {
		_, errs, code := simCLI(t, append([]string{"--games", "3"}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, errs, c.want)
		}
	}
}
