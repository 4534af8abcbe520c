package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/check"
	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/project"
	"github.com/roundtable-dev/roundtable/compiler/vcache"
	"github.com/roundtable-dev/roundtable/games"
)

const (
	flagFormat = "format"
	flagStrict = "strict"
)

func newCheck() *cobra.Command {
	var format string
	var strict bool
	var cacheDir string
	var watch bool
	var baseline, writeBaseline string
	var color string
	var quiet bool
	cmd := &cobra.Command{
		Use:   "check [PACK_DIR | FILE | SUBFOLDER]...",
		Short: "Validate content and report every problem at once",
		Long: `Check loads each pack folder (every *.yaml and *.yml file at any depth, extension in
any case), validates
each document against its game's CUE schema, links references and runs the game's
consistency checks. With no folder it checks the embedded base content of every game.
Given a file or a folder inside a pack, it checks the pack it is in (the nearest
pack.yaml above it) and reports only the problems of that file or folder.

Every problem is reported in one run, sorted by file, line and column, each with a
stable code (see docs/diagnostics.md). Exit status: 0 clean, 1 errors (or warnings
with --strict), 2 usage or internal failure.`,
		Example: `  roundtable check
  roundtable new pack ./my-expansion --game annas   # a pack to check (see new)
  roundtable check ./my-expansion --strict
  roundtable check content/annas --format json | jq '.errors'
  roundtable check content/* --format github   # annotations in GitHub Actions
  roundtable check ./my-expansion --cache .roundtable-cache
  roundtable check ./my-expansion/units.yaml   # the pack it is in, reported for that file
  roundtable check ./my-expansion --watch   # again on every save
  roundtable check ./my-expansion --write-baseline .roundtable-baseline.json
  roundtable check ./my-expansion --baseline .roundtable-baseline.json   # only new problems fail`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if !slices.Contains(diag.Formats, format) {
				return usageErr("unknown --format %q (want one of %s)", format, strings.Join(diag.Formats, ", "))
			}
			opts := reportOpts{quiet: quiet}
			var err error
			if opts.color, err = useColor(color, cmd.OutOrStdout()); err != nil {
				return err
			}
			if cacheDir != "" {
				if err := os.MkdirAll(cacheDir, 0o755); err != nil {
					return usageErr("--cache: %v", err)
				}
				if vcache.Warm(cacheDir) {
					collectAboveFloor()
				}
			}
			var base *project.Baseline
			if baseline != "" {
				if base, err = project.ReadBaseline(baseline); err != nil {
					return usageErr("--baseline: %v", err)
				}
			}
			if watch {
				ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
				defer stop()
				return watchCheck(ctx, cmd.OutOrStdout(), check.Input{Sources: check.Dirs(args...), Loader: cacheLoader(cacheDir), Baseline: base}, format, strict, opts)
			}
			scope, err := resolveScope(args)
			if err != nil {
				return err
			}
			// Only check compiles with a cache: a replayed or memoized
			// result has no ruleset (compiler.Result.Origin).
			in := check.Input{Sources: check.Dirs(scope.packs...), Loader: cacheLoader(cacheDir), Limit: scope.scopes, Baseline: base}
			rep, err := checkReport(in)
			if err != nil {
				return err
			}
			defer rep.Close() // source lines are read while printing
			out := cmd.OutOrStdout()
			if writeBaseline != "" {
				note, err := writeBaselineFile(writeBaseline, rep)
				if err != nil {
					return err
				}
				fmt.Fprintln(out, note)
				return nil
			}
			if baseline != "" {
				fmt.Fprintln(cmd.ErrOrStderr(), baselineNote(baseline, rep))
			}
			opts.outside = rep.Outside
			if err := printReport(out, format, rep.Results, rep.Diags, opts); err != nil {
				return err
			}
			if rep.Diags.Errors() > 0 || strict && rep.Diags.Warnings() > 0 {
				return errContent
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&format, flagFormat, "f", "text", "output format: "+strings.Join(diag.Formats, ", "))
	cmd.Flags().BoolVar(&strict, flagStrict, false, "fail on warnings too")
	cmd.Flags().StringVar(&cacheDir, "cache", "", "keep what a check learned in this folder: a file whose size and time are unchanged is not read, parsed or validated again, and link and the game's checks are not run again when no document changed beyond its comments")
	cmd.Flags().BoolVar(&watch, "watch", false, "check again whenever a YAML file under the folders changes (incrementally, as --cache does), until interrupted")
	cmd.Flags().StringVar(&baseline, "baseline", "", "do not report the problems this baseline file accepts (written by --write-baseline): CI fails only on new ones")
	cmd.Flags().StringVar(&writeBaseline, "write-baseline", "", "write every problem found to this baseline file and exit 0")
	cmd.MarkFlagsMutuallyExclusive("baseline", "write-baseline")
	cmd.Flags().StringVar(&color, "color", "auto", "colour the text output: auto (on a terminal, unless NO_COLOR is set), always or never")
	cmd.Flags().BoolVarP(&quiet, "quiet", "q", false, "text output: print the problems only, no summary (nothing when clean)")
	_ = cmd.RegisterFlagCompletionFunc("color", cobra.FixedCompletions([]string{"auto", "always", "never"}, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc(flagFormat, cobra.FixedCompletions(diag.Formats, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// checkReport is check.Run, a folder that cannot be read a usage error.
func checkReport(in check.Input) (*check.Report, error) {
	rep, err := check.Run(in)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	return rep, nil
}

// compileAll checks pack folders (check.Run) and closes them.
func compileAll(dirs []string) ([]*compiler.Result, diag.List, error) {
	results, diags, closeRoots, err := compileAllOpen(dirs, "")
	if err == nil {
		closeRoots()
	}
	return results, diags, err
}

// compileAllOpen is compileAll with a cache folder ("" none) that leaves
// the pack folders open until closeRoots (see check.Report.Close).
func compileAllOpen(dirs []string, cacheDir string) ([]*compiler.Result, diag.List, func(), error) {
	return compileWith(dirs, cacheLoader(cacheDir))
}

// cacheSalt is given to every cache store check makes: tests set it to
// stand for a change of every schema (vcache.Store.Salt).
var cacheSalt string

// cacheLoader is the loader of check --cache dir ("" none).
func cacheLoader(dir string) compiler.Loader {
	st := vcache.New(dir)
	if st != nil {
		st.Salt = cacheSalt
	}
	return compiler.Loader{Store: st}
}

// compileWith is compileAllOpen with a loader.
func compileWith(dirs []string, l compiler.Loader) ([]*compiler.Result, diag.List, func(), error) {
	rep, err := checkReport(check.Input{Sources: check.Dirs(dirs...), Loader: l})
	if err != nil {
		return nil, nil, nil, err
	}
	return rep.Results, rep.Diags, rep.Close, nil
}

type packJSON struct {
	ID       string         `json:"id"`
	Version  string         `json:"version"`
	Game     string         `json:"game"`
	Dir      string         `json:"dir"`
	Embedded bool           `json:"embedded"`
	Counts   map[string]int `json:"counts,omitempty"`
}

// overrider names the replacing entity: pack-id/entity-id, or pack-id/kind
// for kinds without ids (rules).
func overrider(o compiler.Override) string {
	if o.By.ID == "" {
		return o.By.Pack.ID + "/" + o.Kind
	}
	return o.By.Pack.ID + "/" + o.By.ID
}

type overrideJSON struct {
	Kind   string   `json:"kind"`
	Target string   `json:"target"`
	By     string   `json:"by"`
	Pos    diag.Pos `json:"pos"`
}

func printReport(w io.Writer, format string, results []*compiler.Result, diags diag.List, opts reportOpts) error {
	switch format {
	case "json":
		report := struct {
			diag.JSONReport
			Packs     []packJSON     `json:"packs"`
			Overrides []overrideJSON `json:"overrides,omitempty"`
		}{JSONReport: diag.ToJSON(diags), Packs: []packJSON{}}
		for _, r := range results {
			for _, o := range r.Overrides {
				report.Overrides = append(report.Overrides, overrideJSON{Kind: o.Kind, Target: o.Target, By: overrider(o), Pos: o.By.IDPos()})
			}
			for i, p := range r.Packs {
				pj := packJSON{ID: p.ID, Version: p.Version, Game: p.GameID, Dir: p.Dir, Embedded: p.Embedded}
				if i < len(r.PackCounts) {
					pj.Counts = r.PackCounts[i]
				}
				report.Packs = append(report.Packs, pj)
			}
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(report)
	case "text":
		if err := diag.PrintText(w, diags, games.Sources(results), opts.color); err != nil {
			return err
		}
		if opts.quiet {
			return nil
		}
		if len(diags) > 0 {
			fmt.Fprintln(w)
		}
		printSummary(w, results, diags)
		if opts.outside > 0 {
			fmt.Fprintf(w, "(%s elsewhere in the pack not shown)\n", diag.Plural(opts.outside, "more problem"))
		}
		return nil
	}
	return diag.Print(w, format, diags, games.Sources(results))
}

func printSummary(w io.Writer, results []*compiler.Result, diags diag.List) {
	for _, r := range results {
		for _, p := range r.Packs {
			id := p.ID
			if id == "" {
				id = "(no pack)"
			}
			where := p.Dir
			if p.Embedded {
				where += " (embedded)"
			}
			fmt.Fprintf(w, "pack %s %s  game %s  %s\n", id, p.Version, p.GameID, where)
		}
		if r.Game == nil {
			continue
		}
		var parts []string
		for _, k := range r.Game.Kinds {
			plural := k.Plural
			if plural == "" {
				plural = k.Name + "s"
			}
			parts = append(parts, fmt.Sprintf("%d %s", r.Counts[k.Name], plural))
		}
		fmt.Fprintf(w, "  %s\n", strings.Join(parts, ", "))
		for _, o := range r.Overrides {
			fmt.Fprintf(w, "  override %s %s by %s (%s)\n", o.Kind, o.Target, overrider(o), o.By.IDPos())
		}
	}
	fmt.Fprintln(w, diag.CountLine(diags))
}
