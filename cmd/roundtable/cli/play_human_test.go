package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/cmd/roundtable/clitest/scriptenv"
	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest/toy"
	"github.com/roundtable-dev/roundtable/games"
	"github.com/roundtable-dev/roundtable/games/studio"
)

// duelCLI runs `play duel ARGS...` (the toy card game) in-process with
// input as the standard input: stdout, stderr and the exit code.
func duelCLI(t *testing.T, input string, args ...string) (string, string, int) {
	t.Helper()
	cmd := gameCommand(duelGame, false)
	var out, errb bytes.Buffer
	cmd.SetIn(strings.NewReader(input))
	cmd.SetOut(&out)
	cmd.SetErr(&errb)
	cmd.SetArgs(args)
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	code := exitCode(cmd.Execute(), &errb)
	return out.String(), errb.String(), code
}

// TestHumanDecisionScreen: a person's decision shows the position as the
// seat sees it (the other hand a count), what happened since its previous
// decision, the actions by kind, numbered, and a prompt naming the seat;
// piped answers are echoed after the prompt. Seed 1 deals P1 cedar, maple,
// rowan and P2 ash, elm, fir.
func TestHumanDecisionScreen(t *testing.T) {
	out, errs, code := duelCLI(t, "3\n1\n1\n", "--seat", "1=human", "--seat", "2=greedy")
	want := `duel duel, seed 1: P1 (human) vs P2 (greedy)

== P1 to move, turn 1 ==
round 1, wins 0-0, table: empty
P1 hand: cedar, maple, rowan
P2 hand: 3 cards
play
     1  play cedar
     2  play maple
     3  play rowan
P1 (1-3, help)> 3

== P1 to move, turn 2 ==
round 2, wins 1-0, table: empty
P1 hand: cedar, maple
P2 hand: 2 cards
since your last decision:
  turn 1   P2: play ash
  turn 1   rowan (11) against ash (1): P1 takes the round
play
     1  play cedar
     2  play maple
P1 (1-2, help)> 1

== P1 to move, turn 3 ==
round 3, wins 1-1, table: fir
P1 hand: maple
P2 hand: 0 cards
since your last decision:
  turn 2   P2: play elm
  turn 2   cedar (3) against elm (4): P2 takes the round
  turn 3   P2: play fir
play
     1  play maple
P1 (1-1, help)> 1

== the end, turn 3 ==
round 3, wins 2-1, table: empty
P1 hand: 
P2 hand: 0 cards
since your last decision:
  turn 3   fir (5) against maple (8): P1 takes the round
result: P1 wins after 3 turns (took two rounds)
game over (undo, save FILE, log FILE, or Enter to leave)> 
`
	if out != want || errs != "" || code != 0 {
		t.Fatalf("exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, errs, out, want)
	}
}

// TestHumanAnswers: an answer is a number as the menu shows it, a text
// (case and spacing do not matter) or the start of exactly one action's
// text; an illegal or ambiguous answer gets one line naming the nearest
// actions and the seat is asked again, and from piped input the run
// fails at the end with where the first refusal was.
func TestHumanAnswers(t *testing.T) {
	out, errs, code := duelCLI(t, "plya rowan\nplay\nplay r\nPLAY   Cedar\n9\nundo me\n1\n", "--seat", "1=human", "--seat", "2=greedy")
	wantErr := `input line 1: "plya rowan" is not a legal action; nearest: play rowan, play cedar, play maple
input line 2: "play" is ambiguous: play cedar, play maple, play rowan
input line 5: "9" is not a legal action (answer 1 to 1)
input line 6: "undo me" is not a legal action; nearest: play maple
roundtable: 4 answers refused (the first at input line 1)
`
	if errs != wantErr || code != 1 {
		t.Fatalf("exit %d, stderr:\n%s\nwant:\n%s", code, errs, wantErr)
	}
	if !strings.Contains(out, "\nresult: P1 wins after 3 turns (took two rounds)\n") {
		t.Fatalf("the game did not end as the answers play it:\n%s", out)
	}
}

// TestHumanInputEndsMidGame: the end of the input ends the game cleanly:
// the position reached goes to --position-out (the same bytes as play
// --actions writes for the same actions), stderr says the input ended
// first, the exit is 0.
func TestHumanInputEndsMidGame(t *testing.T) {
	dir := t.TempDir()
	pos, want := filepath.Join(dir, "pos.yaml"), filepath.Join(dir, "want.yaml")
	out, errs, code := duelCLI(t, "play rowan\n", "--seat", "1=human", "--seat", "2=greedy", "--position-out", pos)
	if code != 0 || errs != "roundtable: the input ended before the game did (after 2 actions, turn 2); the position is in "+pos+"\n" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if !strings.HasSuffix(out, "P1 (1-2, help)> \nstopped after 2 actions (turn 2)\n") {
		t.Fatalf("stdout ends:\n%s", out[max(0, len(out)-200):])
	}
	acts := filepath.Join(dir, "acts.txt")
	if err := os.WriteFile(acts, []byte("play rowan\nplay ash\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errs, code := duelCLI(t, "", "--actions", acts, "--position-out", want); code != 0 {
		t.Fatal(errs)
	}
	a, _ := os.ReadFile(pos)
	b, _ := os.ReadFile(want)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Fatalf("position at the end of the input:\n%s\nwant:\n%s", a, b)
	}
}

// TestHumanQuit: quit ends the game where it stands, the position saved.
func TestHumanQuit(t *testing.T) {
	pos := filepath.Join(t.TempDir(), "pos.json")
	out, errs, code := duelCLI(t, "quit\nplay rowan\n", "--seat", "1=human", "--position-out", pos)
	if code != 0 || errs != "" || !strings.HasSuffix(out, "P1 (1-3, help)> quit\nstopped after 0 actions (turn 1)\n") {
		t.Fatalf("exit %d, stderr %q, stdout:\n%s", code, errs, out)
	}
	if b, err := os.ReadFile(pos); err != nil || !bytes.HasPrefix(b, []byte("{\n  \"game\": \"duel\"")) {
		t.Fatalf("the position as JSON: %s %v", b, err)
	}
}

// TestHumanHelp lists the commands.
func TestHumanHelp(t *testing.T) {
	out, _, code := duelCLI(t, "help\n", "--seat", "1=human")
	if code != 0 || !strings.Contains(out, "P1 (1-3, help)> help\n"+humanHelp+"P1 (1-3, help)> \n") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	for _, c := range []string{"undo ", "save FILE ", "log FILE ", "help ", "quit "} {
		if !strings.Contains(humanHelp, "\n  "+c) {
			t.Errorf("help does not list %q", c)
		}
	}
}

// TestSeatFlags: --seat and --policy name seats the same way, from 1; a
// seat named twice, a seat that is not there, a kind that is not human or
// a policy, and a person in JSON are usage errors (exit 2) naming the
// flag.
func TestSeatFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--seat", "1=human", "--seat", "1=greedy"}, "seat 1 is named twice (--seat 1=human and --seat 1=greedy)"},
		{[]string{"--policy", "2=random", "--seat", "2=human"}, "seat 2 is named twice (--policy 2=random and --seat 2=human)"},
		{[]string{"--seat", "3=human"}, "--seat 3=human: the seat is a number from 1 to 2"},
		{[]string{"--seat", "human"}, "--seat human: want SEAT=KIND, the seat a number from 1 to 2"},
		{[]string{"--seat", "2=clever"}, `--seat 2=clever: "clever" is not human or a policy (random, greedy)`},
		{[]string{"--seat", "2=search:many"}, "policy search:many: the budget is a whole number of playouts per decision (search:400)"},
		{[]string{"--seat", "1=human", "--format", "json"}, "a person plays with --format text; write the JSON log with the log command"},
		{[]string{"--seat", "1=human", "--actions", "-"}, "--actions - and a person would both read the standard input: give the actions in a file"},
	} {
		_, errs, code := duelCLI(t, "", c.args...)
		if code != 2 || errs != "roundtable: "+c.want+"\n" {
			t.Errorf("%v: exit %d, %q; want exit 2, %q", c.args, code, errs, c.want)
		}
	}
	out, errs, code := duelCLI(t, "", "--seat", "1=random", "--seat", "2=search:5", "--stop-after", "0")
	if code != 0 || !strings.HasPrefix(out, "duel duel, seed 1: P1 (random) vs P2 (search:5)\n") {
		t.Fatalf("engine seats by --seat: exit %d %s\n%s", code, errs, out)
	}
}

// TestPersonsOpponentIsTheSearch: with a person at the table, a seat no
// flag names is the search at the mode's OpponentBudget (the search's
// default budget when the mode gives none); --policy NAME still names
// every other seat.
func TestPersonsOpponentIsTheSearch(t *testing.T) {
	header := func(g *games.Game, args ...string) string {
		cmd := gameCommand(g, false)
		var out bytes.Buffer
		cmd.SetIn(strings.NewReader(""))
		cmd.SetOut(&out)
		cmd.SetErr(io.Discard)
		cmd.SetArgs(args)
		_ = cmd.Execute()
		first, _, _ := strings.Cut(out.String(), "\n")
		return first
	}
	if got := header(duelGame, "--seat", "1=human"); got != "duel duel, seed 1: P1 (human) vs P2 (search:200)" {
		t.Errorf("default: %s", got)
	}
	g := *duelGame
	g.Modes = []play.Mode{toy.DuelMode}
	g.Modes[0].OpponentBudget = 37
	if got := header(&g, "--seat", "2=human"); got != "duel duel, seed 1: P1 (search:37) vs P2 (human)" {
		t.Errorf("with an OpponentBudget: %s", got)
	}
	if got := header(&g, "--seat", "2=human", "--policy", "random"); got != "duel duel, seed 1: P1 (random) vs P2 (human)" {
		t.Errorf("with --policy: %s", got)
	}
	if got := header(&g, "--stop-after", "0"); got != "duel duel, seed 1: P1 (greedy) vs P2 (greedy)" {
		t.Errorf("without a person: %s", got)
	}
}

// TestHumanNeedsAView: a game whose engine does not say what a seat sees
// cannot be played by a person (nothing would keep the other hands from
// the screen).
func TestHumanNeedsAView(t *testing.T) {
	nim := &games.Game{ID: "nim", Name: "Nim", Modes: []play.Mode{toy.NimMode}, Base: func() any { return nil }}
	cmd := gameCommand(nim, false)
	var errb bytes.Buffer
	cmd.SetIn(strings.NewReader("1\n"))
	cmd.SetOut(io.Discard)
	cmd.SetErr(&errb)
	cmd.SetArgs([]string{"--seat", "1=human"})
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	code := exitCode(cmd.Execute(), &errb)
	if want := "roundtable: nim standard cannot be played by a person yet: its engine does not say what a seat may see (play.Viewer)\n"; code != 2 || errb.String() != want {
		t.Fatalf("exit %d, %q", code, errb.String())
	}
}

// TestHotSeat: two people at one screen. Between two different people's
// decisions comes "pass to P2, press Enter", which takes a line of the
// input; each then sees only their own hand. (Output that is not a
// terminal is not cleared: TestHotSeatInTmux checks the screen.)
func TestHotSeat(t *testing.T) {
	in := "play rowan\n\nplay ash\n\nplay cedar\n\nplay elm\nplay fir\n\nplay maple\n"
	out, errs, code := duelCLI(t, in, "--seat", "1=human", "--seat", "2=human")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var passes []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "pass to ") {
			passes = append(passes, l)
		}
	}
	want := []string{"pass to P2, press Enter", "pass to P1, press Enter", "pass to P2, press Enter", "pass to P1, press Enter"}
	if fmt.Sprint(passes) != fmt.Sprint(want) {
		t.Fatalf("passes %q, want %q", passes, want)
	}
	if strings.Contains(out, clearScreen) {
		t.Fatal("output that is not a terminal is cleared")
	}
	p2 := out[strings.Index(out, "pass to P2"):]
	p2 = p2[:strings.Index(p2, "P2 (1-3, help)>")]
	if !strings.Contains(p2, "P1 hand: 2 cards\nP2 hand: ash, elm, fir\n") || strings.Contains(p2, "cedar") {
		t.Fatalf("P2's first screen:\n%s", p2)
	}
	if !strings.Contains(p2, "so far:\n  turn 1   P1: play rowan\n") {
		t.Fatalf("P2 is not told what P1 did:\n%s", p2)
	}
	if !strings.Contains(out, "result: P1 wins after 3 turns (took two rounds)") {
		t.Fatal("no result")
	}
}

// TestHumanUndoSaveAndLog: undo goes back to the person's previous
// decision, the position byte for byte what it was (save before and
// after); undo at the end goes back into the game; the log written at the
// end replays to the same result with play --actions, its lines those
// play --format json prints for the same actions.
func TestHumanUndoSaveAndLog(t *testing.T) {
	dir := t.TempDir()
	p := func(n string) string { return filepath.Join(dir, n) }
	in := strings.Join([]string{
		"undo", // nothing to go back to yet
		"save " + p("a.yaml"), "play rowan", "undo", "save " + p("b.yaml"), "play rowan",
		"play cedar", "play maple",
		"undo", "play maple", // at the end: back to the last decision, and the same answer
		"log " + p("game.json"), "save " + p("end.yaml"), "",
	}, "\n") + "\n"
	out, errs, code := duelCLI(t, in, "--seat", "1=human", "--seat", "2=greedy")
	if code != 1 || errs != "input line 1: nothing to undo: no decision of yours to go back to\nroundtable: 1 answer refused (the first at input line 1)\n" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, s := range []string{"saved the position to " + p("a.yaml"), "back to your decision of turn 1", "back to P1's decision of turn 3",
		"wrote the log of 6 actions to " + p("game.json")} {
		if !strings.Contains(out, s+"\n") {
			t.Errorf("stdout lacks %q", s)
		}
	}
	a, _ := os.ReadFile(p("a.yaml"))
	b, _ := os.ReadFile(p("b.yaml"))
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Fatalf("after undo:\n%s\nbefore:\n%s", b, a)
	}
	replay, errs, code := duelCLI(t, "", "--actions", p("game.json"), "--format", "json")
	if code != 0 {
		t.Fatal(errs)
	}
	log, _ := os.ReadFile(p("game.json"))
	if want := `{"match":{"version":1,"game":"duel","mode":"duel","seed":1,"seats":[{"index":0,"name":"P1","policy":"human"},{"index":1,"name":"P2","policy":"greedy"}]}}` + "\n"; !bytes.HasPrefix(log, []byte(want)) {
		t.Fatalf("the log's match line:\n%s", log)
	}
	// Replayed, P1 is played by its policy: all else is the same.
	if got := strings.ReplaceAll(string(log), `"policy":"human"`, `"policy":"greedy"`); got != replay {
		t.Fatalf("the log:\n%s\nplay --format json:\n%s", got, replay)
	}
	text, _, _ := duelCLI(t, "", "--actions", p("game.json"))
	if !strings.HasSuffix(text, "\nresult: P1 wins after 3 turns (took two rounds)\n") {
		t.Fatalf("replayed:\n%s", text)
	}
	end, _ := os.ReadFile(p("end.yaml"))
	if !bytes.Contains(end, []byte("wins:\n    - 2\n    - 1")) {
		t.Fatalf("the position at the end:\n%s", end)
	}
}

// TestHumanLogMidGame: a log written before the end has the position and
// a stopped result, as play --format json prints after --actions, and
// replays there.
func TestHumanLogMidGame(t *testing.T) {
	log := filepath.Join(t.TempDir(), "mid.json")
	if _, errs, code := duelCLI(t, "play rowan\nlog "+log+"\n", "--seat", "1=human", "--seat", "2=greedy"); code != 0 {
		t.Fatal(errs)
	}
	replay, errs, code := duelCLI(t, "", "--actions", log, "--format", "json")
	if code != 0 {
		t.Fatal(errs)
	}
	b, _ := os.ReadFile(log)
	got := strings.ReplaceAll(string(b), `"policy":"human"`, `"policy":"greedy"`)
	if got != replay || !strings.Contains(got, "\n{\"position\":{\"game\":\"duel\"") || !strings.Contains(got, `"reason":"stopped after 2 actions"`) {
		t.Fatalf("the log:\n%s\nplay --format json:\n%s", got, replay)
	}
}

// transcriptAnswers are the answers of docs/play.md's transcript: a
// prefix, a number, undo, a typo, an ambiguous start, a text, save, quit.
const transcriptAnswers = "raise lck\n2\nundo\nrasie skl\nraise skl spd\nraise skl str lck def\nsave lyn.yaml\nquit\n"

// transcriptArgs are its command line.
var transcriptArgs = []string{"play", "tropera", "levelup", "--character", "lyn", "--levels", "8", "--seed", "4", "--seat", "1=human"}

// TestTerminalTranscriptInDocs: docs/play.md's transcript of a session
// ("Playing in the terminal") is what the session prints, stdout and
// stderr interleaved; -update rewrites it.
func TestTerminalTranscriptInDocs(t *testing.T) {
	docs, err := filepath.Abs("../../../docs/play.md")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(docs)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	var b bytes.Buffer
	code := run(transcriptArgs, strings.NewReader(transcriptAnswers), &b, &b)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (two answers are refused):\n%s", code, b.String())
	}
	if _, err := os.Stat("lyn.yaml"); err != nil {
		t.Fatalf("save wrote no file: %v", err)
	}
	want := "answers.txt:\n\n```\n" + transcriptAnswers + "```\n\n```\n$ roundtable " + strings.Join(transcriptArgs, " ") + " < answers.txt\n" + b.String() + "```\n"
	const open, end = "<!-- transcript terminal -->\n", "<!-- /transcript terminal -->"
	before, rest, ok := strings.Cut(string(doc), open)
	got, after, ok2 := strings.Cut(rest, end)
	if !ok || !ok2 {
		t.Fatal("docs/play.md has no <!-- transcript terminal --> block")
	}
	if got == want {
		return
	}
	if scriptenv.Update() {
		if err := os.WriteFile(docs, []byte(before+open+want+end+after), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Fatalf("docs/play.md's transcript:\n%s\nwant (go test -run TestTerminalTranscriptInDocs -update):\n%s", got, want)
}

// TestHumanLogReplaysInTheStudio: the log a person writes with `log` is
// one the studio's replay page reads: the whole game, to the same result.
func TestHumanLogReplaysInTheStudio(t *testing.T) {
	t.Chdir(t.TempDir())
	var ref, errb bytes.Buffer
	if code := run([]string{"play", "table-battles", "--seed", "3", "--format", "json"}, nil, &ref, &errb); code != 0 {
		t.Fatal(errb.String())
	}
	var in strings.Builder
	for _, l := range strings.Split(ref.String(), "\n") {
		var rec struct{ Event *play.Event }
		if json.Unmarshal([]byte(l), &rec) == nil && rec.Event != nil && rec.Event.Kind == "action" && rec.Event.Seat == 0 {
			in.WriteString(rec.Event.Action + "\n")
		}
	}
	in.WriteString("log game.json\n")
	var out bytes.Buffer
	if code := run([]string{"play", "table-battles", "--seed", "3", "--seat", "1=human", "--seat", "2=greedy"}, strings.NewReader(in.String()), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	log, err := os.ReadFile("game.json")
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(studio.New(nil, io.Discard).Handler())
	defer ts.Close()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	f, _ := w.CreateFormFile("log", "game.json")
	f.Write(log)
	w.Close()
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/api/replay", &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Origin", ts.URL) // the studio's own page posts it (guard.go)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var rep struct {
		Error  string
		Result string
		Steps  []struct{ Action string }
	}
	if err := json.NewDecoder(res.Body).Decode(&rep); err != nil {
		t.Fatal(err)
	}
	if rep.Error != "" || rep.Result != "plegia won: no formation of shepherds can ever attack plegia" || len(rep.Steps) != 67 {
		t.Fatalf("the studio's replay: error %q, result %q, %d steps (want 66 actions and the start)", rep.Error, rep.Result, len(rep.Steps))
	}
}

// TestHumanCaps: --max-actions ends a person's game as a capped draw,
// --stop-after where it stands, as they end a policies' game.
func TestHumanCaps(t *testing.T) {
	out, errs, code := duelCLI(t, "play rowan\nplay cedar\n", "--seat", "1=human", "--seat", "2=greedy", "--max-actions", "3")
	if code != 0 || errs != "" || !strings.HasSuffix(out, "P1 (1-2, help)> play cedar\n\n== the end, turn 2 ==\nround 2, wins 1-0, table: cedar\nP1 hand: maple\nP2 hand: 2 cards\nresult: draw after 2 turns (stopped after 3 actions)\n") {
		t.Fatalf("capped: exit %d %q\n%s", code, errs, out)
	}
	out, _, code = duelCLI(t, "play rowan\nplay cedar\n", "--seat", "1=human", "--seat", "2=greedy", "--stop-after", "2")
	if code != 0 || !strings.HasSuffix(out, "P1 takes the round\nstopped after 2 actions (turn 2)\n") || strings.Contains(out, "P1 (1-2, help)>") {
		t.Fatalf("stopped: exit %d\n%s", code, out)
	}
}

// TestHumanSeesOnlyTheirSeat: over a whole Anna's game, a person at P1
// is shown P2's draws as counts (every "P2 draws CARD" of the log, which
// is the whole truth, is absent from the screen; "P2 draws a card" is
// there) and P2's hand as a count.
func TestHumanSeesOnlyTheirSeat(t *testing.T) {
	var ref, errb bytes.Buffer
	if code := run([]string{"play", "annas", "--seed", "7", "--format", "json"}, nil, &ref, &errb); code != 0 {
		t.Fatal(errb.String())
	}
	var in strings.Builder
	var secret []string
	for _, l := range strings.Split(ref.String(), "\n") {
		var rec struct{ Event *play.Event }
		if json.Unmarshal([]byte(l), &rec) != nil || rec.Event == nil {
			continue
		}
		e := rec.Event
		if e.Kind == "action" && e.Seat == 0 {
			in.WriteString(e.Action + "\n")
		}
		if e.Kind == "draw" && e.Seat == 1 {
			secret = append(secret, e.Text)
		}
	}
	var out bytes.Buffer
	if code := run([]string{"play", "annas", "--seed", "7", "--seat", "1=human", "--seat", "2=greedy"}, strings.NewReader(in.String()), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	screen := out.String()
	if len(secret) < 3 || !strings.Contains(screen, "result: P1 wins after 13 turns") {
		t.Fatalf("%d draws of P2's; the game:\n%s", len(secret), screen[max(0, len(screen)-300):])
	}
	for _, s := range secret {
		if strings.Contains(screen, s+"\n") {
			t.Errorf("P1's screen shows %q", s)
		}
	}
	if !strings.Contains(screen, "P2 draws a card\n") {
		t.Error("P1 is not told that P2 draws")
	}
	lines := strings.Split(screen, "\n")
	hands := 0
	for i, l := range lines {
		if strings.HasPrefix(l, "P2 (north):") {
			hands++
			if !handCount.MatchString(lines[i+1]) {
				t.Fatalf("P2's hand on P1's screen: %q", lines[i+1])
			}
		}
	}
	if hands < 30 {
		t.Fatalf("P2's hand shown %d times", hands)
	}
}

// handCount is how Anna's Show writes a hand the seat may not see.
var handCount = regexp.MustCompile(`^  hand: \d+ cards?$`)
