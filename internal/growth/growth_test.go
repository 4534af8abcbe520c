package growth

import "testing"

// recorder keeps what Check reports.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Logf(string, ...any)   {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }

func TestCheckTellsLinearFromQuadratic(t *testing.T) {
	for _, c := range []struct {
		name string
		cost [2]Cost
		size [2]int
		fail bool
	}{
		{"linear", [2]Cost{{1000, 1 << 20}, {4000, 4 << 20}}, [2]int{100, 400}, false},
		{"n log n", [2]Cost{{1000, 1 << 20}, {5200, 6 << 20}}, [2]int{100, 400}, false},
		{"quadratic", [2]Cost{{1000, 1 << 20}, {16000, 4 << 20}}, [2]int{100, 400}, true},
		{"quadratic bytes", [2]Cost{{1000, 1 << 20}, {4000, 16 << 20}}, [2]int{100, 400}, true},
		{"input grew ×16", [2]Cost{{1000, 1 << 20}, {16000, 16 << 20}}, [2]int{100, 1600}, false},
	} {
		r := &recorder{TB: t}
		Check(r, 10, c.size, c.cost, Floor{}, "")
		if r.failed != c.fail {
			t.Errorf("%s: failed %v, want %v", c.name, r.failed, c.fail)
		}
	}
}

func TestMeasureCountsAllocations(t *testing.T) {
	var keep [][]byte
	c := Measure(func() {
		for range 100 {
			keep = append(keep, make([]byte, 1024))
		}
	})
	if c.Mallocs < 100 || c.Bytes < 100*1024 {
		t.Errorf("Measure counted %d allocations, %d bytes for 100 of 1 KB", c.Mallocs, c.Bytes)
	}
	_ = keep
}
