package studio

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// baseStudio is one studio over every game's base content, shared by the
// guard tests (building it draws every picture); each test takes its own
// copy with its own options and counters.
var baseStudio = sync.OnceValue(func() *Studio { return New(nil, io.Discard) })

func studioFor(t testing.TB, edit func(*Options)) *Studio {
	t.Helper()
	b := baseStudio()
	s := &Studio{log: io.Discard, tmpl: b.tmpl, snap: b.current(), subs: map[chan update]struct{}{}, watching: make(chan struct{}), Options: DefaultOptions}
	if edit != nil {
		edit(&s.Options)
	}
	return s
}

// samplePath is a path a route's pattern matches.
func samplePath(pattern string) (method, path string) {
	method, path, _ = strings.Cut(pattern, " ")
	path = strings.ReplaceAll(path, "{$}", "")
	path = regexp.MustCompile(`\{[a-z]+\}`).ReplaceAllString(path, "x")
	if strings.HasSuffix(path, "/static/") {
		path += "studio.css"
	}
	return method, path
}

func do(t *testing.T, req *http.Request) (*http.Response, string) {
	t.Helper()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// TestForeignHostGets421OnEveryRoute: a request whose Host is not the
// studio's (DNS rebinding: evil.example.com resolving to 127.0.0.1) gets
// 421 on every route of the mux and on a path of none, before any
// handler; the studio's own names and an --allow-host name are served.
func TestForeignHostGets421OnEveryRoute(t *testing.T) {
	s := studioFor(t, func(o *Options) { o.AllowHosts = []string{"studio.example.lan"} })
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	port := ts.URL[strings.LastIndex(ts.URL, ":")+1:]
	routes := s.routes()
	if len(routes) < 15 {
		t.Fatalf("%d routes", len(routes))
	}
	for _, rt := range append(routes, route{pattern: "GET /no/such/page"}) {
		method, path := samplePath(rt.pattern)
		for _, host := range []string{"evil.example.com", "evil.example.com:" + port, "127.0.0.1:1", "localhost", "127.0.0.1.evil.example.com:" + port} {
			req, _ := http.NewRequest(method, ts.URL+path, strings.NewReader(""))
			req.Host = host
			req.Header.Set("Origin", "http://"+host)
			before := s.refused.Load()
			res, body := do(t, req)
			if res.StatusCode != http.StatusMisdirectedRequest || !strings.Contains(body, "this studio answers only to 127.0.0.1:"+port+", localhost:"+port+", [::1]:"+port+", studio.example.lan") {
				t.Errorf("%s %s, Host %s: %s %q", method, path, host, res.Status, body)
			}
			if s.refused.Load() != before+1 {
				t.Errorf("%s %s, Host %s: not refused by the guard", method, path, host)
			}
		}
		// The studio's own names pass the Host guard (what follows is the
		// route's own answer).
		for _, host := range []string{"127.0.0.1:" + port, "localhost:" + port, "[::1]:" + port, "studio.example.lan", "STUDIO.example.lan:8443"} {
			req, _ := http.NewRequest(method, ts.URL+path, strings.NewReader(""))
			req.Host = host
			req.Header.Set("Origin", "http://"+host)
			if method == http.MethodGet && path == "/events" {
				ctx, cancel := context.WithCancel(context.Background())
				req = req.WithContext(ctx)
				res, err := http.DefaultClient.Do(req)
				if err != nil || res.StatusCode != 200 {
					t.Errorf("GET /events, Host %s: %v %v", host, err, res)
				} else {
					res.Body.Close()
				}
				cancel()
				continue
			}
			if res, body := do(t, req); res.StatusCode == http.StatusMisdirectedRequest {
				t.Errorf("%s %s, Host %s: %s %q", method, path, host, res.Status, body)
			}
		}
	}
}

// replayForm is a seeded match of Battlecrest (44 actions).
func replayForm() url.Values {
	return url.Values{"game": {"battlecrest"}, "mode": {"versus"}, "seed": {"1"}}
}

func postReplay(t *testing.T, ctx context.Context, base string, header map[string]string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/replay", strings.NewReader(replayForm().Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	return do(t, req)
}

// TestCrossOriginPostDoesNoWork: a POST from another site's page (its
// Origin, or Sec-Fetch-Site cross-site or same-site), or one with neither
// header, is refused with 403 before the replay starts: no action is
// replayed. The studio's own page's POST replays the match.
func TestCrossOriginPostDoesNoWork(t *testing.T) {
	s := studioFor(t, nil)
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	for _, h := range []map[string]string{
		{"Origin": "http://evil.example.com"},
		{"Origin": "null"},
		{"Sec-Fetch-Site": "cross-site", "Origin": ts.URL},
		{"Sec-Fetch-Site": "same-site"},
		{},
	} {
		res, body := postReplay(t, context.Background(), ts.URL, h)
		if res.StatusCode != http.StatusForbidden || !strings.HasPrefix(body, "403 Forbidden: ") {
			t.Errorf("%v: %s %q", h, res.Status, body)
		}
	}
	if n := s.replayed.Load(); n != 0 {
		t.Fatalf("refused requests replayed %d actions", n)
	}
	for _, h := range []map[string]string{{"Origin": ts.URL}, {"Sec-Fetch-Site": "same-origin"}, {"Sec-Fetch-Site": "none"}} {
		before := s.replayed.Load()
		res, body := postReplay(t, context.Background(), ts.URL, h)
		if res.StatusCode != 200 || !strings.Contains(body, `"steps":`) || s.replayed.Load() == before {
			t.Errorf("%v: %s, %d actions, %.80q", h, res.Status, s.replayed.Load()-before, body)
		}
	}
}

// bigBody is a multipart replay form whose log is a match header and then
// lines of JSON, to n bytes in all: every line parses, so only the size
// limit stops it. It is made as it is read: nothing of it is in memory.
type bigBody struct {
	n, sent int64
	head    []byte
	line    []byte
}

func newBigBody(n int64) *bigBody {
	head := "--B\r\nContent-Disposition: form-data; name=\"log\"; filename=\"match.jsonl\"\r\n\r\n" +
		`{"match":{"game":"battlecrest","mode":"versus","seed":1}}` + "\n"
	return &bigBody{n: n, head: []byte(head), line: []byte(`{"event":{"kind":"note","text":"padding padding padding padding"}}` + "\n")}
}

func (b *bigBody) Read(p []byte) (int, error) {
	if b.sent >= b.n {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && b.sent < b.n {
		var c byte
		if b.sent < int64(len(b.head)) {
			c = b.head[b.sent]
		} else {
			c = b.line[(b.sent-int64(len(b.head)))%int64(len(b.line))]
		}
		p[k] = c
		k++
		b.sent++
	}
	return k, nil
}

// sendRaw writes a request of body's bytes on a connection of its own
// (chunked when length is -1) and reads the answer, which may come before
// the body is all sent.
func sendRaw(t *testing.T, addr, origin string, body io.Reader, length int64) *http.Response {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/api/replay", body)
	req.ContentLength = length
	if length >= 0 {
		req.TransferEncoding = nil
	} else {
		req.TransferEncoding = []string{"chunked"}
	}
	req.Header.Set("Content-Type", "multipart/form-data; boundary=B")
	req.Header.Set("Origin", origin)
	go func() { _ = req.Write(conn) }() // ends when the server closes
	_ = conn.SetReadDeadline(time.Now().Add(2 * time.Minute))
	res, err := http.ReadResponse(bufio.NewReader(conn), req)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// TestUploadRefusedAtTheLimit: a 200 MB replay upload is refused with 413:
// at once when its length is declared (what the client got to send is the
// sockets' buffers), at the limit (8 MiB) when it is sent chunked. The
// heap in use grows by less than 10 MB over the request (runtime.MemStats,
// after a GC on both sides: what the request left behind), under 64 MB
// were allocated while it ran (the body read into memory would be 200),
// and no temporary file is made (TMPDIR is an empty folder of the test's:
// multipart's spool files go there).
func TestUploadRefusedAtTheLimit(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	s := studioFor(t, nil)
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	addr := strings.TrimPrefix(ts.URL, "http://")
	const size = 200 << 20
	for _, length := range []int64{size, -1} {
		body := newBigBody(size)
		before := heapInUse()
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		res := sendRaw(t, addr, ts.URL, body, length)
		msg, _ := io.ReadAll(res.Body)
		res.Body.Close()
		runtime.ReadMemStats(&m1)
		after := heapInUse()
		if res.StatusCode != http.StatusRequestEntityTooLarge || string(msg) != `{"error":"the request is larger than 8388608 bytes (8 MiB), the limit"}`+"\n" {
			t.Errorf("length %d: %s %q", length, res.Status, msg)
		}
		grew := int64(after) - int64(before)
		alloc := m1.TotalAlloc - m0.TotalAlloc
		t.Logf("length %d: %d bytes sent, heap in use %+d bytes, %d bytes allocated", length, body.sent, grew, alloc)
		if grew > 10<<20 || alloc > 64<<20 {
			t.Errorf("length %d: the heap in use grew by %d bytes, %d bytes allocated", length, grew, alloc)
		}
		if body.sent == size {
			t.Errorf("length %d: the whole body was taken", length)
		}
		if length < 0 && body.sent < DefaultOptions.MaxUpload {
			t.Errorf("refused before the limit: %d bytes sent", body.sent)
		}
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("temporary files: %v", left)
	}
	if n := s.replayed.Load(); n != 0 {
		t.Errorf("%d actions replayed", n)
	}
	// A small log is read and replayed the same way (the control).
	small := newBigBody(2000)
	small.line = []byte(`{"event":{"kind":"note"}}` + "\n")
	res := sendRaw(t, addr, ts.URL, io.MultiReader(io.LimitReader(small, int64(len(small.head))), strings.NewReader("\r\n--B--\r\n")), -1)
	msg, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || !strings.Contains(string(msg), `"steps":[{"n":0,`) {
		t.Errorf("a small log: %s %.100q", res.Status, msg)
	}
}

// TestTempFileCheckSeesSpooling is the control of the TMPDIR check above:
// ParseMultipartForm, which the replay form was read with, writes an
// upload larger than its memory to a temporary file there.
func TestTempFileCheckSeesSpooling(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	body := io.MultiReader(io.LimitReader(newBigBody(2<<20), 2<<20), strings.NewReader("\r\n--B--\r\n"))
	req := httptest.NewRequest(http.MethodPost, "/api/replay", body)
	req.Header.Set("Content-Type", "multipart/form-data; boundary=B")
	if err := req.ParseMultipartForm(1 << 20); err != nil {
		t.Fatal(err)
	}
	defer req.MultipartForm.RemoveAll()
	if left, _ := os.ReadDir(tmp); len(left) != 1 {
		t.Errorf("ParseMultipartForm left %d files in TMPDIR, want its spool file", len(left))
	}
}

// TestHalfSentRequestIsClosed: connections that send part of a request's
// header and then nothing (slowloris) are closed by the server at its
// header timeout (a short one here): each read sees the end of the
// connection, not the test's own deadline.
func TestHalfSentRequestIsClosed(t *testing.T) {
	s := studioFor(t, func(o *Options) { o.ReadHeaderTimeout = 200 * time.Millisecond })
	srv := s.Server()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	var conns []net.Conn
	for range 50 {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: %s\r\nX-Slow: ", ln.Addr())
		conns = append(conns, c)
	}
	for i, c := range conns {
		_ = c.SetReadDeadline(time.Now().Add(time.Minute)) // a cap: the server's timeout is far shorter
		n, err := c.Read(make([]byte, 512))
		if !errors.Is(err, io.EOF) {
			t.Fatalf("connection %d: read %d bytes, %v; want the server to close it", i, n, err)
		}
	}
	// A whole request on a new connection is answered.
	req, _ := http.NewRequest(http.MethodGet, "http://"+ln.Addr().String()+"/check", nil)
	if res, _ := do(t, req); res.StatusCode != 200 {
		t.Errorf("GET /check: %s", res.Status)
	}
	// The control: without the timeouts the server keeps such a
	// connection open, and the read ends at the test's own deadline.
	bare := &http.Server{Handler: s.Handler()}
	ln2, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = bare.Serve(ln2) }()
	defer bare.Close()
	c, err := net.Dial("tcp", ln2.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: %s\r\nX-Slow: ", ln2.Addr())
	_ = c.SetReadDeadline(time.Now().Add(time.Second))
	if _, err := c.Read(make([]byte, 512)); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Errorf("without timeouts: %v, want the test's deadline", err)
	}
}

// waitIdle waits until no heavy request runs (their handlers returned).
func waitIdle(t *testing.T, s *Studio) {
	t.Helper()
	deadline := time.Now().Add(time.Minute) // a cap, never a measure
	for len(s.heavy) > 0 {
		if time.Now().After(deadline) {
			t.Fatal("a heavy request is still running")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestReplayStopsWhenTheClientLeaves: the client of a replay goes away
// after its first action; the request's context ends, the replay sees it
// before the next action and stops: one action replayed of the match's
// many (counted by the studio, not timed).
func TestReplayStopsWhenTheClientLeaves(t *testing.T) {
	s := studioFor(t, nil)
	full, err := s.current().replay(context.Background(), replayRequest{Game: "battlecrest", Mode: "versus", Seed: 1}, func(context.Context, int) {})
	if err != nil || len(full.Steps) < 20 {
		t.Fatalf("the whole match: %v, %d steps", err, len(full.Steps))
	}
	started := make(chan struct{})
	s.onAction = func(ctx context.Context, n int) {
		if n == 1 {
			close(started)
			select {
			case <-ctx.Done(): // the client left
			case <-time.After(time.Minute):
				t.Error("the request's context did not end when its client left")
			}
		}
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, ts.URL+"/api/replay", strings.NewReader(replayForm().Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", ts.URL)
		_, err := http.DefaultClient.Do(req)
		done <- err
	}()
	<-started
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("the client: %v", err)
	}
	waitIdle(t, s)
	if n := s.replayed.Load(); n != 1 {
		t.Errorf("%d actions replayed after the client left at the first (of %d)", n, len(full.Steps)-1)
	}
	t.Logf("%d action replayed of the match's %d", s.replayed.Load(), len(full.Steps)-1)
}

// TestHeavyRequestsAreLimited: with one heavy request allowed, a second
// while the first runs gets 503 with Retry-After, and the first finishes.
func TestHeavyRequestsAreLimited(t *testing.T) {
	s := studioFor(t, func(o *Options) { o.Heavy = 1 })
	started, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	s.onAction = func(ctx context.Context, n int) {
		once.Do(func() {
			close(started)
			<-release
		})
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	first := make(chan int, 1)
	go func() {
		res, _ := postReplay(t, context.Background(), ts.URL, map[string]string{"Origin": ts.URL})
		first <- res.StatusCode
	}()
	<-started
	res, body := postReplay(t, context.Background(), ts.URL, map[string]string{"Origin": ts.URL})
	if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") != "1" || !strings.HasPrefix(body, "503 Service Unavailable: 1 requests are already running") {
		t.Errorf("the second: %s, Retry-After %q, %q", res.Status, res.Header.Get("Retry-After"), body)
	}
	// A tool's POST is heavy too; a page is not.
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/api/tool/annas/forecast", strings.NewReader("attacker=chrom&defender=frederick&distance=1"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", ts.URL)
	if res, _ := do(t, req); res.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("the forecast while a replay runs: %s", res.Status)
	}
	if res, _ := do(t, mustGet(ts.URL+"/check")); res.StatusCode != 200 {
		t.Errorf("a page while a replay runs: %s", res.Status)
	}
	close(release)
	if code := <-first; code != 200 {
		t.Errorf("the first: %d", code)
	}
	waitIdle(t, s)
	if res, _ := postReplay(t, context.Background(), ts.URL, map[string]string{"Origin": ts.URL}); res.StatusCode != 200 {
		t.Errorf("after the first: %s", res.Status)
	}
}

func mustGet(u string) *http.Request {
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	return req
}

// TestEventStreamOutlivesTheTimeouts: the server's read and write
// timeouts (short here) do not cut the event stream: it extends its own
// write deadline, keeps alive past them and still carries an update.
func TestEventStreamOutlivesTheTimeouts(t *testing.T) {
	s := studioFor(t, func(o *Options) {
		o.ReadTimeout, o.WriteTimeout, o.KeepAlive = 200*time.Millisecond, 200*time.Millisecond, 20*time.Millisecond
	})
	s.dirs = nil
	srv := s.Server()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	res, err := http.Get("http://" + ln.Addr().String() + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	rd := bufio.NewReader(res.Body)
	line := func() string {
		l, err := rd.ReadString('\n')
		if err != nil {
			t.Fatalf("the stream ended: %v", err)
		}
		return l
	}
	if l := line(); l != "event: hello\n" {
		t.Fatalf("first line %q", l)
	}
	start := time.Now()
	alive := 0
	for alive < 20 || time.Since(start) < 3*s.Options.WriteTimeout {
		if line() == ": keep-alive\n" {
			alive++
		}
	}
	go s.Reload()
	for {
		if l := line(); l == "event: update\n" {
			break
		}
	}
	t.Logf("%d keep-alives over %v, then an update", alive, time.Since(start).Round(time.Millisecond))
}
