package lsp

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestNeovim drives the server with a real LSP client nobody here wrote:
// headless Neovim (Debian's neovim package) opens a pack, a bad tag is
// typed, the unknown-ref diagnostic comes at the right range, a tag id is
// completed, go to definition jumps into another file and an id is renamed
// in every file (testdata/nvim.lua).
func TestNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("nvim is not installed: .ci/run installs Debian's neovim package (apt-get install neovim)")
		}
		t.Skip("nvim not found: this test needs Debian's neovim package (apt-get install neovim), which .ci/run installs on CI")
	}
	dir := valmDir(t)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// The server is this test binary (TestMain serves when serveEnv is
	// set), started by Neovim through a script.
	server := filepath.Join(t.TempDir(), "server.sh")
	script := "#!/bin/sh\nexec env " + serveEnv + "=1 ROUNDTABLE_LSP_TEST_BASE=" + filepath.Join(t.TempDir(), "base") + " '" + exe + "' \"$@\"\n"
	if err := os.WriteFile(server, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "results.txt")
	lua, err := filepath.Abs("testdata/nvim.lua")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-n", "-c", "luafile "+lua)
	serverLog := filepath.Join(t.TempDir(), "server.log")
	cmd.Env = append(os.Environ(), "ROUNDTABLE_LSP_TEST_LOG="+serverLog, "RT_SERVER="+server, "RT_PACK="+dir, "RT_OUT="+out, "HOME="+t.TempDir(), "XDG_STATE_HOME="+t.TempDir(), "XDG_DATA_HOME="+t.TempDir())
	logs, err := cmd.CombinedOutput()
	b, rerr := os.ReadFile(out)
	if rerr != nil {
		slog, _ := os.ReadFile(serverLog)
		t.Fatalf("no results (%v): nvim: %v\n%s\nserver log:\n%s", rerr, err, logs, slog)
	}
	steps := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		name, rest, _ := strings.Cut(l, " ")
		steps[name] = rest
		if !strings.HasPrefix(rest, "ok") {
			t.Errorf("step %s: %.300s", name, rest)
		}
	}
	for _, want := range []string{"start", "attach", "clean", "typed", "diagnostic", "completion", "completed", "fixed", "definition", "rename", "renamed-clean", "done"} {
		if _, ok := steps[want]; !ok {
			t.Errorf("step %s did not run; nvim: %v\n%s", want, err, logs)
		}
	}
}
