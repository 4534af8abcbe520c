package studio

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
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
