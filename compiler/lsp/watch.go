package lsp

import (
	"context"
	"os"
	"slices"
	"time"

	"github.com/roundtable-dev/roundtable/compiler/project"
)

// WaitForChange returns when a YAML file under one of dirs is added,
// removed or written (its size or time changes), polling every interval:
// roundtable check --watch. It scans as the server does (hidden folders
// and what each folder's roundtable.yaml ignores left out).
func WaitForChange(ctx context.Context, dirs []string, every time.Duration) error {
	return WaitForChangeSince(ctx, Scan(dirs, nil), every)
}

// Snapshot is what WaitForChangeSince compares against: taken before a check
// runs, a file saved while it runs is a change, not lost.
type Snapshot struct {
	dirs, files []string
	scans       []diskScan
	stats       []fileStat
}

// Scan records the folders' files (names, sizes, times) now, and the
// stats of files outside them (the roundtable.yaml files above the packs:
// check.Report.Configs).
func Scan(dirs, files []string) Snapshot {
	out := make([]diskScan, len(dirs))
	for i, d := range dirs {
		root, err := os.OpenRoot(d)
		if err != nil {
			continue
		}
		c, _ := project.Find(d)
		out[i], _ = scanDir(root, c.SkipsIn(d))
		root.Close()
	}
	return Snapshot{dirs: dirs, files: files, scans: out, stats: statFiles(files)}
}

// fileStat is what a change of one file changes: its size and time, or
// that it is there.
type fileStat struct {
	ok    bool
	size  int64
	mtime time.Time
}

func statFiles(files []string) []fileStat {
	out := make([]fileStat, len(files))
	for i, f := range files {
		if fi, err := os.Stat(f); err == nil {
			out[i] = fileStat{true, fi.Size(), fi.ModTime()}
		}
	}
	return out
}

// WaitForChangeSince polls every interval until a folder differs from
// before, or ctx ends.
func WaitForChangeSince(ctx context.Context, before Snapshot, every time.Duration) error {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
		now := Scan(before.dirs, before.files)
		for i := range now.scans {
			if !now.scans[i].same(before.scans[i]) {
				return nil
			}
		}
		if !slices.Equal(now.stats, before.stats) {
			return nil
		}
	}
}
