package compiler

import (
	"testing"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

type stepsBuilder struct{ ran []string }

func (b *stepsBuilder) Result() (any, diag.List) { return b.ran, nil }

func stepsOf(rows ...Step[*stepsBuilder]) Steps[*stepsBuilder] {
	for i := range rows {
		name := rows[i].Name
		rows[i].Run = func(b *stepsBuilder) { b.ran = append(b.ran, name) }
	}
	return Steps[*stepsBuilder]{New: func(*Program) *stepsBuilder { return &stepsBuilder{} }, Table: rows}
}

// A build's table is checked against its steps' needs: each need is a
// step that runs before the one that needs it.
func TestStepsOrderFollowsNeeds(t *testing.T) {
	for _, c := range []struct {
		name string
		s    Steps[*stepsBuilder]
		want string
	}{
		{"in order", stepsOf(Step[*stepsBuilder]{Name: "tags"}, Step[*stepsBuilder]{Name: "units", Needs: []string{"tags"}}), ""},
		{"need after", stepsOf(Step[*stepsBuilder]{Name: "units", Needs: []string{"tags"}}, Step[*stepsBuilder]{Name: "tags"}), `build step "units" needs "tags", which runs after it`},
		{"need itself", stepsOf(Step[*stepsBuilder]{Name: "units", Needs: []string{"units"}}), `build step "units" needs "units", which runs after it`},
		{"unknown need", stepsOf(Step[*stepsBuilder]{Name: "units", Needs: []string{"tag"}}), `build step "units" needs "tag", which is no step of the table`},
		{"twice", stepsOf(Step[*stepsBuilder]{Name: "tags"}, Step[*stepsBuilder]{Name: "tags"}), `build step "tags" is in the table twice`},
		{"no name", stepsOf(Step[*stepsBuilder]{}), `build step 1 has no name or no Run`},
	} {
		got := ""
		if err := c.s.check(); err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// Register rejects a game whose build's steps are out of order, before
// the game is known.
func TestRegisterChecksSteps(t *testing.T) {
	g := &Game{ID: "steps-test", Build: stepsOf(Step[*stepsBuilder]{Name: "b", Needs: []string{"a"}}, Step[*stepsBuilder]{Name: "a"})}
	func() {
		defer func() {
			r := recover()
			if r != `compiler: game steps-test: build step "b" needs "a", which runs after it` {
				t.Errorf("panic %v", r)
			}
		}()
		Register(g)
	}()
	if _, ok := Lookup("steps-test"); ok {
		t.Error("the rejected game was registered")
	}
}

// The core runs the steps in table order and keys Local's memo on the
// running step's name (and the call's ordinal within the step).
func TestStepsRunInOrder(t *testing.T) {
	p := &Program{Game: &Game{ID: "g"}}
	var keys []string
	s := stepsOf(Step[*stepsBuilder]{Name: "a"}, Step[*stepsBuilder]{Name: "b"})
	s.Table[1].Run = func(b *stepsBuilder) {
		b.ran = append(b.ran, "b")
		keys = append(keys, p.memoKey(), p.memoKey())
	}
	rs, _ := s.run(p)
	if got := rs.([]string); len(got) != 2 || got[0] != "a" || got[1] != "b" {
		t.Errorf("ran %v, want [a b]", got)
	}
	if len(keys) != 2 || keys[0] != "g/b" || keys[1] != "g/b#2" {
		t.Errorf("memo keys %q, want [g/b g/b#2]", keys)
	}
	if p.memoKey() != "" {
		t.Error("a memo key outside any step")
	}
	if got := s.StepNames(); len(got) != 2 || got[0] != "a" || got[1] != "b" {
		t.Errorf("StepNames %v", got)
	}
}
