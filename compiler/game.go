// Package compiler is the game-agnostic core: it loads packs, validates each
// document against its game's CUE schema, builds symbol tables and hands the
// valid documents to the game's own build step. Compile is a table of named
// stages (stages.go), each after the stages it needs.
//
// Three cache layers (a Loader's vcache.Store: check --cache, and the
// language server's and check --watch's in memory) are hooks at the stages'
// boundaries (cache.go), never calls between them. The per-file layer keeps
// what a file decides alone: its stat and content key, its parsed documents
// and suppression comments, and each document's validation results. The
// build record, one per set of packs, keeps the outcome of read-ids, link
// and build under a key of everything they observe, and replays it when
// that key and the files Build read are unchanged (Replayed). The memo, per
// environment (the key of what link decided), keeps in each file's entry the
// outcome of a Local build step for each of its documents, so that after an
// edit only the edited file's documents are stepped again (Memoized).
package compiler

import (
	"fmt"
	"io/fs"
	"reflect"
	"slices"
	"sync"

	"github.com/roundtable-dev/roundtable/compiler/cueval"
	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// Kind describes one content kind of a game.
type Kind struct {
	Name    string // the kind: value, e.g. "unit"
	Def     string // CUE definition, e.g. "#Unit"
	Summary string // one line for help and docs
	NoID    bool   // singleton kinds (rules, vp-deck) carry no id
	Plural  string // for summaries; default Name+"s"
	// Doc is the Go struct the game's build decodes a document of the kind
	// into; TestSchemaAgreesWithStructs holds it to Def field by field.
	Doc reflect.Type
}

// Game is everything the core needs to know about one game. The core holds
// no game rules; Build does.
type Game struct {
	ID   string // "annas": a pack's game: field, the --game flag
	Name string // "Anna's Roundtable"
	// Checks is the catalogue of the game's diagnostic codes
	// (diag.NewCatalogue): its Prefix ("annas-") starts every code id of
	// the game. The game's codes are declared through it as package
	// variables, which Build's functions use; the catalogue is a variable
	// of its own because a code declared through the Game value would
	// depend on Build and Build on the code (an initialization cycle).
	Checks  *diag.Catalogue
	Kinds   []Kind
	Schema  fs.FS // the game's .cue files
	Content fs.FS // the embedded base pack
	// ContentDir is how embedded content paths are shown: content/<game>.
	ContentDir string
	// Build checks the linked documents and returns the game's ruleset (a
	// value of its table package): a table of named steps (Steps). It
	// reports, never panics.
	Build Build
	// Go output of gen: folder (relative to the repo), package, variable.
	GenDir, GenPackage, GenVar string
	// GoConsts names the table package's enum constants for gen (the
	// generated table.GoConsts), so generated code reads table.Activate.
	GoConsts map[string]map[int64]string

	once   sync.Once
	schema *cueval.Schema
	err    error
}

// Prefix is the prefix of the game's code ids ("annas-").
func (g *Game) Prefix() string { return g.Checks.Prefix }

// Kind returns the kind named k.
func (g *Game) Kind(k string) (Kind, bool) {
	for _, kd := range g.Kinds {
		if kd.Name == k {
			return kd, true
		}
	}
	return Kind{}, false
}

// KindNames lists the game's kinds.
func (g *Game) KindNames() []string {
	var out []string
	for _, k := range g.Kinds {
		out = append(out, k.Name)
	}
	return out
}

// CompiledSchema compiles the game's CUE definitions once per process.
func (g *Game) CompiledSchema() (*cueval.Schema, error) {
	g.once.Do(func() {
		defs := map[string]string{}
		for _, k := range g.Kinds {
			defs[k.Name] = k.Def
		}
		g.schema, g.err = cueval.Compile(g.Schema, "schema/"+g.ID, defs)
	})
	return g.schema, g.err
}

var (
	gamesMu sync.Mutex
	games   = map[string]*Game{}
)

// Register makes a game known to the core. Games register from init; a
// game registered twice, or whose build's steps are out of the order their
// needs ask for (Steps), is a programming error: Register panics.
func Register(g *Game) {
	gamesMu.Lock()
	defer gamesMu.Unlock()
	if _, dup := games[g.ID]; dup {
		panic("compiler: game registered twice: " + g.ID)
	}
	if g.Build == nil {
		panic("compiler: game " + g.ID + " has no build")
	}
	if err := g.Build.check(); err != nil {
		panic("compiler: game " + g.ID + ": " + err.Error())
	}
	if g.Checks == nil || g.Checks == diag.Core {
		panic("compiler: game " + g.ID + " has no catalogue of its own (Game.Checks: diag.NewCatalogue)")
	}
	for _, o := range games {
		if o.Checks == g.Checks {
			panic("compiler: games " + o.ID + " and " + g.ID + " share a catalogue")
		}
	}
	games[g.ID] = g
}

// Lookup returns a registered game.
func Lookup(id string) (*Game, bool) {
	gamesMu.Lock()
	defer gamesMu.Unlock()
	g, ok := games[id]
	return g, ok
}

// Games returns the registered games sorted by id.
func Games() []*Game {
	gamesMu.Lock()
	defer gamesMu.Unlock()
	out := make([]*Game, 0, len(games))
	for _, g := range games {
		out = append(out, g)
	}
	slices.SortFunc(out, func(a, b *Game) int {
		if a.ID < b.ID {
			return -1
		}
		return 1
	})
	return out
}

// GameIDs lists the registered game ids.
func GameIDs() []string {
	var ids []string
	for _, g := range Games() {
		ids = append(ids, g.ID)
	}
	return ids
}

func (g *Game) String() string { return fmt.Sprintf("%s (%s)", g.ID, g.Name) }
