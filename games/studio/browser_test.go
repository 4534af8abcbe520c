package studio_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/games"
	_ "github.com/roundtable-dev/roundtable/games/all"
	"github.com/roundtable-dev/roundtable/games/studio"
)

// The browser tests drive headless Chromium (Debian's chromium; .ci/run
// installs it) through chromedp. Without a browser they skip and say why.

var update = flag.Bool("update", false, "rewrite the screenshot goldens (testdata/golden) and the README's screenshots (docs/*.png)")

var browser struct {
	once   sync.Once
	ctx    context.Context
	cancel func()
	skip   string
}

func TestMain(m *testing.M) {
	code := m.Run()
	if browser.cancel != nil {
		browser.cancel()
	}
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

func findChromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// skip skips a test that cannot run here and says why; in CI (CI set, as
// .ci/run sets it, having installed what the tests need) it fails instead.
func skip(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatalf("%s; CI is set, so the browser tests must run", why)
	}
	t.Skip(why)
}

// tab opens a new tab of the shared headless browser, or skips the test.
func tab(t *testing.T) context.Context {
	t.Helper()
	browser.once.Do(func() {
		path := findChromium()
		if path == "" {
			browser.skip = "no Chromium on PATH (Debian: apt-get install chromium; .ci/run installs it)"
			return
		}
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU,
			chromedp.WindowSize(1280, 900), chromedp.Flag("hide-scrollbars", true), chromedp.Flag("font-render-hinting", "none"))
		actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, bcancel := chromedp.NewContext(actx)
		if err := chromedp.Do(bctx); err != nil {
			browser.skip = fmt.Sprintf("Chromium (%s) does not start: %v", path, err)
			bcancel()
			acancel()
			return
		}
		browser.ctx = bctx
		browser.cancel = func() { bcancel(); acancel() }
	})
	if browser.skip != "" {
		skip(t, browser.skip)
	}
	ctx, cancel := chromedp.NewContext(browser.ctx)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
		cancel()
		t.Fatal(err)
	}
	// A cap, never a measure: generous, for a loaded 2-core machine; every
	// wait inside is on a condition of the page.
	ctx, cancelT := context.WithTimeout(ctx, 5*time.Minute)
	t.Cleanup(func() { cancelT(); cancel() })
	return ctx
}

// needFonts skips a test whose result depends on the text's metrics when
// Liberation Sans, the face the pictures name first, is not installed.
func needFonts(t *testing.T) {
	out, err := exec.Command("fc-match", "Liberation Sans").Output()
	if err != nil || !strings.HasPrefix(string(out), "LiberationSans") {
		skip(t, "the Liberation fonts are not installed (Debian: apt-get install fonts-liberation; .ci/run installs them): text would be drawn in another face")
	}
}

// serve runs a studio over dirs (base content when none) for one test,
// with the pages tests need beside it.
func serve(t *testing.T, dirs ...string) (*studio.Studio, *httptest.Server) {
	t.Helper()
	s := studio.New(dirs, io.Discard)
	mux := http.NewServeMux()
	mux.Handle("/", s.Handler())
	// A picture alone on a white page, at a fixed size: for screenshots.
	mux.HandleFunc("GET /test/pic", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<!doctype html><html><head><link rel="icon" href="data:,"></head><body style="margin:0;background:#fff"><img id="pic" src="/svg/%s.svg" width="%s"></body></html>`,
			r.URL.Query().Get("p"), r.URL.Query().Get("w"))
	})
	ts := httptest.NewServer(mux)
	t.Cleanup(func() { ts.CloseClientConnections(); ts.Close() })
	return s, ts
}

// consoleErrors collects what the tab logs as errors and exceptions. The
// function it returns logs a last message and waits for it to come back,
// so every message logged before it has been seen.
func consoleErrors(ctx context.Context) func() []string {
	var mu sync.Mutex
	var errs []string
	const end = "roundtable-test: end of the console"
	seen := make(chan struct{}, 1)
	msgs := chromedp.Console(ctx)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			if m.Text == end {
				seen <- struct{}{}
				continue
			}
			if m.Type == chromedp.ConsoleError || m.IsException() {
				mu.Lock()
				errs = append(errs, m.String()+" ("+m.URL+")")
				mu.Unlock()
			}
		}
	}()
	return func() []string {
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf("console.info(%q)", end))); err != nil {
			return []string{"the console could not be read to its end: " + err.Error()}
		}
		select {
		case <-seen:
		case <-ctx.Done():
			return []string{"the console's last message never came back"}
		}
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), errs...)
	}
}

func do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// waitFor polls a JavaScript condition until it holds, for as long as the
// tab lives (Poll's own 30 s limit is too short on a loaded machine).
func waitFor(t *testing.T, ctx context.Context, js string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(0), chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		t.Fatalf("waiting for %s: %v", js, err)
	}
}

var searchAttr = regexp.MustCompile(`data-search="([^"]*)" data-game="([^"]*)" data-kind="([^"]*)"`)

// TestGalleryLoadsAndSearchFilters: the gallery of every game's base
// content loads with no console error or exception, shows every picture,
// and a search keeps exactly the tiles whose words match.
func TestGalleryLoadsAndSearchFilters(t *testing.T) {
	ctx := tab(t)
	_, ts := serve(t)
	errs := consoleErrors(ctx)
	do(t, ctx, chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#gallery .tile")))
	// The server's page says which tiles a search should keep.
	res, err := http.Get(ts.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	html, _ := io.ReadAll(res.Body)
	res.Body.Close()
	tiles := searchAttr.FindAllStringSubmatch(string(html), -1)
	want := 0
	for _, m := range tiles {
		if strings.Contains(m[1], "chrom") {
			want++
		}
	}
	if len(tiles) < 300 || want < 2 {
		t.Fatalf("%d tiles, %d with chrom", len(tiles), want)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#gallery .tile').length`); n != len(tiles) {
		t.Errorf("%d tiles in the browser, %d in the page", n, len(tiles))
	}
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#search"), "chrom"))
	waitFor(t, ctx, fmt.Sprintf(`document.querySelectorAll('#gallery .tile:not(.hidden)').length === %d`, want))
	if got := eval[string](t, ctx, `document.querySelector('#shown').textContent`); got != fmt.Sprintf("%d of %d", want, len(tiles)) {
		t.Errorf("#shown says %q", got)
	}
	// With the kind set to unit, only Anna's Chrom is left.
	do(t, ctx, chromedp.SetValue(chromedp.CSS("#f-kind"), "unit"), chromedp.Evaluate[chromedp.Void](`document.querySelector('#f-kind').dispatchEvent(new Event('change'))`))
	waitFor(t, ctx, `document.querySelectorAll('#gallery .tile:not(.hidden)').length === 1`)
	if href := eval[string](t, ctx, `document.querySelector('#gallery .tile:not(.hidden)').getAttribute('href')`); href != "/entity/annas/unit/chrom" {
		t.Errorf("the tile left is %s", href)
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %v", e)
	}
}

const testPack = `kind: pack
id: studio-test
name: Studio test
version: 1.0.0
game: annas
requires:
  annas-base: ">=1.0 <2"
`

const testUnit = `kind: unit
id: sellsword
name: Sellsword
title: Wandering Sellsword
color: gray
stats: {hp: 9, atk: %d, spd: 4, def: 3}
range: [1]
mov: 3
tags: [armored]
`

// TestSavedFileUpdatesThePage: a unit's page shows the diagnostics of a
// save made on disk, and then its new picture, without a reload: the
// watcher checks again and the page is told by server-sent events.
func TestSavedFileUpdatesThePage(t *testing.T) {
	ctx := tab(t)
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("pack.yaml", testPack)
	write("units.yaml", fmt.Sprintf(testUnit, 5))
	s, ts := serve(t, dir)
	wctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = s.Watch(wctx); close(done) }()
	t.Cleanup(func() { stop(); <-done })
	errs := consoleErrors(ctx)
	do(t, ctx, chromedp.Navigate(ts.URL+"/entity/annas/unit/sellsword"), chromedp.WaitVisible(chromedp.CSS("#diags")))
	if got := eval[string](t, ctx, `document.querySelector('#diags').textContent`); got != "No problems." {
		t.Fatalf("diagnostics before the save: %q", got)
	}
	// Wait until the page's event stream is open, then mark the page: a
	// reload would lose the mark.
	waitFor(t, ctx, `document.body.dataset.stream === 'open'`)
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.__mark = 'kept'`))
	select {
	case <-s.Watching():
	case <-ctx.Done():
		t.Fatal("the watcher never watched the pack folder")
	}

	saved := time.Now()
	write("units.yaml", fmt.Sprintf(testUnit, 55))
	waitFor(t, ctx, `document.querySelector('#diags').textContent.includes('error[out-of-range]')`)
	t.Logf("diagnostics on the page %s after the save", time.Since(saved).Round(time.Millisecond))
	diags := eval[string](t, ctx, `document.querySelector('#diags').textContent`)
	if !strings.Contains(diags, "units.yaml:6:21: error[out-of-range]: stats.atk: 55 is out of range (want <=15)") {
		t.Errorf("diagnostics: %q", diags)
	}
	if st := eval[string](t, ctx, `document.querySelector('#status').textContent`); st != "1 error, 0 warnings" {
		t.Errorf("status: %q", st)
	}
	write("units.yaml", fmt.Sprintf(testUnit, 7))
	waitFor(t, ctx, `document.querySelector('#diags').textContent === 'No problems.'`)
	if mark := eval[string](t, ctx, `String(window.__mark)`); mark != "kept" {
		t.Error("the page was reloaded")
	}
	// The picture is the new one: ATK 7.
	svg, err := chromedp.Run(ctx, chromedp.Evaluate[string](`fetch(document.querySelector('img[data-pic]').src).then(r => r.text())`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(svg, `>ATK</tspan>`) || !regexp.MustCompile(`data-box="126 500 88 48"><tspan x="170" y="[\d.]+">7</tspan>`).MatchString(svg) {
		t.Errorf("the picture does not show ATK 7")
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %v", e)
	}
}

type replayJSON struct {
	Steps []struct {
		N      int    `json:"n"`
		Action string `json:"action"`
		SVG    string `json:"svg"`
	} `json:"steps"`
	Result string `json:"result"`
	Error  string `json:"error"`
}

// replayFlags are flags a mode needs that have no default.
var replayFlags = map[string]map[string][]string{"annas/boss": {"boss": {"grima"}}}

// TestReplayViewerReachesTheFinalPosition: in the viewer, a seeded match of
// every mode of every game is drawn on its board and steps to its final
// position, the one the server's replay ends on, with its result; a
// Battlecrest match steps forward and back; an uploaded play --format json
// log of it replays the same.
func TestReplayViewerReachesTheFinalPosition(t *testing.T) {
	ctx := tab(t)
	_, ts := serve(t)
	errs := consoleErrors(ctx)
	do(t, ctx, chromedp.Navigate(ts.URL+"/replay"), chromedp.WaitVisible(chromedp.CSS("#gamemode")))
	loads := 0
	// replay plays game and mode with seed 1 in the viewer, goes to the
	// last step and answers the server's replay of the same match.
	replay := func(t *testing.T, game, mode string) replayJSON {
		flags := replayFlags[game+"/"+mode]
		form := url.Values{"game": {game}, "mode": {mode}, "seed": {"1"}}
		for k, v := range flags {
			form["flag-"+k] = v
		}
		res, err := post(ts.URL+"/api/replay", "application/x-www-form-urlencoded", strings.NewReader(form.Encode()))
		if err != nil {
			t.Fatal(err)
		}
		var want replayJSON
		_ = json.NewDecoder(res.Body).Decode(&want)
		res.Body.Close()
		if want.Error != "" || len(want.Steps) < 2 || (!strings.Contains(want.Result, " won: ") && !strings.HasPrefix(want.Result, "draw: ")) {
			t.Fatalf("replay: %q, %d steps, %q", want.Error, len(want.Steps), want.Result)
		}
		n := len(want.Steps) - 1
		do(t, ctx, chromedp.SetValue(chromedp.CSS("#gamemode"), game+" "+mode),
			chromedp.Evaluate[chromedp.Void](`document.querySelector('#gamemode').dispatchEvent(new Event('change'))`),
			chromedp.SetValue(chromedp.CSS(`input[name=seed]`), "1"))
		for k, v := range flags {
			do(t, ctx, chromedp.SetValue(chromedp.CSS(`input[name="flag-`+k+`"]`), strings.Join(v, ",")))
		}
		do(t, ctx, chromedp.Click(chromedp.CSS("#play")))
		loads++
		waitFor(t, ctx, fmt.Sprintf(`document.querySelector('#replay').dataset.loads === '%d'`, loads))
		if e := eval[string](t, ctx, `document.querySelector('#replay-error').hidden ? '' : document.querySelector('#replay-error').textContent`); e != "" {
			t.Fatalf("the viewer says: %s", e)
		}
		if got := eval[string](t, ctx, `document.querySelector('#stepno').textContent`); got != fmt.Sprintf("action 0 of %d", n) {
			t.Errorf("at the start: %q", got)
		}
		do(t, ctx, chromedp.Click(chromedp.CSS("#last")))
		waitFor(t, ctx, `document.querySelector('#replay').dataset.final === 'true'`)
		if got := eval[string](t, ctx, `document.querySelector('#stepno').textContent`); got != fmt.Sprintf("action %d of %d", n, n) {
			t.Errorf("at the end: %q", got)
		}
		if !eval[bool](t, ctx, sameBoard(want.Steps[n].SVG)) {
			t.Error("the board is not the final position's")
		}
		if got := eval[string](t, ctx, `document.querySelector('#result').textContent`); !strings.HasSuffix(got, want.Result) {
			t.Errorf("result: %q, want …%q", got, want.Result)
		}
		return want
	}
	modes := 0
	for _, g := range games.All() {
		for _, m := range g.Modes {
			modes++
			t.Run(g.ID+"/"+m.Name, func(t *testing.T) { replay(t, g.ID, m.Name) })
		}
	}
	if modes < 7 {
		t.Errorf("%d modes replayed, want the 7 of the five games", modes)
	}

	// Battlecrest, forward and back, then its log uploaded.
	want := replay(t, "battlecrest", "versus")
	n := len(want.Steps) - 1
	if eval[int](t, ctx, `document.querySelectorAll('#board [data-tile]').length`) < 20 {
		t.Error("the Battlecrest board has no tiles")
	}
	do(t, ctx, chromedp.Click(chromedp.CSS("#first")))
	waitFor(t, ctx, `document.querySelector('#replay').dataset.step === '0'`)
	do(t, ctx, chromedp.Click(chromedp.CSS("#forward")), chromedp.Click(chromedp.CSS("#forward")))
	waitFor(t, ctx, `document.querySelector('#replay').dataset.step === '2'`)
	if !eval[bool](t, ctx, sameBoard(want.Steps[2].SVG)) {
		t.Error("after two steps forward the board is not the position after two actions")
	}
	do(t, ctx, chromedp.Click(chromedp.CSS("#last")), chromedp.Click(chromedp.CSS("#back")))
	waitFor(t, ctx, fmt.Sprintf(`document.querySelector('#replay').dataset.step === '%d'`, n-1))
	if got := eval[string](t, ctx, `document.querySelector('#replay').dataset.final`); got != "false" {
		t.Errorf("after a step back from the end: final %s", got)
	}

	// The same match as a play --format json log, uploaded.
	log := filepath.Join(t.TempDir(), "match.jsonl")
	if err := os.WriteFile(log, playLog(t, "battlecrest", "versus", 1, nil), 0o644); err != nil {
		t.Fatal(err)
	}
	do(t, ctx, chromedp.SetUploadFiles(chromedp.CSS("#log"), []string{log}), chromedp.Click(chromedp.CSS("#play")))
	loads++
	waitFor(t, ctx, fmt.Sprintf(`document.querySelector('#replay').dataset.loads === '%d'`, loads))
	do(t, ctx, chromedp.Click(chromedp.CSS("#last")))
	waitFor(t, ctx, `document.querySelector('#replay').dataset.final === 'true'`)
	if !eval[bool](t, ctx, sameBoard(want.Steps[n].SVG)) {
		t.Error("the uploaded log does not end on the same position")
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %v", e)
	}
}

// sameBoard is a script that tells whether the board shows the picture svg
// (the same text and as many elements).
func sameBoard(svg string) string {
	return fmt.Sprintf(`(() => { const want = new DOMParser().parseFromString(%s, 'image/svg+xml').documentElement;
	  const got = document.querySelector('#board svg');
	  return !!got && got.textContent === want.textContent && got.querySelectorAll('*').length === want.querySelectorAll('*').length; })()`, mustJSON(svg))
}

// playLog plays a seeded match of a game's mode with its default
// policies and writes it as play --format json does (docs/play.md).
func playLog(t *testing.T, game, mode string, seed uint64, flags map[string][]string) []byte {
	g, _ := games.Lookup(game)
	m, err := g.Mode(mode)
	if err != nil {
		t.Fatal(err)
	}
	o := play.Options{Seed: seed, Flags: map[string][]string{}}
	for _, f := range m.Flags {
		if v := flags[f.Name]; v != nil {
			o.Flags[f.Name] = v
		} else if f.Default != "" && f.Kind != play.Strings {
			o.Flags[f.Name] = []string{f.Default}
		}
	}
	match, err := m.New(g.Base(), o)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	_ = enc.Encode(map[string]any{"match": map[string]any{"version": 1, "game": game, "mode": m.Name, "seed": seed, "flags": flags, "seats": match.Seats()}})
	r := play.NewRunner(match, func(e play.Event) { _ = enc.Encode(map[string]any{"event": e}) })
	pols := make([]play.Policy, len(match.Seats()))
	mk := m.Policies[m.DefaultPolicy]
	if mk == nil {
		mk = m.Policies["greedy"]
	}
	if mk == nil {
		mk = play.NewRandom
	}
	for i := range pols {
		pols[i] = mk(seed, i)
	}
	if err := r.Play(pols, 5000); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestReachOverlayAndForecast: the reach tool lights exactly the tiles the
// engine lists on the map; the forecast prints the engine's strikes.
func TestReachOverlayAndForecast(t *testing.T) {
	ctx := tab(t)
	_, ts := serve(t)
	errs := consoleErrors(ctx)
	do(t, ctx, chromedp.Navigate(ts.URL+"/map/annas/map-default"), chromedp.WaitVisible(chromedp.CSS("form.tool")),
		chromedp.SetValue(chromedp.CSS(`select[name=unit]`), "chrom"),
		chromedp.SetValue(chromedp.CSS(`input[name=at]`), "c1"),
		chromedp.Click(chromedp.CSS(`form.tool button`)))
	waitFor(t, ctx, `document.querySelectorAll('#map .reach-mark').length > 0`)
	// `roundtable reach chrom --map default --at c1` lists these 15 (MOV 3).
	got := eval[string](t, ctx, `Array.from(document.querySelectorAll('#map .reach-mark')).map(m => m.dataset.reach).sort().join(' ')`)
	if want := "a1 a2 b1 b2 b3 c1 c2 c3 c4 d1 d2 d3 e1 e2 f1"; got != want {
		t.Errorf("lit tiles %q, want %q", got, want)
	}
	do(t, ctx, chromedp.Navigate(ts.URL+"/tool/annas/forecast"), chromedp.WaitVisible(chromedp.CSS("form.tool")),
		chromedp.SetValue(chromedp.CSS(`select[name=attacker]`), "chrom"),
		chromedp.SetValue(chromedp.CSS(`select[name=defender]`), "frederick"),
		chromedp.Click(chromedp.CSS(`form.tool button`)))
	waitFor(t, ctx, `document.querySelector('.answer').textContent.length > 0`)
	ans := eval[string](t, ctx, `Array.from(document.querySelectorAll('.answer p')).map(p => p.textContent).join('\n')`)
	// As `roundtable forecast chrom frederick` prints it.
	if ans != "attack: Chrom deals 1\ncounter: Frederick deals 3\nfollow-up: Chrom deals 1\nattacker Chrom: HP 10 → 7\ndefender Frederick: HP 11 → 9" {
		t.Errorf("forecast:\n%s", ans)
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %v", e)
	}
}

// TestTextFitsInTheBrowser: every text block of every base picture, as
// Chromium lays it out (getBBox), stays inside the box the layout gave it.
func TestTextFitsInTheBrowser(t *testing.T) {
	needFonts(t)
	ctx := tab(t)
	s, ts := serve(t)
	_ = s
	var pics []string
	res, err := http.Get(ts.URL + "/maps")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	res, _ = http.Get(ts.URL + "/")
	html, _ := io.ReadAll(res.Body)
	res.Body.Close()
	for _, m := range regexp.MustCompile(`data-pic="([^"]+)"`).FindAllStringSubmatch(string(html), -1) {
		pics = append(pics, m[1])
	}
	if len(pics) < 200 {
		t.Fatalf("%d pictures", len(pics))
	}
	do(t, ctx, chromedp.Navigate(ts.URL+"/check"))
	// Put every picture inline on one page, then measure.
	js := fmt.Sprintf(`(async () => {
	  const pics = %s;
	  document.body.innerHTML = '';
	  for (const p of pics) {
	    const d = document.createElement('div');
	    d.dataset.p = p;
	    d.innerHTML = await (await fetch('/svg/' + p + '.svg')).text();
	    // One user unit to a pixel: Chromium rounds a font's ascent and
	    // descent to whole device pixels, which at a card's printed size
	    // are 2.6 units each.
	    const svg = d.querySelector('svg'), vb = svg.viewBox.baseVal;
	    svg.setAttribute('width', vb.width); svg.setAttribute('height', vb.height);
	    document.body.appendChild(d);
	  }
	  await document.fonts.ready;
	  const bad = []; let n = 0;
	  for (const t of document.querySelectorAll('text[data-box]')) {
	    if (!t.textContent.trim()) continue;
	    n++;
	    const [x, y, w, h] = t.dataset.box.split(' ').map(Number);
	    const b = t.getBBox();
	    const fs = parseFloat(t.getAttribute('font-size'));
	    // Italic glyphs lean out of their advance box.
	    const tx = 1 + fs * (t.getAttribute('font-style') === 'italic' ? 0.1 : 0.02), ty = 1 + fs * 0.02;
	    if (b.x < x - tx || b.x + b.width > x + w + tx || b.y < y - ty || b.y + b.height > y + h + ty) {
	      bad.push(t.closest('div').dataset.p + ': ' + JSON.stringify(t.textContent) + ' box ' + t.dataset.box + ' drawn ' + [b.x, b.y, b.width, b.height].map(v => v.toFixed(1)).join(' '));
	    }
	  }
	  return {n, bad: bad.slice(0, 20), fonts: getComputedStyle(document.querySelector('svg')).fontFamily};
	})()`, mustJSON(pics))
	out, err := chromedp.Run(ctx, chromedp.Evaluate[struct {
		N     int      `json:"n"`
		Bad   []string `json:"bad"`
		Fonts string   `json:"fonts"`
	}](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if out.N < 2000 {
		t.Errorf("only %d text blocks measured", out.N)
	}
	for _, b := range out.Bad {
		t.Errorf("text out of its box: %s", b)
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// screenshot takes a picture's screenshot at a fixed width.
func screenshot(t *testing.T, ctx context.Context, base, pic string, width int) []byte {
	t.Helper()
	do(t, ctx, chromedp.Navigate(fmt.Sprintf("%s/test/pic?p=%s&w=%d", base, pic, width)), chromedp.WaitVisible(chromedp.CSS("#pic")))
	waitFor(t, ctx, `document.querySelector('#pic').complete && document.fonts.status === 'loaded'`)
	b, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS("#pic")))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// differ compares two PNGs: the share of pixels whose colour differs by
// more than 48 (of 255) in a channel. Font hinting and anti-aliasing move a
// few edge pixels between machines; a changed layout moves many.
func differ(t *testing.T, a, b []byte) float64 {
	t.Helper()
	ia, err1 := png.Decode(bytes.NewReader(a))
	ib, err2 := png.Decode(bytes.NewReader(b))
	if err1 != nil || err2 != nil {
		t.Fatalf("png: %v %v", err1, err2)
	}
	if ia.Bounds() != ib.Bounds() {
		return 1
	}
	bad, all := 0, 0
	r := ia.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			all++
			if far(ia, ib, x, y) {
				bad++
			}
		}
	}
	return float64(bad) / float64(all)
}

func far(a, b image.Image, x, y int) bool {
	r1, g1, b1, _ := a.At(x, y).RGBA()
	r2, g2, b2, _ := b.At(x, y).RGBA()
	d := func(p, q uint32) bool { return int(p>>8)-int(q>>8) > 48 || int(q>>8)-int(p>>8) > 48 }
	return d(r1, r2) || d(g1, g2) || d(b1, b2)
}

// tolerance is the share of pixels that may differ from a golden.
const tolerance = 0.01

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./games/studio -run %s -update to write it)", err, t.Name())
	}
	if d := differ(t, got, want); d > tolerance {
		bad := filepath.Join(t.TempDir(), filepath.Base(path))
		_ = os.WriteFile(bad, got, 0o644)
		t.Errorf("%s: %.2f%% of the pixels differ (more than %.0f%%); the new screenshot is %s (go test -update rewrites the golden)", path, d*100, tolerance*100, bad)
	}
}

// TestCardScreenshotsMatchGoldens: one picture of each game, drawn by
// Chromium, compared with the checked-in screenshots.
func TestCardScreenshotsMatchGoldens(t *testing.T) {
	needFonts(t)
	ctx := tab(t)
	_, ts := serve(t)
	for _, pic := range []string{"annas/unit-chrom", "annas/map-default", "fe-cipher/card-abel-cavalier", "table-battles/formation-edelgard-armored",
		"battlecrest/action-corvane-longbow-start", "battlecrest/map-set-thornmere", "tropera/character-lyn"} {
		got := screenshot(t, ctx, ts.URL, pic, 315)
		golden(t, filepath.Join("testdata", "golden", strings.ReplaceAll(pic, "/", "-")+".png"), got)
	}
}

// TestREADMEScreenshots takes the screenshots the README shows: the
// studio's gallery and a rendered card (docs/studio.png, docs/card.png),
// and holds the checked-in ones to them.
func TestREADMEScreenshots(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, img := range []string{"![The studio](docs/studio.png)", "![A rendered card](docs/card.png)"} {
		if !bytes.Contains(readme, []byte(img)) {
			t.Errorf("the README does not show %s", img)
		}
	}
	needFonts(t)
	ctx := tab(t)
	_, ts := serve(t)
	do(t, ctx, chromedp.EmulateViewport(1280, 800), chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#gallery .tile")),
		chromedp.SetValue(chromedp.CSS("#f-game"), "annas"), chromedp.SetValue(chromedp.CSS("#f-kind"), "unit"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#f-game').dispatchEvent(new Event('change'))`))
	waitFor(t, ctx, `Array.from(document.images).filter(i => { const r = i.getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0 && !i.closest('.hidden'); }).every(i => i.complete && i.naturalWidth > 0)`)
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	golden(t, filepath.Join("..", "..", "docs", "studio.png"), shot)
	golden(t, filepath.Join("..", "..", "docs", "card.png"), screenshot(t, ctx, ts.URL, "annas/unit-chrom", 378))
}
