package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playlog"
	"github.com/roundtable-dev/roundtable/engine/play/session"
	"github.com/roundtable-dev/roundtable/games"
)

// clearScreen clears a terminal and its scrollback (ANSI: cursor home,
// erase the screen, erase the saved lines), so that nothing of one
// person's view stays on screen for the next.
const clearScreen = "\x1b[H\x1b[2J\x1b[3J"

// humanHelp is what `help` prints.
const humanHelp = `answer with an action's number, its text, or the start of its text when only one action begins so
  undo        go back to your previous decision
  save FILE   write the position (.json, else YAML), as --position-out does
  log FILE    write the match so far as play --format json prints it
  help        this list
  quit        end the game here (the position goes to --position-out if given)
`

// runHuman plays a match in which a person plays some seat: each of their
// decisions is asked on the terminal, or read from the input one answer a
// line when it is piped.
func runHuman(cmd *cobra.Command, g *games.Game, m play.Mode, o play.Options, f *runFlags) error {
	if f.format != "text" {
		return usageErr("a person plays with --format text; write the JSON log with the log command")
	}
	if f.actions == "-" {
		return usageErr("--actions - and a person would both read the standard input: give the actions in a file")
	}
	rules, acts, err := prepare(cmd, g, m, &o, f)
	if err != nil {
		return err
	}
	open, err := opener(cmd, g, m, rules, o, f)
	if err != nil {
		return err
	}
	probe, err := open()
	if err != nil {
		return err
	}
	if _, ok := probe.(play.Viewer); !ok {
		return usageErr("%s %s cannot be played by a person yet: its engine does not say what a seat may see (play.Viewer)", g.ID, m.Name)
	}
	pols, names, err := makePolicies(m, f, uint64(f.seed), probe.Seats(), true)
	if err != nil {
		return err
	}
	seats := make([]session.Seat, len(names))
	humans := 0
	for i, n := range names {
		seats[i] = session.Seat{Human: n == human, Policy: pols[i]}
		if n == human {
			humans++
		}
	}
	s, err := session.New(open, seats)
	if err != nil {
		return err
	}
	for _, a := range acts {
		i, err := play.Find(s.Match(), a.Text)
		if err == nil {
			err = s.Apply(i, false)
		}
		if err != nil {
			return &exitError{Code: exitContent, Msg: fmt.Sprintf("%s:%d: %v", f.actions, a.Line, err)}
		}
	}
	h := &humanPlay{cmd: cmd, g: g, m: m, f: f, s: s, humans: humans, shown: -1,
		seats: seatsJSON(probe, names), in: bufio.NewReader(cmd.InOrStdin()),
		out: cmd.OutOrStdout(), errw: cmd.ErrOrStderr(),
		inTerm: isTerminal(cmd.InOrStdin()), outTerm: isTerminal(cmd.OutOrStdout())}
	if h.outTerm {
		s.Thinking = func(seat int) {
			fmt.Fprintf(h.out, "\r\x1b[K%s is thinking…", h.name(seat))
			h.thinking = true
		}
	}
	return h.run()
}

func isTerminal(x any) bool {
	f, ok := x.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// humanPlay is the terminal side of a session: it draws each person's
// decision and reads their answers.
type humanPlay struct {
	cmd     *cobra.Command
	g       *games.Game
	m       play.Mode
	f       *runFlags
	s       *session.Session
	seats   []seatJSON
	humans  int
	shown   int // the seat whose decision was drawn last, -1 for none
	in      *bufio.Reader
	out     io.Writer
	errw    io.Writer
	inTerm  bool
	outTerm bool
	line    int // input lines read
	refused int // answers refused from input that is not a terminal
	first   int // the input line of the first of them
	// thinking says the last line on a terminal is "P2 is thinking…".
	thinking bool
}

// errEnded is read's error at the end of the input.
var errEnded = errors.New("the input ended")

// read prints prompt and reads one line of input. Piped input is echoed
// after the prompt, so that a transcript reads as a terminal session.
func (h *humanPlay) read(prompt string) (string, error) {
	fmt.Fprint(h.out, prompt)
	line, err := h.in.ReadString('\n')
	if err != nil && line == "" {
		fmt.Fprintln(h.out)
		return "", errEnded
	}
	h.line++
	line = strings.TrimRight(line, "\r\n")
	if !h.inTerm {
		fmt.Fprintln(h.out, line)
	}
	return line, nil
}

// refuse prints one line for an answer that could not be taken; from
// input that is not a terminal it also fails the run at its end.
func (h *humanPlay) refuse(msg string) {
	if h.inTerm {
		fmt.Fprintln(h.errw, msg)
		return
	}
	fmt.Fprintf(h.errw, "input line %d: %s\n", h.line, msg)
	if h.refused == 0 {
		h.first = h.line
	}
	h.refused++
}

func (h *humanPlay) name(seat int) string {
	for _, x := range h.s.Match().Seats() {
		if x.Index == seat {
			return x.Name
		}
	}
	return fmt.Sprintf("seat %d", seat+1)
}

func (h *humanPlay) run() error {
	printHeader(h.out, nil, h.g, h.m, h.f, h.seats)
	stopAt := h.f.maxActions
	stopped := false // by --stop-after, rather than capped by --max-actions
	if h.f.stopAfter >= 0 && (stopAt <= 0 || h.f.stopAfter < stopAt) {
		stopAt, stopped = h.f.stopAfter, true
	} else if stopAt <= 0 {
		stopAt = -1
	}
	ended := false
loop:
	for {
		match := h.s.Match()
		switch {
		case match.Over():
			h.showEnd()
			again, err := h.atEnd()
			if err != nil {
				return err
			}
			if again {
				continue
			}
			break loop
		case stopAt >= 0 && len(h.s.Log()) >= stopAt:
			h.showEnd()
			break loop
		case !h.s.Waiting():
			err := h.s.Advance(max(stopAt, 0))
			if h.thinking {
				fmt.Fprint(h.out, "\r\x1b[K") // the line "P2 is thinking…" goes
				h.thinking = false
			}
			if err != nil {
				return fmt.Errorf("%s %s: %v", h.g.ID, h.m.Name, err)
			}
			continue
		}
		seat := match.ToMove()
		if h.humans > 1 && h.shown >= 0 && h.shown != seat {
			if h.outTerm {
				fmt.Fprint(h.out, clearScreen)
			}
			line, err := h.read(fmt.Sprintf("pass to %s, press Enter", h.name(seat)))
			if err != nil {
				ended = true
				break
			}
			if play.Normalize(line) == "quit" {
				break
			}
			if h.outTerm {
				fmt.Fprint(h.out, clearScreen)
			}
		}
		h.shown = seat
		h.showDecision(seat)
		quit, err := h.decide(seat)
		if errors.Is(err, errEnded) {
			ended = true
			break
		}
		if err != nil {
			return err
		}
		if quit {
			break
		}
	}
	return h.finish(ended, stopAt >= 0 && len(h.s.Log()) >= stopAt && !h.s.Match().Over() && !stopped)
}

// decide reads answers until one is an action (taken), quit (true), or
// the input ends (errEnded); commands are done in between.
func (h *humanPlay) decide(seat int) (bool, error) {
	match := h.s.Match()
	prompt := fmt.Sprintf("%s (1-%d, help)> ", h.name(seat), match.Legal())
	for {
		line, err := h.read(prompt)
		if err != nil {
			return false, err
		}
		word, arg := command(line)
		switch word {
		case "":
			continue
		case "help", "?":
			fmt.Fprint(h.out, humanHelp)
			continue
		case "quit":
			return true, nil
		case "undo":
			if err := h.s.Undo(seat); err != nil {
				h.refuse(err.Error())
				continue
			}
			fmt.Fprintf(h.out, "back to your decision of turn %d\n", h.s.Match().Turn())
			h.showDecision(seat)
			match = h.s.Match()
			prompt = fmt.Sprintf("%s (1-%d, help)> ", h.name(seat), match.Legal())
			continue
		case "save", "log":
			h.do(word, arg)
			continue
		}
		i, err := session.Resolve(match, line)
		if err != nil {
			h.refuse(err.Error())
			continue
		}
		return false, h.s.Do(i)
	}
}

// command is the command a line of input gives, with its argument: undo,
// help, ? and quit alone on the line, save and log with a file (the
// argument keeps its spacing); "" for a blank line; else the line is an
// answer and command gives "answer".
func command(line string) (word, arg string) {
	l := strings.TrimSpace(line)
	w, a, _ := strings.Cut(l, " ")
	a = strings.TrimSpace(a)
	switch w = strings.ToLower(w); {
	case l == "":
		return "", ""
	case a == "" && (w == "undo" || w == "help" || w == "?" || w == "quit"):
		return w, ""
	case w == "save" || w == "log":
		return w, a
	}
	return "answer", l
}

// do does save FILE or log FILE.
func (h *humanPlay) do(word, arg string) {
	if arg == "" {
		h.refuse(fmt.Sprintf("%s: give the file to write (%s game.%s)", word, word, map[string]string{"save": "yaml", "log": "json"}[word]))
		return
	}
	var err error
	if word == "save" {
		err = h.save(arg)
	} else {
		err = h.writeLog(arg)
	}
	if err != nil {
		h.refuse(fmt.Sprintf("%s %s: %v", word, arg, err))
		return
	}
	if word == "save" {
		fmt.Fprintf(h.out, "saved the position to %s\n", arg)
	} else {
		fmt.Fprintf(h.out, "wrote the log of %s to %s\n", count(len(h.s.Log()), "action"), arg)
	}
}

// atEnd is the prompt after the result: undo goes back into the game
// (true), save and log write, and Enter, quit or the end of the input
// leave.
func (h *humanPlay) atEnd() (bool, error) {
	for {
		line, err := h.read("game over (undo, save FILE, log FILE, or Enter to leave)> ")
		if err != nil {
			return false, nil
		}
		word, arg := command(line)
		switch word {
		case "", "quit":
			return false, nil
		case "help", "?":
			fmt.Fprint(h.out, humanHelp)
		case "save", "log":
			h.do(word, arg)
		case "undo":
			seat := h.s.Last()
			if seat < 0 {
				h.refuse(session.ErrNothingToUndo.Error())
				continue
			}
			if err := h.s.Undo(seat); err != nil {
				return false, err
			}
			fmt.Fprintf(h.out, "back to %s's decision of turn %d\n", h.name(seat), h.s.Match().Turn())
			h.shown = -1 // whoever undid is at the screen: no pass screen
			return true, nil
		default:
			h.refuse(fmt.Sprintf("%q: the game is over (undo, save FILE, log FILE, or Enter)", line))
		}
	}
}

// showDecision draws seat's decision: the position as seat sees it, what
// happened since its previous decision as seat saw it, and its actions
// by kind, numbered as it answers.
func (h *humanPlay) showDecision(seat int) {
	match := h.s.Match()
	fmt.Fprintf(h.out, "\n== %s to move, turn %d ==\n", h.name(seat), match.Turn())
	h.showView(seat)
	for _, g := range session.Menu(match) {
		fmt.Fprintf(h.out, "%s\n", g.Word)
		for _, c := range g.Choices {
			fmt.Fprintf(h.out, "  %4d  %s\n", c.N, c.Text)
		}
	}
}

// showView is the position and the events since seat's last decision,
// as seat sees them.
func (h *humanPlay) showView(seat int) {
	v := h.s.Match().(play.Viewer)
	fmt.Fprint(h.out, strings.TrimRight(v.Show(seat), "\n")+"\n")
	since := h.s.Since(seat)
	if len(since) == 0 {
		return
	}
	if h.s.Decided(seat) {
		fmt.Fprintln(h.out, "since your last decision:")
	} else {
		fmt.Fprintln(h.out, "so far:")
	}
	for _, e := range since {
		fmt.Fprintf(h.out, "  turn %-3d %s\n", e.Turn, e.Text)
	}
}

// showEnd draws the end as the last person to decide sees it.
func (h *humanPlay) showEnd() {
	seat := h.shown
	if seat < 0 {
		for i, x := range h.s.Seats() {
			if x.Human {
				seat = i
				break
			}
		}
	}
	fmt.Fprintf(h.out, "\n== the end, turn %d ==\n", h.s.Match().Turn())
	h.showView(seat)
	if h.s.Match().Over() {
		fmt.Fprintln(h.out, resultLine(h.result(false)))
	}
}

// result is the session's result: over, stopped (by quit, the end of the
// input or --stop-after), or capped by --max-actions.
func (h *humanPlay) result(capped bool) resultJSON {
	match := h.s.Match()
	x := play.Result{}
	if capped {
		x = play.Draw(fmt.Sprintf("stopped after %d actions", len(h.s.Log())))
		x.Capped = true
	}
	return resultOf(h.g, h.m, h.f, h.seats, match, len(h.s.Log()), !capped, x)
}

// finish writes --position-out and says how the game ended: the result,
// or where it stopped; refused answers from a script fail the run.
func (h *humanPlay) finish(ended, capped bool) error {
	match := h.s.Match()
	if h.f.posOut != "" {
		enc := json.NewEncoder(h.out)
		enc.SetEscapeHTML(false)
		if err := writePosition(h.out, enc, h.g, h.m, match, h.f, true); err != nil {
			return err
		}
	}
	if ended && !match.Over() {
		msg := fmt.Sprintf("roundtable: the input ended before the game did (after %s, turn %d)", count(len(h.s.Log()), "action"), match.Turn())
		if h.f.posOut != "" && h.f.posOut != "-" {
			msg += "; the position is in " + h.f.posOut
		}
		fmt.Fprintln(h.errw, msg)
	}
	if !match.Over() {
		fmt.Fprintln(h.out, resultLine(h.result(capped)))
	}
	if h.refused > 0 {
		return &exitError{Code: exitContent, Msg: fmt.Sprintf("%s refused (the first at input line %d)", count(h.refused, "answer"), h.first)}
	}
	return nil
}

// save writes the position as --position-out does, atomically.
func (h *humanPlay) save(name string) error {
	b, err := play.MarshalPosition(h.g.ID, h.m.Name, h.s.Match(), positionFormat(name))
	if err != nil {
		return err
	}
	return writeFileAtomic(name, b)
}

func positionFormat(name string) string {
	if strings.EqualFold(filepath.Ext(name), ".json") {
		return "json"
	}
	return "yaml"
}

// writeLog writes the match so far as `play --format json` prints it: the
// match line, every event (a log is the whole truth), the position when
// the match is not over, and the result; `play --actions` and the studio
// read it back.
func (h *humanPlay) writeLog(name string) error {
	var b bytes.Buffer
	head := matchJSON{Game: h.g.ID, Mode: h.m.Name, Seed: h.f.seed, From: h.f.from, Flags: h.f.given, Seats: h.seats}
	if err := playlog.Write(&b, head, h.s.Events(), h.s.Match(), h.result(false)); err != nil {
		return err
	}
	return writeFileAtomic(name, b.Bytes())
}

// count is "1 action", "2 actions".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
