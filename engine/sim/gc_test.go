package sim

import (
	"os"
	"runtime/debug"
	"testing"
)

// gcPercent reads GOGC as the program has it.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// TestRunsCollectLessAndPutGOGCBack: while runs play, GOGC is GCPercent;
// it goes back to what it was when the last of two overlapping runs ends.
// A GOGC the environment sets, or a higher one the program set, is kept.
func TestRunsCollectLessAndPutGOGCBack(t *testing.T) {
	t.Setenv("GOGC", "")
	os.Unsetenv("GOGC")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	a := collectLess()
	if got := gcPercent(); got != GCPercent {
		t.Fatalf("during a run GOGC is %d, want %d", got, GCPercent)
	}
	b := collectLess()
	a()
	if got := gcPercent(); got != GCPercent {
		t.Fatalf("while the second run plays GOGC is %d, want %d", got, GCPercent)
	}
	b()
	if got := gcPercent(); got != 100 {
		t.Fatalf("after the runs GOGC is %d, want 100 back", got)
	}

	debug.SetGCPercent(1000)
	collectLess()()
	if got := gcPercent(); got != 1000 {
		t.Fatalf("a higher GOGC the program set became %d", got)
	}
	debug.SetGCPercent(100)
	t.Setenv("GOGC", "100")
	restore := collectLess()
	if got := gcPercent(); got != 100 {
		t.Fatalf("with GOGC=100 in the environment a run set %d", got)
	}
	restore()
}
