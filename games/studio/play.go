package studio

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playlog"
	"github.com/roundtable-dev/roundtable/engine/play/search"
	"github.com/roundtable-dev/roundtable/engine/play/session"
	"github.com/roundtable-dev/roundtable/games"
	"github.com/roundtable-dev/roundtable/games/render"
)

// The play page's server (docs/studio.md, "Play"; the API is
// /work/notes/play-api.md's): a game in play is a session (engine/play/
// session) of people and engine seats. Every answer to a seat is built
// from what that seat may see only: its View drawn by the game's layouts,
// its Show, the events as it saw them, its own legal actions on its turn.
// The exports (position, log, link) are the only answers that hold the
// truth, and say so.

// maxPlay caps a game's actions, as play's --max-actions does.
const maxPlay = 20000

// waitFor is how long a GET with wait=1 waits for the engine.
const waitFor = 10 * time.Second

// playGame is one game in play. mu guards everything below it; the engine
// thinks without it, on a clone.
type playGame struct {
	id      string
	last    atomic.Int64 // unix nanoseconds of the last request
	ctx     context.Context
	cancel  context.CancelFunc
	game    *games.Game
	mode    play.Mode
	rules   any
	layouts *render.Layouts
	seed    uint64
	flags   map[string][]string // the mode's flags, defaults filled in
	from    string              // the position it started from, if any
	kinds   []string            // per seat: "human", a policy ("search:200"), "" for the rules
	// onAnswer is the studio's onPlayAnswer (tests).
	onAnswer func(m play.Match, seat int)

	mu       sync.Mutex
	sess     *session.Session
	version  int  // grows with every change: a tab that saw another is stale
	thinking bool // an engine seat is deciding
	gen      int  // which thinking is current: undo starts another
	done     chan struct{}
	err      string // the engine failed: the game cannot go on
}

func (g *playGame) touch(t time.Time) { g.last.Store(t.UnixNano()) }
func (g *playGame) used() time.Time   { return time.Unix(0, g.last.Load()) }

// Seat kinds of the API.
const (
	kindHuman  = "human"
	kindEngine = "engine"
	kindRules  = "rules"
)

// playSeat is a seat in a start answer.
type playSeat struct {
	Index  int    `json:"index"`
	Name   string `json:"name"`
	Kind   string `json:"kind"`
	Policy string `json:"policy,omitempty"`
}

// playState is what one seat is shown (play-api.md, State).
type playState struct {
	ID         string       `json:"id"`
	Game       string       `json:"game"`
	Mode       string       `json:"mode"`
	Seed       uint64       `json:"seed"`
	Version    int          `json:"version"`
	Seat       int          `json:"seat"`
	SeatName   string       `json:"seatName"`
	ToMove     int          `json:"toMove"`
	ToMoveName string       `json:"toMoveName"`
	YourTurn   bool         `json:"yourTurn"`
	Thinking   bool         `json:"thinking"`
	Over       bool         `json:"over"`
	Result     string       `json:"result"`
	Scores     []playScore  `json:"scores"`
	SVG        string       `json:"svg"`
	Show       string       `json:"show"`
	Events     []string     `json:"events"`
	Actions    []playAction `json:"actions"`
	CanUndo    bool         `json:"canUndo"`
	Log        []string     `json:"log"`
	Humans     []int        `json:"humans"`
	Problem    string       `json:"problem,omitempty"` // the board could not be drawn, the engine failed
}

type playScore struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
	Text string `json:"text"`
}

type playAction struct {
	I      int      `json:"i"`
	Text   string   `json:"text"`
	Group  string   `json:"group"`
	Words  []string `json:"words"`            // the text's words after the first
	Detail string   `json:"detail,omitempty"` // the combat forecast of an attack (play.Forecaster)
}

func playError(w http.ResponseWriter, code int, format string, args ...any) {
	writeJSON(w, code, map[string]string{"error": fmt.Sprintf(format, args...)})
}

// setup ---------------------------------------------------------------

type setupFlag struct {
	Name    string   `json:"name"`
	Usage   string   `json:"usage"`
	Default string   `json:"default"`
	Kind    string   `json:"kind"`
	Choices []string `json:"choices,omitempty"`
}

type setupMode struct {
	Name     string      `json:"name"`
	Summary  string      `json:"summary"`
	Flags    []setupFlag `json:"flags"`
	Seats    []play.Seat `json:"seats"`
	Policies []string    `json:"policies"`
	Budget   int         `json:"budget"`
}

type setupGame struct {
	Name  string      `json:"name"`
	Title string      `json:"title"`
	Modes []setupMode `json:"modes"`
}

func flagKind(k play.FlagKind) string {
	switch k {
	case play.Int:
		return "int"
	case play.Strings:
		return "strings"
	}
	return "string"
}

// playSetup answers what can be played: every game with a ruleset in
// these packs, its modes, their flags, seats and policies.
func (s *Studio) playSetup(w http.ResponseWriter, r *http.Request) {
	snap := s.current()
	out := struct {
		Games []setupGame `json:"games"`
	}{Games: []setupGame{}}
	for _, g := range gameModes() {
		gv := snap.game(g.ID)
		if gv == nil || gv.rules == nil {
			continue
		}
		sg := setupGame{Name: g.ID, Title: g.Name}
		for _, m := range g.Modes {
			sm := setupMode{Name: m.Name, Summary: m.Summary, Flags: []setupFlag{}, Seats: []play.Seat{}, Budget: opponentBudget(m)}
			for _, f := range m.Flags {
				sf := setupFlag{Name: f.Name, Usage: f.Usage, Default: f.Default, Kind: flagKind(f.Kind)}
				if f.Choices != nil {
					sf.Choices = f.Choices(gv.rules)
				}
				sm.Flags = append(sm.Flags, sf)
			}
			if match, err := m.New(gv.rules, setupOptions(m, gv.rules)); err == nil {
				sm.Seats = match.Seats()
			}
			sm.Policies = m.PolicyNames()
			sg.Modes = append(sg.Modes, sm)
		}
		out.Games = append(out.Games, sg)
	}
	writeJSON(w, http.StatusOK, out)
}

// setupOptions are the options of a mode's default setup: its defaults,
// and the first choice of a flag that has choices and no default.
func setupOptions(m play.Mode, rules any) play.Options {
	o := options(m, 1, nil)
	for _, f := range m.Flags {
		if len(o.Flags[f.Name]) == 0 && f.Choices != nil && f.Kind != play.Strings {
			if c := f.Choices(rules); len(c) > 0 {
				o.Flags[f.Name] = c[:1]
			}
		}
	}
	return o
}

// opponentBudget is the search's playouts opposite a person.
func opponentBudget(m play.Mode) int {
	if m.OpponentBudget > 0 {
		return m.OpponentBudget
	}
	return search.DefaultBudget
}

// enginePolicy is the policy called name: the mode's, random, or
// search:N, the search at N playouts per decision (the same policies
// `play --seat N=search:400` gives).
func enginePolicy(m play.Mode, name string) (play.PolicyMaker, error) {
	if b, ok := strings.CutPrefix(name, "search:"); ok {
		n, err := strconv.Atoi(b)
		if err != nil || n < 1 || n > 1_000_000 {
			return nil, fmt.Errorf("policy %s: the budget is a whole number of playouts per decision from 1 to 1000000 (search:400)", name)
		}
		return search.Over(m.Policies["greedy"], n).Maker(), nil
	}
	if name == "search" {
		name = fmt.Sprintf("search:%d", opponentBudget(m))
		return enginePolicy(m, name)
	}
	if mk := m.Policies[name]; mk != nil {
		return mk, nil
	}
	if name == "random" {
		return play.NewRandom, nil
	}
	return nil, fmt.Errorf("unknown policy %q (want human or one of %s, or search:N)", name, strings.Join(m.PolicyNames(), ", "))
}

// start ---------------------------------------------------------------

type startRequest struct {
	Game     string              `json:"game"`
	Mode     string              `json:"mode"`
	Seed     uint64              `json:"seed"`
	Flags    map[string][]string `json:"flags"`
	Seats    []string            `json:"seats"`
	Actions  []string            `json:"actions"`
	Position string              `json:"position"`
}

// playStart starts a game.
func (s *Studio) playStart(w http.ResponseWriter, r *http.Request) {
	var req startRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			bodyError(w, err)
			return
		}
		playError(w, http.StatusBadRequest, "the request is not the JSON of a start: %v", err)
		return
	}
	g, code, err := s.newPlayGame(req)
	if err != nil {
		playError(w, code, "%v", err)
		return
	}
	s.playInit()
	s.plays.add(g, s.Options.PlayGames, s.Options.PlayIdle)
	g.mu.Lock()
	g.think()
	seat := g.firstHuman()
	st := g.state(seat)
	g.mu.Unlock()
	seats := []playSeat{}
	for i, x := range g.sess.Match().Seats() {
		ps := playSeat{Index: x.Index, Name: x.Name, Kind: kindEngine, Policy: g.kinds[i]}
		switch g.kinds[i] {
		case kindHuman:
			ps.Kind, ps.Policy = kindHuman, ""
		case "":
			ps.Kind = kindRules
		}
		seats = append(seats, ps)
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": g.id, "seats": seats, "state": st})
}

// newPlayGame makes the game a start asks for, its given actions played.
// code is the status of an error.
func (s *Studio) newPlayGame(req startRequest) (*playGame, int, error) {
	snap := s.current()
	var env *play.Envelope
	if req.Position != "" {
		e, err := play.ReadPosition("the position", []byte(req.Position))
		if err != nil {
			return nil, http.StatusBadRequest, err
		}
		env = e
		req.Game, req.Mode = e.Game, e.Mode
	}
	gv := snap.game(req.Game)
	if gv == nil {
		var ids []string
		for _, x := range snap.games {
			ids = append(ids, x.game.ID)
		}
		return nil, http.StatusBadRequest, fmt.Errorf("no game %q in these packs (games: %s)", req.Game, strings.Join(ids, ", "))
	}
	if gv.rules == nil {
		return nil, http.StatusBadRequest, fmt.Errorf("%s has errors: fix them to play", req.Game)
	}
	m, err := gv.game.Mode(req.Mode)
	if err != nil {
		return nil, http.StatusBadRequest, err
	}
	if s.playMode != nil {
		m = s.playMode(m)
	}
	for name := range req.Flags {
		if !slices.ContainsFunc(m.Flags, func(f play.Flag) bool { return f.Name == name }) {
			return nil, http.StatusBadRequest, fmt.Errorf("%s %s takes no flag %q", gv.game.ID, m.Name, name)
		}
	}
	o := options(m, req.Seed, req.Flags)
	open := func() (play.Match, error) { return m.New(gv.rules, o) }
	if env != nil {
		open = func() (play.Match, error) { return m.Load(gv.rules, env.State) }
	}
	probe, err := open()
	if err != nil {
		return nil, http.StatusBadRequest, err
	}
	if _, ok := probe.(play.Viewer); !ok {
		return nil, http.StatusBadRequest, fmt.Errorf("%s %s cannot be played by a person yet: its engine does not say what a seat may see", gv.game.ID, m.Name)
	}
	seats := probe.Seats()
	if len(req.Seats) > len(seats) {
		return nil, http.StatusBadRequest, fmt.Errorf("%d seats given; %s %s has %d here", len(req.Seats), gv.game.ID, m.Name, len(seats))
	}
	kinds := make([]string, len(seats))
	ss := make([]session.Seat, len(seats))
	humans := 0
	for i, x := range seats {
		k := ""
		if i < len(req.Seats) {
			k = strings.TrimSpace(strings.ToLower(req.Seats[i]))
		}
		if x.Auto {
			kinds[i] = ""
			continue
		}
		switch k {
		case kindHuman:
			humans++
			ss[i].Human = true
		case "", "search":
			k = fmt.Sprintf("search:%d", opponentBudget(m))
			fallthrough
		default:
			mk, err := enginePolicy(m, k)
			if err != nil {
				return nil, http.StatusBadRequest, fmt.Errorf("seat %d (%s): %v", i+1, x.Name, err)
			}
			ss[i].Policy = mk(req.Seed, i)
		}
		kinds[i] = k
	}
	if humans == 0 {
		return nil, http.StatusBadRequest, fmt.Errorf("no seat is a person's: make at least one seat human (the replay viewer plays engines against each other)")
	}
	sess, err := session.New(open, ss)
	if err != nil {
		return nil, http.StatusBadRequest, err
	}
	for j, a := range req.Actions {
		i, err := play.Find(sess.Match(), a)
		if err == nil {
			err = sess.Apply(i, false)
		}
		if err != nil {
			return nil, http.StatusBadRequest, fmt.Errorf("action %d of the game given: %v", j+1, err)
		}
	}
	ctx, cancel := gameContext()
	g := &playGame{ctx: ctx, cancel: cancel, game: gv.game, mode: m, rules: gv.rules, layouts: gv.layouts,
		seed: req.Seed, flags: o.Flags, kinds: kinds, sess: sess, onAnswer: s.onPlayAnswer}
	if env != nil {
		g.from = req.Position
	}
	return g, 0, nil
}

// playInit makes the store once.
func (s *Studio) playInit() {
	s.playOnce.Do(func() {
		if s.plays == nil {
			s.plays = newPlayStore()
		}
	})
}

// firstHuman is the person to decide now, else the person of the lowest
// seat.
func (g *playGame) firstHuman() int {
	m := g.sess.Match()
	if t := m.ToMove(); t >= 0 && t < len(g.kinds) && g.kinds[t] == kindHuman {
		return t
	}
	for i, k := range g.kinds {
		if k == kindHuman {
			return i
		}
	}
	return 0
}

// the engine -------------------------------------------------------------

// think lets the engine seats answer in the background when one is to
// move (g.mu held). The goroutine thinks on a clone without the lock, and
// applies its answer only if the game is still where it thought (undo
// starts another thinking: gen).
func (g *playGame) think() {
	m := g.sess.Match()
	if g.thinking || g.err != "" || m.Over() || g.sess.Waiting() || len(g.sess.Log()) >= maxPlay {
		return
	}
	g.thinking = true
	g.gen++
	gen, prev := g.gen, g.done
	done := make(chan struct{})
	g.done = done
	go func() {
		defer close(done)
		if prev != nil {
			<-prev // one thinking at a time: policies are not safe for concurrent use
		}
		for g.step(gen) {
		}
	}()
}

// step is one engine decision; false when the thinking is over.
func (g *playGame) step(gen int) bool {
	g.mu.Lock()
	if g.gen != gen || g.ctx.Err() != nil {
		g.mu.Unlock()
		return false
	}
	m := g.sess.Match()
	if m.Over() || g.sess.Waiting() || len(g.sess.Log()) >= maxPlay {
		g.thinking = false
		g.mu.Unlock()
		return false
	}
	if i, ok := g.sess.Recorded(); ok {
		err := g.sess.Apply(i, false)
		g.applied(err)
		g.mu.Unlock()
		return err == nil
	}
	seat := m.ToMove()
	var pol play.Policy
	if seat >= 0 && seat < len(g.sess.Seats()) {
		pol = g.sess.Seats()[seat].Policy
	}
	if pol == nil {
		g.err = fmt.Sprintf("no one plays seat %d", seat+1)
		g.thinking = false
		g.mu.Unlock()
		return false
	}
	c := m.Clone()
	version := g.version
	g.mu.Unlock()
	i := play.ChooseContext(g.ctx, pol, c)
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.gen != gen || g.version != version || g.ctx.Err() != nil {
		return false
	}
	err := g.sess.Apply(i, false)
	g.applied(err)
	return err == nil
}

// applied records an engine action (g.mu held).
func (g *playGame) applied(err error) {
	if err != nil {
		g.err = fmt.Sprintf("the engine failed: %v", err)
		g.thinking = false
		return
	}
	g.version++
}

// stopThinking makes the current thinking stale (g.mu held).
func (g *playGame) stopThinking() {
	if g.thinking {
		g.gen++
		g.thinking = false
	}
}

// state ------------------------------------------------------------------

func seatName(m play.Match, seat int) string {
	for _, x := range m.Seats() {
		if x.Index == seat {
			return x.Name
		}
	}
	return ""
}

// resultText is the result as a sentence: "P1 won: …", "draw: …".
func resultText(m play.Match, actions int) string {
	if !m.Over() {
		if actions >= maxPlay {
			return fmt.Sprintf("stopped after %d actions, the most a game here plays", actions)
		}
		return ""
	}
	res := m.Result()
	if len(res.Winners) == 0 {
		return "draw: " + res.Reason
	}
	var names []string
	for _, w := range res.Winners {
		names = append(names, seatName(m, w))
	}
	return strings.Join(names, " and ") + " won: " + res.Reason
}

// group is an action's kind for the page: its first word, one of move,
// attack, play and pass, or other.
func group(text string) string {
	w, _, _ := strings.Cut(text, " ")
	switch w {
	case "move", "attack", "play", "pass":
		return w
	}
	return "other"
}

// state is what seat is shown (g.mu held). It reads only what seat may
// see: View, Show, the events as seat saw them, its own legal actions.
func (g *playGame) state(seat int) playState {
	m := g.sess.Match()
	v := m.(play.Viewer)
	st := playState{ID: g.id, Game: g.game.ID, Mode: g.mode.Name, Seed: g.seed, Version: g.version,
		Seat: seat, SeatName: seatName(m, seat), ToMove: m.ToMove(), Thinking: g.thinking, Over: m.Over(),
		Result: resultText(m, len(g.sess.Log())), Scores: []playScore{}, Events: []string{}, Actions: []playAction{},
		Log: []string{}, Humans: []int{}, Problem: g.err}
	if st.Over {
		st.ToMove = -1
	}
	st.ToMoveName = seatName(m, st.ToMove)
	st.YourTurn = !st.Over && !g.thinking && st.ToMove == seat && g.err == ""
	for i, k := range g.kinds {
		if k == kindHuman {
			st.Humans = append(st.Humans, i)
		}
	}
	svg, err := g.draw(v.View(seat))
	if err != nil {
		st.Problem = "the board could not be drawn: " + err.Error()
	}
	st.SVG = svg
	st.Show = v.Show(seat)
	for _, e := range g.sess.Since(seat) {
		// A text of several lines is a drawing (Tropera's board event):
		// the board is the picture; the events are sentences.
		if (e.Kind != "action" || e.Seat != seat) && !strings.Contains(e.Text, "\n") {
			st.Events = append(st.Events, e.Text)
		}
	}
	if st.YourTurn {
		fc, _ := m.(play.Forecaster)
		for i := range m.Legal() {
			t := m.Action(i)
			a := playAction{I: i, Text: t, Group: group(t), Words: strings.Fields(t)[1:]}
			if fc != nil && slices.Contains(a.Words, "attack") || fc != nil && a.Group == "attack" {
				a.Detail = fc.Forecast(i)
			}
			st.Actions = append(st.Actions, a)
		}
	}
	st.Scores = scores(m)
	for _, e := range g.sess.Events() {
		if e.Kind != "action" {
			continue
		}
		if x, ok := e.Seen(seat); ok {
			st.Log = append(st.Log, x.Text)
		}
	}
	st.CanUndo = g.canUndo(seat)
	if g.onAnswer != nil {
		g.onAnswer(m, seat)
	}
	return st
}

// scores are the seats' scores as the game counts them (play.Scorer),
// else the result's numbers.
func scores(m play.Match) []playScore {
	out := []playScore{}
	sc, ok := m.(play.Scorer)
	var nums []int
	if !ok {
		nums = m.Result().Scores
	}
	for i, x := range m.Seats() {
		text := ""
		switch {
		case ok:
			text = sc.Score(x.Index)
		case i < len(nums):
			text = strconv.Itoa(nums[i])
		}
		if text != "" {
			out = append(out, playScore{Seat: x.Index, Name: x.Name, Text: text})
		}
	}
	return out
}

// canUndo reports whether seat has a decision of its own to go back to.
func (g *playGame) canUndo(seat int) bool {
	return g.sess.CanUndo(seat)
}

// draw is a view drawn by the game's layouts.
func (g *playGame) draw(view any) (string, error) {
	rd := g.game.Render
	if rd == nil || rd.Position == nil || g.layouts == nil {
		return "", nil
	}
	b, err := json.Marshal(view)
	if err != nil {
		return "", err
	}
	pic, err := rd.Position(g.rules, g.mode.Name, b)
	if err != nil {
		return "", err
	}
	svg, err := g.layouts.Draw(pic)
	if err != nil {
		return "", err
	}
	return string(bytes.TrimSpace(svg)), nil
}

// handlers ---------------------------------------------------------------

// game is the game of the request's {id}, or an answer written.
func (s *Studio) playGame(w http.ResponseWriter, r *http.Request) *playGame {
	s.playInit()
	g, code, why := s.plays.get(r.PathValue("id"), s.Options.PlayIdle)
	if g == nil {
		playError(w, code, "%s", why)
	}
	return g
}

// humanSeat checks that seat is a person's (g.mu held), else answers 403.
func (g *playGame) humanSeat(w http.ResponseWriter, seat int) bool {
	if seat < 0 || seat >= len(g.kinds) {
		playError(w, http.StatusBadRequest, "no seat %d: the seats are 0 to %d", seat, len(g.kinds)-1)
		return false
	}
	if g.kinds[seat] != kindHuman {
		playError(w, http.StatusForbidden, "seat %d is the engine's or the rules', not a person's: only a person's seat is shown", seat)
		return false
	}
	return true
}

func (s *Studio) playView(w http.ResponseWriter, r *http.Request) {
	g := s.playGame(w, r)
	if g == nil {
		return
	}
	seat, err := strconv.Atoi(r.URL.Query().Get("seat"))
	if err != nil {
		playError(w, http.StatusBadRequest, "seat=%q: give the seat as a number (seat=0)", r.URL.Query().Get("seat"))
		return
	}
	g.mu.Lock()
	if !g.humanSeat(w, seat) {
		g.mu.Unlock()
		return
	}
	done := g.done
	wait := g.thinking && r.URL.Query().Get("wait") == "1"
	g.mu.Unlock()
	if wait {
		t := time.NewTimer(waitFor)
		select {
		case <-done:
		case <-t.C:
		case <-r.Context().Done():
		case <-g.ctx.Done():
		}
		t.Stop()
	}
	g.mu.Lock()
	st := g.state(seat)
	g.mu.Unlock()
	writeJSON(w, http.StatusOK, st)
}

type actRequest struct {
	Seat    int    `json:"seat"`
	Version *int   `json:"version"`
	Action  string `json:"action"`
	Index   *int   `json:"index"`
}

// seatRequest reads a request of one seat's person into req (seat is its
// field): the game of {id}, locked, or nil with the answer written.
func (s *Studio) seatRequest(w http.ResponseWriter, r *http.Request, req any, seat *int) *playGame {
	g := s.playGame(w, r)
	if g == nil || !readJSON(w, r, req) {
		return nil
	}
	g.mu.Lock()
	if !g.humanSeat(w, *seat) {
		g.mu.Unlock()
		return nil
	}
	return g
}

// playAct takes a person's action.
func (s *Studio) playAct(w http.ResponseWriter, r *http.Request) {
	var req actRequest
	g := s.seatRequest(w, r, &req, &req.Seat)
	if g == nil {
		return
	}
	defer g.mu.Unlock()
	conflict := func(format string, args ...any) {
		writeJSON(w, http.StatusConflict, map[string]any{"error": fmt.Sprintf(format, args...), "state": g.state(req.Seat)})
	}
	m := g.sess.Match()
	switch {
	case req.Version == nil:
		playError(w, http.StatusBadRequest, "give the version of the game you saw (\"version\")")
		return
	case *req.Version != g.version:
		conflict("the game has moved on since you saw it (version %d, now %d): another tab played first; here is the game as it stands", *req.Version, g.version)
		return
	case g.err != "":
		conflict("%s", g.err)
		return
	case m.Over():
		conflict("the game is over: %s", resultText(m, len(g.sess.Log())))
		return
	case g.thinking:
		conflict("it is not your turn: %s is thinking", seatName(m, m.ToMove()))
		return
	case m.ToMove() != req.Seat:
		conflict("it is not your turn: %s is to move", seatName(m, m.ToMove()))
		return
	}
	i := -1
	if req.Index != nil {
		i = *req.Index
		if i < 0 || i >= m.Legal() {
			playError(w, http.StatusBadRequest, "action %d: there are %d legal actions (0 to %d)", i, m.Legal(), m.Legal()-1)
			return
		}
	} else {
		i = exactAction(m, req.Action)
		if i < 0 {
			playError(w, http.StatusBadRequest, "%s", notLegal(m, req.Action))
			return
		}
	}
	if err := g.sess.Do(i); err != nil {
		playError(w, http.StatusBadRequest, "%v", err)
		return
	}
	g.version++
	g.think()
	writeJSON(w, http.StatusOK, g.state(req.Seat))
}

// exactAction is the legal action written text (after play.Normalize), -1
// for none.
func exactAction(m play.Match, text string) int {
	a := play.Normalize(text)
	for i := range m.Legal() {
		if m.Action(i) == a {
			return i
		}
	}
	return -1
}

// notLegal says text is no legal action and names the nearest.
func notLegal(m play.Match, text string) string {
	a := play.Normalize(text)
	if a == "" {
		return "give the action to take (\"action\": its text, or \"index\")"
	}
	texts := make([]string, m.Legal())
	for i := range texts {
		texts[i] = m.Action(i)
	}
	e := &session.NotLegalError{Answer: a, Nearest: play.Nearest(a, texts, 3), Legal: len(texts)}
	return e.Error() + "; nothing was changed"
}

func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	if err := json.NewDecoder(r.Body).Decode(v); err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			bodyError(w, err)
			return false
		}
		playError(w, http.StatusBadRequest, "the request is not the JSON this route reads: %v", err)
		return false
	}
	return true
}

type undoRequest struct {
	Seat int `json:"seat"`
}

// playUndo goes back to the seat's previous decision.
func (s *Studio) playUndo(w http.ResponseWriter, r *http.Request) {
	var req undoRequest
	g := s.seatRequest(w, r, &req, &req.Seat)
	if g == nil {
		return
	}
	defer g.mu.Unlock()
	if !g.canUndo(req.Seat) {
		writeJSON(w, http.StatusConflict, map[string]any{"error": session.ErrNothingToUndo.Error(), "state": g.state(req.Seat)})
		return
	}
	g.stopThinking()
	if err := g.sess.Undo(req.Seat); err != nil {
		g.err = fmt.Sprintf("undo failed: %v", err)
		playError(w, http.StatusInternalServerError, "undo failed: %v", err)
		return
	}
	g.err = ""
	g.version++
	g.think()
	writeJSON(w, http.StatusOK, g.state(req.Seat))
}

// playPosition is the true position as a --position-out file.
func (s *Studio) playPosition(w http.ResponseWriter, r *http.Request) {
	g := s.playGame(w, r)
	if g == nil {
		return
	}
	g.mu.Lock()
	b, err := play.MarshalPosition(g.game.ID, g.mode.Name, g.sess.Match(), "yaml")
	g.mu.Unlock()
	if err != nil {
		playError(w, http.StatusInternalServerError, "the position: %v", err)
		return
	}
	w.Header().Set("Content-Type", "application/yaml")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-%s-position.yaml"`, g.game.ID, g.mode.Name))
	_, _ = w.Write(b)
}

// logHeader is the game's match line.
func (g *playGame) logHeader() playlog.Match {
	h := playlog.Match{Game: g.game.ID, Mode: g.mode.Name, Seed: int64(g.seed), Flags: g.flags,
		Seats: playlog.Seats(g.sess.Match(), g.kinds)}
	if g.from != "" {
		h.From = "position.yaml"
	}
	return h
}

// playLog is the game so far as `play --format json` prints it.
func (s *Studio) playLog(w http.ResponseWriter, r *http.Request) {
	g := s.playGame(w, r)
	if g == nil {
		return
	}
	var b bytes.Buffer
	g.mu.Lock()
	h := g.logHeader()
	m := g.sess.Match()
	res := playlog.ResultOf(h.Game, h.Mode, h.Seed, h.Seats, m, len(g.sess.Log()), true, play.Result{})
	err := playlog.Write(&b, h, g.sess.Events(), m, res)
	g.mu.Unlock()
	if err != nil {
		playError(w, http.StatusInternalServerError, "the log: %v", err)
		return
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-%s-seed%d.jsonl"`, g.game.ID, g.mode.Name, g.seed))
	_, _ = w.Write(b.Bytes())
}

// playLink is the /play URL that reopens the game.
func (s *Studio) playLink(w http.ResponseWriter, r *http.Request) {
	g := s.playGame(w, r)
	if g == nil {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.from != "" {
		playError(w, http.StatusConflict, "this game started from a position file: a link cannot hold it; download the position and the log instead")
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"url": g.link()})
}

// link is the game's /play URL (g.mu held).
func (g *playGame) link() string {
	q := url.Values{}
	q.Set("game", g.game.ID)
	q.Set("mode", g.mode.Name)
	q.Set("seed", strconv.FormatUint(g.seed, 10))
	seats := slices.Clone(g.kinds)
	for i, k := range seats {
		if k == "" {
			seats[i] = kindRules
		}
	}
	q.Set("seats", strings.Join(seats, ","))
	for _, f := range g.mode.Flags {
		for _, v := range g.flags[f.Name] {
			q.Add("flag."+f.Name, v)
		}
	}
	for _, a := range g.sess.Log() {
		q.Add("actions", a)
	}
	return "/play?" + q.Encode()
}

// playPage is the play page.
func (s *Studio) playPage(w http.ResponseWriter, r *http.Request) {
	snap := s.current()
	s.render(w, "play.html", snap, "Play", "play", nil)
}
