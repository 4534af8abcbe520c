// Package sim plays many seeded matches of one game mode on every core and
// counts what happened: win rate per seat, game length, draws, and per
// entity (play.Participants) its usage and win rate with a confidence
// interval. Results of disjoint game ranges (shards) merge exactly, and
// two results compare entity by entity (Diff). It knows no game: it plays
// through the contract (engine/play).
package sim

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/roundtable-dev/roundtable/engine/play"
)

// Config is one run (or one shard of it).
type Config struct {
	Game, Mode string
	Flags      map[string][]string // recorded in the result
	// New starts game i's match from its seed (GameSeed) with the mode's
	// options bound; the match should not build events (Options.Quiet).
	New func(seed uint64) (play.Match, error)
	// Makers are the seats' policies; each game makes its own from its
	// seed, exactly as `play --seed` does.
	Makers   []play.PolicyMaker
	Policies []string // their names, recorded in the result
	Budget   int      // recorded in the result
	Seed     uint64   // the run's seed
	Games    int      // games in the whole run
	// Range is the games this process plays (a shard); zero: all.
	Range      Range
	MaxActions int     // per game; 0: no cap
	Workers    int     // 0: GOMAXPROCS
	Level      float64 // of the intervals (default 0.95)
	Band       Band    // default ±0.1
	// Progress, when set, is told every 100 ms how many games are counted,
	// and once more at the end.
	Progress func(done, total int)
	// Stop, when closed, ends the run early (Ctrl-C): no game starts after
	// it, the games under way are played to their end, and the result
	// counts those played, which are the first games of the range
	// (Result.Interrupted).
	Stop <-chan struct{}
}

// GameSeed is the seed of game i of a run: the match and its policies are
// made from it, so `roundtable play GAME MODE --seed GameSeed(run, i)`
// (with the same policies and flags) replays game i. It is splitmix64 of
// run + (i+1)·φ, kept below 2^63 so that it is a valid --seed.
func GameSeed(run uint64, i int) uint64 {
	z := run + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return (z ^ (z >> 31)) >> 1
}

// Shard is the range of games of shard k (1-based) of n.
func Shard(games, k, n int) Range {
	return Range{First: (k - 1) * games / n, End: k * games / n}
}

func (c *Config) defaults() error {
	if c.Games < 0 {
		return fmt.Errorf("games %d: want a positive number", c.Games)
	}
	if c.Range == (Range{}) {
		c.Range = Range{0, c.Games}
	}
	if c.Range.First < 0 || c.Range.End > c.Games || c.Range.First > c.Range.End {
		return fmt.Errorf("games %d–%d are not within the run's %d", c.Range.First, c.Range.End, c.Games)
	}
	if c.Workers <= 0 {
		c.Workers = runtime.GOMAXPROCS(0)
	}
	if c.Level == 0 {
		c.Level = 0.95
	}
	if c.Level <= 0 || c.Level >= 1 {
		return fmt.Errorf("confidence level %g: want a number between 0 and 1", c.Level)
	}
	if c.Band == (Band{}) {
		c.Band = Band{Margin: 0.1}
	}
	return nil
}

// Run plays the games of c.Range, Workers at a time, and counts them. The
// result depends on the run's seed and range only, not on the number of
// workers: every count is an integer sum, so each worker counts the games
// it played and the workers' counts are added up at the end (as shards
// are). The first game that fails (in game order) stops the run; its error
// names the game and its seed.
//
// Workers share nothing but two counters: each takes the next game's index
// from one and plays it with its own match and policies, and never waits
// for another worker or for the counting (on two cores, a worker that
// waits leaves its core idle until the scheduler finds it work).
//
// When c.Stop is closed a worker takes no further index, and every index
// taken is played: the games played are the range's first ones, in order,
// so an interrupted run is counted exactly as a run of those games.
func Run(c Config) (*Result, error) {
	if err := c.defaults(); err != nil {
		return nil, err
	}
	defer collectLess()()
	first, end := c.Range.First, c.Range.End
	total := end - first
	var next, done atomic.Int64
	var failAt atomic.Int64 // the first game that failed; end: none yet
	next.Store(int64(first))
	failAt.Store(int64(end))
	workers := min(c.Workers, max(total, 1))
	accs := make([]*acc, workers)
	failed := make([]*record, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g, a := &gamer{c: &c}, newAcc()
			accs[w] = a
			for {
				select {
				case <-c.Stop:
					return
				default:
				}
				// Indexes are handed out in order, and a worker takes no
				// game after one that failed: every game before the first
				// failure is played, so the failure reported is the first.
				i := int(next.Add(1) - 1)
				if i >= end || int64(i) >= failAt.Load() {
					return
				}
				r := g.play(i)
				if r.err == nil {
					r.err = a.addRecord(r)
				}
				if r.err != nil {
					failed[w] = r
					lower(&failAt, int64(i))
					return
				}
				done.Add(1)
			}
		}()
	}
	if c.Progress != nil {
		finished := make(chan struct{})
		go func() { wg.Wait(); close(finished) }()
		tick := time.NewTicker(100 * time.Millisecond)
		for waiting := true; waiting; {
			select {
			case <-tick.C:
				c.Progress(int(done.Load()), total)
			case <-finished:
				waiting = false
			}
		}
		tick.Stop()
	}
	wg.Wait()
	var firstErr *record
	for _, r := range failed {
		if r != nil && (firstErr == nil || r.index < firstErr.index) {
			firstErr = r
		}
	}
	if firstErr != nil {
		return nil, fmt.Errorf("game %d (seed %d): %v", firstErr.index, GameSeed(c.Seed, firstErr.index), firstErr.err)
	}
	played := int(done.Load())
	if c.Progress != nil {
		c.Progress(played, total)
	}
	r := &Result{Game: c.Game, Mode: c.Mode, Flags: c.Flags, Policies: c.Policies, Budget: c.Budget,
		Seed: c.Seed, Games: c.Games, Range: c.Range, MaxActions: c.MaxActions, Level: c.Level, Band: c.Band}
	if played < total {
		if taken := min(int(next.Load()), end) - first; taken != played {
			return nil, fmt.Errorf("stopped with %d games counted of the %d taken", played, taken)
		}
		r.Range.End, r.Interrupted = first+played, true
	}
	a := newAcc()
	for _, w := range accs {
		if err := a.addResult(w.result(&Result{Level: c.Level, Band: c.Band})); err != nil {
			return nil, err
		}
	}
	return a.result(r), nil
}

// lower sets v to x when x is lower.
func lower(v *atomic.Int64, x int64) {
	for f := v.Load(); x < f; f = v.Load() {
		if v.CompareAndSwap(f, x) {
			return
		}
	}
}

// GCPercent is the garbage collector's target (GOGC) while a run plays,
// unless the environment sets GOGC. Games allocate fast (an action list
// per action, clones for the greedy policies' look-ahead) over a live heap
// of a few megabytes, so at Go's default of 100 a collection starts every
// few milliseconds, and on two cores each one stops and scans both
// workers: measured on every game, two workers spent 25–53% more CPU than
// one core at 100 and 5–25% more at 400 (docs/performance.md#simulation).
// The heap grows to about five times the live data instead of twice.
const GCPercent = 400

var gc struct {
	sync.Mutex
	runs int // Runs under way
	old  int // GOGC before the first of them
}

// collectLess sets GOGC to GCPercent for a run (when the environment
// leaves it to the program and it is lower) and returns what puts it back
// once the last concurrent run is done.
func collectLess() (restore func()) {
	if _, set := os.LookupEnv("GOGC"); set {
		return func() {}
	}
	gc.Lock()
	defer gc.Unlock()
	if gc.runs == 0 {
		gc.old = debug.SetGCPercent(GCPercent)
		if gc.old < 0 || gc.old > GCPercent {
			debug.SetGCPercent(gc.old)
		}
	}
	gc.runs++
	return func() {
		gc.Lock()
		defer gc.Unlock()
		if gc.runs--; gc.runs == 0 {
			debug.SetGCPercent(gc.old)
		}
	}
}

// gamer plays games for one worker.
type gamer struct {
	c    *Config
	pols []play.Policy
}

func (g *gamer) play(i int) (rec *record) {
	rec = &record{index: i}
	defer func() {
		if p := recover(); p != nil {
			rec.err = fmt.Errorf("panic: %v", p)
		}
	}()
	seed := GameSeed(g.c.Seed, i)
	m, err := g.c.New(seed)
	if err != nil {
		rec.err = err
		return rec
	}
	seats := m.Seats()
	if len(seats) != len(g.c.Makers) {
		rec.err = fmt.Errorf("%d seats, %d policies", len(seats), len(g.c.Makers))
		return rec
	}
	rec.seats = make([]string, len(seats))
	for k, s := range seats {
		rec.seats[k] = s.Name
	}
	g.pols = g.pols[:0]
	for k, mk := range g.c.Makers {
		g.pols = append(g.pols, mk(seed, k))
	}
	m.Events()
	for !m.Over() {
		if g.c.MaxActions > 0 && rec.actions >= g.c.MaxActions {
			rec.capped = true
			break
		}
		s := m.ToMove()
		if s < 0 || s >= len(g.pols) {
			rec.err = fmt.Errorf("seat %d to move, not a seat", s)
			return rec
		}
		a := g.pols[s].Choose(m)
		// No check against Legal here: some matches build their action
		// list on every call, and Apply refuses an index out of range.
		if err := m.Apply(a); err != nil {
			rec.err = fmt.Errorf("action @%d after %d actions: %v", a, rec.actions, err)
			return rec
		}
		m.Events()
		rec.actions++
	}
	rec.turns = m.Turn()
	if rec.capped {
		rec.winners, rec.reason = nil, fmt.Sprintf("stopped after %d actions", rec.actions)
	} else {
		res := m.Result()
		rec.winners, rec.reason = res.Winners, res.Reason
	}
	if p, ok := m.(play.Participants); ok {
		rec.hasPart = true
		rec.parts = p.Participants()
	}
	return rec
}
