package sim_test

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/roundtable-dev/roundtable/engine/play"
	"github.com/roundtable-dev/roundtable/engine/play/playtest/toy"
	"github.com/roundtable-dev/roundtable/engine/sim"
)

// TestWilson: the Wilson score interval at 95% (values as computed by
// Wilson's formula; Newcombe 1998, Table I lists 81/263 as 0.2553–0.3662).
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{{0, 10, 0, 0.2775}, {5, 10, 0.2366, 0.7634}, {81, 263, 0.2553, 0.3662}, {10, 10, 0.7225, 1}, {0, 0, 0, 1}} {
		lo, hi := sim.Wilson(c.k, c.n, 0.95)
		if math.Abs(lo-c.lo) > 5e-5 || math.Abs(hi-c.hi) > 5e-5 {
			t.Errorf("Wilson(%d, %d) = %.4f–%.4f, want %.4f–%.4f", c.k, c.n, lo, hi, c.lo, c.hi)
		}
	}
}

// TestNewcombe: Newcombe 1998 (Statistics in Medicine 17:873), Table II,
// example (a), 56/70 − 48/80, method 10: 0.2000, 0.0524 to 0.3339.
func TestNewcombe(t *testing.T) {
	d, lo, hi := sim.Newcombe(48, 80, 56, 70, 0.95)
	if math.Abs(d-0.2) > 5e-5 || math.Abs(lo-0.0524) > 5e-5 || math.Abs(hi-0.3339) > 5e-5 {
		t.Fatalf("got %.4f (%.4f to %.4f)", d, lo, hi)
	}
}

// duel is a run of Duel with random players.
func duel(games int, p toy.Powers, mutate ...func(*sim.Config)) sim.Config {
	c := sim.Config{
		Game: "duel", Mode: "duel", Seed: 7, Games: games,
		New: func(seed uint64) (play.Match, error) {
			return toy.DuelMode.New(p, play.Options{Seed: seed, Quiet: true})
		},
		Makers:   []play.PolicyMaker{play.NewRandom, play.NewRandom},
		Policies: []string{"random", "random"},
	}
	for _, f := range mutate {
		f(&c)
	}
	return c
}

func runJSON(t *testing.T, c sim.Config) []byte {
	t.Helper()
	r, err := sim.Run(c)
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRunIsTheSameOnAnyNumberOfCores: the result file of a run is the same
// bytes with 1, 2, 3 or 8 workers and with GOMAXPROCS 1 or 2.
func TestRunIsTheSameOnAnyNumberOfCores(t *testing.T) {
	want := runJSON(t, duel(1500, nil, func(c *sim.Config) { c.Workers = 1 }))
	for _, procs := range []int{1, 2} {
		old := runtime.GOMAXPROCS(procs)
		for _, w := range []int{0, 2, 3, 8} {
			got := runJSON(t, duel(1500, nil, func(c *sim.Config) { c.Workers = w }))
			if !bytes.Equal(got, want) {
				t.Errorf("GOMAXPROCS %d, %d workers: another result", procs, w)
			}
		}
		runtime.GOMAXPROCS(old)
	}
}

// TestShardsMergeToTheWholeRun is the shard property: for random run
// sizes and any split of the games into consecutive ranges, the merged
// result is the unsharded run's, byte for byte.
func TestShardsMergeToTheWholeRun(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 25 {
		games := rng.IntN(400)
		want := runJSON(t, duel(games, nil))
		cuts := []int{0}
		for range rng.IntN(6) {
			cuts = append(cuts, rng.IntN(games+1))
		}
		cuts = append(cuts, games)
		slicesSort(cuts)
		var parts []*sim.Result
		for k := 1; k < len(cuts); k++ {
			r, err := sim.Run(duel(games, nil, func(c *sim.Config) { c.Range = sim.Range{First: cuts[k-1], End: cuts[k]}; c.Workers = 1 + k%3 }))
			if err != nil {
				t.Fatal(err)
			}
			b, _ := r.JSON()
			back, err := sim.Read("shard.json", b) // through the file, as sim merge does
			if err != nil {
				t.Fatal(err)
			}
			parts = append(parts, back)
		}
		rng.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
		m, err := sim.Merge(parts)
		if err != nil {
			t.Fatalf("trial %d (%d games, cuts %v): %v", trial, games, cuts, err)
		}
		got, _ := m.JSON()
		if !bytes.Equal(got, want) {
			t.Fatalf("trial %d (%d games, cuts %v): the merge differs from the whole run", trial, games, cuts)
		}
	}
}

func slicesSort(a []int) {
	for i := range a {
		for j := i + 1; j < len(a); j++ {
			if a[j] < a[i] {
				a[i], a[j] = a[j], a[i]
			}
		}
	}
}

// TestShardRanges: shard k of n, 1-based, splits the games evenly and
// covers them once.
func TestShardRanges(t *testing.T) {
	var got []string
	for k := 1; k <= 3; k++ {
		r := sim.Shard(10, k, 3)
		got = append(got, fmt.Sprintf("%d-%d", r.First, r.End))
	}
	if s := strings.Join(got, " "); s != "0-3 3-6 6-10" {
		t.Fatalf("got %s", s)
	}
}

// TestMergeRefusesWhatIsNotOneRun: a missing range, a range twice, and
// shards of other policies are refused with what is wrong.
func TestMergeRefusesWhatIsNotOneRun(t *testing.T) {
	part := func(first, end int, mutate ...func(*sim.Config)) *sim.Result {
		r, err := sim.Run(duel(100, nil, append(mutate, func(c *sim.Config) { c.Range = sim.Range{First: first, End: end} })...))
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	greedy := func(c *sim.Config) { c.Policies = []string{"greedy", "random"} }
	for _, c := range []struct {
		parts []*sim.Result
		want  string
	}{
		{[]*sim.Result{part(0, 40), part(50, 100)}, "games 40–50 are missing"},
		{[]*sim.Result{part(0, 60), part(50, 100)}, "games 50–60 are in two shards"},
		{[]*sim.Result{part(0, 40)}, "games 40–100 are missing"},
		{[]*sim.Result{part(0, 50), part(50, 100, greedy)}, "their policies differ"},
	} {
		_, err := sim.Merge(c.parts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want %q", err, c.want)
		}
	}
}

// coin is a one-action game whose winner is its seed's parity (an odd seed
// draws when draws is set); seat 0 fields a and b, seat 1 fields b and c.
type coin struct {
	seed  uint64
	done  bool
	draws bool
}

func (c *coin) Seats() []play.Seat {
	return []play.Seat{{Index: 0, Name: "North"}, {Index: 1, Name: "South"}}
}
func (c *coin) ToMove() int              { return map[bool]int{false: 0, true: -1}[c.done] }
func (c *coin) Legal() int               { return map[bool]int{false: 1, true: 0}[c.done] }
func (c *coin) Action(int) string        { return "flip" }
func (c *coin) Apply(int) error          { c.done = true; return nil }
func (c *coin) Over() bool               { return c.done }
func (c *coin) Turn() int                { return 1 + int(c.seed%3) }
func (c *coin) Events() []play.Event     { return nil }
func (c *coin) Position() any            { return c.seed }
func (c *coin) Clone() play.Match        { d := *c; return &d }
func (c *coin) Participants() [][]string { return [][]string{{"a", "b"}, {"b", "c"}} }
func (c *coin) Result() play.Result {
	if c.seed%2 == 1 && c.draws {
		return play.Draw("even")
	}
	return play.Win("heads", int(c.seed%2))
}

// TestCounts: seats, draws, lengths and entities are counted exactly.
func TestCounts(t *testing.T) {
	const n = 50
	var p0, odd, turns int
	hist := map[int]int{}
	for i := range n {
		s := sim.GameSeed(3, i)
		if s%2 == 0 {
			p0++
		} else {
			odd++
		}
		turns += 1 + int(s%3)
		hist[1+int(s%3)]++
	}
	r, err := sim.Run(sim.Config{Game: "coin", Mode: "toss", Seed: 3, Games: n,
		New:    func(seed uint64) (play.Match, error) { return &coin{seed: seed, draws: true}, nil },
		Makers: []play.PolicyMaker{play.NewRandom, play.NewRandom}, Policies: []string{"random", "random"}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Played != n || r.Draws != odd || r.Seats[0].Wins != p0 || r.Seats[1].Wins != 0 || r.Seats[0].Name != "North" {
		t.Fatalf("played %d draws %d seats %+v; want %d, %d, North %d", r.Played, r.Draws, r.Seats, n, odd, p0)
	}
	if r.Turns.Total != turns || len(r.Turns.Histogram) != len(hist) || r.Turns.Histogram[0].Games != hist[1] {
		t.Fatalf("turns %+v; want total %d, histogram %v", r.Turns, turns, hist)
	}
	want := map[string][4]int{ // games, appearances, wins, draws
		"a": {n, n, p0, odd},
		"b": {n, 2 * n, p0, 2 * odd},
		"c": {n, n, 0, odd},
	}
	if !r.Participants || len(r.Entities) != 3 {
		t.Fatalf("entities %+v", r.Entities)
	}
	for _, e := range r.Entities {
		w := want[e.ID]
		if got := [4]int{e.Games, e.Appearances, e.Wins, e.Draws}; got != w {
			t.Errorf("%s: games, appearances, wins, draws %v; want %v", e.ID, got, w)
		}
	}
}

// TestBandFlagsEntities: with an absolute band of 0.4–0.6, the entity of
// the seat that always wins is "strong", the other seat's "weak", and the
// one both seats field is not flagged.
func TestBandFlagsEntities(t *testing.T) {
	r, err := sim.Run(sim.Config{Game: "coin", Mode: "toss", Seed: 3, Games: 200, Band: sim.Band{Low: 0.4, High: 0.6},
		New:    func(seed uint64) (play.Match, error) { return &coin{seed: seed &^ 1}, nil },
		Makers: []play.PolicyMaker{play.NewRandom, play.NewRandom}, Policies: []string{"random", "random"}})
	if err != nil {
		t.Fatal(err)
	}
	got := ""
	for _, e := range r.Entities {
		got += fmt.Sprintf("%s:%s:%.2f ", e.ID, e.Flag, e.WinRate)
	}
	if got != "a:strong:1.00 b::0.50 c:weak:0.00 " {
		t.Fatalf("got %s", got)
	}
}

// TestCappedGamesAreDraws: a match cut at max_actions counts as a capped
// draw.
func TestCappedGamesAreDraws(t *testing.T) {
	r, err := sim.Run(sim.Config{Game: "nim", Mode: "standard", Seed: 1, Games: 20, MaxActions: 3,
		New:    func(seed uint64) (play.Match, error) { return toy.NimMode.New(nil, play.Options{Seed: seed}) },
		Makers: []play.PolicyMaker{play.NewRandom, play.NewRandom}, Policies: []string{"random", "random"}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Capped != 20 || r.Draws != 20 || r.Reasons[0].Reason != "stopped after 3 actions" || r.Participants {
		t.Fatalf("capped %d draws %d reasons %v participants %v", r.Capped, r.Draws, r.Reasons, r.Participants)
	}
}

// TestFirstFailingGameIsReported: the error names the first failing game
// in game order, whatever the workers, with its seed; also when a later
// game fails first (game 37 fails only once game 80 has: the other
// workers play on past it).
func TestFirstFailingGameIsReported(t *testing.T) {
	for _, c := range []struct {
		workers int
		late    bool
	}{{1, false}, {4, false}, {2, true}, {4, true}} {
		eightyFailed := make(chan struct{})
		_, err := sim.Run(sim.Config{Game: "nim", Mode: "standard", Seed: 1, Games: 100, Workers: c.workers,
			New: func(seed uint64) (play.Match, error) {
				switch seed {
				case sim.GameSeed(1, 37):
					if c.late {
						<-eightyFailed
					}
					return nil, fmt.Errorf("no stones")
				case sim.GameSeed(1, 80):
					close(eightyFailed)
					return nil, fmt.Errorf("no stones")
				}
				return toy.NimMode.New(nil, play.Options{Seed: seed})
			},
			Makers: []play.PolicyMaker{play.NewRandom, play.NewRandom}, Policies: []string{"random", "random"}})
		want := fmt.Sprintf("game 37 (seed %d): no stones", sim.GameSeed(1, 37))
		if err == nil || err.Error() != want {
			t.Errorf("%d workers (game 80 failing first: %v): got %v, want %q", c.workers, c.late, err, want)
		}
	}
}

// TestProgressCountsToTheEnd: the progress callback never goes back and
// is told last that every game is done.
func TestProgressCountsToTheEnd(t *testing.T) {
	var seen []int
	_, err := sim.Run(duel(500, nil, func(c *sim.Config) {
		c.Workers = 3
		c.Progress = func(done, total int) {
			if total != 500 {
				t.Errorf("total %d, want 500", total)
			}
			seen = append(seen, done)
		}
	}))
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) == 0 || seen[len(seen)-1] != 500 || !slices.IsSorted(seen) {
		t.Fatalf("progress %v: want rising to 500", seen)
	}
}

// TestDiffFlagsAStrongerCard: raising fir's power from 5 to 11 makes its
// win rate rise significantly; the diff says so, and --fail-on 0.05
// fails on it.
func TestDiffFlagsAStrongerCard(t *testing.T) {
	old, err := sim.Run(duel(3000, nil))
	if err != nil {
		t.Fatal(err)
	}
	p := toy.BasePowers()
	p["fir"] = 11
	new, err := sim.Run(duel(3000, p))
	if err != nil {
		t.Fatal(err)
	}
	d, err := sim.Compare(old, new, "before", "after")
	if err != nil {
		t.Fatal(err)
	}
	top := d.Entities[0]
	if top.ID != "fir" || !top.Significant || top.Delta < 0.15 || top.Low <= 0 {
		t.Fatalf("first change %+v", top)
	}
	fail := d.Failing(0.05)
	if len(fail) == 0 || fail[0].ID != "fir" {
		t.Fatalf("failing %+v", fail)
	}
	same, _ := sim.Compare(old, old, "before", "before")
	if f := same.Failing(0); len(f) != 0 {
		t.Fatalf("a result against itself: %+v", f)
	}
}

// TestSpearman: the rank correlation of the cards' win rates of two runs
// of the same content with other seeds is high (Duel's cards are ranked
// by power), and exactly 1 for a run against itself.
func TestSpearman(t *testing.T) {
	a, _ := sim.Run(duel(2000, nil))
	b, _ := sim.Run(duel(2000, nil, func(c *sim.Config) { c.Seed = 8 }))
	d, _ := sim.Compare(a, b, "seed 7", "seed 8")
	if d.Spearman == nil || *d.Spearman < 0.95 {
		t.Fatalf("spearman %v", d.Spearman)
	}
	same, _ := sim.Compare(a, a, "a", "a")
	if same.Spearman == nil || *same.Spearman != 1 {
		t.Fatalf("against itself: %v", same.Spearman)
	}
}

// TestStoppedRunCountsItsFirstGames: a run stopped after its 300th match
// has started (Ctrl-C) plays the games under way to their end and counts
// exactly the first games of its range, as a run of those games does
// (Interrupted aside), on any number of workers.
func TestStoppedRunCountsItsFirstGames(t *testing.T) {
	for _, workers := range []int{1, 3} {
		stop := make(chan struct{})
		var once sync.Once
		var started atomic.Int64
		var progress [][2]int
		c := duel(100000, nil, func(c *sim.Config) {
			c.Workers, c.Stop = workers, stop
			next := c.New
			c.New = func(seed uint64) (play.Match, error) {
				if started.Add(1) == 300 {
					once.Do(func() { close(stop) })
				}
				return next(seed)
			}
			c.Progress = func(done, total int) { progress = append(progress, [2]int{done, total}) }
		})
		r, err := sim.Run(c)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Interrupted || r.Played < 300 || r.Played > 300+workers || r.Range != (sim.Range{First: 0, End: r.Played}) || r.Games != 100000 {
			t.Fatalf("%d workers: interrupted %v, %d played, range %v of %d; want the first 300 to %d of 100000", workers, r.Interrupted, r.Played, r.Range, r.Games, 300+workers)
		}
		if last := progress[len(progress)-1]; last != [2]int{r.Played, 100000} {
			t.Errorf("%d workers: last progress %v, want the games played of the run's %d", workers, last, 100000)
		}
		got, err := r.JSON()
		if err != nil {
			t.Fatal(err)
		}
		want := runJSON(t, duel(100000, nil, func(c *sim.Config) { c.Range = sim.Range{First: 0, End: r.Played} }))
		want = bytes.Replace(want, []byte("\n  \"max_actions\""), []byte("\n  \"interrupted\": true,\n  \"max_actions\""), 1)
		if !bytes.Equal(got, want) {
			t.Errorf("%d workers: the stopped run differs from a run of its %d games:\n%s", workers, r.Played, firstLines(got, want))
		}
		if _, err := sim.Merge([]*sim.Result{r}); err == nil || !strings.Contains(err.Error(), "an interrupted run") {
			t.Errorf("merging an interrupted run: %v", err)
		}
	}
}

// firstLines is where two texts first differ, a few lines of each.
func firstLines(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return fmt.Sprintf("line %d: %q, want %q", i+1, la[i], lb[i])
		}
	}
	return fmt.Sprintf("%d lines, want %d", len(la), len(lb))
}
