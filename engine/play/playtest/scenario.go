package playtest

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// Scenario is a rule test a designer can read: a position, the actions
// taken from it, and what must hold afterwards.
//
//	rule: Rulebook VIII, Special skills: a Special that moves its user moves it.
//	mode: boss                # default: the game's first mode
//	from: start.yaml          # a position file beside this one; or
//	position: {...}           # an inline position (version, game, mode, state); or
//	seed: 7                   # a seeded start, with
//	flags: {boss: [grima]}    #   the mode's flags
//	actions:
//	  - activate lucina c2 c5 special
//	expect:
//	  state: {...}            # a part of the resulting position's state
//	  to-move: 1
//	  legal: {has: [...], lacks: [...]}
//	  events: [...]           # texts that appear in the events, in this order
//	  over: true
//	  winners: [0]
//	  reason: ...             # a part of the result's reason
//	  error: ...              # the actions stop with an error holding this text
type Scenario struct {
	Rule     string              `yaml:"rule"`
	Mode     string              `yaml:"mode"`
	From     string              `yaml:"from"`
	Position yaml.Node           `yaml:"position"` // a *yaml.Node field stays empty in yaml.v3
	Seed     uint64              `yaml:"seed"`
	Flags    map[string][]string `yaml:"flags"`
	Actions  []string            `yaml:"actions"`
	Expect   Expect              `yaml:"expect"`
}

// Expect is what a scenario asserts.
type Expect struct {
	State  yaml.Node `yaml:"state"`
	ToMove *int      `yaml:"to-move"`
	Legal  struct {
		Has   []string `yaml:"has"`
		Lacks []string `yaml:"lacks"`
		Count *int     `yaml:"count"`
	} `yaml:"legal"`
	Events  []string `yaml:"events"`
	Over    *bool    `yaml:"over"`
	Winners []int    `yaml:"winners"`
	Reason  string   `yaml:"reason"`
	Error   string   `yaml:"error"`
}

// Game is what scenarios need of a game.
type Game struct {
	ID    string
	Modes []play.Mode
	Rules any
}

func (g Game) mode(name string) (play.Mode, error) {
	if name == "" {
		return g.Modes[0], nil
	}
	for _, m := range g.Modes {
		if m.Name == name {
			return m, nil
		}
	}
	return play.Mode{}, fmt.Errorf("no mode %q", name)
}

// Scenarios runs every *.yaml file of dir that holds a "rule:" as a
// subtest named after the file. There must be at least one.
func Scenarios(t *testing.T, dir string, g Game) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), "\nrule:") && !strings.HasPrefix(string(data), "rule:") {
			continue // a position file others start from
		}
		n++
		t.Run(strings.TrimSuffix(filepath.Base(f), ".yaml"), func(t *testing.T) {
			if err := RunScenario(f, data, g); err != nil {
				t.Error(err)
			}
		})
	}
	if n == 0 {
		t.Fatalf("no scenario in %s", dir)
	}
}

// RunScenario runs one scenario file and returns what failed.
func RunScenario(file string, data []byte, g Game) error {
	var sc Scenario
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return fmt.Errorf("%s: %v", file, err)
	}
	if err := play.Decode(&doc, &sc); err != nil {
		return fmt.Errorf("%s: %v", file, err)
	}
	if sc.Rule == "" {
		return fmt.Errorf("%s: a scenario names its rulebook passage in a rule field", file)
	}
	m, mode, err := sc.start(file, g)
	if err != nil {
		return fmt.Errorf("%s: %v", file, err)
	}
	var texts []string
	r := play.NewRunner(m, func(e play.Event) { texts = append(texts, e.Text) })
	var runErr error
	for k, a := range sc.Actions {
		if err := r.DoText(a); err != nil {
			runErr = fmt.Errorf("action %d (%q): %v", k+1, a, err)
			break
		}
	}
	x := sc.Expect
	switch {
	case x.Error == "" && runErr != nil:
		return fmt.Errorf("%s: %v", file, runErr)
	case x.Error != "" && runErr == nil:
		return fmt.Errorf("%s: the actions were all taken; want an error holding %q", file, x.Error)
	case x.Error != "" && !strings.Contains(runErr.Error(), x.Error):
		return fmt.Errorf("%s: error %q does not hold %q", file, runErr, x.Error)
	}
	var fails []string
	fail := func(f string, a ...any) { fails = append(fails, fmt.Sprintf(f, a...)) }
	if x.State.Kind != 0 {
		b, err := play.MarshalPosition(g.ID, mode.Name, m, "yaml")
		if err != nil {
			return err
		}
		var got yaml.Node
		if err := yaml.Unmarshal(b, &got); err != nil {
			return err
		}
		state := field(got.Content[0], "state")
		for _, d := range Subset(&x.State, state, "state") {
			fail("%s", d)
		}
	}
	if x.ToMove != nil && m.ToMove() != *x.ToMove {
		fail("to-move: got %d, want %d", m.ToMove(), *x.ToMove)
	}
	var legal []string
	for i := range m.Legal() {
		legal = append(legal, m.Action(i))
	}
	for _, a := range x.Legal.Has {
		if !slices.Contains(legal, play.Normalize(a)) {
			fail("legal: %q is not offered (offered: %s)", a, strings.Join(legal, "; "))
		}
	}
	for _, a := range x.Legal.Lacks {
		if slices.Contains(legal, play.Normalize(a)) {
			fail("legal: %q is offered", a)
		}
	}
	if x.Legal.Count != nil && len(legal) != *x.Legal.Count {
		fail("legal: %d actions, want %d", len(legal), *x.Legal.Count)
	}
	k := 0
	for _, want := range x.Events {
		for k < len(texts) && !strings.Contains(texts[k], want) {
			k++
		}
		if k == len(texts) {
			fail("events: no event holding %q (in order); events:\n    %s", want, strings.Join(texts, "\n    "))
			break
		}
		k++
	}
	if x.Over != nil && m.Over() != *x.Over {
		fail("over: got %v, want %v", m.Over(), *x.Over)
	}
	if x.Winners != nil || x.Reason != "" {
		res := m.Result()
		if !m.Over() {
			fail("winners/reason: the match is not over")
		} else {
			if x.Winners != nil && !slices.Equal(res.Winners, x.Winners) {
				fail("winners: got %v, want %v", res.Winners, x.Winners)
			}
			if !strings.Contains(res.Reason, x.Reason) {
				fail("reason: %q does not hold %q", res.Reason, x.Reason)
			}
		}
	}
	if len(fails) > 0 {
		return fmt.Errorf("%s (%s):\n  %s", file, sc.Rule, strings.Join(fails, "\n  "))
	}
	return nil
}

func (sc *Scenario) start(file string, g Game) (play.Match, play.Mode, error) {
	var env *play.Envelope
	switch {
	case sc.From != "":
		p := filepath.Join(filepath.Dir(file), sc.From)
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, play.Mode{}, err
		}
		if env, err = play.ReadPosition(p, b); err != nil {
			return nil, play.Mode{}, err
		}
	case sc.Position.Kind != 0:
		b, err := yaml.Marshal(&sc.Position)
		if err != nil {
			return nil, play.Mode{}, err
		}
		if env, err = play.ReadPosition(file+": position", b); err != nil {
			return nil, play.Mode{}, err
		}
	}
	name := sc.Mode
	if env != nil {
		if env.Game != g.ID {
			return nil, play.Mode{}, fmt.Errorf("the position is of game %q, not %q", env.Game, g.ID)
		}
		if name == "" {
			name = env.Mode
		}
	}
	mode, err := g.mode(name)
	if err != nil {
		return nil, mode, err
	}
	if env != nil {
		m, err := mode.Load(g.Rules, env.State)
		return m, mode, err
	}
	m, err := mode.New(g.Rules, play.Options{Seed: sc.Seed, Flags: sc.Flags})
	return m, mode, err
}

func field(n *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// Subset lists where want is not a part of got: every key of a wanted
// mapping must be in got with a matching value; a wanted sequence must have
// got's length, element by element; scalars compare as written.
func Subset(want, got *yaml.Node, path string) []string {
	if want.Kind == yaml.DocumentNode && len(want.Content) > 0 {
		want = want.Content[0]
	}
	if got == nil {
		return []string{fmt.Sprintf("%s: missing (want %s)", path, show(want))}
	}
	if got.Kind == yaml.DocumentNode && len(got.Content) > 0 {
		got = got.Content[0]
	}
	switch want.Kind {
	case yaml.MappingNode:
		if got.Kind != yaml.MappingNode {
			return []string{fmt.Sprintf("%s: got %s, want a mapping", path, show(got))}
		}
		var out []string
		for i := 0; i+1 < len(want.Content); i += 2 {
			k := want.Content[i].Value
			out = append(out, Subset(want.Content[i+1], field(got, k), path+"."+k)...)
		}
		return out
	case yaml.SequenceNode:
		if got.Kind != yaml.SequenceNode {
			return []string{fmt.Sprintf("%s: got %s, want a list", path, show(got))}
		}
		if len(want.Content) != len(got.Content) {
			return []string{fmt.Sprintf("%s: got %d items %s, want %d", path, len(got.Content), show(got), len(want.Content))}
		}
		var out []string
		for i := range want.Content {
			out = append(out, Subset(want.Content[i], got.Content[i], fmt.Sprintf("%s[%d]", path, i))...)
		}
		return out
	}
	if got.Kind != yaml.ScalarNode || got.Value != want.Value {
		return []string{fmt.Sprintf("%s: got %s, want %s", path, show(got), show(want))}
	}
	return nil
}

func show(n *yaml.Node) string {
	b, err := yaml.Marshal(n)
	if err != nil {
		return "?"
	}
	s := strings.TrimSpace(string(b))
	if strings.Contains(s, "\n") {
		s = strings.ReplaceAll(s, "\n", " ")
	}
	if len(s) > 120 {
		s = s[:117] + "..."
	}
	return s
}
