package sim

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"

	"gonum.org/v1/gonum/stat"
)

// Diff compares two results of one game mode (before and after a change),
// seat by seat and entity by entity.
type Diff struct {
	Game  string  `json:"game"`
	Mode  string  `json:"mode"`
	Level float64 `json:"level"`
	Old   Side    `json:"old"`
	New   Side    `json:"new"`
	// Notes say where the two runs were not run alike (other policies,
	// seeds, flags, game counts): the comparison still holds, but a change
	// may come from there rather than from the content.
	Notes    []string `json:"notes"`
	Seats    []Change `json:"seats"`
	Entities []Change `json:"entities"`
	// Spearman is the rank correlation of the entities' win rates on the
	// two sides (those on both; ties share their mean rank): 1 when they
	// rank the same. Two runs of one content with other seeds say how
	// stable a ranking is. Null with fewer than three entities.
	Spearman *float64 `json:"spearman"`
}

// Side names one result of a diff.
type Side struct {
	Label  string `json:"label"`
	Played int    `json:"played"`
}

// Change is one seat's or entity's win rate before and after.
type Change struct {
	ID  string `json:"id"`
	Old *Tally `json:"old"` // nil: not in the old result
	New *Tally `json:"new"` // nil: not in the new result
	// Delta is new minus old, with its interval (Newcombe); 0 when a side
	// is missing.
	Delta float64 `json:"delta"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
	// Significant: the interval of the change does not hold 0.
	Significant bool `json:"significant"`
}

// Tally is a win count with its rate and interval.
type Tally struct {
	Wins  int `json:"wins"`
	Games int `json:"games"` // appearances for an entity
	Rate
}

// Compare diffs old and new at their confidence level (new's). They must
// be of one game and mode.
func Compare(old, new *Result, oldLabel, newLabel string) (*Diff, error) {
	if old.Game != new.Game || old.Mode != new.Mode {
		return nil, fmt.Errorf("%s is %s %s and %s is %s %s: compare runs of one game mode", oldLabel, old.Game, old.Mode, newLabel, new.Game, new.Mode)
	}
	level := new.Level
	d := &Diff{Game: new.Game, Mode: new.Mode, Level: level,
		Old: Side{oldLabel, old.Played}, New: Side{newLabel, new.Played}, Notes: []string{}}
	if !slices.Equal(old.Policies, new.Policies) || old.Budget != new.Budget {
		d.Notes = append(d.Notes, fmt.Sprintf("policies differ: %v (budget %d) before, %v (budget %d) after", old.Policies, old.Budget, new.Policies, new.Budget))
	}
	if differs(&Result{Flags: old.Flags}, &Result{Flags: new.Flags}) != "" {
		d.Notes = append(d.Notes, fmt.Sprintf("mode flags differ: %v before, %v after", old.Flags, new.Flags))
	}
	if old.Seed != new.Seed || old.Played != new.Played {
		d.Notes = append(d.Notes, fmt.Sprintf("other games: seed %d, %d played before; seed %d, %d played after", old.Seed, old.Played, new.Seed, new.Played))
	}
	if old.MaxActions != new.MaxActions {
		d.Notes = append(d.Notes, fmt.Sprintf("max_actions differs: %d before, %d after", old.MaxActions, new.MaxActions))
	}
	if !old.Participants || !new.Participants {
		d.Notes = append(d.Notes, "no per-entity figures: the mode does not name the entities that took part (play.Participants)")
	}
	for i := range max(len(old.Seats), len(new.Seats)) {
		var o, n *Tally
		id := fmt.Sprintf("seat %d", i+1)
		if i < len(old.Seats) {
			o = &Tally{Wins: old.Seats[i].Wins, Games: old.Played}
			id = old.Seats[i].Name
		}
		if i < len(new.Seats) {
			n = &Tally{Wins: new.Seats[i].Wins, Games: new.Played}
			id = new.Seats[i].Name
		}
		d.Seats = append(d.Seats, change(id, o, n, level))
	}
	oe, ne := map[string]Entity{}, map[string]Entity{}
	for _, e := range old.Entities {
		oe[e.ID] = e
	}
	for _, e := range new.Entities {
		ne[e.ID] = e
	}
	ids := slices.Sorted(maps.Keys(oe))
	for id := range ne {
		if _, ok := oe[id]; !ok {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	d.Entities = []Change{}
	for _, id := range ids {
		var o, n *Tally
		if e, ok := oe[id]; ok {
			o = &Tally{Wins: e.Wins, Games: e.Appearances}
		}
		if e, ok := ne[id]; ok {
			n = &Tally{Wins: e.Wins, Games: e.Appearances}
		}
		d.Entities = append(d.Entities, change(id, o, n, level))
	}
	d.Spearman = spearman(d.Entities)
	// Significant changes first, the largest first; then by id.
	slices.SortStableFunc(d.Entities, func(a, b Change) int {
		if a.Significant != b.Significant {
			if a.Significant {
				return -1
			}
			return 1
		}
		return cmp.Compare(math.Abs(b.Delta), math.Abs(a.Delta))
	})
	return d, nil
}

func change(id string, o, n *Tally, level float64) Change {
	c := Change{ID: id, Old: o, New: n}
	for _, x := range []*Tally{o, n} {
		if x != nil {
			x.Rate = rateOf(x.Wins, x.Games, level)
		}
	}
	if o == nil || n == nil || o.Games == 0 || n.Games == 0 {
		return c
	}
	dd, lo, hi := Newcombe(o.Wins, o.Games, n.Wins, n.Games, level)
	c.Delta, c.Low, c.High = round4(dd), round4(lo), round4(hi)
	c.Significant = lo > 0 || hi < 0
	return c
}

// Failing lists the significant changes at least threshold in size (win
// rate points as a fraction: 0.05 is five points), seats included.
func (d *Diff) Failing(threshold float64) []Change {
	var out []Change
	for _, c := range append(slices.Clone(d.Seats), d.Entities...) {
		if c.Significant && math.Abs(c.Delta) >= threshold {
			out = append(out, c)
		}
	}
	return out
}

// spearman is the rank correlation of old and new win rates over the
// changes that have both (Pearson's r of the ranks, ties averaged).
func spearman(cs []Change) *float64 {
	var x, y []float64
	for _, c := range cs {
		if c.Old != nil && c.New != nil && c.Old.Games > 0 && c.New.Games > 0 {
			x = append(x, rate(c.Old.Wins, c.Old.Games))
			y = append(y, rate(c.New.Wins, c.New.Games))
		}
	}
	if len(x) < 3 {
		return nil
	}
	rx, ry := ranks(x), ranks(y)
	r := stat.Correlation(rx, ry, nil)
	if math.IsNaN(r) {
		return nil
	}
	r = round4(r)
	return &r
}

// ranks are the ranks of v from 1, ties given their mean rank.
func ranks(v []float64) []float64 {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(v[a], v[b]) })
	out := make([]float64, len(v))
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && v[idx[j+1]] == v[idx[i]] {
			j++
		}
		for k := i; k <= j; k++ {
			out[idx[k]] = float64(i+j)/2 + 1
		}
		i = j + 1
	}
	return out
}
