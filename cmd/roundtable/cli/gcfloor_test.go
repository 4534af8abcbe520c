package cli

import (
	"math"
	"os"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"
)

func gcSettings() (gogc, limit int64) {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}, {Name: "/gc/gomemlimit:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64()), int64(s[1].Value.Uint64())
}

// TestCollectAboveFloorHandsBack: check --cache runs without collecting
// until the first cycle (at gcFloor), after which GOGC and the memory
// limit are what they were, so large heaps are collected as before.
func TestCollectAboveFloorHandsBack(t *testing.T) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		t.Skip("GOGC or GOMEMLIMIT set: collectAboveFloor leaves them")
	}
	waitHandBack(t) // after checks run by earlier tests
	gogc, limit := gcSettings()
	if gogc != 100 || limit != math.MaxInt64 {
		t.Fatalf("before: GOGC %d, limit %d", gogc, limit)
	}
	collectAboveFloor()
	if gogc, limit := gcSettings(); gogc == 100 || limit != gcFloor {
		t.Fatalf("on: GOGC %d, limit %d; want off and %d", gogc, limit, gcFloor)
	}
	waitHandBack(t)
	if gogc, limit := gcSettings(); gogc != 100 || limit != math.MaxInt64 {
		t.Fatalf("after: GOGC %d, limit %d", gogc, limit)
	}
}

// waitHandBack runs a cycle, as the heap reaching gcFloor would, and waits
// for its finalizer to hand the collector back.
func waitHandBack(t *testing.T) {
	t.Helper()
	runtime.GC()
	for deadline := time.Now().Add(5 * time.Second); gcFloorOn.Load(); {
		if time.Now().After(deadline) {
			t.Fatal("the first cycle did not hand the collector back")
		}
		time.Sleep(time.Millisecond)
	}
}
