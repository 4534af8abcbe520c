package studio

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// The studio listens on 127.0.0.1, but any web page the user has open can
// send requests there, and a DNS name that resolves to 127.0.0.1
// (rebinding) makes them same-origin for the browser. So every request
// passes the guards of this file, in this order, before any handler runs
// (docs/studio.md lists which applies where):
//
//  1. Host: the Host header names this studio (127.0.0.1:PORT,
//     localhost:PORT, [::1]:PORT, PORT the one the request came in on) or
//     an --allow-host name; else 421. This stops DNS rebinding.
//  2. Origin: a request that is not GET, HEAD or OPTIONS comes from the
//     studio's own pages: Sec-Fetch-Site same-origin or none, or an Origin
//     of this host (http.CrossOriginProtection), and one of the two is
//     there; else 403, and nothing runs.
//  3. Heavy work: a heavy route (every route of an unsafe method, and the
//     GET routes marked heavy) runs only while fewer than Options.Heavy
//     do; else 503 with Retry-After.
//  4. Body: a request body is at most the route's limit (Options.MaxBody,
//     the replay upload Options.MaxUpload); a declared length over it is
//     413 before anything is read, and a reader that goes past it fails
//     (http.MaxBytesReader), which the handler answers with 413.
//
// Guards 1 and 2 wrap the whole mux, so they hold for every path, a
// route's or not; 3 and 4 wrap each route as it is added (Handler), so a
// route added later gets them by construction. The server's timeouts are
// in Server.

// Options are how the studio serves; New sets DefaultOptions. Change them
// before calling Handler or Server.
type Options struct {
	// AllowHosts are names besides 127.0.0.1, localhost and [::1] that a
	// request's Host may carry (serve --allow-host), such as the name of a
	// proxy in front of the studio: NAME with any port, or NAME:PORT.
	AllowHosts []string
	MaxBody    int64 // bytes of a request body, but the replay upload's
	MaxUpload  int64 // bytes of the replay form with its uploaded log
	Heavy      int   // heavy requests running at once
	// The http.Server's timeouts (Server). The event stream extends its
	// own write deadline before each write.
	ReadHeaderTimeout, ReadTimeout, WriteTimeout, IdleTimeout time.Duration
	KeepAlive                                                 time.Duration // between comments on an idle event stream
	// PlayGames is the most games in play at once (play.go): starting one
	// more drops the one used least recently.
	PlayGames int
	// PlayIdle is how long a game in play is kept without a request.
	PlayIdle time.Duration
}

// DefaultOptions are the limits `roundtable serve` runs with.
var DefaultOptions = Options{
	MaxBody:           64 << 10,
	MaxUpload:         8 << 20,
	Heavy:             max(runtime.GOMAXPROCS(0), 1),
	ReadHeaderTimeout: 10 * time.Second,
	ReadTimeout:       time.Minute,
	WriteTimeout:      2 * time.Minute,
	IdleTimeout:       2 * time.Minute,
	KeepAlive:         20 * time.Second,
	PlayGames:         32,
	PlayIdle:          30 * time.Minute,
}

// route is one pattern of the mux and what it needs beyond the default
// guards.
type route struct {
	pattern string
	handler http.HandlerFunc
	heavy   bool // counted against Options.Heavy (unsafe methods always are)
	upload  bool // its body may be Options.MaxUpload, not Options.MaxBody
	// private routes answer only the studio's own pages, GETs too: a
	// request another site's page sends (Sec-Fetch-Site cross-site or
	// same-site) is 403. The play API: a seat's hand, the exports.
	private bool
}

// method is a pattern's method ("" for any).
func (rt route) method() string {
	m, _, ok := strings.Cut(rt.pattern, " ")
	if !ok {
		return ""
	}
	return m
}

// safe methods change nothing: no Origin needed.
func safe(method string) bool {
	return method == http.MethodGet || method == http.MethodHead || method == http.MethodOptions
}

// Server is the http.Server of the studio's Handler, with its timeouts.
func (s *Studio) Server() *http.Server {
	o := s.Options
	return &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: o.ReadHeaderTimeout,
		ReadTimeout:       o.ReadTimeout,
		WriteTimeout:      o.WriteTimeout,
		IdleTimeout:       o.IdleTimeout,
	}
}

// Handler serves the studio's pages, behind its guards.
func (s *Studio) Handler() http.Handler {
	s.heavyOnce.Do(func() { s.heavy = make(chan struct{}, max(s.Options.Heavy, 1)) })
	mux := http.NewServeMux()
	for _, rt := range s.routes() {
		mux.Handle(rt.pattern, s.guardRoute(rt))
	}
	return s.guardAll(mux)
}

// guardAll is guards 1 and 2, for every request.
func (s *Studio) guardAll(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.refused.Add(1)
		http.Error(w, "403 Forbidden: a request that changes or computes something must come from the studio's own pages (cross-origin request refused)", http.StatusForbidden)
	}))
	guarded := cop.Handler(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.hostAllowed(r) {
			s.refused.Add(1)
			http.Error(w, fmt.Sprintf("421 Misdirected Request: this studio answers only to %s (serve --allow-host NAME adds a name)", s.hostNames(r)), http.StatusMisdirectedRequest)
			return
		}
		if !safe(r.Method) && r.Header.Get("Sec-Fetch-Site") == "" && r.Header.Get("Origin") == "" {
			// CrossOriginProtection lets a request without either header
			// through (not a browser's); the studio wants its own pages.
			s.refused.Add(1)
			http.Error(w, "403 Forbidden: a "+r.Method+" needs an Origin header (the studio's own pages send one)", http.StatusForbidden)
			return
		}
		guarded.ServeHTTP(w, r)
	})
}

// guardRoute is guards 3 and 4, for one route.
func (s *Studio) guardRoute(rt route) http.Handler {
	heavy := rt.heavy || !safe(rt.method())
	limit := s.Options.MaxBody
	if rt.upload {
		limit = s.Options.MaxUpload
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if heavy {
			select {
			case s.heavy <- struct{}{}:
				defer func() { <-s.heavy }()
			default:
				w.Header().Set("Retry-After", "1")
				http.Error(w, fmt.Sprintf("503 Service Unavailable: %d requests are already running; try again in a second", cap(s.heavy)), http.StatusServiceUnavailable)
				return
			}
		}
		if rt.private && crossSite(r) {
			s.refused.Add(1)
			writeJSON(w, http.StatusForbidden, map[string]string{"error": "the play API answers only the studio's own pages (a request from another site's page was refused)"})
			return
		}
		if r.ContentLength > limit {
			tooLarge(w, limit)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		rt.handler(w, r)
	})
}

// crossSite reports whether a browser says another site's page sent r.
func crossSite(r *http.Request) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "cross-site", "same-site":
		return true
	}
	return false
}

// tooLarge answers a body over its limit.
func tooLarge(w http.ResponseWriter, limit int64) {
	writeJSON(w, http.StatusRequestEntityTooLarge, map[string]string{"error": fmt.Sprintf("the request is larger than %d bytes (%d MiB), the limit", limit, limit>>20)})
}

// bodyError answers an error reading a request body: 413 past the limit,
// 400 otherwise.
func bodyError(w http.ResponseWriter, err error) {
	var mb *http.MaxBytesError
	if errors.As(err, &mb) {
		tooLarge(w, mb.Limit)
		return
	}
	writeJSON(w, http.StatusBadRequest, map[string]string{"error": err.Error()})
}

// localPort is the port the request came in on ("" when unknown).
func localPort(r *http.Request) string {
	if a, ok := r.Context().Value(http.LocalAddrContextKey).(*net.TCPAddr); ok {
		return strconv.Itoa(a.Port)
	}
	return ""
}

// hostAllowed is guard 1.
func (s *Studio) hostAllowed(r *http.Request) bool {
	host, port, err := net.SplitHostPort(r.Host)
	if err != nil {
		host, port = strings.TrimSuffix(strings.TrimPrefix(r.Host, "["), "]"), ""
	}
	host = strings.ToLower(host)
	switch host {
	case "127.0.0.1", "localhost", "::1":
		lp := localPort(r)
		return lp != "" && (port == lp || (port == "" && lp == "80"))
	}
	for _, a := range s.Options.AllowHosts {
		a = strings.ToLower(a)
		if a == host || a == strings.ToLower(r.Host) {
			return true
		}
	}
	return false
}

// hostNames are the hosts a request to this studio may name, for the 421.
func (s *Studio) hostNames(r *http.Request) string {
	p := localPort(r)
	names := []string{"127.0.0.1:" + p, "localhost:" + p, "[::1]:" + p}
	names = append(names, s.Options.AllowHosts...)
	return strings.Join(names, ", ")
}
