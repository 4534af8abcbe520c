package scriptenv

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// gitEnv commits as a fixed author at a fixed time, so that scripts are
// repeatable.
var gitEnv = []string{"GIT_AUTHOR_NAME=roundtable", "GIT_AUTHOR_EMAIL=test@roundtable.invalid",
	"GIT_COMMITTER_NAME=roundtable", "GIT_COMMITTER_EMAIL=test@roundtable.invalid",
	"GIT_AUTHOR_DATE=2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE=2026-01-01T00:00:00Z",
	"GIT_CONFIG_NOSYSTEM=1", "HOME=/nonexistent"}

func runGit(ts *testscript.TestScript, dir string, args ...string) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), gitEnv...)
	if out, err := cmd.CombinedOutput(); err != nil {
		ts.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// mkrepo makes a release of a git repository: `mkrepo REPO TAG SRC
// [SUB]` puts SRC's files at SUB (default the root) of REPO's tree,
// replacing what SUB held, commits and tags TAG. The repository is
// created bare-served: REPO is a work tree, served as REPO/.git.
func mkrepo(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 3 || len(args) > 4 {
		ts.Fatalf("usage: mkrepo REPO TAG SRC [SUB]")
	}
	repo, tag, src := ts.MkAbs(args[0]), args[1], ts.MkAbs(args[2])
	if _, err := os.Stat(filepath.Join(repo, ".git")); err != nil {
		ts.Check(os.MkdirAll(repo, 0o755))
		runGit(ts, repo, "init", "-q", "-b", "main")
	}
	dst := repo
	if len(args) == 4 {
		dst = filepath.Join(repo, filepath.FromSlash(args[3]))
	}
	if dst != repo {
		ts.Check(os.RemoveAll(dst))
	} else {
		ents, _ := os.ReadDir(repo)
		for _, e := range ents {
			if e.Name() != ".git" {
				ts.Check(os.RemoveAll(filepath.Join(repo, e.Name())))
			}
		}
	}
	ts.Check(copyDir(src, dst))
	runGit(ts, repo, "add", "-A")
	runGit(ts, repo, "commit", "-q", "--allow-empty", "-m", "release "+tag)
	runGit(ts, repo, "tag", tag)
}

func copyDir(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		out := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(out, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(out, b, 0o644)
	})
}

// mkarchive writes SRC's files into an archive: `mkarchive OUT SRC [TOP]`,
// a .zip or a .tar.gz by OUT's name, its files below the folder TOP when
// given (as code hosts write archives).
func mkarchive(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 || len(args) > 3 {
		ts.Fatalf("usage: mkarchive OUT.zip|OUT.tar.gz SRC [TOP]")
	}
	out, src := ts.MkAbs(args[0]), ts.MkAbs(args[1])
	top := ""
	if len(args) == 3 {
		top = args[2] + "/"
	}
	ts.Check(os.MkdirAll(filepath.Dir(out), 0o755))
	f, err := os.Create(out)
	ts.Check(err)
	defer f.Close()
	type adder func(name string, data []byte) error
	var add adder
	var closeAll func() error
	if strings.HasSuffix(out, ".zip") {
		z := zip.NewWriter(f)
		add = func(name string, data []byte) error {
			w, err := z.Create(name)
			if err != nil {
				return err
			}
			_, err = w.Write(data)
			return err
		}
		closeAll = z.Close
	} else {
		gz := gzip.NewWriter(f)
		tw := tar.NewWriter(gz)
		add = func(name string, data []byte) error {
			if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(data)), Typeflag: tar.TypeReg, ModTime: time.Unix(0, 0)}); err != nil {
				return err
			}
			_, err := tw.Write(data)
			return err
		}
		closeAll = func() error {
			if err := tw.Close(); err != nil {
				return err
			}
			return gz.Close()
		}
	}
	ts.Check(filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return add(top+filepath.ToSlash(rel), b)
	}))
	ts.Check(closeAll())
}

// servers are the stop functions of the servers each script started.
var (
	serversMu sync.Mutex
	servers   = map[*testscript.TestScript][]func(){}
)

func started(ts *testscript.TestScript, stop func()) {
	serversMu.Lock()
	servers[ts] = append(servers[ts], stop)
	serversMu.Unlock()
	ts.Defer(func() {
		serversMu.Lock()
		fs := servers[ts]
		delete(servers, ts)
		serversMu.Unlock()
		for _, f := range fs {
			f()
		}
	})
}

// stopservers stops every server gitserve and httpserve started in this
// script: what runs after it has no network to reach.
func stopservers(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 0 {
		ts.Fatalf("usage: stopservers")
	}
	serversMu.Lock()
	fs := servers[ts]
	servers[ts] = nil
	serversMu.Unlock()
	for _, f := range fs {
		f()
	}
}

// freePort is a port on 127.0.0.1 nothing listens on now.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// gitserve serves the repositories below DIR with a real `git daemon` on
// 127.0.0.1 for the rest of the script: `gitserve DIR` sets $GITURL
// (git://127.0.0.1:PORT), so DIR/maps is $GITURL/maps.
func gitserve(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: gitserve DIR")
	}
	url, stop, err := GitDaemon(ts.MkAbs(args[0]))
	ts.Check(err)
	started(ts, stop)
	ts.Setenv("GITURL", url)
}

// GitDaemon serves the git repositories below dir with a real `git daemon`
// on 127.0.0.1 until stop is called: dir/maps (a bare repository, or a
// work tree's .git) is url+"/maps". Tests outside scripts use it too (the
// --help examples' `roundtable get`).
func GitDaemon(dir string) (url string, stop func(), err error) {
	if _, err := exec.LookPath("git"); err != nil {
		return "", nil, fmt.Errorf("serving git needs git (.ci/run installs it): %v", err)
	}
	port, err := freePort()
	if err != nil {
		return "", nil, err
	}
	cmd := exec.Command("git", "daemon", "--reuseaddr", "--export-all", "--listen=127.0.0.1",
		fmt.Sprintf("--port=%d", port), "--base-path="+dir, dir)
	cmd.Env = append(os.Environ(), gitEnv...)
	// git runs git-daemon as a child: a process group stops both.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	stop = func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		_ = cmd.Wait()
	}
	if err := waitListening(port); err != nil {
		stop()
		return "", nil, err
	}
	return fmt.Sprintf("git://127.0.0.1:%d", port), stop, nil
}

// httpserve serves DIR's files over HTTP on 127.0.0.1 for the rest of the
// script: `httpserve DIR` sets $HTTPURL.
func httpserve(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: httpserve DIR")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	ts.Check(err)
	srv := &http.Server{Handler: http.FileServer(http.Dir(ts.MkAbs(args[0]))), ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(l) }()
	started(ts, func() { _ = srv.Close() })
	ts.Setenv("HTTPURL", "http://"+l.Addr().String())
}

func waitListening(port int) error {
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
			c.Close()
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return fmt.Errorf("nothing listens on 127.0.0.1:%d after 10 s", port)
}

// GitEnv is the environment git commits with in scripts: a fixed author at
// a fixed time, no system or user configuration.
func GitEnv() []string { return append([]string(nil), gitEnv...) }
