package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionOf(t *testing.T) {
	vcs := func(rev, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modified}}
	}
	const rev = "0123456789abcdef0123456789abcdef01234567"
	for _, c := range []struct {
		name, release string
		bi            *debug.BuildInfo
		want          string
	}{
		{"no build info", "", nil, "(devel)"},
		{"test binary", "", &debug.BuildInfo{}, "(devel)"},
		{"go install @v1.4.0", "", &debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}}, "v1.4.0"},
		{"release archive", "v1.5.0", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs(rev, "false")}, "v1.5.0 (commit 0123456789ab)"},
		{"release without vcs", "v1.5.0", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "v1.5.0"},
		{"checkout, -buildvcs=false", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "(devel)"},
		{"checkout, edited", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs(rev, "true")}, "(devel) (commit 0123456789ab, modified)"},
		{"checkout, pseudo-version", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20260101120000-0123456789ab+dirty"}, Settings: vcs(rev, "true")}, "v0.0.0-20260101120000-0123456789ab+dirty"},
	} {
		if got := versionOf(c.release, c.bi); got != c.want {
			t.Errorf("%s: versionOf = %q, want %q", c.name, got, c.want)
		}
	}
}

// TestVersionOfBuiltBinary builds the command as a release does (-ldflags
// -X cli.releaseVersion, VCS stamping on) and runs --version.
func TestVersionOfBuiltBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	out, err := exec.Command("git", "rev-parse", "--show-toplevel", "HEAD").Output()
	if err != nil {
		t.Skipf("not a git checkout: %v", err) // a source archive: no commit to stamp
	}
	lines := strings.Fields(string(out))
	top, head := lines[0], lines[1][:12]
	bin := filepath.Join(t.TempDir(), "roundtable")
	cmd := exec.Command("go", "build", "-o", bin, "-buildvcs=true", "-ldflags", "-X github.com/roundtable-dev/roundtable/cmd/roundtable/cli.releaseVersion=v9.8.7", "..")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	b, err := exec.Command(bin, "--version").Output()
	if err != nil {
		t.Fatalf("roundtable --version: %v", err)
	}
	got := strings.TrimSpace(string(b))
	// go stamps the commit only where .git is a folder: a clone (as in CI),
	// not a linked work tree (git worktree add), whose .git is a file.
	if fi, err := os.Stat(filepath.Join(top, ".git")); err == nil && fi.IsDir() {
		if !strings.HasPrefix(got, "roundtable v9.8.7 (commit "+head) || !strings.HasSuffix(got, ")") {
			t.Errorf("release build in a clone: %q, want roundtable v9.8.7 (commit %s…)", got, head)
		}
	} else if got != "roundtable v9.8.7" {
		t.Errorf("release build in a linked work tree: %q, want roundtable v9.8.7", got)
	}
}
