package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/roundtable-dev/roundtable/compiler/check"
)

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// check --watch reports again after a file is saved, with the new problem,
// and again when it is fixed.
func TestCheckWatchRechecksOnSave(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "valm")
	var out, errb bytes.Buffer
	if code := run([]string{"new", "pack", dir, "--game", "annas"}, nil, &out, &errb); code != 0 {
		t.Fatalf("new pack: %s", errb.String())
	}
	old := watchEvery
	watchEvery = 20 * time.Millisecond
	defer func() { watchEvery = old }()
	ctx, cancel := context.WithCancel(context.Background())
	buf := &syncBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- watchCheck(ctx, buf, check.Input{Sources: check.Dirs(dir)}, "text", false, reportOpts{})
	}()
	waitFor := func(n int, want string) string {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for time.Now().Before(deadline) {
			s := buf.String()
			if reports := strings.Split(s, "watching for changes"); len(reports) > n {
				r := reports[n-1]
				if !strings.Contains(r, want) {
					t.Fatalf("report %d lacks %q:\n%s", n, want, r)
				}
				return r
			}
			time.Sleep(10 * time.Millisecond)
		}
		t.Fatalf("no report %d:\n%s", n, buf.String())
		return ""
	}
	waitFor(1, "0 errors, 0 warnings")
	units := filepath.Join(dir, "units.yaml")
	b, err := os.ReadFile(units)
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(b), "tags: [armored, swift]", "tags: [armord, swift]", 1)
	if bad == string(b) {
		t.Fatal("the template has no tags: [armored, swift] line")
	}
	os.WriteFile(units, []byte(bad), 0o644)
	r := waitFor(2, `error[unknown-ref]: unknown tag "armord" (did you mean "armored"?)`)
	if !strings.Contains(r, "failing: 1 error, 0 warnings") {
		t.Errorf("report 2:\n%s", r)
	}
	os.WriteFile(units, b, 0o644)
	waitFor(3, "checked in")
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if s := strings.Split(buf.String(), "watching for changes")[2]; !strings.Contains(s, "clean") {
		t.Errorf("report 3:\n%s", s)
	}
}
