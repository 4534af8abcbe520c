package lspreplay

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/roundtable-dev/roundtable/bench/fixture"
	_ "github.com/roundtable-dev/roundtable/compiler/annas"
)

// TestReplaySmall replays the keystrokes on a small fixture pack: every
// keystroke gets its diagnostics, and the unknown tag typed on the way
// ("tags: [a", …) is reported while incomplete and gone when complete.
func TestReplaySmall(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "pack")
	if err := fixture.Write(dir, fixture.Options{Units: 50, Layout: fixture.PerUnit, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	res, err := Replay(context.Background(), dir, "units/000/u000001.yaml", 1)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "units/000/u000001.yaml"))
	ks, _ := keystrokes(string(b))
	if len(res.Latencies) != len(ks) {
		t.Fatalf("%d latencies for %d keystrokes", len(res.Latencies), len(ks))
	}
	// Keystroke 14 starts the tags: line; "tags: [armored]" is complete at
	// keystroke 15+15-1.
	if res.Diags[0] != 0 || res.Diags[len(ks)-1] != 0 {
		t.Errorf("diagnostics after the first and last keystrokes: %d, %d", res.Diags[0], res.Diags[len(ks)-1])
	}
	if res.Diags[15+8] == 0 { // "tags: [a": unknown tag a
		t.Errorf("no diagnostic for tags: [a")
	}
	if res.Diags[15+14] != 0 { // "tags: [armored]"
		t.Errorf("diagnostics for tags: [armored]: %d", res.Diags[15+14])
	}
}

// BenchmarkKeystrokeLatency replays the keystrokes on the 10,000-unit
// pack of roundtable fixture and reports the 50th and 95th percentiles of
// keystroke-to-diagnostics latency (target: p95 ≤ 50 ms), and their ratio
// to the cold check of the same pack in the same run (the didOpen).
func BenchmarkKeystrokeLatency(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "pack")
	if err := fixture.Write(dir, fixture.Options{Units: 10000, Layout: fixture.PerUnit, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	// Files written now are "racily clean" to the cache for 2 s.
	time.Sleep(2100 * time.Millisecond)
	var all Result
	for b.Loop() {
		res, err := Replay(context.Background(), dir, "units/000/u000001.yaml", 3)
		if err != nil {
			b.Fatal(err)
		}
		all.Open += res.Open
		all.CPU += res.CPU
		all.Latencies = append(all.Latencies, res.Latencies...)
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(all.Percentile(50)), "p50-ms")
	b.ReportMetric(ms(all.Percentile(95)), "p95-ms")
	b.ReportMetric(ms(all.Percentile(100)), "max-ms")
	b.ReportMetric(ms(all.CPU)/float64(len(all.Latencies)), "cpu-ms/keystroke")
	b.ReportMetric(float64(all.Percentile(95))/float64(all.Open), "p95/cold")
	b.ReportMetric(float64(len(all.Latencies)), "keystrokes")
}
