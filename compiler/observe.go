package compiler

import "github.com/roundtable-dev/roundtable/compiler/diag"

// Observer sees what link and a game's Build decide about references, for
// tools that index content (the language server, compiler/lsp): every
// Program.Resolve, and every document whose Local steps were taken from the
// memo (check --cache), whose references were then not resolved again.
// Calls may come from several goroutines.
type Observer interface {
	// Ref is one reference resolved by Build: the kind looked up, the
	// reference as written, where it is written, and the entity it names
	// (nil when it names none, ambiguously or not at all).
	Ref(kind, ref string, pos diag.Pos, target *Doc)
	// Reused is a document whose outcome of a Local step was replayed:
	// the references that step resolves were not reported again.
	Reused(d *Doc)
}

// CompileObserved is Compile with an observer (nil: none). A Result that
// is Replayed resolved nothing: every reference is as in the run it
// replays.
func CompileObserved(packs []*Pack, obs Observer) (*Result, diag.List) {
	return compile(packs, obs)
}
