//go:build !unix

package annas_test

import "time"

// cpuTime is unknown here: the per-CPU-second metrics are left out.
func cpuTime() time.Duration { return 0 }
