package stats

import (
	"math"
	"testing"
)

// TestPower checks the power computations against known values.
func TestPower(t *testing.T) {
	// Fisher z: rho 0.3 at n = 85 has power about 0.8 for Pearson
	// (Cohen's table); Spearman's 1.06 variance needs a little more.
	if p := SpearmanPower(0.3, 85); p < 0.74 || p > 0.82 {
		t.Errorf("power(0.3, 85) = %v", p)
	}
	if n := SpearmanN80(0.3); n < 85 || n > 95 {
		t.Errorf("n for 80%% at 0.3 = %v", n)
	}
	if p := SpearmanPower(0, 1000); math.Abs(p-0.05) > 1e-9 {
		t.Errorf("power at rho 0 = %v, want alpha", p)
	}
	// The worst-share test: no effect gives at most alpha, a large one
	// near 1.
	none := WorstShare{N: 10000, Both: 100, Expected: 100}
	if p := WorstSharePower(none); p > 0.05 {
		t.Errorf("power without effect %v", p)
	}
	big := WorstShare{N: 10000, Both: 150, Expected: 100}
	if p := WorstSharePower(big); p < 0.99 {
		t.Errorf("power of 150 against 100 in 10,000: %v", p)
	}
	if p := SignPower(Signs{Less: 90, Greater: 10}); p < 0.99 {
		t.Errorf("sign power 90/10 = %v", p)
	}
}

// TestWilson holds the Wilson interval to its textbook values.
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{{5, 10, 0.2366, 0.7634}, {0, 10, 0, 0.2775}, {10, 10, 0.7225, 1}} {
		lo, hi := Wilson(c.k, c.n)
		if math.Abs(lo-c.lo) > 1e-4 || math.Abs(hi-c.hi) > 1e-4 {
			t.Errorf("Wilson(%d, %d) = %.4f to %.4f, want %.4f to %.4f", c.k, c.n, lo, hi, c.lo, c.hi)
		}
	}
}
