package emit

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
)

// Files maps slash paths, relative to an output folder, to their contents.
type Files map[string][]byte

// Stale returns the files under dir whose contents differ from want (or that
// are missing), sorted.
func Stale(dir string, want Files) ([]string, error) {
	var stale []string
	for name, data := range want {
		have, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if errors.Is(err, os.ErrNotExist) {
			stale = append(stale, name)
			continue
		}
		if err != nil {
			return nil, err
		}
		if !bytes.Equal(have, data) {
			stale = append(stale, name)
		}
	}
	slices.Sort(stale)
	return stale, nil
}

// Write writes every file under dir. Each file is written to a temporary file
// in the same folder and renamed into place, so a failure leaves the old file
// whole; files whose contents already match are not touched. All temporary
// files are prepared before any rename, so one failed write renames nothing.
func Write(dir string, files Files) (written []string, err error) {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	type pending struct{ tmp, dst, name string }
	var todo []pending
	defer func() {
		for _, p := range todo {
			os.Remove(p.tmp) // no-op once renamed
		}
	}()
	for _, name := range names {
		dst := filepath.Join(dir, filepath.FromSlash(name))
		if have, err := os.ReadFile(dst); err == nil && bytes.Equal(have, files[name]) {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return nil, err
		}
		f, err := os.CreateTemp(filepath.Dir(dst), "."+filepath.Base(dst)+".tmp*")
		if err != nil {
			return nil, err
		}
		todo = append(todo, pending{f.Name(), dst, name})
		if _, err := f.Write(files[name]); err != nil {
			f.Close()
			return nil, fmt.Errorf("writing %s: %w", dst, err)
		}
		if err := f.Sync(); err != nil {
			f.Close()
			return nil, err
		}
		if err := f.Close(); err != nil {
			return nil, err
		}
		if err := os.Chmod(f.Name(), 0o644); err != nil {
			return nil, err
		}
	}
	for _, p := range todo {
		if err := os.Rename(p.tmp, p.dst); err != nil {
			return written, fmt.Errorf("renaming into %s: %w", p.dst, err)
		}
		written = append(written, p.name)
	}
	return written, nil
}
