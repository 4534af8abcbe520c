package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/games"
)

// k8sJob is the part of a Kubernetes Job the checks read.
type k8sJob struct {
	Kind string `yaml:"kind"`
	Spec struct {
		CompletionMode string `yaml:"completionMode"`
		Completions    int    `yaml:"completions"`
		Parallelism    int    `yaml:"parallelism"`
		Template       struct {
			Spec struct {
				Containers []struct {
					Args         []string `yaml:"args"`
					VolumeMounts []struct {
						MountPath string `yaml:"mountPath"`
					} `yaml:"volumeMounts"`
				} `yaml:"containers"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

func readJobs(t *testing.T, name string) []k8sJob {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "deploy", "sim", name))
	if err != nil {
		t.Fatal(err)
	}
	var out []k8sJob
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var j k8sJob
		if err := dec.Decode(&j); err != nil {
			break
		}
		if j.Kind == "Job" {
			out = append(out, j)
		}
	}
	if len(out) != 1 {
		t.Fatalf("%s: %d Jobs, want 1", name, len(out))
	}
	return out
}

// TestDeployFilesAgree checks deploy/sim: the Indexed Job has as many
// completions as --shard has shards, takes the shard from
// JOB_COMPLETION_INDEX and writes where the merge Job reads; the GitHub
// Actions matrix lists shards 1 to N for --shard I/N. Where the game of the
// examples is playable in this build, it also runs their command lines
// (16 games, greedy instead of search, for time) and checks the merge
// equals the unsharded run.
func TestDeployFilesAgree(t *testing.T) {
	job := readJobs(t, "job.yaml")[0]
	merge := readJobs(t, "merge.yaml")[0]
	n := job.Spec.Completions
	if job.Spec.CompletionMode != "Indexed" || n < 2 || job.Spec.Parallelism != n {
		t.Fatalf("job: completionMode %q, completions %d, parallelism %d", job.Spec.CompletionMode, n, job.Spec.Parallelism)
	}
	shardCmd := strings.Join(job.Spec.Template.Spec.Containers[0].Args, " ")
	mergeCmd := strings.Join(merge.Spec.Template.Spec.Containers[0].Args, " ")
	for _, want := range []string{fmt.Sprintf(`--shard "$((JOB_COMPLETION_INDEX + 1))/%d"`, n), `--out "/results/shard-$JOB_COMPLETION_INDEX.json"`} {
		if !strings.Contains(shardCmd, want) {
			t.Errorf("job.yaml: the shard command lacks %s:\n%s", want, shardCmd)
		}
	}
	if !strings.Contains(mergeCmd, "roundtable sim merge /results/shard-*.json") {
		t.Errorf("merge.yaml does not merge /results/shard-*.json:\n%s", mergeCmd)
	}
	for _, j := range []k8sJob{job, merge} {
		if m := j.Spec.Template.Spec.Containers[0].VolumeMounts; len(m) != 1 || m[0].MountPath != "/results" {
			t.Errorf("a Job mounts %v, not /results", m)
		}
	}

	gha, err := os.ReadFile(filepath.Join("..", "..", "..", "deploy", "sim", "github-actions.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var wf struct {
		Env  map[string]string `yaml:"env"`
		Jobs map[string]struct {
			Strategy struct {
				Matrix struct {
					Shard []int `yaml:"shard"`
				} `yaml:"matrix"`
			} `yaml:"strategy"`
			Steps []struct {
				Run string `yaml:"run"`
			} `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal(gha, &wf); err != nil {
		t.Fatal(err)
	}
	shards := wf.Jobs["shard"].Strategy.Matrix.Shard
	for i, s := range shards {
		if s != i+1 {
			t.Fatalf("matrix shards %v: want 1 to N", shards)
		}
	}
	var ghShard, ghMerge string
	for _, s := range wf.Jobs["shard"].Steps {
		if strings.Contains(s.Run, "--shard") {
			ghShard = s.Run
		}
	}
	for _, s := range wf.Jobs["merge"].Steps {
		if strings.Contains(s.Run, "sim merge") {
			ghMerge = s.Run
		}
	}
	if want := fmt.Sprintf("--shard ${{ matrix.shard }}/%d --out shard-${{ matrix.shard }}.json", len(shards)); !strings.Contains(ghShard, want) {
		t.Errorf("github-actions.yml: the shard step lacks %q: %q", want, ghShard)
	}
	if !strings.Contains(ghMerge, "roundtable sim merge shard-*.json") {
		t.Errorf("github-actions.yml: the merge step: %q", ghMerge)
	}

	// Run the Kubernetes command lines, small.
	fields := strings.Fields(shardCmd)
	if len(fields) < 3 {
		t.Fatalf("shard command %q", shardCmd)
	}
	if g, ok := games.Lookup(fields[2]); !ok || len(g.Modes) == 0 {
		t.Logf("game %s is not registered in this build: the command lines were not run", fields[2])
		return
	}
	dir := t.TempDir()
	small := func(cmd string, k int) []string {
		cmd = strings.ReplaceAll(cmd, "$((JOB_COMPLETION_INDEX + 1))", strconv.Itoa(k+1))
		cmd = strings.ReplaceAll(cmd, "$JOB_COMPLETION_INDEX", strconv.Itoa(k))
		cmd = strings.ReplaceAll(cmd, "/results", dir)
		cmd = regexp.MustCompile(`--games \d+`).ReplaceAllString(cmd, "--games 16")
		cmd = regexp.MustCompile(`--policy search --budget \d+`).ReplaceAllString(cmd, "--policy greedy") // search plays a greedy game per playout
		return strings.Fields(strings.ReplaceAll(cmd, `"`, ""))[1:]
	}
	for k := range n {
		runOK(t, small(shardCmd, k)...)
	}
	mergeArgs := small(strings.Split(strings.Split(mergeCmd, " > ")[0], " && ")[0], 0)
	files, _ := filepath.Glob(filepath.Join(dir, "shard-*.json"))
	var args []string
	for _, a := range mergeArgs {
		if strings.Contains(a, "*") {
			args = append(args, files...)
		} else {
			args = append(args, a)
		}
	}
	runOK(t, append(args[:len(args):len(args)], "--format", "json")...)
	whole := small(shardCmd, 0)
	for i, a := range whole {
		if a == "--shard" || a == "--out" {
			whole[i+1] = ""
			whole[i] = ""
		}
	}
	var wholeArgs []string
	for _, a := range whole {
		if a != "" && a != "text" && a != "--format" {
			wholeArgs = append(wholeArgs, a)
		}
	}
	merged, _ := os.ReadFile(filepath.Join(dir, "all.json"))
	if got := runOK(t, append(wholeArgs, "--format", "json")...); got != string(merged) {
		t.Errorf("the merged shards differ from the unsharded run")
	}
}
