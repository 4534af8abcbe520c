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
// is given. A baseline, when given, hides what it accepts in every round.
// in is the check of every round (its sources folders on disk).
func watchCheck(ctx context.Context, w io.Writer, in check.Input, format string, strict bool, opts reportOpts) error {
	if len(in.Sources) == 0 {
		return usageErr("--watch needs the pack folders to watch")
	}
	var dirs []string
	for _, s := range in.Sources {
		dirs = append(dirs, s.Dir)
	}
	if in.Loader.Store == nil {
		tmp, err := os.MkdirTemp("", "roundtable-watch-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		in.Loader.Store = vcache.InMemory(tmp)
	}
	var configs []string // the roundtable.yaml files of the last check
	for {
		start := time.Now()
		seen := lsp.Scan(dirs, configs) // before the check: a save during it is a change
		rep, err := checkReport(in)
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
