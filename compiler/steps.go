package compiler

import (
	"fmt"

	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// A game's build is a table of named steps that the core runs in order
// (as OPA's compiler runs its stage table): each step says which steps it
// needs before it, and Register rejects a table whose order does not
// follow its needs. The step order lives in the table, not in comments;
// the --cache memo keys a local step's stored outcomes on the name of the
// step that runs it (Local).

// Step is one named step of a game's build over the game's builder B.
type Step[B any] struct {
	Name string
	// Needs names the steps whose results this step reads: each must come
	// before it in the table.
	Needs []string
	Run   func(B)
}

// Builder is a game's builder: the state its steps share in one compile.
type Builder interface {
	// Result returns the game's ruleset (a value of its table package)
	// and every diagnostic the steps added.
	Result() (any, diag.List)
}

// Steps is a game's build: New makes the builder of one compile, then
// the core runs the Table on it in order and asks it for its Result.
type Steps[B Builder] struct {
	New   func(*Program) B
	Table []Step[B]
}

// Build is what a game registers as its build (Steps implement it): the
// core alone runs it, so every game's build is a table of steps.
type Build interface {
	// StepNames lists the steps in the order they run.
	StepNames() []string
	check() error
	run(p *Program) (any, diag.List)
}

// StepNames lists the steps in the order they run.
func (s Steps[B]) StepNames() []string {
	names := make([]string, len(s.Table))
	for i, st := range s.Table {
		names[i] = st.Name
	}
	return names
}

// check reports a table whose order does not follow its needs: a step
// without a name or a function, a name given twice, a need that is no step
// or that comes after the step that needs it.
func (s Steps[B]) check() error {
	if s.New == nil {
		return fmt.Errorf("build has no New")
	}
	return checkTable("build step", s.Table)
}

// checkTable reports a table of steps (what names them: "build step")
// whose order does not follow its needs.
func checkTable[B any](what string, table []Step[B]) error {
	at := map[string]int{}
	for i, st := range table {
		if st.Name == "" || st.Run == nil {
			return fmt.Errorf("%s %d has no name or no Run", what, i+1)
		}
		if _, dup := at[st.Name]; dup {
			return fmt.Errorf("%s %q is in the table twice", what, st.Name)
		}
		at[st.Name] = i
	}
	for i, st := range table {
		for _, n := range st.Needs {
			j, ok := at[n]
			switch {
			case !ok:
				return fmt.Errorf("%s %q needs %q, which is no step of the table", what, st.Name, n)
			case j >= i:
				return fmt.Errorf("%s %q needs %q, which runs after it", what, st.Name, n)
			}
		}
	}
	return nil
}

// run runs the steps in order on a new builder.
func (s Steps[B]) run(p *Program) (any, diag.List) {
	b := s.New(p)
	for _, st := range s.Table {
		p.step, p.locals = st.Name, 0
		st.Run(b)
	}
	p.step = ""
	return b.Result()
}

// memoKey is the key under which Local stores the outcomes of the running
// step: the game and the step's name, and which of the step's Local calls
// it is when there are more than one.
func (p *Program) memoKey() string {
	if p.step == "" {
		return ""
	}
	p.locals++
	key := p.Game.ID + "/" + p.step
	if p.locals > 1 {
		key += fmt.Sprintf("#%d", p.locals)
	}
	return key
}
