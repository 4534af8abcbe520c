package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/search"
	"github.com/roundtable-dev/roundtable/engine/sim"
	"github.com/roundtable-dev/roundtable/engine/sim/report"
	"github.com/roundtable-dev/roundtable/games"
)

var simFormats = []string{"text", "json", "markdown"}

func newSim() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "sim GAME [MODE] | sim merge FILE... | sim diff OLD NEW",
		Short: "Play many seeded games: win rates per seat and per card with confidence intervals, balance diffs",
		Long: `Sim plays N seeded games of a game mode on every core between built-in policies
(random, greedy, search) and reports the win rate of each seat, game length, draws and
caps, and for each entity (unit, card, formation, character) that took part its usage and
its win rate with a Wilson confidence interval; entities whose interval lies outside a
band are flagged. The report is the same for a seed whatever the number of cores.

--out writes the result file (JSON, docs/schema/sim.schema.json) that 'sim merge' adds up
across shards (--shard i/n) and 'sim diff' compares. --baseline REV runs the same games
on the content as of git revision REV and reports the change per entity (docs/ci.md).
Ctrl-C stops a run: the games under way finish, and the report and --out cover the games
played (exit 130). Progress goes to standard error: a bar on a terminal, else a line every
--progress. See docs/sim.md.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return usageErr("give a game (%s), or merge or diff", strings.Join(playableIDs(), ", "))
		},
	}
	first := ""
	for _, g := range games.All() {
		if len(g.Modes) > 0 {
			cmd.AddCommand(simGameCommand(g))
			if first == "" {
				first = g.ID
			}
		}
	}
	if first != "" {
		cmd.Example = strings.Join([]string{
			fmt.Sprintf("  roundtable sim %s --games 200", first),
			fmt.Sprintf("  roundtable sim %s --games 20 --policy 1=search --budget 20 --out run.json --format markdown --charts charts > report.md   # about 10 s: search plays far slower than greedy", first),
			shardExamples(first),
			fmt.Sprintf("  roundtable sim %s --baseline origin/main --format markdown --fail-on 0.05   # this tree against main, on the same games", first),
			diffExamples(first),
		}, "\n")
	}
	cmd.AddCommand(newSimMerge(first), newSimDiff(first))
	return cmd
}

// shardExamples are examples of a run in two shards and their merge.
func shardExamples(game string) string {
	return fmt.Sprintf(`  roundtable sim %[1]s --games 2000 --shard 1/2 --out shard-1.json   # half the run; another machine may play 2/2
  roundtable sim %[1]s --games 2000 --shard 2/2 --out shard-2.json
  roundtable sim merge shard-*.json --out all.json   # the whole run, the same bytes as one process playing it`, game)
}

// diffExamples are examples of a run before and after a change, compared.
func diffExamples(game string) string {
	return fmt.Sprintf(`  roundtable sim %[1]s --games 1000 --out before.json
  roundtable new pack ./my-pack --game %[1]s   # the change: a pack of your own (see new)
  roundtable sim %[1]s --games 1000 --pack ./my-pack --out after.json
  roundtable sim diff before.json after.json --format markdown`, game)
}

// simGameCommand is `sim GAME`: the game's first mode, and a subcommand per
// mode.
func simGameCommand(g *games.Game) *cobra.Command {
	cmd := simModeCommand(g, g.Modes[0])
	cmd.Use = g.ID + " [MODE]"
	cmd.Short = fmt.Sprintf("%s (modes: %s; default %s)", g.Name, strings.Join(modeNames(g), ", "), g.Modes[0].Name)
	for _, m := range g.Modes {
		cmd.AddCommand(simModeCommand(g, m))
	}
	return cmd
}

// simFlags are sim's own flags beside the mode's.
type simFlags struct {
	games      int
	seed       int64
	policies   []string
	budget     int
	workers    int
	shard      string
	maxActions int
	packs      []string
	format     string
	out        string
	charts     string
	band       string
	level      float64
	baseline   string
	failOn     string
	all        bool
	progress   time.Duration
}

func simModeCommand(g *games.Game, m play.Mode) *cobra.Command {
	f := &simFlags{}
	var mf *modeFlags
	cmd := &cobra.Command{
		Use:   m.Name,
		Short: m.Summary,
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runSim(cmd, g, m, mf.values(cmd), f)
		},
	}
	mf = addModeFlags(cmd, m)
	fl := cmd.Flags()
	fl.IntVarP(&f.games, "games", "n", 1000, "games to play in the whole run")
	fl.Int64Var(&f.seed, "seed", 1, "the run's seed: game i plays with a seed made from it and i")
	fl.StringArrayVar(&f.policies, "policy", nil, fmt.Sprintf("built-in player: NAME for every seat, or SEAT=NAME (seats from 1); one of %s", strings.Join(simPolicyNames(m), ", ")))
	fl.IntVar(&f.budget, "budget", search.DefaultBudget, "playouts per decision of the search policy")
	fl.IntVar(&f.workers, "workers", 0, "games played at once (default: one per core)")
	fl.StringVar(&f.shard, "shard", "", "play only shard I of N (I/N, from 1): a range of the run's games; 'sim merge' adds the shards up")
	fl.IntVar(&f.maxActions, "max-actions", 100000, "end a game that runs longer than this many actions as a capped draw")
	fl.StringArrayVar(&f.packs, "pack", nil, "compile these pack folders instead of the embedded base content")
	fl.StringVarP(&f.format, "format", "f", "text", "output format: "+strings.Join(simFormats, ", "))
	fl.StringVarP(&f.out, "out", "o", "", "write the result file (JSON) here, for sim merge and sim diff")
	fl.StringVar(&f.charts, "charts", "", "write SVG charts into this folder; --format markdown links them")
	fl.StringVar(&f.band, "band", "0.1", "flag entities whose interval lies outside this band: a margin around the win rate of their seats (0.1), or LOW,HIGH")
	fl.Float64Var(&f.level, "level", 0.95, "confidence level of the intervals")
	fl.StringVar(&f.baseline, "baseline", "", "also play the same games on the content as of this git revision, and report the change")
	fl.StringVar(&f.failOn, "fail-on", "", "with --baseline: exit 1 when a win rate changed significantly by at least this much (0.05: five points)")
	fl.BoolVar(&f.all, "all", false, "with --baseline, as text: list every entity, not only those that changed significantly")
	fl.DurationVar(&f.progress, "progress", 5*time.Second, "when standard error is not a terminal, print a line of progress this often (0: none); a terminal gets a bar")
	cmd.Example = fmt.Sprintf("  roundtable sim %s %s --games 100 %s", g.ID, m.Name, strings.TrimSpace(strings.Replace(" "+modeExample(m)+" ", " --seed 1 ", " ", 1)))
	return cmd
}

// simPolicyNames are the policies sim offers for a mode.
func simPolicyNames(m play.Mode) []string {
	names := m.PolicyNames()
	if !slices.Contains(names, "search") {
		names = append(names, "search")
	}
	return names
}

func runSim(cmd *cobra.Command, g *games.Game, m play.Mode, flags map[string][]string, f *simFlags) error {
	if !slices.Contains(simFormats, f.format) {
		return usageErr("unknown --format %q (want one of %s)", f.format, strings.Join(simFormats, ", "))
	}
	if f.games < 0 {
		return usageErr("--games %d: want a positive number", f.games)
	}
	band, err := parseBand(f.band)
	if err != nil {
		return err
	}
	if f.level <= 0 || f.level >= 1 {
		return usageErr("--level %g: want a number between 0 and 1 (0.95)", f.level)
	}
	rng := sim.Range{First: 0, End: f.games}
	if f.shard != "" {
		if rng, err = parseShard(f.shard, f.games); err != nil {
			return err
		}
	}
	failOn, err := parseFailOn(f.failOn)
	if err != nil {
		return err
	}
	if f.failOn != "" && f.baseline == "" {
		return usageErr("--fail-on compares with a baseline: give --baseline REV (or use sim diff OLD NEW --fail-on)")
	}
	if f.baseline != "" && f.shard != "" {
		return usageErr("--baseline plays the whole run; shard with --out and compare the merged files with sim diff")
	}
	for name, v := range flags {
		if len(v) == 0 {
			delete(flags, name) // an unset list flag: nothing to record
		}
	}
	c := sim.Config{Game: g.ID, Mode: m.Name, Flags: flags, Seed: uint64(f.seed), Games: f.games, Range: rng,
		MaxActions: f.maxActions, Workers: f.workers, Level: f.level, Band: band}
	intr := onInterrupt(cmd.Context(), cmd.ErrOrStderr())
	defer intr.release()
	c.Stop = intr.stopped
	if f.baseline == "" {
		rules, err := g.Rules(f.packs, cmd.ErrOrStderr())
		if err != nil {
			return err
		}
		r, err := simulate(cmd, g, m, rules, c, f, "")
		if err != nil {
			return err
		}
		if err := simOutput(cmd, r, f); err != nil {
			return err
		}
		return interrupted(cmd, r, f)
	}
	oldDirs, newDirs, cleanup, err := baselinePacks(g, f.baseline, f.packs)
	if err != nil {
		return err
	}
	defer cleanup()
	oldRules, err := g.Rules(oldDirs, cmd.ErrOrStderr())
	if err != nil {
		return fmt.Errorf("the content at %s: %w", f.baseline, err)
	}
	newRules, err := g.Rules(newDirs, cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	old, err := simulate(cmd, g, m, oldRules, c, f, f.baseline)
	if err != nil {
		return err
	}
	if old.Interrupted {
		// The working tree plays the same games, to the end: a second
		// Ctrl-C ends the process.
		c.Range, c.Stop = old.Range, nil
	}
	r, err := simulate(cmd, g, m, newRules, c, f, "working tree")
	if err != nil {
		return err
	}
	if f.out != "" {
		if err := writeResult(f.out, r); err != nil {
			return err
		}
	}
	d, err := sim.Compare(old, r, f.baseline, "working tree")
	if err != nil {
		return usageErr("%v", err)
	}
	if err := diffOutput(cmd, d, f.format, failOn, f.all); err != nil {
		return err
	}
	if old.Interrupted {
		return interrupted(cmd, old, f)
	}
	return interrupted(cmd, r, f)
}

// simulate plays the run on rules, with a progress bar on a terminal.
func simulate(cmd *cobra.Command, g *games.Game, m play.Mode, rules any, c sim.Config, f *simFlags, label string) (*sim.Result, error) {
	opts := func(seed uint64) play.Options { return play.Options{Seed: seed, Flags: c.Flags, Quiet: true} }
	probe, err := m.New(rules, opts(sim.GameSeed(c.Seed, c.Range.First)))
	if err != nil {
		return nil, usageErr("%v", err)
	}
	seats := probe.Seats()
	rf := &runFlags{policies: f.policies}
	_, names, err := makePolicies(withSearch(m, f.budget), rf, 0, seats, false)
	if err != nil {
		return nil, err
	}
	searching := false
	for i, s := range seats {
		name := names[i]
		if strings.HasPrefix(name, "search:") {
			return nil, usageErr("policy %s: sim gives the search its playouts with --budget", name)
		}
		if name == "" {
			name = defaultPolicy(m) // a seat the rules play is never asked
		}
		mk, _ := policyMaker(withSearch(m, f.budget), name)
		if s.Auto {
			name = "rules" // the seat never decides (Boss Mode's boss)
		}
		c.Makers = append(c.Makers, mk)
		c.Policies = append(c.Policies, name)
		searching = searching || name == "search"
	}
	if searching {
		c.Budget = f.budget
	}
	c.New = func(seed uint64) (play.Match, error) { return m.New(rules, opts(seed)) }
	p := newProgress(cmd.ErrOrStderr(), c.Range.End-c.Range.First, strings.TrimSpace("sim "+g.ID+" "+m.Name+" "+label), f.progress)
	c.Progress = p.update
	r, err := sim.Run(c)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %v (replay it: roundtable play %s %s --seed N)", g.ID, m.Name, err, g.ID, m.Name)
	}
	p.finish(r.Played, workers(c.Workers))
	return r, nil
}

func workers(n int) int {
	if n > 0 {
		return n
	}
	return runtime.GOMAXPROCS(0)
}

// withSearch is m with the search policy at budget.
func withSearch(m play.Mode, budget int) play.Mode {
	pols := make(map[string]play.PolicyMaker, len(m.Policies)+1)
	for k, v := range m.Policies {
		pols[k] = v
	}
	pols["search"] = search.Over(m.Policies["greedy"], budget).Maker()
	m.Policies = pols
	return m
}

func parseBand(s string) (sim.Band, error) {
	if lo, hi, ok := strings.Cut(s, ","); ok {
		l, err1 := strconv.ParseFloat(strings.TrimSpace(lo), 64)
		h, err2 := strconv.ParseFloat(strings.TrimSpace(hi), 64)
		if err1 != nil || err2 != nil || l < 0 || h > 1 || l >= h {
			return sim.Band{}, usageErr("--band %q: want LOW,HIGH win rates with 0 <= LOW < HIGH <= 1 (0.4,0.6), or a margin (0.1)", s)
		}
		return sim.Band{Low: l, High: h}, nil
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || x <= 0 || x >= 1 {
		return sim.Band{}, usageErr("--band %q: want a margin between 0 and 1 (0.1), or LOW,HIGH (0.4,0.6)", s)
	}
	return sim.Band{Margin: x}, nil
}

func parseShard(s string, games int) (sim.Range, error) {
	a, b, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return sim.Range{}, usageErr("--shard %q: want I/N with 1 <= I <= N (3/8)", s)
	}
	return sim.Shard(games, k, n), nil
}

func parseFailOn(s string) (float64, error) {
	if s == "" {
		return -1, nil
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || x < 0 || x > 1 {
		return 0, usageErr("--fail-on %q: want a change of win rate between 0 and 1 (0.05: five points)", s)
	}
	return x, nil
}

func writeResult(name string, r *sim.Result) error {
	b, err := r.JSON()
	if err != nil {
		return err
	}
	return writeFileAtomic(name, b)
}

// simOutput prints a result in f.format and writes --out and --charts.
func simOutput(cmd *cobra.Command, r *sim.Result, f *simFlags) error {
	if f.out != "" {
		if err := writeResult(f.out, r); err != nil {
			return err
		}
	}
	if f.charts != "" {
		charts, err := report.Charts(r)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(f.charts, 0o755); err != nil {
			return usageErr("%v", err)
		}
		for _, name := range slices.Sorted(maps.Keys(charts)) {
			if err := writeFileAtomic(filepath.Join(f.charts, name), charts[name]); err != nil {
				return err
			}
		}
	}
	w := cmd.OutOrStdout()
	switch f.format {
	case "json":
		b, err := r.JSON()
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	case "markdown":
		return report.Markdown(w, r, filepath.ToSlash(f.charts))
	}
	return report.Text(w, r)
}

// diffOutput prints a diff and applies --fail-on (negative: none).
func diffOutput(cmd *cobra.Command, d *sim.Diff, format string, failOn float64, all bool) error {
	w := cmd.OutOrStdout()
	var err error
	switch format {
	case "json":
		err = simJSON(w, d)
	case "markdown":
		err = report.DiffMarkdown(w, d)
	default:
		err = report.DiffText(w, d, all)
	}
	if err != nil {
		return err
	}
	if failOn >= 0 {
		if hit := d.Failing(failOn); len(hit) > 0 {
			return &exitError{Code: exitContent, Msg: fmt.Sprintf("sim: %d significant change(s) of at least %g (--fail-on): %s", len(hit), failOn, report.Failing(hit))}
		}
	}
	return nil
}

func newSimMerge(game string) *cobra.Command {
	f := &simFlags{}
	cmd := &cobra.Command{
		Use:   "merge FILE...",
		Short: "Add up the result files of a run's shards: the report of the whole run, byte for byte",
		Long: `Merge reads the result files that 'sim GAME --shard I/N --out FILE' wrote, checks that they
are of one run (game, mode, flags, policies, seed, games) and cover every game once, and
prints the report of the whole run: the same bytes as one process playing every game.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !slices.Contains(simFormats, f.format) {
				return usageErr("unknown --format %q (want one of %s)", f.format, strings.Join(simFormats, ", "))
			}
			var rs []*sim.Result
			for _, name := range args {
				r, err := readResult(cmd, name)
				if err != nil {
					return err
				}
				rs = append(rs, r)
			}
			r, err := sim.Merge(rs)
			if err != nil {
				return usageErr("sim merge: %v", err)
			}
			return simOutput(cmd, r, f)
		},
	}
	cmd.Flags().StringVarP(&f.format, "format", "f", "text", "output format: "+strings.Join(simFormats, ", "))
	if game != "" {
		cmd.Example = shardExamples(game) + "\n  roundtable sim merge shard-*.json --format markdown --charts charts > report.md"
	}
	cmd.Flags().StringVarP(&f.out, "out", "o", "", "write the merged result file (JSON) here")
	cmd.Flags().StringVar(&f.charts, "charts", "", "write SVG charts into this folder; --format markdown links them")
	return cmd
}

func readResult(cmd *cobra.Command, name string) (*sim.Result, error) {
	data, err := readInput(cmd, name)
	if err != nil {
		return nil, err
	}
	r, err := sim.Read(name, data)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	return r, nil
}

func newSimDiff(game string) *cobra.Command {
	var format, failOnS string
	var all bool
	cmd := &cobra.Command{
		Use:   "diff OLD NEW",
		Short: "Compare two result files: the change of win rate per seat and per entity, and whether it is significant",
		Long: `Diff compares two result files of one game mode (before and after a change): for each
seat and each entity, the win rate on each side with its interval, the change with its
interval (Newcombe's method) and whether it is significant (the interval excludes 0).
--format markdown fits a pull-request comment. With --fail-on X the exit status is 1
when a significant change is at least X (0.05: five points of win rate).`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !slices.Contains(simFormats, format) {
				return usageErr("unknown --format %q (want one of %s)", format, strings.Join(simFormats, ", "))
			}
			failOn, err := parseFailOn(failOnS)
			if err != nil {
				return err
			}
			old, err := readResult(cmd, args[0])
			if err != nil {
				return err
			}
			new, err := readResult(cmd, args[1])
			if err != nil {
				return err
			}
			d, err := sim.Compare(old, new, args[0], args[1])
			if err != nil {
				return usageErr("sim diff: %v", err)
			}
			return diffOutput(cmd, d, format, failOn, all)
		},
	}
	if game != "" {
		cmd.Example = diffExamples(game)
	}
	cmd.Flags().StringVarP(&format, "format", "f", "text", "output format: "+strings.Join(simFormats, ", "))
	cmd.Flags().StringVar(&failOnS, "fail-on", "", "exit 1 when a win rate changed significantly by at least this much (0.05: five points)")
	cmd.Flags().BoolVar(&all, "all", false, "as text: list every entity, not only those that changed significantly")
	return cmd
}

func simJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
