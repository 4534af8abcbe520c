package emit

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestWriteOutputSweepsTemps: temporary files a killed run left beside the
// files it writes (and in its chunk folders) are removed by the next run and
// reported; files that only look alike stay.
func TestWriteOutputSweepsTemps(t *testing.T) {
	dir := t.TempDir()
	pkg := Package{Name: "x", Var: "Value", ImportPath: "example.com/x", ChunkSize: 2}
	out, _ := pkg.Output(&Outer{Items: []Inner{{N: 1}, {N: 2}, {N: 3}}})
	if _, _, err := WriteOutput(dir, out); err != nil {
		t.Fatal(err)
	}
	// internal/ is a Prune folder: the run owns all of it.
	left := []string{".ruleset.go.tmp123456", "internal/.x.go.tmp1", "internal/items001/.items.go.tmp9"}
	keep := []string{".ruleset.go.tmp", ".ruleset.go.tmpx1", "ruleset.go.tmp1", ".tmp1", "..go.tmp1", ".notes.tmp1"}
	for _, n := range append(left, keep...) {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(n)), []byte("partial"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	written, removed, err := WriteOutput(dir, out)
	if err != nil || len(written) != 0 || strings.Join(removed, " ") != strings.Join(left, " ") {
		t.Fatalf("written %v, removed %v (%v); want removed %v", written, removed, err, left)
	}
	for _, n := range keep {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(n))); err != nil {
			t.Errorf("%s was removed: %v", n, err)
		}
	}
}

// TestWriteOutputConcurrent: runs writing different values to one folder at
// once take turns; the folder ends holding one run's complete output, with
// no temporary file left.
func TestWriteOutputConcurrent(t *testing.T) {
	dir := t.TempDir()
	pkg := Package{Name: "x", Var: "Value", ImportPath: "example.com/x", ChunkSize: 2}
	var outs []Output
	for n := range 6 {
		var items []Inner
		for i := range 2 + n {
			items = append(items, Inner{N: int8(i * (n + 1))})
		}
		o, err := pkg.Output(&Outer{Items: items})
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, o)
	}
	var wg sync.WaitGroup
	errs := make([]error, len(outs))
	for i, o := range outs {
		wg.Go(func() { _, _, errs[i] = WriteOutput(dir, o) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("run %d: %v", i, err)
		}
	}
	// Exactly one output is current, and nothing else is left.
	current := 0
	for _, o := range outs {
		if stale, err := StaleOutput(dir, o); err == nil && len(stale) == 0 {
			current++
		}
	}
	if current != 1 {
		t.Errorf("%d outputs are current, want 1", current)
	}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && isTemp(d.Name()) {
			t.Errorf("temporary file left: %s", p)
		}
		return err
	})
}
