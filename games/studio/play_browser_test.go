package studio_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/games"
	"github.com/roundtable-dev/roundtable/games/studio"
)

// The play page's browser tests: a person plays through the page only,
// with clicks and keys (number keys, arrows, Enter, u); the server's API is
// asked nothing by the test, except the exports compared afterwards (a
// downloaded log replayed by `roundtable play`).

// playSetup is a short game of a mode: its flags and seed.
type playSetup struct {
	game, mode string
	seed       int
	flags      url.Values
}

// playSetups are the setups the tests play: every mode of every game,
// with its smallest setup.
func playSetups(t *testing.T) []playSetup {
	small := map[string]url.Values{
		"annas/versus": {"vp-deck": {"quick"}},
		"annas/boss":   {"boss": {"grima"}, "players": {"2"}},
	}
	var out []playSetup
	for _, g := range games.All() {
		for _, m := range g.Modes {
			out = append(out, playSetup{game: g.ID, mode: m.Name, seed: 1, flags: small[g.ID+"/"+m.Name]})
		}
	}
	if len(out) < 7 {
		t.Fatalf("%d modes, want the 7 of the five games", len(out))
	}
	return out
}

// seats is the seats parameter of a setup: the first seat first's, the
// others rest (seats the rules play are left to them).
func seats(t *testing.T, s playSetup, first, rest string) string {
	t.Helper()
	g, _ := games.Lookup(s.game)
	m, err := g.Mode(s.mode)
	if err != nil {
		t.Fatal(err)
	}
	o := play.Options{Seed: uint64(s.seed), Flags: map[string][]string{}}
	for _, f := range m.Flags {
		if v := s.flags[f.Name]; v != nil {
			o.Flags[f.Name] = v
		} else if f.Default != "" && f.Kind != play.Strings {
			o.Flags[f.Name] = []string{f.Default}
		}
	}
	match, err := m.New(g.Base(), o)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i, x := range match.Seats() {
		switch {
		case x.Auto:
			out = append(out, "rules")
		case i == 0:
			out = append(out, first)
		default:
			out = append(out, rest)
		}
	}
	return strings.Join(out, ",")
}

// playURL is the page's address that starts a game: seats like
// "human,greedy".
func playURL(base string, s playSetup, seats string) string {
	q := url.Values{"game": {s.game}, "mode": {s.mode}, "seed": {fmt.Sprint(s.seed)}, "seats": {seats}}
	for k, v := range s.flags {
		q["flag."+k] = v
	}
	return base + "/play?" + q.Encode()
}

// page is what the test reads of the play page.
type pageState struct {
	State   string `json:"state"` // setup, yours, waiting, thinking, covered, over
	Settled int    `json:"settled"`
	Version int    `json:"version"`
	Seat    int    `json:"seat"`
	Turn    string `json:"turn"`
	Result  string `json:"result"`
	Show    string `json:"show"`
	Board   bool   `json:"board"`
	Buttons int    `json:"buttons"`
	Cover   string `json:"cover"`
	Error   string `json:"error"`
}

const readPage = `(() => { const a = document.querySelector('#play-app'), e = document.querySelector('#play-error');
  return {state: a.dataset.state || '', settled: Number(a.dataset.settled || 0), version: Number(a.dataset.version || -1),
    seat: Number(a.dataset.seat || -1), turn: document.querySelector('#turn').textContent, result: a.dataset.result || '',
    show: document.querySelector('#show').textContent, board: !!document.querySelector('#board svg'),
    buttons: document.querySelectorAll('#actions button.act').length,
    cover: document.querySelector('#cover').hidden ? '' : document.querySelector('#cover-text').textContent,
    error: e.hidden ? '' : e.textContent}; })()`

func readPlay(t *testing.T, ctx context.Context) pageState {
	t.Helper()
	return eval[pageState](t, ctx, readPage)
}

// settledAfter waits until the page has come to rest after n.
func settledAfter(t *testing.T, ctx context.Context, n int) pageState {
	t.Helper()
	waitFor(t, ctx, fmt.Sprintf(`Number(document.querySelector('#play-app').dataset.settled || 0) > %d`, n))
	return readPlay(t, ctx)
}

// openPlay opens the page at u and waits for the game to be on it.
func openPlay(t *testing.T, ctx context.Context, u string) pageState {
	t.Helper()
	do(t, ctx, chromedp.Navigate(u))
	p := settledAfter(t, ctx, 0)
	if p.Error != "" {
		t.Fatalf("the page says: %s", p.Error)
	}
	return p
}

// press sends a key to the page and waits for it to come to rest.
func press(t *testing.T, ctx context.Context, key string) pageState {
	t.Helper()
	n := readPlay(t, ctx).Settled
	do(t, ctx, chromedp.KeyEvent(key))
	return settledAfter(t, ctx, n)
}

// playOn makes the person's decisions by pressing 1 (the first button),
// and lets the cover go with Enter, until the game is over or steps
// decisions are made. It answers the decisions made.
func playOn(t *testing.T, ctx context.Context, steps int) (pageState, int) {
	t.Helper()
	p := readPlay(t, ctx)
	n := 0
	for n < steps {
		t0 := time.Now()
		was := p.State
		switch p.State {
		case "over":
			return p, n
		case "covered":
			if p.Board {
				t.Fatal("the board is in the page while the cover is up")
			}
			p = press(t, ctx, "\r")
		case "yours":
			if p.Buttons == 0 {
				t.Fatalf("the person's turn with no button to press:\n%s", p.Show)
			}
			p = press(t, ctx, "1")
			n++
		default:
			p = settledAfter(t, ctx, p.Settled)
		}
		if p.Error != "" {
			t.Fatalf("after %d decisions the page says: %s", n, p.Error)
		}
		if d := time.Since(t0); d > 2*time.Second {
			t.Logf("slow: %s from %q to %q (%s)", d.Round(time.Millisecond), was, p.State, p.Turn)
		}
	}
	return p, n
}

// download clicks a download link of the page and answers the file.
func download(t *testing.T, ctx context.Context, sel string) []byte {
	t.Helper()
	dir := t.TempDir()
	progress := chromedp.Events(ctx, cdpbrowser.DownloadProgress)
	do(t, ctx, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
			Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: dir, EventsEnabled: new(true)})
		return err
	}), chromedp.Click(chromedp.CSS(sel)))
	for ev, err := range progress {
		if err != nil {
			t.Fatal(err)
		}
		if ev.State == cdpbrowser.DownloadProgressStateCanceled {
			t.Fatalf("the download of %s was cancelled", sel)
		}
		if ev.State != cdpbrowser.DownloadProgressStateCompleted {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, ev.GUID))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	t.Fatalf("no download of %s", sel)
	return nil
}

// logResult is the result line `roundtable play --format json` prints.
type logResult struct {
	Seats []struct {
		Name string `json:"name"`
	} `json:"seats"`
	Over    bool   `json:"over"`
	Winners []int  `json:"winners"`
	Reason  string `json:"reason"`
}

// replayLog plays a downloaded log with `roundtable play --actions
// --format json` and answers its result line.
func replayLog(t *testing.T, s playSetup, log []byte) logResult {
	t.Helper()
	f := filepath.Join(t.TempDir(), "game.jsonl")
	if err := os.WriteFile(f, log, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	cmd := exec.Command(roundtableBinary(t), "play", s.game, s.mode, "--actions", f, "--format", "json")
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("roundtable play %s %s --actions the log: %v: %s", s.game, s.mode, err, errb.String())
	}
	var last struct {
		Result logResult `json:"result"`
	}
	if err := json.Unmarshal([]byte(lastLines(out.String(), 1)), &last); err != nil {
		t.Fatalf("the last line of play --format json: %v", err)
	}
	return last.Result
}

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// roundtableBinary is the roundtable command built from this checkout, once
// per test binary: the log is read back by the real `play`, as a person
// would (tests outside cmd do not import the CLI: compiler's TestLayering).
func roundtableBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "roundtable-bin-")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "roundtable")
		out, err := exec.Command("go", "build", "-o", binPath, "../../cmd/roundtable").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build ./cmd/roundtable: %v: %s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// sameResult tells whether the page's result sentence says the log's
// result: its winners (or a draw) and its reason.
func sameResult(page string, r logResult) bool {
	if !r.Over || !strings.HasSuffix(page, ": "+r.Reason) {
		return false
	}
	head := strings.TrimSuffix(page, ": "+r.Reason)
	if len(r.Winners) == 0 {
		return strings.Contains(head, "draw")
	}
	for _, w := range r.Winners {
		if w >= len(r.Seats) || !strings.Contains(head, r.Seats[w].Name) {
			return false
		}
	}
	return true
}

func noConsoleErrors(t *testing.T, errs func() []string) {
	t.Helper()
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %v", e)
	}
}

// TestPlayBrowserWholeGames: for every mode of every game, a person plays a
// whole game against the engine through the page (pressing 1, the first
// button, at each decision), and the page shows its result; the log the
// page downloads replays with `roundtable play --actions` to the same
// result.
func TestPlayBrowserWholeGames(t *testing.T) {
	ctx := tab(t)
	_, ts := serve(t)
	errs := consoleErrors(ctx)
	for _, s := range playSetups(t) {
		t.Run(s.game+"/"+s.mode, func(t *testing.T) {
			p := openPlay(t, ctx, playURL(ts.URL, s, seats(t, s, "human", "greedy")))
			p, n := playOn(t, ctx, 400)
			if p.State != "over" {
				t.Fatalf("after %d decisions the game is not over: %q", n, p.Turn)
			}
			if p.Result == "" || !strings.HasPrefix(p.Turn, "Game over: "+p.Result) {
				t.Errorf("the page shows %q, result %q", p.Turn, p.Result)
			}
			t.Logf("%d decisions; %s", n, p.Result)
			if r := replayLog(t, s, download(t, ctx, "#download-log")); !sameResult(p.Result, r) {
				t.Errorf("the downloaded log replays to %+v, not to %q", r, p.Result)
			}
		})
	}
	noConsoleErrors(t, errs)
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// TestPlayBrowserSetupForm: the setup form starts a game: every game and
// mode is offered, the mode's flags are fields, each seat a person or an
// engine with a budget for the search; the board is drawn.
func TestPlayBrowserSetupForm(t *testing.T) {
	ctx := tab(t)
	_, ts := serve(t)
	errs := consoleErrors(ctx)
	do(t, ctx, chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`nav a[href="/play"]`)))
	do(t, ctx, chromedp.Navigate(ts.URL+"/play"))
	waitFor(t, ctx, `document.querySelector('#play-app') && document.querySelector('#play-app').dataset.ready === 'true'`)
	got := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#setup-game option')).map(o => o.value)`)
	for _, g := range games.All() {
		if !strings.Contains(strings.Join(got, " "), g.ID) {
			t.Errorf("the setup does not offer %s (%v)", g.ID, got)
		}
	}
	// Tropera, then its battle mode: a battle field; P2 the search.
	do(t, ctx, chromedp.SetValue(chromedp.CSS("#setup-game"), "tropera"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#setup-game').dispatchEvent(new Event('change'))`))
	if !eval[bool](t, ctx, `!!document.querySelector('#setup-flags [data-flag="battle"]')`) {
		t.Error("no battle field for Tropera's battle mode")
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#setup-seats .seat select').length`); n != 2 {
		t.Errorf("%d seats for Tropera", n)
	}
	do(t, ctx, chromedp.SetValue(chromedp.CSS("#seat-1"), "search"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#seat-1').dispatchEvent(new Event('change'))`))
	if !eval[bool](t, ctx, `!document.querySelector('#budget-1').closest('label').hidden`) {
		t.Error("the search seat has no budget field")
	}
	do(t, ctx, chromedp.SetValue(chromedp.CSS("#budget-1"), "20"), chromedp.Click(chromedp.CSS("#start")))
	p := settledAfter(t, ctx, 0)
	if p.Error != "" || !p.Board || p.State != "yours" {
		t.Fatalf("after Start: %+v", p)
	}
	// Decisions: the search answers, "thinking…" meanwhile, then the
	// page shows whose turn.
	thought := `document.querySelector('#play-app').dataset.thought || '0'`
	for k := 0; k < 60 && p.State == "yours" && eval[string](t, ctx, thought) == "0"; k++ {
		p = press(t, ctx, "1")
		if p.Error != "" || (p.State != "yours" && p.State != "over") {
			t.Fatalf("after a decision: %+v", p)
		}
	}
	if n := eval[string](t, ctx, `document.querySelector('#play-app').dataset.thought || '0'`); n == "0" {
		t.Error("the page never showed the engine thinking")
	}
	noConsoleErrors(t, errs)
}

// TestPlayBrowserUndoSaveLoadLink: undo restores the exact earlier
// positions, again and again (the page's text and the saved position
// file); a saved position loads back equal; the copied link reopens the
// same game.
func TestPlayBrowserUndoSaveLoadLink(t *testing.T) {
	ctx := tab(t)
	_, ts := serve(t)
	errs := consoleErrors(ctx)
	s := playSetup{game: "annas", mode: "versus", seed: 3, flags: url.Values{"vp-deck": {"quick"}}}
	p := openPlay(t, ctx, playURL(ts.URL, s, seats(t, s, "human", "greedy")))
	var shows []string
	var files [][]byte
	for range 3 {
		shows = append(shows, p.Show)
		files = append(files, download(t, ctx, "#save-position"))
		p, _ = playOn(t, ctx, 1)
	}
	if p.State != "yours" {
		t.Fatalf("the game ended in three decisions: %+v", p)
	}
	for k := 2; k >= 0; k-- {
		p = press(t, ctx, "u")
		if p.Error != "" {
			t.Fatalf("undo: %s", p.Error)
		}
		if p.Show != shows[k] {
			t.Errorf("after undoing to decision %d the page shows\n%s\nnot\n%s", k, p.Show, shows[k])
		}
		if got := download(t, ctx, "#save-position"); !bytes.Equal(got, files[k]) {
			t.Errorf("after undoing to decision %d the saved position differs:\n%s\nwant\n%s", k, got, files[k])
		}
	}
	if eval[bool](t, ctx, `!document.querySelector('#undo').disabled`) {
		t.Error("undo is offered at the first decision")
	}
	// The link reopens the same game.
	p, _ = playOn(t, ctx, 1)
	want := p.Show
	do(t, ctx, chromedp.Click(chromedp.CSS("#copy-link")))
	waitFor(t, ctx, `!document.querySelector('#link-box').hidden || !document.querySelector('#play-error').hidden`)
	if p = readPlay(t, ctx); p.Error != "" {
		t.Fatalf("Copy link: %s", p.Error)
	}
	// As a person pastes it into a new tab.
	link := eval[string](t, ctx, `document.querySelector('#link-out').href`)
	p = openPlay(t, ctx, link)
	if p.Error != "" || p.Show != want {
		t.Errorf("the link reopens\n%s\nnot\n%s\n(%s)", p.Show, want, p.Error)
	}
	// Two decisions on, saved; loaded back in a new game.
	p, _ = playOn(t, ctx, 2)
	saved := download(t, ctx, "#save-position")
	if !bytes.Contains(saved, []byte("game: annas")) {
		t.Fatalf("the saved position:\n%s", saved)
	}
	want = p.Show
	f := filepath.Join(t.TempDir(), "position.yaml")
	if err := os.WriteFile(f, saved, 0o644); err != nil {
		t.Fatal(err)
	}
	n := p.Settled
	do(t, ctx, chromedp.Click(chromedp.CSS("#new-game")))
	p = settledAfter(t, ctx, n)
	if p.State != "setup" {
		t.Fatalf("New game: %+v", p)
	}
	n = p.Settled
	do(t, ctx, chromedp.SetUploadFiles(chromedp.CSS("#load-position"), []string{f}))
	p = settledAfter(t, ctx, n)
	if p.Error != "" || p.Show != want {
		t.Errorf("the loaded position shows\n%s\nnot\n%s\n(%s)", p.Show, want, p.Error)
	}
	if got := download(t, ctx, "#save-position"); !bytes.Equal(got, saved) {
		t.Errorf("the loaded position saves as\n%s\nnot\n%s", got, saved)
	}
	noConsoleErrors(t, errs)
}

// TestPlayBrowserHotSeat: for each game, two people at one screen: between
// their turns the cover hides the screen, no board in the page, and each
// sees their own seat after Enter.
func TestPlayBrowserHotSeat(t *testing.T) {
	ctx := tab(t)
	_, ts := serve(t)
	errs := consoleErrors(ctx)
	seen := map[string]bool{}
	for _, s := range playSetups(t) {
		if seen[s.game] || s.game == "tropera" && s.mode == "levelup" {
			continue
		}
		seen[s.game] = true
		t.Run(s.game, func(t *testing.T) {
			p := openPlay(t, ctx, playURL(ts.URL, s, seats(t, s, "human", "human")))
			covers := 0
			for step := 0; step < 300 && covers < 3 && p.State != "over"; step++ {
				switch p.State {
				case "covered":
					covers++
					if p.Board || eval[bool](t, ctx, `document.querySelector('#board').childElementCount > 0 || document.querySelectorAll('#actions *').length > 0 || document.querySelector('#show').textContent !== ''`) {
						t.Fatal("a seat's view is in the page while the cover is up")
					}
					name := strings.TrimSuffix(strings.TrimPrefix(p.Cover, "Pass to "), " — press Enter")
					p = press(t, ctx, "\r")
					if p.State == "covered" || !p.Board {
						t.Fatalf("Enter did not lift the cover: %+v", p)
					}
					if !strings.Contains(p.Turn, name) {
						t.Errorf("the cover said %q; the page shows %q", name, p.Turn)
					}
				case "yours":
					p = press(t, ctx, "1")
				default:
					p = settledAfter(t, ctx, p.Settled)
				}
				if p.Error != "" {
					t.Fatalf("the page says: %s", p.Error)
				}
			}
			if covers < 2 && p.State != "over" {
				t.Errorf("the cover came up %d times", covers)
			}
		})
	}
	noConsoleErrors(t, errs)
}

// TestPlayBrowserKeyboard: a few moves by keys alone on Tropera's battle
// map: arrows move the cursor over what can be pointed at, Enter picks it
// and leaves only its actions, Escape clears, a number key decides, u
// undoes it.
func TestPlayBrowserKeyboard(t *testing.T) {
	ctx := tab(t)
	_, ts := serve(t)
	errs := consoleErrors(ctx)
	s := playSetup{game: "tropera", mode: "battle", seed: 1}
	p := openPlay(t, ctx, playURL(ts.URL, s, seats(t, s, "human", "greedy")))
	all := p.Buttons
	start := p
	do(t, ctx, chromedp.KeyEvent(kb.ArrowRight))
	waitFor(t, ctx, `document.querySelector('#board').dataset.cursor !== ''`)
	first := eval[string](t, ctx, `document.querySelector('#board').dataset.cursor`)
	word := first
	do(t, ctx, chromedp.KeyEvent("\r"))
	waitFor(t, ctx, `!document.querySelector('#picked').hidden || !document.querySelector('#confirm').hidden`)
	texts := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#actions button.act')).map(b => b.dataset.action)`)
	for _, a := range texts {
		if !strings.Contains(" "+a+" ", " "+word+" ") {
			t.Errorf("picked %s, yet %q is offered", word, a)
		}
	}
	if !eval[bool](t, ctx, `document.querySelectorAll('#board .play-marks rect').length > 0`) {
		t.Error("nothing is marked on the board")
	}
	// With it picked, the arrows go over where it can go.
	visited := map[string]bool{}
	for _, k := range []string{kb.ArrowRight, kb.ArrowDown, kb.ArrowLeft, kb.ArrowUp, kb.ArrowRight} {
		do(t, ctx, chromedp.KeyEvent(k))
		w := eval[string](t, ctx, `document.querySelector('#board').dataset.cursor`)
		if w == "" {
			t.Fatal("the cursor left the board")
		}
		visited[w] = true
	}
	if len(visited) < 2 {
		t.Errorf("the arrows moved the cursor over %v only", visited)
	}
	t.Logf("picked %s by the cursor; the arrows went over %d places", first, len(visited))
	do(t, ctx, chromedp.KeyEvent(kb.Escape))
	waitFor(t, ctx, `document.querySelector('#picked').hidden && document.querySelector('#confirm').hidden`)
	if n := eval[int](t, ctx, `document.querySelectorAll('#actions button.act').length`); n != all {
		t.Errorf("after Escape %d buttons, want %d", n, all)
	}
	// Pick by the cursor again, then decide with 1.
	do(t, ctx, chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(" "))
	waitFor(t, ctx, `!document.querySelector('#picked').hidden || !document.querySelector('#confirm').hidden`)
	if eval[bool](t, ctx, `!document.querySelector('#confirm').hidden`) {
		p = press(t, ctx, "\r")
	} else {
		p = press(t, ctx, "1")
	}
	if p.Show == start.Show || p.Error != "" {
		t.Fatalf("no decision was made: %+v", p)
	}
	p = press(t, ctx, "u")
	if p.Show != start.Show {
		t.Errorf("u did not undo to the start:\n%s\nwant\n%s", p.Show, start.Show)
	}
	// Focus is visible: the first button, reached by Tab.
	do(t, ctx, chromedp.KeyEvent("\t"))
	if eval[string](t, ctx, `document.activeElement ? getComputedStyle(document.activeElement).outlineStyle : ''`) == "none" {
		t.Error("the focused element shows no outline")
	}
	noConsoleErrors(t, errs)
}

// TestPlayBrowserPhoneAndScreenshots: the page at 1280×800 and at a
// 390-pixel phone width, a game in progress; nothing wider than the
// window. With -update it writes docs/play-*.png, the screenshots of
// docs/studio.md.
func TestPlayBrowserPhoneAndScreenshots(t *testing.T) {
	ctx := tab(t)
	_, ts := serve(t)
	errs := consoleErrors(ctx)
	for _, c := range []struct {
		name string
		s    playSetup
		w, h int
	}{
		{"play-annas", playSetup{game: "annas", mode: "versus", seed: 3, flags: url.Values{"vp-deck": {"quick"}}}, 1280, 800},
		{"play-tropera", playSetup{game: "tropera", mode: "battle", seed: 1}, 1280, 800},
		{"play-phone", playSetup{game: "table-battles", mode: "battle", seed: 2}, 390, 844},
	} {
		t.Run(c.name, func(t *testing.T) {
			do(t, ctx, chromedp.EmulateViewport(int64(c.w), int64(c.h)))
			openPlay(t, ctx, playURL(ts.URL, c.s, seats(t, c.s, "human", "greedy")))
			p, _ := playOn(t, ctx, 4)
			if p.State == "yours" {
				// Point at the first piece that can act: its tiles light.
				do(t, ctx, chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent("\r"))
				waitFor(t, ctx, `document.querySelectorAll('#board .play-marks rect').length > 0 || document.querySelector('#board').dataset.cursor === ''`)
			}
			if over := eval[int](t, ctx, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); over > 0 {
				t.Errorf("at %d px the page is %d px wider than the window", c.w, over)
			}
			if w := eval[float64](t, ctx, `document.querySelector('#board svg').getBoundingClientRect().width`); w > float64(c.w) || w < float64(c.w)/3 {
				t.Errorf("the board is %.0f px wide in a %d px window", w, c.w)
			}
			if *update {
				shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join("..", "..", "docs", c.name+".png"), shot, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
	do(t, ctx, chromedp.EmulateViewport(1280, 900))
	noConsoleErrors(t, errs)
}

// TestPlayBrowserStaleTab: a game open in two tabs; after one decides, the
// other's decision is refused with a clear message, and that tab shows
// the game as it stands.
func TestPlayBrowserStaleTab(t *testing.T) {
	ctx := tab(t)
	_, ts := serve(t)
	errs := consoleErrors(ctx)
	s := playSetup{game: "annas", mode: "versus", seed: 3, flags: url.Values{"vp-deck": {"quick"}}}
	openPlay(t, ctx, playURL(ts.URL, s, seats(t, s, "human", "greedy")))
	here := eval[string](t, ctx, `location.href`)
	if !strings.Contains(here, "#game=") {
		t.Fatalf("the page's address does not name its game: %s", here)
	}
	other, cancel := chromedp.NewContext(ctx)
	defer cancel()
	do(t, other, chromedp.EmulateViewport(1280, 900))
	before := openPlay(t, other, here)
	p, _ := playOn(t, ctx, 1)
	if p.Show == before.Show {
		t.Fatal("the decision changed nothing")
	}
	q := press(t, other, "1")
	if !strings.Contains(q.Error, "another tab") {
		t.Errorf("the stale tab says %q", q.Error)
	}
	if q.Show != p.Show {
		t.Errorf("the stale tab shows\n%s\nnot the game as it stands\n%s", q.Show, p.Show)
	}
	noConsoleErrors(t, errs)
}

// TestPlayBrowserClosedGame: a studio that keeps one game closes the
// first when a second starts; the first tab's next decision says so and
// the page goes back to the setup.
func TestPlayBrowserClosedGame(t *testing.T) {
	ctx := tab(t)
	s := studio.New(nil, io.Discard)
	s.Options.PlayGames = 1
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() { ts.CloseClientConnections(); ts.Close() })
	errs := consoleErrors(ctx)
	setup := playSetup{game: "annas", mode: "versus", seed: 3, flags: url.Values{"vp-deck": {"quick"}}}
	u := playURL(ts.URL, setup, seats(t, setup, "human", "greedy"))
	openPlay(t, ctx, u)
	other, cancel := chromedp.NewContext(ctx)
	defer cancel()
	openPlay(t, other, u)
	p := press(t, ctx, "1")
	if !strings.Contains(p.Error, "closed") || p.State != "setup" {
		t.Errorf("after the game was closed the page is %q and says %q", p.State, p.Error)
	}
	// The browser logs the refused request itself; nothing else.
	for _, e := range errs() {
		if !strings.Contains(e, "410 (Gone)") {
			t.Errorf("console error: %s", e)
		}
	}
}

// target marks the first element outlined on the board with nothing to
// point at inside it (a tile with a piece on it is the piece's) and
// answers its word.
const target = `(() => { for (const e of document.querySelectorAll('[data-test-target]')) e.removeAttribute('data-test-target');
  const e = Array.from(document.querySelectorAll('#board .play-can')).find(e => !e.querySelector('[data-pick], [data-tile], [data-formation]'));
  if (!e) return '';
  e.setAttribute('data-test-target', '');
  return e.dataset.pick || e.dataset.tile || e.dataset.formation; })()`

// TestPlayBrowserPointing: decisions by the mouse on the board: a click on
// something outlined keeps only its actions and outlines where they lead;
// clicking on (or pressing Confirm, or the one button left) decides.
func TestPlayBrowserPointing(t *testing.T) {
	ctx := tab(t)
	_, ts := serve(t)
	errs := consoleErrors(ctx)
	for _, s := range []playSetup{{game: "tropera", mode: "battle", seed: 1}, {game: "table-battles", mode: "battle", seed: 2}, {game: "annas", mode: "versus", seed: 3, flags: url.Values{"vp-deck": {"quick"}}}} {
		t.Run(s.game, func(t *testing.T) {
			p := openPlay(t, ctx, playURL(ts.URL, s, seats(t, s, "human", "greedy")))
			decided := 0
			for step := 0; step < 40 && decided < 3 && p.State == "yours"; step++ {
				before := p.Show
				word := eval[string](t, ctx, target)
				if word == "" {
					p = press(t, ctx, "1") // nothing on the board this decision
					continue
				}
				n := p.Settled
				sent := func() string { return eval[string](t, ctx, `document.querySelector('#play-app').dataset.sent || '0'`) }
				s0 := sent()
				// A click runs its handler at once: when it sends, the
				// count of sent actions has moved on before Click returns.
				do(t, ctx, chromedp.Click(chromedp.CSS("#board [data-test-target]")))
				for k := 0; k < 12 && sent() == s0; k++ {
					left := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#actions button.act')).map(b => b.dataset.action)`)
					picked := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#picked .chip[data-word]')).map(b => b.dataset.word)`)
					if len(picked) == 0 {
						t.Fatalf("pointing at %s picked nothing: %s", word, eval[string](t, ctx, `Array.from(document.querySelectorAll('#board .play-can')).map(e => e.outerHTML.slice(0, 120)).join(' // ') + ' ' + document.querySelector('#turn').textContent + ' ' + Array.from(document.querySelectorAll('#actions button.act')).map(b => b.dataset.action).join(', ')`))
					}
					for _, a := range left {
						for _, w := range picked {
							if !strings.Contains(" "+a+" ", " "+w+" ") {
								t.Fatalf("%v picked, yet %q is offered", picked, a)
							}
						}
					}
					switch {
					case eval[bool](t, ctx, `!document.querySelector('#confirm').hidden`):
						do(t, ctx, chromedp.Click(chromedp.CSS("#confirm-yes")))
					case len(left) <= 3 || eval[string](t, ctx, target) == "":
						// What is left is not on the board: the list.
						do(t, ctx, chromedp.Click(chromedp.CSS("#actions button.act")))
					default:
						word = eval[string](t, ctx, target)
						do(t, ctx, chromedp.Click(chromedp.CSS("#board [data-test-target]")))
					}
				}
				if sent() == s0 {
					t.Fatalf("twelve clicks sent nothing: %s", eval[string](t, ctx, `document.querySelector('#picked').textContent + ' | ' + Array.from(document.querySelectorAll('#actions button.act')).map(b => b.dataset.action).join(', ')`))
				}
				p = settledAfter(t, ctx, n)
				if p.Error != "" || p.Show == before {
					t.Fatalf("pointing decided nothing: %+v", p)
				}
				decided++
			}
			if decided == 0 {
				t.Error("no decision was made by pointing")
			}
		})
	}
	noConsoleErrors(t, errs)
}
