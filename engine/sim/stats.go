package sim

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// z is the two-sided normal quantile of a confidence level (1.96 for 0.95).
func z(level float64) float64 {
	return distuv.UnitNormal.Quantile(1 - (1-level)/2)
}

// Wilson is the Wilson score interval of wins successes in n trials at a
// confidence level: it stays inside [0, 1] and is sound for small n and
// for rates near 0 or 1, where the normal approximation is not. n = 0
// gives [0, 1].
func Wilson(wins, n int, level float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	k := z(level)
	nf := float64(n)
	p := float64(wins) / nf
	d := 1 + k*k/nf
	centre := (p + k*k/(2*nf)) / d
	half := k / d * math.Sqrt(p*(1-p)/nf+k*k/(4*nf*nf))
	return max(0, centre-half), min(1, centre+half)
}

// Newcombe is the interval of the difference of two independent rates,
// new minus old, by Newcombe's hybrid score method (his method 10), built
// from the two Wilson intervals: the change is significant at the level
// when the interval does not hold 0.
func Newcombe(oldWins, oldN, newWins, newN int, level float64) (d, lo, hi float64) {
	p1, p2 := rate(newWins, newN), rate(oldWins, oldN)
	l1, u1 := Wilson(newWins, newN, level)
	l2, u2 := Wilson(oldWins, oldN, level)
	d = p1 - p2
	lo = d - math.Sqrt((p1-l1)*(p1-l1)+(u2-p2)*(u2-p2))
	hi = d + math.Sqrt((u1-p1)*(u1-p1)+(p2-l2)*(p2-l2))
	return d, lo, hi
}

func rate(k, n int) float64 {
	if n <= 0 {
		return 0
	}
	return float64(k) / float64(n)
}

// round4 keeps four decimals: result files stay readable, and equal counts
// give equal bytes.
func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }
