// Package studio is `roundtable serve`: a local web studio over pack
// folders. It shows the packs' entities as a searchable gallery of their
// pictures (games/render), each entity with its YAML, diagnostics and the
// documents that refer to it, the maps with a reach overlay, a combat
// forecast, a replay viewer driven through the game contract and the check
// summary. It watches the folders and pushes new diagnostics and pictures
// to open pages with server-sent events. Pages are rendered on the server;
// a small embedded script does the rest, so there is no JavaScript build.
package studio

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/roundtable-dev/roundtable/compiler/diag"
	"github.com/roundtable-dev/roundtable/compiler/project"
	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/games"
	"github.com/roundtable-dev/roundtable/games/render"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// Studio serves the pages of a set of pack folders.
type Studio struct {
	dirs  []string
	check CheckOptions
	log   io.Writer
	tmpl  *template.Template

	mu   sync.RWMutex
	snap *snapshot

	subsMu sync.Mutex
	subs   map[chan update]struct{}

	watching  chan struct{} // closed once Watch sees every folder
	readyOnce sync.Once

	// Options are how it serves (guard.go); set them before Handler.
	Options Options

	heavyOnce sync.Once
	heavy     chan struct{} // a token per heavy request running
	refused   atomic.Int64  // requests the guards refused before any handler
	replayed  atomic.Int64  // actions replays have applied
	playOnce  sync.Once
	plays     *playStore // the games in play (play.go)
	// For tests: onPlayAnswer is called, under the game's lock, with the
	// match as it stands whenever an answer to a seat is built (state);
	// playMode changes a mode before a game of it starts.
	onPlayAnswer func(m play.Match, seat int)
	playMode     func(play.Mode) play.Mode
	// onAction, for tests, is called after each action a replay applies.
	onAction func(ctx context.Context, n int)
}

// update is what an open page is told after a change.
type update struct {
	Version  int      `json:"version"`
	Errors   int      `json:"errors"`
	Warnings int      `json:"warnings"`
	Changed  []string `json:"changed"` // pictures whose SVG changed: GAME/FILE
	Problems []string `json:"problems"`
}

// New checks and draws the packs in dirs (every game's base content when
// there are none). log receives a line per reload.
func New(dirs []string, log io.Writer) *Studio { return NewWith(dirs, log, CheckOptions{}) }

// CheckOptions are how the studio checks.
type CheckOptions struct {
	// Baseline, when set, hides the problems it accepts (serve --baseline).
	Baseline *project.Baseline
}

// NewWith is New with options.
func NewWith(dirs []string, log io.Writer, o CheckOptions) *Studio {
	if log == nil {
		log = io.Discard
	}
	s := &Studio{dirs: dirs, log: log, check: o, subs: map[chan update]struct{}{}, watching: make(chan struct{}), Options: DefaultOptions}
	s.tmpl = template.Must(template.New("").Funcs(template.FuncMap{
		"join":  strings.Join,
		"lower": strings.ToLower,
		"plural": func(n int, word string) string {
			return diag.Plural(n, word)
		},
		"inline": func(b []byte) template.HTML { return template.HTML(b) }, // our own renderer's SVG
	}).ParseFS(templateFS, "templates/*.html"))
	s.snap = build(dirs, o, nil)
	return s
}

// Reload checks and draws the packs again and tells open pages.
func (s *Studio) Reload() {
	s.mu.RLock()
	prev := s.snap
	s.mu.RUnlock()
	start := time.Now()
	next := build(s.dirs, s.check, prev)
	s.mu.Lock()
	s.snap = next
	s.mu.Unlock()
	u := update{Version: next.version, Errors: next.diags.Errors(), Warnings: next.diags.Warnings(), Changed: changed(prev, next), Problems: next.problems}
	if u.Problems == nil {
		u.Problems = []string{}
	}
	fmt.Fprintf(s.log, "checked again in %s: %s; %d pictures changed\n", time.Since(start).Round(time.Millisecond), diag.CountLine(next.diags), len(u.Changed))
	s.subsMu.Lock()
	for c := range s.subs {
		select {
		case c <- u:
		default: // a slow page catches up with the next one
		}
	}
	s.subsMu.Unlock()
}

// changed lists the pictures whose bytes differ between two snapshots.
func changed(a, b *snapshot) []string {
	out := []string{}
	for _, gb := range b.games {
		ga := a.game(gb.game.ID)
		for f, d := range gb.byFile {
			var old *render.Drawn
			if ga != nil {
				old = ga.byFile[f]
			}
			if old == nil || string(old.SVG) != string(d.SVG) {
				out = append(out, gb.game.ID+"/"+f)
			}
		}
	}
	sort.Strings(out)
	return out
}

func (s *Studio) current() *snapshot {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.snap
}

// Watch reloads after every save under the pack folders until ctx ends
// (see watch.go). With no folders there is nothing to watch.
func (s *Studio) Watch(ctx context.Context) error {
	ready := func() { s.readyOnce.Do(func() { close(s.watching) }) }
	if len(s.dirs) == 0 {
		ready()
		<-ctx.Done()
		return nil
	}
	return watch(ctx, s.dirs, func() []string { return s.current().configs }, s.Reload, ready)
}

// Watching is closed once Watch watches every pack folder: a save made
// after it is seen.
func (s *Studio) Watching() <-chan struct{} { return s.watching }

// routes are the studio's pages. Handler puts each behind the guards
// (guard.go): a route added here gets them by construction.
func (s *Studio) routes() []route {
	static, _ := fs.Sub(staticFS, "static")
	return []route{
		{pattern: "GET /static/", handler: http.StripPrefix("/static/", http.FileServerFS(static)).ServeHTTP},
		{pattern: "GET /{$}", handler: s.gallery},
		{pattern: "GET /entity/{game}/{kind}/{id}", handler: s.entityPage},
		{pattern: "GET /frag/entity/{game}/{kind}/{id}", handler: s.entityFragment},
		{pattern: "GET /svg/{game}/{file}", handler: s.svg},
		{pattern: "GET /maps", handler: s.maps},
		{pattern: "GET /map/{game}/{file}", handler: s.mapPage},
		{pattern: "GET /tool/{game}/{tool}", handler: s.toolPage},
		{pattern: "POST /api/tool/{game}/{tool}", handler: s.toolAPI},
		{pattern: "GET /replay", handler: s.replayPage},
		{pattern: "POST /api/replay", handler: s.replayAPI, upload: true},
		{pattern: "GET /play", handler: s.playPage},
		{pattern: "GET /api/play/setup", handler: s.playSetup, private: true},
		{pattern: "POST /api/play", handler: s.playStart, upload: true, private: true},
		{pattern: "GET /api/play/{id}", handler: s.playView, private: true},
		{pattern: "POST /api/play/{id}/act", handler: s.playAct, private: true},
		{pattern: "POST /api/play/{id}/undo", handler: s.playUndo, private: true},
		{pattern: "GET /api/play/{id}/position", handler: s.playPosition, private: true},
		{pattern: "GET /api/play/{id}/log", handler: s.playLog, private: true},
		{pattern: "GET /api/play/{id}/link", handler: s.playLink, private: true},
		{pattern: "GET /check", handler: s.checkPage},
		{pattern: "GET /frag/check", handler: s.checkFragment},
		{pattern: "GET /events", handler: s.events},
		{pattern: "GET /favicon.ico", handler: func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) }},
	}
}

// page is what every page template sees.
type page struct {
	Title   string
	Nav     string
	Version int
	Errors  int
	Warns   int
	Stale   []string
	Problem []string
	Body    any
}

func (s *Studio) render(w http.ResponseWriter, name string, snap *snapshot, title, nav string, body any) {
	p := page{Title: title, Nav: nav, Version: snap.version, Errors: snap.diags.Errors(), Warns: snap.diags.Warnings(), Problem: snap.problems, Body: body}
	for _, g := range snap.games {
		if g.stale {
			p.Stale = append(p.Stale, g.game.Name)
		}
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := s.tmpl.ExecuteTemplate(w, name, p); err != nil {
		fmt.Fprintf(s.log, "page %s: %v\n", name, err)
	}
}

// galleryItem is one tile of the gallery: a picture, or an entity drawn
// by none.
type galleryItem struct {
	Game, Kind, Name, URL, Pic, Search, Pack string
	Board                                    bool
	Errors, Warnings                         int
}

func (s *Studio) gallery(w http.ResponseWriter, r *http.Request) {
	snap := s.current()
	var items []galleryItem
	kinds := map[string]bool{}
	packs := map[string]bool{}
	for _, e := range snap.entities {
		kinds[e.Kind] = true
		packs[e.Pack] = true
		gv := snap.game(e.Game)
		base := galleryItem{Game: e.Game, Kind: e.Kind, Name: e.Name, URL: e.URL(), Pack: e.Pack, Errors: e.Errors, Warnings: e.Warnings}
		search := strings.ToLower(fmt.Sprintf("%s %s %s %s %s", e.Name, e.ID, e.Kind, e.Game, e.Pack))
		if len(e.Pictures) == 0 {
			base.Search = search
			items = append(items, base)
			continue
		}
		for _, f := range e.Pictures {
			it := base
			it.Pic = e.Game + "/" + f
			d := gv.byFile[f]
			it.Name = d.Name
			it.Board = d.Board
			it.Search = search + " " + strings.ToLower(d.Name+" "+strings.Join(d.Facets, " "))
			items = append(items, it)
		}
	}
	body := struct {
		Items        []galleryItem
		Kinds, Packs []string
		Games        []*games.Game
	}{Items: items, Kinds: keys(kinds), Packs: keys(packs)}
	for _, g := range snap.games {
		body.Games = append(body.Games, g.game)
	}
	s.render(w, "gallery.html", snap, "Gallery", "gallery", body)
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

type refView struct {
	Name, Kind, URL, Where, Path string
}

type entityView struct {
	V        int // the snapshot's version: picture URLs carry it
	E        *entity
	Broken   bool // the game has errors and nothing drawn yet
	YAML     string
	Diags    string
	Count    string
	Pictures []string // GAME/FILE
	Refs     []refView
	Tools    []toolLink
}

type toolLink struct{ Name, URL string }

func (s *Studio) entityView(snap *snapshot, r *http.Request) (*entityView, bool) {
	e := snap.byKey[entityKey(r.PathValue("game"), r.PathValue("kind"), r.PathValue("id"))]
	if e == nil {
		return nil, false
	}
	ds := snap.diagsOf(e)
	v := &entityView{V: snap.version, E: e, YAML: snap.yamlOf(e), Diags: snap.text(ds), Count: diag.CountLine(ds)}
	for _, f := range e.Pictures {
		v.Pictures = append(v.Pictures, e.Game+"/"+f)
	}
	seen := map[string]bool{}
	for _, rf := range e.refs {
		where := fmt.Sprintf("%s:%d", rf.from.File, rf.line)
		if seen[where] {
			continue
		}
		seen[where] = true
		v.Refs = append(v.Refs, refView{Name: rf.from.Name, Kind: rf.from.Kind, URL: rf.from.URL(), Where: where, Path: rf.path})
	}
	if gv := snap.game(e.Game); gv != nil && gv.game.Render != nil {
		v.Broken = gv.rules == nil && slices.Contains(gv.game.Render.Kinds, e.Kind)
		for _, f := range e.Pictures {
			if d := gv.byFile[f]; d != nil && d.Board {
				v.Tools = append(v.Tools, toolLink{"Open the map", "/map/" + e.Game + "/" + f})
			}
		}
	}
	return v, true
}

func (s *Studio) entityPage(w http.ResponseWriter, r *http.Request) {
	snap := s.current()
	v, ok := s.entityView(snap, r)
	if !ok {
		http.NotFound(w, r)
		return
	}
	s.render(w, "entity.html", snap, v.E.Name, "gallery", v)
}

// entityFragment is the live part of an entity page, fetched again after a
// change.
func (s *Studio) entityFragment(w http.ResponseWriter, r *http.Request) {
	snap := s.current()
	v, ok := s.entityView(snap, r)
	if !ok {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<p class="gone">This entity is gone from the packs (renamed or deleted).</p>`)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := s.tmpl.ExecuteTemplate(w, "entity-live", v); err != nil {
		fmt.Fprintf(s.log, "fragment: %v\n", err)
	}
}

func (s *Studio) svg(w http.ResponseWriter, r *http.Request) {
	snap := s.current()
	gv := snap.game(r.PathValue("game"))
	if gv == nil {
		http.NotFound(w, r)
		return
	}
	d := gv.byFile[strings.TrimSuffix(r.PathValue("file"), ".svg")]
	if d == nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(d.SVG)
}

type mapItem struct {
	Game, Name, URL, Pic string
}

func (s *Studio) maps(w http.ResponseWriter, r *http.Request) {
	snap := s.current()
	var items []mapItem
	for _, g := range snap.games {
		for _, d := range g.drawn {
			if d.Board {
				items = append(items, mapItem{Game: g.game.Name, Name: d.Name, URL: "/map/" + g.game.ID + "/" + d.File(), Pic: g.game.ID + "/" + d.File()})
			}
		}
	}
	s.render(w, "maps.html", snap, "Maps and boards", "maps", items)
}

// formView is a tool's form.
type formView struct {
	Game, Tool, Name, Action string
	Inputs                   []games.Input
	Values                   map[string]string
}

func (s *Studio) tool(snap *snapshot, game, name string) (*gameView, *games.Tool) {
	gv := snap.game(game)
	if gv == nil || gv.game.Render == nil || gv.rules == nil {
		return nil, nil
	}
	switch name {
	case "reach":
		return gv, gv.game.Render.Reach
	case "forecast":
		return gv, gv.game.Render.Forecast
	}
	return nil, nil
}

func (s *Studio) form(gv *gameView, name string, t *games.Tool, values map[string]string) formView {
	f := formView{Game: gv.game.ID, Tool: name, Name: t.Name, Action: "/api/tool/" + gv.game.ID + "/" + name, Inputs: t.Inputs(gv.rules), Values: map[string]string{}}
	for _, in := range f.Inputs {
		f.Values[in.Name] = in.Default
		if v, ok := values[in.Name]; ok {
			f.Values[in.Name] = v
		}
	}
	return f
}

type mapView struct {
	Game, Name, Pic string
	SVG             []byte
	Reach           *formView
}

func (s *Studio) mapPage(w http.ResponseWriter, r *http.Request) {
	snap := s.current()
	gv := snap.game(r.PathValue("game"))
	if gv == nil {
		http.NotFound(w, r)
		return
	}
	d := gv.byFile[r.PathValue("file")]
	if d == nil || !d.Board {
		http.NotFound(w, r)
		return
	}
	v := mapView{Game: gv.game.ID, Name: d.Name, Pic: gv.game.ID + "/" + d.File(), SVG: d.SVG}
	if _, t := s.tool(snap, gv.game.ID, "reach"); t != nil {
		f := s.form(gv, "reach", t, map[string]string{"map": d.ID})
		// Only offer the reach of maps the tool knows.
		for _, in := range f.Inputs {
			if in.Name == "map" && slices.ContainsFunc(in.Choices, func(c games.Choice) bool { return c.Value == d.ID }) {
				v.Reach = &f
			}
		}
	}
	s.render(w, "map.html", snap, d.Name, "maps", v)
}

type toolsView struct {
	Form  formView
	Links []toolLink
}

func (s *Studio) toolPage(w http.ResponseWriter, r *http.Request) {
	snap := s.current()
	gv, t := s.tool(snap, r.PathValue("game"), r.PathValue("tool"))
	if t == nil {
		http.NotFound(w, r)
		return
	}
	s.render(w, "tool.html", snap, t.Name, "tools", toolsView{Form: s.form(gv, r.PathValue("tool"), t, nil)})
}

// toolAPI runs a tool on posted form values and answers JSON.
func (s *Studio) toolAPI(w http.ResponseWriter, r *http.Request) {
	snap := s.current()
	gv, t := s.tool(snap, r.PathValue("game"), r.PathValue("tool"))
	if t == nil {
		http.NotFound(w, r)
		return
	}
	if err := r.ParseForm(); err != nil {
		bodyError(w, err)
		return
	}
	values := map[string]string{}
	for k, v := range r.PostForm {
		values[k] = strings.Join(v, " ")
	}
	ans, err := t.Run(gv.rules, values)
	if err != nil {
		writeJSON(w, http.StatusOK, map[string]string{"error": err.Error()})
		return
	}
	if ans.Text == nil {
		ans.Text = []string{}
	}
	writeJSON(w, http.StatusOK, ans)
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}

type modeView struct {
	Game, Mode, Summary, Example string
	Flags                        []flagView
	Policies                     []string
}

type flagView struct{ Name, Usage, Default string }

type replayView struct {
	Modes []modeView
	Tools []toolLink
}

func (s *Studio) replayPage(w http.ResponseWriter, r *http.Request) {
	snap := s.current()
	var v replayView
	for _, g := range gameModes() {
		if snap.game(g.ID) == nil {
			continue
		}
		for _, m := range g.Modes {
			mv := modeView{Game: g.ID, Mode: m.Name, Summary: m.Summary, Example: m.Example}
			for _, f := range m.Flags {
				mv.Flags = append(mv.Flags, flagView{f.Name, f.Usage, f.Default})
			}
			for p := range m.Policies {
				mv.Policies = append(mv.Policies, p)
			}
			if m.Policies["random"] == nil {
				mv.Policies = append(mv.Policies, "random")
			}
			slices.Sort(mv.Policies)
			v.Modes = append(v.Modes, mv)
		}
	}
	s.render(w, "replay.html", snap, "Replay", "replay", v)
}

// replayAPI plays a seeded match (form fields game, mode, seed, policy,
// flag-NAME) or the uploaded log (field log) and answers its steps. The
// form is read as it arrives, in memory, within Options.MaxUpload (no
// temporary files: readReplayForm); the replay stops when the request
// ends (its context).
func (s *Studio) replayAPI(w http.ResponseWriter, r *http.Request) {
	form, logReq, err := readReplayForm(r)
	if err != nil {
		var le logError
		if errors.As(err, &le) {
			writeJSON(w, http.StatusOK, map[string]string{"error": "the log: " + le.Error()})
			return
		}
		bodyError(w, err)
		return
	}
	var req replayRequest
	flags := map[string][]string{}
	for k, v := range form {
		if name, ok := strings.CutPrefix(k, "flag-"); ok {
			flags[name] = v
		}
	}
	first := func(k string) string {
		if v := form[k]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	if logReq != nil {
		req = *logReq
		if req.Flags == nil {
			req.Flags = flags
		}
	} else {
		seed, err := strconv.ParseUint(strings.TrimSpace(first("seed")), 10, 64)
		if err != nil {
			writeJSON(w, http.StatusOK, map[string]string{"error": fmt.Sprintf("seed %q: want a whole number", first("seed"))})
			return
		}
		req = replayRequest{Game: first("game"), Mode: first("mode"), Seed: seed, Flags: flags, Policies: []string{first("policy1"), first("policy2"), first("policy3"), first("policy4")}}
	}
	res, err := s.current().replay(r.Context(), req, s.applied)
	if err != nil {
		if r.Context().Err() != nil {
			return // the client is gone: nobody reads an answer
		}
		writeJSON(w, http.StatusOK, map[string]string{"error": err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, res)
}

// applied counts an action a replay applied (and tells a test).
func (s *Studio) applied(ctx context.Context, n int) {
	s.replayed.Add(1)
	if s.onAction != nil {
		s.onAction(ctx, n)
	}
}

type checkView struct {
	Count   string
	Diags   string
	Results []resultView
}

type resultView struct {
	Game, Packs string
	Kinds       []kindCount
	Stale       bool
}

type kindCount struct {
	Kind  string
	Count int
}

func (s *Studio) checkView(snap *snapshot) checkView {
	v := checkView{Count: diag.CountLine(snap.diags), Diags: snap.text(snap.diags)}
	for _, res := range snap.results {
		if res.Game == nil {
			continue
		}
		rv := resultView{Game: res.Game.Name}
		var packs []string
		for _, p := range res.Packs {
			packs = append(packs, fmt.Sprintf("%s %s (%s)", p.ID, p.Version, p.Dir))
		}
		rv.Packs = strings.Join(packs, ", ")
		for _, k := range res.Game.Kinds {
			rv.Kinds = append(rv.Kinds, kindCount{k.Name, res.Counts[k.Name]})
		}
		if gv := snap.game(res.Game.ID); gv != nil {
			rv.Stale = gv.stale
		}
		v.Results = append(v.Results, rv)
	}
	return v
}

func (s *Studio) checkPage(w http.ResponseWriter, r *http.Request) {
	snap := s.current()
	s.render(w, "check.html", snap, "Check", "check", s.checkView(snap))
}

func (s *Studio) checkFragment(w http.ResponseWriter, r *http.Request) {
	snap := s.current()
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := s.tmpl.ExecuteTemplate(w, "check-live", s.checkView(snap)); err != nil {
		fmt.Fprintf(s.log, "fragment: %v\n", err)
	}
}

// events streams updates to a page (server-sent events).
func (s *Studio) events(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	c := make(chan update, 4)
	s.subsMu.Lock()
	s.subs[c] = struct{}{}
	s.subsMu.Unlock()
	defer func() {
		s.subsMu.Lock()
		delete(s.subs, c)
		s.subsMu.Unlock()
	}()
	// The stream outlives the server's timeouts: each write gets a
	// deadline of its own, the next keep-alive and some.
	rc := http.NewResponseController(w)
	keep := max(s.Options.KeepAlive, 10*time.Millisecond)
	send := func(format string, args ...any) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(keep + 10*time.Second))
		if _, err := fmt.Fprintf(w, format, args...); err != nil {
			return false
		}
		fl.Flush()
		return true
	}
	snap := s.current()
	if !send("event: hello\ndata: {\"version\":%d}\n\n", snap.version) {
		return
	}
	tick := time.NewTicker(keep)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case u := <-c:
			b, _ := json.Marshal(u)
			if !send("event: update\ndata: %s\n\n", b) {
				return
			}
		case <-tick.C:
			if !send(": keep-alive\n\n") {
				return
			}
		}
	}
}
