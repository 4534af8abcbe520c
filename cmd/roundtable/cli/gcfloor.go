package cli

import (
	"os"
	"runtime"
	"runtime/debug"
	"sync/atomic"
)

// gcFloor is the heap below which check --cache with a warm cache does not
// collect: a warm check allocates little besides what it keeps (the
// cache's entries, the documents, the linker's maps), so the cycles the
// default GOGC=100 runs while its heap grows from 4 MB to ~35 MB (10,000
// units) free nothing and cost about a tenth of the run's CPU. Not for a
// cold cache: there the floor moved the cycles of a 100,000-unit parse and
// raised its peak by ~25 MB.
const gcFloor = 64 << 20

var gcFloorOn atomic.Bool

// collectAboveFloor turns the collector off until the heap first reaches
// gcFloor (a memory limit), then hands it back to its setting (the first
// cycle's finalizer restores it): a bigger heap is collected as before,
// so the peak memory of large packs does not change. It does nothing when
// GOGC or GOMEMLIMIT is set.
func collectAboveFloor() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" || !gcFloorOn.CompareAndSwap(false, true) {
		return
	}
	old := debug.SetGCPercent(-1)
	oldLimit := debug.SetMemoryLimit(gcFloor)
	// Big enough not to share a tiny-allocator block with live objects,
	// which would keep it (and the collector off) alive.
	sentinel := new([64]byte)
	runtime.SetFinalizer(sentinel, func(*[64]byte) {
		debug.SetGCPercent(old)
		debug.SetMemoryLimit(oldLimit)
		gcFloorOn.Store(false)
	})
}
