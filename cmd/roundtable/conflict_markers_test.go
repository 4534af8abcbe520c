package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/cmd/roundtable/clitest/scriptenv"
)

// TestNoConflictMarkers: no tracked text file holds a line a merge left
// (<<<<<<< , =======, >>>>>>> ). A README with one went out once: a
// rendered page shows them and nothing else fails on them in Markdown.
func TestNoConflictMarkers(t *testing.T) {
	repo, err := scriptenv.Repo()
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("git", "-C", repo, "ls-files", "-z").Output()
	if err != nil {
		t.Skipf("not a git checkout: %v", err)
	}
	files := strings.Split(strings.TrimRight(string(out), "\x00"), "\x00")
	if len(files) < 100 {
		t.Fatalf("git ls-files listed %d files", len(files))
	}
	for _, f := range files {
		switch filepath.Ext(f) {
		case ".go", ".md", ".txtar", ".yaml", ".yml", ".cue", ".json", ".sh", ".html", ".js", ".css", ".lua", ".vim":
		default:
			if filepath.Base(f) != "Makefile" && !strings.HasPrefix(f, ".ci/") {
				continue
			}
		}
		data, err := os.ReadFile(filepath.Join(repo, f))
		if err != nil {
			continue // deleted in the work tree
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 16<<20)
		for line := 1; sc.Scan(); line++ {
			l := sc.Text()
			if strings.HasPrefix(l, "<<<<<<< ") || strings.HasPrefix(l, ">>>>>>> ") || l == "=======" && strings.Contains(string(data), "\n<<<<<<< ") {
				t.Errorf("%s:%d: a merge conflict marker: %q", f, line, l)
			}
		}
	}
}
