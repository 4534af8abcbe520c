package studio

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	annasengine "github.com/roundtable-dev/roundtable/engine/annas"
	bcengine "github.com/roundtable-dev/roundtable/engine/battlecrest"
	fecengine "github.com/roundtable-dev/roundtable/engine/fecipher"
	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	tbengine "github.com/roundtable-dev/roundtable/engine/tablebattles"
	troengine "github.com/roundtable-dev/roundtable/engine/tropera"
	"github.com/roundtable-dev/roundtable/games"
)

// playServer is a studio over the base content with its play routes,
// and a client that sends what the studio's own pages send.
type playServer struct {
	t  testing.TB
	s  *Studio
	ts *httptest.Server
	// seen, when set, is told every answer's body with its route.
	seen func(route string, code int, body []byte)
}

func newPlayServer(t testing.TB, edit func(*Options)) *playServer {
	t.Helper()
	s := studioFor(t, edit)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return &playServer{t: t, s: s, ts: ts}
}

// call sends method path with body (JSON of it unless nil) and decodes
// the answer into out (when not nil); it returns the status.
func (p *playServer) call(method, path string, body, out any) int {
	p.t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			p.t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, p.ts.URL+path, rd)
	if err != nil {
		p.t.Fatal(err)
	}
	if method != http.MethodGet {
		req.Header.Set("Origin", p.ts.URL)
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		p.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		p.t.Fatal(err)
	}
	if p.seen != nil {
		p.seen(method+" "+path, res.StatusCode, b)
	}
	if out != nil && len(b) > 0 {
		if err := json.Unmarshal(b, out); err != nil {
			p.t.Fatalf("%s %s: %s: %v\n%s", method, path, res.Status, err, b)
		}
	}
	return res.StatusCode
}

type started struct {
	ID    string     `json:"id"`
	Seats []playSeat `json:"seats"`
	State playState  `json:"state"`
	Error string     `json:"error"`
}

type errState struct {
	Error string     `json:"error"`
	State *playState `json:"state"`
}

func (p *playServer) start(req startRequest) started {
	p.t.Helper()
	var st started
	if code := p.call("POST", "/api/play", req, &st); code != 200 {
		p.t.Fatalf("start %+v: %d %s", req, code, st.Error)
	}
	return st
}

func (p *playServer) view(id string, seat int, wait bool) playState {
	p.t.Helper()
	var st playState
	q := fmt.Sprintf("/api/play/%s?seat=%d", id, seat)
	if wait {
		q += "&wait=1"
	}
	if code := p.call("GET", q, nil, &st); code != 200 {
		p.t.Fatalf("view %s seat %d: %d", id, seat, code)
	}
	return st
}

func (p *playServer) act(id string, seat, version int, action string) (int, playState, string) {
	p.t.Helper()
	var raw json.RawMessage
	code := p.call("POST", "/api/play/"+id+"/act", map[string]any{"seat": seat, "version": version, "action": action}, &raw)
	var st playState
	var es errState
	if code == 200 {
		_ = json.Unmarshal(raw, &st)
	} else {
		_ = json.Unmarshal(raw, &es)
		if es.State != nil {
			st = *es.State
		}
	}
	return code, st, es.Error
}

// settle is seat's state once the engine has stopped thinking.
func (p *playServer) settle(id string, seat int, st playState) playState {
	p.t.Helper()
	for n := 0; st.Thinking; n++ {
		if n > 1000 {
			p.t.Fatalf("the engine is still thinking")
		}
		st = p.view(id, seat, true)
	}
	return st
}

// everyMode is every registered game and mode with its flags for a
// seeded game: the default setup (the first choice of a flag without a
// default).
func everyMode(t testing.TB, s *Studio) []struct {
	game *games.Game
	mode play.Mode
	o    play.Options
} {
	var out []struct {
		game *games.Game
		mode play.Mode
		o    play.Options
	}
	for _, g := range gameModes() {
		gv := s.current().game(g.ID)
		if gv == nil || gv.rules == nil {
			t.Fatalf("no ruleset for %s", g.ID)
		}
		for _, m := range g.Modes {
			out = append(out, struct {
				game *games.Game
				mode play.Mode
				o    play.Options
			}{g, m, setupOptions(m, gv.rules)})
		}
	}
	return out
}

// playToEnd plays seat 0 as a person choosing at random (rng) against
// random engine seats until the game is over, undoing now and then; each
// state is given to check. It returns the last state.
func playToEnd(t testing.TB, p *playServer, id string, st playState, rng *rand.Rand, check func(playState)) playState {
	t.Helper()
	for n := 0; !st.Over; n++ {
		if n > 5000 {
			t.Fatalf("%s %s: not over after %d decisions", st.Game, st.Mode, n)
		}
		st = p.settle(id, 0, st)
		check(st)
		if st.Over {
			break
		}
		if !st.YourTurn {
			t.Fatalf("%s %s: not over, not thinking and not seat 0's turn: %+v", st.Game, st.Mode, st)
		}
		if len(st.Actions) == 0 {
			t.Fatalf("%s %s: seat 0's turn without actions", st.Game, st.Mode)
		}
		if st.CanUndo && rng.IntN(40) == 0 {
			var next playState
			if code := p.call("POST", "/api/play/"+id+"/undo", map[string]int{"seat": 0}, &next); code != 200 {
				t.Fatalf("undo: %d", code)
			}
			st = next
			continue
		}
		a := st.Actions[rng.IntN(len(st.Actions))]
		code, next, msg := p.act(id, 0, st.Version, a.Text)
		if code != 200 {
			t.Fatalf("%s %s: act %q: %d %s", st.Game, st.Mode, a.Text, code, msg)
		}
		st = next
	}
	check(st)
	return st
}

// TestPlayEveryModeToTheEnd: for every registered game and mode, a game
// started with seat 0 a person (choosing at random, undoing now and then)
// and random engine seats is played through the API to its result.
func TestPlayEveryModeToTheEnd(t *testing.T) {
	p := newPlayServer(t, nil)
	for _, c := range everyMode(t, p.s) {
		t.Run(c.game.ID+"-"+c.mode.Name, func(t *testing.T) {
			p.t = t
			seats := seatsOf(t, p.s, c.game, c.mode, c.o, "random")
			st := p.start(startRequest{Game: c.game.ID, Mode: c.mode.Name, Seed: 3, Flags: c.o.Flags, Seats: seats})
			if st.State.Seat != 0 || len(st.State.Humans) != 1 {
				t.Fatalf("the start's state: %+v", st.State)
			}
			rng := rand.New(rand.NewPCG(3, 3))
			decisions, forecasts := 0, 0
			end := playToEnd(t, p, st.ID, st.State, rng, func(s playState) {
				decisions++
				if s.SVG == "" || !strings.HasPrefix(s.SVG, "<svg") {
					t.Fatalf("no board drawn: %.100q (%s)", s.SVG, s.Problem)
				}
				if i := slices.IndexFunc(s.Events, func(e string) bool { return e == "" || strings.Contains(e, "\n") }); i >= 0 {
					t.Fatalf("event %d is not a sentence: %q", i, s.Events[i])
				}
				if len(s.Scores) == 0 || slices.ContainsFunc(s.Scores, func(x playScore) bool { return x.Text == "" || x.Name == "" }) {
					t.Fatalf("scores %+v", s.Scores)
				}
				for _, a := range s.Actions {
					if a.Detail != "" {
						forecasts++
						if !strings.HasPrefix(a.Detail, "forecast: ") {
							t.Fatalf("the detail of %q: %q", a.Text, a.Detail)
						}
					}
				}
			})
			if end.Result == "" || end.ToMove != -1 || len(end.Actions) != 0 {
				t.Fatalf("the end: %+v", end)
			}
			t.Logf("%d decisions, %d forecasts: %s; scores %+v", decisions, forecasts, end.Result, end.Scores)
			if forecaster := c.game.ID == "tropera" && c.mode.Name == "battle" || c.game.ID == "annas"; forecaster && forecasts == 0 {
				t.Fatal("no attack was forecast")
			}
		})
	}
}

// seatsOf are the seats of a mode's match with o: seat 0 a person, the
// others engine (a policy's name), "" for a seat the rules play.
func seatsOf(t testing.TB, s *Studio, g *games.Game, m play.Mode, o play.Options, engine string) []string {
	t.Helper()
	match, err := m.New(s.current().game(g.ID).rules, o)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i, x := range match.Seats() {
		switch {
		case x.Auto:
			out = append(out, "")
		case i == 0:
			out = append(out, "human")
		default:
			out = append(out, engine)
		}
	}
	return out
}

// hiddenOf is the game's Hidden (engine/<game>/hidden.go): a new record
// of what was seen, for one game.
func hiddenOf(t testing.TB, game string) func(play.Match, int) []string {
	switch game {
	case "annas":
		return annasengine.Hidden()
	case "fe-cipher":
		return fecengine.Hidden()
	case "battlecrest":
		return bcengine.Hidden
	case "table-battles":
		return tbengine.Hidden
	case "tropera":
		return troengine.Hidden
	}
	t.Fatalf("no Hidden for %s", game)
	return nil
}

// exported are the routes whose answers hold the truth, on an explicit
// click: the leak test does not hold them to the seat's view.
func exported(route string) bool {
	for _, suffix := range []string{"/position", "/log", "/link"} {
		if strings.HasSuffix(strings.SplitN(route, "?", 2)[0], suffix) {
			return true
		}
	}
	return false
}

// intersect are the words in every list.
func intersect(lists [][]string) []string {
	if len(lists) == 0 {
		return nil
	}
	count := map[string]int{}
	for _, l := range lists {
		for _, w := range slices.Compact(slices.Sorted(slices.Values(l))) {
			count[w]++
		}
	}
	var out []string
	for w, n := range count {
		if n == len(lists) {
			out = append(out, w)
		}
	}
	slices.Sort(out)
	return out
}

// splitLog takes the log out of an answer's state: it is the answer
// without it, and the log's entries not sent before (*last is the log
// last sent). An action in the log named what it named when it was taken
// (a card discarded face up, since shuffled away): each entry is held to
// what the seat may not see when it is first sent.
func splitLog(body []byte, last *[]string) ([]byte, []byte) {
	var v map[string]any
	if json.Unmarshal(body, &v) != nil {
		return body, nil
	}
	st := v
	if inner, ok := v["state"].(map[string]any); ok {
		st = inner
	}
	raw, ok := st["log"].([]any)
	if !ok {
		return body, nil
	}
	var log []string
	for _, e := range raw {
		s, _ := e.(string)
		log = append(log, s)
	}
	k := 0
	for k < len(log) && k < len(*last) && log[k] == (*last)[k] {
		k++
	}
	*last = log
	delete(st, "log")
	rest, _ := json.Marshal(v)
	fresh, _ := json.Marshal(log[k:])
	return rest, fresh
}

// leakStats is what a leak run saw, so that a test can assert it was not
// vacuous.
type leakStats struct {
	answers, secrets, errors int
}

// leakRun plays one seeded game with seat 0 a person (random choices,
// undo now and then, an illegal and a stale action at every decision)
// against random engines, and holds every answer sent for seat 0 (start,
// view, act, undo, errors) to hold none of what seat 0 may not see as the
// game stood when the answer was built. It returns the first leak found
// ("" for none).
func leakRun(t testing.TB, p *playServer, game *games.Game, m play.Mode, o play.Options, seed uint64) (string, leakStats) {
	t.Helper()
	hidden := hiddenOf(t, game.ID)
	// An answer's events are those since seat 0's previous decision: a
	// card seen at any moment since may be named by them. So an answer is
	// held to what was hidden at every answer since that decision (window:
	// Hidden's lists, the decision's first).
	var window [][]string
	var lastLog []string
	var st leakStats
	leak := ""
	// The random source's states (long hex words) are secrets for good:
	// each one listed is looked for in every later answer.
	rngs := map[string]bool{}
	rngRe := regexp.MustCompile(`^[0-9a-f]{32,}$`)
	p.s.onPlayAnswer = func(m play.Match, seat int) {
		if seat == 0 {
			list := hidden(m, seat)
			for _, h := range list {
				if rngRe.MatchString(h) {
					rngs[h] = true
				}
			}
			window = append(window, list)
		}
	}
	p.seen = func(route string, code int, body []byte) {
		if exported(route) || leak != "" {
			return
		}
		secrets := intersect(window)
		for h := range rngs {
			secrets = append(secrets, h)
		}
		st.answers++
		st.secrets += len(secrets)
		if code >= 400 {
			st.errors++
		}
		body, fresh := splitLog(body, &lastLog)
		body = append(body, fresh...)
		for _, h := range secrets {
			if h != "" && playtest.ContainsWord(body, h) {
				leak = fmt.Sprintf("%s (%d) holds %q, which seat 0 may not see", route, code, h)
				if os.Getenv("PLAY_LEAK_DEBUG") != "" {
					i := regexp.MustCompile(`(?i)(^|[^-_0-9a-z])` + regexp.QuoteMeta(h) + `($|[^-_0-9a-z])`).FindIndex(body)[0]
					leak += fmt.Sprintf(": …%s…", body[max(0, i-300):min(len(body), i+100)])
				}
				return
			}
		}
	}
	decided := func() {
		if len(window) > 0 {
			window = window[len(window)-1:]
		}
	}
	defer func() { p.seen, p.s.onPlayAnswer = nil, nil }()
	res := p.start(startRequest{Game: game.ID, Mode: m.Name, Seed: seed, Flags: o.Flags, Seats: seatsOf(t, p.s, game, m, o, "random")})
	rng := rand.New(rand.NewPCG(seed, 7))
	s := res.State
	for n := 0; !s.Over && leak == ""; n++ {
		if n > 5000 {
			t.Fatalf("not over after %d decisions", n)
		}
		s = p.settle(res.ID, 0, s)
		if s.Over {
			break
		}
		// An illegal action and a stale one: errors are answers too.
		if code, _, _ := p.act(res.ID, 0, s.Version, "no such action"); code != http.StatusBadRequest {
			t.Fatalf("an illegal action: %d", code)
		}
		if code, _, _ := p.act(res.ID, 0, s.Version-1, s.Actions[0].Text); code != http.StatusConflict {
			t.Fatalf("a stale action: %d", code)
		}
		if s.CanUndo && rng.IntN(30) == 0 {
			window = nil
			p.call("POST", "/api/play/"+res.ID+"/undo", map[string]int{"seat": 0}, &s)
			continue
		}
		a := s.Actions[rng.IntN(len(s.Actions))]
		decided()
		code, next, msg := p.act(res.ID, 0, s.Version, a.Text)
		if code != 200 {
			t.Fatalf("act %q: %d %s", a.Text, code, msg)
		}
		s = next
	}
	return leak, st
}

// TestPlayLeaksNoHiddenCards: for every game and mode, in seeded games
// with seat 0 a person against engines, no answer sent for seat 0 (start,
// view, act, undo and their errors) holds a card, a house's contents or
// the random source's state that seat 0 may not see (each game's Hidden,
// the one its view tests use), and the runs saw secrets to look for.
func TestPlayLeaksNoHiddenCards(t *testing.T) {
	p := newPlayServer(t, nil)
	seeds := uint64(3)
	if testing.Short() {
		seeds = 1
	}
	for _, c := range everyMode(t, p.s) {
		t.Run(c.game.ID+"-"+c.mode.Name, func(t *testing.T) {
			p.t = t
			var all leakStats
			for seed := uint64(1); seed <= seeds; seed++ {
				leak, st := leakRun(t, p, c.game, c.mode, c.o, seed)
				if leak != "" {
					t.Fatalf("seed %d: %s", seed, leak)
				}
				all.answers += st.answers
				all.secrets += st.secrets
				all.errors += st.errors
			}
			t.Logf("%+v", all)
			if all.answers < 10 || all.secrets < all.answers || all.errors < 2 {
				t.Fatalf("the leak test saw too little: %+v", all)
			}
		})
	}
}

// leakyMatch tells a seat everything: its Show ends with the whole
// position (cards, houses and the random source's state).
type leakyMatch struct{ play.Match }

func (l leakyMatch) Unwrap() play.Match { return l.Match }
func (l leakyMatch) Clone() play.Match  { return leakyMatch{l.Match.Clone()} }
func (l leakyMatch) View(seat int) any  { return l.Match.(play.Viewer).View(seat) }
func (l leakyMatch) Private(i int) string {
	return l.Match.(play.Viewer).Private(i)
}
func (l leakyMatch) Show(seat int) string {
	b, _ := json.Marshal(l.Match.Position())
	return l.Match.(play.Viewer).Show(seat) + string(b)
}

// TestPlayLeakTestCatchesALeak: the leak test is not vacuous. With every
// game's matches made to leak their position through Show, the leak test
// of every game and mode fails, naming the answer.
func TestPlayLeakTestCatchesALeak(t *testing.T) {
	p := newPlayServer(t, nil)
	p.s.playMode = func(m play.Mode) play.Mode {
		next := m.New
		m.New = func(rules any, o play.Options) (play.Match, error) {
			match, err := next(rules, o)
			if err != nil {
				return nil, err
			}
			return leakyMatch{match}, nil
		}
		return m
	}
	for _, c := range everyMode(t, p.s) {
		t.Run(c.game.ID+"-"+c.mode.Name, func(t *testing.T) {
			p.t = t
			leak, _ := leakRun(t, p, c.game, c.mode, c.o, 1)
			if !strings.Contains(leak, "which seat 0 may not see") {
				t.Fatalf("a Show with the whole position passed the leak test (%q)", leak)
			}
			t.Log(leak)
		})
	}
}

// truth is the true position of a game in play, as JSON.
func (p *playServer) truth(id string) string {
	p.t.Helper()
	g, _, why := p.s.plays.get(id, 0)
	if g == nil {
		p.t.Fatalf("no game %s: %s", id, why)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	b, err := json.Marshal(g.sess.Match().Position())
	if err != nil {
		p.t.Fatal(err)
	}
	return string(b)
}

// annasGame starts Anna's versus, seat 0 a person, seat 1 random, and
// waits for seat 0's decision.
func annasGame(t *testing.T, p *playServer, seats ...string) (string, playState) {
	t.Helper()
	if seats == nil {
		seats = []string{"human", "random"}
	}
	st := p.start(startRequest{Game: "annas", Mode: "versus", Seed: 5, Seats: seats})
	return st.ID, p.settle(st.ID, 0, st.State)
}

// TestPlayStaleOrIllegalActionChangesNothing: an act with a version older
// than the game's is 409 with the game as it stands; an action that is
// not legal is 400 naming the nearest; seat 1 acting on seat 0's turn is
// 409; none of them changes the game.
func TestPlayStaleOrIllegalActionChangesNothing(t *testing.T) {
	p := newPlayServer(t, nil)
	id, st := annasGame(t, p, "human", "human")
	before := p.truth(id)
	code, got, msg := p.act(id, 0, st.Version-1, st.Actions[0].Text)
	if code != http.StatusConflict || !strings.Contains(msg, "another tab played first") || got.Version != st.Version || !got.YourTurn {
		t.Fatalf("a stale act: %d %q %+v", code, msg, got.Version)
	}
	code, _, msg = p.act(id, 0, st.Version, st.Actions[0].Text+" x")
	if code != http.StatusBadRequest || !strings.Contains(msg, "is not a legal action; nearest: ") || !strings.Contains(msg, st.Actions[0].Text) {
		t.Fatalf("an illegal act: %d %q", code, msg)
	}
	code, _, msg = p.act(id, 1, st.Version, st.Actions[0].Text)
	if code != http.StatusConflict || !strings.Contains(msg, "not your turn") {
		t.Fatalf("seat 1 on seat 0's turn: %d %q", code, msg)
	}
	var e errState
	if code := p.call("POST", "/api/play/"+id+"/act", map[string]any{"seat": 0, "action": st.Actions[0].Text}, &e); code != http.StatusBadRequest || !strings.Contains(e.Error, "version") {
		t.Fatalf("an act without a version: %d %q", code, e.Error)
	}
	if after := p.truth(id); after != before {
		t.Fatal("a refused act changed the game")
	}
	if now := p.view(id, 0, false); now.Version != st.Version {
		t.Fatalf("version %d after refused acts, was %d", now.Version, st.Version)
	}
	// The fresh version is taken.
	if code, next, msg := p.act(id, 0, st.Version, st.Actions[0].Text); code != 200 || next.Version <= st.Version {
		t.Fatalf("the act: %d %q", code, msg)
	}
}

// TestPlayOnlyPeoplesSeatsAreShown: the engine's seat is neither shown
// nor played (403), and a seat that does not exist is 400.
func TestPlayOnlyPeoplesSeatsAreShown(t *testing.T) {
	p := newPlayServer(t, nil)
	id, st := annasGame(t, p)
	var e errState
	if code := p.call("GET", "/api/play/"+id+"?seat=1", nil, &e); code != http.StatusForbidden || !strings.Contains(e.Error, "not a person's") {
		t.Fatalf("the engine's seat: %d %q", code, e.Error)
	}
	if code, _, _ := p.act(id, 1, st.Version, st.Actions[0].Text); code != http.StatusForbidden {
		t.Fatalf("acting for the engine's seat: %d", code)
	}
	if code := p.call("POST", "/api/play/"+id+"/undo", map[string]int{"seat": 1}, &e); code != http.StatusForbidden {
		t.Fatalf("undoing for the engine's seat: %d", code)
	}
	if code := p.call("GET", "/api/play/"+id+"?seat=7", nil, &e); code != http.StatusBadRequest {
		t.Fatalf("seat 7: %d", code)
	}
	if code := p.call("POST", "/api/play", startRequest{Game: "annas", Mode: "versus", Seats: []string{"random", "greedy"}}, &e); code != http.StatusBadRequest || !strings.Contains(e.Error, "human") {
		t.Fatalf("a game without a person: %d %q", code, e.Error)
	}
}

// TestPlayUndoRestoresThePosition: after an act and the engine's answer,
// undo gives back the exact position seat 0 decided in, and acting the
// same again plays on as before (the engine's replies replayed).
func TestPlayUndoRestoresThePosition(t *testing.T) {
	p := newPlayServer(t, nil)
	id, st := annasGame(t, p)
	var last playState
	var code int
	if code = p.call("POST", "/api/play/"+id+"/undo", map[string]int{"seat": 0}, &errState{}); code != http.StatusConflict {
		t.Fatalf("undo with nothing to undo: %d", code)
	}
	for range 5 {
		before := p.truth(id)
		a := st.Actions[len(st.Actions)-1].Text
		_, next, _ := p.act(id, 0, st.Version, a)
		next = p.settle(id, 0, next)
		after := p.truth(id)
		if code = p.call("POST", "/api/play/"+id+"/undo", map[string]int{"seat": 0}, &last); code != 200 {
			t.Fatalf("undo: %d", code)
		}
		if got := p.truth(id); got != before {
			t.Fatal("undo did not restore the position seat 0 decided in")
		}
		if last.Version <= next.Version || !last.YourTurn {
			t.Fatalf("after undo: version %d (was %d), your turn %v", last.Version, next.Version, last.YourTurn)
		}
		_, again, _ := p.act(id, 0, last.Version, a)
		again = p.settle(id, 0, again)
		if got := p.truth(id); got != after {
			t.Fatal("the same act after undo played on otherwise")
		}
		st = again
		if st.Over {
			break
		}
	}
}

// TestPlayBounds: the store keeps Options.PlayGames games, dropping the
// one used least recently (410 with the reason), and drops a game idle
// for longer than Options.PlayIdle.
func TestPlayBounds(t *testing.T) {
	p := newPlayServer(t, func(o *Options) { o.PlayGames, o.PlayIdle = 3, time.Hour })
	p.s.playInit()
	now := time.Unix(1000, 0)
	p.s.plays.now = func() time.Time { return now }
	var ids []string
	for range 3 {
		id, _ := annasGame(t, p)
		ids = append(ids, id)
		now = now.Add(time.Second)
	}
	p.view(ids[0], 0, false) // the first is used again: the second is the least recent
	now = now.Add(time.Second)
	id4, _ := annasGame(t, p)
	var e errState
	if code := p.call("GET", "/api/play/"+ids[1]+"?seat=0", nil, &e); code != http.StatusGone || !strings.Contains(e.Error, "closed to make room (the studio keeps 3 games)") {
		t.Fatalf("the dropped game: %d %q", code, e.Error)
	}
	for _, id := range []string{ids[0], ids[2], id4} {
		p.view(id, 0, false)
	}
	if n := p.s.plays.len(); n != 3 {
		t.Fatalf("%d games in play, want 3", n)
	}
	now = now.Add(61 * time.Minute)
	if code := p.call("GET", "/api/play/"+id4+"?seat=0", nil, &e); code != http.StatusGone || !strings.Contains(e.Error, "closed after 1h1m0s without a move") {
		t.Fatalf("an idle game: %d %q", code, e.Error)
	}
	if code := p.call("GET", "/api/play/0123?seat=0", nil, &e); code != http.StatusNotFound {
		t.Fatalf("an id never given: %d", code)
	}
	if n := p.s.plays.len(); n != 0 {
		t.Fatalf("%d games in play after an hour idle", n)
	}
}

// TestPlayDefaultBounds: a studio keeps 32 games, 30 minutes idle; the
// 33rd game started drops the first.
func TestPlayDefaultBounds(t *testing.T) {
	if DefaultOptions.PlayGames != 32 || DefaultOptions.PlayIdle != 30*time.Minute {
		t.Fatalf("defaults %d, %s", DefaultOptions.PlayGames, DefaultOptions.PlayIdle)
	}
	p := newPlayServer(t, nil)
	var first string
	for i := range 33 {
		st := p.start(startRequest{Game: "tropera", Mode: "levelup", Seed: uint64(i), Seats: []string{"human"}})
		if i == 0 {
			first = st.ID
		}
	}
	var e errState
	if code := p.call("GET", "/api/play/"+first+"?seat=0", nil, &e); code != http.StatusGone || !strings.Contains(e.Error, "the studio keeps 32 games") {
		t.Fatalf("the first of 33: %d %q", code, e.Error)
	}
}

// TestPlayDroppedGameStopsItsSearch: a game dropped while its search
// thinks (a budget of a million playouts) stops thinking at once.
func TestPlayDroppedGameStopsItsSearch(t *testing.T) {
	p := newPlayServer(t, func(o *Options) { o.PlayGames = 1 })
	st := p.start(startRequest{Game: "annas", Mode: "versus", Seed: 5, Seats: []string{"search:1000000", "human"}})
	g, _, _ := p.s.plays.get(st.ID, 0)
	g.mu.Lock()
	thinking, done := g.thinking, g.done
	g.mu.Unlock()
	if !thinking || !st.State.Thinking {
		t.Fatal("the search is not thinking")
	}
	p.start(startRequest{Game: "tropera", Mode: "levelup", Seats: []string{"human"}}) // drops the first
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the dropped game's search still thinks")
	}
	if g.ctx.Err() == nil {
		t.Fatal("the dropped game's context did not end")
	}
}

// TestPlayCrossSiteRefused: a start, an act or an undo from another
// site's page is refused before anything runs; a GET of a seat's state
// from another site (Sec-Fetch-Site cross-site or same-site) is refused
// too, and no play answer allows another origin to read it (no CORS
// header).
func TestPlayCrossSiteRefused(t *testing.T) {
	p := newPlayServer(t, nil)
	id, st := annasGame(t, p)
	before := p.truth(id)
	games := p.s.plays.len()
	for _, c := range []struct{ path, body string }{
		{"/api/play", `{"game":"annas","mode":"versus","seats":["human","random"]}`},
		{"/api/play/" + id + "/act", fmt.Sprintf(`{"seat":0,"version":%d,"action":%q}`, st.Version, st.Actions[0].Text)},
		{"/api/play/" + id + "/undo", `{"seat":0}`},
	} {
		for _, h := range []map[string]string{{"Origin": "http://evil.example.com"}, {"Sec-Fetch-Site": "cross-site", "Origin": p.ts.URL}, {}} {
			req, _ := http.NewRequest("POST", p.ts.URL+c.path, strings.NewReader(c.body))
			for k, v := range h {
				req.Header.Set(k, v)
			}
			res, body := do(t, req)
			if res.StatusCode != http.StatusForbidden {
				t.Errorf("POST %s with %v: %s %s", c.path, h, res.Status, body)
			}
		}
	}
	if p.truth(id) != before || p.s.plays.len() != games {
		t.Fatal("a refused request changed something")
	}
	for _, path := range []string{"/api/play/" + id + "?seat=0", "/api/play/" + id + "/position", "/api/play/" + id + "/log", "/api/play/" + id + "/link", "/api/play/setup"} {
		for _, site := range []string{"cross-site", "same-site"} {
			req, _ := http.NewRequest("GET", p.ts.URL+path, nil)
			req.Header.Set("Sec-Fetch-Site", site)
			res, body := do(t, req)
			if res.StatusCode != http.StatusForbidden || strings.Contains(body, "hand") {
				t.Errorf("GET %s from a %s page: %s %.200s", path, site, res.Status, body)
			}
		}
		req, _ := http.NewRequest("GET", p.ts.URL+path, nil)
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		res, _ := do(t, req)
		if res.StatusCode != 200 || res.Header.Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("GET %s from the studio's page: %s, CORS %q", path, res.Status, res.Header.Get("Access-Control-Allow-Origin"))
		}
	}
}

// TestPlayExportsReadBack: the position export loads back with the mode's
// Load to the true position (JSON compared) and starts a game there; the
// log export replays, as the replay viewer and play --actions read it, to
// the same result; the link reopens the same game.
func TestPlayExportsReadBack(t *testing.T) {
	p := newPlayServer(t, nil)
	for _, c := range everyMode(t, p.s) {
		t.Run(c.game.ID+"-"+c.mode.Name, func(t *testing.T) {
			p.t = t
			st := p.start(startRequest{Game: c.game.ID, Mode: c.mode.Name, Seed: 11, Flags: c.o.Flags, Seats: seatsOf(t, p.s, c.game, c.mode, c.o, "greedy")})
			s := p.settle(st.ID, 0, st.State)
			rng := rand.New(rand.NewPCG(11, 1))
			for range 6 {
				if s.Over {
					break
				}
				_, s, _ = p.act(st.ID, 0, s.Version, s.Actions[rng.IntN(len(s.Actions))].Text)
				s = p.settle(st.ID, 0, s)
			}
			truth := p.truth(st.ID)
			// The position.
			res, text := do(t, playGet(t, p.ts.URL+"/api/play/"+st.ID+"/position"))
			if !strings.HasPrefix(res.Header.Get("Content-Disposition"), "attachment") {
				t.Fatalf("the position is not an attachment: %q", res.Header.Get("Content-Disposition"))
			}
			env, err := play.ReadPosition("position.yaml", []byte(text))
			if err != nil {
				t.Fatal(err)
			}
			m, err := c.mode.Load(p.s.current().game(c.game.ID).rules, env.State)
			if err != nil {
				t.Fatal(err)
			}
			if b, _ := json.Marshal(m.Position()); string(b) != truth {
				t.Fatalf("the position read back:\n%s\nthe game's:\n%s", b, truth)
			}
			if !s.Over {
				from := p.start(startRequest{Position: text, Seats: seatsOf(t, p.s, c.game, c.mode, c.o, "greedy")})
				if got := p.truth(from.ID); got != truth {
					t.Fatal("a game started from the position is elsewhere")
				}
			}
			// The link.
			var link struct{ URL string }
			p.call("GET", "/api/play/"+st.ID+"/link", nil, &link)
			u, err := url.Parse(link.URL)
			if err != nil || u.Path != "/play" {
				t.Fatalf("link %q: %v", link.URL, err)
			}
			q := u.Query()
			flags := map[string][]string{}
			for k, v := range q {
				if name, ok := strings.CutPrefix(k, "flag."); ok {
					flags[name] = v
				}
			}
			seed, _ := strconv.ParseUint(q.Get("seed"), 10, 64)
			again := p.start(startRequest{Game: q.Get("game"), Mode: q.Get("mode"), Seed: seed, Flags: flags, Seats: strings.Split(q.Get("seats"), ","), Actions: q["actions"]})
			if got := p.truth(again.ID); got != truth {
				t.Fatal("the link reopens another game")
			}
			// Play on to the end; the log replays to the same result.
			end := playToEnd(t, p, st.ID, s, rng, func(playState) {})
			_, log := do(t, playGet(t, p.ts.URL+"/api/play/"+st.ID+"/log"))
			req, err := parseLog(strings.NewReader(log))
			if err != nil {
				t.Fatal(err)
			}
			rep, err := p.s.current().replay(context.Background(), req, func(context.Context, int) {})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Result != end.Result {
				t.Fatalf("the log replays to %q; the game ended %q", rep.Result, end.Result)
			}
			// As play --actions applies it: a new match, every action.
			match, err := c.mode.New(p.s.current().game(c.game.ID).rules, play.Options{Seed: req.Seed, Flags: req.Flags})
			if err != nil {
				t.Fatal(err)
			}
			r := play.NewRunner(match, nil)
			for _, a := range req.Actions {
				if err := r.DoText(a); err != nil {
					t.Fatal(err)
				}
			}
			if b, _ := json.Marshal(match.Position()); string(b) != p.truth(st.ID) || resultText(match, len(r.Log)) != end.Result {
				t.Fatal("the log's actions play to another end")
			}
		})
	}
}

func playGet(t *testing.T, u string) *http.Request {
	t.Helper()
	req, err := http.NewRequest("GET", u, nil)
	if err != nil {
		t.Fatal(err)
	}
	return req
}

// TestPlayBoardUsesThePacksLayouts: a pack's own layouts restyle the play
// board as they do render's pictures: its palette.txt's "card" colour is
// the board's background in the state sent to the seat.
func TestPlayBoardUsesThePacksLayouts(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"pack.yaml":           "kind: pack\nid: restyled\nname: Restyled\nversion: 1.0.0\ngame: annas\nrequires:\n  annas-base: \">=1.0 <2\"\n",
		"layouts/palette.txt": "card #123abc\n",
	}
	for name, text := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := New([]string{dir}, io.Discard)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	p := &playServer{t: t, s: s, ts: ts}
	st := p.start(startRequest{Game: "annas", Mode: "versus", Seed: 3, Seats: []string{"human", "random"}})
	if st.Error != "" {
		t.Fatal(st.Error)
	}
	if !strings.Contains(st.State.SVG, `fill="#123abc"`) {
		t.Errorf("the board is not drawn with the pack's palette: %.300q", st.State.SVG)
	}
	base := newPlayServer(t, nil).start(startRequest{Game: "annas", Mode: "versus", Seed: 3, Seats: []string{"human", "random"}})
	if strings.Contains(base.State.SVG, "#123abc") {
		t.Error("the base board has the pack's colour too: the test proves nothing")
	}
}
