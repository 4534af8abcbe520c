// Package growth is the yardstick of the growth tests (issue 24): a stage
// run on an input of size n and of size 4n must cost at most a bounded
// multiple more, counted in allocations rather than time, so that a busy
// machine does not change the verdict (docs/reliability.md).
package growth

import (
	"runtime"
	"testing"
)

// Limit is how much the allocations may grow from n to 4n when the input
// grows ×4: linear is ×4, n log n at these sizes about ×5, quadratic ×16.
// Bytes may grow twice as much: slices grown by doubling add up to ×8
// when the work is linear.
const Limit = 6.5

// Cost is what a run allocated.
type Cost struct{ Mallocs, Bytes uint64 }

// Measure runs fn and counts what it allocated.
func Measure(fn func()) Cost {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return Cost{after.Mallocs - before.Mallocs, after.TotalAlloc - before.TotalAlloc}
}

// Minus is c past the cost z of an empty input.
func (c Cost) Minus(z Cost) Cost {
	return Cost{c.Mallocs - min(c.Mallocs, z.Mallocs), c.Bytes - min(c.Bytes, z.Bytes)}
}

// Floor keeps noise out of the ratio of a shape that costs next to
// nothing at both sizes: it is added to the smaller run's cost.
type Floor struct {
	Mallocs, Bytes uint64
}

// Check fails t when the cost grew faster than the input from n to 4n.
// size holds the inputs' sizes in bytes; where the input grew by more
// than ×4 (lists in lists), the limits scale with it. note ends the log
// line (what the run did).
func Check(t testing.TB, n int, size [2]int, cost [2]Cost, f Floor, note string) {
	t.Helper()
	grew := float64(size[1]) / float64(size[0])
	limit := Limit * grew / 4
	rm := ratio(cost[1].Mallocs, cost[0].Mallocs+f.Mallocs)
	rb := ratio(cost[1].Bytes, cost[0].Bytes+f.Bytes)
	if note != "" {
		note = "; " + note
	}
	t.Logf("n=%d (%d bytes): %d allocations, %d KB; 4n (input ×%.2f): ×%.2f, ×%.2f%s", n, size[0], cost[0].Mallocs, cost[0].Bytes>>10, grew, rm, rb, note)
	if rm > limit || rb > 2*limit {
		t.Errorf("from n=%d to 4n the input grew ×%.2f and its cost ×%.2f in allocations (limit ×%.1f) and ×%.2f in bytes (limit ×%.1f)", n, grew, rm, limit, rb, 2*limit)
	}
}

func ratio(a, b uint64) float64 { return float64(a) / float64(max(b, 1)) }
