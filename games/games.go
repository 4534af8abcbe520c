// Package games is the registry of the games roundtable knows: each game's
// package (games/<game>) registers itself here with its modes, its own
// commands, its base ruleset and its `new` templates; games/all imports
// them all. The CLI reads only this registry, so adding a game touches no
// file in cmd/.
package games

import (
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/source"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/search"
)

// Game is everything the tools know of one game beyond its compile step
// (which registers with the compiler: compiler.Game).
type Game struct {
	// ID ("annas", as in a pack's game: field) and Name ("Anna's
	// Roundtable") are the compile step's (compiler.Game), set by Register.
	ID, Name string
	// Modes are the ways to play it; the first is the default.
	Modes []play.Mode
	// Base is the ruleset of the embedded base content (the generated tables).
	Base func() any
	// Commands are the game's own commands, under `roundtable GAME`
	// (Anna's forecast and reach, Tropera's forecast and levelup).
	Commands []func() *cobra.Command
	// Import, when set, is `roundtable import GAME`: it turns a foreign card
	// list into a pack.
	Import func() *cobra.Command
	// Scaffold is what `roundtable new` writes for this game.
	Scaffold *Scaffold
	// Render, when set, is how the game is drawn: `roundtable render`
	// and the studio (`roundtable serve`); see render.go.
	Render *Render
}

// Scaffold is a game's templates for `roundtable new`.
type Scaffold struct {
	// Templates holds README.md and pack.yaml of a new pack and one
	// commented template per kind, <kind>.yaml (text/template).
	Templates fs.FS
	// Examples are, per kind a new pack shows, the example's id and name.
	Examples []Example
	// Covered lists kinds a template also writes (a boss writes its cards).
	Covered map[string][]string
	// Defaults are base-pack entities templates refer to (.Ref.KIND) when a
	// kind is appended alone.
	Defaults map[string]string
	// OwnFirst lists kinds whose template companions join the pack's own
	// entity of the kind when it has one.
	OwnFirst []string
	// Try is the kind and id the new pack's README suggests appending.
	Try Example
	// Values, when set, gives templates values of their own (.V): a free
	// terrain glyph, free card numbers. docs are the documents of the base
	// pack and of the pack being extended; ref maps a kind to the entity of
	// it the templates refer to.
	Values func(docs []*source.Document, ref map[string]string) map[string]any
}

// Example is one kind's example entity in a scaffold.
type Example struct{ Kind, ID, Name string }

var registry []*Game

// Register adds a game; games/<game> packages call it from init with the
// game's compile step, whose id and name the game takes: they are declared
// once, in compiler.Game. Every
// mode is given the policy "search" (engine/play/search, written once for
// all games) unless it has its own; its playouts play the mode's "greedy"
// where it has one (far stronger than random playouts), and greedy's move
// is its prior (search.Over), else random.
func Register(c *compiler.Game, g *Game) {
	g.ID, g.Name = c.ID, c.Name
	if _, dup := Lookup(g.ID); dup {
		panic("games: " + g.ID + " registered twice")
	}
	for i := range g.Modes {
		if g.Modes[i].Policies["search"] == nil {
			pols := maps.Clone(g.Modes[i].Policies)
			if pols == nil {
				pols = map[string]play.PolicyMaker{}
			}
			pols["search"] = search.Over(pols["greedy"], 0).Maker()
			g.Modes[i].Policies = pols
		}
	}
	registry = append(registry, g)
	slices.SortFunc(registry, func(a, b *Game) int { return strings.Compare(a.ID, b.ID) })
}

// All lists the registered games by id.
func All() []*Game { return registry }

// Lookup finds a game by id.
func Lookup(id string) (*Game, bool) {
	for _, g := range registry {
		if g.ID == id {
			return g, true
		}
	}
	return nil, false
}

// IDs lists the ids of the registered games.
func IDs() []string {
	var out []string
	for _, g := range registry {
		out = append(out, g.ID)
	}
	return out
}

// Mode finds a mode by name; "" is the default (first) mode.
func (g *Game) Mode(name string) (play.Mode, error) {
	if len(g.Modes) == 0 {
		return play.Mode{}, fmt.Errorf("%s has no engine in this build", g.ID)
	}
	if name == "" {
		return g.Modes[0], nil
	}
	var names []string
	for _, m := range g.Modes {
		if m.Name == name {
			return m, nil
		}
		names = append(names, m.Name)
	}
	return play.Mode{}, fmt.Errorf("%s has no mode %q (modes: %s)", g.ID, name, strings.Join(names, ", "))
}
