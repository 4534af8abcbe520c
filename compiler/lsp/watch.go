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
	scan := func() []diskScan {
		out := make([]diskScan, len(dirs))
		for i, d := range dirs {
			root, err := os.OpenRoot(d)
			if err != nil {
				continue
			}
			out[i], _ = scanDir(root)
			root.Close()
		}
		return out
	}
	before := scan()
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
		now := scan()
		for i := range now {
			if !now[i].same(before[i]) {
				return nil
			}
		}
	}
}
