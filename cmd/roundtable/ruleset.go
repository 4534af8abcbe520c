package main

import (
	"io"
	"strings"

	"github.com/roundtable-dev/roundtable/compiler"
	"github.com/roundtable-dev/roundtable/compiler/diag"
)

// packRuleset returns base when dirs is empty; otherwise it compiles the pack
// folders (with the embedded base packs they require) and returns the ruleset
// of game. Content errors are printed to w and reported as errContent.
func packRuleset[T any](dirs []string, game string, base *T, w io.Writer) (*T, error) {
	if len(dirs) == 0 {
		return base, nil
	}
	sets, diags, err := loadSets(dirs)
	if err != nil {
		return nil, err
	}
	var rs *T
	var results []*compiler.Result
	for _, set := range sets {
		res, ds := compiler.Compile(set)
		diags = append(diags, ds...)
		results = append(results, res)
		if r, ok := res.Ruleset.(*T); ok && res.Game != nil && res.Game.ID == game {
			rs = r
		}
	}
	diags = diags.Sort()
	if diags.Errors() > 0 {
		_ = diag.Print(w, "text", diags, sources(results))
		return nil, errContent
	}
	if rs == nil {
		return nil, usageErr("no %s pack among %s", game, strings.Join(dirs, ", "))
	}
	return rs, nil
}

// policyByName picks one of an engine's two built-in policies by its flag value.
func policyByName[P any](name string, greedy, random P) (P, error) {
	switch name {
	case "greedy":
		return greedy, nil
	case "random":
		return random, nil
	}
	var zero P
	return zero, usageErr("unknown policy %q (want greedy or random)", name)
}
