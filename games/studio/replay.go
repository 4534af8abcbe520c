package studio

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/games"
)

// Replays run through the game contract: a seeded match played by the
// mode's policies, or the actions of an uploaded `play --format json` log
// applied one by one. Each step keeps the position (Match.Position) and
// what happened, and draws the position when the game can (Render.Position).

// maxReplay caps a replay's actions, as play's --max-actions does.
const maxReplay = 5000

// step is one moment of a replay: the start, or after an action.
type step struct {
	N        int      `json:"n"` // actions applied so far
	Action   string   `json:"action,omitempty"`
	Seat     string   `json:"seat,omitempty"`
	Events   []string `json:"events"`
	SVG      string   `json:"svg,omitempty"`      // the position drawn
	Position string   `json:"position,omitempty"` // the position as JSON, when it is not drawn
}

// replayResult is a whole replay.
type replayResult struct {
	Game   string `json:"game"`
	Mode   string `json:"mode"`
	Seed   uint64 `json:"seed"`
	Steps  []step `json:"steps"`
	Result string `json:"result"`
	Drawn  bool   `json:"drawn"` // positions are drawn (else shown as JSON)
}

// replayRequest is what to replay.
type replayRequest struct {
	Game, Mode string
	Seed       uint64
	Flags      map[string][]string
	Policies   []string // per seat; "" for the mode's default
	Actions    []string // an uploaded log's actions; nil to let the policies play
}

// options are the mode's flags with their defaults filled in.
func options(m play.Mode, seed uint64, given map[string][]string) play.Options {
	o := play.Options{Seed: seed, Flags: map[string][]string{}}
	for _, f := range m.Flags {
		if v := given[f.Name]; len(v) > 0 && v[0] != "" {
			if f.Kind == play.Strings {
				for _, x := range v {
					for _, part := range strings.Split(x, ",") {
						if part = strings.TrimSpace(part); part != "" {
							o.Flags[f.Name] = append(o.Flags[f.Name], part)
						}
					}
				}
			} else {
				o.Flags[f.Name] = v[len(v)-1:]
			}
		} else if f.Default != "" && f.Kind != play.Strings {
			o.Flags[f.Name] = []string{f.Default}
		}
	}
	return o
}

func policyMaker(m play.Mode, name string) (play.PolicyMaker, error) {
	if name == "" {
		name = m.DefaultPolicy
		if name == "" {
			name = "greedy"
			if m.Policies["greedy"] == nil {
				name = "random"
			}
		}
	}
	if mk := m.Policies[name]; mk != nil {
		return mk, nil
	}
	if name == "random" {
		return play.NewRandom, nil
	}
	return nil, fmt.Errorf("unknown policy %q", name)
}

// replay plays a match step by step, until ctx ends: it is checked
// before every action, so a request whose client left stops at the next
// one. applied is told after each action.
func (s *snapshot) replay(ctx context.Context, req replayRequest, applied func(context.Context, int)) (*replayResult, error) {
	gv := s.game(req.Game)
	if gv == nil {
		return nil, fmt.Errorf("no game %q in these packs", req.Game)
	}
	if gv.rules == nil {
		return nil, fmt.Errorf("%s has errors: fix them to replay", req.Game)
	}
	m, err := gv.game.Mode(req.Mode)
	if err != nil {
		return nil, err
	}
	match, err := m.New(gv.rules, options(m, req.Seed, req.Flags))
	if err != nil {
		return nil, err
	}
	out := &replayResult{Game: req.Game, Mode: m.Name, Seed: req.Seed}
	var events []string
	r := play.NewRunner(match, func(e play.Event) {
		if e.Kind != "action" {
			events = append(events, e.Text)
		}
	})
	record := func(action, seat string) error {
		st := step{N: len(r.Log), Action: action, Seat: seat, Events: events}
		if st.Events == nil {
			st.Events = []string{}
		}
		events = nil
		state, err := json.Marshal(match.Position())
		if err != nil {
			return fmt.Errorf("position after %d actions: %v", len(r.Log), err)
		}
		if rd := gv.game.Render; rd != nil && rd.Position != nil && gv.layouts != nil {
			pic, err := rd.Position(gv.rules, m.Name, state)
			if err != nil {
				return err
			}
			svg, err := gv.layouts.Draw(pic)
			if err != nil {
				return err
			}
			st.SVG, out.Drawn = string(svg), true
		} else {
			var b bytes.Buffer
			_ = json.Indent(&b, state, "", "  ")
			st.Position = b.String()
		}
		out.Steps = append(out.Steps, st)
		return nil
	}
	seatName := func(i int) string {
		for _, x := range match.Seats() {
			if x.Index == i {
				return x.Name
			}
		}
		return ""
	}
	if err := record("", ""); err != nil {
		return nil, err
	}
	if req.Actions != nil {
		for i, a := range req.Actions {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			seat := seatName(match.ToMove())
			if err := r.DoText(a); err != nil {
				return nil, fmt.Errorf("action %d of the log: %v (was it played with other flags or another seed?)", i+1, err)
			}
			if err := record(play.Normalize(a), seat); err != nil {
				return nil, err
			}
			applied(ctx, len(r.Log))
		}
	} else {
		pols := make([]play.Policy, len(match.Seats()))
		for i := range pols {
			name := ""
			if i < len(req.Policies) {
				name = req.Policies[i]
			}
			mk, err := policyMaker(m, name)
			if err != nil {
				return nil, err
			}
			pols[i] = mk(req.Seed, i)
		}
		for !match.Over() && len(r.Log) < maxReplay {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			seat := match.ToMove()
			if seat < 0 || seat >= len(pols) {
				return nil, fmt.Errorf("no policy for seat %d", seat)
			}
			i := pols[seat].Choose(match)
			text := match.Action(i)
			if err := r.Do(i); err != nil {
				return nil, err
			}
			if err := record(text, seatName(seat)); err != nil {
				return nil, err
			}
			applied(ctx, len(r.Log))
		}
	}
	res := r.Result()
	switch {
	case !match.Over():
		out.Result = fmt.Sprintf("stopped after %d actions", len(r.Log))
	case len(res.Winners) == 0:
		out.Result = "draw: " + res.Reason
	default:
		var names []string
		for _, w := range res.Winners {
			names = append(names, seatName(w))
		}
		out.Result = strings.Join(names, " and ") + " won: " + res.Reason
	}
	return out, nil
}

// maxField is the longest form field of the replay form but the log.
const maxField = 64 << 10

// logError is a problem of the uploaded log itself, answered as the
// replay's error; any other error of reading the form is the request's.
type logError struct{ error }

// readReplayForm reads the replay form as it arrives: url-encoded
// (ParseForm, within the body's limit) or multipart, one part at a time
// into memory, a field of at most maxField bytes, the log parsed line by
// line (parseLog). Nothing is written to a temporary file, as
// ParseMultipartForm writes a part larger than its memory.
func readReplayForm(r *http.Request) (url.Values, *replayRequest, error) {
	mr, err := r.MultipartReader()
	if errors.Is(err, http.ErrNotMultipart) {
		if err := r.ParseForm(); err != nil {
			return nil, nil, err
		}
		return r.Form, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	form := url.Values{}
	var logReq *replayRequest
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return form, logReq, nil
		}
		if err != nil {
			return nil, nil, err
		}
		if name := p.FormName(); name == "log" {
			rd := &firstErr{r: p}
			req, err := parseLog(rd)
			if rd.err != nil && rd.err != io.EOF {
				// The body failed (over its limit, cut off): the scanner
				// still hands over the line it was in, cut, and its
				// complaint is about that.
				return nil, nil, rd.err
			}
			if err != nil {
				return nil, nil, logError{err}
			}
			logReq = &req
		} else {
			b, err := io.ReadAll(io.LimitReader(p, maxField+1))
			if err != nil {
				return nil, nil, err
			}
			if len(b) > maxField {
				return nil, nil, fmt.Errorf("form field %q: over %d bytes", name, maxField)
			}
			form.Add(name, string(b))
		}
		p.Close()
	}
}

// firstErr keeps the first error of a reader.
type firstErr struct {
	r   io.Reader
	err error
}

func (f *firstErr) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err != nil && f.err == nil {
		f.err = err
	}
	return n, err
}

// parseLog reads a `play --format json` log as it arrives: its match
// header (game, mode, seed; a log that started from a position file cannot
// be replayed here) and the actions of its events, in order.
func parseLog(rd io.Reader) (req replayRequest, err error) {
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	line := 0
	seen := false
	req.Actions = []string{}
	for sc.Scan() {
		line++
		b := sc.Bytes()
		if len(bytes.TrimSpace(b)) == 0 {
			continue
		}
		if !bytes.Contains(b, []byte(`"match"`)) && !bytes.Contains(b, []byte(`"action"`)) && json.Valid(b) {
			continue // neither the header nor an action: checked, not decoded
		}
		var rec struct {
			Match *struct {
				Game  string         `json:"game"`
				Mode  string         `json:"mode"`
				Seed  json.Number    `json:"seed"`
				From  string         `json:"from"`
				Flags map[string]any `json:"flags"`
			} `json:"match"`
			Event *struct {
				Kind   string `json:"kind"`
				Action string `json:"action"`
			} `json:"event"`
		}
		if err := json.Unmarshal(b, &rec); err != nil {
			return req, fmt.Errorf("line %d: not a line of play --format json: %v", line, err)
		}
		switch {
		case rec.Match != nil:
			if rec.Match.From != "" {
				return req, fmt.Errorf("line %d: the match started from the position file %s; replay it with play --from", line, rec.Match.From)
			}
			seed, err := strconv.ParseUint(rec.Match.Seed.String(), 10, 64)
			if err != nil {
				return req, fmt.Errorf("line %d: seed %s", line, rec.Match.Seed)
			}
			req.Game, req.Mode, req.Seed, seen = rec.Match.Game, rec.Match.Mode, seed, true
			// A header that carries the mode's flags replays on its own;
			// otherwise the form's flags are used.
			for k, v := range rec.Match.Flags {
				if req.Flags == nil {
					req.Flags = map[string][]string{}
				}
				switch x := v.(type) {
				case []any:
					for _, e := range x {
						req.Flags[k] = append(req.Flags[k], fmt.Sprint(e))
					}
				default:
					req.Flags[k] = []string{fmt.Sprint(x)}
				}
			}
		case rec.Event != nil && rec.Event.Kind == "action":
			if len(req.Actions) == maxReplay {
				return req, fmt.Errorf("line %d: over %d actions, the most a replay shows", line, maxReplay)
			}
			req.Actions = append(req.Actions, rec.Event.Action)
		}
	}
	if err := sc.Err(); err != nil {
		return req, err
	}
	if !seen {
		return req, fmt.Errorf("no match header: is this the output of play --format json?")
	}
	return req, nil
}

// gameModes lists the games that can be played, for the replay form.
func gameModes() []*games.Game {
	var out []*games.Game
	for _, g := range games.All() {
		if len(g.Modes) > 0 {
			out = append(out, g)
		}
	}
	return out
}
