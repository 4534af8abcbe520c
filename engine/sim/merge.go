package sim

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// Merge adds up the results of disjoint game ranges of one run (shards)
// into the result of the whole run: byte for byte what one process playing
// every game writes. The ranges must cover the run's games exactly once,
// and the results must agree on everything that was run (game, mode,
// flags, policies, budget, seed, games, cap, level, band).
func Merge(rs []*Result) (*Result, error) {
	if len(rs) == 0 {
		return nil, fmt.Errorf("nothing to merge")
	}
	rs = slices.Clone(rs)
	slices.SortStableFunc(rs, func(a, b *Result) int { return a.Range.First - b.Range.First })
	base := rs[0]
	for _, r := range rs {
		if r.Interrupted {
			return nil, fmt.Errorf("games %d–%d are an interrupted run (Ctrl-C): play that shard again", r.Range.First, r.Range.End)
		}
	}
	for _, r := range rs[1:] {
		if d := differs(base, r); d != "" {
			return nil, fmt.Errorf("games %d–%d and %d–%d are not of one run: their %s differ", base.Range.First, base.Range.End, r.Range.First, r.Range.End, d)
		}
	}
	next := 0
	for _, r := range rs {
		switch {
		case r.Range.First > next:
			return nil, fmt.Errorf("games %d–%d are missing (no shard holds them)", next, r.Range.First)
		case r.Range.First < next:
			return nil, fmt.Errorf("games %d–%d are in two shards", r.Range.First, min(next, r.Range.End))
		}
		next = r.Range.End
	}
	if next != base.Games {
		return nil, fmt.Errorf("games %d–%d are missing (no shard holds them)", next, base.Games)
	}
	a := newAcc()
	for _, r := range rs {
		if err := a.addResult(r); err != nil {
			return nil, fmt.Errorf("games %d–%d: %v", r.Range.First, r.Range.End, err)
		}
	}
	return a.result(&Result{Game: base.Game, Mode: base.Mode, Flags: base.Flags, Policies: base.Policies, Budget: base.Budget,
		Seed: base.Seed, Games: base.Games, Range: Range{0, base.Games}, MaxActions: base.MaxActions, Level: base.Level, Band: base.Band}), nil
}

// differs names what two results of one run must share and do not.
func differs(a, b *Result) string {
	var d []string
	add := func(name string, same bool) {
		if !same {
			d = append(d, name)
		}
	}
	add("game", a.Game == b.Game)
	add("mode", a.Mode == b.Mode)
	add("flags", reflect.DeepEqual(a.Flags, b.Flags) || len(a.Flags) == 0 && len(b.Flags) == 0)
	add("policies", slices.Equal(a.Policies, b.Policies))
	add("budget", a.Budget == b.Budget)
	add("seed", a.Seed == b.Seed)
	add("games", a.Games == b.Games)
	add("max_actions", a.MaxActions == b.MaxActions)
	add("level", a.Level == b.Level)
	add("band", a.Band == b.Band)
	return strings.Join(d, ", ")
}
