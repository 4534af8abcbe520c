package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// The composite action (action.yml) run locally: its run: steps in order,
// in bash as GitHub runs them (bash --noprofile --norc -eo pipefail), with
// the env each step sets, ${{ }} expressions and if: conditions evaluated,
// GITHUB_ENV, GITHUB_PATH, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY honoured.
// uses: steps (setup-go, the SARIF upload) are GitHub's and are skipped;
// `roundtable` on PATH is this test binary (testscript.Main puts it there),
// installed with version: none; `gh` is a stand-in that records its
// arguments.

type actionFile struct {
	Name   string
	Inputs map[string]struct {
		Default string
	}
	Runs struct {
		Using string
		Steps []actionStep
	}
}

type actionStep struct {
	Name, ID, If, Shell, Run, Uses string
	Env                            map[string]string
}

type actionRun struct {
	ran     []string // names of the steps run, in order
	failed  string   // the step that failed, "" when all passed
	log     string   // output of every step
	summary string   // GITHUB_STEP_SUMMARY
	outputs map[string]map[string]string
}

func loadAction(t *testing.T) actionFile {
	t.Helper()
	data, err := os.ReadFile("../../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	var a actionFile
	if err := yaml.Unmarshal(data, &a); err != nil {
		t.Fatal(err)
	}
	if a.Runs.Using != "composite" || len(a.Runs.Steps) == 0 {
		t.Fatalf("action.yml: runs.using %q with %d steps, want a composite action", a.Runs.Using, len(a.Runs.Steps))
	}
	return a
}

var exprRe = regexp.MustCompile(`\$\{\{\s*(.*?)\s*\}\}`)

// runAction runs a's steps in dir. ctx holds the github.* and runner.*
// values; inputs override the defaults.
func runAction(t *testing.T, a actionFile, dir string, ctx, inputs map[string]string) actionRun {
	t.Helper()
	tmp := t.TempDir()
	files := map[string]string{}
	for _, f := range []string{"GITHUB_ENV", "GITHUB_PATH", "GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY"} {
		files[f] = filepath.Join(tmp, strings.ToLower(f))
		if err := os.WriteFile(files[f], nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	vals := maps.Clone(ctx)
	vals["runner.temp"] = tmp
	for name, in := range a.Inputs {
		vals["inputs."+name] = in.Default
	}
	for k, v := range inputs {
		if _, ok := a.Inputs[k]; !ok {
			t.Fatalf("action.yml has no input %q", k)
		}
		vals["inputs."+k] = v
	}
	lookup := func(expr string) string {
		v, ok := vals[expr]
		if !ok && !strings.HasPrefix(expr, "steps.") {
			t.Fatalf("cannot evaluate ${{ %s }}", expr)
		}
		return v
	}
	expand := func(s string) string {
		// Defaults may hold expressions too (${{ github.token }}).
		for range 2 {
			s = exprRe.ReplaceAllStringFunc(s, func(m string) string { return lookup(exprRe.FindStringSubmatch(m)[1]) })
		}
		return s
	}
	cond := func(expr string) bool {
		if expr == "" {
			return true
		}
		for _, term := range strings.Split(expr, "&&") {
			f := strings.Fields(term)
			if len(f) != 3 || (f[1] != "==" && f[1] != "!=") || !strings.HasPrefix(f[2], "'") || !strings.HasSuffix(f[2], "'") {
				t.Fatalf("cannot evaluate if: %s", expr)
			}
			eq := expand(lookup(f[0])) == strings.Trim(f[2], "'")
			if eq != (f[1] == "==") {
				return false
			}
		}
		return true
	}
	var res actionRun
	res.outputs = map[string]map[string]string{}
	env := map[string]string{}
	var log strings.Builder
	for _, s := range a.Runs.Steps {
		if !cond(s.If) {
			continue
		}
		if s.Uses != "" {
			continue // GitHub's own actions
		}
		if s.Shell != "bash" {
			t.Fatalf("step %q: shell %q, want bash", s.Name, s.Shell)
		}
		res.ran = append(res.ran, s.Name)
		if err := os.WriteFile(files["GITHUB_OUTPUT"], nil, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", s.Run)
		cmd.Dir = dir
		stepEnv := map[string]string{}
		for _, kv := range os.Environ() {
			k, v, _ := strings.Cut(kv, "=")
			stepEnv[k] = v
		}
		maps.Copy(stepEnv, env)
		maps.Copy(stepEnv, files)
		if p, _ := os.ReadFile(files["GITHUB_PATH"]); len(p) > 0 {
			lines := strings.Fields(string(p))
			slices.Reverse(lines)
			stepEnv["PATH"] = strings.Join(lines, ":") + ":" + stepEnv["PATH"]
		}
		for k, v := range s.Env {
			stepEnv[k] = expand(v)
		}
		for _, k := range slices.Sorted(maps.Keys(stepEnv)) {
			cmd.Env = append(cmd.Env, k+"="+stepEnv[k])
		}
		out, err := cmd.CombinedOutput()
		fmt.Fprintf(&log, "## %s\n%s", s.Name, out)
		if envData, _ := os.ReadFile(files["GITHUB_ENV"]); len(envData) > 0 {
			for _, line := range strings.Split(strings.TrimSpace(string(envData)), "\n") {
				k, v, _ := strings.Cut(line, "=")
				env[k] = v
			}
		}
		if s.ID != "" {
			res.outputs[s.ID] = map[string]string{}
			if o, _ := os.ReadFile(files["GITHUB_OUTPUT"]); len(o) > 0 {
				for _, line := range strings.Split(strings.TrimSpace(string(o)), "\n") {
					k, v, _ := strings.Cut(line, "=")
					res.outputs[s.ID][k] = v
					vals["steps."+s.ID+".outputs."+k] = v
				}
			}
		}
		if err != nil {
			res.failed = s.Name
			fmt.Fprintf(&log, "(step failed: %v)\n", err)
			break
		}
	}
	res.log = log.String()
	sum, _ := os.ReadFile(files["GITHUB_STEP_SUMMARY"])
	res.summary = string(sum)
	return res
}

// actionRepo makes a git repository whose main branch holds the example
// expansion (valm/) and its generated package (gen/valm), checks out a
// pull-request branch and applies edit to it. It returns the folder and a
// bin folder holding the stand-in gh, which logs its arguments and the
// comment body to gh.log there.
func actionRepo(t *testing.T, edit func(dir string)) (dir, bin string) {
	t.Helper()
	dir = t.TempDir()
	git := func(args ...string) {
		t.Helper()
		c := exec.Command("git", append([]string{"-c", "user.email=ci@example.com", "-c", "user.name=CI"}, args...)...)
		c.Dir = dir
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q", "-b", "main")
	if err := os.CopyFS(filepath.Join(dir, "valm"), os.DirFS("../../../examples/annas-expansion/pack")); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"gen", filepath.Join(dir, "valm"), "--out", filepath.Join(dir, "gen/valm"), "--package", "valm"}, nil, &out, &errb); code != 0 {
		t.Fatalf("gen: %s", errb.String())
	}
	git("add", "-A")
	git("commit", "-q", "-m", "Valm Conquest")
	git("checkout", "-q", "-b", "pr")
	edit(dir)
	bin = t.TempDir()
	gh := "#!/bin/sh\necho \"gh $*\" >> \"" + bin + "/gh.log\"\nwhile [ $# -gt 0 ]; do [ \"$1\" = --body-file ] && cat \"$2\" >> \"" + bin + "/gh.log\"; shift; done\n"
	if err := os.WriteFile(filepath.Join(bin, "gh"), []byte(gh), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, bin
}

func editFile(t *testing.T, file, old, new string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(old)) {
		t.Fatalf("%s has no %q", file, old)
	}
	if err := os.WriteFile(file, bytes.Replace(data, []byte(old), []byte(new), 1), 0o644); err != nil {
		t.Fatal(err)
	}
}

func prContext(bin string) map[string]string {
	return map[string]string{
		"github.event_name":                "pull_request",
		"github.base_ref":                  "main",
		"github.token":                     "test-token",
		"github.event.pull_request.number": "42",
		"runner.temp":                      "",
		"gh-bin":                           bin,
	}
}

func TestActionSteps(t *testing.T) {
	if _, err := exec.LookPath("roundtable"); err != nil {
		t.Fatalf("roundtable is not on PATH (testscript.Main puts this test binary there): %v", err)
	}
	a := loadAction(t)
	base := map[string]string{"version": "none", "paths": "valm", "gen-args": "valm --out gen/valm --package valm", "base-ref": "main"}
	withGH := func(bin string) {
		t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	}
	allSteps := []string{"Install roundtable", "Check content", "Generated code is current", "Content diff", "Comment the diff", "Fail on --fail-on matches"}

	t.Run("pull request passes and comments the diff", func(t *testing.T) {
		dir, bin := actionRepo(t, func(dir string) {
			// Walhart's ATK 7 → 8: content change only; gen/valm is regenerated.
			editFile(t, filepath.Join(dir, "valm/units.yaml"), "stats: {hp: 12, atk: 7", "stats: {hp: 12, atk: 8")
			var out, errb bytes.Buffer
			if code := run([]string{"gen", filepath.Join(dir, "valm"), "--out", filepath.Join(dir, "gen/valm"), "--package", "valm"}, nil, &out, &errb); code != 0 {
				t.Fatalf("gen: %s", errb.String())
			}
		})
		withGH(bin)
		r := runAction(t, a, dir, prContext(bin), base)
		if r.failed != "" || !slices.Equal(r.ran, allSteps) {
			t.Fatalf("ran %q, failed %q, want all of %q to pass\n%s", r.ran, r.failed, allSteps, r.log)
		}
		want := "| changed | `walhart` | `stats.atk` | 7 | 8 |"
		if !strings.Contains(r.summary, "### Content changes: 0 added, 0 removed, 1 changed") || !strings.Contains(r.summary, want) {
			t.Errorf("job summary:\n%s\nwant the diff with %s", r.summary, want)
		}
		ghLog, _ := os.ReadFile(filepath.Join(bin, "gh.log"))
		if !strings.HasPrefix(string(ghLog), "gh pr comment 42 --body-file ") || !strings.Contains(string(ghLog), "--edit-last") || !strings.Contains(string(ghLog), want) {
			t.Errorf("gh was called as:\n%s\nwant a comment on PR 42 holding the diff", ghLog)
		}
		if f := r.outputs["diff"]["file"]; !strings.HasSuffix(f, "roundtable-diff.md") {
			t.Errorf("diff-file output %q", f)
		}
		if !strings.Contains(r.log, "roundtable (devel)") {
			t.Errorf("the install step did not run roundtable version:\n%s", r.log)
		}
	})

	t.Run("a broken pack fails the check step with annotations", func(t *testing.T) {
		dir, bin := actionRepo(t, func(dir string) {
			editFile(t, filepath.Join(dir, "valm/units.yaml"), "tags: [cavalry, armored", "tags: [cavalyr, armored")
		})
		withGH(bin)
		r := runAction(t, a, dir, prContext(bin), base)
		if r.failed != "Check content" || !slices.Equal(r.ran, allSteps[:2]) {
			t.Fatalf("ran %q, failed %q, want Check content to fail\n%s", r.ran, r.failed, r.log)
		}
		if !regexp.MustCompile(`(?m)^::error file=valm/units\.yaml,line=\d+,col=\d+,title=unknown-ref::unknown tag "cavalyr"`).MatchString(r.log) {
			t.Errorf("no GitHub annotation for the typo:\n%s", r.log)
		}
		if _, err := os.Stat(filepath.Join(bin, "gh.log")); err == nil {
			t.Error("gh commented although the check failed")
		}
	})

	t.Run("stale generated code fails gen --check", func(t *testing.T) {
		dir, bin := actionRepo(t, func(dir string) {
			editFile(t, filepath.Join(dir, "valm/units.yaml"), "stats: {hp: 12, atk: 7", "stats: {hp: 12, atk: 8")
		})
		withGH(bin)
		r := runAction(t, a, dir, prContext(bin), base)
		if r.failed != "Generated code is current" {
			t.Fatalf("ran %q, failed %q, want gen --check to fail\n%s", r.ran, r.failed, r.log)
		}
		if !strings.Contains(r.log, "stale: gen/valm/ruleset.go") {
			t.Errorf("gen --check did not name the stale file:\n%s", r.log)
		}
	})

	t.Run("fail-on removed fails after commenting", func(t *testing.T) {
		dir, bin := actionRepo(t, func(dir string) {
			if err := os.Remove(filepath.Join(dir, "valm/boss.yaml")); err != nil {
				t.Fatal(err)
			}
		})
		withGH(bin)
		in := maps.Clone(base)
		in["gen-args"] = ""
		in["fail-on"] = "removed"
		r := runAction(t, a, dir, prContext(bin), in)
		if r.failed != "Fail on --fail-on matches" {
			t.Fatalf("ran %q, failed %q, want the --fail-on step to fail\n%s", r.ran, r.failed, r.log)
		}
		if ghLog, _ := os.ReadFile(filepath.Join(bin, "gh.log")); !strings.Contains(string(ghLog), "| removed | `conqueror` |") {
			t.Errorf("the comment does not show the removed boss:\n%s", ghLog)
		}
	})

	t.Run("sarif writes the file and fails after it", func(t *testing.T) {
		dir, bin := actionRepo(t, func(dir string) {
			editFile(t, filepath.Join(dir, "valm/units.yaml"), "tags: [cavalry, armored", "tags: [cavalyr, armored")
		})
		withGH(bin)
		in := maps.Clone(base)
		in["format"] = "sarif"
		ctx := prContext(bin)
		ctx["github.event_name"] = "push"
		r := runAction(t, a, dir, ctx, in)
		if r.failed != "Fail on content problems (SARIF)" || !slices.Contains(r.ran, "Check content") {
			t.Fatalf("ran %q, failed %q, want the SARIF gate to fail after the file is written\n%s", r.ran, r.failed, r.log)
		}
		data, err := os.ReadFile(filepath.Join(dir, "roundtable.sarif"))
		if err != nil {
			t.Fatal(err)
		}
		var sarif struct {
			Version string `json:"version"`
			Runs    []struct {
				Results []struct {
					RuleID string `json:"ruleId"`
				} `json:"results"`
			} `json:"runs"`
		}
		if err := json.Unmarshal(data, &sarif); err != nil || sarif.Version != "2.1.0" || len(sarif.Runs) != 1 || len(sarif.Runs[0].Results) == 0 || sarif.Runs[0].Results[0].RuleID != "unknown-ref" {
			t.Errorf("roundtable.sarif: %v %+v\n%.400s", err, sarif, data)
		}
	})
}
