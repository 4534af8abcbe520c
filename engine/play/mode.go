package play

import (
	"fmt"
	"slices"
	"strconv"

	"gopkg.in/yaml.v3"

	"github.com/roundtable-dev/roundtable/internal/phrase"
)

// Mode is one way to play a game: Anna's versus and boss, a Table Battles
// scenario, a Tropera battle.
type Mode struct {
	Name    string // "versus"; the first mode of a game is its default
	Summary string // one line for --help
	// Flags are the mode's own options; the CLI offers exactly these (plus
	// the common ones: seed, policy, format, pack, from, actions).
	Flags []Flag
	// New starts a match from a compiled ruleset of the game (its table
	// package's *Ruleset) and the options.
	New func(rules any, o Options) (Match, error)
	// Load reads a match back from the state of a position (the value that
	// Match.Position marshalled). Errors name the field and, when they can,
	// its line (see Decode).
	Load func(rules any, state *yaml.Node) (Match, error)
	// Policies are the built-in players by name; "random" and "greedy" at
	// least. Each is made per seat with its own seed.
	Policies map[string]PolicyMaker
	// DefaultPolicy names the policy seats get when none is given.
	DefaultPolicy string
	// OpponentBudget is the playouts per decision of the search that
	// plays the seats a person does not, when none is named: what answers
	// in about a second a decision (docs/performance.md, "Search opposite
	// a person"); 0 for the search's default.
	OpponentBudget int
	// Example is a runnable example's flags, for --help:
	// "--boss grima --players 3 --seed 2".
	Example string
}

// Flag is one option of a mode.
type Flag struct {
	Name    string // "boss", "players", "deck"
	Usage   string
	Default string // as it would be typed; "" for none
	Kind    FlagKind
	// Choices, when set, lists the values the flag takes with a ruleset
	// (the ids of its bosses, scenarios, decks), for a form to offer.
	Choices func(rules any) []string
}

// FlagKind is how a flag's value is read.
type FlagKind uint8

// Flag kinds.
const (
	String  FlagKind = iota
	Int              // a decimal integer
	Strings          // repeatable: --deck a --deck b
)

// Options start a match.
type Options struct {
	Seed uint64
	// Flags holds the values of the mode's flags by name: one value for
	// String and Int flags (the default when not given), every value for
	// Strings flags.
	Flags map[string][]string
	// Quiet asks the match not to build events (simulation at scale).
	Quiet bool
}

// Str is the value of a String flag ("" when unset).
func (o Options) Str(name string) string {
	if v := o.Flags[name]; len(v) > 0 {
		return v[len(v)-1]
	}
	return ""
}

// List is every value of a Strings flag.
func (o Options) List(name string) []string { return o.Flags[name] }

// Int is the value of an Int flag, or def when unset.
func (o Options) Int(name string, def int) (int, error) {
	s := o.Str(name)
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("--%s %s is not a whole number", name, phrase.Quote(s))
	}
	return n, nil
}

// PolicyNames are the mode's built-in players by name: random first, the
// others sorted (what --policy, --seat and the studio's play page offer).
func (m Mode) PolicyNames() []string {
	names := []string{"random"}
	for n := range m.Policies {
		if n != "random" {
			names = append(names, n)
		}
	}
	slices.Sort(names[1:])
	return names
}
