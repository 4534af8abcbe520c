package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/compiler/regular"
	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playlog"
	"github.com/roundtable-dev/roundtable/engine/play/search"
	"github.com/roundtable-dev/roundtable/games"
	"github.com/roundtable-dev/roundtable/internal/limits"
	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// streamVersion is the version of play's JSON lines and legal's JSON
// (docs/play.md, docs/schema/play.schema.json).
const streamVersion = playlog.Version

func newPlay() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "play GAME [MODE]",
		Short: "Play a game: whole matches between built-in policies, or actions from a position",
		Args:  noSuchGame,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return usageErr("give a game: %s", strings.Join(playableIDs(), ", "))
		},
	}
	cmd.Long = `Play runs a game's rules engine. Each game is a subcommand and each of its modes a
subcommand of the game (the game alone plays its first mode); every mode takes its own
flags and the common ones below.

Built-in policies choose every decision, seeded: the same seed replays the same match,
byte for byte. --actions applies a list of actions instead (one per line, as 'legal'
prints them, or @N for the N-th legal action) and prints the events and the position
reached; --from starts from a position file written by --position-out.

--format json prints JSON lines in one shape for every game (docs/play.md): a "match"
line, one "event" line per event (every decision is an event of kind "action"), a
"position" line when the run stops before the end, and a "result" line last.`
	cmd.Example = examples("play")
	for _, g := range games.All() {
		if len(g.Modes) > 0 {
			cmd.AddCommand(gameCommand(g, false))
		}
	}
	return cmd
}

func newLegal() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "legal GAME [MODE]",
		Short: "List the legal actions of a position",
		Long: `Legal lists the actions the player to move may take: from the start of a seeded
match, from a position file (--from), after a list of actions (--actions). Each action
is printed in the text form that 'play --actions' accepts; @N names the N-th.`,
		Args: noSuchGame,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return usageErr("give a game: %s", strings.Join(playableIDs(), ", "))
		},
	}
	for _, g := range games.All() {
		if len(g.Modes) > 0 {
			cmd.AddCommand(gameCommand(g, true))
		}
	}
	cmd.Example = examples("legal")
	return cmd
}

// examples are the --help examples of play or legal: one per mode of every
// game, from the modes' own Example flags.
func examples(verb string) string {
	var b strings.Builder
	first := ""
	for _, g := range games.All() {
		for i, m := range g.Modes {
			name := " " + m.Name
			if i == 0 {
				name = ""
				if first == "" {
					first = g.ID
				}
			}
			fmt.Fprintf(&b, "  roundtable %s %s%s %s\n", verb, g.ID, name, modeExample(m))
		}
	}
	if first != "" && verb == "play" {
		fmt.Fprintf(&b, "  roundtable play %s --seed 7 --format json | tail -1\n", first)
		fmt.Fprintf(&b, "  roundtable play %s --seed 7 --stop-after 0 --position-out start.yaml\n", first)
		fmt.Fprintf(&b, "  roundtable legal %s --from start.yaml --format json | jq -r '.actions[0].text' > moves.txt   # its first legal action\n", first)
		fmt.Fprintf(&b, "  roundtable play %s --from start.yaml --actions moves.txt\n", first)
		fmt.Fprintf(&b, "  roundtable play %s --seat 1=human                # you play seat 1 in the terminal; the search plays the others\n", first)
		fmt.Fprintf(&b, "  roundtable play %s --seat 1=human --seat 2=human # hot-seat: two people at one screen\n", first)
	}
	if first != "" && verb == "legal" {
		fmt.Fprintf(&b, "  roundtable play %s --seed 7 --stop-after 0 --position-out start.yaml\n", first)
		fmt.Fprintf(&b, "  roundtable legal %s --from start.yaml --format json\n", first)
	}
	return strings.TrimRight(b.String(), "\n")
}

func modeExample(m play.Mode) string {
	if m.Example == "" {
		return "--seed 1"
	}
	return m.Example
}

// noSuchGame is the Args of play and legal: a word that is not a game's
// subcommand gets the games there are and a did-you-mean.
func noSuchGame(_ *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	msg := fmt.Sprintf("no game %q (games: %s)", args[0], strings.Join(playableIDs(), ", "))
	if s := phrase.Suggest(args[0], playableIDs()); s != "" {
		msg += fmt.Sprintf("; did you mean %q?", s)
	}
	return usageErr("%s", msg)
}

func playableIDs() []string {
	var ids []string
	for _, g := range games.All() {
		if len(g.Modes) > 0 {
			ids = append(ids, g.ID)
		}
	}
	return ids
}

// gameCommand is `play GAME` (or `legal GAME`): it runs the game's first
// mode, and has one subcommand per mode.
func gameCommand(g *games.Game, legal bool) *cobra.Command {
	cmd := modeCommand(g, g.Modes[0], legal)
	cmd.Use = g.ID + " [MODE]"
	cmd.Args = func(_ *cobra.Command, args []string) error {
		if len(args) == 0 {
			return nil
		}
		msg := fmt.Sprintf("%s has no mode %q (modes: %s)", g.ID, args[0], strings.Join(modeNames(g), ", "))
		if s := phrase.Suggest(args[0], modeNames(g)); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		return usageErr("%s", msg)
	}
	cmd.Short = fmt.Sprintf("%s (modes: %s; default %s)", g.Name, strings.Join(modeNames(g), ", "), g.Modes[0].Name)
	for _, m := range g.Modes {
		cmd.AddCommand(modeCommand(g, m, legal))
	}
	return cmd
}

func modeNames(g *games.Game) []string {
	var out []string
	for _, m := range g.Modes {
		out = append(out, m.Name)
	}
	return out
}

// runFlags are the flags every mode takes.
type runFlags struct {
	seed       int64
	policies   []string
	format     string
	packs      []string
	from       string
	actions    string
	cont       bool
	stopAfter  int
	maxActions int
	posOut     string
	seats      []string
	given      map[string][]string // the mode's flags set on the command line
}

func modeCommand(g *games.Game, m play.Mode, legal bool) *cobra.Command {
	f := &runFlags{}
	var mf *modeFlags
	verb := "play"
	if legal {
		verb = "legal"
	}
	cmd := &cobra.Command{
		Use:   m.Name,
		Short: m.Summary,
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o := play.Options{Seed: uint64(f.seed), Flags: mf.values(cmd)}
			f.given = mf.given(cmd)
			if legal {
				return runLegal(cmd, g, m, o, f)
			}
			return runPlay(cmd, g, m, o, f)
		},
	}
	mf = addModeFlags(cmd, m)
	fl := cmd.Flags()
	fl.Int64Var(&f.seed, "seed", 1, "random seed: the same seed replays the same match")
	fl.StringArrayVar(&f.packs, "pack", nil, "compile these pack folders instead of the embedded base content")
	fl.StringVar(&f.from, "from", "", "start from this position file (YAML or JSON, as --position-out writes it)")
	fl.StringVar(&f.actions, "actions", "", "apply the actions of this file (- for stdin), one per line, then stop")
	fl.StringVarP(&f.format, "format", "f", "text", "output format: text or json")
	if !legal {
		fl.StringArrayVar(&f.policies, "policy", nil, fmt.Sprintf("built-in player: NAME for every seat, or SEAT=NAME (seats from 1); one of %s", strings.Join(m.PolicyNames(), ", ")))
		fl.StringArrayVar(&f.seats, "seat", nil, "who plays a seat: SEAT=KIND, seats from 1; KIND is human (asked on the terminal) or a policy, search:N for the search at N playouts")
		fl.BoolVar(&f.cont, "continue", false, "after --actions, let the policies play on to the end")
		fl.IntVar(&f.stopAfter, "stop-after", -1, "stop after this many actions in all and print the position (0: the start)")
		fl.IntVar(&f.maxActions, "max-actions", 100000, "end a match that runs longer than this many actions as a capped draw")
		fl.StringVar(&f.posOut, "position-out", "", "write the final position to this file (.json or .yaml; - for stdout)")
	}
	cmd.Example = fmt.Sprintf("  roundtable %s %s %s %s", verb, g.ID, m.Name, modeExample(m))
	if !legal {
		cmd.Example += fmt.Sprintf("\n  roundtable play %s %s %s --seat 1=human   # you play seat 1 in the terminal", g.ID, m.Name, modeExample(m))
	}
	return cmd
}

// start compiles the rules and makes the match: from --from, or a new
// seeded one; then applies --actions. It returns the runner, with the
// actions applied before an error in one of them.
func start(cmd *cobra.Command, g *games.Game, m play.Mode, o play.Options, f *runFlags, emit func(play.Event)) (*play.Runner, error) {
	rules, acts, err := prepare(cmd, g, m, &o, f)
	if err != nil {
		return nil, err
	}
	open, err := opener(cmd, g, m, rules, o, f)
	if err != nil {
		return nil, err
	}
	match, err := open()
	if err != nil {
		return nil, err
	}
	r := play.NewRunner(match, emit)
	for _, a := range acts {
		if err := r.DoText(a.Text); err != nil {
			return r, &exitError{Code: exitContent, Msg: fmt.Sprintf("%s:%d: %v", f.actions, a.Line, err)}
		}
	}
	return r, nil
}

// prepare checks the format, compiles the rules and reads --actions: an
// action list, or a `play --format json` log, whose seed the run takes
// when --seed is not given.
func prepare(cmd *cobra.Command, g *games.Game, m play.Mode, o *play.Options, f *runFlags) (any, []play.ActionLine, error) {
	if f.format != "text" && f.format != "json" {
		return nil, nil, usageErr("unknown --format %q (want text or json)", f.format)
	}
	rules, err := g.Rules(f.packs, cmd.ErrOrStderr())
	if err != nil {
		return nil, nil, err
	}
	if f.actions == "" {
		return rules, nil, nil
	}
	data, err := readInput(cmd, f.actions)
	if err != nil {
		return nil, nil, err
	}
	if !isLog(data) {
		lines, err := play.ParseActions(data)
		if err != nil {
			return nil, nil, &exitError{Code: exitContent, Msg: fmt.Sprintf("%s: %v", f.actions, err)}
		}
		return rules, lines, nil
	}
	h, lines, err := parseLog(data)
	if err != nil {
		return nil, nil, &exitError{Code: exitContent, Msg: fmt.Sprintf("%s:%v", f.actions, err)}
	}
	switch {
	case h.Game != g.ID || h.Mode != m.Name:
		return nil, nil, &exitError{Code: exitContent, Msg: fmt.Sprintf("%s: a log of %s %s, not %s %s", f.actions, h.Game, h.Mode, g.ID, m.Name)}
	case h.From != "" && f.from == "":
		return nil, nil, &exitError{Code: exitContent, Msg: fmt.Sprintf("%s: the match started from the position file %s: give it with --from", f.actions, h.From)}
	case h.From == "" && f.from == "" && h.Seed != f.seed:
		if cmd.Flags().Changed("seed") {
			return nil, nil, &exitError{Code: exitContent, Msg: fmt.Sprintf("%s: a log of seed %d, not %d", f.actions, h.Seed, f.seed)}
		}
		f.seed, o.Seed = h.Seed, uint64(h.Seed)
	}
	// The log's mode flags are the run's; one given otherwise is refused.
	for _, name := range slices.Sorted(maps.Keys(h.Flags)) {
		v := h.Flags[name]
		if given, ok := f.given[name]; ok && !slices.Equal(given, v) {
			return nil, nil, &exitError{Code: exitContent, Msg: fmt.Sprintf("%s: a log of --%s %s, not %s", f.actions, name, strings.Join(v, ","), strings.Join(given, ","))}
		}
		if !slices.ContainsFunc(m.Flags, func(x play.Flag) bool { return x.Name == name }) {
			return nil, nil, &exitError{Code: exitContent, Msg: fmt.Sprintf("%s: the log's match line has a flag %s that %s %s does not take", f.actions, name, g.ID, m.Name)}
		}
		if f.given == nil {
			f.given = map[string][]string{}
		}
		f.given[name], o.Flags[name] = v, v
	}
	return rules, lines, nil
}

// isLog reports whether an --actions file is a `play --format json` log
// rather than an action list: its first character is "{".
func isLog(data []byte) bool {
	t := bytes.TrimLeft(data, " \t\r\n")
	return len(t) > 0 && t[0] == '{'
}

// logHeader is what a log's match line says of where it started.
type logHeader struct {
	Game, Mode, From string
	Seed             int64
	Flags            map[string][]string
}

// parseLog reads a `play --format json` log: its match line and the action
// of every event of kind action, with its line. Errors begin with the
// line number.
func parseLog(data []byte) (logHeader, []play.ActionLine, error) {
	var h logHeader
	var out []play.ActionLine
	seen := false
	for n, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var rec struct {
			Match *struct {
				Game  string              `json:"game"`
				Mode  string              `json:"mode"`
				Seed  int64               `json:"seed"`
				From  string              `json:"from"`
				Flags map[string][]string `json:"flags"`
			} `json:"match"`
			Event *struct {
				Kind   string `json:"kind"`
				Action string `json:"action"`
			} `json:"event"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			return h, nil, fmt.Errorf("%d: not a line of play --format json: %v", n+1, err)
		}
		switch {
		case rec.Match != nil:
			if seen {
				return h, nil, fmt.Errorf("%d: a second match line: one log is one match", n+1)
			}
			h = logHeader{Game: rec.Match.Game, Mode: rec.Match.Mode, From: rec.Match.From, Seed: rec.Match.Seed, Flags: rec.Match.Flags}
			seen = true
		case rec.Event != nil && rec.Event.Kind == "action":
			if !seen {
				return h, nil, fmt.Errorf("%d: an event before the match line", n+1)
			}
			out = append(out, play.ActionLine{Line: n + 1, Text: play.Normalize(rec.Event.Action)})
		}
	}
	if !seen {
		return h, nil, fmt.Errorf("1: no match line: is this the output of play --format json?")
	}
	return h, out, nil
}

// opener reads --from once and returns what makes the match: the position
// read back, or a new seeded match. A session calls it again on undo.
func opener(cmd *cobra.Command, g *games.Game, m play.Mode, rules any, o play.Options, f *runFlags) (func() (play.Match, error), error) {
	if f.from == "" {
		return func() (play.Match, error) {
			match, err := m.New(rules, o)
			if err != nil {
				return nil, usageErr("%v", err)
			}
			return match, nil
		}, nil
	}
	env, err := readEnvelope(cmd, g, m, f.from)
	if err != nil {
		return nil, err
	}
	return func() (play.Match, error) {
		match, err := m.Load(rules, env.State)
		if err != nil {
			return nil, &exitError{Code: exitContent, Msg: play.InFile(f.from, err).Error()}
		}
		return match, nil
	}, nil
}

// verbPath is "roundtable play" or "roundtable legal" for a game's or a
// mode's command.
func verbPath(cmd *cobra.Command) string {
	for cmd.HasParent() && cmd.Parent().HasParent() {
		cmd = cmd.Parent()
	}
	return cmd.CommandPath()
}

// readEnvelope reads --from as every position is read: a regular file (or
// stdin) of at most the content's file size, then its envelope, which
// must be of this game and mode (opener Loads its state). A position that
// does not read is exit 1, its message "file:line:col: path: message".
func readEnvelope(cmd *cobra.Command, g *games.Game, m play.Mode, name string) (*play.Envelope, error) {
	var data []byte
	var err error
	if name == "-" {
		data, err = io.ReadAll(io.LimitReader(cmd.InOrStdin(), limits.FileSize+1))
		if err == nil && len(data) > limits.FileSize {
			err = &regular.TooLargeError{Size: int64(len(data)), Limit: limits.FileSize}
		}
	} else {
		data, err = regular.ReadFile(name, limits.FileSize, false)
	}
	var tooLarge *regular.TooLargeError
	switch {
	case errors.Is(err, regular.ErrNotRegular):
		return nil, &exitError{Code: exitContent, Msg: fmt.Sprintf("%s: not a regular file; not read", phrase.Path(name))}
	case errors.As(err, &tooLarge):
		return nil, &exitError{Code: exitContent, Msg: play.TooLarge(name).Error()}
	case err != nil:
		return nil, usageErr("%v", err)
	}
	env, err := play.ReadPosition(name, data)
	if err != nil {
		return nil, &exitError{Code: exitContent, Msg: err.Error()}
	}
	file := phrase.Path(name)
	if env.Game != g.ID {
		other, ok := games.Lookup(env.Game)
		if !ok || !slices.Contains(modeNames(other), env.Mode) {
			return nil, &exitError{Code: exitContent, Msg: fmt.Sprintf("%s: a position of game %s, mode %s, not of %s", file, phrase.Quote(env.Game), phrase.Quote(env.Mode), g.ID)}
		}
		return nil, &exitError{Code: exitContent, Msg: fmt.Sprintf("%s: a position of %s, not %s (give it to %s %s %s)", file, env.Game, g.ID, verbPath(cmd), env.Game, env.Mode)}
	}
	if env.Mode != m.Name {
		mode := phrase.Quote(env.Mode)
		if slices.Contains(modeNames(g), env.Mode) {
			mode = env.Mode
		}
		return nil, &exitError{Code: exitContent, Msg: fmt.Sprintf("%s: a position of mode %s, not %s", file, mode, m.Name)}
	}
	return env, nil
}

func readInput(cmd *cobra.Command, name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(io.LimitReader(cmd.InOrStdin(), 64<<20))
	}
	data, err := regular.ReadFile(name, 64<<20, false)
	var tooLarge *regular.TooLargeError
	switch {
	case errors.Is(err, regular.ErrNotRegular):
		return nil, usageErr("%s is not a regular file", name)
	case errors.As(err, &tooLarge):
		return nil, usageErr("%s is larger than 64 MiB", name)
	case err != nil:
		return nil, usageErr("%v", err)
	}
	return data, nil
}

// The log's lines (engine/play/playlog).
type (
	seatJSON   = playlog.Seat
	matchJSON  = playlog.Match
	resultJSON = playlog.Result
)

func runPlay(cmd *cobra.Command, g *games.Game, m play.Mode, o play.Options, f *runFlags) error {
	if f.people() {
		return runHuman(cmd, g, m, o, f)
	}
	out := cmd.OutOrStdout()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	var buffered []play.Event
	started := false
	emit := func(e play.Event) {
		if !started {
			buffered = append(buffered, e)
			return
		}
		printEvent(out, enc, f.format, e)
	}
	r, err := start(cmd, g, m, o, f, emit)
	if r == nil {
		return err
	}
	pols, names, perr := makePolicies(m, f, uint64(f.seed), r.M.Seats(), false)
	if perr != nil {
		return perr
	}
	seats := seatsJSON(r.M, names)
	printHeader(out, enc, g, m, f, seats)
	started = true
	for _, e := range buffered {
		printEvent(out, enc, f.format, e)
	}
	if err != nil { // a bad action: what was played is printed, then the error
		return err
	}
	stopAfter := f.stopAfter
	if f.actions != "" && !f.cont && stopAfter < 0 {
		stopAfter = len(r.Log)
	}
	capAt := f.maxActions
	if stopAfter >= 0 && (capAt == 0 || stopAfter < capAt) {
		capAt = stopAfter
	}
	stopped := false
	if !r.M.Over() {
		if stopAfter >= 0 && len(r.Log) >= stopAfter {
			stopped = true
		} else if err := r.Play(pols, capAt); err != nil {
			return fmt.Errorf("%s %s: %v", g.ID, m.Name, err)
		} else if !r.M.Over() && stopAfter >= 0 && len(r.Log) >= stopAfter {
			stopped = true
		}
	}
	if stopped || f.posOut != "" {
		if err := writePosition(out, enc, g, m, r.M, f, stopped); err != nil {
			return err
		}
	}
	res := resultOf(g, m, f, seats, r.M, len(r.Log), stopped, r.Result())
	if f.format == "json" {
		return enc.Encode(map[string]resultJSON{"result": res})
	}
	fmt.Fprintln(out, resultLine(res))
	return nil
}

// seatsJSON are the match's seats with who plays them (names by seat).
func seatsJSON(match play.Match, names []string) []seatJSON { return playlog.Seats(match, names) }

// printHeader prints the match line: JSON, or "annas versus, seed 1: P1
// (human) vs P2 (search:400)".
func printHeader(out io.Writer, enc *json.Encoder, g *games.Game, m play.Mode, f *runFlags, seats []seatJSON) {
	if f.format == "json" {
		_ = enc.Encode(map[string]matchJSON{"match": {Version: streamVersion, Game: g.ID, Mode: m.Name, Seed: f.seed, From: f.from, Flags: f.given, Seats: seats}})
		return
	}
	var names []string
	for _, s := range seats {
		if s.Auto {
			names = append(names, s.Name+" (the rules)")
		} else {
			names = append(names, fmt.Sprintf("%s (%s)", s.Name, s.Policy))
		}
	}
	fmt.Fprintf(out, "%s %s, seed %d: %s\n", g.ID, m.Name, f.seed, strings.Join(names, " vs "))
}

// resultOf is the result of a run that applied actions actions to match:
// over, stopped early, or else x (the runner's result: a capped draw).
func resultOf(g *games.Game, m play.Mode, f *runFlags, seats []seatJSON, match play.Match, actions int, stopped bool, x play.Result) resultJSON {
	return playlog.ResultOf(g.ID, m.Name, f.seed, seats, match, actions, stopped, x)
}

// people reports whether a person plays some seat.
func (f *runFlags) people() bool {
	for _, v := range append(slices.Clone(f.policies), f.seats...) {
		if _, k, ok := strings.Cut(v, "="); ok && k == human || v == human {
			return true
		}
	}
	return false
}

// human is the --seat kind of a seat a person plays.
const human = "human"

// players are who plays each seat, by seat index: a policy's name
// ("search:400" with its budget), human, or "" for a seat the rules play.
// --policy (NAME for every seat, or SEAT=NAME) and --seat SEAT=KIND say
// the same thing; a seat named twice is a usage error. When a person
// plays a seat, the seats no flag names default to the search at the
// mode's OpponentBudget, not to the mode's default policy.
func (f *runFlags) players(m play.Mode, seats []play.Seat) ([]string, error) {
	n := len(seats)
	all := ""
	named := map[int]string{}
	kinds := make([]string, n)
	set := func(flag, v string) error {
		s, name, ok := strings.Cut(v, "=")
		if !ok {
			if flag == "--seat" {
				return usageErr("--seat %s: want SEAT=KIND, the seat a number from 1 to %d", v, n)
			}
			if _, err := policyMaker(m, v); err != nil && v != human {
				return err
			}
			all = v
			return nil
		}
		k, err := strconv.Atoi(s)
		if err != nil || k < 1 || k > n {
			return usageErr("%s %s: the seat is a number from 1 to %d", flag, v, n)
		}
		if prev, dup := named[k]; dup {
			return usageErr("seat %d is named twice (%s and %s %s)", k, prev, flag, v)
		}
		if seats[k-1].Auto && flag == "--seat" {
			return usageErr("--seat %s: seat %d (%s) is played by the rules", v, k, seats[k-1].Name)
		}
		if name != human {
			if _, err := policyMaker(m, name); err != nil {
				if flag == "--seat" && !strings.HasPrefix(name, "search:") {
					return usageErr("--seat %s: %q is not human or a policy (%s)", v, name, strings.Join(m.PolicyNames(), ", "))
				}
				return err
			}
		}
		named[k] = flag + " " + v
		kinds[k-1] = name
		return nil
	}
	for _, p := range f.policies {
		if err := set("--policy", p); err != nil {
			return nil, err
		}
	}
	for _, p := range f.seats {
		if err := set("--seat", p); err != nil {
			return nil, err
		}
	}
	people := slices.Contains(kinds, human) || all == human
	def := all
	if def == "" {
		def = defaultPolicy(m)
		if people {
			def = fmt.Sprintf("search:%d", opponentBudget(m))
		}
	}
	for i := range kinds {
		if kinds[i] == "" {
			kinds[i] = def
		}
		if seats[i].Auto {
			kinds[i] = ""
		}
	}
	return kinds, nil
}

func defaultPolicy(m play.Mode) string {
	if m.DefaultPolicy != "" {
		return m.DefaultPolicy
	}
	if m.Policies["greedy"] == nil {
		return "random"
	}
	return "greedy"
}

// opponentBudget is the playouts per decision of the search that plays
// against a person (docs/play.md, "Playing in the terminal").
func opponentBudget(m play.Mode) int {
	if m.OpponentBudget > 0 {
		return m.OpponentBudget
	}
	return search.DefaultBudget
}

// makePolicies are the players' policies by seat (nil for a person and a
// seat the rules play), with their names; people says a person may play.
func makePolicies(m play.Mode, f *runFlags, seed uint64, seats []play.Seat, people bool) ([]play.Policy, []string, error) {
	names, err := f.players(m, seats)
	if err != nil {
		return nil, nil, err
	}
	pols := make([]play.Policy, len(seats))
	for i, name := range names {
		if name == "" {
			continue
		}
		if name == human {
			if !people {
				return nil, nil, usageErr("a person cannot play a simulation (seat %d is human)", i+1)
			}
			continue
		}
		mk, err := policyMaker(m, name)
		if err != nil {
			return nil, nil, err
		}
		pols[i] = mk(seed, i)
	}
	return pols, names, nil
}

// policyMaker is the policy called name: one of the mode's, random, or
// search:N, the search at N playouts per decision.
func policyMaker(m play.Mode, name string) (play.PolicyMaker, error) {
	if mk := m.Policies[name]; mk != nil {
		return mk, nil
	}
	if name == "random" {
		return play.NewRandom, nil
	}
	if b, ok := strings.CutPrefix(name, "search:"); ok {
		n, err := strconv.Atoi(b)
		if err != nil || n < 1 {
			return nil, usageErr("policy %s: the budget is a whole number of playouts per decision (search:400)", name)
		}
		return search.Over(m.Policies["greedy"], n).Maker(), nil
	}
	return nil, usageErr("unknown policy %q (want one of %s)", name, strings.Join(m.PolicyNames(), ", "))
}

func printEvent(out io.Writer, enc *json.Encoder, format string, e play.Event) {
	if format == "json" {
		_ = enc.Encode(map[string]play.Event{"event": e})
		return
	}
	fmt.Fprintf(out, "%4d  turn %-3d %s\n", e.N, e.Turn, e.Text)
}

func resultLine(r resultJSON) string {
	var b strings.Builder
	switch {
	case !r.Over && !r.Capped:
		fmt.Fprintf(&b, "stopped after %d actions (turn %d)", r.Actions, r.Turns)
	case len(r.Winners) == 0:
		fmt.Fprintf(&b, "result: draw after %d turns (%s)", r.Turns, r.Reason)
	default:
		var names []string
		for _, w := range r.Winners {
			names = append(names, r.Seats[w].Name)
		}
		verb := "wins"
		if len(names) > 1 {
			verb = "win"
		}
		fmt.Fprintf(&b, "result: %s %s after %d turns (%s)", strings.Join(names, ", "), verb, r.Turns, r.Reason)
	}
	if len(r.Scores) > 0 {
		var s []string
		for _, x := range r.Scores {
			s = append(s, strconv.Itoa(x))
		}
		fmt.Fprintf(&b, "; scores %s", strings.Join(s, "-"))
	}
	return b.String()
}

// writePosition writes the position to --position-out, or (when the run
// stopped early and no file was named) to the output.
func writePosition(out io.Writer, enc *json.Encoder, g *games.Game, m play.Mode, match play.Match, f *runFlags, stopped bool) error {
	if f.posOut != "" && f.posOut != "-" {
		format := "yaml"
		if strings.EqualFold(filepath.Ext(f.posOut), ".json") {
			format = "json"
		}
		b, err := play.MarshalPosition(g.ID, m.Name, match, format)
		if err != nil {
			return err
		}
		return writeFileAtomic(f.posOut, b)
	}
	if f.format == "json" {
		return positionLine(enc, g, m, match)
	}
	b, err := play.MarshalPosition(g.ID, m.Name, match, "yaml")
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "--- position\n%s", b)
	return nil
}

// positionLine is the JSON stream's position line.
func positionLine(enc *json.Encoder, g *games.Game, m play.Mode, match play.Match) error {
	return playlog.PositionLine(enc, g.ID, m.Name, match)
}

func writeFileAtomic(name string, data []byte) error {
	dir := filepath.Dir(name)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(name)+".tmp*")
	if err != nil {
		return usageErr("%v", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return usageErr("%v", err)
	}
	if err := tmp.Close(); err != nil {
		return usageErr("%v", err)
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		return usageErr("%v", err)
	}
	return nil
}

type legalJSON struct {
	Version int           `json:"version"`
	Game    string        `json:"game"`
	Mode    string        `json:"mode"`
	Turn    int           `json:"turn"`
	Over    bool          `json:"over"`
	ToMove  *seatJSON     `json:"to_move"`
	Actions []legalAction `json:"actions"`
}

type legalAction struct {
	Index int    `json:"index"`
	Text  string `json:"text"`
}

func runLegal(cmd *cobra.Command, g *games.Game, m play.Mode, o play.Options, f *runFlags) error {
	r, err := start(cmd, g, m, o, f, nil)
	if err != nil {
		return err
	}
	match := r.M
	res := legalJSON{Version: streamVersion, Game: g.ID, Mode: m.Name, Turn: match.Turn(), Over: match.Over(), Actions: []legalAction{}}
	if s := match.ToMove(); s >= 0 {
		for _, x := range match.Seats() {
			if x.Index == s {
				res.ToMove = &seatJSON{Index: x.Index, Name: x.Name}
			}
		}
	}
	for i := range match.Legal() {
		res.Actions = append(res.Actions, legalAction{Index: i, Text: match.Action(i)})
	}
	out := cmd.OutOrStdout()
	if f.format == "json" {
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(res)
	}
	if res.Over {
		fmt.Fprintf(out, "the match is over (turn %d): no legal actions\n", res.Turn)
		return nil
	}
	fmt.Fprintf(out, "turn %d, %s to move, %d legal actions:\n", res.Turn, res.ToMove.Name, len(res.Actions))
	for _, a := range res.Actions {
		fmt.Fprintf(out, "@%-4d %s\n", a.Index, a.Text)
	}
	return nil
}
