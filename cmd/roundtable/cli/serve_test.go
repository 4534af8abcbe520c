package cli

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/games"
)

// TestServeReadmeCommand runs the README's one studio command (`go run
// ./cmd/roundtable serve`, every game's base content) from the repository's
// root, as on a fresh clone (CI runs on one): it prints its URL on
// 127.0.0.1 and serves the gallery of every game, an entity page with its
// picture, the replay viewer, the check summary and the embedded script.
// The port is any free one here (--port 0), not the README's 7878, which
// another program may hold.
func TestServeReadmeCommand(t *testing.T) {
	var serve []string
	for _, args := range readmeCommands(t, "../../../README.md") {
		if args[0] == "serve" {
			if serve != nil {
				t.Fatalf("the README shows serve twice: %v and %v", serve, args)
			}
			serve = args
		}
	}
	if len(serve) != 1 {
		t.Fatalf("the README's studio command is `roundtable %s`, want the bare `serve`", strings.Join(serve, " "))
	}
	t.Chdir("../../..")
	ctx, stop := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	var errb strings.Builder
	done := make(chan int, 1)
	go func() {
		done <- runContext(ctx, append(serve, "--port", "0"), nil, pw, &errb)
		pw.Close()
	}()
	stopped := false
	defer func() {
		if !stopped {
			stop()
			<-done
		}
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("serve printed no URL: %v; stderr: %s", err, errb.String())
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }() // reload lines, if any
	m := regexp.MustCompile(`^roundtable studio: (http://127\.0\.0\.1:\d+/) \(Ctrl-C to stop\)\n$`).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("serve printed %q, want its URL on 127.0.0.1", line)
	}
	base := m[1]
	get := func(path string) (string, string) {
		t.Helper()
		res, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 {
			t.Fatalf("GET %s: %s", path, res.Status)
		}
		return string(b), res.Header.Get("Content-Type")
	}
	gallery, _ := get("")
	for _, g := range games.IDs() {
		if n := strings.Count(gallery, `data-game="`+g+`"`); n < 5 {
			t.Errorf("the gallery has %d tiles of %s", n, g)
		}
	}
	if page, _ := get("entity/annas/unit/chrom"); !strings.Contains(page, `src="/svg/annas/unit-chrom.svg?v=`) {
		t.Error("Chrom's page does not show his card")
	}
	if svg, ctype := get("svg/annas/unit-chrom.svg"); ctype != "image/svg+xml" || !strings.HasPrefix(svg, "<svg ") {
		t.Errorf("Chrom's card: %s, %.40q", ctype, svg)
	}
	if page, _ := get("replay"); !strings.Contains(page, `<option value="battlecrest versus"`) {
		t.Error("the replay viewer offers no Battlecrest match")
	}
	if page, _ := get("check"); !strings.Contains(page, `<pre class="diags" id="check-diags">No problems.</pre>`) {
		t.Error("the check summary of the base content does not say No problems.")
	}
	if js, _ := get("static/studio.js"); !strings.Contains(js, "EventSource") {
		t.Error("the studio's script is not served")
	}
	stop()
	stopped = true
	if code := <-done; code != 0 {
		t.Errorf("serve exited %d when stopped: %s", code, errb.String())
	}
}
