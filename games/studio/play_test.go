package studio

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/annas"
	"github.com/roundtable-dev/roundtable/engine/battlecrest"
	"github.com/roundtable-dev/roundtable/engine/fecipher"
	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest"
	"github.com/roundtable-dev/roundtable/engine/tablebattles"
	"github.com/roundtable-dev/roundtable/engine/tropera"
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
			decisions := 0
			end := playToEnd(t, p, st.ID, st.State, rng, func(s playState) {
				decisions++
				if s.SVG == "" || !strings.HasPrefix(s.SVG, "<svg") {
					t.Fatalf("no board drawn: %.100q (%s)", s.SVG, s.Problem)
				}
			})
			if end.Result == "" || end.ToMove != -1 || len(end.Actions) != 0 {
				t.Fatalf("the end: %+v", end)
			}
			t.Logf("%d decisions: %s", decisions, end.Result)
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
		return annas.Hidden()
	case "fe-cipher":
		return fecipher.Hidden()
	case "battlecrest":
		return battlecrest.Hidden
	case "table-battles":
		return tablebattles.Hidden
	case "tropera":
		return tropera.Hidden
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
					i := regexp.MustCompile(`(?i)(^|[^-_0-9a-z])`+regexp.QuoteMeta(h)+`($|[^-_0-9a-z])`).FindIndex(body)[0]
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
