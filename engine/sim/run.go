// Package sim plays many seeded matches of one game mode on every core and
// counts what happened: win rate per seat, game length, draws, and per
// entity (play.Participants) its usage and win rate with a confidence
// interval. Results of disjoint game ranges (shards) merge exactly, and
// two results compare entity by entity (Diff). It knows no game: it plays
// through the contract (engine/play).
package sim

import (
	"fmt"
	"runtime"
	"sync"

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
	// Progress, when set, is told each time a game is counted.
	Progress func(done, total int)
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

// Run plays the games of c.Range, Workers at a time, and counts them in
// game order. The result depends on the run's seed and range only, not on
// the number of workers. The first game that fails (in game order) stops
// the run; its error names the game and its seed.
func Run(c Config) (*Result, error) {
	if err := c.defaults(); err != nil {
		return nil, err
	}
	first, end := c.Range.First, c.Range.End
	total := end - first
	window := 64 * c.Workers
	slots := make(chan struct{}, window)
	jobs := make(chan int)
	done := make(chan *record, window)
	stop := make(chan struct{})
	go func() {
		defer close(jobs)
		for i := first; i < end; i++ {
			select {
			case slots <- struct{}{}:
			case <-stop:
				return
			}
			select {
			case jobs <- i:
			case <-stop:
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range min(c.Workers, max(total, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := &gamer{c: &c}
			for i := range jobs {
				done <- g.play(i)
			}
		}()
	}
	a := newAcc()
	pending := map[int]*record{}
	var err error
	for next := first; next < end && err == nil; {
		r := <-done
		pending[r.index] = r
		for pending[next] != nil && err == nil {
			r := pending[next]
			delete(pending, next)
			if r.err != nil {
				err = fmt.Errorf("game %d (seed %d): %v", r.index, GameSeed(c.Seed, r.index), r.err)
				break
			}
			if e := a.addRecord(r); e != nil {
				err = fmt.Errorf("game %d (seed %d): %v", r.index, GameSeed(c.Seed, r.index), e)
				break
			}
			next++
			<-slots
			if c.Progress != nil {
				c.Progress(next-first, total)
			}
		}
	}
	close(stop)
	go func() {
		for range done { // let the workers finish the games in flight
		}
	}()
	wg.Wait()
	close(done)
	if err != nil {
		return nil, err
	}
	return a.result(&Result{Game: c.Game, Mode: c.Mode, Flags: c.Flags, Policies: c.Policies, Budget: c.Budget,
		Seed: c.Seed, Games: c.Games, Range: c.Range, MaxActions: c.MaxActions, Level: c.Level, Band: c.Band}), nil
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
