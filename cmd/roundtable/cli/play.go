package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/compiler/regular"
	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/games"
)

// streamVersion is the version of play's JSON lines and legal's JSON
// (docs/play.md, docs/schema/play.schema.json).
const streamVersion = 1

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
	if s := play.Suggest(args[0], playableIDs()); s != "" {
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
		if s := play.Suggest(args[0], modeNames(g)); s != "" {
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
		fl.StringArrayVar(&f.policies, "policy", nil, fmt.Sprintf("built-in player: NAME for every seat, or SEAT=NAME (seats from 1); one of %s", strings.Join(policyNames(m), ", ")))
		fl.BoolVar(&f.cont, "continue", false, "after --actions, let the policies play on to the end")
		fl.IntVar(&f.stopAfter, "stop-after", -1, "stop after this many actions in all and print the position (0: the start)")
		fl.IntVar(&f.maxActions, "max-actions", 100000, "end a match that runs longer than this many actions as a capped draw")
		fl.StringVar(&f.posOut, "position-out", "", "write the final position to this file (.json or .yaml; - for stdout)")
	}
	cmd.Example = fmt.Sprintf("  roundtable %s %s %s %s", verb, g.ID, m.Name, modeExample(m))
	return cmd
}

func policyNames(m play.Mode) []string {
	names := []string{"random"}
	for n := range m.Policies {
		if n != "random" {
			names = append(names, n)
		}
	}
	slices.Sort(names[1:])
	return names
}

// start compiles the rules and makes the match: from --from, or a new
// seeded one; then applies --actions. It returns the runner and whether
// actions were given.
func start(cmd *cobra.Command, g *games.Game, m play.Mode, o play.Options, f *runFlags, emit func(play.Event)) (*play.Runner, error) {
	if f.format != "text" && f.format != "json" {
		return nil, usageErr("unknown --format %q (want text or json)", f.format)
	}
	rules, err := g.Rules(f.packs, cmd.ErrOrStderr())
	if err != nil {
		return nil, err
	}
	var match play.Match
	if f.from != "" {
		data, err := readInput(cmd, f.from)
		if err != nil {
			return nil, err
		}
		env, err := play.ReadPosition(f.from, data)
		if err != nil {
			return nil, &exitError{Code: exitContent, Msg: err.Error()}
		}
		if env.Game != g.ID {
			return nil, &exitError{Code: exitContent, Msg: fmt.Sprintf("%s: a position of %s, not %s (give it to %s %s %s)", f.from, env.Game, g.ID, verbPath(cmd), env.Game, env.Mode)}
		}
		if env.Mode != m.Name {
			return nil, &exitError{Code: exitContent, Msg: fmt.Sprintf("%s: a position of mode %s, not %s", f.from, env.Mode, m.Name)}
		}
		if match, err = m.Load(rules, env.State); err != nil {
			return nil, &exitError{Code: exitContent, Msg: fmt.Sprintf("%s: %v", f.from, err)}
		}
	} else if match, err = m.New(rules, o); err != nil {
		return nil, usageErr("%v", err)
	}
	r := play.NewRunner(match, emit)
	if f.actions != "" {
		data, err := readInput(cmd, f.actions)
		if err != nil {
			return nil, err
		}
		lines, err := play.ParseActions(data)
		if err != nil {
			return nil, &exitError{Code: exitContent, Msg: fmt.Sprintf("%s: %v", f.actions, err)}
		}
		for _, a := range lines {
			if err := r.DoText(a.Text); err != nil {
				return r, &exitError{Code: exitContent, Msg: fmt.Sprintf("%s:%d: %v", f.actions, a.Line, err)}
			}
		}
	}
	return r, nil
}

// verbPath is "roundtable play" or "roundtable legal" for a game's or a
// mode's command.
func verbPath(cmd *cobra.Command) string {
	for cmd.HasParent() && cmd.Parent().HasParent() {
		cmd = cmd.Parent()
	}
	return cmd.CommandPath()
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

// seatJSON is a seat in play's JSON output.
type seatJSON struct {
	Index  int    `json:"index"`
	Name   string `json:"name"`
	Policy string `json:"policy,omitempty"` // none for a seat the rules play
	auto   bool
}

type matchJSON struct {
	Version int        `json:"version"`
	Game    string     `json:"game"`
	Mode    string     `json:"mode"`
	Seed    int64      `json:"seed"`
	From    string     `json:"from,omitempty"`
	Seats   []seatJSON `json:"seats"`
}

type resultJSON struct {
	Version int        `json:"version"`
	Game    string     `json:"game"`
	Mode    string     `json:"mode"`
	Seed    int64      `json:"seed"`
	Seats   []seatJSON `json:"seats"`
	Over    bool       `json:"over"`
	Winner  *int       `json:"winner"`
	Winners []int      `json:"winners"`
	Reason  string     `json:"reason"`
	Capped  bool       `json:"capped"`
	Turns   int        `json:"turns"`
	Actions int        `json:"actions"`
	Scores  []int      `json:"scores,omitempty"`
}

func runPlay(cmd *cobra.Command, g *games.Game, m play.Mode, o play.Options, f *runFlags) error {
	out := cmd.OutOrStdout()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	var seats []seatJSON
	header := func(match play.Match) {
		for _, s := range match.Seats() {
			seats = append(seats, seatJSON{Index: s.Index, Name: s.Name, auto: s.Auto})
		}
	}
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
	header(r.M)
	pols, perr := makePolicies(m, f, uint64(o.Seed), len(seats))
	if perr != nil {
		return perr
	}
	for i := range seats {
		if !seats[i].auto {
			seats[i].Policy = f.policyName(m, i)
		}
	}
	if f.format == "json" {
		_ = enc.Encode(map[string]matchJSON{"match": {Version: streamVersion, Game: g.ID, Mode: m.Name, Seed: f.seed, From: f.from, Seats: seats}})
	} else {
		var names []string
		for _, s := range seats {
			if s.auto {
				names = append(names, s.Name+" (the rules)")
			} else {
				names = append(names, fmt.Sprintf("%s (%s)", s.Name, s.Policy))
			}
		}
		fmt.Fprintf(out, "%s %s, seed %d: %s\n", g.ID, m.Name, f.seed, strings.Join(names, " vs "))
	}
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
	res := resultJSON{Version: streamVersion, Game: g.ID, Mode: m.Name, Seed: f.seed, Seats: seats, Over: r.M.Over(),
		Turns: r.M.Turn(), Actions: len(r.Log), Winners: []int{}}
	switch {
	case r.M.Over():
		x := r.M.Result()
		res.Winners, res.Reason, res.Scores = x.Winners, x.Reason, x.Scores
	case stopped:
		res.Reason = fmt.Sprintf("stopped after %d actions", len(r.Log))
		res.Scores = r.M.Result().Scores
	default:
		x := r.Result()
		res.Winners, res.Reason, res.Capped, res.Scores = x.Winners, x.Reason, x.Capped, r.M.Result().Scores
	}
	if res.Winners == nil {
		res.Winners = []int{}
	}
	if len(res.Winners) > 0 {
		w := res.Winners[0]
		res.Winner = &w
	}
	if f.format == "json" {
		return enc.Encode(map[string]resultJSON{"result": res})
	}
	fmt.Fprintln(out, resultLine(res))
	return nil
}

func (f *runFlags) policyName(m play.Mode, seat int) string {
	name := m.DefaultPolicy
	if name == "" {
		name = "greedy"
		if m.Policies["greedy"] == nil {
			name = "random"
		}
	}
	for _, p := range f.policies {
		if s, n, ok := strings.Cut(p, "="); ok {
			if k, err := strconv.Atoi(s); err == nil && k == seat+1 {
				name = n
			}
		} else {
			name = p
		}
	}
	return name
}

func makePolicies(m play.Mode, f *runFlags, seed uint64, seats int) ([]play.Policy, error) {
	for _, p := range f.policies {
		s, n, ok := strings.Cut(p, "=")
		if !ok {
			n = p
		} else if k, err := strconv.Atoi(s); err != nil || k < 1 || k > seats {
			return nil, usageErr("--policy %s: the seat is a number from 1 to %d", p, seats)
		}
		if _, err := policyMaker(m, n); err != nil {
			return nil, err
		}
	}
	pols := make([]play.Policy, seats)
	for i := range pols {
		mk, err := policyMaker(m, f.policyName(m, i))
		if err != nil {
			return nil, err
		}
		pols[i] = mk(seed, i)
	}
	return pols, nil
}

func policyMaker(m play.Mode, name string) (play.PolicyMaker, error) {
	if mk := m.Policies[name]; mk != nil {
		return mk, nil
	}
	if name == "random" {
		return play.NewRandom, nil
	}
	return nil, usageErr("unknown policy %q (want one of %s)", name, strings.Join(policyNames(m), ", "))
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
		var p play.Position
		b, err := play.MarshalPosition(g.ID, m.Name, match, "json")
		if err != nil {
			return err
		}
		if err := json.Unmarshal(b, &p); err != nil {
			return err
		}
		return enc.Encode(map[string]json.RawMessage{"position": bytes.TrimSpace(compactJSON(b))})
	}
	b, err := play.MarshalPosition(g.ID, m.Name, match, "yaml")
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "--- position\n%s", b)
	return nil
}

func compactJSON(b []byte) []byte {
	var c bytes.Buffer
	if err := json.Compact(&c, b); err != nil {
		return b
	}
	return c.Bytes()
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
