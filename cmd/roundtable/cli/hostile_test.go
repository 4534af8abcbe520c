package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/roundtable-dev/roundtable/cmd/roundtable/clitest/scriptenv"
)

// TestHostile runs the hostile corpus, ../../../testdata/hostile/*.txtar: one
// attack a file, each with the exact output expected and a bound on the work
// (docs/reliability.md). The scripts have the commands of every script (scriptenv) and:
//
//	rt [-cpu S] [-rss MB] [-out KB] [-exit N] ARGS...
//	                                          roundtable ARGS in a process of its own, bounded
//	repeat PATH N TEXT [HEAD [TAIL]]          write HEAD, N copies of TEXT ({i} is the copy's index), TAIL
//	mkfifo PATH                               a named pipe
//	sparse PATH MB                            a file of MB megabytes of zeros, without writing them
//	swap fifo|zero GLOB                       each file GLOB names becomes a named pipe, or a link to /dev/zero
//	jsonx SRC N DST                           DST is the JSON array SRC with its items N times over
//
// rt kills the process and fails when it uses more CPU time (user+sys,
// default 20 s), more memory (peak resident, default 400 MB) or writes more
// output (default 1 MB) than allowed: the bounds are far above what the
// input needs and far below what the attack cost before it was fixed. A
// process still running after -hang (5 minutes) is a hang, whatever its
// CPU: a blocked read uses none. The condition [shared] holds when the real
// data (ROUNDTABLE_SHARED, else ../shared) is there.
func TestHostile(t *testing.T) {
	repo, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: filepath.Join(repo, "testdata", "hostile"),
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"mkfile": scriptenv.Commands()["mkfile"],
			"rt":     boundedRun,
			"repeat": repeatCmd,
			"mkfifo": mkfifoCmd,
			"sparse": sparseCmd,
			"swap":   swapCmd,
			"jsonx":  jsonRepeatCmd,
		},
		Setup: func(env *testscript.Env) error {
			env.Setenv("REPO", repo)
			env.Setenv("SHARED", scriptenv.Shared(repo))
			return nil
		},
		Condition: func(cond string) (bool, error) {
			if cond == "shared" { // the real data beside the repository
				_, err := os.Stat(filepath.Join(scriptenv.Shared(repo), "data"))
				return err == nil, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		UpdateScripts: scriptenv.Update(),
	})
}

// boundedRun is the rt command.
func boundedRun(ts *testscript.TestScript, neg bool, args []string) {
	fs := flag.NewFlagSet("rt", flag.ContinueOnError)
	cpu := fs.Float64("cpu", 20, "CPU seconds (user+sys) allowed")
	rss := fs.Int("rss", 400, "peak resident memory allowed, MB")
	out := fs.Int("out", 1024, "stdout+stderr allowed, KB")
	hang := fs.Duration("hang", 5*time.Minute, "wall time after which the process is a hang")
	exit := fs.Int("exit", -1, "the exit status expected (with !, any non-zero one by default)")
	if err := fs.Parse(args); err != nil {
		ts.Fatalf("rt: %v", err)
	}
	bin := lookPath(ts, "roundtable")
	cmd := exec.Command(bin, fs.Args()...)
	cmd.Dir = ts.MkAbs(".")
	cmd.Env = environ(ts)
	var stdout, stderr limitedBuffer
	stdout.max, stderr.max = *out<<10, *out<<10
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		ts.Fatalf("rt: %v", err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var exceeded string
	polled := 0 // the largest VmHWM read while it ran
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	deadline := time.Now().Add(*hang)
	var err error
wait:
	for {
		select {
		case err = <-done:
			break wait
		case <-tick.C:
			c, m := procUsage(cmd.Process.Pid)
			polled = max(polled, m)
			switch {
			case c > *cpu:
				exceeded = fmt.Sprintf("used more than %.1f s of CPU", *cpu)
			case m > *rss:
				exceeded = fmt.Sprintf("used more than %d MB of memory (%d MB)", *rss, m)
			case stdout.over || stderr.over:
				exceeded = fmt.Sprintf("wrote more than %d KB", *out)
			case time.Now().After(deadline):
				exceeded = fmt.Sprintf("still running after %v: a hang", *hang)
			}
			if exceeded != "" {
				cmd.Process.Kill()
				<-done
				break wait
			}
		}
	}
	ts.Stdout().Write(stdout.Bytes())
	ts.Stderr().Write(stderr.Bytes())
	if exceeded == "" && cmd.ProcessState != nil {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			c := time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
			m := int(ru.Maxrss >> 10)
			if _, self := procUsage(os.Getpid()); m <= self {
				// Linux carries the exec'ing parent's high-water mark into the
				// child's ru_maxrss (exec_mmap of a vfork'ed child): when the
				// figure is not above this test process's own, it says nothing
				// of the child, and the peak read from /proc while it ran counts.
				m = polled
			}
			ts.Logf("rt %s: cpu %.2fs, peak %d MB, output %d+%d bytes", strings.Join(fs.Args(), " "), c, m, stdout.Len(), stderr.Len())
			switch {
			case c > *cpu:
				exceeded = fmt.Sprintf("used %.2f s of CPU, more than %.1f s", c, *cpu)
			case m > *rss:
				exceeded = fmt.Sprintf("peaked at %d MB, more than %d MB", m, *rss)
			}
		}
		if stdout.over || stderr.over {
			exceeded = fmt.Sprintf("wrote more than %d KB", *out)
		}
	}
	if exceeded != "" {
		ts.Fatalf("rt %s: %s", strings.Join(fs.Args(), " "), exceeded)
	}
	var ee *exec.ExitError
	if *exit >= 0 {
		code := 0
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		}
		if code != *exit {
			ts.Fatalf("rt %s: exit status %d, want %d", strings.Join(fs.Args(), " "), code, *exit)
		}
		if (code != 0) != neg {
			ts.Fatalf("rt -exit %d: write ! before rt for a non-zero status, and only then", *exit)
		}
		return
	}
	switch {
	case err == nil && neg:
		ts.Fatalf("rt %s: unexpected success", strings.Join(fs.Args(), " "))
	case errors.As(err, &ee) && !neg:
		ts.Fatalf("rt %s: %v", strings.Join(fs.Args(), " "), err)
	case err != nil && !errors.As(err, &ee):
		ts.Fatalf("rt: %v", err)
	}
}

// procUsage reads a running process's CPU seconds and peak resident
// memory (MB) from /proc; zeros when it has ended.
func procUsage(pid int) (cpu float64, rssMB int) {
	if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
		if i := bytes.LastIndexByte(b, ')'); i >= 0 {
			f := strings.Fields(string(b[i+1:]))
			if len(f) > 13 {
				u, _ := strconv.ParseFloat(f[11], 64)
				s, _ := strconv.ParseFloat(f[12], 64)
				cpu = (u + s) / 100 // USER_HZ
			}
		}
	}
	if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid)); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
				kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
				rssMB = kb >> 10
			}
		}
	}
	return cpu, rssMB
}

// limitedBuffer keeps the first max bytes written and notes more.
type limitedBuffer struct {
	bytes.Buffer
	max  int
	over bool
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if b.Len()+len(p) > b.max {
		b.over = true
		p = p[:max(0, b.max-b.Len())]
	}
	b.Buffer.Write(p)
	return len(p), nil
}

// lookPath finds a program on the script's PATH.
func lookPath(ts *testscript.TestScript, name string) string {
	for _, dir := range filepath.SplitList(ts.Getenv("PATH")) {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p
		}
	}
	ts.Fatalf("%s not found on PATH", name)
	return ""
}

// environ is the test's environment with the script's variables over it.
func environ(ts *testscript.TestScript) []string {
	own := []string{"PATH", "HOME", "TMPDIR", "WORK", "REPO", "SHARED", "GOMAXPROCS"}
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(own, k) {
			env = append(env, kv)
		}
	}
	for _, k := range own {
		if v := ts.Getenv(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// repeatCmd is `repeat PATH N TEXT [HEAD [TAIL]]`; \n and \t in the texts
// are line breaks and tabs, {i} in TEXT the index of the copy.
func repeatCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 3 || len(args) > 5 {
		ts.Fatalf("usage: repeat PATH N TEXT [HEAD [TAIL]]")
	}
	n, err := strconv.Atoi(args[1])
	if err != nil {
		ts.Fatalf("repeat: %v", err)
	}
	unescape := strings.NewReplacer(`\n`, "\n", `\t`, "\t", `\r`, "\r", `\0`, "\x00").Replace
	text := unescape(args[2])
	var b bytes.Buffer
	if len(args) > 3 {
		b.WriteString(unescape(args[3]))
	}
	indexed := strings.Contains(text, "{i}")
	for i := range n {
		if indexed {
			b.WriteString(strings.ReplaceAll(text, "{i}", strconv.Itoa(i)))
		} else {
			b.WriteString(text)
		}
	}
	if len(args) > 4 {
		b.WriteString(unescape(args[4]))
	}
	p := ts.MkAbs(args[0])
	ts.Check(os.MkdirAll(filepath.Dir(p), 0o755))
	ts.Check(os.WriteFile(p, b.Bytes(), 0o644))
}

func mkfifoCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: mkfifo PATH")
	}
	p := ts.MkAbs(args[0])
	ts.Check(os.MkdirAll(filepath.Dir(p), 0o755))
	ts.Check(syscall.Mkfifo(p, 0o644))
}

func sparseCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: sparse PATH MB")
	}
	mb, err := strconv.Atoi(args[1])
	ts.Check(err)
	f, err := os.Create(ts.MkAbs(args[0]))
	ts.Check(err)
	ts.Check(f.Truncate(int64(mb) << 20))
	ts.Check(f.Close())
}

func swapCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 || args[0] != "fifo" && args[0] != "zero" {
		ts.Fatalf("usage: swap fifo|zero GLOB")
	}
	names, err := filepath.Glob(ts.MkAbs(args[1]))
	ts.Check(err)
	if len(names) == 0 {
		ts.Fatalf("swap: no file matches %s", args[1])
	}
	for _, n := range names {
		ts.Check(os.Remove(n))
		if args[0] == "fifo" {
			ts.Check(syscall.Mkfifo(n, 0o644))
		} else {
			ts.Check(os.Symlink("/dev/zero", n))
		}
	}
}

func jsonRepeatCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: jsonx SRC N DST")
	}
	n, err := strconv.Atoi(args[1])
	ts.Check(err)
	data, err := os.ReadFile(ts.MkAbs(args[0]))
	ts.Check(err)
	items := bytes.TrimSpace(data)
	if len(items) < 2 || items[0] != '[' || items[len(items)-1] != ']' {
		ts.Fatalf("jsonx: %s is not a JSON array", args[0])
	}
	items = bytes.TrimSpace(items[1 : len(items)-1])
	var b bytes.Buffer
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(items)
	}
	b.WriteString("]\n")
	ts.Check(os.WriteFile(ts.MkAbs(args[2]), b.Bytes(), 0o644))
}
