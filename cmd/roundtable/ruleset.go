package main

import (
	"io"

	"github.com/roundtable-dev/roundtable/games"
)

// packRuleset returns base when dirs is empty; otherwise it compiles the pack
// folders (with the embedded base packs they require) and returns the ruleset
// of game. Content errors are printed to w and reported as errContent.
func packRuleset[T any](dirs []string, game string, base *T, w io.Writer) (*T, error) {
	if len(dirs) == 0 {
		return base, nil
	}
	g, ok := games.Lookup(game)
	if !ok {
		return nil, usageErr("no game %q", game)
	}
	rs, err := g.Rules(dirs, w)
	if err != nil {
		return nil, err
	}
	return rs.(*T), nil
}
