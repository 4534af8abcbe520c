package lsp

import (
	"context"
	"os"
	"time"
)

// WaitForChange returns when a YAML file under one of dirs is added,
// removed or written (its size or time changes), polling every interval:
// roundtable check --watch. It scans as the server does (hidden folders
// and node_modules left out).
func WaitForChange(ctx context.Context, dirs []string, every time.Duration) error {
	return WaitForChangeSince(ctx, Scan(dirs), every)
}

// Snapshot is what WaitForChangeSince compares against: taken before a check
// runs, a file saved while it runs is a change, not lost.
type Snapshot struct {
	dirs  []string
	scans []diskScan
}

// Scan records the folders' files (names, sizes, times) now.
func Scan(dirs []string) Snapshot {
	out := make([]diskScan, len(dirs))
	for i, d := range dirs {
		root, err := os.OpenRoot(d)
		if err != nil {
			continue
		}
		out[i], _ = scanDir(root)
		root.Close()
	}
	return Snapshot{dirs: dirs, scans: out}
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
		now := Scan(before.dirs)
		for i := range now.scans {
			if !now.scans[i].same(before.scans[i]) {
				return nil
			}
		}
	}
}
