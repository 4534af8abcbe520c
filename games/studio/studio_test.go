package studio_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/games"
)

func get(t *testing.T, u string) (int, string) {
	t.Helper()
	res, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// post is a POST as the studio's own pages send it: with their Origin
// (the studio refuses one without, guard.go).
func post(u, contentType string, body io.Reader) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPost, u, body)
	if err != nil {
		return nil, err
	}
	pu, err := url.Parse(u)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Origin", pu.Scheme+"://"+pu.Host)
	return http.DefaultClient.Do(req)
}

func pack(t *testing.T, unitAtk int) string {
	dir := t.TempDir()
	for name, text := range map[string]string{"pack.yaml": testPack, "units.yaml": fmt.Sprintf(testUnit, unitAtk)} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestEntityPage: an entity's page has its picture, its YAML as written,
// its diagnostics with source lines, and the documents that refer to it
// (as Build resolved them: compiler.CompileObserved).
func TestEntityPage(t *testing.T) {
	dir := pack(t, 55)
	_, ts := serve(t, dir)
	code, page := get(t, ts.URL+"/entity/annas/unit/sellsword")
	if code != 200 {
		t.Fatalf("status %d", code)
	}
	for _, want := range []string{
		`<h1>Sellsword <small>unit · sellsword · studio-test</small></h1>`,
		`<pre id="yaml" class="yaml">kind: unit
id: sellsword
name: Sellsword`,
		dir + `/units.yaml:6:21: error[out-of-range]: stats.atk: 55 is out of range (want &lt;=15)`,
		`<small id="diag-count">1 error, 0 warnings</small>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	// Content that has errors from the start has no ruleset to draw.
	if !strings.Contains(page, "No picture: the content has errors.") {
		t.Error("the page does not say why there is no picture")
	}

	// Valid content: pictures, and the documents that refer to an entity.
	dir = pack(t, 5)
	_, ts = serve(t, dir)
	_, page = get(t, ts.URL+"/entity/annas/unit/sellsword")
	if !strings.Contains(page, `<img class="card" data-pic="annas/unit-sellsword" src="/svg/annas/unit-sellsword.svg?v=1"`) || !strings.Contains(page, "No problems.") {
		t.Error("the valid unit's page has no picture or shows problems")
	}
	// The pack's unit names the base tag armored at units.yaml:9.
	_, armored := get(t, ts.URL+"/entity/annas/tag/armored")
	want := `<li><a href="/entity/annas/unit/sellsword">Sellsword</a> <small>unit — ` + dir + `/units.yaml:9</small></li>`
	if !strings.Contains(armored, want) {
		t.Errorf("armored's page lacks the reference %s", want)
	}
	if code, _ := get(t, ts.URL+"/entity/annas/unit/nobody"); code != 404 {
		t.Errorf("an unknown entity: status %d", code)
	}
	if code, _ := get(t, ts.URL+"/svg/annas/unit-nobody.svg"); code != 404 {
		t.Errorf("an unknown picture: status %d", code)
	}
}

// TestCheckPage: the check summary counts each game's entities and lists
// the diagnostics as `check` prints them.
func TestCheckPage(t *testing.T) {
	dir := pack(t, 55)
	_, ts := serve(t, dir)
	_, page := get(t, ts.URL+"/check")
	for _, want := range []string{`<p class="count" id="check-count">1 error, 0 warnings</p>`, "annas-base 1.0.0 (content/annas), studio-test 1.0.0 (" + dir + ")", "error[out-of-range]: stats.atk: 55"} {
		if !strings.Contains(page, want) {
			t.Errorf("the check page lacks %q", want)
		}
	}
}

func postJSON(t *testing.T, u string, form url.Values, v any) {
	t.Helper()
	res, err := post(u, "application/x-www-form-urlencoded", strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if err := json.NewDecoder(res.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}

// TestToolErrors: a tool's bad input is answered with what is wrong.
func TestToolErrors(t *testing.T) {
	_, ts := serve(t)
	for _, c := range []struct {
		tool string
		form url.Values
		want string
	}{
		{"reach", url.Values{"map": {"default"}, "unit": {"chrom"}, "at": {"z9"}}, `standing on "z9": not a tile (a1 to f6)`},
		{"reach", url.Values{"map": {"default"}, "unit": {"chrom"}, "at": {"c1"}, "allies": {"c1"}}, "the unit's tile, the allies' and the enemies' must all differ"},
		{"forecast", url.Values{"attacker": {"chrom"}, "defender": {"frederick"}, "distance": {"2"}}, "Chrom cannot attack at distance 2"},
		{"forecast", url.Values{"attacker": {"chrom"}, "defender": {"frederick"}, "distance": {"1"}, "attacker-hp": {"40"}}, `attacker-hp "40": want 1 to 10`},
	} {
		var ans struct{ Error string }
		postJSON(t, ts.URL+"/api/tool/annas/"+c.tool, c.form, &ans)
		if ans.Error != c.want {
			t.Errorf("%s %v: %q, want %q", c.tool, c.form, ans.Error, c.want)
		}
	}
	if code, _ := get(t, ts.URL+"/tool/fe-cipher/reach"); code != 404 {
		t.Errorf("a game with no reach: status %d", code)
	}
}

// TestReplayEveryGame: the replay of a seeded match of every mode of every
// game plays through the contract to the end the runner reaches with the
// same seed and policies, and every game draws each step's position on its
// board (Render.Position): the last step is the final position, whose
// picture carries the result the runner reports.
func TestReplayEveryGame(t *testing.T) {
	_, ts := serve(t)
	// Flags a mode needs that have no default.
	need := map[string]map[string][]string{"annas/boss": {"boss": {"grima"}}}
	played := 0
	for _, g := range games.All() {
		if len(g.Modes) == 0 {
			continue
		}
		if g.Render == nil || g.Render.Position == nil {
			t.Errorf("%s does not draw its positions", g.ID)
		}
		for _, m := range g.Modes {
			t.Run(g.ID+"/"+m.Name, func(t *testing.T) {
				played++
				var rep struct {
					Steps []struct {
						SVG, Position string
						Action        string
					}
					Result, Error string
					Drawn         bool
				}
				form := url.Values{"game": {g.ID}, "mode": {m.Name}, "seed": {"3"}}
				flags := need[g.ID+"/"+m.Name]
				for k, v := range flags {
					form["flag-"+k] = v
				}
				postJSON(t, ts.URL+"/api/replay", form, &rep)
				if rep.Error != "" {
					t.Fatal(rep.Error)
				}
				actions := logActions(t, playLog(t, g.ID, m.Name, 3, flags))
				if len(actions) == 0 {
					t.Fatal("the runner's match has no actions")
				}
				if len(rep.Steps) != len(actions)+1 {
					t.Fatalf("%d steps, want %d actions and the start", len(rep.Steps), len(actions))
				}
				for i, a := range actions {
					if rep.Steps[i+1].Action != a {
						t.Fatalf("step %d is %q, want %q", i+1, rep.Steps[i+1].Action, a)
					}
				}
				if !rep.Drawn {
					t.Fatal("the replay is not drawn")
				}
				for i, st := range rep.Steps {
					if st.SVG == "" || st.Position != "" {
						t.Fatalf("step %d is not drawn on the board", i)
					}
				}
				if !strings.Contains(rep.Result, "won") && !strings.HasPrefix(rep.Result, "draw") {
					t.Errorf("result %q", rep.Result)
				}
				first, last := rep.Steps[0].SVG, rep.Steps[len(rep.Steps)-1].SVG
				if first == last {
					t.Error("the final position is drawn as the start")
				}
			})
		}
	}
	if played < 7 {
		t.Errorf("only %d modes replayed", played)
	}
}

func logActions(t *testing.T, log []byte) []string {
	var out []string
	for _, line := range bytes.Split(bytes.TrimSpace(log), []byte("\n")) {
		var rec struct{ Event *play.Event }
		if err := json.Unmarshal(line, &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Event != nil && rec.Event.Kind == "action" {
			out = append(out, rec.Event.Action)
		}
	}
	return out
}

// TestReplayLogErrors: a file that is not a play log, a log of a match
// that began from a position file, and a log whose actions do not fit the
// match are refused with the reason.
func TestReplayLogErrors(t *testing.T) {
	_, ts := serve(t)
	for _, c := range []struct{ log, want string }{
		{"hello\n", "the log: line 1: not a line of play --format json: invalid character 'h' looking for beginning of value"},
		{`{"event":{"kind":"action","action":"x"}}` + "\n", "the log: no match header: is this the output of play --format json?"},
		{`{"match":{"game":"battlecrest","mode":"versus","seed":1,"from":"start.yaml"}}` + "\n", "the log: line 1: the match started from the position file start.yaml; replay it with play --from"},
		{`{"match":{"game":"battlecrest","mode":"versus","seed":1}}` + "\n" + `{"event":{"kind":"action","action":"fly to the moon"}}` + "\n", `action 1 of the log: action "fly to the moon" is not legal now`},
	} {
		var body bytes.Buffer
		w := multipart.NewWriter(&body)
		f, _ := w.CreateFormFile("log", "match.jsonl")
		f.Write([]byte(c.log))
		w.Close()
		res, err := post(ts.URL+"/api/replay", w.FormDataContentType(), &body)
		if err != nil {
			t.Fatal(err)
		}
		var ans struct{ Error string }
		_ = json.NewDecoder(res.Body).Decode(&ans)
		res.Body.Close()
		if !strings.HasPrefix(ans.Error, c.want) {
			t.Errorf("log %q: %q, want %q…", c.log, ans.Error, c.want)
		}
	}
}

// TestHostileLayoutLeavesTheRestDrawn: a pack whose unit layout runs two
// nested loops of 100,000 stops at its budget for every unit card; the
// studio still draws and serves every other picture and page, and its
// check page shows the one layout-budget diagnostic at the layout's line.
func TestHostileLayoutLeavesTheRestDrawn(t *testing.T) {
	dir := pack(t, 5)
	if err := os.MkdirAll(filepath.Join(dir, "layouts"), 0o755); err != nil {
		t.Fatal(err)
	}
	hostile := "<svg xmlns=\"http://www.w3.org/2000/svg\">\n{{range seq 100000}}{{range seq 100000}}<g/>{{end}}{{end}}\n</svg>\n"
	if err := os.WriteFile(filepath.Join(dir, "layouts", "unit.svg.tmpl"), []byte(hostile), 0o644); err != nil {
		t.Fatal(err)
	}
	_, ts := serve(t, dir)
	for path, want := range map[string]int{
		"/svg/annas/unit-sellsword.svg": 404, "/svg/annas/unit-chrom.svg": 404, // units: not drawn
		"/svg/annas/map-default.svg": 200, "/svg/annas/boss-grima.svg": 200, "/svg/fe-cipher/card-abel-cavalier.svg": 404, // a pack of Anna's only
		"/": 200, "/entity/annas/unit/sellsword": 200, "/maps": 200, "/replay": 200,
	} {
		if code, _ := get(t, ts.URL+path); code != want {
			t.Errorf("GET %s: %d, want %d", path, code, want)
		}
	}
	_, page := get(t, ts.URL+"/check")
	want := dir + "/layouts/unit.svg.tmpl:2: error[layout-budget]: unit robin (and 45 more pictures) not drawn: over 100000 steps (loop iterations, actions and function calls)"
	if !strings.Contains(page, want) || strings.Count(page, "layout-budget") != 1 {
		t.Errorf("the check page lacks the one diagnostic %q:\n%s", want, page)
	}
}
