package stats

import (
	"math"
	"math/rand/v2"
	"slices"
)

// BootstrapMeanCI is the percentile bootstrap confidence interval of the
// mean of values at confidence level (0.95 for 95%): it draws resamples
// samples of len(values) values with replacement, takes each one's mean,
// and returns the (1-level)/2 and (1+level)/2 quantiles (Quantile, type
// 7) of those means (Efron and Tibshirani, An Introduction to the
// Bootstrap, 1993, §13.3). The draws come from a PCG generator seeded
// with (seed, 0), so the same values, level, resamples and seed give the
// same interval on any machine. One value gives (v, v); an empty slice
// gives NaNs. It panics for level outside (0, 1) or resamples < 1.
// Efron and Tibshirani suggest at least 1,000 resamples for a percentile
// interval.
func BootstrapMeanCI(values []float64, level float64, resamples int, seed uint64) (lo, hi float64) {
	if !(level > 0 && level < 1) || resamples < 1 {
		panic("stats: bootstrap: level outside (0, 1) or resamples < 1")
	}
	n := len(values)
	if n == 0 {
		return math.NaN(), math.NaN()
	}
	rng := rand.New(rand.NewPCG(seed, 0))
	means := make([]float64, resamples)
	for r := range means {
		s := 0.0
		for range n {
			s += values[rng.IntN(n)]
		}
		means[r] = s / float64(n)
	}
	slices.Sort(means)
	return Quantile(means, (1-level)/2), Quantile(means, (1+level)/2)
}
