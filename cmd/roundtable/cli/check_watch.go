package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"github.com/roundtable-dev/roundtable/compiler/check"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/lsp"
	"github.com/roundtable-dev/roundtable/compiler/vcache"
)

// watchEvery is how often check --watch looks for changed files.
var watchEvery = 300 * time.Millisecond

// watchCheck checks the folders, then again after every change to a YAML
// file under them, until ctx ends: the incremental engine of check --cache
// (and of roundtable lsp), its cache kept in memory when no --cache folder
// is given.
func watchCheck(ctx context.Context, w io.Writer, dirs []string, format string, strict bool, cacheDir string, opts reportOpts) error {
	if len(dirs) == 0 {
		return usageErr("--watch needs the pack folders to watch")
	}
	l := cacheLoader(cacheDir)
	if cacheDir == "" {
		tmp, err := os.MkdirTemp("", "roundtable-watch-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		l.Store = vcache.InMemory(tmp)
	}
	var configs []string // the roundtable.yaml files of the last check
	for {
		start := time.Now()
		seen := lsp.Scan(dirs, configs) // before the check: a save during it is a change
		rep, err := checkReport(check.Input{Sources: check.Dirs(dirs...), Loader: l})
		if err != nil {
			return err
		}
		if !slices.Equal(rep.Configs, configs) {
			configs = rep.Configs
			seen = lsp.Scan(dirs, configs)
		}
		diags := rep.Diags
		err = printReport(w, format, rep.Results, diags, opts)
		rep.Close()
		if err != nil {
			return err
		}
		if format == "text" {
			status := "clean"
			if diags.Errors() > 0 || strict && diags.Warnings() > 0 {
				status = "failing: " + diag.CountLine(diags)
			}
			fmt.Fprintf(w, "[%s] checked in %v, %s; watching for changes (Ctrl-C to stop)\n", time.Now().Format("15:04:05"), time.Since(start).Round(time.Millisecond), status)
		}
		if err := lsp.WaitForChangeSince(ctx, seen, watchEvery); err != nil {
			return nil // interrupted: the last report stands
		}
	}
}
