package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/cmd/roundtable/clitest/scriptenv"
)

// TestHelpExamplesRun runs every example line of every command's --help, in
// order, as a user pastes them into bash at the root of a fresh clone: a
// copy of the repository's files with a git history (two commits, a
// remote-tracking origin/main, the example packs' release tags). Each
// command's lines start from a clean clone (git reset and clean), so a
// file an example reads is made by an earlier example of the same command
// or is in the repository; no example names a file outside it. Every line
// must exit 0, or fail as its comment says ("# refused: ..."); its input
// ends at once (a person's seat of play quits). A line that
// runs until stopped (it says "Ctrl-C to stop": serve, check --watch) is
// stopped with SIGINT once it has said so and must exit 0; serve gets
// --port 0 (7878 may be taken) and its page is fetched. `roundtable get`
// reaches the example packs' git source (this repository on GitHub)
// through a local git daemon serving the clone, set up with git's
// url.insteadOf. A line that takes longer than heavyExample says how long
// in its comment ("# about 2 min").
func TestHelpExamplesRun(t *testing.T) {
	groups := helpExamples(newRoot(nil, &bytes.Buffer{}, &bytes.Buffer{}))
	repo, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	env := newExampleEnv(t, repo)
	ran := 0
	for _, g := range groups {
		t.Run(strings.ReplaceAll(g.cmd, " ", "_"), func(t *testing.T) {
			env.reset(t)
			for _, line := range g.lines {
				start := time.Now()
				if err := env.run(line); err != nil {
					t.Errorf("--help of %s: `%s`: %v", g.cmd, line, err)
					return // the next lines may need what this one makes
				}
				t.Logf("%6.1fs  %s", time.Since(start).Seconds(), line)
				ran++
			}
		})
	}
	if ran < 100 {
		t.Errorf("only %d --help examples ran", ran)
	}
}

// heavyExample is how long an example may run without a note of how long
// it takes ("# about 30 s"): far above what a quick one takes on a loaded
// machine, so that only a heavy one trips it.
const heavyExample = 60 * time.Second

// exampleGroup is one command's --help examples, in their order.
type exampleGroup struct {
	cmd   string
	lines []string
}

// helpExamples are the example lines of root and of every command under
// it; a command whose lines are those of one already listed (`play annas`
// and `play annas versus`) is left out.
func helpExamples(root *cobra.Command) []exampleGroup {
	var out []exampleGroup
	seen := map[string]bool{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		var lines []string
		for _, l := range strings.Split(c.Example, "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
				lines = append(lines, l)
			}
		}
		if key := strings.Join(lines, "\n"); len(lines) > 0 && !seen[key] {
			seen[key] = true
			out = append(out, exampleGroup{c.CommandPath(), lines})
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	return out
}

// exampleEnv is the fresh clone the examples run in and their environment.
type exampleEnv struct {
	dir   string        // the clone
	env   []string      // HOME and caches in the test's folder, git pointed at the local daemon
	heavy time.Duration // how long an example may run without a note of it
}

// newExampleEnv makes the clone of repo and serves it with git daemon.
func newExampleEnv(t *testing.T, repo string) *exampleEnv {
	t.Helper()
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "src", "roundtable")
	if err := copyRepo(repo, dir); err != nil {
		t.Fatal(err)
	}
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), scriptenv.GitEnv()...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	git("init", "-q", "-b", "main")
	git("add", "-A")
	git("commit", "-q", "-m", "the clone")
	git("commit", "-q", "--allow-empty", "-m", "a second commit") // HEAD~1
	git("update-ref", "refs/remotes/origin/main", "HEAD")
	locks, _ := filepath.Glob(filepath.Join(dir, "examples", "*", "*", "roundtable.lock"))
	for _, lock := range locks {
		b, err := os.ReadFile(lock)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range regexp.MustCompile(`tag: "([^"]+)"`).FindAllStringSubmatch(string(b), -1) {
			if !strings.Contains(git("tag", "-l", m[1]), m[1]) {
				git("tag", m[1])
			}
		}
	}
	url, stop, err := scriptenv.GitDaemon(filepath.Dir(dir))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	home := filepath.Join(tmp, "home")
	for _, d := range []string{home, filepath.Join(tmp, "cache"), filepath.Join(tmp, "config")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(k, "GIT_") && !strings.HasPrefix(k, "ROUNDTABLE_") && !strings.HasPrefix(k, "XDG_") && k != "HOME" && k != "NO_COLOR" {
			env = append(env, kv)
		}
	}
	env = append(env, "HOME="+home, "XDG_CACHE_HOME="+filepath.Join(tmp, "cache"), "XDG_CONFIG_HOME="+filepath.Join(tmp, "config"),
		"GIT_CONFIG_NOSYSTEM=1", "GIT_TERMINAL_PROMPT=0",
		// The example packs' source is this repository on GitHub: the clone
		// stands for it, served by the daemon.
		"GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=url."+url+"/roundtable.insteadOf", "GIT_CONFIG_VALUE_0=https://"+module)
	return &exampleEnv{dir: dir, env: env, heavy: heavyExample}
}

// module is the module path (go.mod), which is also where the repository
// is on GitHub.
const module = "github.com/roundtable-dev/roundtable"

// copyRepo copies the repository's files as a clone would have them (those
// git tracks and the new ones it does not ignore) into dst.
func copyRepo(repo, dst string) error {
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = repo
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("git ls-files: %v", err)
	}
	for _, name := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		src := filepath.Join(repo, filepath.FromSlash(name))
		fi, err := os.Lstat(src)
		if errors.Is(err, os.ErrNotExist) {
			continue // deleted in the work tree
		}
		if err != nil {
			return err
		}
		to := filepath.Join(dst, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		if fi.Mode()&os.ModeSymlink != 0 {
			target, err := os.Readlink(src)
			if err == nil {
				err = os.Symlink(target, to)
			}
			if err != nil {
				return err
			}
			continue
		}
		b, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		if err := os.WriteFile(to, b, fi.Mode().Perm()); err != nil {
			return err
		}
	}
	return nil
}

// reset makes the clone fresh again: what a command's examples wrote is gone.
func (e *exampleEnv) reset(t *testing.T) {
	t.Helper()
	for _, args := range [][]string{{"reset", "-q", "--hard"}, {"clean", "-q", "-f", "-d", "-x"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = e.dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

// exampleLine is one example split into its command and its comment.
type exampleLine struct {
	shell   string   // the command, as bash runs it
	args    []string // roundtable's arguments in its first command
	comment string
}

var aboutNote = regexp.MustCompile(`\babout \d+ (s|min)\b`)

// parseExample splits an example line and refuses one that does not start
// with roundtable or that names a path outside the repository.
func parseExample(line string) (exampleLine, error) {
	words, comment := shellWords(line)
	var ex exampleLine
	ex.comment = comment
	if len(words) == 0 || words[0] != "roundtable" {
		return ex, errors.New("an example starts with roundtable (a note goes after #)")
	}
	for _, w := range words[1:] {
		if slices.Contains([]string{"|", ">", "&&", ";", "||"}, w) {
			break
		}
		ex.args = append(ex.args, w)
	}
	for _, w := range words {
		if strings.HasPrefix(w, "/") || strings.HasPrefix(w, "~") || w == ".." || strings.HasPrefix(w, "../") || strings.Contains(w, "=/") || strings.Contains(w, "=../") {
			return ex, fmt.Errorf("%s is outside the repository: an example reads and writes only files of a clone", w)
		}
	}
	ex.shell = strings.TrimSpace(strings.TrimSuffix(line, "#"+comment))
	return ex, nil
}

// shellWords splits a line as bash would, roughly: words (quotes kept
// out), operators as words of their own, and the comment after an
// unquoted #.
func shellWords(line string) (words []string, comment string) {
	var cur strings.Builder
	inWord := false
	var quote rune
	flush := func() {
		if inWord {
			words = append(words, cur.String())
		}
		cur.Reset()
		inWord = false
	}
	rs := []rune(line)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == '#' && !inWord:
			flush()
			return words, string(rs[i+1:])
		case r == ' ' || r == '\t':
			flush()
		case r == '|' || r == '>' || r == '&' || r == ';':
			flush()
			op := string(r)
			if i+1 < len(rs) && (rs[i+1] == r) {
				op += string(r)
				i++
			}
			words = append(words, op)
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	flush()
	return words, ""
}

// run runs one example line in the clone and says what is wrong with it.
func (e *exampleEnv) run(line string) error {
	ex, err := parseExample(line)
	if err != nil {
		return err
	}
	shell := ex.shell
	serve := len(ex.args) > 0 && ex.args[0] == "serve"
	if serve {
		shell += " --port 0"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "--noprofile", "--norc", "-o", "pipefail", "-c", shell)
	cmd.Dir = e.dir
	cmd.Env = e.env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	var errb tail
	cmd.Stderr = &errb
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return err
	}
	// Read stdout as it comes: a command that runs until stopped says so.
	var out tail
	stopped := false
	var stopErr error
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		l := sc.Text()
		out.Write([]byte(l + "\n"))
		if stopped || !strings.Contains(l, "Ctrl-C to stop") {
			continue
		}
		stopped = true
		if serve {
			stopErr = fetchStudio(l)
		}
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
	}
	_, _ = io.Copy(&out, stdout)
	err = cmd.Wait()
	took := time.Since(start)
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		return err
	}
	if ctx.Err() != nil {
		return fmt.Errorf("still running after %v\n%s%s", took, out.String(), errb.String())
	}
	if stopErr != nil {
		return stopErr
	}
	refused := strings.HasPrefix(strings.TrimSpace(ex.comment), "refused")
	switch {
	case refused && code == 0:
		return fmt.Errorf("exited 0; its note says it is refused\n%s", out.String())
	case refused && code > 2:
		return fmt.Errorf("exited %d, want a refusal (1 or 2)\n%s", code, errb.String())
	case !refused && code != 0:
		return fmt.Errorf("exited %d\n%s%s", code, out.String(), errb.String())
	}
	if took > e.heavy && !aboutNote.MatchString(ex.comment) {
		return fmt.Errorf("took %v: note how long it takes in its comment (# about %d min)", took.Round(time.Second), int(took.Minutes()+1))
	}
	return nil
}

var studioURL = regexp.MustCompile(`(http://127\.0\.0\.1:\d+/)`)

// fetchStudio gets the page of the studio whose URL serve printed.
func fetchStudio(line string) error {
	m := studioURL.FindStringSubmatch(line)
	if m == nil {
		return fmt.Errorf("serve printed %q, no URL on 127.0.0.1", line)
	}
	res, err := http.Get(m[1])
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK || !bytes.Contains(b, []byte("<html")) {
		return fmt.Errorf("GET %s: %s, %.80q", m[1], res.Status, b)
	}
	return nil
}

// tail keeps the last 32 KiB written to it.
type tail struct {
	mu sync.Mutex
	b  []byte
}

func (w *tail) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.b = append(w.b, p...)
	if over := len(w.b) - 32<<10; over > 0 {
		w.b = w.b[over:]
	}
	return len(p), nil
}

func (w *tail) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return string(w.b)
}

// TestHelpExampleChecksCatchMistakes: the harness of TestHelpExamplesRun
// fails a line that reads a file no earlier line made, one that fails
// although its note does not say so, one whose note says it is refused
// but that runs, one that names a file outside the repository, one that
// is not a roundtable command and a heavy one with no note of how long it
// takes.
func TestHelpExampleChecksCatchMistakes(t *testing.T) {
	repo, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	env := newExampleEnv(t, repo)
	for _, c := range []struct{ line, want string }{
		{"roundtable check ./my-expansion", "exited 2"},
		{"roundtable play annas --from start.yaml --actions moves.txt", "exited 2"},
		{"roundtable explain no-such-code", "exited 2"},
		{"roundtable explain unknown-ref   # refused: no such code", "exited 0; its note says it is refused"},
		{"roundtable fixture --units 10 /tmp/pack10", "/tmp/pack10 is outside the repository"},
		{"roundtable import fe-cipher ../shared/data/fe-cipher/cardlist.json --report", "../shared/data/fe-cipher/cardlist.json is outside the repository"},
		{"sudo roundtable man /usr/local/share/man/man1", "an example starts with roundtable"},
	} {
		err := env.run(c.line)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("`%s`: %v, want an error with %q", c.line, err, c.want)
		}
	}
	if err := env.run("roundtable explain unknown-ref | grep unknown-ref"); err != nil {
		t.Errorf("a good line: %v", err)
	}
	env.heavy = time.Nanosecond
	if err := env.run("roundtable version"); err == nil || !strings.Contains(err.Error(), "note how long it takes in its comment") {
		t.Errorf("a heavy line with no note: %v", err)
	}
	if err := env.run("roundtable version   # about 1 s"); err != nil {
		t.Errorf("a heavy line with its note: %v", err)
	}
}

// TestShellWords: the example splitter keeps quoted words whole and finds
// the comment and the operators.
func TestShellWords(t *testing.T) {
	words, comment := shellWords(`roundtable check content/annas --format json | jq '.errors # no' > out.txt && x   # a note`)
	want := []string{"roundtable", "check", "content/annas", "--format", "json", "|", "jq", ".errors # no", ">", "out.txt", "&&", "x"}
	if !slices.Equal(words, want) || comment != " a note" {
		t.Errorf("got %q, %q", words, comment)
	}
}
