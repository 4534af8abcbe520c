package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/roundtable-dev/roundtable/games"
)

// compileSchema reads one of docs/schema/*.schema.json.
func compileSchema(t *testing.T, name string) *jsonschema.Schema {
	t.Helper()
	path := filepath.Join("..", "..", "..", "docs", "schema", name)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(name, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func runOK(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(args, nil, &out, &errb); code != 0 {
		t.Fatalf("roundtable %s: exit %d\n%s", strings.Join(args, " "), code, errb.String())
	}
	return out.String()
}

// playable lists, per game and mode, the args that start a match. Every
// registered game plays.
func playable(t *testing.T) [][]string {
	var out [][]string
	if len(games.All()) < 5 {
		t.Fatalf("only %d games registered", len(games.All()))
	}
	for _, g := range games.All() {
		if len(g.Modes) == 0 {
			t.Errorf("game %s has no mode: it does not play through the contract", g.ID)
		}
		for _, m := range g.Modes {
			out = append(out, append([]string{g.ID, m.Name}, strings.Fields(modeExample(m))...))
		}
	}
	return out
}

// withSeed replaces (or adds) --seed.
func withSeed(args []string, seed int) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		if args[i] == "--seed" {
			i++
			continue
		}
		out = append(out, args[i])
	}
	return append(out, "--seed", fmt.Sprint(seed))
}

// TestPlayJSONMatchesSchema: for every game and mode, every line of play's
// JSON (whole matches, and runs stopped early with their position) and
// legal's JSON validate against docs/schema.
func TestPlayJSONMatchesSchema(t *testing.T) {
	line := compileSchema(t, "play.schema.json")
	legal := compileSchema(t, "legal.schema.json")
	for _, args := range playable(t) {
		t.Run(args[0]+"-"+args[1], func(t *testing.T) {
			for seed := 1; seed <= 3; seed++ {
				for _, extra := range [][]string{nil, {"--stop-after", "5"}, {"--policy", "random"}} {
					a := append(append([]string{"play"}, withSeed(args, seed)...), extra...)
					a = append(a, "--format", "json")
					out := runOK(t, a...)
					lines := strings.Split(strings.TrimSpace(out), "\n")
					for i, l := range lines {
						v, err := jsonschema.UnmarshalJSON(strings.NewReader(l))
						if err != nil {
							t.Fatalf("%v: line %d is not JSON: %v", a, i+1, err)
						}
						if err := line.Validate(v); err != nil {
							t.Fatalf("%v: line %d: %v\n%s", a, i+1, err, l)
						}
					}
					if !strings.HasPrefix(lines[0], `{"match":`) || !strings.HasPrefix(lines[len(lines)-1], `{"result":`) {
						t.Fatalf("%v: the stream does not start with match and end with result", a)
					}
				}
				a := append(append([]string{"legal"}, withSeed(args, seed)...), "--format", "json")
				v, err := jsonschema.UnmarshalJSON(strings.NewReader(runOK(t, a...)))
				if err != nil {
					t.Fatal(err)
				}
				if err := legal.Validate(v); err != nil {
					t.Fatalf("%v: %v", a, err)
				}
			}
		})
	}
}

type streamLine struct {
	Event *struct {
		Kind   string `json:"kind"`
		Action string `json:"action"`
	} `json:"event"`
}

// TestPlayReplaysThroughFiles: for every game and mode and several seeds,
// the actions of a played match, fed back through --actions (from the seed,
// and from the starting position written with --stop-after 0), reach the
// same final position byte for byte; and every action legal lists at the
// start is accepted by play --actions.
func TestPlayReplaysThroughFiles(t *testing.T) {
	for _, args := range playable(t) {
		t.Run(args[0]+"-"+args[1], func(t *testing.T) {
			dir := t.TempDir()
			for seed := 1; seed <= 4; seed++ {
				base := withSeed(args, seed)
				want := filepath.Join(dir, "want.json")
				out := runOK(t, append(append([]string{"play"}, base...), "--format", "json", "--position-out", want)...)
				var acts []string
				for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
					var s streamLine
					if err := json.Unmarshal([]byte(l), &s); err != nil {
						t.Fatal(err)
					}
					if s.Event != nil && s.Event.Kind == "action" {
						acts = append(acts, s.Event.Action)
					}
				}
				actions := filepath.Join(dir, "actions.txt")
				if err := os.WriteFile(actions, []byte(strings.Join(acts, "\n")+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				start := filepath.Join(dir, "start.yaml")
				runOK(t, append(append([]string{"play"}, base...), "--stop-after", "0", "--position-out", start)...)
				for _, from := range [][]string{nil, {"--from", start}} {
					got := filepath.Join(dir, "got.json")
					runOK(t, append(append(append([]string{"play"}, base...), from...), "--actions", actions, "--position-out", got)...)
					a, _ := os.ReadFile(want)
					b, _ := os.ReadFile(got)
					if !bytes.Equal(a, b) {
						t.Fatalf("seed %d %v: replaying %d actions gives another final position", seed, from, len(acts))
					}
				}
				// Every action legal offers at the start is taken by play --actions.
				var l struct {
					Actions []struct{ Text string } `json:"actions"`
				}
				if err := json.Unmarshal([]byte(runOK(t, "legal", args[0], args[1], "--from", start, "--format", "json")), &l); err != nil {
					t.Fatal(err)
				}
				if len(l.Actions) == 0 {
					t.Fatalf("seed %d: no legal action at the start", seed)
				}
				for _, a := range l.Actions {
					one := filepath.Join(dir, "one.txt")
					_ = os.WriteFile(one, []byte(a.Text+"\n"), 0o644)
					runOK(t, "play", args[0], args[1], "--from", start, "--actions", one)
				}
			}
		})
	}
}
